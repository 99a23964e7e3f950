# Generated from specs/rootspace/create.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Creating files (file.create)

  @MCP-010 @MCP-030 @MCP-033 @T3.3.1 @must
  Scenario: T3.3.1 create with utf-8 returns the hash
    Given a directory "notes"
    When the client calls "file.create" with {"content":"hello\nworld\n","encoding":"utf-8","path":"notes/new.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/new.md"
    And the file "notes/new.md" has text "hello\nworld\n"
    And nothing outside the root has changed

  @MCP-010 @MCP-030 @T3.3.2 @must
  Scenario: T3.3.2 create with base64 returns the hash
    When the client calls "file.create" with {"content":"3q2+7w==","encoding":"base64","path":"data.bin"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "data.bin"
    And the file "data.bin" has base64 "3q2+7w=="
    And nothing outside the root has changed

  @MCP-010 @T3.3.3 @must
  Scenario: T3.3.3 create makes missing parent directories
    When the client calls "file.create" with {"content":"deep\n","path":"a/b/c/new.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "a/b/c/new.md"
    And the directory "a/b/c" exists
    And the file "a/b/c/new.md" has text "deep\n"
    And nothing outside the root has changed

  @MCP-010 @T3.3.4 @must
  Scenario: T3.3.4 create over an existing file fails
    Given a file "notes/a.md" with text "keep me\n"
    When the client calls "file.create" with {"content":"overwrite\n","path":"notes/a.md"}
    Then the call fails with a already_exists error
    And the file "notes/a.md" has text "keep me\n"
    And nothing outside the root has changed

  @MCP-030 @MCP-010 @T3.3.5 @must
  Scenario: T3.3.5 utf-8 is the default encoding
    When the client calls "file.create" with {"content":"aGVsbG8K","path":"looks-like-b64.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "looks-like-b64.txt"
    And the file "looks-like-b64.txt" has text "aGVsbG8K"
    And nothing outside the root has changed

  @MCP-010 @T3.3.6 @must
  Scenario: T3.3.6 create with empty content works
    When the client calls "file.create" with {"content":"","path":"empty.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "empty.txt"
    And the file "empty.txt" has text ""
    And nothing outside the root has changed

  @MCP-010 @MCP-012 @must
  Scenario: CREATE-001 a created file reads back as written
    When the client calls "file.create" with {"content":"one\ntwo\nthree\n","path":"notes/r.md"}
    And the call succeeds
    And the client calls "text.read" with {"path":"notes/r.md"}
    Then the call succeeds
    And the result field "total_lines" is 3
    And the result field "content" has the lines ["one","two","three"]
    And nothing outside the root has changed

  @MCP-010 @MCP-031 @must
  Scenario: CREATE-002 CRLF content is stored byte-exact
    When the client calls "file.create" with {"content":"a\r\nb\r\n","path":"crlf.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "crlf.txt"
    And the file "crlf.txt" has text "a\r\nb\r\n"
    And nothing outside the root has changed

  @MCP-010 @MCP-031 @must
  Scenario: CREATE-003 content without final newline is stored as is
    When the client calls "file.create" with {"content":"no newline","path":"nonl.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "nonl.txt"
    And the file "nonl.txt" has text "no newline"
    And nothing outside the root has changed

  @MCP-010 @MCP-031 @must
  Scenario: CREATE-004 emoji content is stored byte-exact
    When the client calls "file.create" with {"content":"😀 grin\n👩‍💻 coder\n","path":"emoji.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "emoji.txt"
    And the file "emoji.txt" has text "😀 grin\n👩‍💻 coder\n"
    And nothing outside the root has changed

  @CLR-030 @MCP-031 @must @clarification
  Scenario: CREATE-005 NFD content is not normalized
    When the client calls "file.create" with {"content":"café\n","path":"nfd.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "nfd.txt"
    And the file "nfd.txt" has text "café\n"
    And nothing outside the root has changed

  @MCP-010 @MCP-025 @must
  Scenario: CREATE-006 a dotfile can be created
    When the client calls "file.create" with {"content":"KEY=1\n","path":".env"}
    Then the call succeeds
    And the result field "hash" is the hash of the file ".env"
    And the file ".env" has text "KEY=1\n"
    And nothing outside the root has changed

  @MCP-010 @MCP-030 @must
  Scenario: CREATE-007 empty base64 content makes an empty file
    When the client calls "file.create" with {"content":"","encoding":"base64","path":"empty.bin"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "empty.bin"
    And the file "empty.bin" has text ""
    And nothing outside the root has changed

  @CLR-017 @must @clarification
  Scenario: CREATE-008 create over a directory fails with ALREADY_EXISTS
    Given a directory "notes/sub"
    When the client calls "file.create" with {"content":"x\n","path":"notes/sub"}
    Then the call fails with a already_exists error
    And the directory "notes/sub" exists
    And nothing outside the root has changed

  @CLR-017 @must @clarification
  Scenario: CREATE-009 create under a file fails with NOT_A_DIRECTORY
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "file.create" with {"content":"x\n","path":"notes/a.md/x.txt"}
    Then the call fails with a not_a_directory error
    And the file "notes/a.md" has text "alpha\n"
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: CREATE-010 create of / fails with NOT_A_FILE
    When the client calls "file.create" with {"content":"x\n","path":"/"}
    Then the call fails with a not_a_file error
    And nothing outside the root has changed

  @CLR-013 @must @clarification
  Scenario: CREATE-011 create with an empty path is an invalid path
    When the client calls "file.create" with {"content":"x\n","path":""}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @CLR-029 @must @clarification
  Scenario: CREATE-012 an unknown encoding is an invalid argument
    When the client calls "file.create" with {"content":"x\n","encoding":"latin-1","path":"latin.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["encoding","base64"]
    And the path "latin.txt" does not exist
    And nothing outside the root has changed

  @CLR-029 @must @clarification
  Scenario: CREATE-013 content that is not base64 is an invalid argument
    When the client calls "file.create" with {"content":"!!not base64!!","encoding":"base64","path":"bad.bin"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["base64"]
    And the path "bad.bin" does not exist
    And nothing outside the root has changed

  @CLR-021 @must @clarification
  Scenario: CREATE-014 a missing content argument is an invalid argument
    When the client calls "file.create" with {"path":"nocontent.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["content"]
    And the path "nocontent.txt" does not exist
    And nothing outside the root has changed

  @CLR-014 @must @clarification
  Scenario: CREATE-015 a trailing slash on the new file path is ignored
    When the client calls "file.create" with {"content":"t\n","path":"notes/t.md/"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/t.md"
    And the file "notes/t.md" has text "t\n"
    And nothing outside the root has changed

  @MCP-010 @must
  Scenario: CREATE-016 create in an existing directory keeps its siblings
    Given a file "notes/a.md" with text "alpha\n"
    When the client calls "file.create" with {"content":"beta\n","path":"notes/b.md"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "notes/b.md"
    And the file "notes/a.md" has text "alpha\n"
    And the file "notes/b.md" has text "beta\n"
    And nothing outside the root has changed

  @MCP-010 @MCP-031 @must
  Scenario: CREATE-017 a NUL byte inside text content is stored
    When the client calls "file.create" with {"content":"a\u0000b\n","path":"nul.txt"}
    Then the call succeeds
    And the result field "hash" is the hash of the file "nul.txt"
    And the file "nul.txt" has base64 "YQBiCg=="
    And nothing outside the root has changed
