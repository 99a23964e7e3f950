# Generated from specs/lighthouse/delete.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Deleting files and directories (delete)

  @FR-3.1.12 @FR-3.1.14 @must
  Scenario: LH-DEL-001 delete removes a file
    Given a file "test.txt" with text "x\n"
    When the client calls "delete" with {"path":"test.txt"}
    Then the call succeeds
    And the result field "type" is "file"
    And the result field "itemsDeleted" is 1
    And the path "test.txt" does not exist
    And nothing outside the root has changed

  @FR-3.1.13 @FR-3.1.14 @must
  Scenario: LH-DEL-002 delete removes an empty directory
    Given a directory "empty-dir"
    When the client calls "delete" with {"path":"empty-dir"}
    Then the call succeeds
    And the result field "type" is "directory"
    And the path "empty-dir" does not exist
    And nothing outside the root has changed

  @FR-3.1.13 @FR-3.1.14 @must
  Scenario: LH-DEL-003 recursive removes a directory with its contents
    Given a file "dir-with-files/a.txt" with text "a\n"
    And a file "dir-with-files/sub/b.txt" with text "b\n"
    When the client calls "delete" with {"path":"dir-with-files","recursive":true}
    Then the call succeeds
    And the result field "type" is "directory"
    And the result field "itemsDeleted" matches "^([2-9]|[1-9][0-9]+)$"
    And the path "dir-with-files" does not exist
    And nothing outside the root has changed

  @FR-3.1.13 @AC-3.1.21 @must
  Scenario: LH-DEL-004 a non-empty directory without recursive is refused
    Given a file "dir-with-files/a.txt" with text "a\n"
    When the client calls "delete" with {"path":"dir-with-files"}
    Then the call fails with a directory_not_empty error
    And the file "dir-with-files/a.txt" has text "a\n"
    And nothing outside the root has changed

  @FR-3.1.16 @AC-3.1.4 @must
  Scenario: LH-DEL-005 deleting a missing path is FILE_NOT_FOUND
    When the client calls "delete" with {"path":"nonexistent.txt"}
    Then the call fails with a not_found error
    And the error carries the facts of a not_found error
    And nothing outside the root has changed

  @LH-CLR-10 @must @clarification
  Scenario: LH-DEL-006 recursive counts every entry, the directory too
    Given a file "d/a.txt" with text "a\n"
    And a file "d/b.txt" with text "b\n"
    When the client calls "delete" with {"path":"d","recursive":true}
    Then the call succeeds
    And the result field "type" is "directory"
    And the result field "itemsDeleted" is 3
    And nothing outside the root has changed

  @LH-CLR-10 @must @clarification
  Scenario: LH-DEL-007 deleting a link removes the link, not its target
    Given a file "real.txt" with text "keep\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "delete" with {"path":"link.txt"}
    Then the call succeeds
    And the result field "type" is "file"
    And the result field "itemsDeleted" is 1
    And the path "link.txt" does not exist
    And the file "real.txt" has text "keep\n"
    And nothing outside the root has changed

  @LH-CLR-10 @must @clarification
  Scenario: LH-DEL-008 the project root cannot be deleted
    Given a file "keep.txt" with text "k\n"
    When the client calls "delete" with {"path":".","recursive":true}
    Then the call fails with a invalid_path error
    And the file "keep.txt" has text "k\n"
    And nothing outside the root has changed
