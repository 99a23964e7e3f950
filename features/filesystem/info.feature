# Generated from specs/filesystem/info.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Metadata (get_file_info)

  @FS-INFO-001 @must
  Scenario: FSC-INFO-001 get_file_info gives a file's size
    Given a file "five.txt" with text "12345"
    When the client calls "get_file_info" with {"path":"${root}/five.txt"}
    Then the call succeeds
    And the result field "content" matches "(?i)\\bsize\\b\\D{0,20}\\b5\\b"
    And nothing outside the root has changed

  @FS-INFO-001 @must
  Scenario: FSC-INFO-002 get_file_info gives creation and modification times
    Given a file "five.txt" with text "12345"
    When the client calls "get_file_info" with {"path":"${root}/five.txt"}
    Then the call succeeds
    And the result field "content" matches "(?is)(?:created|birth|creation).*(?:modified|mtime)|(?:modified|mtime).*(?:created|birth|creation)"
    And nothing outside the root has changed

  @FS-INFO-001 @must
  Scenario: FSC-INFO-003 get_file_info tells a directory from a file
    Given a directory "sub"
    When the client calls "get_file_info" with {"path":"${root}/sub"}
    Then the call succeeds
    And the result field "content" matches "(?i)is_?directory\\W+true|\\btype\\W+dir"
    And nothing outside the root has changed

  @FS-INFO-001 @must
  Scenario: FSC-INFO-004 get_file_info of a missing path is not found
    When the client calls "get_file_info" with {"path":"${root}/missing.txt"}
    Then the call fails with a not_found error
    And nothing outside the root has changed

  @FS-CLR-12 @must @clarification
  Scenario: FSC-INFO-005 a failed get_file_info is an isError result
    Given a directory "docs"
    When the client calls "get_file_info" with {"path":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the failure is marked as the interface says failures are
    And nothing outside the root has changed
