# Generated from specs/rootspace/tools.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Tool and resource-template discovery

  @MCP-001 @MCP-003 @MCP-010 @MCP-030 @T2.3.1 @must
  Scenario: T2.3.1 tools/list offers file.create with its schema
    When the client lists the tools
    Then the tool "file.create" requires ["path","content"] and has properties ["path","content","encoding"]
    And nothing outside the root has changed

  @MCP-001 @MCP-003 @MCP-011 @T2.3.2 @must
  Scenario: T2.3.2 tools/list offers file.remove with its schema
    When the client lists the tools
    Then the tool "file.remove" requires ["path","hash"] and has properties ["path","hash"]
    And nothing outside the root has changed

  @MCP-001 @MCP-004 @MCP-012 @T2.3.3 @must
  Scenario: T2.3.3 tools/list offers text.read with its schema
    When the client lists the tools
    Then the tool "text.read" requires ["path"] and has properties ["path","lines"]
    And nothing outside the root has changed

  @MCP-001 @MCP-004 @MCP-013 @T2.3.4 @must
  Scenario: T2.3.4 tools/list offers text.replace with its schema
    When the client lists the tools
    Then the tool "text.replace" requires ["path","hash","lines","old","new"] and has properties ["path","hash","lines","old","new"]
    And nothing outside the root has changed

  @MCP-001 @MCP-004 @MCP-014 @T2.3.5 @must
  Scenario: T2.3.5 tools/list offers text.insert with its schema
    When the client lists the tools
    Then the tool "text.insert" requires ["path","hash","line","anchor","content"] and has properties ["path","hash","line","anchor","content"]
    And nothing outside the root has changed

  @MCP-001 @MCP-004 @MCP-015 @T2.3.6 @must
  Scenario: T2.3.6 tools/list offers text.append with its schema
    When the client lists the tools
    Then the tool "text.append" requires ["path","hash","content"] and has properties ["path","hash","content"]
    And nothing outside the root has changed

  @MCP-001 @MCP-020 @T2.4.1 @must
  Scenario: T2.4.1 resource templates offer list://{path}
    When the client lists the resource templates
    Then the resource templates include "list://{path}"
    And nothing outside the root has changed

  @MCP-001 @MCP-003 @MCP-004 @must
  Scenario: TOOL-001 all six tools are offered together
    When the client lists the tools
    Then the tool "file.create" requires ["path","content"] and has properties []
    And the tool "file.remove" requires ["path","hash"] and has properties []
    And the tool "text.read" requires ["path"] and has properties []
    And the tool "text.replace" requires ["path","hash","lines","old","new"] and has properties []
    And the tool "text.insert" requires ["path","hash","line","anchor","content"] and has properties []
    And the tool "text.append" requires ["path","hash","content"] and has properties []
    And nothing outside the root has changed

  @MCP-001 @must
  Scenario: TOOL-002 calling an unknown tool fails
    When the client calls "file.move" with {"path":"a.txt","to":"b.txt"}
    Then the call fails
    And nothing outside the root has changed

  @MCP-001 @MCP-012 @must
  Scenario: TOOL-003 a tool succeeds right after discovery
    Given a file "a.txt" with text "one\ntwo\n"
    When the client lists the tools
    And the client calls "text.read" with {"path":"a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["one","two"]
    And nothing outside the root has changed
