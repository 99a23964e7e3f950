# Generated from specs/rootspace/replace.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Replacing lines (text.replace)

  @MCP-013 @MCP-045 @MCP-033 @T4.1.1 @must
  Scenario: T4.1.1 replace one line
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @MCP-013 @MCP-045 @T4.1.2 @must
  Scenario: T4.1.2 replace several consecutive lines
    Given a file "a.txt" with text "a\nb\nc\nd\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,4],"new":"X\nY","old":"b\nc","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nX\nY\nd\n"
    And nothing outside the root has changed

  @MCP-013 @MCP-032 @MCP-034 @MCP-052 @T4.1.3 @must
  Scenario: T4.1.3 replace with a stale hash is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "a\nb\nc\nd\n"
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error carries the facts of a stale_hash error
    And the file "a.txt" has text "a\nb\nc\nd\n"
    And nothing outside the root has changed

  @MCP-045 @MCP-052 @T4.1.4 @must
  Scenario: T4.1.4 old that does not match is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"B","old":"zzz","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error carries the facts of a content_mismatch error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-045 @MCP-040 @T4.1.5 @must
  Scenario: T4.1.5 old outside the range is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"C","old":"c","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-013 @T4.1.6 @must
  Scenario: T4.1.6 a changed line count updates total_lines
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"b1\nb2\nb3","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 5
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nb1\nb2\nb3\nc\n"
    And nothing outside the root has changed

  @MCP-013 @MCP-050 @T4.1.7 @must
  Scenario: T4.1.7 replace in a missing file is not found
    When the client calls "text.replace" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","lines":[1,2],"new":"A","old":"a","path":"missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @CLR-008 @must @clarification
  Scenario: REPLACE-001 old found twice inside the range is ambiguous
    Given a file "a.txt" with text "x\ny\nx\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[1,0],"new":"X","old":"x","path":"a.txt"}
    Then the call fails with a ambiguous_match error
    And the error message mentions ["1","3"]
    And the error message mentions one of ["narrow","range"]
    And the file "a.txt" has text "x\ny\nx\n"
    And nothing outside the root has changed

  @MCP-045 @MCP-040 @must
  Scenario: REPLACE-002 the range picks one of two equal lines
    Given a file "a.txt" with text "x\ny\nx\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[3,4],"new":"X","old":"x","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "x\ny\nX\n"
    And nothing outside the root has changed

  @MCP-045 @MCP-013 @must
  Scenario: REPLACE-003 old spanning three lines
    Given a file "a.txt" with text "a\nb\nc\nd\ne\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,5],"new":"M","old":"b\nc\nd","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nM\ne\n"
    And nothing outside the root has changed

  @MCP-045 @must
  Scenario: REPLACE-004 a part of a line does not match
    Given a file "a.txt" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"ALP","old":"alp","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the file "a.txt" has text "alpha\nbeta\n"
    And nothing outside the root has changed

  @MCP-045 @MCP-040 @must
  Scenario: REPLACE-005 old running past the range end is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"X","old":"a\nb","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-007 @CLR-008 @must @clarification
  Scenario: REPLACE-006 an empty new deletes the lines
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nc\n"
    And nothing outside the root has changed

  @CLR-007 @must @clarification
  Scenario: REPLACE-007 an empty old is an invalid argument
    Given a file "a.txt" with text "a\n\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"b","old":"","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["old"]
    And the file "a.txt" has text "a\n\nc\n"
    And nothing outside the root has changed

  @CLR-007 @must @clarification
  Scenario: REPLACE-008 old "\n" matches one empty line
    Given a file "a.txt" with text "a\n\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"b","old":"\n","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-007 @must @clarification
  Scenario: REPLACE-009 a trailing newline in old and new is optional
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"B\n","old":"b\n","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: REPLACE-010 new lines in a CRLF file get CRLF
    Given a file "crlf.txt" with text "a\r\nb\r\nc\r\n"
    When the client calls "text.replace" with {"hash":"${sha256:crlf.txt}","lines":[2,3],"new":"X\nY","old":"b","path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "crlf.txt" has text "a\r\nX\r\nY\r\nc\r\n"
    And nothing outside the root has changed

  @CLR-007 @CLR-011 @must @clarification
  Scenario: REPLACE-011 old written with CRLF matches a CRLF line
    Given a file "crlf.txt" with text "a\r\nb\r\nc\r\n"
    When the client calls "text.replace" with {"hash":"${sha256:crlf.txt}","lines":[2,3],"new":"B\r\n","old":"b\r\n","path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "crlf.txt" has text "a\r\nB\r\nc\r\n"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: REPLACE-012 replacing an unterminated last line keeps it so
    Given a file "nonl.txt" with text "a\nb"
    When the client calls "text.replace" with {"hash":"${sha256:nonl.txt}","lines":[2,3],"new":"B","old":"b","path":"nonl.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "nonl.txt" has text "a\nB"
    And nothing outside the root has changed

  @CLR-011 @CLR-007 @must @clarification
  Scenario: REPLACE-013 two new lines for an unterminated last line
    Given a file "nonl.txt" with text "a\nb"
    When the client calls "text.replace" with {"hash":"${sha256:nonl.txt}","lines":[-1,0],"new":"X\nY","old":"b","path":"nonl.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "nonl.txt" has text "a\nX\nY"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: REPLACE-014 mixed endings: untouched bytes stay exact
    Given a file "mixed.txt" with text "a\r\nb\nc\r\n"
    When the client calls "text.replace" with {"hash":"${sha256:mixed.txt}","lines":[3,4],"new":"C","old":"c","path":"mixed.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "mixed.txt" has text "a\r\nb\nC\r\n"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: REPLACE-015 mixed endings: new lines follow the first ending
    Given a file "mixed.txt" with text "a\nb\r\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:mixed.txt}","lines":[2,3],"new":"B","old":"b","path":"mixed.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "mixed.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @MCP-041 @MCP-042 @MCP-045 @must
  Scenario: REPLACE-016 range [-1, 0] replaces the last line
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[-1,0],"new":"C","old":"c","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nb\nC\n"
    And nothing outside the root has changed

  @MCP-041 @MCP-045 @must
  Scenario: REPLACE-017 range [-2, -1] replaces the line before the last
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[-2,-1],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @CLR-005 @CLR-022 @must @clarification
  Scenario: REPLACE-018 a range past the end is INVALID_RANGE
    Given a file "a.txt" with text "l1\nl2\nl3\nl4\nl5\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[8,9],"new":"L1","old":"l1","path":"a.txt"}
    Then the call fails with a invalid_range error
    And the error message mentions ["5","8"]
    And the file "a.txt" has text "l1\nl2\nl3\nl4\nl5\n"
    And nothing outside the root has changed

  @CLR-005 @must @clarification
  Scenario: REPLACE-019 an end before the start is INVALID_RANGE
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[3,2],"new":"B","old":"b","path":"a.txt"}
    Then the call fails with a invalid_range error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-008 @CLR-022 @must @clarification
  Scenario: REPLACE-020 a mismatch quotes the actual line
    Given a file "a.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"B","old":"bravo","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["2","beta"]
    And nothing outside the root has changed

  @CLR-008 @CLR-022 @must @clarification
  Scenario: REPLACE-021 a mismatch says where old really is
    Given a file "a.txt" with text "alpha\nbeta\ngamma\ndelta\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[1,2],"new":"D","old":"delta","path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["alpha","4"]
    And nothing outside the root has changed

  @MCP-013 @MCP-045 @must
  Scenario: REPLACE-022 replace Unicode text
    Given a file "u.txt" with text "café\nnaïve\n"
    When the client calls "text.read" with {"path":"u.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"☕ coffee 😀","old":"café","path":"u.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the result field "hash" is the hash of the file "u.txt"
    And the file "u.txt" has text "☕ coffee 😀\nnaïve\n"
    And nothing outside the root has changed

  @CLR-030 @CLR-008 @must @clarification
  Scenario: REPLACE-023 NFD old does not match an NFC line
    Given a file "u.txt" with text "café\n"
    When the client calls "text.replace" with {"hash":"${sha256:u.txt}","lines":[1,2],"new":"x","old":"café","path":"u.txt"}
    Then the call fails with a content_mismatch error
    And the file "u.txt" has text "café\n"
    And nothing outside the root has changed

  @CLR-027 @must @clarification
  Scenario: REPLACE-024 replace keeps permission bits 0o640
    Given a file "a.txt" with text "a\nb\nc\n"
    And the file "a.txt" has mode 0o640
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has mode 0o640
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @CLR-027 @must @clarification
  Scenario: REPLACE-025 replace keeps an executable bit
    Given a file "run.sh" with text "#!/bin/sh\necho old\n"
    And the file "run.sh" has mode 0o755
    When the client calls "text.replace" with {"hash":"${sha256:run.sh}","lines":[2,3],"new":"echo new","old":"echo old","path":"run.sh"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "run.sh"
    And the file "run.sh" has mode 0o755
    And nothing outside the root has changed

  @CLR-027 @CLR-024 @must @clarification
  Scenario: REPLACE-026 no temporary file is left after replace
    Given a file "notes/a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:notes/a.txt}","lines":[2,3],"new":"B","old":"b","path":"notes/a.txt"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing names are ["a.txt"]
    And nothing outside the root has changed

  @MCP-013 @MCP-041 @must
  Scenario: REPLACE-027 replace the last line of a 10 MB file
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"big.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[-1,0],"new":"END","old":"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-","path":"big.txt"}
    Then the call succeeds
    And the result field "total_lines" is 163840
    And the result field "hash" is the hash of the file "big.txt"
    And nothing outside the root has changed

  @CLR-004 @CLR-008 @must @clarification
  Scenario: REPLACE-028 range [0, 0] searches the whole file
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[0,0],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: REPLACE-029 replace in a binary file is NOT_TEXT
    Given a file "img.png" with base64 "iVBORw0KGgoAAA=="
    When the client calls "text.replace" with {"hash":"${sha256:img.png}","lines":[1,2],"new":"y","old":"x","path":"img.png"}
    Then the call fails with a not_text error
    And the error message mentions ["base64"]
    And the file "img.png" has base64 "iVBORw0KGgoAAA=="
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: REPLACE-030 replace on a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "text.replace" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","lines":[1,2],"new":"y","old":"x","path":"notes"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: REPLACE-031 a missing lines argument is an invalid argument
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","new":"B","old":"b","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-007 @CLR-001 @must @clarification
  Scenario: REPLACE-032 delete the whole content of a file
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[1,0],"new":"","old":"a\nb","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 0
    And the file "a.txt" has text ""
    And nothing outside the root has changed
