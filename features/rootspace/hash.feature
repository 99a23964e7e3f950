# Generated from specs/rootspace/hash.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Content hashes and the hash chain

  @MCP-031 @MCP-010 @T3.2.1 @must
  Scenario: T3.2.1 the hash is SHA-256 of the UTF-8 bytes
    When the client calls "file.create" with {"content":"héllo wörld\n","path":"notes/h.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/h.txt"
    And the file "notes/h.txt" has text "héllo wörld\n"
    And nothing outside the root has changed

  @MCP-031 @MCP-030 @T3.2.2 @must
  Scenario: T3.2.2 the hash is SHA-256 of the decoded base64 bytes
    When the client calls "file.create" with {"content":"AAH/fn8=","encoding":"base64","path":"bin.dat"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "bin.dat"
    And the file "bin.dat" has base64 "AAH/fn8="
    And nothing outside the root has changed

  @MCP-031 @T3.2.3 @must
  Scenario: T3.2.3 the same content gives the same hash
    When the client calls "file.create" with {"content":"same\n","path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.create" with {"content":"same\n","path":"b.txt"}
    Then the call succeeds
    And the result field "hash" equals the saved "h"
    And nothing outside the root has changed

  @MCP-031 @MCP-012 @must
  Scenario: HASH-001 read returns the hash that create returned
    When the client calls "file.create" with {"content":"one\ntwo\n","path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a.txt"
    And the result field "hash" equals the saved "h"
    And nothing outside the root has changed

  @MCP-031 @must
  Scenario: HASH-002 line endings are hashed as stored
    When the client calls "file.create" with {"content":"a\n","path":"lf.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.create" with {"content":"a\r\n","path":"crlf.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "crlf.txt"
    And the result field "hash" differs from the saved "h"
    And nothing outside the root has changed

  @MCP-031 @MCP-012 @must
  Scenario: HASH-003 read of a CRLF file hashes the raw bytes
    Given a file "crlf.txt" with text "a\r\nb\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "crlf.txt"
    And nothing outside the root has changed

  @MCP-030 @MCP-031 @must
  Scenario: HASH-004 base64 and UTF-8 of the same bytes hash alike
    When the client calls "file.create" with {"content":"hello\n","path":"t.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.create" with {"content":"aGVsbG8K","encoding":"base64","path":"u.txt"}
    Then the call succeeds
    And the result field "hash" equals the saved "h"
    And nothing outside the root has changed

  @MCP-033 @MCP-013 @must
  Scenario: HASH-005 a mutation returns the new hash of the file
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a.txt"
    And the result field "hash" differs from the saved "h"
    And nothing outside the root has changed

  @MCP-032 @MCP-033 @must
  Scenario: HASH-006 the returned hash chains into the next mutation
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    And the result field "hash" is saved as "h2"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h2}","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "A\nB\nc\n"
    And nothing outside the root has changed

  @MCP-032 @MCP-034 @must
  Scenario: HASH-007 a hash used once is stale afterwards
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the file "a.txt" has text "A\nb\nc\n"
    And nothing outside the root has changed

  @MCP-032 @MCP-034 @must
  Scenario: HASH-008 the hash of another file is stale
    Given a file "a.txt" with text "a\nb\nc\n"
    And a file "b.txt" with text "other\n"
    When the client calls "text.read" with {"path":"b.txt"}
    And the result field "hash" is saved as "hb"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${hb}","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-031 @MCP-032 @must
  Scenario: HASH-009 a file rewritten with the same bytes keeps its hash
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "a\nb\nc\n"
    And the client calls "text.append" with {"content":"d","hash":"${h}","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 4
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed

  @CLR-012 @must @clarification
  Scenario: HASH-010 an uppercase hash is accepted
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"880553FCA8FCEA94E325EE2CFB48E5A985CC797F39A14CC6D3CEDECFEB2AE4D2","lines":[2,3],"new":"B","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "a\nB\nc\n"
    And nothing outside the root has changed

  @CLR-012 @CLR-023 @must @clarification
  Scenario: HASH-011 returned hashes are 64 lowercase hex digits
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is "880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2"
    And the result field "hash" matches "^[0-9a-f]{64}$"
    And nothing outside the root has changed

  @CLR-012 @CLR-023 @must @clarification
  Scenario: HASH-012 create returns a lowercase hex hash
    When the client calls "file.create" with {"content":"v\n","path":"v.txt"}
    Then the call succeeds
    And the result field "hash" is "73324e1ab1db72ee9eb4fdf1c90a586d67e00ab58330d1cbfea26ecd0a77fa4d"
    And nothing outside the root has changed

  @CLR-012 @must @clarification
  Scenario: HASH-013 a hash that is not hex is an invalid argument
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.replace" with {"hash":"not-a-hash","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["hash"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-012 @must @clarification
  Scenario: HASH-014 a 63-digit hash is an invalid argument
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.append" with {"content":"d","hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["hash"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-012 @CLR-021 @must @clarification
  Scenario: HASH-015 a missing hash is an invalid argument
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.append" with {"content":"d","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["hash"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @CLR-022 @MCP-034 @MCP-052 @must @clarification
  Scenario: HASH-016 a stale hash error gives the current hash
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "a.txt" is changed on disk to "changed\n"
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"A","old":"a","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error message mentions ["${sha256:a.txt}","call text.read"]
    And the file "a.txt" has text "changed\n"
    And nothing outside the root has changed

  @MCP-031 @MCP-012 @must
  Scenario: HASH-017 the hash of an empty file is that of no bytes
    Given a file "empty.txt" with text ""
    When the client calls "text.read" with {"path":"empty.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "empty.txt"
    And nothing outside the root has changed

  @MCP-031 @MCP-033 @must
  Scenario: HASH-018 a mutation that changes nothing keeps the hash
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[2,3],"new":"b","old":"b","path":"a.txt"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "hash" equals the saved "h"
    And nothing outside the root has changed

  @MCP-031 @MCP-012 @must
  Scenario: HASH-019 a ranged read gives the hash of the whole file
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"lines":[2,3],"path":"a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["b"]
    And the result field "hash" is the hash of the file "a.txt"
    And nothing outside the root has changed
