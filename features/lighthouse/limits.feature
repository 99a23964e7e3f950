# Generated from specs/lighthouse/limits.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: File size limits

  @NFR-3.1-SIZE @must
  Scenario: LH-SIZE-001 a file over 10 MB is refused
    Given a file "huge.txt" made of 655361 copies of "0123456789abcdef"
    When the client calls "read" with {"path":"huge.txt"}
    Then the call fails with a too_large error
    And nothing outside the root has changed

  @LH-CLR-11 @must @clarification
  Scenario: LH-SIZE-002 a read above 5 MB carries a warning
    Given a file "big.txt" made of 327681 copies of "0123456789abcdef"
    When the client calls "read" with {"endLine":0,"path":"big.txt","startLine":0}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "warning" matches "."
    And nothing outside the root has changed

  @LH-CLR-11 @must @clarification
  Scenario: LH-SIZE-003 an edit that would pass 10 MB is refused
    Given a file "ten.txt" made of 655360 copies of "0123456789abcdef"
    When the client calls "edit" with {"global":false,"path":"ten.txt","replace":"00","search":"0"}
    Then the call fails with a too_large error
    And nothing outside the root has changed

  @LH-CLR-11 @must @clarification
  Scenario: LH-SIZE-004 exactly 10 MB is read
    Given a file "ten.txt" made of 655360 copies of "0123456789abcdef"
    When the client calls "read" with {"endLine":0,"path":"ten.txt","startLine":0}
    Then the call succeeds
    And the result field "content" is ""
    And the result field "totalLines" is 1
    And the result field "lineCount" is 0
    And nothing outside the root has changed
