# Generated from specs/shared/safety.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Safety checks shared by every profile

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-001 read of the prefix sibling ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-002 create in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-004 a dot-dot that stays inside the root is served
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "filesystem_operation" with {"action":"read","path":"a/../b/x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/SAFE-005 read through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"read","path":"link"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/SAFE-006 create through a dangling symlink leading out writes inside
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"link"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/SAFE-007 create below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/SAFE-009 listing through a symlink leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"list","path":"out"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-03 @must @clarification
  Scenario: devs/SAFE-012 reads during an overwrite see the old or the new file
    Given a file "big.txt" made of 6144 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"a short new text\n","path":"big.txt"} while reading "big.txt" repeatedly with the reader arguments {"action":"read","path":"big.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @DV-CLR-03 @must @clarification
  Scenario: devs/SAFE-017 reads during an overwrite by a bigger text see old or new
    Given a file "small.txt" with text "a short old text\n"
    And the variable "big" holds 8000 copies of "the new text is much longer than the old one, 0123456789 abc\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"${big}","path":"small.txt"} while reading "small.txt" repeatedly with the reader arguments {"action":"read","path":"small.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: devs/SAFE-013 a NUL byte in a created path is refused, nothing made
    Given an outside file "secret" with text "top secret\n"
    And a directory "d"
    When the client calls "filesystem_operation" with {"action":"write","content":"x\n","path":"d/x\u0000y.txt"}
    Then the call fails
    And the path "d/x" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-014 a percent-encoded .. does not leave the root
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"%2e%2e/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-015 an encoded slash does not join a .. to the outside
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"..%2froot_evil%2fsecret"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: devs/SAFE-016 an overlong name is refused, and the server goes on
    Given a file "x.txt" with text "x\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"x\n","path":"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt"}
    And the server answers the call
    And the client calls "filesystem_operation" with {"action":"read","path":"x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And the root holds only ["x.txt"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-018 a read of an absolute path outside shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"${outside}/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/SAFE-019 a create at an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"${outside}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
