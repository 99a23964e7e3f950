# Generated from specs/shared/tricks.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks: trailing quotes, spaces and dots on every operation

  @FILE-PATHS @must
  Scenario: editor/NAME-001 a read of ../root" shows nothing of the sibling file
    When the client calls "file_read" with {"uri":"file://${root}/../root\""}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/NAME-002 a read of ../root with a space at the end shows nothing
    When the client calls "file_read" with {"uri":"file://${root}/../root "}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/NAME-003 a read of ../root. shows nothing outside
    When the client calls "file_read" with {"uri":"file://${root}/../root."}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/NAME-004 a read below ../root' shows nothing outside
    When the client calls "file_read" with {"uri":"file://${root}/../root'/outside-bait.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/NAME-005 a read through a dotted or spaced .. shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_read" with {"uri":"file://${root}/... /root_evil/secret"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/.. /root_evil/secret"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/..\\root_evil\\secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/NAME-006 a create of ../root'/new.txt changes nothing outside
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/../root'/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
