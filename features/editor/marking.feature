# Generated from specs/shared/marking.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Failures carry the interface's mark

  @ED-CLR-01 @must @clarification
  Scenario: editor/MARK-001 a failed read is marked as a failure
    Given a directory "docs"
    When the client calls "file_read" with {"uri":"file://${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @ED-CLR-01 @must @clarification
  Scenario: editor/MARK-002 a failed create is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "file_save" with {"content":"b\n","create_if_not_exists":true,"uri":"file://${root}/notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed
