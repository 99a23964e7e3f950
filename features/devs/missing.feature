# Generated from specs/shared/missing.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Errors for a missing file name its path

  @DV-CLR-01 @must @clarification
  Scenario: devs/MISS-001 a read of a missing file names it
    Given a directory "docs"
    When the client calls "filesystem_operation" with {"action":"read","path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MISS-002 a move of a missing source names it
    Given a directory "docs"
    When the client calls "filesystem_operation" with {"action":"move","destination":"moved-away.txt","path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And the path "moved-away.txt" does not exist
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: devs/MISS-003 an edit of a missing file names it
    Given a directory "docs"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"b","old":"a"}],"path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed
