# Generated from specs/shared/races.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Races against a swapper that exchanges root entries with links leading out

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-001 reads of a file swapped for a link out show nothing outside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"${root}/f.txt"},"call":"read_text_file","or":"read_file"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-002 reads below a directory swapped for a link show nothing out
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"${root}/d/f.txt"},"call":"read_text_file","or":"read_file"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-003 overwrites below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"${root}/d/f.txt"},"call":"write_file"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-004 creates below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"${root}/d/new-${i}.txt"},"call":"write_file"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-005 overwrites of a file swapped for a link out stay inside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"${root}/f.txt"},"call":"write_file"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-007 listings of a directory swapped for a link show nothing out
    Given a file "d/inside.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/outside-bait.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"${root}/d"},"call":"list_directory"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/RACE-008 moves through a directory swapped for a link stay inside
    Given a file "d/a.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/a.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"destination":"${root}/b.txt","source":"${root}/d/a.txt"},"call":"move_file"},{"args":{"destination":"${root}/d/a.txt","source":"${root}/b.txt"},"call":"move_file"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
