# Generated from specs/rootspace/paths.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Path interpretation and normalization

  @MCP-025 @T3.1.1 @must
  Scenario: T3.1.1 a path with a leading slash is accepted
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"/notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-025 @T3.1.2 @must
  Scenario: T3.1.2 a path without a leading slash is accepted
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-026 @AUTH-040 @T3.1.3 @must
  Scenario: T3.1.3 //notes//a.md is /notes/a.md
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"//notes//a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-026 @AUTH-040 @T3.1.4 @must
  Scenario: T3.1.4 /notes/./a.md is /notes/a.md
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"/notes/./a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-026 @AUTH-040 @T3.1.5 @must
  Scenario: T3.1.5 /notes/../work/a.md is /work/a.md
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    And a file "work/a.md" with text "work one\nwork two\n"
    When the client calls "text.read" with {"path":"/notes/../work/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["work one","work two"]
    And the result field "hash" is the hash of the file "work/a.md"
    And nothing outside the root has changed

  @MCP-027 @AUTH-041 @T3.1.6 @must
  Scenario: T3.1.6 /../etc/passwd is refused
    Given a file "etc/passwd" with text "root:x:0:0::/root:/bin/sh\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"/../etc/passwd"}
    Then the call fails
    And the file "etc/passwd" has text "root:x:0:0::/root:/bin/sh\n"
    And nothing outside the root has changed

  @MCP-028 @AUTH-041 @T3.1.7 @must
  Scenario: T3.1.7 C:\Users\file.txt is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file.create" with {"content":"x\n","path":"C:\\Users\\file.txt"}
    Then the call fails
    And the path "C:\Users\file.txt" does not exist
    And nothing outside the root has changed

  @AUTH-042 @T3.1.8 @must
  Scenario: T3.1.8 a symlink leading out of the root is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "notes/a.md" with text "alpha\n"
    And a symlink "notes/link" pointing to "${outside}/secret"
    When the client calls "text.read" with {"path":"notes/link"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-026 @must
  Scenario: PATH-001 ./notes/a.md is notes/a.md
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"./notes/a.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-026 @AUTH-040 @must
  Scenario: PATH-002 dot-dot through missing dirs resolves lexically
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"x/y/../../notes/a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And nothing outside the root has changed

  @MCP-026 @must
  Scenario: PATH-003 mixed //, . and .. normalize together
    Given a file "notes/a.md" with text "alpha\nbeta\n"
    When the client calls "text.read" with {"path":"///notes/.//sub/..//./a.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/a.md"
    And nothing outside the root has changed

  @MCP-026 @MCP-010 @must
  Scenario: PATH-004 create lands at the normalized location
    Given a directory "notes"
    When the client calls "file.create" with {"content":"bee\n","path":"/notes/./tmp/../b.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/b.md"
    And the file "notes/b.md" has text "bee\n"
    And the path "notes/tmp/b.md" does not exist
    And nothing outside the root has changed

  @MCP-025 @must
  Scenario: PATH-005 a leading slash is the root, not the OS root
    When the client calls "file.create" with {"content":"inside\n","path":"/etc/created-by-test.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "etc/created-by-test.txt"
    And the file "etc/created-by-test.txt" has text "inside\n"
    And nothing outside the root has changed

  @MCP-025 @MCP-050 @must
  Scenario: PATH-006 /etc/hostname is looked up inside the root
    When the client calls "text.read" with {"path":"/etc/hostname"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @MCP-025 @must
  Scenario: PATH-007 names with spaces work
    When the client calls "file.create" with {"content":"spaced\n","path":"my notes/a file.md"}
    And the call succeeds
    And the client calls "text.read" with {"path":"/my notes/a file.md"}
    Then the call succeeds
    And the result field "content" has the lines ["spaced"]
    And the result field "hash" is the hash of the file "my notes/a file.md"
    And nothing outside the root has changed

  @MCP-025 @must
  Scenario: PATH-008 a Unicode (NFC) name works
    When the client calls "file.create" with {"content":"nfc\n","path":"notes/café.md"}
    And the call succeeds
    And the client calls "text.read" with {"path":"/notes/café.md"}
    Then the call succeeds
    And the result field "content" has the lines ["nfc"]
    And the file "notes/café.md" has text "nfc\n"
    And nothing outside the root has changed

  @MCP-025 @must
  Scenario: PATH-009 an emoji name works
    When the client calls "file.create" with {"content":"emoji\n","path":"notes/😀 smile.md"}
    And the call succeeds
    And the client calls "text.read" with {"path":"notes/😀 smile.md"}
    Then the call succeeds
    And the result field "content" has the lines ["emoji"]
    And the file "notes/😀 smile.md" has text "emoji\n"
    And nothing outside the root has changed

  @CLR-030 @MCP-025 @must @clarification
  Scenario: PATH-010 NFC and NFD spellings are different names
    Given a file "notes/café.md" with text "nfc\n"
    When the client calls "text.read" with {"path":"notes/café.md"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @CLR-030 @MCP-025 @must @clarification
  Scenario: PATH-011 an NFD name is kept as given
    When the client calls "file.create" with {"content":"nfd\n","path":"notes/café.md"}
    And the call succeeds
    And the client reads the resource "list://notes/"
    Then the listing names are ["café.md"]
    And nothing outside the root has changed

  @CLR-030 @MCP-025 @must @clarification
  Scenario: PATH-012 NFC and NFD names can exist side by side
    Given a file "notes/café.md" with text "nfc\n"
    When the client calls "file.create" with {"content":"nfd\n","path":"notes/café.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/café.md"
    And the file "notes/café.md" has text "nfc\n"
    And the file "notes/café.md" has text "nfd\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: PATH-013 a trailing slash on a file path is ignored
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "text.read" with {"path":"notes/a.md/"}
    Then the call succeeds
    And the result field "content" is "alpha\n"
    And the result field "total_lines" is 1
    And nothing outside the root has changed

  @CLR-014 @CLR-018 @must @clarification
  Scenario: PATH-014 the root itself is not a file
    When the client calls "text.read" with {"path":"/"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: PATH-015 ... is an ordinary name
    When the client calls "file.create" with {"content":"dots\n","path":".../x.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file ".../x.md"
    And the file ".../x.md" has text "dots\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: PATH-016 percent escapes are not decoded
    When the client calls "file.create" with {"content":"literal\n","path":"notes/%2e%2e/x.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/%2e%2e/x.md"
    And the file "notes/%2e%2e/x.md" has text "literal\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: PATH-017 dot-dot that climbs out is refused, not clamped
    Given a file "a.md" with text "root file\n"
    And an outside file "secret" with text "top secret\n"
    When the client calls "text.read" with {"path":"/../a.md"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @CLR-018 @must @clarification
  Scenario: PATH-018 a directory path given to text.read is not a file
    Given a directory "notes/sub"
    When the client calls "text.read" with {"path":"notes/sub"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @MCP-025 @must
  Scenario: PATH-019 dotfile paths work like any other
    Given a file ".config/settings.ini" with text "k=v\n"
    When the client calls "text.read" with {"path":"/.config/settings.ini"}
    Then the call succeeds
    And the result field "content" has the lines ["k=v"]
    And nothing outside the root has changed

  @MCP-026 @must
  Scenario: PATH-020 dot-dot inside the root across a real dir
    Given a file "notes/a.md" with text "alpha\n"
    And a directory "notes/sub/deep"
    When the client calls "text.read" with {"path":"notes/sub/deep/../../a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha"]
    And nothing outside the root has changed

  @CLR-036 @must @clarification
  Scenario: PATH-021 a file:// URI is refused and creates nothing
    When the client calls "file.create" with {"content":"x\n","path":"file:///notes/a.md"}
    Then the call fails with a invalid_path error
    And the error message mentions ["/notes/a.md"]
    And the path "file:" does not exist
    And the path "notes" does not exist
    And nothing outside the root has changed

  @CLR-036 @must @clarification
  Scenario: PATH-022 a quoted path is refused, no quoted name made
    When the client calls "file.create" with {"content":"x\n","path":"'notes/a.md'"}
    Then the call fails with a invalid_path error
    And the path "'notes" does not exist
    And the path "notes" does not exist
    And nothing outside the root has changed

  @CLR-036 @must @clarification
  Scenario: PATH-023 a path with a leading space is refused
    When the client calls "file.create" with {"content":"x\n","path":" notes/a.md"}
    Then the call fails with a invalid_path error
    And the path " notes" does not exist
    And the path "notes" does not exist
    And nothing outside the root has changed

  @CLR-036 @must @clarification
  Scenario: PATH-024 a name with a leading space is reached below a dir
    Given a file " a.md" with text "spaced\n"
    When the client calls "text.read" with {"path":"./ a.md"}
    Then the call succeeds
    And the result field "content" has the lines ["spaced"]
    And nothing outside the root has changed
