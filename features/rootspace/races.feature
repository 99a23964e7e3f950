# Generated from specs/shared/races.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Races against a swapper that exchanges root entries with links leading out

  @AUTH-042 @must
  Scenario: rootspace/RACE-001 reads of a file swapped for a link out show nothing outside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"f.txt"},"call":"text.read"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/RACE-002 reads below a directory swapped for a link show nothing out
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"path":"d/f.txt"},"call":"text.read"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/RACE-004 creates below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"content":"pwned\n","path":"d/new-${i}.txt"},"call":"file.create"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/RACE-006 deletes below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "same text\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "same text\n"
    When the client repeats the calls [{"args":{"hash":"a051202c1b7d3dfefe39e5cbbade83449fcacdedc0f2fca5314ea136595a0874","path":"d/f.txt"},"call":"file.remove"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: rootspace/RACE-007 listings of a directory swapped for a link show nothing out
    Given a file "d/inside.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/outside-bait.txt" with text "top secret\n"
    When the client repeats the calls [{"read_resource":"list://d"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed
