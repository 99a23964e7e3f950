# Generated from specs/rootspace/encoding.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Encodings, binary data, line endings and Unicode

  @MCP-030 @MCP-031 @must
  Scenario: ENC-001 base64 bytes with NUL and 0xFF are stored exactly
    When the client calls "file.create" with {"content":"AP8A/w==","encoding":"base64","path":"raw.bin"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "raw.bin"
    And the file "raw.bin" has base64 "AP8A/w=="
    And nothing outside the root has changed

  @MCP-030 @MCP-004 @MCP-012 @must
  Scenario: ENC-002 text created as base64 reads back as text
    When the client calls "file.create" with {"content":"aGVsbG8K","encoding":"base64","path":"hello.txt"}
    And the call succeeds
    And the client calls "text.read" with {"path":"hello.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["hello"]
    And the result field "hash" is the hash of the file "hello.txt"
    And nothing outside the root has changed

  @MCP-030 @must
  Scenario: ENC-003 explicit utf-8 encoding stores the text
    When the client calls "file.create" with {"content":"été\n","encoding":"utf-8","path":"u.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "u.txt"
    And the file "u.txt" has text "été\n"
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: ENC-004 a stray 0xFF byte makes a file NOT_TEXT
    Given a file "bad.txt" with base64 "YQr/Cg=="
    When the client calls "text.read" with {"path":"bad.txt"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: ENC-005 a Latin-1 file is NOT_TEXT
    Given a file "latin1.txt" with base64 "Y2Fm6Qo="
    When the client calls "text.read" with {"lines":[1,2],"path":"latin1.txt"}
    Then the call fails with a not_text error
    And the error message mentions ["base64"]
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: ENC-006 an overlong UTF-8 sequence is NOT_TEXT
    Given a file "overlong.txt" with base64 "YcCvCg=="
    When the client calls "text.read" with {"path":"overlong.txt"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @CLR-018 @CLR-002 @must @clarification
  Scenario: ENC-007 a NUL byte is valid text
    Given a file "nul.txt" with base64 "YQBiCg=="
    When the client calls "text.read" with {"path":"nul.txt"}
    Then the call succeeds
    And the result field "content" is "a\u0000b\n"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-018 @MCP-003 @must @clarification
  Scenario: ENC-008 a binary file can still be removed by hash
    Given a file "bad.txt" with base64 "YQr/Cg=="
    When the client calls "file.remove" with {"hash":"${sha256:bad.txt}","path":"bad.txt"}
    Then the call succeeds
    And the path "bad.txt" does not exist
    And nothing outside the root has changed

  @CLR-001 @CLR-002 @must @clarification
  Scenario: ENC-009 CRLF content reads back byte-exact
    Given a file "crlf.txt" with text "one\r\ntwo\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    Then the call succeeds
    And the result field "content" is "one\r\ntwo\r\n"
    And the result field "total_lines" is 2
    And nothing outside the root has changed

  @MCP-012 @MCP-031 @must
  Scenario: ENC-010 CRLF content reads as lines
    Given a file "crlf.txt" with text "one\r\ntwo\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["one","two"]
    And the result field "hash" is the hash of the file "crlf.txt"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: ENC-011 mixed endings keep every byte on replace
    Given a file "mixed.txt" with text "a\r\nb\nc\rd\r\ne\n"
    When the client calls "text.replace" with {"hash":"${sha256:mixed.txt}","lines":[4,5],"new":"E","old":"e","path":"mixed.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "mixed.txt" has text "a\r\nb\nc\rd\r\nE\r\n"
    And nothing outside the root has changed

  @CLR-001 @CLR-007 @must @clarification
  Scenario: ENC-012 a lone CR line can be matched as one line
    Given a file "cr.txt" with text "a\rb\nc\n"
    When the client calls "text.replace" with {"hash":"${sha256:cr.txt}","lines":[1,2],"new":"ab","old":"a\rb","path":"cr.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "cr.txt" has text "ab\nc\n"
    And nothing outside the root has changed

  @MCP-031 @must
  Scenario: ENC-013 NFC content is stored as NFC
    When the client calls "file.create" with {"content":"café\n","path":"nfc.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "nfc.txt"
    And the file "nfc.txt" has text "café\n"
    And nothing outside the root has changed

  @CLR-030 @MCP-031 @must @clarification
  Scenario: ENC-014 NFC and NFD content hash differently
    When the client calls "file.create" with {"content":"café\n","path":"nfc.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.create" with {"content":"café\n","path":"nfd.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "nfd.txt"
    And the result field "hash" differs from the saved "h"
    And nothing outside the root has changed

  @CLR-030 @must @clarification
  Scenario: ENC-015 NFD old matches an NFD line
    Given a file "nfd.txt" with text "café\nx\n"
    When the client calls "text.replace" with {"hash":"${sha256:nfd.txt}","lines":[1,2],"new":"tea","old":"café","path":"nfd.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "nfd.txt" has text "tea\nx\n"
    And nothing outside the root has changed

  @CLR-030 @CLR-009 @must @clarification
  Scenario: ENC-016 an NFC anchor does not match an NFD line
    Given a file "nfd.txt" with text "café\n"
    When the client calls "text.insert" with {"anchor":"café","content":"x","hash":"${sha256:nfd.txt}","line":1,"path":"nfd.txt"}
    Then the call fails with a content_mismatch error
    And the file "nfd.txt" has text "café\n"
    And nothing outside the root has changed

  @MCP-012 @MCP-040 @must
  Scenario: ENC-017 astral emoji lines are read as whole lines
    Given a file "e.txt" with text "a\n😀🎉\n👩‍💻\n"
    When the client calls "text.read" with {"lines":[2,0],"path":"e.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["😀🎉","👩‍💻"]
    And nothing outside the root has changed

  @MCP-013 @MCP-045 @must
  Scenario: ENC-018 a ZWJ emoji line is replaced whole
    Given a file "e.txt" with text "👩‍💻\nend\n"
    When the client calls "text.read" with {"path":"e.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"coder","old":"👩‍💻","path":"e.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "e.txt" has text "coder\nend\n"
    And nothing outside the root has changed

  @CLR-001 @CLR-011 @must @clarification
  Scenario: ENC-019 a BOM is kept by edits elsewhere
    Given a file "bom.txt" with text "﻿a\nb\n"
    When the client calls "text.replace" with {"hash":"${sha256:bom.txt}","lines":[2,3],"new":"B","old":"b","path":"bom.txt"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the file "bom.txt" has text "﻿a\nB\n"
    And nothing outside the root has changed

  @CLR-001 @CLR-008 @must @clarification
  Scenario: ENC-020 a BOM is part of line 1's text
    Given a file "bom.txt" with text "﻿a\nb\n"
    When the client calls "text.replace" with {"hash":"${sha256:bom.txt}","lines":[1,2],"new":"A","old":"a","path":"bom.txt"}
    Then the call fails with a content_mismatch error
    And the file "bom.txt" has text "﻿a\nb\n"
    And nothing outside the root has changed

  @CLR-011 @must @clarification
  Scenario: ENC-021 CRLF files keep CRLF through a chain of edits
    Given a file "crlf.txt" with text "a\r\nb\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"c","hash":"${h}","path":"crlf.txt"}
    And the result field "hash" is saved as "h2"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"a","content":"top","hash":"${h2}","line":1,"path":"crlf.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the file "crlf.txt" has text "top\r\na\r\nb\r\nc\r\n"
    And nothing outside the root has changed

  @MCP-012 @MCP-015 @must
  Scenario: ENC-022 multi-byte text at the end of a 10 MB file
    Given a file "big.txt" made of 150000 copies of "éèêëàâäôöûüç–—…€ abcdefghijklmnopqrstuvwxyz0123\n"
    When the client calls "text.read" with {"lines":[-1,0],"path":"big.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"😀 done","hash":"${h}","path":"big.txt"}
    Then the call succeeds
    And the result field "total_lines" is 150001
    And the result field "hash" is the hash of the file "big.txt"
    And nothing outside the root has changed
