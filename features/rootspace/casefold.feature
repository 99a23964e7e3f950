# Generated from specs/shared/casefold.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: A root that folds case: a differently-cased name of a link leading out

  @AUTH-042 @must @casefold-root
  Scenario: rootspace/CASE-001 a read through LINK, a link out, shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "text.read" with {"path":"LINK/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @AUTH-042 @must @casefold-root
  Scenario: rootspace/CASE-002 a file made through LINK, a link out, stays inside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "file.create" with {"content":"pwned\n","path":"LINK/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
