# Generated from specs/devs/errors.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Bad arguments and the error shape

  @DV-CLR-12 @must @clarification
  Scenario: DV-ERR-001 an unknown action is INVALID_ARGUMENT naming the actions
    Given a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"delete","path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["action","read","write","list","move"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-ERR-002 a missing path is INVALID_ARGUMENT
    When the client calls "filesystem_operation" with {"action":"read"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-ERR-003 a path that is not a string is INVALID_ARGUMENT
    When the client calls "apply_surgical_edits" with {"edits":[],"path":5}
    Then the call fails with a invalid_argument error
    And the error message mentions ["path"]
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-ERR-004 an empty path is INVALID_PATH
    When the client calls "filesystem_operation" with {"action":"write","content":"x","path":""}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: DV-ERR-005 a traversal error carries the code and the path
    When the client calls "filesystem_operation" with {"action":"read","path":"../../etc/passwd"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected","../../etc/passwd"]
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-ERR-006 a missing action is INVALID_ARGUMENT
    When the client calls "filesystem_operation" with {"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["action"]
    And nothing outside the root has changed
