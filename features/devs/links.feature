# Generated from specs/shared/links.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Symlink chains, moves through links, and links that stay inside

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-001 a read through a chain of links leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "filesystem_operation" with {"action":"read","path":"first"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-002 an overwrite through a chain of links changes nothing out
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"first"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-003 a move of a link leading out moves no outside file
    Given an outside file "secret" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"move","destination":"moved","path":"out"}
    Then the server answers the call
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-004 a move into a linked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    And a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"out/a.txt","path":"a.txt"}
    Then the call fails
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-005 a move out of a linked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"move","destination":"taken.txt","path":"out/secret.txt"}
    Then the call fails
    And the path "taken.txt" does not exist
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-006 a relative link to a file inside is read as that file
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "a/link.txt" pointing to "../b/target.txt"
    When the client calls "filesystem_operation" with {"action":"read","path":"a/link.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["the target"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-007 a chain of relative links inside is read as its last target
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "b/second.txt" pointing to "target.txt"
    And a symlink "first.txt" pointing to "b/second.txt"
    When the client calls "filesystem_operation" with {"action":"read","path":"first.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["the target"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-009 a create two levels below a linked dir out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"out/a/b/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: devs/LINK-010 a read below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"read","path":"out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed
