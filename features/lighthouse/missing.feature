# Generated from specs/shared/missing.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Errors for a missing file name its path

  @LH-CLR-17 @must @clarification
  Scenario: lighthouse/MISS-001 a read of a missing file names it
    Given a directory "docs"
    When the client calls "read" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed

  @LH-CLR-17 @must @clarification
  Scenario: lighthouse/MISS-003 an edit of a missing file names it
    Given a directory "docs"
    When the client calls "edit" with {"path":"docs/absent-notes.txt","replace":"b","search":"a"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed

  @LH-CLR-17 @must @clarification
  Scenario: lighthouse/MISS-004 a delete of a missing file names it
    Given a directory "docs"
    When the client calls "delete" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed
