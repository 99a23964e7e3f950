# Generated from specs/shared/safety.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Safety checks shared by every profile

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-001 read of the prefix sibling ../root_evil/secret is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read_text_file" with {"path":"${root}/../root_evil/secret"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-002 create in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-004 a dot-dot that stays inside the root is served
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "read_text_file" with {"path":"${root}/a/../b/x.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-005 read through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "read_text_file" with {"path":"${root}/link"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-006 create through a dangling symlink leading out writes inside
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/link"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-007 create below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-009 listing through a symlink leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "list_directory" with {"path":"${root}/out"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-02 @must @clarification
  Scenario: filesystem/SAFE-012 reads during an overwrite see the old or the new file
    Given a file "big.txt" made of 6144 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "write_file" with {"content":"a short new text\n","path":"${root}/big.txt"} while reading "big.txt" repeatedly with the reader arguments {"path":"${root}/big.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @FS-CLR-02 @must @clarification
  Scenario: filesystem/SAFE-017 reads during an overwrite by a bigger text see old or new
    Given a file "small.txt" with text "a short old text\n"
    And the variable "big" holds 8000 copies of "the new text is much longer than the old one, 0123456789 abc\n"
    When the client calls "write_file" with {"content":"${big}","path":"${root}/small.txt"} while reading "small.txt" repeatedly with the reader arguments {"path":"${root}/small.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-013 a NUL byte in a created path is refused, nothing made
    Given an outside file "secret" with text "top secret\n"
    And a directory "d"
    When the client calls "write_file" with {"content":"x\n","path":"${root}/d/x\u0000y.txt"}
    Then the call fails
    And the path "d/x" does not exist
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-014 a percent-encoded .. does not leave the root
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read_text_file" with {"path":"${root}/%2e%2e/root_evil/secret"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-015 an encoded slash does not join a .. to the outside
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "read_text_file" with {"path":"${root}/..%2froot_evil%2fsecret"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-016 an overlong name is refused, and the server goes on
    Given a file "x.txt" with text "x\n"
    When the client calls "write_file" with {"content":"x\n","path":"${root}/nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn.txt"}
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/x.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["x"]
    And the root holds only ["x.txt"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-018 a read of an absolute path outside shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read_text_file" with {"path":"${outside}/secret"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/SAFE-019 a create at an absolute path outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write_file" with {"content":"pwned\n","path":"${outside}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
