# Generated from specs/devs/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Reading files (filesystem_operation read)

  @3_MCP-TAS-079-READ @must
  Scenario: DV-READ-001 read returns the file's text and bytesRead
    Given a file "notes/a.md" with text "hello\nworld\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"notes/a.md"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "bytesRead" is 12
    And the result field "data" has the lines ["hello","world"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-NOTFOUND @must
  Scenario: DV-READ-002 a missing file is File not found
    When the client calls "filesystem_operation" with {"action":"read","path":"nonexistent.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-READ @must
  Scenario: DV-READ-003 an empty file reads as empty data
    Given a file "empty.txt" with text ""
    When the client calls "filesystem_operation" with {"action":"read","path":"empty.txt"}
    Then the call succeeds
    And the result field "data" is ""
    And the result field "bytesRead" is 0
    And nothing outside the root has changed

  @DV-CLR-03 @must @clarification
  Scenario: DV-READ-004 data is the file's exact bytes, CRLF kept
    Given a file "crlf.txt" with text "a\r\nb\r\nno final newline"
    When the client calls "filesystem_operation" with {"action":"read","path":"crlf.txt"}
    Then the call succeeds
    And the result field "data" is "a\r\nb\r\nno final newline"
    And the result field "bytesRead" is 22
    And nothing outside the root has changed

  @DV-CLR-02 @must @clarification
  Scenario: DV-READ-005 bytesRead counts UTF-8 bytes, not characters
    Given a file "u.txt" with text "é€"
    When the client calls "filesystem_operation" with {"action":"read","path":"u.txt"}
    Then the call succeeds
    And the result field "data" is "é€"
    And the result field "bytesRead" is 5
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: DV-READ-006 a missing file names its path in the hint
    When the client calls "filesystem_operation" with {"action":"read","path":"notes/missing.md"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found","notes/missing.md"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-ERRORS @must
  Scenario: DV-READ-007 reading a directory fails with ok false
    Given a directory "notes"
    When the client calls "filesystem_operation" with {"action":"read","path":"notes"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-11 @must @clarification
  Scenario: DV-READ-008 reading a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "filesystem_operation" with {"action":"read","path":"notes"}
    Then the call fails with a not_a_file error
    And the error message mentions ["notes"]
    And nothing outside the root has changed

  @DV-CLR-11 @must @clarification
  Scenario: DV-READ-009 a file that is not UTF-8 is NOT_TEXT
    Given a file "bin.dat" with base64 "//4AAQ=="
    When the client calls "filesystem_operation" with {"action":"read","path":"bin.dat"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-READ-010 an absolute path inside the root is read
    Given a file "notes/a.md" with text "inside\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"${root}/notes/a.md"}
    Then the call succeeds
    And the result field "data" is "inside\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-READ @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-READ-011 dot-dot that stays inside the root is allowed
    Given a file "b/x.txt" with text "x\n"
    And a directory "a"
    When the client calls "filesystem_operation" with {"action":"read","path":"a/../b/x.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-READ-012 a read through a link inside the root reads the target
    Given a file "real.txt" with text "real\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "filesystem_operation" with {"action":"read","path":"link.txt"}
    Then the call succeeds
    And the result field "data" is "real\n"
    And the result field "bytesRead" is 5
    And nothing outside the root has changed
