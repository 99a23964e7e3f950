# Generated from specs/shared/marking.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Failures carry the interface's mark

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-001 a failed read is marked as a failure
    Given a directory "docs"
    When the client calls "filesystem_operation" with {"action":"read","path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-002 a failed create is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"b\n","path":"notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-003 a failed overwrite is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"b\n","path":"notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-006 a failed listing is marked as a failure
    Given a directory "docs"
    When the client calls "filesystem_operation" with {"action":"list","path":"docs/absent-dir"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-007 a failed move is marked as a failure
    Given a directory "docs"
    When the client calls "filesystem_operation" with {"action":"move","destination":"moved-away.txt","path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the path "moved-away.txt" does not exist
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MARK-008 a failed edit is marked as a failure
    Given a directory "docs"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"b","old":"a"}],"path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed
