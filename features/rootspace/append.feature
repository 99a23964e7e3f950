# Generated from specs/rootspace/append.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Appending lines (text.append)

  @MCP-015 @MCP-033 @T4.3.1 @must
  Scenario: T4.3.1 append returns hash and total_lines
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"c","hash":"${h}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And the result field "hash" differs from the saved "h"
    And nothing outside the root has changed

  @MCP-015 @MCP-032 @MCP-034 @MCP-052 @T4.3.2 @must
  Scenario: T4.3.2 append with a stale hash is refused
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "a\nb\nsomeone else\n"
    And the client calls "text.append" with {"content":"c","hash":"${h}","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error carries the facts of a stale_hash error
    And the file "a.txt" has text "a\nb\nsomeone else\n"
    And nothing outside the root has changed

  @MCP-015 @T4.3.3 @must
  Scenario: T4.3.3 append into an empty file
    Given a file "empty.txt" with text ""
    When the client calls "text.read" with {"path":"empty.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"first","hash":"${h}","path":"empty.txt"}
    Then the call succeeds
    And the result field "total_lines" is 1
    And the result field "hash" is the hash of the file "empty.txt"
    And nothing outside the root has changed

  @MCP-015 @T4.3.4 @must
  Scenario: T4.3.4 appending several lines raises total_lines
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"c\nd\ne","hash":"${h}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 5
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed

  @MCP-015 @MCP-050 @T4.3.5 @must
  Scenario: T4.3.5 append to a missing file is not found
    When the client calls "text.append" with {"content":"x","hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","path":"missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @CLR-010 @CLR-011 @must @clarification
  Scenario: APPEND-001 append to a file without final newline
    Given a file "nonl.txt" with text "a\nb"
    When the client calls "text.append" with {"content":"c","hash":"${sha256:nonl.txt}","path":"nonl.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "nonl.txt"
    And the file "nonl.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-010 @must @clarification
  Scenario: APPEND-002 appended lines end with a newline
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"content":"b\nc","hash":"${sha256:a.txt}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-010 @CLR-011 @must @clarification
  Scenario: APPEND-003 append into an empty file writes one line
    Given a file "empty.txt" with text ""
    When the client calls "text.append" with {"content":"first","hash":"${sha256:empty.txt}","path":"empty.txt"}
    Then the call succeeds
    And the result field "total_lines" is 1
    And the file "empty.txt" has text "first\n"
    And nothing outside the root has changed

  @CLR-010 @CLR-007 @must @clarification
  Scenario: APPEND-004 empty content changes nothing
    Given a file "a.txt" with text "a\nb"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"","hash":"${h}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the result field "hash" equals the saved "h"
    And the file "a.txt" has text "a\nb"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: APPEND-005 appending to a CRLF file uses CRLF
    Given a file "crlf.txt" with text "a\r\n"
    When the client calls "text.append" with {"content":"b\nc","hash":"${sha256:crlf.txt}","path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "crlf.txt" has text "a\r\nb\r\nc\r\n"
    And nothing outside the root has changed

  @CLR-010 @CLR-011 @must @clarification
  Scenario: APPEND-006 unterminated CRLF file gets a CRLF first
    Given a file "crlf.txt" with text "a\r\nb"
    When the client calls "text.append" with {"content":"c","hash":"${sha256:crlf.txt}","path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "crlf.txt" has text "a\r\nb\r\nc\r\n"
    And nothing outside the root has changed

  @CLR-007 @CLR-010 @must @clarification
  Scenario: APPEND-007 a trailing newline in content is optional
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"content":"b\n","hash":"${sha256:a.txt}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "a.txt" has text "a\nb\n"
    And nothing outside the root has changed

  @CLR-001 @CLR-010 @must @clarification
  Scenario: APPEND-008 appending to "\n" keeps the empty first line
    Given a file "nl.txt" with text "\n"
    When the client calls "text.append" with {"content":"x","hash":"${sha256:nl.txt}","path":"nl.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "nl.txt" has text "\nx\n"
    And nothing outside the root has changed

  @CLR-007 @CLR-010 @must @clarification
  Scenario: APPEND-009 content "\n" appends one empty line
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"content":"\n","hash":"${sha256:a.txt}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "a.txt" has text "a\n\n"
    And nothing outside the root has changed

  @MCP-015 @must
  Scenario: APPEND-010 append emoji lines
    Given a file "a.txt" with text "a\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"😀\n👩‍💻","hash":"${h}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed

  @CLR-027 @must @clarification
  Scenario: APPEND-011 append keeps permission bits 0o640
    Given a file "log.txt" with text "one\n"
    And the file "log.txt" has mode 0o640
    When the client calls "text.append" with {"content":"two","hash":"${sha256:log.txt}","path":"log.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "log.txt"
    And the file "log.txt" has mode 0o640
    And the file "log.txt" has text "one\ntwo\n"
    And nothing outside the root has changed

  @MCP-015 @must
  Scenario: APPEND-012 append to a 10 MB file
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"big.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"tail","hash":"${h}","path":"big.txt"}
    Then the call succeeds
    And the result field "total_lines" is 163841
    And the result field "hash" is the hash of the file "big.txt"
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: APPEND-013 append to a binary file is NOT_TEXT
    Given a file "img.png" with base64 "iVBORw0KGgoAAA=="
    When the client calls "text.append" with {"content":"x","hash":"${sha256:img.png}","path":"img.png"}
    Then the call fails with a not_text error
    And the file "img.png" has base64 "iVBORw0KGgoAAA=="
    And nothing outside the root has changed

  @MCP-015 @MCP-032 @MCP-033 @must
  Scenario: APPEND-014 two appends chained by the returned hash
    Given a file "a.txt" with text "a\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"b\n","hash":"${h}","path":"a.txt"}
    And the result field "hash" is saved as "h2"
    And the call succeeds
    And the client calls "text.append" with {"content":"c\n","hash":"${h2}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: APPEND-015 append on a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "text.append" with {"content":"x","hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","path":"notes"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: APPEND-016 a missing content argument is an invalid argument
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"hash":"${sha256:a.txt}","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["content"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-031 @must @clarification
  Scenario: APPEND-017 a read-only file is not appended to
    Given a file "frozen.txt" with text "one\n"
    And the file "frozen.txt" has mode 0o444
    When the client calls "text.append" with {"content":"two","hash":"${sha256:frozen.txt}","path":"frozen.txt"}
    Then the call fails
    And the file "frozen.txt" has text "one\n"
    And nothing outside the root has changed
