# Generated from specs/shared/tricks.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks: trailing quotes, spaces and dots on every operation

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-001 a read of ../root" shows nothing of the sibling file
    When the client calls "text.read" with {"path":"../root\""}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-002 a read of ../root with a space at the end shows nothing
    When the client calls "text.read" with {"path":"../root "}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-003 a read of ../root. shows nothing outside
    When the client calls "text.read" with {"path":"../root."}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-004 a read below ../root' shows nothing outside
    When the client calls "text.read" with {"path":"../root'/outside-bait.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-005 a read through a dotted or spaced .. shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"... /root_evil/secret"}
    And the server answers the call
    And the client calls "text.read" with {"path":".. /root_evil/secret"}
    And the server answers the call
    And the client calls "text.read" with {"path":"..\\root_evil\\secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-006 a create of ../root'/new.txt changes nothing outside
    When the client calls "file.create" with {"content":"pwned\n","path":"../root'/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-008 deletes of ../root" and ../root with a space remove nothing
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"../root\""}
    And the server answers the call
    And the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"../root "}
    Then the server answers the call
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/NAME-010 a listing of ../root' shows nothing outside
    When the client reads the resource "list://../root'"
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed
