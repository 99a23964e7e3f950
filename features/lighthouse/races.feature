# Generated from specs/shared/races.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Races against a swapper that exchanges root entries with links leading out

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-001 reads of a file swapped for a link out show nothing outside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"f.txt"},"call":"read"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-002 reads below a directory swapped for a link show nothing out
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"d/f.txt"},"call":"read"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-003 overwrites below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"d/f.txt"},"call":"write"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-004 creates below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","createDirectories":true,"path":"d/new-${i}.txt"},"call":"write"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-005 overwrites of a file swapped for a link out stay inside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"f.txt"},"call":"write"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: lighthouse/RACE-006 deletes below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "same text\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "same text\n"
    When the client repeats the calls [{"args":{"path":"d/f.txt"},"call":"delete"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
