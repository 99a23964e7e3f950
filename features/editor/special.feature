# Generated from specs/shared/special.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Special files in the root: FIFOs, sockets and devices

  @FILE-READ @must
  Scenario: editor/SPECIAL-001 reads of a FIFO are answered, and so is the next read
    Given a fifo "pipe"
    And a file "x.txt" with text "x\n"
    When the client calls "file_read" with {"uri":"file://${root}/pipe"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/pipe"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/pipe"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/pipe"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/pipe"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FILE-READ @must
  Scenario: editor/SPECIAL-002 a read of a socket is answered, and so is the next read
    Given a socket "sock"
    And a file "x.txt" with text "x\n"
    When the client calls "file_read" with {"uri":"file://${root}/sock"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FILE-READ @must @device
  Scenario: editor/SPECIAL-003 reads of a device are answered, and so is the next read
    Given a device "zero"
    And a file "x.txt" with text "x\n"
    When the client calls "file_read" with {"uri":"file://${root}/zero"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/zero"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed
