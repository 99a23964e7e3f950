# Generated from specs/editor/tools.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Tool discovery

  @FILE-OPEN @ED-CLR-01 @must @clarification
  Scenario: ED-TOOL-001 tools/list offers file_open with the seed's params
    When the client lists the tools
    Then the tool "file_open" requires ["uri"] and has properties ["uri","line","column"]
    And nothing outside the root has changed

  @FILE-READ @ED-CLR-01 @must @clarification
  Scenario: ED-TOOL-002 tools/list offers file_read with the seed's params
    When the client lists the tools
    Then the tool "file_read" requires ["uri"] and has properties ["uri","start_line","end_line"]
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-01 @must @clarification
  Scenario: ED-TOOL-003 tools/list offers file_save with the seed's params
    When the client lists the tools
    Then the tool "file_save" requires ["uri","content"] and has properties ["uri","content","create_if_not_exists"]
    And nothing outside the root has changed

  @FILE-CLOSE @ED-CLR-01 @must @clarification
  Scenario: ED-TOOL-004 tools/list offers file_close with the seed's params
    When the client lists the tools
    Then the tool "file_close" requires ["uri"] and has properties ["uri","save_if_modified"]
    And nothing outside the root has changed
