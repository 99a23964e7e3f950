# Generated from specs/lighthouse/audit.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: The audit log of every operation (FR-3.1.17)

  @FR-3.1.17 @LH-CLR-14 @must @clarification @audit-log
  Scenario: LH-AUD-001 a read is logged with both paths and success
    Given a file "notes/a.txt" with text "alpha\n"
    When the client calls "read" with {"path":"notes/a.txt"}
    Then the call succeeds
    And the audit log has an entry with {"errorCode":null,"operation":"read","path":"notes/a.txt","resolvedPath":"${root}/notes/a.txt","securityViolation":false,"success":true}
    And nothing outside the root has changed

  @FR-3.1.17 @LH-CLR-14 @must @clarification @audit-log
  Scenario: LH-AUD-002 write, edit and delete are each logged
    When the client calls "write" with {"content":"one\n","path":"b.txt"}
    And the call succeeds
    And the client calls "edit" with {"path":"b.txt","replace":"two","search":"one"}
    And the call succeeds
    And the client calls "delete" with {"path":"b.txt"}
    Then the call succeeds
    And the path "b.txt" does not exist
    And the audit log has an entry with {"errorCode":null,"operation":"write","path":"b.txt","resolvedPath":"${root}/b.txt","success":true}
    And the audit log has an entry with {"errorCode":null,"operation":"edit","path":"b.txt","resolvedPath":"${root}/b.txt","success":true}
    And the audit log has an entry with {"errorCode":null,"operation":"delete","path":"b.txt","resolvedPath":"${root}/b.txt","success":true}
    And nothing outside the root has changed

  @FR-3.1.17 @LH-CLR-14 @must @clarification @audit-log
  Scenario: LH-AUD-003 a path leaving the root is logged as a security violation
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read" with {"path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the audit log has an entry with {"errorCode":"PATH_OUTSIDE_PROJECT","operation":"read","path":"../root_evil/secret","securityViolation":true,"success":false}
    And nothing outside the root has changed

  @FR-3.1.17 @LH-CLR-14 @must @clarification @audit-log
  Scenario: LH-AUD-004 a failure that is no violation is logged with its code
    When the client calls "read" with {"path":"missing.txt"}
    Then the call fails with a not_found error
    And the audit log has an entry with {"errorCode":"FILE_NOT_FOUND","operation":"read","path":"missing.txt","securityViolation":false,"success":false}
    And nothing outside the root has changed

  @FR-3.1.17 @LH-CLR-14 @must @clarification @audit-log
  Scenario: LH-AUD-005 concurrent writes each get one whole log line
    When 4 clients call "write" concurrently with {"content":"c${i}\n","path":"c${i}.txt"}
    Then exactly 4 of the concurrent calls succeed and the others fail with a any error
    And the audit log has an entry with {"operation":"write","path":"c0.txt","success":true}
    And the audit log has an entry with {"operation":"write","path":"c1.txt","success":true}
    And the audit log has an entry with {"operation":"write","path":"c2.txt","success":true}
    And the audit log has an entry with {"operation":"write","path":"c3.txt","success":true}
    And nothing outside the root has changed
