# Generated from specs/shared/missing.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Errors for a missing file name its path

  @ED-CLR-13 @must @clarification
  Scenario: editor/MISS-001 a read of a missing file names it
    Given a directory "docs"
    When the client calls "file_read" with {"uri":"file://${root}/docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed
