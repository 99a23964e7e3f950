# Generated from specs/editor/close.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Closing files (file_close)

  @FILE-CLOSE @must
  Scenario: ED-CLOSE-001 close after open succeeds, not modified
    Given a file "a.txt" with text "a\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_close" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is false
    And nothing outside the root has changed

  @FILE-CLOSE @ED-CLR-05 @must @clarification
  Scenario: ED-CLOSE-002 close after a save that changed the file says so
    Given a file "a.txt" with text "a\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"b\n","uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_close" with {"save_if_modified":true,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is true
    And the file "a.txt" has text "b\n"
    And nothing outside the root has changed

  @FILE-CLOSE @ED-CLR-05 @must @clarification
  Scenario: ED-CLOSE-003 saving the same content is no modification
    Given a file "a.txt" with text "a\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"a\n","uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_close" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is false
    And nothing outside the root has changed

  @FILE-CLOSE @ED-CLR-05 @must @clarification
  Scenario: ED-CLOSE-004 closing a file that is not open succeeds
    Given a file "a.txt" with text "a\n"
    When the client calls "file_close" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is false
    And nothing outside the root has changed

  @FILE-CLOSE @ED-CLR-05 @must @clarification
  Scenario: ED-CLOSE-005 a closed buffer forgets its modification
    Given a file "a.txt" with text "a\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"b\n","uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_close" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_close" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is false
    And nothing outside the root has changed

  @ED-CLR-01 @must @clarification
  Scenario: ED-CLOSE-006 a failed file_close is an isError result
    Given a directory "docs"
    When the client calls "file_close" with {"uri":"http://example.invalid/notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
