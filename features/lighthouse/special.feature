# Generated from specs/shared/special.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Special files in the root: FIFOs, sockets and devices

  @FR-3.1.1 @must
  Scenario: lighthouse/SPECIAL-001 reads of a FIFO are answered, and so is the next read
    Given a fifo "pipe"
    And a file "x.txt" with text "x\n"
    When the client calls "read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "read" with {"path":"pipe"}
    And the server answers the call
    And the client calls "read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/SPECIAL-002 a read of a socket is answered, and so is the next read
    Given a socket "sock"
    And a file "x.txt" with text "x\n"
    When the client calls "read" with {"path":"sock"}
    And the server answers the call
    And the client calls "read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FR-3.1.1 @must @device
  Scenario: lighthouse/SPECIAL-003 reads of a device are answered, and so is the next read
    Given a device "zero"
    And a file "x.txt" with text "x\n"
    When the client calls "read" with {"path":"zero"}
    And the server answers the call
    And the client calls "read" with {"path":"zero"}
    And the server answers the call
    And the client calls "read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed
