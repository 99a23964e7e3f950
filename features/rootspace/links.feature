# Generated from specs/shared/links.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Symlink chains, moves through links, and links that stay inside

  @AUTH-042 @must
  Scenario: rootspace/LINK-001 a read through a chain of links leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "second" pointing to "${outside}/secret"
    And a symlink "first" pointing to "second"
    When the client calls "text.read" with {"path":"first"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: rootspace/LINK-006 a relative link to a file inside is read as that file
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "a/link.txt" pointing to "../b/target.txt"
    When the client calls "text.read" with {"path":"a/link.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: rootspace/LINK-007 a chain of relative links inside is read as its last target
    Given a file "b/target.txt" with text "the target\n"
    And a symlink "b/second.txt" pointing to "target.txt"
    And a symlink "first.txt" pointing to "b/second.txt"
    When the client calls "text.read" with {"path":"first.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["the target"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/LINK-009 a create two levels below a linked dir out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "file.create" with {"content":"pwned\n","path":"out/a/b/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/LINK-010 a read below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "text.read" with {"path":"out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed
