# Generated from specs/shared/nested.yaml with the operations of specs/devs/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Creates under missing parent directories

  @3_MCP-TAS-079-WRITE @must
  Scenario: devs/NEST-001 a create one level under a missing directory
    When the client calls "filesystem_operation" with {"action":"write","content":"one level down\n","path":"a/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "a/new.txt" has text "one level down\n"
    And if the call failed, the path "a" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-WRITE @must
  Scenario: devs/NEST-002 a create two levels under missing directories
    When the client calls "filesystem_operation" with {"action":"write","content":"two levels down\n","path":"a/b/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "a/b/new.txt" has text "two levels down\n"
    And if the call failed, the path "a" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-WRITE @must
  Scenario: devs/NEST-003 a create three levels under missing directories
    Given a directory "src"
    When the client calls "filesystem_operation" with {"action":"write","content":"three levels down\n","path":"src/a/b/c/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "src/a/b/c/new.txt" has text "three levels down\n"
    And if the call failed, the path "src/a" does not exist
    And nothing outside the root has changed
