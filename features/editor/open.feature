# Generated from specs/editor/open.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Opening files and positions (file_open)

  @FILE-OPEN @must
  Scenario: ED-OPEN-001 open returns success and the line asked for
    Given a file "a.txt" with text "one\ntwo\nthree\n"
    When the client calls "file_open" with {"column":2,"line":2,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 2
    And nothing outside the root has changed

  @FILE-OPEN @ED-CLR-03 @must @clarification
  Scenario: ED-OPEN-012 the column asked for comes back 1-based
    Given a file "a.txt" with text "one\ntwo\nthree\n"
    When the client calls "file_open" with {"column":2,"line":2,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 2
    And the result field "column" is 2
    And nothing outside the root has changed

  @FILE-OPEN @must
  Scenario: ED-OPEN-002 the buffer is named after the file
    Given a file "src/notes.md" with text "# Notes\n"
    When the client calls "file_open" with {"uri":"file://${root}/src/notes.md"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "buffer" is "notes.md"
    And nothing outside the root has changed

  @FILE-POSITION @must
  Scenario: ED-OPEN-003 a line past the end is clamped to the last line
    Given a file "a.txt" with text "a\nb\nc"
    When the client calls "file_open" with {"line":99,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 3
    And nothing outside the root has changed

  @FILE-OPEN @must
  Scenario: ED-OPEN-004 without a position the cursor is on line 1
    Given a file "a.txt" with text "a\nb\nc"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 1
    And nothing outside the root has changed

  @FILE-POSITION @ED-CLR-03 @must @clarification
  Scenario: ED-OPEN-005 a column past the line is clamped to its end
    Given a file "a.txt" with text "abc\nde\n"
    When the client calls "file_open" with {"column":99,"line":1,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 1
    And the result field "column" is 4
    And nothing outside the root has changed

  @FILE-POSITION @ED-CLR-03 @must @clarification
  Scenario: ED-OPEN-006 a final newline does not start another line
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "file_open" with {"column":9,"line":9,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "line" is 2
    And the result field "column" is 2
    And nothing outside the root has changed

  @FILE-POSITION @ED-CLR-03 @must @clarification
  Scenario: ED-OPEN-007 line 0 and column 0 become 1 and 1
    Given a file "a.txt" with text "abc\n"
    When the client calls "file_open" with {"column":0,"line":0,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "buffer" is "a.txt"
    And the result field "line" is 1
    And the result field "column" is 1
    And nothing outside the root has changed

  @FILE-POSITION @ED-CLR-03 @must @clarification
  Scenario: ED-OPEN-008 columns count characters, not bytes
    Given a file "a.txt" with text "héé\n"
    When the client calls "file_open" with {"column":99,"line":1,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "line" is 1
    And the result field "column" is 4
    And nothing outside the root has changed

  @FILE-OPEN @FILE-ERRORS @must
  Scenario: ED-OPEN-009 opening a missing file is File not found
    When the client calls "file_open" with {"uri":"file://${root}/missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FILE-ERRORS @ED-CLR-01 @must @clarification
  Scenario: ED-OPEN-010 opening a missing file is FILE_NOT_FOUND
    When the client calls "file_open" with {"uri":"file://${root}/missing.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found"]
    And nothing outside the root has changed

  @FILE-ENCODING @ED-CLR-08 @must @clarification
  Scenario: ED-OPEN-011 opening a Latin-1 file is NOT_TEXT
    Given a file "latin.txt" with base64 "Y2Fm6Qo="
    When the client calls "file_open" with {"uri":"file://${root}/latin.txt"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @ED-CLR-11 @must @clarification
  Scenario: ED-OPEN-013 a hard link to an outside file is not opened
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "file_open" with {"uri":"file://${root}/twin.txt"}
    Then the call fails
    And the error message mentions ["hard link"]
    And nothing outside the root has changed

  @ED-CLR-01 @must @clarification
  Scenario: ED-OPEN-014 a failed file_open is an isError result
    Given a directory "docs"
    When the client calls "file_open" with {"uri":"file://${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
