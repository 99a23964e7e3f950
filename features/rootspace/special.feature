# Generated from specs/shared/special.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Special files in the root: FIFOs, sockets and devices

  @MCP-012 @must
  Scenario: rootspace/SPECIAL-001 reads of a FIFO are answered, and so is the next read
    Given a fifo "pipe"
    And a file "x.txt" with text "x\n"
    When the client calls "text.read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "text.read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "text.read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "text.read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "text.read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "text.read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @MCP-012 @must
  Scenario: rootspace/SPECIAL-002 a read of a socket is answered, and so is the next read
    Given a socket "sock"
    And a file "x.txt" with text "x\n"
    When the client calls "text.read" with {"path":"sock"}
    And the server answers the call
    And the client calls "text.read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @MCP-012 @must @device
  Scenario: rootspace/SPECIAL-003 reads of a device are answered, and so is the next read
    Given a device "zero"
    And a file "x.txt" with text "x\n"
    When the client calls "text.read" with {"path":"zero"}
    And the server answers the call
    And the client calls "text.read" with {"path":"zero"}
    And the server answers the call
    And the client calls "text.read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed
