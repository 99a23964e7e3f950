# Generated from specs/rootspace/remove.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Removing files (file.remove)

  @MCP-011 @MCP-032 @T3.4.1 @must
  Scenario: T3.4.1 remove with the matching hash deletes the file
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"notes/a.md"}
    Then the call succeeds
    And the path "notes/a.md" does not exist
    And nothing outside the root has changed

  @MCP-011 @MCP-034 @MCP-052 @T3.4.2 @must
  Scenario: T3.4.2 remove with a mismatched hash teaches to re-read
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the file "notes/a.md" is changed on disk to "alpha changed\n"
    And the client calls "file.remove" with {"hash":"${h}","path":"notes/a.md"}
    Then the call fails with a stale_hash error
    And the error carries the facts of a stale_hash error
    And the file "notes/a.md" has text "alpha changed\n"
    And nothing outside the root has changed

  @MCP-011 @MCP-050 @T3.4.3 @must
  Scenario: T3.4.3 remove of a missing file is not found
    When the client calls "file.remove" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","path":"notes/missing.md"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-011 @MCP-032 @must
  Scenario: REMOVE-001 remove with the hash returned by create
    When the client calls "file.create" with {"content":"short-lived\n","path":"tmp.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"tmp.txt"}
    Then the call succeeds
    And the path "tmp.txt" does not exist
    And nothing outside the root has changed

  @MCP-011 @must
  Scenario: REMOVE-002 remove keeps siblings and the parent directory
    Given a file "notes/a.md" with text "alpha\n"
    And a file "notes/b.md" with text "beta\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"notes/a.md"}
    Then the call succeeds
    And the path "notes/a.md" does not exist
    And the file "notes/b.md" has text "beta\n"
    And the directory "notes" exists
    And nothing outside the root has changed

  @MCP-011 @MCP-050 @must
  Scenario: REMOVE-003 a removed file is not found afterwards
    Given a file "a.txt" with text "a\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"a.txt"}
    And the call succeeds
    And the client calls "text.read" with {"path":"a.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-010 @MCP-011 @must
  Scenario: REMOVE-004 a removed path can be created again
    Given a file "a.txt" with text "old\n"
    When the client calls "text.read" with {"path":"a.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"a.txt"}
    And the call succeeds
    And the client calls "file.create" with {"content":"new\n","path":"a.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a.txt"
    And the file "a.txt" has text "new\n"
    And nothing outside the root has changed

  @MCP-003 @MCP-011 @must
  Scenario: REMOVE-005 remove works on binary files
    When the client calls "file.create" with {"content":"iVBORw0KGgoAAA==","encoding":"base64","path":"img.png"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"img.png"}
    Then the call succeeds
    And the path "img.png" does not exist
    And nothing outside the root has changed

  @CLR-017 @CLR-018 @must @clarification
  Scenario: REMOVE-006 remove of a directory fails with NOT_A_FILE
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "file.remove" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","path":"notes"}
    Then the call fails with a not_a_file error
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-012 @must @clarification
  Scenario: REMOVE-007 remove accepts an uppercase hash
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "file.remove" with {"hash":"880553FCA8FCEA94E325EE2CFB48E5A985CC797F39A14CC6D3CEDECFEB2AE4D2","path":"a.txt"}
    Then the call succeeds
    And the path "a.txt" does not exist
    And nothing outside the root has changed

  @CLR-021 @CLR-012 @must @clarification
  Scenario: REMOVE-008 remove without a hash is an invalid argument
    Given a file "a.txt" with text "a\n"
    When the client calls "file.remove" with {"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["hash"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: REMOVE-009 remove of / fails with NOT_A_FILE
    When the client calls "file.remove" with {"hash":"880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","path":"/"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-022 @must @clarification
  Scenario: REMOVE-010 a stale remove gives the hash and says to re-read
    Given a file "a.txt" with text "a\nb\nc\n"
    When the client calls "file.remove" with {"hash":"73324e1ab1db72ee9eb4fdf1c90a586d67e00ab58330d1cbfea26ecd0a77fa4d","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the error message mentions ["880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2","call text.read"]
    And the file "a.txt" has text "a\nb\nc\n"
    And nothing outside the root has changed

  @MCP-011 @MCP-034 @must
  Scenario: REMOVE-011 remove of the hash of another file is refused
    Given a file "a.txt" with text "a\n"
    And a file "b.txt" with text "b\n"
    When the client calls "text.read" with {"path":"b.txt"}
    And the result field "hash" is saved as "hb"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${hb}","path":"a.txt"}
    Then the call fails with a stale_hash error
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @MCP-011 @must
  Scenario: REMOVE-012 remove of a file with mode bits works
    Given a file "bin/run.sh" with text "#!/bin/sh\necho hi\n"
    And the file "bin/run.sh" has mode 0o755
    When the client calls "text.read" with {"path":"bin/run.sh"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"bin/run.sh"}
    Then the call succeeds
    And the path "bin/run.sh" does not exist
    And the directory "bin" exists
    And nothing outside the root has changed
