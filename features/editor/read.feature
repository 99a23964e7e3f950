# Generated from specs/editor/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Reading files (file_read)

  @FILE-READ @must
  Scenario: ED-READ-001 read returns the whole file and its line count
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "lines" is 3
    And the result field "content" has the lines ["a","b","c"]
    And nothing outside the root has changed

  @FILE-READ @must
  Scenario: ED-READ-002 start_line 2 and end_line 3 return lines 2 and 3
    Given a file "a.txt" with text "a\nb\nc\nd\n"
    When the client calls "file_read" with {"end_line":3,"start_line":2,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "lines" is 2
    And the result field "content" has the lines ["b","c"]
    And nothing outside the root has changed

  @FILE-READ @FILE-SAVE @must
  Scenario: ED-READ-003 read of an open buffer serves what was saved
    Given a file "a.txt" with text "old\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"new\nlines\n","uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["new","lines"]
    And nothing outside the root has changed

  @FILE-READ @FILE-ERRORS @must
  Scenario: ED-READ-004 reading a missing file is File not found
    When the client calls "file_read" with {"uri":"file://${root}/missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-04 @must @clarification
  Scenario: ED-READ-005 content is byte-exact and the encoding utf-8
    Given a file "a.txt" with text "é\r\nb\n"
    When the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "é\r\nb\n"
    And the result field "lines" is 2
    And the result field "encoding" is "utf-8"
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-04 @must @clarification
  Scenario: ED-READ-006 start_line alone reads to the end
    Given a file "a.txt" with text "a\nb\nc\nd\n"
    When the client calls "file_read" with {"start_line":3,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "c\nd\n"
    And the result field "lines" is 2
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-04 @must @clarification
  Scenario: ED-READ-007 end_line past the file is clamped
    Given a file "a.txt" with text "a\nb\nc\nd\n"
    When the client calls "file_read" with {"end_line":99,"start_line":0,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "a\nb\nc\nd\n"
    And the result field "lines" is 4
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-04 @must @clarification
  Scenario: ED-READ-008 a range past the end of the file is empty
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "file_read" with {"end_line":12,"start_line":9,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "lines" is 0
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-04 @must @clarification
  Scenario: ED-READ-009 a start after the end is INVALID_PARAMS
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "file_read" with {"end_line":2,"start_line":3,"uri":"file://${root}/a.txt"}
    Then the call fails with a invalid_argument error
    And nothing outside the root has changed

  @FILE-ENCODING @ED-CLR-08 @must @clarification
  Scenario: ED-READ-010 reading a Latin-1 file is NOT_TEXT
    Given a file "latin.txt" with base64 "Y2Fm6Qo="
    When the client calls "file_read" with {"uri":"file://${root}/latin.txt"}
    Then the call fails with a not_text error
    And nothing outside the root has changed
