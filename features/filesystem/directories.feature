# Generated from specs/filesystem/directories.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Directories (create_directory, list_directory, list_directory_with_sizes, directory_tree)

  @FS-DIR-001 @must
  Scenario: FSC-DIR-001 create_directory makes nested directories in one call
    When the client calls "create_directory" with {"path":"${root}/a/b/c"}
    Then the call succeeds
    And the directory "a/b/c" exists
    And nothing outside the root has changed

  @FS-DIR-001 @must
  Scenario: FSC-DIR-002 create_directory of an existing directory succeeds
    Given a file "a/keep.txt" with text "keep\n"
    When the client calls "create_directory" with {"path":"${root}/a"}
    Then the call succeeds
    And the file "a/keep.txt" has text "keep\n"
    And nothing outside the root has changed

  @FS-DIR-002 @must
  Scenario: FSC-DIR-003 list_directory marks files [FILE] and directories [DIR]
    Given a file "a.txt" with text "a\n"
    And a directory "sub"
    When the client calls "list_directory" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "(?ms)^\\[FILE\\][ \\t]+a\\.txt\\s*$.*^\\[DIR\\][ \\t]+sub\\s*$|^\\[DIR\\][ \\t]+sub\\s*$.*^\\[FILE\\][ \\t]+a\\.txt\\s*$"
    And nothing outside the root has changed

  @FS-DIR-002 @must
  Scenario: FSC-DIR-004 list_directory of a missing directory is not found
    When the client calls "list_directory" with {"path":"${root}/nowhere"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FS-DIR-003 @must
  Scenario: FSC-DIR-005 list_directory_with_sizes gives each file's size
    Given a file "five.txt" with text "12345"
    And a directory "sub"
    When the client calls "list_directory_with_sizes" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "(?ms)^\\[FILE\\][ \\t]+five\\.txt\\s.*\\b5\\b.*^\\[DIR\\][ \\t]+sub\\b|^\\[DIR\\][ \\t]+sub\\b.*^\\[FILE\\][ \\t]+five\\.txt\\s[^\\n]*\\b5\\b"
    And nothing outside the root has changed

  @FS-DIR-003 @must
  Scenario: FSC-DIR-006 list_directory_with_sizes accepts sortBy size
    Given a file "small.txt" with text "1"
    And a file "large.txt" with text "1234567890"
    When the client calls "list_directory_with_sizes" with {"path":"${root}","sortBy":"size"}
    Then the call succeeds
    And the result field "content" matches "(?s)large\\.txt.*small\\.txt|small\\.txt.*large\\.txt"
    And nothing outside the root has changed

  @FS-DIR-004 @must
  Scenario: FSC-DIR-007 directory_tree names nested files and directories
    Given a file "src/lib/mod.rs" with text "x\n"
    When the client calls "directory_tree" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "(?s)\"name\":\\s*\"src\".*\"name\":\\s*\"lib\".*\"name\":\\s*\"mod\\.rs\"|\"name\":\\s*\"mod\\.rs\".*\"name\":\\s*\"lib\".*\"name\":\\s*\"src\""
    And nothing outside the root has changed

  @FS-DIR-004 @must
  Scenario: FSC-DIR-008 directory_tree gives an empty directory an empty children
    Given a directory "empty"
    When the client calls "directory_tree" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "(?s)\"name\":\\s*\"empty\",\\s*\"type\":\\s*\"directory\",\\s*\"children\":\\s*\\[\\s*\\]|\"children\":\\s*\\[\\s*\\],\\s*\"name\":\\s*\"empty\"|\"children\":\\s*\\[\\s*\\][^{}]*\"name\":\\s*\"empty\"|\"name\":\\s*\"empty\"[^{}]*\"children\":\\s*\\[\\s*\\]"
    And nothing outside the root has changed

  @FS-DIR-004 @must
  Scenario: FSC-DIR-009 directory_tree types a file as file
    Given a file "only.txt" with text "x\n"
    When the client calls "directory_tree" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "\"name\":\\s*\"only\\.txt\"[^{}]*\"type\":\\s*\"file\"|\"type\":\\s*\"file\"[^{}]*\"name\":\\s*\"only\\.txt\""
    And nothing outside the root has changed

  @FS-DIR-002 @FS-CLR-11 @must @clarification
  Scenario: FSC-DIR-010 list_directory shows a name with a newline escaped
    When the client calls "write_file" with {"content":"x\n","path":"${root}/evil\n[DIR] injected"}
    And the call succeeds
    And the client calls "list_directory" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" has the lines ["[FILE] \"evil\\n[DIR] injected\""]
    And nothing outside the root has changed

  @FS-DIR-003 @FS-CLR-11 @must @clarification
  Scenario: FSC-DIR-011 list_directory_with_sizes shows it escaped too
    When the client calls "write_file" with {"content":"x\n","path":"${root}/evil\n[DIR] injected"}
    And the call succeeds
    And the client calls "list_directory_with_sizes" with {"path":"${root}"}
    Then the call succeeds
    And the result field "content" matches "\\A\\[FILE\\] \"evil\\\\n\\[DIR\\] injected\" +2 B\\n\\nTotal: 1 files, 0 directories\\n"
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-DIR-012 a failed create_directory is an isError result
    Given a file "notes.txt" with text "a\n"
    When the client calls "create_directory" with {"path":"${root}/notes.txt/inner"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-DIR-013 a failed sized listing is an isError result
    Given a directory "docs"
    When the client calls "list_directory_with_sizes" with {"path":"${root}/docs/absent-dir"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-DIR-014 a failed directory_tree is an isError result
    Given a directory "docs"
    When the client calls "directory_tree" with {"path":"${root}/docs/absent-dir"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
