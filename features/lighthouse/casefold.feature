# Generated from specs/shared/casefold.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: A root that folds case: a differently-cased name of a link leading out

  @FR-3.1.15 @AC-3.1.25 @must @casefold-root
  Scenario: lighthouse/CASE-001 a read through LINK, a link out, shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "read" with {"path":"LINK/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must @casefold-root
  Scenario: lighthouse/CASE-002 a file made through LINK, a link out, stays inside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "write" with {"content":"pwned\n","createDirectories":true,"path":"LINK/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
