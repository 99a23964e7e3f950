# Generated from specs/lighthouse/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Reading files (read)

  @FR-3.1.1 @FR-3.1.3 @must
  Scenario: LH-READ-001 read returns the whole file
    Given a file "test.txt" with text "alpha\nbeta\ngamma"
    When the client calls "read" with {"path":"test.txt"}
    Then the call succeeds
    And the result field "lineCount" is 3
    And the result field "totalLines" is 3
    And the result field "content" has the lines ["alpha","beta","gamma"]
    And nothing outside the root has changed

  @FR-3.1.2 @FR-3.1.3 @must
  Scenario: LH-READ-002 startLine 2, endLine 5 returns three lines
    Given a file "ten.txt" with text "l0\nl1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"
    When the client calls "read" with {"endLine":5,"path":"ten.txt","startLine":2}
    Then the call succeeds
    And the result field "lineCount" is 3
    And the result field "content" has the lines ["l2","l3","l4"]
    And nothing outside the root has changed

  @FR-3.1.2 @must
  Scenario: LH-READ-003 startLine alone reads to the end
    Given a file "five.txt" with text "a\nb\nc\nd\ne"
    When the client calls "read" with {"path":"five.txt","startLine":3}
    Then the call succeeds
    And the result field "content" has the lines ["d","e"]
    And nothing outside the root has changed

  @FR-3.1.2 @must
  Scenario: LH-READ-004 endLine alone reads from the start
    Given a file "five.txt" with text "a\nb\nc\nd\ne"
    When the client calls "read" with {"endLine":2,"path":"five.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["a","b"]
    And nothing outside the root has changed

  @FR-3.1.3 @must
  Scenario: LH-READ-005 totalLines counts the file, not the range
    Given a file "five.txt" with text "a\nb\nc\nd\ne"
    When the client calls "read" with {"endLine":2,"path":"five.txt","startLine":1}
    Then the call succeeds
    And the result field "lineCount" is 1
    And the result field "totalLines" is 5
    And nothing outside the root has changed

  @FR-3.1.16 @AC-3.1.4 @must
  Scenario: LH-READ-006 a missing file is FILE_NOT_FOUND naming the path
    When the client calls "read" with {"path":"nonexistent.txt"}
    Then the call fails with a not_found error
    And the error carries the facts of a not_found error
    And nothing outside the root has changed

  @FR-3.1.3 @must
  Scenario: LH-READ-007 the result names the path that was read
    Given a file "notes/a.md" with text "x\n"
    When the client calls "read" with {"path":"notes/a.md"}
    Then the call succeeds
    And the result field "path" is "notes/a.md"
    And nothing outside the root has changed

  @LH-CLR-05 @must @clarification
  Scenario: LH-READ-008 a ranged read returns the exact bytes of its lines
    Given a file "crlf.txt" with text "a\r\nb\r\nc\r\n"
    When the client calls "read" with {"endLine":3,"path":"crlf.txt","startLine":1}
    Then the call succeeds
    And the result field "content" is "b\r\nc\r\n"
    And the result field "lineCount" is 2
    And the result field "totalLines" is 3
    And nothing outside the root has changed

  @LH-CLR-05 @must @clarification
  Scenario: LH-READ-009 a final newline does not start another line
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "content" is "a\nb\n"
    And the result field "lineCount" is 2
    And the result field "totalLines" is 2
    And nothing outside the root has changed

  @LH-CLR-05 @must @clarification
  Scenario: LH-READ-010 an empty file has no lines
    Given a file "empty.txt" with text ""
    When the client calls "read" with {"path":"empty.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "lineCount" is 0
    And the result field "totalLines" is 0
    And nothing outside the root has changed

  @LH-CLR-04 @must @clarification
  Scenario: LH-READ-011 endLine past the end is clamped
    Given a file "three.txt" with text "a\nb\nc\n"
    When the client calls "read" with {"endLine":99,"path":"three.txt","startLine":1}
    Then the call succeeds
    And the result field "content" is "b\nc\n"
    And the result field "lineCount" is 2
    And the result field "totalLines" is 3
    And nothing outside the root has changed

  @LH-CLR-04 @must @clarification
  Scenario: LH-READ-012 startLine at or past endLine gives empty content
    Given a file "three.txt" with text "a\nb\nc\n"
    When the client calls "read" with {"endLine":2,"path":"three.txt","startLine":2}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "lineCount" is 0
    And the result field "totalLines" is 3
    And nothing outside the root has changed

  @LH-CLR-04 @LH-CLR-02 @must @clarification
  Scenario: LH-READ-013 a negative startLine is INVALID_ARGUMENT
    Given a file "three.txt" with text "a\nb\nc\n"
    When the client calls "read" with {"path":"three.txt","startLine":-1}
    Then the call fails with a invalid_argument error
    And the error message mentions ["startLine"]
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-READ-014 reading a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "read" with {"path":"notes"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-READ-015 a file that is not UTF-8 is NOT_TEXT
    Given a file "bin.dat" with base64 "//4AAQ=="
    When the client calls "read" with {"path":"bin.dat"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @LH-CLR-02 @FR-3.1.16 @must @clarification
  Scenario: LH-READ-016 a failure is a ToolResult with code and aiMessage
    When the client calls "read" with {"path":"missing.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["missing.txt"]
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-READ-017 a missing path argument is INVALID_ARGUMENT
    When the client calls "read" with {}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And nothing outside the root has changed

  @LH-CLR-03 @must @clarification
  Scenario: LH-READ-018 an absolute path inside the root is read
    Given a file "notes/a.md" with text "inside\n"
    When the client calls "read" with {"path":"${root}/notes/a.md"}
    Then the call succeeds
    And the result field "content" is "inside\n"
    And nothing outside the root has changed

  @FR-3.1.16 @must
  Scenario: LH-READ-019 a failure carries the ToolError fields the seed declares
    When the client calls "read" with {"path":"missing.txt"}
    Then the call fails with a not_found error
    And the error has the field "success" of type boolean
    And the error has the field "error.code" of type string
    And the error has the field "error.message" of type string
    And the error has the field "error.aiMessage" of type string
    And the error has the field "error.recoverable" of type boolean
    And nothing outside the root has changed
