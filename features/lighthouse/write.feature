# Generated from specs/lighthouse/write.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Writing files (write)

  @FR-3.1.4 @must
  Scenario: LH-WRITE-001 write creates a new file and says created
    When the client calls "write" with {"content":"hello","path":"new.txt"}
    Then the call succeeds
    And the result field "created" is true
    And the result field "bytesWritten" is 5
    And the file "new.txt" has text "hello"
    And nothing outside the root has changed

  @FR-3.1.5 @must
  Scenario: LH-WRITE-002 write overwrites an existing file
    Given a file "existing.txt" with text "old content\n"
    When the client calls "write" with {"content":"new content\n","path":"existing.txt"}
    Then the call succeeds
    And the result field "created" is false
    And the file "existing.txt" has text "new content\n"
    And nothing outside the root has changed

  @FR-3.1.6 @must
  Scenario: LH-WRITE-003 createDirectories makes the missing parents
    When the client calls "write" with {"content":"test","createDirectories":true,"path":"new/dir/file.txt"}
    Then the call succeeds
    And the result field "created" is true
    And the directory "new/dir" exists
    And the file "new/dir/file.txt" has text "test"
    And nothing outside the root has changed

  @FR-3.1.6 @must
  Scenario: LH-WRITE-004 a missing parent without the flag is DIRECTORY_NOT_FOUND
    When the client calls "write" with {"content":"test","path":"missing/dir/file.txt"}
    Then the call fails with a directory_not_found error
    And the path "missing" does not exist
    And nothing outside the root has changed

  @FR-3.1.4 @must
  Scenario: LH-WRITE-005 bytesWritten counts UTF-8 bytes
    When the client calls "write" with {"content":"é€","path":"u.txt"}
    Then the call succeeds
    And the result field "bytesWritten" is 5
    And nothing outside the root has changed

  @FR-3.1.7 @must
  Scenario: LH-WRITE-006 writing leaves no temporary file behind
    Given a directory "d"
    When the client calls "write" with {"content":"one\n","path":"d/a.txt"}
    And the call succeeds
    And the client calls "write" with {"content":"two\n","path":"d/a.txt"}
    And the call succeeds
    And the client calls "write" with {"content":"three\n","path":"d/b.txt"}
    And the call succeeds
    And the client calls "delete" with {"path":"d/a.txt"}
    And the call succeeds
    And the client calls "delete" with {"path":"d/b.txt"}
    And the call succeeds
    And the client calls "delete" with {"path":"d"}
    Then the call succeeds
    And the result field "type" is "directory"
    And the path "d" does not exist
    And nothing outside the root has changed

  @LH-CLR-09 @must @clarification
  Scenario: LH-WRITE-007 content is stored exactly, CRLF and no final newline
    When the client calls "write" with {"content":"a\r\nb","path":"w.txt"}
    Then the call succeeds
    And the result field "bytesWritten" is 4
    And the result field "created" is true
    And the file "w.txt" has text "a\r\nb"
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-WRITE-008 writing to a directory is NOT_A_FILE
    Given a directory "notes"
    When the client calls "write" with {"content":"x","path":"notes"}
    Then the call fails with a not_a_file error
    And the directory "notes" exists
    And nothing outside the root has changed

  @LH-CLR-12 @must @clarification
  Scenario: LH-WRITE-009 a write through a link inside replaces the target
    Given a file "real.txt" with text "old\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "write" with {"content":"new\n","path":"link.txt"}
    Then the call succeeds
    And the result field "created" is false
    And the file "real.txt" has text "new\n"
    And nothing outside the root has changed

  @LH-CLR-09 @must @clarification
  Scenario: LH-WRITE-010 an overwritten file keeps its permission bits
    Given a file "script.sh" with text "echo old\n"
    And the file "script.sh" has mode 0o750
    When the client calls "write" with {"content":"echo new\n","path":"script.sh"}
    Then the call succeeds
    And the file "script.sh" has text "echo new\n"
    And the file "script.sh" has mode 0o750
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-WRITE-011 an empty path is INVALID_PATH
    When the client calls "write" with {"content":"x","path":""}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-WRITE-012 content that is not a string is INVALID_ARGUMENT
    When the client calls "write" with {"content":5,"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["content"]
    And the path "a.txt" does not exist
    And nothing outside the root has changed
