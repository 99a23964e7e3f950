# Generated from specs/shared/hardlinks.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Hard links to a file outside the root

  @CLR-031 @must @clarification
  Scenario: rootspace/HARD-002 a create over a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "file.create" with {"content":"pwned\n","path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @CLR-031 @must @clarification
  Scenario: rootspace/HARD-004 a read of a hard link to an outside file shows none of it
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "text.read" with {"path":"twin.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
