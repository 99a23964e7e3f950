# Generated from specs/devs/write.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Writing files (filesystem_operation write)

  @3_MCP-TAS-079-WRITE @must
  Scenario: DV-WRITE-001 write creates a file with the content
    When the client calls "filesystem_operation" with {"action":"write","content":"hello\n","path":"new.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the file "new.txt" has text "hello\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-WRITE @must
  Scenario: DV-WRITE-002 write overwrites an existing file
    Given a file "existing.txt" with text "old content\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"new content\n","path":"existing.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the file "existing.txt" has text "new content\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-WRITE @3_MCP-TAS-079-READ @must
  Scenario: DV-WRITE-003 what was written is read back
    When the client calls "filesystem_operation" with {"action":"write","content":"one\ntwo\n","path":"w.txt"}
    And the call succeeds
    And the client calls "filesystem_operation" with {"action":"read","path":"w.txt"}
    Then the call succeeds
    And the result field "bytesRead" is 8
    And the result field "data" has the lines ["one","two"]
    And nothing outside the root has changed

  @DV-CLR-03 @must @clarification
  Scenario: DV-WRITE-004 content is stored exactly, CRLF and no final newline
    When the client calls "filesystem_operation" with {"action":"write","content":"a\r\nb","path":"w.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the file "w.txt" has text "a\r\nb"
    And nothing outside the root has changed

  @DV-CLR-04 @must @clarification
  Scenario: DV-WRITE-005 write makes missing parent directories
    When the client calls "filesystem_operation" with {"action":"write","content":"test","path":"new/dir/file.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the directory "new/dir" exists
    And the file "new/dir/file.txt" has text "test"
    And nothing outside the root has changed

  @DV-CLR-03 @must @clarification
  Scenario: DV-WRITE-006 an overwritten file keeps its permission bits
    Given a file "script.sh" with text "echo old\n"
    And the file "script.sh" has mode 0o750
    When the client calls "filesystem_operation" with {"action":"write","content":"echo new\n","path":"script.sh"}
    Then the call succeeds
    And the file "script.sh" has text "echo new\n"
    And the file "script.sh" has mode 0o750
    And nothing outside the root has changed

  @DV-CLR-03 @DV-CLR-06 @must @clarification
  Scenario: DV-WRITE-007 writes leave no temporary file in a listing
    Given a directory "d"
    When the client calls "filesystem_operation" with {"action":"write","content":"one\n","path":"d/a.txt"}
    And the call succeeds
    And the client calls "filesystem_operation" with {"action":"write","content":"two\n","path":"d/a.txt"}
    And the call succeeds
    And the client calls "apply_surgical_edits" with {"edits":[{"new":"three","old":"two"}],"path":"d/a.txt"}
    And the call succeeds
    And the client calls "filesystem_operation" with {"action":"list","path":"d"}
    Then the call succeeds
    And the result field "data" is ["a.txt"]
    And nothing outside the root has changed

  @DV-CLR-11 @must @clarification
  Scenario: DV-WRITE-008 writing to a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "filesystem_operation" with {"action":"write","content":"x","path":"notes"}
    Then the call fails with a not_a_file error
    And the directory "notes" exists
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-WRITE-009 a write through a link inside replaces the target
    Given a file "real.txt" with text "old\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "filesystem_operation" with {"action":"write","content":"new\n","path":"link.txt"}
    Then the call succeeds
    And the file "real.txt" has text "new\n"
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-WRITE-010 an empty content makes an empty file
    When the client calls "filesystem_operation" with {"action":"write","content":"","path":"e.txt"}
    Then the call succeeds
    And the file "e.txt" has text ""
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-WRITE-011 write without content is INVALID_ARGUMENT
    When the client calls "filesystem_operation" with {"action":"write","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["content"]
    And the path "a.txt" does not exist
    And nothing outside the root has changed
