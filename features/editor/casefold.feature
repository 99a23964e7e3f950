# Generated from specs/shared/casefold.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: A root that folds case: a differently-cased name of a link leading out

  @FILE-PATHS @must @casefold-root
  Scenario: editor/CASE-001 a read through LINK, a link out, shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "file_read" with {"uri":"file://${root}/LINK/secret"}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must @casefold-root
  Scenario: editor/CASE-002 a file made through LINK, a link out, stays inside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "file_save" with {"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/LINK/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
