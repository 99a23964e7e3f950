# Generated from specs/devs/limits.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: The 500 KB read limit

  @3_MCP-TAS-079-SIZE @must
  Scenario: DV-SIZE-001 a file over 500 KB is File exceeds 500KB limit
    Given a file "big.txt" made of 512001 copies of "a"
    When the client calls "filesystem_operation" with {"action":"read","path":"big.txt"}
    Then the call fails with a too_large error
    And the error message mentions ["File exceeds 500KB limit"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-SIZE @3_MCP-TAS-079-READ @must
  Scenario: DV-SIZE-002 a file of exactly 512,000 bytes is read
    Given a file "edge.txt" made of 32000 copies of "0123456789abcdef"
    When the client calls "filesystem_operation" with {"action":"read","path":"edge.txt"}
    Then the call succeeds
    And the result field "bytesRead" is 512000
    And nothing outside the root has changed

  @3_MCP-TAS-079-SIZE @must
  Scenario: DV-SIZE-003 the limit counts bytes: 256,001 é are refused
    Given a file "accents.txt" made of 256001 copies of "é"
    When the client calls "filesystem_operation" with {"action":"read","path":"accents.txt"}
    Then the call fails with a too_large error
    And the error message mentions ["File exceeds 500KB limit"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-SIZE @must
  Scenario: DV-SIZE-004 256,000 é (512,000 bytes) are read
    Given a file "accents.txt" made of 256000 copies of "é"
    When the client calls "filesystem_operation" with {"action":"read","path":"accents.txt"}
    Then the call succeeds
    And the result field "data" matches "^(é)+$"
    And nothing outside the root has changed

  @DV-CLR-01 @DV-CLR-02 @must @clarification
  Scenario: DV-SIZE-005 the limit error is FILE_TOO_LARGE
    Given a file "big.txt" made of 512001 copies of "a"
    When the client calls "filesystem_operation" with {"action":"read","path":"big.txt"}
    Then the call fails with a too_large error
    And the error message mentions ["File exceeds 500KB limit","big.txt"]
    And nothing outside the root has changed

  @DV-CLR-02 @must @clarification
  Scenario: DV-SIZE-006 a file over 500 KB can still be edited
    Given a file "big.txt" made of 600000 copies of "a"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"b","old":"aaa"}],"path":"big.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "appliedEdits" is 1
    And nothing outside the root has changed
