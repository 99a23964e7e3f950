# Generated from specs/shared/links.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Symlink chains, moves through links, and links that stay inside

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/LINK-001 a read through a chain of links leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "file_read" with {"uri":"file://${root}/first"}
    Then the call fails
    And nothing outside the root has changed

  @ED-CLR-12 @must @clarification
  Scenario: editor/LINK-006 a relative link to a file inside is read as that file
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "a/link.txt" pointing to "../b/target.txt"
    When the client calls "file_read" with {"uri":"file://${root}/a/link.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @ED-CLR-12 @must @clarification
  Scenario: editor/LINK-007 a chain of relative links inside is read as its last target
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "b/second.txt" pointing to "target.txt"
    And a symlink "first.txt" pointing to "b/second.txt"
    When the client calls "file_read" with {"uri":"file://${root}/first.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/LINK-009 a create two levels below a linked dir out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/out/a/b/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: editor/LINK-010 a read below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file_read" with {"uri":"file://${root}/out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed
