# Generated from specs/shared/hardlinks.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Hard links to a file outside the root

  @LH-CLR-16 @must @clarification
  Scenario: lighthouse/HARD-001 an overwrite of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "write" with {"content":"pwned\n","path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @LH-CLR-16 @must @clarification
  Scenario: lighthouse/HARD-002 a create over a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @LH-CLR-16 @must @clarification
  Scenario: lighthouse/HARD-003 an edit of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "edit" with {"path":"twin.txt","replace":"pwned","search":"top secret"}
    Then the server answers the call
    And nothing outside the root has changed

  @LH-CLR-16 @must @clarification
  Scenario: lighthouse/HARD-004 a read of a hard link to an outside file shows none of it
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "read" with {"path":"twin.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
