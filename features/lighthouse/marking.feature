# Generated from specs/shared/marking.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Failures carry the interface's mark

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-001 a failed read is marked as a failure
    Given a directory "docs"
    When the client calls "read" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-002 a failed create is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "write" with {"content":"b\n","createDirectories":true,"path":"notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-003 a failed overwrite is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "write" with {"content":"b\n","path":"notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-004 a failed delete is marked as a failure
    Given a directory "docs"
    When the client calls "delete" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-005 a failed tree delete is marked as a failure
    Given a directory "docs"
    When the client calls "delete" with {"path":"docs/absent-dir","recursive":true}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/MARK-008 a failed edit is marked as a failure
    Given a directory "docs"
    When the client calls "edit" with {"path":"docs/absent-notes.txt","replace":"b","search":"a"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed
