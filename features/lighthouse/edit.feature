# Generated from specs/lighthouse/edit.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Find and replace (edit)

  @FR-3.1.8 @FR-3.1.10 @FR-3.1.11 @must
  Scenario: LH-EDIT-001 global false replaces the first occurrence
    Given a file "test.txt" with text "hello world hello"
    When the client calls "edit" with {"global":false,"path":"test.txt","replace":"hi","search":"hello"}
    Then the call succeeds
    And the result field "replacements" is 1
    And the file "test.txt" has text "hi world hello"
    And nothing outside the root has changed

  @FR-3.1.10 @FR-3.1.11 @must
  Scenario: LH-EDIT-002 global is the default and replaces every occurrence
    Given a file "test.txt" with text "hello hello hello"
    When the client calls "edit" with {"path":"test.txt","replace":"hi","search":"hello"}
    Then the call succeeds
    And the result field "replacements" is 3
    And the file "test.txt" has text "hi hi hi"
    And nothing outside the root has changed

  @FR-3.1.9 @must
  Scenario: LH-EDIT-003 isRegex matches a pattern
    Given a file "test.txt" with text "foo123bar456"
    When the client calls "edit" with {"isRegex":true,"path":"test.txt","replace":"#","search":"\\d+"}
    Then the call succeeds
    And the result field "replacements" is 2
    And the file "test.txt" has text "foo#bar#"
    And nothing outside the root has changed

  @FR-3.1.11 @must
  Scenario: LH-EDIT-004 originalContent is the file before the edit
    Given a file "test.txt" with text "one two"
    When the client calls "edit" with {"path":"test.txt","replace":"three","search":"two"}
    Then the call succeeds
    And the result field "originalContent" is "one two"
    And nothing outside the root has changed

  @FR-3.1.11 @must
  Scenario: LH-EDIT-005 no match is a success with 0 replacements
    Given a file "test.txt" with text "unchanged\n"
    When the client calls "edit" with {"path":"test.txt","replace":"x","search":"nonexistent"}
    Then the call succeeds
    And the result field "replacements" is 0
    And the file "test.txt" has text "unchanged\n"
    And nothing outside the root has changed

  @FR-3.1.9 @must
  Scenario: LH-EDIT-006 an invalid regex is INVALID_REGEX
    Given a file "test.txt" with text "x\n"
    When the client calls "edit" with {"isRegex":true,"path":"test.txt","replace":"x","search":"[invalid"}
    Then the call fails with a invalid_regex error
    And the file "test.txt" has text "x\n"
    And nothing outside the root has changed

  @FR-3.1.8 @FR-3.1.9 @must
  Scenario: LH-EDIT-007 without isRegex the search is literal
    Given a file "test.txt" with text "a.c abc"
    When the client calls "edit" with {"path":"test.txt","replace":"X","search":"a.c"}
    Then the call succeeds
    And the result field "replacements" is 1
    And the file "test.txt" has text "X abc"
    And nothing outside the root has changed

  @FR-3.1.16 @AC-3.1.4 @must
  Scenario: LH-EDIT-008 editing a missing file is FILE_NOT_FOUND
    When the client calls "edit" with {"path":"nope.txt","replace":"b","search":"a"}
    Then the call fails with a not_found error
    And the error carries the facts of a not_found error
    And the path "nope.txt" does not exist
    And nothing outside the root has changed

  @R-3.1.2 @must
  Scenario: LH-EDIT-009 a catastrophic pattern answers at once
    Given a file "big.txt" made of 30000 copies of "a"
    When the client calls "edit" with {"global":false,"isRegex":true,"path":"big.txt","replace":"x","search":"(a+)+$"}
    Then the call succeeds
    And the result field "replacements" is 1
    And nothing outside the root has changed

  @R-3.1.2 @must
  Scenario: LH-EDIT-010 a catastrophic pattern without a match answers at once
    Given a file "big.txt" made of 3000 copies of "aaaaaaaaaa"
    When the client calls "edit" with {"isRegex":true,"path":"big.txt","replace":"x","search":"^(a|aa)+b$"}
    Then the call succeeds
    And the result field "replacements" is 0
    And nothing outside the root has changed

  @LH-CLR-06 @must @clarification
  Scenario: LH-EDIT-011 regex replacements expand $1
    Given a file "test.txt" with text "key=value"
    When the client calls "edit" with {"isRegex":true,"path":"test.txt","replace":"$2=$1","search":"(\\w+)=(\\w+)"}
    Then the call succeeds
    And the result field "replacements" is 1
    And the file "test.txt" has text "value=key"
    And nothing outside the root has changed

  @LH-CLR-06 @must @clarification
  Scenario: LH-EDIT-012 a literal replacement keeps dollar signs
    Given a file "test.txt" with text "price"
    When the client calls "edit" with {"path":"test.txt","replace":"$1.00","search":"price"}
    Then the call succeeds
    And the file "test.txt" has text "$1.00"
    And nothing outside the root has changed

  @LH-CLR-07 @must @clarification
  Scenario: LH-EDIT-013 an empty search is INVALID_ARGUMENT
    Given a file "test.txt" with text "abc"
    When the client calls "edit" with {"path":"test.txt","replace":"x","search":""}
    Then the call fails with a invalid_argument error
    And the error message mentions ["search"]
    And the file "test.txt" has text "abc"
    And nothing outside the root has changed

  @LH-CLR-09 @must @clarification
  Scenario: LH-EDIT-014 CRLF outside the match is kept
    Given a file "crlf.txt" with text "one\r\ntwo\r\n"
    When the client calls "edit" with {"path":"crlf.txt","replace":"2","search":"two"}
    Then the call succeeds
    And the file "crlf.txt" has text "one\r\n2\r\n"
    And nothing outside the root has changed

  @LH-CLR-08 @must @clarification
  Scenario: LH-EDIT-015 originalContent is whole when nothing matched
    Given a file "test.txt" with text "line one\nline two\n"
    When the client calls "edit" with {"path":"test.txt","replace":"y","search":"zzz"}
    Then the call succeeds
    And the result field "replacements" is 0
    And the result field "originalContent" is "line one\nline two\n"
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-EDIT-016 editing a binary file is NOT_TEXT
    Given a file "bin.dat" with base64 "//4AAQ=="
    When the client calls "edit" with {"path":"bin.dat","replace":"b","search":"a"}
    Then the call fails with a not_text error
    And the file "bin.dat" has base64 "//4AAQ=="
    And nothing outside the root has changed
