# Generated from specs/shared/roundtrip.yaml with the operations of specs/lighthouse/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Byte-exact round trips: what is written is on disk, what is on disk is read

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-001 create writes multibyte UTF-8 byte for byte
    When the client calls "write" with {"content":"héllo wörld ✓ 日本語 🙂\n","createDirectories":true,"path":"utf8.txt"}
    Then the call succeeds
    And the file "utf8.txt" has text "héllo wörld ✓ 日本語 🙂\n"
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-002 create keeps CRLF line endings
    When the client calls "write" with {"content":"one\r\ntwo\r\nthree\r\n","createDirectories":true,"path":"crlf.txt"}
    Then the call succeeds
    And the file "crlf.txt" has text "one\r\ntwo\r\nthree\r\n"
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-003 create keeps mixed line endings and a lone CR
    When the client calls "write" with {"content":"unix\nwindows\r\nold mac\rlast\n","createDirectories":true,"path":"mixed.txt"}
    Then the call succeeds
    And the file "mixed.txt" has text "unix\nwindows\r\nold mac\rlast\n"
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-004 create adds no final newline
    When the client calls "write" with {"content":"first\nno newline at the end","createDirectories":true,"path":"open.txt"}
    Then the call succeeds
    And the file "open.txt" has text "first\nno newline at the end"
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-005 create of empty content makes an empty file
    When the client calls "write" with {"content":"","createDirectories":true,"path":"empty.txt"}
    Then the call succeeds
    And the file "empty.txt" has text ""
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-006 create writes a byte-order mark as given
    When the client calls "write" with {"content":"﻿marked\n","createDirectories":true,"path":"bom.txt"}
    Then the call succeeds
    And the file "bom.txt" has text "﻿marked\n"
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-007 read returns multibyte UTF-8 as it is
    Given a file "utf8.txt" with text "héllo wörld ✓ 日本語 🙂\n"
    When the client calls "read" with {"path":"utf8.txt"}
    Then the call succeeds
    And the result field "content" is "héllo wörld ✓ 日本語 🙂\n"
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-008 read returns CRLF line endings as they are
    Given a file "crlf.txt" with text "one\r\ntwo\r\nthree\r\n"
    When the client calls "read" with {"path":"crlf.txt"}
    Then the call succeeds
    And the result field "content" is "one\r\ntwo\r\nthree\r\n"
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-009 read returns mixed line endings and a lone CR as they are
    Given a file "mixed.txt" with text "unix\nwindows\r\nold mac\rlast\n"
    When the client calls "read" with {"path":"mixed.txt"}
    Then the call succeeds
    And the result field "content" is "unix\nwindows\r\nold mac\rlast\n"
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-010 read of a file without a final newline adds none
    Given a file "open.txt" with text "first\nno newline at the end"
    When the client calls "read" with {"path":"open.txt"}
    Then the call succeeds
    And the result field "content" is "first\nno newline at the end"
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-011 read of an empty file returns empty text
    Given a file "empty.txt" with text ""
    When the client calls "read" with {"path":"empty.txt"}
    Then the call succeeds
    And the result field "content" is ""
    And nothing outside the root has changed

  @FR-3.1.1 @must
  Scenario: lighthouse/ROUND-012 read of a file whose text is JSON returns that text
    Given a file "data.json" with text "{\"ok\": false, \"content\": \"not the file\"}\n"
    When the client calls "read" with {"path":"data.json"}
    Then the call succeeds
    And the result field "content" is "{\"ok\": false, \"content\": \"not the file\"}\n"
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-013 overwrite keeps CRLF line endings and adds no final newline
    Given a file "crlf.txt" with text "old\n"
    When the client calls "write" with {"content":"new\r\nlast line","path":"crlf.txt"}
    Then the call succeeds
    And the file "crlf.txt" has text "new\r\nlast line"
    And nothing outside the root has changed

  @NFR-3.1-SIZE @FR-3.1.1 @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-014 create writes a 10 MB file byte for byte
    Given the variable "big" holds 200000 copies of "hello wörld ✓ 日本語 🙂 grüße ∑ 10 MB\n"
    When the client calls "write" with {"content":"${big}","createDirectories":true,"path":"large.txt"}
    Then the call succeeds
    And the file "large.txt" has text "${big}"
    And nothing outside the root has changed

  @NFR-3.1-SIZE @FR-3.1.1 @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-015 read returns a 10 MB file whole and exactly
    Given a file "large.txt" made of 200000 copies of "hello wörld ✓ 日本語 🙂 grüße ∑ 10 MB\n"
    And the variable "big" holds 200000 copies of "hello wörld ✓ 日本語 🙂 grüße ∑ 10 MB\n"
    When the client calls "read" with {"path":"large.txt"}
    Then the call succeeds
    And the result field "content" equals the saved "big"
    And nothing outside the root has changed

  @NFR-3.1-SIZE @FR-3.1.1 @FR-3.1.4 @FR-3.1.5 @must
  Scenario: lighthouse/ROUND-016 overwrite writes a 10 MB file byte for byte
    Given a file "large.txt" with text "old\n"
    And the variable "big" holds 200000 copies of "hello wörld ✓ 日本語 🙂 grüße ∑ 10 MB\n"
    When the client calls "write" with {"content":"${big}","path":"large.txt"}
    Then the call succeeds
    And the file "large.txt" has text "${big}"
    And nothing outside the root has changed
