# Generated from specs/rootspace/errors.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Error delivery and instructional messages

  @CLR-021 @CLR-019 @must @clarification
  Scenario: ERR-001 a missing path argument names path
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"content":"x","hash":"${sha256:a.txt}"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: ERR-002 a path of the wrong type names path
    When the client calls "text.read" with {"path":42}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And nothing outside the root has changed

  @CLR-021 @CLR-006 @must @clarification
  Scenario: ERR-003 lines given as a string on replace names lines
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":"2","new":"B","old":"b","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["lines"]
    And the file "a.txt" has text "a\nb\n"
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: ERR-004 a missing new argument names new
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[2,3],"old":"b","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["new"]
    And the file "a.txt" has text "a\nb\n"
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: ERR-005 content of the wrong type names content
    Given a file "a.txt" with text "a\n"
    When the client calls "text.append" with {"content":["x","y"],"hash":"${sha256:a.txt}","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["content"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-021 @CLR-012 @must @clarification
  Scenario: ERR-006 a hash of the wrong type names hash
    Given a file "a.txt" with text "a\n"
    When the client calls "file.remove" with {"hash":12345,"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["hash"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-022 @must @clarification
  Scenario: ERR-007 a stale append error gives the current hash
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.append" with {"content":"d","hash":"73324e1ab1db72ee9eb4fdf1c90a586d67e00ab58330d1cbfea26ecd0a77fa4d","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error message mentions ["880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","call text.read"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-022 @must @clarification
  Scenario: ERR-008 a stale insert error says to call text.read
    Given a file "a.txt" with text "a\nb\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "a\nb\nnew\n"
    And the client calls "text.insert" with {"anchor":"b","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error message mentions ["call text.read","${sha256:a.txt}"]
    And the file "a.txt" has text "a\nb\nnew\n"
    And nothing outside the root has changed

  @CLR-022 @must @clarification
  Scenario: ERR-009 not found on replace names the normalized path
    When the client calls "text.replace" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","lines":[1,2],"new":"b","old":"a","path":"//docs/./old/../gone.md"}
    Then the call fails with a not_found error
    And the error message mentions ["docs/gone.md"]
    And nothing outside the root has changed

  @CLR-008 @CLR-022 @must @clarification
  Scenario: ERR-010 an ambiguous match asks for a narrower range
    Given a file "a.txt" with text "same\nother\nsame\nend\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[0,0],"new":"SAME","old":"same","path":"a.txt"}
    Then the call fails with a ambiguous_match error
    And the error message mentions ["1","3"]
    And the error message mentions one of ["narrow","smaller","range"]
    And the file "a.txt" has text "same\nother\nsame\nend\n"
    And nothing outside the root has changed

  @CLR-008 @must @clarification
  Scenario: ERR-011 an ambiguous multi-line old is refused
    Given a file "a.txt" with text "x\ny\nx\ny\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[1,0],"new":"z","old":"x\ny","path":"a.txt"}
    Then the call fails with a ambiguous_match error
    And the file "a.txt" has text "x\ny\nx\ny\n"
    And nothing outside the root has changed

  @MCP-001 @must
  Scenario: ERR-012 an unknown tool is an error, not a crash
    Given a file "a.txt" with text "a\n"
    When the client calls "text.delete" with {"path":"a.txt"}
    Then the call fails
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @MCP-052 @should
  Scenario: ERR-013 a mismatch error teaches what the line holds
    Given a file "a.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"gamma","content":"X","hash":"${h}","line":2,"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["beta"]
    And nothing outside the root has changed

  @CLR-005 @CLR-022 @must @clarification
  Scenario: ERR-014 the range error gives resolved numbers
    Given a file "a.txt" with text "l1\nl2\nl3\nl4\n"
    When the client calls "text.read" with {"lines":[-9,0],"path":"a.txt"}
    Then the call fails with a invalid_range error
    And the error message mentions ["4"]
    And nothing outside the root has changed

  @CLR-018 @CLR-022 @must @clarification
  Scenario: ERR-015 a not-text error points to base64
    Given a file "latin1.txt" with base64 "Y2Fm6Qo="
    When the client calls "text.append" with {"content":"x","hash":"${sha256:latin1.txt}","path":"latin1.txt"}
    Then the call fails with a not_text error
    And the error message mentions ["base64"]
    And the file "latin1.txt" has base64 "Y2Fm6Qo="
    And nothing outside the root has changed

  @CLR-019 @CLR-020 @must @clarification
  Scenario: ERR-016 a missing file is an isError NOT_FOUND result
    When the client calls "text.read" with {"path":"nope.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["nope.txt"]
    And nothing outside the root has changed

  @CLR-007 @CLR-022 @must @clarification
  Scenario: ERR-017 an empty old suggests passing a newline
    Given a file "a.txt" with text "a\n\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:a.txt}","lines":[1,0],"new":"x","old":"","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["old","\\n"]
    And nothing outside the root has changed

  @CLR-013 @CLR-020 @must @clarification
  Scenario: ERR-018 a backslash path is an isError INVALID_PATH
    Given a file "notes/a.md" with text "a\n"
    When the client calls "text.read" with {"path":"notes\\a.md"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: ERR-019 a failed text.replace is an isError result
    Given a file "other.txt" with text "a\n"
    When the client calls "text.replace" with {"hash":"${sha256:other.txt}","lines":[1,2],"new":"b","old":"a","path":"absent.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: ERR-020 a failed text.insert is an isError result
    Given a file "other.txt" with text "a\n"
    When the client calls "text.insert" with {"anchor":"a","content":"b","hash":"${sha256:other.txt}","line":1,"path":"absent.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @CLR-019 @must @clarification
  Scenario: ERR-021 a failed text.append is an isError result
    Given a file "other.txt" with text "a\n"
    When the client calls "text.append" with {"content":"b","hash":"${sha256:other.txt}","path":"absent.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
