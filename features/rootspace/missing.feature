# Generated from specs/shared/missing.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Errors for a missing file name its path

  @CLR-022 @must @clarification
  Scenario: rootspace/MISS-001 a read of a missing file names it
    Given a directory "docs"
    When the client calls "text.read" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed

  @CLR-022 @must @clarification
  Scenario: rootspace/MISS-004 a delete of a missing file names it
    Given a directory "docs"
    When the client calls "file.remove" with {"hash":"87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7","path":"docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed
