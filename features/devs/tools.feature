# Generated from specs/devs/tools.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Tool discovery

  @3_MCP-TAS-079 @must
  Scenario: DV-TOOL-001 tools/list offers filesystem_operation with its schema
    When the client lists the tools
    Then the tool "filesystem_operation" requires ["action","path"] and has properties ["action","path","content","destination"]
    And nothing outside the root has changed

  @3_MCP-TAS-079 @must
  Scenario: DV-TOOL-002 tools/list offers apply_surgical_edits with its schema
    When the client lists the tools
    Then the tool "apply_surgical_edits" requires ["path","edits"] and has properties ["path","edits"]
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-TOOL-003 the schemas have exactly the seed's parameters
    When the client lists the tools
    Then the tool "filesystem_operation" requires ["action","path"] and has properties ["action","path","content","destination"]
    And the tool "apply_surgical_edits" requires ["path","edits"] and has properties ["path","edits"]
    And nothing outside the root has changed
