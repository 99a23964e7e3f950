# Generated from specs/shared/tricks.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks: trailing quotes, spaces and dots on every operation

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-001 a read of ../root" shows nothing of the sibling file
    When the client calls "filesystem_operation" with {"action":"read","path":"../root\""}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-002 a read of ../root with a space at the end shows nothing
    When the client calls "filesystem_operation" with {"action":"read","path":"../root "}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-003 a read of ../root. shows nothing outside
    When the client calls "filesystem_operation" with {"action":"read","path":"../root."}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-004 a read below ../root' shows nothing outside
    When the client calls "filesystem_operation" with {"action":"read","path":"../root'/outside-bait.txt"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-005 a read through a dotted or spaced .. shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"... /root_evil/secret"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":".. /root_evil/secret"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"..\\root_evil\\secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-006 a create of ../root'/new.txt changes nothing outside
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"../root'/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-007 overwrites of ../root" and ../root. change nothing outside
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"../root\""}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"../root."}
    Then the server answers the call
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-010 a listing of ../root' shows nothing outside
    When the client calls "filesystem_operation" with {"action":"list","path":"../root'"}
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/NAME-011 moves to or from ../root" change nothing outside
    Given a file "x.txt" with text "x\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"pulled.txt","path":"../root\""}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"move","destination":"../root'/pushed.txt","path":"x.txt"}
    Then the server answers the call
    And nothing outside the root has changed
