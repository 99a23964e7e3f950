# Generated from specs/shared/special.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Special files in the root: FIFOs, sockets and devices

  @3_MCP-TAS-079-READ @must
  Scenario: devs/SPECIAL-001 reads of a FIFO are answered, and so is the next read
    Given a fifo "pipe"
    And a file "x.txt" with text "x\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"pipe"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"pipe"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"pipe"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"pipe"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"pipe"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-READ @must
  Scenario: devs/SPECIAL-002 a read of a socket is answered, and so is the next read
    Given a socket "sock"
    And a file "x.txt" with text "x\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"sock"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-READ @must @device
  Scenario: devs/SPECIAL-003 reads of a device are answered, and so is the next read
    Given a device "zero"
    And a file "x.txt" with text "x\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"zero"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"zero"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And nothing outside the root has changed
