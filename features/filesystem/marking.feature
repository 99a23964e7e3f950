# Generated from specs/shared/marking.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Failures carry the interface's mark

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-001 a failed read is marked as a failure
    Given a directory "docs"
    When the client calls "read_text_file" with {"path":"${root}/docs/absent-notes.txt"}, or "read_file" where the server lacks it
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-002 a failed create is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "write_file" with {"content":"b\n","path":"${root}/notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-003 a failed overwrite is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "write_file" with {"content":"b\n","path":"${root}/notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-006 a failed listing is marked as a failure
    Given a directory "docs"
    When the client calls "list_directory" with {"path":"${root}/docs/absent-dir"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-007 a failed move is marked as a failure
    Given a directory "docs"
    When the client calls "move_file" with {"destination":"${root}/moved-away.txt","source":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the path "moved-away.txt" does not exist
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: filesystem/MARK-008 a failed edit is marked as a failure
    Given a directory "docs"
    When the client calls "edit_file" with {"edits":[{"newText":"b","oldText":"a"}],"path":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed
