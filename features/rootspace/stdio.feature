# Generated from specs/shared/stdio.yaml with the operations of specs/rootspace/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: The stdio transport: nothing but messages on stdout

  @MCPSPEC-STDIO @must @stdio-only
  Scenario: rootspace/STDIO-001 stdout carries nothing but JSON-RPC messages
    When the client lists the tools
    Then the server wrote nothing but JSON-RPC messages to its stdout
    And nothing outside the root has changed
