# Generated from specs/shared/safety.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Safety checks shared by every profile

  @FILE-PATHS @must
  Scenario: editor/SAFE-001 read of the prefix sibling ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "file_read" with {"uri":"file://${root}/../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-002 create in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-004 a dot-dot that stays inside the root is served
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "file_read" with {"uri":"file://${root}/a/../b/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/SAFE-005 read through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "file_read" with {"uri":"file://${root}/link"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/SAFE-006 create through a dangling symlink leading out writes inside
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/link"}
    Then the server answers the call
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/SAFE-007 create below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-URI @ED-CLR-02 @must @clarification
  Scenario: editor/SAFE-013 a NUL byte in a created path is refused, nothing made
    Given an outside file "secret" with text "top secret\n"
    And a directory "d"
    When the client calls "file_save" with {"content":"x\n","create_if_not_exists":true,"uri":"file://${root}/d/x\u0000y.txt"}
    Then the call fails
    And the path "d/x" does not exist
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-014 a percent-encoded .. does not leave the root
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "file_read" with {"uri":"file://${root}/%2e%2e/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-015 an encoded slash does not join a .. to the outside
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "file_read" with {"uri":"file://${root}/..%2froot_evil%2fsecret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-URI @ED-CLR-02 @must @clarification
  Scenario: editor/SAFE-016 an overlong name is refused, and the server goes on
    Given a file "x.txt" with text "x\n"
    When the client calls "file_save" with {"content":"x\n","create_if_not_exists":true,"uri":"file://${root}/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt"}
    And the server answers the call
    And the client calls "file_read" with {"uri":"file://${root}/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And the root holds only ["x.txt"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-018 a read of an absolute path outside shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_read" with {"uri":"file://${outside}/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/SAFE-019 a create at an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${outside}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
