# Generated from specs/rootspace/concurrency.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Concurrent mutations and atomic writes

  @CLR-026 @MCP-034 @must @clarification
  Scenario: CONC-001 8 appends with one hash: exactly one wins
    Given a file "log.txt" with text "base\n"
    When the client calls "text.read" with {"path":"log.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.append" concurrently with {"content":"w${i}\n","hash":"${h}","path":"log.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "log.txt" has the winner's text "base\nw${winner}\n"
    And nothing outside the root has changed

  @CLR-026 @MCP-034 @must @clarification
  Scenario: CONC-002 8 replaces with one hash: exactly one wins
    Given a file "v.txt" with text "head\nv\ntail\n"
    When the client calls "text.read" with {"path":"v.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.replace" concurrently with {"hash":"${h}","lines":[2,3],"new":"r${i}","old":"v","path":"v.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "v.txt" has the winner's text "head\nr${winner}\ntail\n"
    And nothing outside the root has changed

  @CLR-026 @MCP-034 @must @clarification
  Scenario: CONC-003 8 inserts with one hash: exactly one wins
    Given a file "i.txt" with text "end\n"
    When the client calls "text.read" with {"path":"i.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.insert" concurrently with {"anchor":"end","content":"i${i}","hash":"${h}","line":1,"path":"i.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "i.txt" has the winner's text "i${winner}\nend\n"
    And nothing outside the root has changed

  @CLR-026 @MCP-011 @must @clarification
  Scenario: CONC-004 8 removes with one hash: exactly one succeeds
    Given a file "gone.txt" with text "bye\n"
    When the client calls "text.read" with {"path":"gone.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "file.remove" concurrently with {"hash":"${h}","path":"gone.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the path "gone.txt" does not exist
    And nothing outside the root has changed

  @CLR-026 @CLR-017 @must @clarification
  Scenario: CONC-005 8 creates of one path: exactly one wins
    Given a directory "notes"
    When 8 clients call "file.create" concurrently with {"content":"c${i}\n","path":"notes/once.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a already_exists error
    And the file "notes/once.txt" has the winner's text "c${winner}\n"
    And nothing outside the root has changed

  @MCP-010 @must
  Scenario: CONC-006 8 creates of different paths all succeed
    When 8 clients call "file.create" concurrently with {"content":"f${i}\n","path":"many/f${i}.txt"}
    Then exactly 8 of the concurrent calls succeed and the others fail with a any error
    And the file "many/f0.txt" has text "f0\n"
    And the file "many/f3.txt" has text "f3\n"
    And the file "many/f7.txt" has text "f7\n"
    And nothing outside the root has changed

  @MCP-012 @must
  Scenario: CONC-007 8 concurrent reads all succeed
    Given a file "a.txt" with text "a\nb\nc\n"
    When 8 clients call "text.read" concurrently with {"lines":[1,0],"path":"a.txt"}
    Then exactly 8 of the concurrent calls succeed and the others fail with a any error
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-032 @MCP-015 @must
  Scenario: CONC-008 one hash on 8 equal files: all 8 appends succeed
    Given a file "p/f0.txt" with text "x\n"
    And a file "p/f1.txt" with text "x\n"
    And a file "p/f2.txt" with text "x\n"
    And a file "p/f3.txt" with text "x\n"
    And a file "p/f4.txt" with text "x\n"
    And a file "p/f5.txt" with text "x\n"
    And a file "p/f6.txt" with text "x\n"
    And a file "p/f7.txt" with text "x\n"
    When the client calls "text.read" with {"path":"p/f0.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.append" concurrently with {"content":"y\n","hash":"${h}","path":"p/f${i}.txt"}
    Then exactly 8 of the concurrent calls succeed and the others fail with a any error
    And the file "p/f0.txt" has text "x\ny\n"
    And the file "p/f7.txt" has text "x\ny\n"
    And nothing outside the root has changed

  @CLR-026 @must @clarification
  Scenario: CONC-009 16 appends with one hash: exactly one wins
    Given a file "log.txt" with text ""
    When the client calls "text.read" with {"path":"log.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 16 clients call "text.append" concurrently with {"content":"entry ${i}","hash":"${h}","path":"log.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "log.txt" has the winner's text "entry ${winner}\n"
    And nothing outside the root has changed

  @CLR-026 @MCP-034 @must @clarification
  Scenario: CONC-010 2 replaces racing: one wins, one is stale
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 2 clients call "text.replace" concurrently with {"hash":"${h}","lines":[2,3],"new":"B${i}","old":"b","path":"a.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "a.txt" has the winner's text "a\nB${winner}\nc\n"
    And nothing outside the root has changed

  @CLR-026 @CLR-027 @must @clarification
  Scenario: CONC-011 8 appends racing on a 10 MB file: one wins
    Given a file "big.txt" made of 163840 copies of "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"big.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.append" concurrently with {"content":"w${i}","hash":"${h}","path":"big.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And nothing outside the root has changed

  @CLR-026 @CLR-027 @must @clarification
  Scenario: CONC-012 racing appends keep the permission bits
    Given a file "log.txt" with text "base\n"
    And the file "log.txt" has mode 0o640
    When the client calls "text.read" with {"path":"log.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.append" concurrently with {"content":"w${i}","hash":"${h}","path":"log.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "log.txt" has mode 0o640
    And the file "log.txt" has the winner's text "base\nw${winner}\n"
    And nothing outside the root has changed

  @CLR-026 @CLR-011 @must @clarification
  Scenario: CONC-013 8 mixed-content replaces on a CRLF file: one wins
    Given a file "crlf.txt" with text "a\r\nb\r\n"
    When the client calls "text.read" with {"path":"crlf.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.replace" concurrently with {"hash":"${h}","lines":[1,2],"new":"x${i}\ny${i}","old":"a","path":"crlf.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "crlf.txt" has the winner's text "x${winner}\r\ny${winner}\r\nb\r\n"
    And nothing outside the root has changed

  @CLR-027 @must @clarification
  Scenario: CONC-014 reads during a replace see the old or the new file
    Given a file "big.txt" made of 32768 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "text.read" with {"lines":[1,2],"path":"big.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"changed","old":"the quick brown fox jumps over the lazy dog, 0123456789 abcdef","path":"big.txt"} while reading "big.txt" repeatedly
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @MCP-034 @MCP-032 @MCP-015 @must
  Scenario: CONC-015 same-hash appends: one wins, none lost (core)
    Given a file "log.txt" with text "base\n"
    When the client calls "text.read" with {"path":"log.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.append" concurrently with {"content":"w${i}\n","hash":"${h}","path":"log.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the file "log.txt" has the winner's text "base\nw${winner}\n"
    And nothing outside the root has changed

  @MCP-034 @MCP-032 @MCP-013 @must
  Scenario: CONC-016 same-hash replaces: one wins, none lost (core)
    Given a file "v.txt" with text "head\nv\ntail\n"
    When the client calls "text.read" with {"path":"v.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.replace" concurrently with {"hash":"${h}","lines":[2,3],"new":"r${i}","old":"v","path":"v.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the file "v.txt" has the winner's text "head\nr${winner}\ntail\n"
    And nothing outside the root has changed

  @MCP-034 @MCP-032 @MCP-014 @must
  Scenario: CONC-017 same-hash inserts: one wins, none lost (core)
    Given a file "i.txt" with text "a\nend\n"
    When the client calls "text.read" with {"path":"i.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "text.insert" concurrently with {"anchor":"end","content":"i${i}","hash":"${h}","line":2,"path":"i.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the file "i.txt" has the winner's text "a\ni${winner}\nend\n"
    And nothing outside the root has changed

  @MCP-034 @MCP-032 @MCP-011 @must
  Scenario: CONC-018 same-hash removes: exactly one succeeds (core)
    Given a file "gone.txt" with text "bye\n"
    When the client calls "text.read" with {"path":"gone.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients call "file.remove" concurrently with {"hash":"${h}","path":"gone.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the path "gone.txt" does not exist
    And nothing outside the root has changed

  @CLR-026 @must @clarification
  Scenario: CONC-019 same-hash appends through 2 processes: one wins
    Given a file "log.txt" with text "base\n"
    When the client calls "text.read" with {"path":"log.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients on 2 server processes call "text.append" concurrently with {"content":"w${i}\n","hash":"${h}","path":"log.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "log.txt" has the winner's text "base\nw${winner}\n"
    And nothing outside the root has changed

  @CLR-026 @must @clarification
  Scenario: CONC-020 same-hash replaces through 2 processes: one wins
    Given a file "v.txt" with text "head\nv\ntail\n"
    When the client calls "text.read" with {"path":"v.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients on 2 server processes call "text.replace" concurrently with {"hash":"${h}","lines":[2,3],"new":"r${i}","old":"v","path":"v.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "v.txt" has the winner's text "head\nr${winner}\ntail\n"
    And nothing outside the root has changed

  @CLR-026 @must @clarification
  Scenario: CONC-021 same-hash inserts through 2 processes: one wins
    Given a file "i.txt" with text "a\nend\n"
    When the client calls "text.read" with {"path":"i.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients on 2 server processes call "text.insert" concurrently with {"anchor":"end","content":"i${i}","hash":"${h}","line":2,"path":"i.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a stale_hash error
    And the file "i.txt" has the winner's text "a\ni${winner}\nend\n"
    And nothing outside the root has changed

  @CLR-026 @must @clarification
  Scenario: CONC-022 same-hash removes through 2 processes: one wins
    Given a file "gone.txt" with text "bye\n"
    When the client calls "text.read" with {"path":"gone.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And 8 clients on 2 server processes call "file.remove" concurrently with {"hash":"${h}","path":"gone.txt"}
    Then exactly 1 of the concurrent calls succeed and the others fail with a any error
    And the path "gone.txt" does not exist
    And nothing outside the root has changed
