# Generated from specs/rootspace/security.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Staying inside the root

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-001 a/../../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"a/../../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-002 /../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"/../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: SEC-003 /../root_evil/secret is PATH_ESCAPE
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"/../root_evil/secret"}
    Then the call fails with a path_escape error
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-026 @MCP-027 @AUTH-041 @must
  Scenario: SEC-004 notes/..//..//root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client calls "text.read" with {"path":"notes/..//..//root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-005 ..//.. climbing two levels is refused
    Given a file "etc/passwd" with text "root:x:0:0::/root:/bin/sh\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"..//../etc/passwd"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-006 a trailing /.. that climbs out is refused
    Given an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client calls "text.read" with {"path":"notes/../.."}
    Then the call fails
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: SEC-007 a trailing /.. is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client calls "text.read" with {"path":"notes/../.."}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-008 prefix sibling ../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: SEC-009 prefix sibling ../root_evil/secret is PATH_ESCAPE
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-010 a deep dot-dot chain out is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"notes/a/b/../../../../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-011 /./../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"/./../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-012 /../a.md is refused, not clamped to /a.md
    Given an outside file "secret" with text "top secret\n"
    And a file "a.md" with text "root file\n"
    When the client calls "text.read" with {"path":"/../a.md"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-013 percent-encoded dot-dot does not escape
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"%2e%2e/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-014 C:\ path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"C:\\Users\\file.txt"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-015 C:/ path is INVALID_PATH and creates nothing
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":"C:/Users/file.txt"}
    Then the call fails with a invalid_path error
    And the path "C:" does not exist
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-016 lowercase drive c:\ is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":"c:\\temp\\x.txt"}
    Then the call fails with a invalid_path error
    And the path "c:\temp\x.txt" does not exist
    And nothing outside the root has changed

  @MCP-028 @AUTH-041 @must
  Scenario: SEC-017 UNC \\server\share is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":"\\\\server\\share\\file.txt"}
    Then the call fails
    And the path "\\server\share\file.txt" does not exist
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-018 UNC \\server\share is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"\\\\server\\share\\file.txt"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-019 backslash-relative notes\a.md is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    When the client calls "text.read" with {"path":"notes\\a.md"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @MCP-028 @AUTH-041 @must
  Scenario: SEC-020 backslash dot-dot ..\root_evil\secret is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"..\\root_evil\\secret"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-021 a NUL byte in a path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    When the client calls "text.read" with {"path":"notes/a.md\u0000.txt"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @MCP-025 @AUTH-041 @must
  Scenario: SEC-022 a NUL byte cannot truncate a created path
    Given an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client calls "file.create" with {"content":"x\n","path":"notes/x\u0000y.txt"}
    Then the call fails
    And the path "notes/x" does not exist
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-023 an empty path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":""}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @MCP-010 @MCP-025 @must
  Scenario: SEC-024 create with an empty path fails
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":""}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @CLR-016 @must @clarification
  Scenario: SEC-025 an absolute link to an outside file is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client calls "text.read" with {"path":"notes/link"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: SEC-026 a relative link to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "leak" pointing to "../root_evil/secret"
    When the client calls "text.read" with {"path":"leak"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-027 a relative link to an outside file is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/leak" pointing to "../../root_evil/secret"
    When the client calls "text.read" with {"path":"notes/leak"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: SEC-028 reading through a link to an outside dir is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "notes/out" pointing to "${outside}/stuff"
    When the client calls "text.read" with {"path":"notes/out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-010 @must
  Scenario: SEC-029 creating through a link to an outside dir is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "notes/out" pointing to "../../root_evil/stuff"
    When the client calls "file.create" with {"content":"planted\n","path":"notes/out/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-030 a symlinked parent on create is PATH_ESCAPE
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "linkdir" pointing to "${outside}/stuff"
    When the client calls "file.create" with {"content":"planted\n","path":"linkdir/new.txt"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @AUTH-042 @MCP-010 @must
  Scenario: SEC-031 create on a dangling link pointing out plants nothing out
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/dangling" pointing to "${outside}/planted.txt"
    When the client calls "file.create" with {"content":"planted\n","path":"notes/dangling"}
    Then the server answers the call
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-032 create on a dangling link is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/dangling" pointing to "../../root_evil/planted.txt"
    When the client calls "file.create" with {"content":"planted\n","path":"notes/dangling"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: SEC-033 a chain of links leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/first" pointing to "second"
    And a symlink "notes/second" pointing to "../third"
    And a symlink "third" pointing to "../root_evil/secret"
    When the client calls "text.read" with {"path":"notes/first"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-034 a chain of links leading out is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/first" pointing to "second"
    And a symlink "notes/second" pointing to "${outside}/secret"
    When the client calls "text.read" with {"path":"notes/first"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @CLR-016 @must @clarification
  Scenario: SEC-035 an absolute link target inside the root is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/abs" pointing to "${root}/notes/a.md"
    When the client calls "text.read" with {"path":"notes/abs"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-036 a relative link inside the root is followed
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/rel" pointing to "a.md"
    When the client calls "text.read" with {"path":"notes/rel"}
    Then the call succeeds
    And the result field "content" is "alpha\n"
    And the result field "total_lines" is 1
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: SEC-037 a link to the root's parent cannot be walked
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/parent" pointing to "../.."
    When the client calls "text.read" with {"path":"notes/parent/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-040 @MCP-026 @must
  Scenario: SEC-038 dot-dot is resolved before links are looked at
    Given an outside file "secret" with text "top secret\n"
    And an outside directory "stuff"
    And a symlink "notes/out" pointing to "${outside}/stuff"
    And a file "notes/secret" with text "inside\n"
    When the client calls "text.read" with {"path":"notes/out/../secret"}
    Then the call succeeds
    And the result field "content" has the lines ["inside"]
    And the result field "hash" is the hash of the file "notes/secret"
    And nothing outside the root has changed

  @MCP-027 @MCP-010 @AUTH-041 @must
  Scenario: SEC-039 create ../root_evil/new.txt is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"planted\n","path":"../root_evil/new.txt"}
    Then the call fails
    And the path "root_evil/new.txt" does not exist
    And nothing outside the root has changed

  @MCP-027 @MCP-010 @AUTH-041 @must
  Scenario: SEC-040 create over the outside secret is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"overwritten\n","path":"/../root_evil/secret"}
    Then the call fails
    And the path "root_evil/secret" does not exist
    And nothing outside the root has changed

  @MCP-027 @MCP-013 @AUTH-041 @must
  Scenario: SEC-041 replace in ../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"root_evil/secret"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"pwned","old":"top secret","path":"../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @MCP-014 @AUTH-041 @must
  Scenario: SEC-042 insert into /../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"root_evil/secret"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"top secret","content":"pwned","hash":"${h}","line":1,"path":"/../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @MCP-015 @AUTH-041 @must
  Scenario: SEC-043 append via notes/../../root_evil is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client calls "text.read" with {"path":"root_evil/secret"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"pwned","hash":"${h}","path":"notes/../../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @MCP-011 @AUTH-041 @must
  Scenario: SEC-044 remove ../root_evil/secret is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"root_evil/secret"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"../root_evil/secret"}
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: SEC-045 remove ../root_evil/secret is PATH_ESCAPE
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @AUTH-042 @MCP-013 @must
  Scenario: SEC-046 replace through a link to an outside file is refused
    Given a file "bait.txt" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client calls "text.read" with {"path":"bait.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.replace" with {"hash":"${h}","lines":[1,2],"new":"pwned","old":"top secret","path":"notes/link"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-015 @must
  Scenario: SEC-047 append through a relative outside link is refused
    Given a file "bait.txt" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a symlink "leak" pointing to "../root_evil/secret"
    When the client calls "text.read" with {"path":"bait.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.append" with {"content":"pwned","hash":"${h}","path":"leak"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-014 @must
  Scenario: SEC-048 insert through a link to an outside dir is refused
    Given a file "bait.txt" with text "top secret\n"
    And an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "notes/out" pointing to "${outside}/stuff"
    When the client calls "text.read" with {"path":"bait.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "text.insert" with {"anchor":"top secret","content":"pwned","hash":"${h}","line":1,"path":"notes/out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-011 @must
  Scenario: SEC-049 remove through a link to an outside dir is refused
    Given a file "bait.txt" with text "top secret\n"
    And an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "notes/out" pointing to "../../root_evil/stuff"
    When the client calls "text.read" with {"path":"bait.txt"}
    And the result field "hash" is saved as "h"
    And the call succeeds
    And the client calls "file.remove" with {"hash":"${h}","path":"notes/out/secret.txt"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-050 remove of a link to an outside file is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"notes/link"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @AUTH-042 @MCP-010 @must
  Scenario: SEC-051 create over a link to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client calls "file.create" with {"content":"overwritten\n","path":"notes/link"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-016 @must @clarification
  Scenario: SEC-052 replace through an absolute in-root link is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/abs" pointing to "${root}/notes/a.md"
    When the client calls "text.replace" with {"hash":"${sha256:notes/a.md}","lines":[1,2],"new":"ALPHA","old":"alpha","path":"notes/abs"}
    Then the call fails with a path_escape error
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-053 append through a relative in-root link works
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/rel" pointing to "a.md"
    When the client calls "text.append" with {"content":"beta","hash":"${sha256:notes/a.md}","path":"notes/rel"}
    Then the call succeeds
    And the result field "total_lines" is 2
    And the result field "hash" is the hash of the file "notes/a.md"
    And the file "notes/a.md" has text "alpha\nbeta\n"
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-054 replace with a C:\ path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "text.replace" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","lines":[1,2],"new":"pwned","old":"top secret","path":"C:\\secret"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-055 append with a backslash path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    When the client calls "text.append" with {"content":"x","hash":"${sha256:notes/a.md}","path":"notes\\a.md"}
    Then the call fails with a invalid_path error
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-056 insert with a NUL path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    When the client calls "text.insert" with {"anchor":"alpha","content":"x","hash":"${sha256:notes/a.md}","line":1,"path":"notes/a.md\u0000"}
    Then the call fails with a invalid_path error
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-057 remove with a UNC path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.remove" with {"hash":"492cb4e5121e0c160628ff636e10c0614240e540e90fcf52be576a76b433e4b4","path":"\\\\server\\share\\secret"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @MCP-027 @MCP-020 @AUTH-041 @must
  Scenario: SEC-058 list://../root_evil is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://../root_evil"
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-059 list:///../root_evil/ is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client reads the resource "list:///../root_evil/"
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-060 list://notes/../.. is refused
    Given an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client reads the resource "list://notes/../.."
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-061 list://a/../../root_evil is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://a/../../root_evil"
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-062 list://notes/..//..//root_evil/ is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client reads the resource "list://notes/..//..//root_evil/"
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-063 list://.. is refused
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://.."
    Then the call fails
    And nothing outside the root has changed

  @MCP-028 @AUTH-041 @must
  Scenario: SEC-064 list://C:\ is refused
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://C:\"
    Then the call fails
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-065 list://C:/ is refused
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://C:/"
    Then the call fails
    And nothing outside the root has changed

  @MCP-028 @AUTH-041 @must
  Scenario: SEC-066 list of a UNC path is refused
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://\\server\share"
    Then the call fails
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-067 list with a backslash path is refused
    Given an outside file "secret" with text "top secret\n"
    And a directory "notes/sub"
    When the client reads the resource "list://notes\sub"
    Then the call fails
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-068 list://./../root_evil/ is refused
    Given a file "root_evil/secret" with text "top secret\n"
    And an outside file "secret" with text "top secret\n"
    And a directory "notes"
    When the client reads the resource "list://./../root_evil/"
    Then the call fails
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @AUTH-042 @MCP-020 @must
  Scenario: SEC-069 list through a link to an outside dir is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "notes/out" pointing to "${outside}/stuff"
    When the client reads the resource "list://notes/out/"
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-020 @must
  Scenario: SEC-070 list through a relative outside dir link is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "../root_evil/stuff"
    When the client reads the resource "list://out"
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @must
  Scenario: SEC-071 list through a chain of links leading out is refused
    Given an outside directory "stuff"
    And a symlink "hop1" pointing to "hop2"
    And a symlink "hop2" pointing to "../root_evil/stuff"
    When the client reads the resource "list://hop1/"
    Then the call fails
    And nothing outside the root has changed

  @CLR-016 @must @clarification
  Scenario: SEC-072 list through an absolute in-root dir link is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "absdir" pointing to "${root}/notes"
    When the client reads the resource "list://absdir/"
    Then the call fails
    And nothing outside the root has changed

  @CLR-024 @AUTH-042 @must @clarification
  Scenario: SEC-073 a link to an outside dir is listed, not followed
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/out" pointing to "${outside}/stuff"
    When the client reads the resource "list://notes/"
    Then the listing JSON is {"entries":[{"name":"a.md","type":"file"},{"name":"out","type":"symlink"}],"path":"/notes"}
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @must
  Scenario: SEC-074 list://%2e%2e/ does not escape
    Given an outside file "secret" with text "top secret\n"
    When the client reads the resource "list://%2e%2e/"
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-010 @must
  Scenario: SEC-075 create through a chain of links leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "hop1" pointing to "hop2"
    And a symlink "hop2" pointing to "../root_evil/stuff"
    When the client calls "file.create" with {"content":"planted\n","path":"hop1/planted.txt"}
    Then the call fails
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: SEC-076 C:\ on create is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":"C:\\Users\\file.txt"}
    Then the call fails with a invalid_path error
    And the path "C:\Users\file.txt" does not exist
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: SEC-077 a dot-dot escape in create is PATH_ESCAPE
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"planted\n","path":"a/../../root_evil/planted.txt"}
    Then the call fails with a path_escape error
    And the path "root_evil/planted.txt" does not exist
    And nothing outside the root has changed

  @AUTH-042 @MCP-020 @must
  Scenario: SEC-078 list of a link to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client reads the resource "list://notes/link"
    Then the call fails
    And nothing outside the root has changed

  @AUTH-042 @MCP-020 @must
  Scenario: SEC-079 list of a dangling link pointing out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "notes/dangling" pointing to "../../root_evil/nothing-here"
    When the client reads the resource "list://notes/dangling/"
    Then the call fails
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-080 create through a relative in-root dir link works
    Given an outside file "secret" with text "top secret\n"
    And a directory "real"
    And a symlink "alias" pointing to "real"
    When the client calls "file.create" with {"content":"via link\n","path":"alias/new.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "real/new.txt"
    And the file "real/new.txt" has text "via link\n"
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-081 read via a link to the root itself stays inside
    Given an outside file "secret" with text "top secret\n"
    And a file "a.md" with text "alpha\n"
    And a symlink "notes/up" pointing to ".."
    When the client calls "text.read" with {"path":"notes/up/a.md"}
    Then the call succeeds
    And the result field "content" is "alpha\n"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @AUTH-040 @MCP-026 @must
  Scenario: SEC-082 dot-dot after a link to .. is resolved lexically
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy inside the root\n"
    And a symlink "notes/up" pointing to ".."
    When the client calls "text.read" with {"path":"notes/up/../../root_evil/secret"}
    Then the call succeeds
    And the result field "content" has the lines ["decoy inside the root"]
    And the result field "hash" is the hash of the file "root_evil/secret"
    And nothing outside the root has changed

  @CLR-015 @must @clarification
  Scenario: SEC-083 remove of an inside link removes the link only
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/rel" pointing to "a.md"
    When the client calls "file.remove" with {"hash":"${sha256:notes/a.md}","path":"notes/rel"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing names are ["a.md"]
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-015 @CLR-024 @must @clarification
  Scenario: SEC-084 an edit through an inside link keeps the link
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/rel" pointing to "a.md"
    When the client calls "text.replace" with {"hash":"${sha256:notes/a.md}","lines":[1,2],"new":"beta","old":"alpha","path":"notes/rel"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing JSON is {"entries":[{"name":"a.md","type":"file"},{"name":"rel","type":"symlink"}],"path":"/notes"}
    And the file "notes/a.md" has text "beta\n"
    And nothing outside the root has changed

  @CLR-031 @must @clarification
  Scenario: SEC-085 a hard link to an outside file is not read
    Given an outside file "secret" with text "top secret\n"
    And a hard link "notes/twin" to the file "${outside}/secret"
    When the client calls "text.read" with {"path":"notes/twin"}
    Then the call fails
    And the error message mentions ["hard link"]
    And nothing outside the root has changed
