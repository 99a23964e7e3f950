# Generated from specs/shared/links.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Symlink chains, moves through links, and links that stay inside

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-001 a read through a chain of links leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "read_text_file" with {"path":"${root}/first"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-002 an overwrite through a chain of links changes nothing out
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/first"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-003 a move of a link leading out moves no outside file
    Given an outside file "secret" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/secret"
    When the client calls "move_file" with {"destination":"${root}/moved","source":"${root}/out"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-004 a move into a linked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    And a file "a.txt" with text "a\n"
    When the client calls "move_file" with {"destination":"${root}/out/a.txt","source":"${root}/a.txt"}
    Then the call fails
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-005 a move out of a linked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "move_file" with {"destination":"${root}/taken.txt","source":"${root}/out/secret.txt"}
    Then the call fails
    And the path "taken.txt" does not exist
    And nothing outside the root has changed

  @FS-CLR-07 @must @clarification
  Scenario: filesystem/LINK-006 a relative link to a file inside is read as that file
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "a/link.txt" pointing to "../b/target.txt"
    When the client calls "read_text_file" with {"path":"${root}/a/link.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @FS-CLR-07 @must @clarification
  Scenario: filesystem/LINK-007 a chain of relative links inside is read as its last target
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "b/second.txt" pointing to "target.txt"
    And a symlink "first.txt" pointing to "b/second.txt"
    When the client calls "read_text_file" with {"path":"${root}/first.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @FS-CLR-07 @must @clarification
  Scenario: filesystem/LINK-008 a link with an absolute target inside is read as that file
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "link.txt" pointing to "${root}/b/target.txt"
    When the client calls "read_text_file" with {"path":"${root}/link.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-009 a create two levels below a linked dir out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/out/a/b/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/LINK-010 a read below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "read_text_file" with {"path":"${root}/out/secret.txt"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed
