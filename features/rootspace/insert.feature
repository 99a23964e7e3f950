# Generated from specs/rootspace/insert.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Inserting lines (text.insert)

  @MCP-014 @MCP-046 @MCP-033 @T4.2.1 @must
  Scenario: T4.2.1 insert goes in before the anchor line
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nX\nb\nc\n"
    And nothing outside the root has changed

  @MCP-014 @MCP-032 @MCP-034 @MCP-052 @T4.2.2 @must
  Scenario: T4.2.2 insert with a stale hash is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "a\nb\nc\nd\n"
    And the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error carries the facts of a stale_hash error
    And the file "a.txt" has text "a\nb\nc\nd\n"
    And nothing outside the root has changed

  @MCP-046 @MCP-052 @T4.2.3 @must
  Scenario: T4.2.3 an anchor that does not match is refused
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"zzz","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error carries the facts of a content_mismatch error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-014 @MCP-046 @T4.2.4 @must
  Scenario: T4.2.4 insert at line 1 prepends
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"a","content":"top","hash":"${h}","line":1,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "a.txt" has text "top\na\nb\nc\n"
    And nothing outside the root has changed

  @MCP-014 @MCP-046 @T4.2.5 @must
  Scenario: T4.2.5 inserting several lines raises total_lines
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"b","content":"X\nY\nZ","hash":"${h}","line":2,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 6
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nX\nY\nZ\nb\nc\n"
    And nothing outside the root has changed

  @MCP-014 @MCP-050 @T4.2.6 @must
  Scenario: T4.2.6 insert into a missing file is not found
    When the client calls "text.insert" with {"anchor":"a","content":"X","hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","line":1,"path":"missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-014 @MCP-046 @must
  Scenario: INSERT-001 insert before the last line
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"c","content":"X","hash":"${h}","line":3,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "a.txt" has text "a\nb\nX\nc\n"
    And nothing outside the root has changed

  @CLR-009 @MCP-041 @must @clarification
  Scenario: INSERT-002 line -1 names the last line
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.insert" with {"anchor":"c","content":"X","hash":"${sha256:a.txt}","line":-1,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "a.txt" has text "a\nb\nX\nc\n"
    And nothing outside the root has changed

  @CLR-009 @must @clarification
  Scenario: INSERT-003 line -3 of three names line 1
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.insert" with {"anchor":"a","content":"X","hash":"${sha256:a.txt}","line":-3,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "a.txt" has text "X\na\nb\nc\n"
    And nothing outside the root has changed

  @CLR-009 @must @clarification
  Scenario: INSERT-004 line 0 is INVALID_RANGE
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.insert" with {"anchor":"a","content":"X","hash":"${sha256:a.txt}","line":0,"path":"a.txt"}
    Then the call fails with a invalid_range error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-009 @must @clarification
  Scenario: INSERT-005 a line past the end is INVALID_RANGE
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.insert" with {"anchor":"","content":"X","hash":"${sha256:a.txt}","line":4,"path":"a.txt"}
    Then the call fails with a invalid_range error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-009 @must @clarification
  Scenario: INSERT-006 a negative line before line 1 is INVALID_RANGE
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.insert" with {"anchor":"a","content":"X","hash":"${sha256:a.txt}","line":-4,"path":"a.txt"}
    Then the call fails with a invalid_range error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-009 @CLR-022 @must @clarification
  Scenario: INSERT-007 insert into an empty file points to text.append
    Given a file "empty.txt" with text ""
    When the client calls "text.insert" with {"anchor":"","content":"X","hash":"${sha256:empty.txt}","line":1,"path":"empty.txt"}
    Then the call fails with a invalid_range error
    And the error message mentions ["text.append"]
    And the file "empty.txt" has text ""
    And nothing outside the root has changed

  @MCP-046 @must
  Scenario: INSERT-008 an anchor that is part of the line is refused
    Given a file "a.txt" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"bet","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the file "a.txt" has text "alpha\nbeta\n"
    And nothing outside the root has changed

  @CLR-009 @CLR-022 @must @clarification
  Scenario: INSERT-009 the mismatch says what line N really holds
    Given a file "a.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "text.insert" with {"anchor":"bravo","content":"X","hash":"${sha256:a.txt}","line":2,"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["line 2","beta","bravo"]
    And nothing outside the root has changed

  @CLR-009 @CLR-022 @must @clarification
  Scenario: INSERT-010 the mismatch says where the anchor really is
    Given a file "a.txt" with text "alpha\nbeta\ngamma\ndelta\n"
    When the client calls "text.insert" with {"anchor":"delta","content":"X","hash":"${sha256:a.txt}","line":2,"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["beta","4"]
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: INSERT-011 lines inserted into a CRLF file get CRLF
    Given a file "crlf.txt" with text "a\r\nb\r\n"
    When the client calls "text.insert" with {"anchor":"b","content":"X\nY","hash":"${sha256:crlf.txt}","line":2,"path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "crlf.txt" has text "a\r\nX\r\nY\r\nb\r\n"
    And nothing outside the root has changed

  @CLR-007 @must @clarification
  Scenario: INSERT-012 a trailing newline in content is optional
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.insert" with {"anchor":"b","content":"X\n","hash":"${sha256:a.txt}","line":2,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "a.txt" has text "a\nX\nb\n"
    And nothing outside the root has changed

  @CLR-007 @must @clarification
  Scenario: INSERT-013 empty content inserts nothing
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"b","content":"","hash":"${h}","line":2,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the result field "hash" equals the saved "h"
    And the file "a.txt" has text "a\nb\n"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: INSERT-014 insert before an unterminated last line
    Given a file "nonl.txt" with text "a\nb"
    When the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${sha256:nonl.txt}","line":2,"path":"nonl.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "nonl.txt" has text "a\nX\nb"
    And nothing outside the root has changed

  @CLR-009 @MCP-046 @must @clarification
  Scenario: INSERT-015 an empty anchor matches an empty line
    Given a file "a.txt" with text "a\n\nb\n"
    When the client calls "text.insert" with {"anchor":"","content":"X","hash":"${sha256:a.txt}","line":2,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "a.txt" has text "a\nX\n\nb\n"
    And nothing outside the root has changed

  @MCP-014 @MCP-046 @must
  Scenario: INSERT-016 insert with Unicode anchor and content
    Given a file "u.txt" with text "über\n😀\n"
    When the client calls "text.read" with {"path":"u.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"😀","content":"→ arrow","hash":"${h}","line":2,"path":"u.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the file "u.txt" has text "über\n→ arrow\n😀\n"
    And nothing outside the root has changed

  @CLR-027 @must @clarification
  Scenario: INSERT-017 insert keeps permission bits 0o600
    Given a file "private.txt" with text "a\nb\n"
    And the file "private.txt" has mode 0o600
    When the client calls "text.insert" with {"anchor":"a","content":"X","hash":"${sha256:private.txt}","line":1,"path":"private.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "private.txt"
    And the file "private.txt" has mode 0o600
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: INSERT-018 insert into a binary file is NOT_TEXT
    Given a file "img.png" with base64 "iVBORw0KGgoAAA=="
    When the client calls "text.insert" with {"anchor":"x","content":"y","hash":"${sha256:img.png}","line":1,"path":"img.png"}
    Then the call fails with a not_text error
    And the file "img.png" has base64 "iVBORw0KGgoAAA=="
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: INSERT-019 line given as a string is an invalid argument
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${sha256:a.txt}","line":"2","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["line"]
    And nothing outside the root has changed

  @MCP-014 @MCP-032 @MCP-033 @must
  Scenario: INSERT-020 two inserts chained by the returned hash
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    And the result field "hash" is saved as "h2"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"b","content":"Y","hash":"${h2}","line":3,"path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nX\nY\nb\n"
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: INSERT-021 a missing anchor is an invalid argument
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.insert" with {"content":"X","hash":"${sha256:a.txt}","line":2,"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["anchor"]
    And nothing outside the root has changed
