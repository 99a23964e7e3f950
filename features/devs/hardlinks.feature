# Generated from specs/shared/hardlinks.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Hard links to a file outside the root

  @DV-CLR-13 @must @clarification
  Scenario: devs/HARD-001 an overwrite of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-13 @must @clarification
  Scenario: devs/HARD-002 a create over a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-13 @must @clarification
  Scenario: devs/HARD-003 an edit of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"pwned","old":"top secret"}],"path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-13 @must @clarification
  Scenario: devs/HARD-004 a read of a hard link to an outside file shows none of it
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"read","path":"twin.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
