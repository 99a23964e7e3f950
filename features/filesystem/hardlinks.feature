# Generated from specs/shared/hardlinks.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Hard links to a file outside the root

  @FS-CLR-09 @must @clarification
  Scenario: filesystem/HARD-001 an overwrite of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-CLR-09 @must @clarification
  Scenario: filesystem/HARD-002 a create over a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-CLR-09 @must @clarification
  Scenario: filesystem/HARD-003 an edit of a hard link out changes nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "edit_file" with {"edits":[{"newText":"pwned","oldText":"top secret"}],"path":"${root}/twin.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-CLR-09 @must @clarification
  Scenario: filesystem/HARD-004 a read of a hard link to an outside file shows none of it
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "read_text_file" with {"path":"${root}/twin.txt"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
