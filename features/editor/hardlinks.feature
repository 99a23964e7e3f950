# Generated from specs/shared/hardlinks.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Hard links to a file outside the root

  @ED-CLR-11 @must @clarification
  Scenario: editor/HARD-002 a create over a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @ED-CLR-11 @must @clarification
  Scenario: editor/HARD-004 a read of a hard link to an outside file shows none of it
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "file_read" with {"uri":"file://${root}/twin.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
