# Generated from specs/devs/move.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Moving files (filesystem_operation move)

  @3_MCP-TAS-079-MOVE @must
  Scenario: DV-MOVE-001 move moves a file: the original is gone
    Given a file "a.txt" with text "content\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"b.txt","path":"a.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the path "a.txt" does not exist
    And the file "b.txt" has text "content\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-MOVE @must
  Scenario: DV-MOVE-002 move into an existing directory
    Given a file "a.txt" with text "content\n"
    And a directory "archive"
    When the client calls "filesystem_operation" with {"action":"move","destination":"archive/a.txt","path":"a.txt"}
    Then the call succeeds
    And the path "a.txt" does not exist
    And the file "archive/a.txt" has text "content\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-MOVE @must
  Scenario: DV-MOVE-003 the moved file reads back at its destination
    Given a file "a.txt" with text "x\ny\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"c.txt","path":"a.txt"}
    And the call succeeds
    And the client calls "filesystem_operation" with {"action":"read","path":"c.txt"}
    Then the call succeeds
    And the result field "data" has the lines ["x","y"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-ERRORS @must
  Scenario: DV-MOVE-004 moving a missing file fails and creates nothing
    When the client calls "filesystem_operation" with {"action":"move","destination":"b.txt","path":"ghost.txt"}
    Then the call fails
    And the path "b.txt" does not exist
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: DV-MOVE-005 moving a missing file is File not found
    When the client calls "filesystem_operation" with {"action":"move","destination":"b.txt","path":"ghost.txt"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found","ghost.txt"]
    And nothing outside the root has changed

  @DV-CLR-05 @must @clarification
  Scenario: DV-MOVE-006 move onto an existing file is refused, both kept
    Given a file "a.txt" with text "a\n"
    And a file "b.txt" with text "b\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"b.txt","path":"a.txt"}
    Then the call fails with a already_exists error
    And the error message mentions ["Destination already exists","b.txt"]
    And the file "a.txt" has text "a\n"
    And the file "b.txt" has text "b\n"
    And nothing outside the root has changed

  @DV-CLR-05 @must @clarification
  Scenario: DV-MOVE-007 move onto an existing directory is refused
    Given a file "a.txt" with text "a\n"
    And a directory "d"
    When the client calls "filesystem_operation" with {"action":"move","destination":"d","path":"a.txt"}
    Then the call fails with a already_exists error
    And the file "a.txt" has text "a\n"
    And the directory "d" exists
    And nothing outside the root has changed

  @DV-CLR-04 @must @clarification
  Scenario: DV-MOVE-008 move makes missing parent directories
    Given a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"x/y/a.txt","path":"a.txt"}
    Then the call succeeds
    And the path "a.txt" does not exist
    And the file "x/y/a.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-05 @must @clarification
  Scenario: DV-MOVE-009 a directory moves with its contents
    Given a file "src/a.txt" with text "a\n"
    And a file "src/sub/b.txt" with text "b\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"lib","path":"src"}
    Then the call succeeds
    And the path "src" does not exist
    And the file "lib/a.txt" has text "a\n"
    And the file "lib/sub/b.txt" has text "b\n"
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-MOVE-010 move without destination is INVALID_ARGUMENT
    Given a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"move","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["destination"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-05 @must @clarification
  Scenario: DV-MOVE-011 a symlink moves as a link
    Given a file "real.txt" with text "real\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "filesystem_operation" with {"action":"move","destination":"moved.txt","path":"link.txt"}
    And the call succeeds
    And the client calls "filesystem_operation" with {"action":"list","path":"."}
    Then the call succeeds
    And the result field "data" is ["moved.txt","real.txt"]
    And the path "link.txt" does not exist
    And the file "real.txt" has text "real\n"
    And nothing outside the root has changed
