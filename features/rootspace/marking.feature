# Generated from specs/shared/marking.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Failures carry the interface's mark

  @CLR-019 @must @clarification
  Scenario: rootspace/MARK-001 a failed read is marked as a failure
    Given a directory "docs"
    When the client calls "text.read" with {"path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: rootspace/MARK-002 a failed create is marked as a failure
    Given a file "notes.txt" with text "a\n"
    When the client calls "file.create" with {"content":"b\n","path":"notes.txt/inner.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And the file "notes.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: rootspace/MARK-004 a failed delete is marked as a failure
    Given a directory "docs"
    When the client calls "file.remove" with {"hash":"87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7","path":"docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: rootspace/MARK-006 a failed listing is marked as a failure
    Given a directory "docs"
    When the client reads the resource "list://docs/absent-dir"
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
