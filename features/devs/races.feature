# Generated from specs/shared/races.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Races against a swapper that exchanges root entries with links leading out

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-001 reads of a file swapped for a link out show nothing outside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"read","path":"f.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-002 reads below a directory swapped for a link show nothing out
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"read","path":"d/f.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-003 overwrites below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"write","content":"pwned\n","path":"d/f.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-004 creates below a directory swapped for a link stay inside
    Given a file "d/f.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/f.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"write","content":"pwned\n","path":"d/new-${i}.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-005 overwrites of a file swapped for a link out stay inside
    Given a file "f.txt" with text "inside\n"
    And an outside file "secret" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"write","content":"pwned\n","path":"f.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "f.txt" is exchanged with a symlink to "${outside}/secret"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-007 listings of a directory swapped for a link show nothing out
    Given a file "d/inside.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/outside-bait.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"list","path":"d"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: devs/RACE-008 moves through a directory swapped for a link stay inside
    Given a file "d/a.txt" with text "inside\n"
    And an outside directory "stuff"
    And an outside file "stuff/a.txt" with text "top secret\n"
    When the client repeats the calls [{"args":{"action":"move","destination":"b.txt","path":"d/a.txt"},"call":"filesystem_operation"},{"args":{"action":"move","destination":"d/a.txt","path":"b.txt"},"call":"filesystem_operation"}] at least 400 times and for at least 2 s while "d" is exchanged with a symlink to "${outside}/stuff"
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed
