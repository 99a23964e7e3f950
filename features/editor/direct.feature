# Generated from specs/editor/direct.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: The seed's JSON-RPC methods, called directly

  @FILE-OPEN @must
  Scenario: ED-RPC-001 file/open answers the seed's result
    Given a file "file.el" with text "(a)\n(b)\n(c)\n"
    When the client sends the request "file/open" with {"column":3,"line":2,"uri":"file://${root}/file.el"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "buffer" is "file.el"
    And the result field "line" is 2
    And nothing outside the root has changed

  @FILE-READ @must
  Scenario: ED-RPC-002 file/read answers content, lines, encoding
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client sends the request "file/read" with {"end_line":2,"start_line":1,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "lines" is 2
    And the result field "content" has the lines ["a","b"]
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: ED-RPC-003 file/save answers success and bytes_written
    Given a file "a.txt" with text "old\n"
    When the client sends the request "file/save" with {"content":"updated\n","create_if_not_exists":true,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 8
    And the file "a.txt" has text "updated\n"
    And nothing outside the root has changed

  @FILE-CLOSE @must
  Scenario: ED-RPC-004 file/close after file/open answers was_modified false
    Given a file "a.txt" with text "a\n"
    When the client sends the request "file/open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client sends the request "file/close" with {"save_if_modified":true,"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "was_modified" is false
    And nothing outside the root has changed

  @FILE-READ @FILE-ERRORS @must
  Scenario: ED-RPC-005 file/read of a missing file is File not found
    When the client sends the request "file/read" with {"uri":"file://${root}/missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FILE-URI @FILE-ERRORS @must
  Scenario: ED-RPC-006 file/open of a relative URI is refused
    Given a file "a.txt" with text "decoy\n"
    When the client sends the request "file/open" with {"uri":"a.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-RPC-007 file/save outside the root is refused
    Given an outside file "secret" with text "top secret\n"
    When the client sends the request "file/save" with {"content":"pwned","uri":"file://${root}/../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-ERRORS @ED-CLR-01 @must @clarification
  Scenario: ED-RPC-008 file/read of a missing file is FILE_NOT_FOUND
    When the client sends the request "file/read" with {"uri":"file://${root}/missing.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found"]
    And nothing outside the root has changed

  @FILE-OPEN @ED-CLR-01 @ED-CLR-03 @must @clarification
  Scenario: ED-RPC-010 file/open answers the column asked for
    Given a file "file.el" with text "(a)\n(b)\n(c)\n"
    When the client sends the request "file/open" with {"column":3,"line":2,"uri":"file://${root}/file.el"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "buffer" is "file.el"
    And the result field "line" is 2
    And the result field "column" is 3
    And nothing outside the root has changed

  @FILE-SAVE @FILE-READ @ED-CLR-01 @must @clarification
  Scenario: ED-RPC-009 a save by method is read back by tool
    Given a file "a.txt" with text "old\n"
    When the client sends the request "file/save" with {"content":"same\n","uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_read" with {"uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "same\n"
    And the result field "lines" is 1
    And the result field "encoding" is "utf-8"
    And nothing outside the root has changed
