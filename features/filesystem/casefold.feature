# Generated from specs/shared/casefold.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: A root that folds case: a differently-cased name of a link leading out

  @FS-ROOTS-002 @must @casefold-root
  Scenario: filesystem/CASE-001 a read through LINK, a link out, shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "read_text_file" with {"path":"${root}/LINK/secret"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must @casefold-root
  Scenario: filesystem/CASE-002 a file made through LINK, a link out, stays inside
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/LINK/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed
