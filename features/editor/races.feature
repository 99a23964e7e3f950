# Generated from specs/shared/races.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Races against a swapper that exchanges root entries with links leading out

  @FILE-PATHS @must
  Scenario: editor/RACE-001 reads of a file swapped for a link out show nothing outside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"uri":"file://${root}/f.txt"},"call":"file_read"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/RACE-002 reads below a directory swapped for a link show nothing out
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"uri":"file://${root}/d/f.txt"},"call":"file_read"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: editor/RACE-004 creates below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","create_if_not_exists":true,"uri":"file://${root}/d/new-${i}.txt"},"call":"file_save"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
