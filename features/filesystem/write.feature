# Generated from specs/filesystem/write.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Writing files (write_file)

  @FS-WRITE-001 @must
  Scenario: FSC-WRITE-001 write_file creates a new file with the content
    When the client calls "write_file" with {"content":"hello\nworld\n","path":"${root}/new.txt"}
    Then the call succeeds
    And the file "new.txt" has text "hello\nworld\n"
    And nothing outside the root has changed

  @FS-WRITE-001 @must
  Scenario: FSC-WRITE-002 write_file replaces the whole content of a file
    Given a file "existing.txt" with text "a much longer old content\nwith two lines\n"
    When the client calls "write_file" with {"content":"new\n","path":"${root}/existing.txt"}
    Then the call succeeds
    And the file "existing.txt" has text "new\n"
    And nothing outside the root has changed

  @FS-WRITE-001 @FS-ROOTS-002 @must
  Scenario: FSC-WRITE-003 write_file creates a file in a subdirectory
    Given a directory "src/lib"
    When the client calls "write_file" with {"content":"pub fn f() {}\n","path":"${root}/src/lib/mod.rs"}
    Then the call succeeds
    And the file "src/lib/mod.rs" has text "pub fn f() {}\n"
    And nothing outside the root has changed

  @FS-WRITE-001 @FS-READ-001 @must
  Scenario: FSC-WRITE-004 what write_file wrote reads back the same
    When the client calls "write_file" with {"content":"ünïcödé ✓\nline 2\n","path":"${root}/round.txt"}
    And the call succeeds
    And the client calls "read_text_file" with {"path":"${root}/round.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["ünïcödé ✓","line 2"]
    And the file "round.txt" has text "ünïcödé ✓\nline 2\n"
    And nothing outside the root has changed

  @FS-WRITE-001 @FS-CLR-02 @must @clarification
  Scenario: FSC-WRITE-005 reads during write_file see the old or the new file
    Given a file "big.txt" made of 32768 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "write_file" with {"content":"a short new text\n","path":"${root}/big.txt"} while reading "big.txt" repeatedly
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed
