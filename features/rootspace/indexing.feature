# Generated from specs/rootspace/indexing.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Line indexing and ranges

  @MCP-040 @MCP-013 @T4.4.1 @must
  Scenario: T4.4.1 line 1 is the first line
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"path":"f.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"first","old":"l1","path":"f.txt"}
    Then the call succeeds
    And the result field "total_lines" is 5
    And the file "f.txt" has text "first\nl2\nl3\nl4\nl5\n"
    And nothing outside the root has changed

  @MCP-040 @T4.4.2 @must
  Scenario: T4.4.2 [1, 2) is line 1 only
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l1"]
    And nothing outside the root has changed

  @MCP-041 @MCP-042 @T4.4.3 @must
  Scenario: T4.4.3 -1 is the last line
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l5"]
    And nothing outside the root has changed

  @MCP-041 @T4.4.4 @must
  Scenario: T4.4.4 -2 is the line before the last
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-2,-1],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l4"]
    And nothing outside the root has changed

  @MCP-040 @MCP-042 @T4.4.5 @must
  Scenario: T4.4.5 [1, 0] is the whole file
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[1,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l1","l2","l3","l4","l5"]
    And nothing outside the root has changed

  @MCP-041 @MCP-042 @T4.4.6 @must
  Scenario: T4.4.6 [-3, 0] is the last three lines
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-3,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l3","l4","l5"]
    And nothing outside the root has changed

  @MCP-040 @must
  Scenario: INDEX-001 [2, 4] is lines 2 and 3
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[2,4],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l2","l3"]
    And nothing outside the root has changed

  @MCP-041 @must
  Scenario: INDEX-002 [1, -1] is all but the last line
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[1,-1],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l1","l2","l3","l4"]
    And nothing outside the root has changed

  @MCP-041 @MCP-042 @must
  Scenario: INDEX-003 [-5, 0] of five lines is the whole file
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-5,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l1","l2","l3","l4","l5"]
    And nothing outside the root has changed

  @MCP-041 @MCP-042 @must
  Scenario: INDEX-004 -1 is the last line without final newline
    Given a file "f.txt" with text "l1\nl2\nl3"
    When the client calls "text.read" with {"lines":[-1,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l3"]
    And nothing outside the root has changed

  @CLR-004 @must @clarification
  Scenario: INDEX-005 [0, 0] is the whole file
    Given a file "f.txt" with text "l1\nl2\nl3\n"
    When the client calls "text.read" with {"lines":[0,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "l1\nl2\nl3\n"
    And the result field "total_lines" is 3
    And nothing outside the root has changed

  @CLR-004 @must @clarification
  Scenario: INDEX-006 [0, 3] is lines 1 and 2
    Given a file "f.txt" with text "l1\nl2\nl3\n"
    When the client calls "text.read" with {"lines":[0,3],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "l1\nl2\n"
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-007 a negative start before line 1 is INVALID_RANGE
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-6,0],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-008 a start past the end is INVALID_RANGE
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[7,0],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-009 start just past the last line is an empty range
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[6,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "total_lines" is 5
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-010 an end past the end is INVALID_RANGE, not clamped
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[2,9],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-011 an end before the start is INVALID_RANGE
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[4,2],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-012 negative bounds resolving backwards are INVALID_RANGE
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[-1,-2],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-013 [3, 3] is an empty range
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[3,3],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "total_lines" is 5
    And the result field "hash" is the hash of the file "f.txt"
    And nothing outside the root has changed

  @CLR-005 @CLR-022 @must @clarification
  Scenario: INDEX-014 the range error gives the line count
    Given a file "f.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.read" with {"lines":[9,12],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And the error message mentions ["5","9"]
    And nothing outside the root has changed

  @CLR-004 @CLR-005 @must @clarification
  Scenario: INDEX-015 [0, 0] of an empty file is empty
    Given a file "empty.txt" with text ""
    When the client calls "text.read" with {"lines":[0,0],"path":"empty.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "total_lines" is 0
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-016 [-1, 0] of an empty file is INVALID_RANGE
    Given a file "empty.txt" with text ""
    When the client calls "text.read" with {"lines":[-1,0],"path":"empty.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-006 @must @clarification
  Scenario: INDEX-017 lines with one number is an invalid argument
    Given a file "f.txt" with text "l1\nl2\n"
    When the client calls "text.read" with {"lines":[2],"path":"f.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And nothing outside the root has changed

  @CLR-006 @must @clarification
  Scenario: INDEX-018 lines with three numbers is an invalid argument
    Given a file "f.txt" with text "l1\nl2\n"
    When the client calls "text.read" with {"lines":[1,2,3],"path":"f.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And nothing outside the root has changed

  @CLR-006 @must @clarification
  Scenario: INDEX-019 lines as a string is an invalid argument
    Given a file "f.txt" with text "l1\nl2\n"
    When the client calls "text.read" with {"lines":"1-3","path":"f.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And nothing outside the root has changed

  @CLR-006 @must @clarification
  Scenario: INDEX-020 fractional bounds are an invalid argument
    Given a file "f.txt" with text "l1\nl2\n"
    When the client calls "text.read" with {"lines":[1.5,2],"path":"f.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-021 a huge end is INVALID_RANGE
    Given a file "f.txt" with text "l1\nl2\n"
    When the client calls "text.read" with {"lines":[1,1000000],"path":"f.txt"}
    Then the call fails with a invalid_range error
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: INDEX-022 a replace range past the end is not clamped
    Given a file "f.txt" with text "l1\nl2\nl3\n"
    When the client calls "text.replace" with {"hash":"${sha256:f.txt}","lines":[3,10],"new":"L3","old":"l3","path":"f.txt"}
    Then the call fails with a invalid_range error
    And the file "f.txt" has text "l1\nl2\nl3\n"
    And nothing outside the root has changed

  @CLR-004 @CLR-003 @must @clarification
  Scenario: INDEX-023 negative end with open start
    Given a file "f.txt" with text "l1\nl2\nl3\n"
    When the client calls "text.read" with {"lines":[0,-1],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "l1\nl2\n"
    And nothing outside the root has changed

  @CLR-003 @CLR-001 @must @clarification
  Scenario: INDEX-024 negative bounds in a CRLF file
    Given a file "crlf.txt" with text "l1\r\nl2\r\nl3\r\n"
    When the client calls "text.read" with {"lines":[-2,0],"path":"crlf.txt"}
    Then the call succeeds
    And the result field "content" is "l2\r\nl3\r\n"
    And the result field "total_lines" is 3
    And nothing outside the root has changed

  @CLR-003 @CLR-001 @must @clarification
  Scenario: INDEX-025 [-1, 0] of a file ending in an empty line
    Given a file "f.txt" with text "a\n\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed
