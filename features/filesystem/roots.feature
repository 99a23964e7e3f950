# Generated from specs/filesystem/roots.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Allowed directories (list_allowed_directories)

  @FS-ROOTS-001 @must
  Scenario: FSC-ROOTS-001 list_allowed_directories names the root
    When the client calls "list_allowed_directories" with {}
    Then the call succeeds
    And the result field "content" matches "/root(?:[/\"'\\s\\],]|$)"
    And nothing outside the root has changed
