# Generated from specs/shared/special.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Special files in the root: FIFOs, sockets and devices

  @FS-READ-001 @must
  Scenario: filesystem/SPECIAL-001 reads of a FIFO are answered, and so is the next read
    Given a fifo "pipe"
    And a file "x.txt" with text "x\n"
    When the client calls "read_text_file" with {"path":"${root}/pipe"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/pipe"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/pipe"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/pipe"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/pipe"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/x.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FS-READ-001 @must
  Scenario: filesystem/SPECIAL-002 a read of a socket is answered, and so is the next read
    Given a socket "sock"
    And a file "x.txt" with text "x\n"
    When the client calls "read_text_file" with {"path":"${root}/sock"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/x.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FS-READ-001 @must @device
  Scenario: filesystem/SPECIAL-003 reads of a device are answered, and so is the next read
    Given a device "zero"
    And a file "x.txt" with text "x\n"
    When the client calls "read_text_file" with {"path":"${root}/zero"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/zero"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/x.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed
