# Generated from specs/editor/conflicts.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: File reload conflicts

  @FILE-WATCH @ED-CLR-06 @must @clarification
  Scenario: ED-CONF-001 read of an open file changed on disk serves the disk
    Given a file "a.txt" with text "mine\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the file "a.txt" is changed on disk to "theirs\n"
    And the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "theirs\n"
    And the result field "lines" is 1
    And nothing outside the root has changed

  @FILE-WATCH @FILE-SAVE @ED-CLR-06 @must @clarification
  Scenario: ED-CONF-002 save over a change on disk is CONFLICT, nothing lost
    Given a file "a.txt" with text "mine\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the file "a.txt" is changed on disk to "theirs\n"
    And the client calls "file_save" with {"content":"overwrite\n","uri":"file://${root}/a.txt"}
    Then the call fails with a stale_hash error
    And the error message mentions ["file/read"]
    And the file "a.txt" has text "theirs\n"
    And nothing outside the root has changed

  @FILE-WATCH @FILE-SAVE @ED-CLR-06 @must @clarification
  Scenario: ED-CONF-003 after a read the save goes through
    Given a file "a.txt" with text "mine\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the file "a.txt" is changed on disk to "theirs\n"
    And the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"merged\n","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the file "a.txt" has text "merged\n"
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-06 @must @clarification
  Scenario: ED-CONF-004 a file that is not open is saved as it is
    Given a file "a.txt" with text "mine\n"
    When the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the file "a.txt" is changed on disk to "theirs\n"
    And the client calls "file_save" with {"content":"last\n","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the file "a.txt" has text "last\n"
    And nothing outside the root has changed
