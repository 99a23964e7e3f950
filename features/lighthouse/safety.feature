# Generated from specs/shared/safety.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Safety checks shared by every profile

  @FR-3.1.15 @AC-3.1.26 @must
  Scenario: lighthouse/SAFE-001 read of the prefix sibling ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read" with {"path":"../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.26 @must
  Scenario: lighthouse/SAFE-002 create in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.26 @must
  Scenario: lighthouse/SAFE-003 delete of ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "top secret\n"
    When the client calls "delete" with {"path":"../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-004 a dot-dot that stays inside the root is served
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "read" with {"path":"a/../b/x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/SAFE-005 read through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "read" with {"path":"link"}
    Then the call fails
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/SAFE-006 create through a dangling symlink leading out writes inside
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"link"}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/SAFE-007 create below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/SAFE-008 delete through a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "delete" with {"path":"out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AC-3.1.25 @AC-3.1.26 @must
  Scenario: lighthouse/SAFE-010 a tree delete of a dir with a link out removes nothing out
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a file "dir/a.txt" with text "a\n"
    And a symlink "dir/out" pointing to "${outside}/stuff"
    When the client calls "delete" with {"path":"dir","recursive":true}
    Then the server answers the call
    And nothing outside the root has changed

  @AC-3.1.25 @AC-3.1.26 @must
  Scenario: lighthouse/SAFE-011 a tree delete of a link to outside removes nothing out
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "delete" with {"path":"out","recursive":true}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.7 @must
  Scenario: lighthouse/SAFE-012 reads during an overwrite see the old or the new file
    Given a file "big.txt" made of 6144 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "write" with {"content":"a short new text\n","path":"big.txt"} while reading "big.txt" repeatedly with the reader arguments {"path":"big.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @FR-3.1.7 @must
  Scenario: lighthouse/SAFE-017 reads during an overwrite by a bigger text see old or new
    Given a file "small.txt" with text "a short old text\n"
    And the variable "big" holds 8000 copies of "the new text is much longer than the old one, 0123456789 abc\n"
    When the client calls "write" with {"content":"${big}","path":"small.txt"} while reading "small.txt" repeatedly with the reader arguments {"path":"small.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/SAFE-013 a NUL byte in a created path is refused, nothing made
    Given an outside file "secret" with text "top secret\n"
    And a directory "d"
    When the client calls "write" with {"content":"x\n","createDirectories":true,"path":"d/x\u0000y.txt"}
    Then the call fails
    And the path "d/x" does not exist
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-014 a percent-encoded .. does not leave the root
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read" with {"path":"%2e%2e/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-015 an encoded slash does not join a .. to the outside
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read" with {"path":"..%2froot_evil%2fsecret"}
    Then the call fails
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: lighthouse/SAFE-016 an overlong name is refused, and the server goes on
    Given a file "x.txt" with text "x\n"
    When the client calls "write" with {"content":"x\n","createDirectories":true,"path":"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt"}
    And the server answers the call
    And the client calls "read" with {"path":"x.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And the root holds only ["x.txt"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-018 a read of an absolute path outside shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read" with {"path":"${outside}/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-019 a create at an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"${outside}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: lighthouse/SAFE-020 a delete of an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "delete" with {"path":"${outside}/secret"}
    Then the server answers the call
    And nothing outside the root has changed
