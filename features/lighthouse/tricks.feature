# Generated from specs/shared/tricks.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks: trailing quotes, spaces and dots on every operation

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-001 a read of ../root" shows nothing of the sibling file
    When the client calls "read" with {"path":"../root\""}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-002 a read of ../root with a space at the end shows nothing
    When the client calls "read" with {"path":"../root "}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-003 a read of ../root. shows nothing outside
    When the client calls "read" with {"path":"../root."}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-004 a read below ../root' shows nothing outside
    When the client calls "read" with {"path":"../root'/outside-bait.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-005 a read through a dotted or spaced .. shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read" with {"path":"... /root_evil/secret"}
    And the server answers the call
    And the client calls "read" with {"path":".. /root_evil/secret"}
    And the server answers the call
    And the client calls "read" with {"path":"..\\root_evil\\secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-006 a create of ../root'/new.txt changes nothing outside
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"../root'/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-007 overwrites of ../root" and ../root. change nothing outside
    When the client calls "write" with {"content":"pwned\n","path":"../root\""}
    And the server answers the call
    And the client calls "write" with {"content":"pwned\n","path":"../root."}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-008 deletes of ../root" and ../root with a space remove nothing
    When the client calls "delete" with {"path":"../root\""}
    And the server answers the call
    And the client calls "delete" with {"path":"../root "}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/NAME-009 a tree delete of ../root' removes nothing outside
    When the client calls "delete" with {"path":"../root'","recursive":true}
    Then the server answers the call
    And nothing outside the root has changed
