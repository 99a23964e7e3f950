# Generated from specs/rootspace/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Reading text (text.read)

  @MCP-012 @T3.5.1 @must
  Scenario: T3.5.1 a whole read returns content, hash and total_lines
    Given a file "notes/a.md" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "content" has the lines ["a","b","c"]
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-012 @MCP-040 @T3.5.2 @must
  Scenario: T3.5.2 lines [1, 3] return lines 1 and 2
    Given a file "notes/a.md" with text "a\nb\nc\n"
    When the client calls "text.read" with {"lines":[1,3],"path":"notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["a","b"]
    And nothing outside the root has changed

  @MCP-012 @MCP-041 @MCP-042 @T3.5.3 @must
  Scenario: T3.5.3 lines [-2, 0] return the last two lines
    Given a file "notes/a.md" with text "a\nb\nc\nd\n"
    When the client calls "text.read" with {"lines":[-2,0],"path":"notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["c","d"]
    And nothing outside the root has changed

  @MCP-012 @MCP-042 @T3.5.4 @must
  Scenario: T3.5.4 lines [5, 0] return line 5 to the end
    Given a file "notes/a.md" with text "l1\nl2\nl3\nl4\nl5\nl6\nl7\n"
    When the client calls "text.read" with {"lines":[5,0],"path":"notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["l5","l6","l7"]
    And nothing outside the root has changed

  @MCP-012 @MCP-050 @T3.5.5 @must
  Scenario: T3.5.5 reading a missing file is not found
    When the client calls "text.read" with {"path":"notes/missing.md"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-012 @T3.5.6 @must
  Scenario: T3.5.6 an empty file has empty content and 0 lines
    Given a file "empty.txt" with text ""
    When the client calls "text.read" with {"path":"empty.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "total_lines" is 0
    And the result field "hash" is the hash of the file "empty.txt"
    And nothing outside the root has changed

  @CLR-002 @MCP-012 @must @clarification
  Scenario: READ-001 a ranged read returns the whole-file hash and count
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"lines":[2,3],"path":"a.txt"}
    Then the call succeeds
    And the result field "content" is "b\n"
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed

  @CLR-002 @CLR-001 @must @clarification
  Scenario: READ-002 a ranged read keeps CRLF terminators
    Given a file "crlf.txt" with text "a\r\nb\r\nc\r\n"
    When the client calls "text.read" with {"lines":[2,0],"path":"crlf.txt"}
    Then the call succeeds
    And the result field "content" is "b\r\nc\r\n"
    And the result field "total_lines" is 3
    And nothing outside the root has changed

  @CLR-002 @CLR-001 @must @clarification
  Scenario: READ-003 a last line without newline is read without one
    Given a file "nonl.txt" with text "a\nb"
    When the client calls "text.read" with {"lines":[2,0],"path":"nonl.txt"}
    Then the call succeeds
    And the result field "content" is "b"
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @CLR-002 @must @clarification
  Scenario: READ-004 a whole read returns the exact bytes
    Given a file "mixed.txt" with text "a\r\nb\nc\rd\ne"
    When the client calls "text.read" with {"path":"mixed.txt"}
    Then the call succeeds
    And the result field "content" is "a\r\nb\nc\rd\ne"
    And the result field "total_lines" is 4
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-005 "a" has 1 line
    Given a file "f.txt" with text "a"
    When the client calls "text.read" with {"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "a"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-006 "a\n" has 1 line
    Given a file "f.txt" with text "a\n"
    When the client calls "text.read" with {"path":"f.txt"}
    Then the call succeeds
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-007 "\n" has 1 (empty) line
    Given a file "f.txt" with text "\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "\n"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-008 "a\nb" has 2 lines
    Given a file "f.txt" with text "a\nb"
    When the client calls "text.read" with {"path":"f.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-009 "a\n\n" has 2 lines
    Given a file "f.txt" with text "a\n\n"
    When the client calls "text.read" with {"lines":[2,3],"path":"f.txt"}
    Then the call succeeds
    And the result field "content" is "\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-010 a lone CR is content, not a line break
    Given a file "cr.txt" with text "a\rb\nc\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"cr.txt"}
    Then the call succeeds
    And the result field "content" is "a\rb\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-011 CRLF lines count like LF lines
    Given a file "crlf.txt" with text "a\r\nb\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @CLR-001 @must @clarification
  Scenario: READ-012 mixed endings count each terminator once
    Given a file "mixed.txt" with text "a\r\nb\nc\r\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"mixed.txt"}
    Then the call succeeds
    And the result field "content" is "c\r\n"
    And the result field "total_lines" is 3
    And nothing outside the root has changed

  @CLR-001 @CLR-002 @must @clarification
  Scenario: READ-013 a byte-order mark belongs to line 1
    Given a file "bom.txt" with text "﻿a\nb\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"bom.txt"}
    Then the call succeeds
    And the result field "content" is "﻿a\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @MCP-012 @must
  Scenario: READ-014 Unicode lines read back intact
    Given a file "u.txt" with text "grüße\n😀🎉\nnaïve\n"
    When the client calls "text.read" with {"lines":[2,3],"path":"u.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["😀🎉"]
    And the result field "hash" is the hash of the file "u.txt"
    And nothing outside the root has changed

  @MCP-012 @MCP-041 @MCP-042 @must
  Scenario: READ-015 the tail of a 10 MB file
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"big.txt"}
    Then the call succeeds
    And the result field "total_lines" is 163840
    And the result field "content" has the lines ["0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"]
    And the result field "hash" is the hash of the file "big.txt"
    And nothing outside the root has changed

  @MCP-012 @MCP-040 @must
  Scenario: READ-016 a middle line of a 10 MB file
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[81920,81922],"path":"big.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-","0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-"]
    And nothing outside the root has changed

  @CLR-028 @CLR-002 @must @clarification
  Scenario: READ-017 a 10 MB file is below the size limit
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[163840,0],"path":"big.txt"}
    Then the call succeeds
    And the result field "content" is "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    And the result field "total_lines" is 163840
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: READ-018 reading a directory fails with NOT_A_FILE
    Given a file "notes/a.md" with text "a\n"
    When the client calls "text.read" with {"path":"notes"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-018 @CLR-022 @must @clarification
  Scenario: READ-019 reading a binary file fails with NOT_TEXT
    Given a file "img.png" with base64 "iVBORw0KGgoAAA=="
    When the client calls "text.read" with {"path":"img.png"}
    Then the call fails with a not_text error
    And the error message mentions ["base64"]
    And nothing outside the root has changed

  @CLR-023 @must @clarification
  Scenario: READ-020 the read result holds content, hash, total_lines
    Given a file "a.txt" with text "a\n"
    When the client calls "text.read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "content" is "a\n"
    And the result field "hash" is "87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: READ-021 a missing path argument is an invalid argument
    When the client calls "text.read" with {"lines":[1,2]}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And nothing outside the root has changed

  @CLR-022 @MCP-050 @must @clarification
  Scenario: READ-022 a missing file's error names the normalized path
    Given a directory "notes"
    When the client calls "text.read" with {"path":"notes/./x/../missing.md"}
    Then the call fails with a not_found error
    And the error message mentions ["notes/missing.md"]
    And nothing outside the root has changed

  @MCP-012 @MCP-040 @must
  Scenario: READ-023 a one-line file read by range
    Given a file "one.txt" with text "only\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"one.txt"}
    Then the call succeeds
    And the result field "total_lines" is 1
    And the result field "content" has the lines ["only"]
    And nothing outside the root has changed

  @CLR-032 @must @clarification
  Scenario: READ-024 a reply over 16 MiB of JSON is refused with a range
    Given a file "ctrl.txt" made of 1500000 copies of "\u0001\u0002\n"
    When the client calls "text.read" with {"path":"ctrl.txt"}
    Then the call fails with a too_large error
    And nothing outside the root has changed

  @CLR-037 @must @clarification
  Scenario: READ-025 the read's text block is a JSON line, then the text
    Given a file "q.txt" with text "say \"hi\"\n\tC:\\dir\n"
    When the client calls "text.read" with {"path":"q.txt"}
    Then the call succeeds
    And the result field "content" is "say \"hi\"\n\tC:\\dir\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed
