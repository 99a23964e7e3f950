# Generated from specs/rootspace/listing.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Directory listing (list://{path})

  @MCP-020 @T5.1.1 @must
  Scenario: T5.1.1 list://notes/ gives the immediate children
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/b.md" with text "b\n"
    And a file "notes/sub/c.md" with text "c\n"
    When the client reads the resource "list://notes/"
    Then the listing names are ["sub","a.md","b.md"]
    And nothing outside the root has changed

  @MCP-020 @MCP-025 @T5.1.2 @must
  Scenario: T5.1.2 list:// lists the root
    Given a file "notes/a.md" with text "a\n"
    And a file "work/w.md" with text "w\n"
    And a file "top.txt" with text "t\n"
    When the client reads the resource "list://"
    Then the listing names are ["notes","work","top.txt"]
    And nothing outside the root has changed

  @MCP-020 @T5.1.3 @must
  Scenario: T5.1.3 files and directories are told apart
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/b.md" with text "b\n"
    And a directory "notes/sub"
    When the client reads the resource "list://notes/"
    Then the listing directories are ["sub"]
    And the listing files are ["a.md","b.md"]
    And nothing outside the root has changed

  @MCP-020 @T5.1.4 @must
  Scenario: T5.1.4 the listing does not recurse
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/sub/c.md" with text "c\n"
    And a file "notes/sub/deep/d.md" with text "d\n"
    When the client reads the resource "list://notes/"
    Then the listing names are ["sub","a.md"]
    And nothing outside the root has changed

  @MCP-020 @T5.1.5 @must
  Scenario: T5.1.5 directories first, then files, alphabetically
    Given a file "notes/c.md" with text "c\n"
    And a file "notes/a.md" with text "a\n"
    And a directory "notes/zeta"
    And a file "notes/b.md" with text "b\n"
    And a directory "notes/alpha"
    When the client reads the resource "list://notes/"
    Then the listing names are ["alpha","zeta","a.md","b.md","c.md"]
    And the listing directories are ["alpha","zeta"]
    And nothing outside the root has changed

  @MCP-020 @MCP-026 @T5.2.1 @must
  Scenario: T5.2.1 list://notes/../work/ lists /work/
    Given a file "notes/a.md" with text "a\n"
    And a file "work/w.md" with text "w\n"
    When the client reads the resource "list://notes/../work/"
    Then the listing names are ["w.md"]
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @T5.2.2 @must
  Scenario: T5.2.2 list://../ is refused
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://../"
    Then the call fails
    And nothing outside the root has changed

  @MCP-020 @MCP-050 @T5.3.1 @must
  Scenario: T5.3.1 listing a missing directory is not found
    When the client reads the resource "list://missing/"
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-020 @T5.3.2 @must
  Scenario: T5.3.2 listing a file is an error
    Given a file "notes/a.md" with text "a\n"
    When the client reads the resource "list://notes/a.md"
    Then the call fails
    And nothing outside the root has changed

  @MCP-020 @T5.3.3 @must
  Scenario: T5.3.3 an empty directory gives an empty list
    Given a directory "empty"
    When the client reads the resource "list://empty/"
    Then the listing names are []
    And nothing outside the root has changed

  @MCP-021 @T5.3.4 @must
  Scenario: T5.3.4 dotfiles are listed
    Given a file "notes/.hidden" with text "h\n"
    And a directory "notes/.config"
    When the client reads the resource "list://notes/"
    Then the listing names are [".config",".hidden"]
    And the listing directories are [".config"]
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-001 the listing JSON shape
    Given a file "notes/a.md" with text "a\n"
    And a directory "notes/sub"
    When the client reads the resource "list://notes/"
    Then the listing JSON is {"entries":[{"name":"sub","type":"directory"},{"name":"a.md","type":"file"}],"path":"/notes"}
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-002 the root listing has path /
    Given a file "top.txt" with text "t\n"
    When the client reads the resource "list://"
    Then the listing JSON is {"entries":[{"name":"top.txt","type":"file"}],"path":"/"}
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-003 list:/// lists the root too
    Given a file "top.txt" with text "t\n"
    And a directory "d"
    When the client reads the resource "list:///"
    Then the listing names are ["d","top.txt"]
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-004 names sort by bytes: dot, upper, underscore, lower
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/B.md" with text "b\n"
    And a file "notes/_x.md" with text "x\n"
    And a file "notes/.hidden" with text "h\n"
    And a directory "notes/Zdir"
    And a directory "notes/adir"
    When the client reads the resource "list://notes/"
    Then the listing names are ["Zdir","adir",".hidden","B.md","_x.md","a.md"]
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-005 a symlink is listed as a symlink
    Given a file "notes/a.md" with text "a\n"
    And a directory "notes/sub"
    And a symlink "notes/zlink" pointing to "a.md"
    When the client reads the resource "list://notes/"
    Then the listing JSON is {"entries":[{"name":"sub","type":"directory"},{"name":"a.md","type":"file"},{"name":"zlink","type":"symlink"}],"path":"/notes"}
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-006 a symlink to a directory is not followed
    Given a file "notes/sub/c.md" with text "c\n"
    And a symlink "notes/zdir" pointing to "sub"
    When the client reads the resource "list://notes/"
    Then the listing names are ["sub","zdir"]
    And the listing directories are ["sub"]
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-007 server temp files are never listed
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/.mcp-tmp-5f3a9c0e1b2d4a6f0" with text "partial"
    When the client reads the resource "list://notes/"
    Then the listing names are ["a.md"]
    And nothing outside the root has changed

  @MCP-020 @must
  Scenario: LIST-008 list://notes without trailing slash
    Given a file "notes/a.md" with text "a\n"
    When the client reads the resource "list://notes"
    Then the listing names are ["a.md"]
    And nothing outside the root has changed

  @MCP-020 @MCP-025 @must
  Scenario: LIST-009 list:///notes with a leading slash
    Given a file "notes/a.md" with text "a\n"
    When the client reads the resource "list:///notes"
    Then the listing names are ["a.md"]
    And nothing outside the root has changed

  @MCP-020 @MCP-026 @must
  Scenario: LIST-010 a listing path is normalized
    Given a file "notes/sub/c.md" with text "c\n"
    When the client reads the resource "list://notes//./sub/"
    Then the listing names are ["c.md"]
    And nothing outside the root has changed

  @CLR-025 @must @clarification
  Scenario: LIST-011 listing a file says to use text.read
    Given a file "notes/a.md" with text "a\n"
    When the client reads the resource "list://notes/a.md"
    Then the call fails
    And the error message mentions ["text.read"]
    And nothing outside the root has changed

  @CLR-024 @CLR-030 @must @clarification
  Scenario: LIST-012 Unicode names are listed as stored
    Given a file "notes/café.md" with text "c\n"
    And a file "notes/😀.md" with text "e\n"
    And a file "notes/café.md" with text "d\n"
    When the client reads the resource "list://notes/"
    Then the listing names are ["café.md","café.md","😀.md"]
    And nothing outside the root has changed

  @MCP-010 @MCP-020 @must
  Scenario: LIST-013 a created file appears in the listing
    Given a file "notes/a.md" with text "a\n"
    When the client calls "file.create" with {"content":"n\n","path":"notes/n.md"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing names are ["a.md","n.md"]
    And nothing outside the root has changed

  @MCP-011 @MCP-020 @must
  Scenario: LIST-014 a removed file leaves the listing
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/b.md" with text "b\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"notes/a.md"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing names are ["b.md"]
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: LIST-015 a relative symlink to a directory inside works
    Given a file "notes/a.md" with text "a\n"
    And a symlink "alias" pointing to "notes"
    When the client reads the resource "list://alias/"
    Then the listing names are ["a.md"]
    And nothing outside the root has changed

  @MCP-020 @must
  Scenario: LIST-016 a deep directory is listed
    Given a file "a/b/c/d/e.md" with text "e\n"
    When the client reads the resource "list://a/b/c/d/"
    Then the listing names are ["e.md"]
    And nothing outside the root has changed

  @MCP-020 @must
  Scenario: LIST-017 listing a file with a trailing slash is an error
    Given a file "notes/a.md" with text "a\n"
    When the client reads the resource "list://notes/a.md/"
    Then the call fails
    And nothing outside the root has changed

  @MCP-020 @MCP-025 @must
  Scenario: LIST-018 the root listing shows nothing from outside
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "a\n"
    When the client reads the resource "list://"
    Then the listing names are ["notes"]
    And nothing outside the root has changed

  @MCP-020 @must
  Scenario: LIST-019 an empty root lists nothing
    When the client reads the resource "list://"
    Then the listing names are []
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-020 the empty directory JSON
    Given a directory "empty"
    When the client reads the resource "list://empty"
    Then the listing JSON is {"entries":[],"path":"/empty"}
    And nothing outside the root has changed

  @CLR-027 @CLR-024 @must @clarification
  Scenario: LIST-021 a listing after an edit shows no temp file
    Given a file "notes/a.md" with text "a\n"
    When the client calls "text.append" with {"content":"b","hash":"${sha256:notes/a.md}","path":"notes/a.md"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing JSON is {"entries":[{"name":"a.md","type":"file"}],"path":"/notes"}
    And nothing outside the root has changed

  @CLR-024 @must @clarification
  Scenario: LIST-022 symlinks sort among files, after directories
    Given a file "n/b.md" with text "b\n"
    And a directory "n/zdir"
    And a symlink "n/alink" pointing to "b.md"
    And a symlink "n/adirlink" pointing to "zdir"
    When the client reads the resource "list://n"
    Then the listing names are ["zdir","adirlink","alink","b.md"]
    And the listing directories are ["zdir"]
    And nothing outside the root has changed
