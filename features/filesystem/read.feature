# Generated from specs/filesystem/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Reading files (read_text_file, read_file, read_multiple_files, read_media_file)

  @FS-READ-001 @must
  Scenario: FSC-READ-001 read_text_file returns the whole file
    Given a file "notes.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "read_text_file" with {"path":"${root}/notes.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta","gamma"]
    And nothing outside the root has changed

  @FS-READ-001 @FS-ROOTS-002 @must
  Scenario: FSC-READ-002 read_text_file reads a file in a subdirectory
    Given a file "a/b/deep.txt" with text "deep\n"
    When the client calls "read_text_file" with {"path":"${root}/a/b/deep.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["deep"]
    And nothing outside the root has changed

  @FS-READ-002 @must
  Scenario: FSC-READ-003 head 2 returns the first two lines
    Given a file "ten.txt" with text "l0\nl1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"
    When the client calls "read_text_file" with {"head":2,"path":"${root}/ten.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["l0","l1"]
    And nothing outside the root has changed

  @FS-READ-002 @must
  Scenario: FSC-READ-004 tail 2 returns the last two lines
    Given a file "ten.txt" with text "l0\nl1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n"
    When the client calls "read_text_file" with {"path":"${root}/ten.txt","tail":2}
    Then the call succeeds
    And the result field "content" has the lines ["l8","l9"]
    And nothing outside the root has changed

  @FS-READ-002 @must
  Scenario: FSC-READ-005 tail 2 of a file without a final newline
    Given a file "five.txt" with text "a\nb\nc\nd\ne"
    When the client calls "read_text_file" with {"path":"${root}/five.txt","tail":2}
    Then the call succeeds
    And the result field "content" has the lines ["d","e"]
    And nothing outside the root has changed

  @FS-READ-001 @must
  Scenario: FSC-READ-006 reading a missing file is a not-found error
    Given a directory "docs"
    When the client calls "read_text_file" with {"path":"${root}/docs/missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FS-READ-003 @must
  Scenario: FSC-READ-007 read_file (deprecated) reads like read_text_file
    Given a file "notes.txt" with text "alpha\nbeta\n"
    When the client calls "read_file" with {"path":"${root}/notes.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["alpha","beta"]
    And nothing outside the root has changed

  @FS-READ-004 @must
  Scenario: FSC-READ-008 read_multiple_files returns each file with its path
    Given a file "one.txt" with text "first file\n"
    And a file "two.txt" with text "second file\n"
    When the client calls "read_multiple_files" with {"paths":["${root}/one.txt","${root}/two.txt"]}
    Then the call succeeds
    And the result field "content" matches "(?s)one\\.txt.*first file.*two\\.txt.*second file"
    And nothing outside the root has changed

  @FS-READ-004 @must
  Scenario: FSC-READ-009 read_multiple_files goes on past a file it cannot read
    Given a file "two.txt" with text "second file\n"
    When the client calls "read_multiple_files" with {"paths":["${root}/missing.txt","${root}/two.txt"]}
    Then the call succeeds
    And the result field "content" matches "(?s)missing\\.txt.*two\\.txt.*second file"
    And nothing outside the root has changed

  @FS-READ-005 @must
  Scenario: FSC-READ-010 read_media_file returns a PNG as base64 image content
    Given a file "dot.png" with base64 "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="
    When the client calls "read_media_file" with {"path":"${root}/dot.png"}
    Then the call succeeds
    And the result field "content" matches "(?s)image/png.*iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ|iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ.*image/png"
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-READ-011 a failed read_file is an isError result
    Given a directory "docs"
    When the client calls "read_file" with {"path":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-READ-012 a failed read_media_file is an isError result
    Given a directory "docs"
    When the client calls "read_media_file" with {"path":"${root}/docs/absent-image.png"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
