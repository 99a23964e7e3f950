# Generated from specs/filesystem/search.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Searching (search_files)

  @FS-SEARCH-001 @must
  Scenario: FSC-SEARCH-001 **/*.txt finds files at any depth, as full paths
    Given a file "top.txt" with text "t\n"
    And a file "sub/deep/leaf.txt" with text "l\n"
    And a file "sub/skip.md" with text "s\n"
    When the client calls "search_files" with {"path":"${root}","pattern":"**/*.txt"}
    Then the call succeeds
    And the result field "content" matches "(?m)/\\S*/root/sub/deep/leaf\\.txt\\s*$"
    And nothing outside the root has changed

  @FS-SEARCH-001 @must
  Scenario: FSC-SEARCH-002 *.txt matches only in the directory searched
    Given a file "top.txt" with text "t\n"
    And a file "sub/leaf.txt" with text "l\n"
    When the client calls "search_files" with {"path":"${root}","pattern":"*.txt"}
    Then the call succeeds
    And the result field "content" matches "\\A[^/]*/\\S*/root/top\\.txt[^/]*\\z"
    And nothing outside the root has changed

  @FS-SEARCH-001 @must
  Scenario: FSC-SEARCH-003 search_files finds directories too
    Given a file "src/components/x.txt" with text "x\n"
    When the client calls "search_files" with {"path":"${root}","pattern":"**/components"}
    Then the call succeeds
    And the result field "content" matches "(?m)/\\S*/root/src/components\\s*$"
    And nothing outside the root has changed

  @FS-SEARCH-001 @must
  Scenario: FSC-SEARCH-004 search_files below a subdirectory matches relative to it
    Given a file "src/main.rs" with text "m\n"
    And a file "main.rs" with text "m\n"
    When the client calls "search_files" with {"path":"${root}/src","pattern":"*.rs"}
    Then the call succeeds
    And the result field "content" matches "\\A[^/]*/\\S*/root/src/main\\.rs[^/]*\\z"
    And nothing outside the root has changed

  @FS-SEARCH-001 @FS-CLR-11 @must @clarification
  Scenario: FSC-SEARCH-005 search_files shows a path with a newline escaped
    When the client calls "write_file" with {"content":"x\n","path":"${root}/evil\n[DIR] injected"}
    And the call succeeds
    And the client calls "search_files" with {"path":"${root}","pattern":"evil*"}
    Then the call succeeds
    And the result field "content" matches "\\A\"/\\S*/root/evil\\\\n\\[DIR\\] injected\"\\z"
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-SEARCH-006 a failed search_files is an isError result
    Given a directory "docs"
    When the client calls "search_files" with {"path":"${root}/docs/absent-dir","pattern":"notes"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
