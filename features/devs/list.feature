# Generated from specs/devs/list.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Listing directories (filesystem_operation list)

  @3_MCP-TAS-079-LIST @must
  Scenario: DV-LIST-001 list returns the names in a directory
    Given a file "notes/a.md" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"list","path":"notes"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "data" is ["a.md"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-LIST @must
  Scenario: DV-LIST-002 list names files and directories, in any order
    Given a file "notes/a.md" with text "a\n"
    And a file "notes/sub/b.md" with text "b\n"
    When the client calls "filesystem_operation" with {"action":"list","path":"notes"}
    Then the call succeeds
    And the result field "data" matches "^\\[(\"a\\.md\",\"sub/?\"|\"sub/?\",\"a\\.md\")\\]$"
    And nothing outside the root has changed

  @3_MCP-TAS-079-LIST @must
  Scenario: DV-LIST-003 an empty directory lists as an empty array
    Given a directory "empty"
    When the client calls "filesystem_operation" with {"action":"list","path":"empty"}
    Then the call succeeds
    And the result field "data" is []
    And nothing outside the root has changed

  @DV-CLR-06 @must @clarification
  Scenario: DV-LIST-004 names are bare and sorted by their bytes
    Given a file "d/b.txt" with text "b\n"
    And a file "d/A.txt" with text "A\n"
    And a file "d/a.txt" with text "a\n"
    And a directory "d/c"
    And a file "d/.hidden" with text "h\n"
    And a symlink "d/link" pointing to "a.txt"
    When the client calls "filesystem_operation" with {"action":"list","path":"d"}
    Then the call succeeds
    And the result field "data" is [".hidden","A.txt","a.txt","b.txt","c","link"]
    And nothing outside the root has changed

  @DV-CLR-06 @must @clarification
  Scenario: DV-LIST-005 the root lists as path .
    Given a file "a.txt" with text "a\n"
    And a directory "src"
    When the client calls "filesystem_operation" with {"action":"list","path":"."}
    Then the call succeeds
    And the result field "data" is ["a.txt","src"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-ERRORS @must
  Scenario: DV-LIST-006 listing a missing directory fails
    When the client calls "filesystem_operation" with {"action":"list","path":"nowhere"}
    Then the call fails
    And nothing outside the root has changed

  @DV-CLR-06 @must @clarification
  Scenario: DV-LIST-007 listing a missing directory is File not found
    When the client calls "filesystem_operation" with {"action":"list","path":"nowhere"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found","nowhere"]
    And nothing outside the root has changed

  @DV-CLR-06 @must @clarification
  Scenario: DV-LIST-008 listing a file is NOT_A_DIRECTORY
    Given a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"list","path":"a.txt"}
    Then the call fails with a not_a_directory error
    And nothing outside the root has changed
