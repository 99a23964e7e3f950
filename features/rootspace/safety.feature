# Generated from specs/shared/safety.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Safety checks shared by every profile

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-001 read of the prefix sibling ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "text.read" with {"path":"../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-002 create in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"pwned\n","path":"../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-003 delete of ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "top secret\n"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-004 a dot-dot that stays inside the root is served
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "text.read" with {"path":"a/../b/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/SAFE-005 read through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "text.read" with {"path":"link"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/SAFE-006 create through a dangling symlink leading out writes inside
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "file.create" with {"content":"pwned\n","path":"link"}
    Then the server answers the call
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/SAFE-007 create below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file.create" with {"content":"pwned\n","path":"out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/SAFE-008 delete through a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/SAFE-009 listing through a symlink leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client reads the resource "list://out"
    Then the call fails
    And nothing outside the root has changed

  @MCP-025 @AUTH-041 @must
  Scenario: rootspace/SAFE-013 a NUL byte in a created path is refused, nothing made
    Given an outside file "secret" with text "top secret\n"
    And a directory "d"
    When the client calls "file.create" with {"content":"x\n","path":"d/x\u0000y.txt"}
    Then the call fails
    And the path "d/x" does not exist
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-014 a percent-encoded .. does not leave the root
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "text.read" with {"path":"%2e%2e/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-015 an encoded slash does not join a .. to the outside
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "text.read" with {"path":"..%2froot_evil%2fsecret"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-025 @AUTH-041 @must
  Scenario: rootspace/SAFE-016 an overlong name is refused, and the server goes on
    Given a file "x.txt" with text "x\n"
    When the client calls "file.create" with {"content":"x\n","path":"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt"}
    And the server answers the call
    And the client calls "text.read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And the root holds only ["x.txt"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-018 a read of an absolute path outside shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"${outside}/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-019 a create at an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"pwned\n","path":"${outside}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: rootspace/SAFE-020 a delete of an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"${outside}/secret"}
    Then the server answers the call
    And nothing outside the root has changed
