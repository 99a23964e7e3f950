# Generated from specs/lighthouse/tools.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Tool discovery

  @FR-3.1.1 @FR-3.1.2 @must
  Scenario: LH-TOOL-001 tools/list offers read with its schema
    When the client lists the tools
    Then the tool "read" requires ["path"] and has properties ["path","startLine","endLine"]
    And nothing outside the root has changed

  @FR-3.1.4 @FR-3.1.6 @must
  Scenario: LH-TOOL-002 tools/list offers write with its schema
    When the client lists the tools
    Then the tool "write" requires ["path","content"] and has properties ["path","content","createDirectories"]
    And nothing outside the root has changed

  @FR-3.1.8 @FR-3.1.9 @FR-3.1.10 @must
  Scenario: LH-TOOL-003 tools/list offers edit with its schema
    When the client lists the tools
    Then the tool "edit" requires ["path","search","replace"] and has properties ["path","search","replace","isRegex","global"]
    And nothing outside the root has changed

  @FR-3.1.12 @FR-3.1.13 @must
  Scenario: LH-TOOL-004 tools/list offers delete with its schema
    When the client lists the tools
    Then the tool "delete" requires ["path"] and has properties ["path","recursive"]
    And nothing outside the root has changed

  @LH-CLR-01 @must @clarification
  Scenario: LH-TOOL-005 the schemas have exactly the seed's parameters
    When the client lists the tools
    Then the tool "read" requires ["path"] and has properties ["path","startLine","endLine"]
    And the tool "write" requires ["path","content"] and has properties ["path","content","createDirectories"]
    And the tool "edit" requires ["path","search","replace"] and has properties ["path","search","replace","isRegex","global"]
    And the tool "delete" requires ["path"] and has properties ["path","recursive"]
    And nothing outside the root has changed
