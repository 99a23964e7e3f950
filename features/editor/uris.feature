# Generated from specs/editor/uris.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: URIs and the root

  @FILE-URI @must
  Scenario: ED-URI-001 a percent-encoded path is decoded
    Given a file "my notes/a b.txt" with text "x\ny\n"
    When the client calls "file_read" with {"uri":"file://${root}/my%20notes/a%20b.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["x","y"]
    And nothing outside the root has changed

  @FILE-URI @FILE-ERRORS @must
  Scenario: ED-URI-002 a relative URI is refused
    Given a file "a.txt" with text "decoy\n"
    When the client calls "file_read" with {"uri":"a.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-URI @FILE-ERRORS @must
  Scenario: ED-URI-003 a non-file URI is refused
    Given a file "a.txt" with text "decoy\n"
    When the client calls "file_read" with {"uri":"http://localhost${root}/a.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-004 a URI of the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_read" with {"uri":"file://${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-005 dot-dot out of the root is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "file_read" with {"uri":"file://${root}/../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @FILE-URI @must
  Scenario: ED-URI-006 percent-encoded dot-dot out of the root is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "file_read" with {"uri":"file://${root}/%2E%2E/root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-007 save outside the root is refused
    Given an outside directory "stuff"
    When the client calls "file_save" with {"content":"pwned","create_if_not_exists":true,"uri":"file://${outside}/stuff/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-008 save over an outside file through .. is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_save" with {"content":"pwned","uri":"file://${root}/../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-009 a symlink that leads out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "file_open" with {"uri":"file://${root}/link"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @must
  Scenario: ED-URI-010 save through a symlink that leads out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "file_save" with {"content":"pwned","uri":"file://${root}/link"}
    Then the call fails
    And nothing outside the root has changed

  @FILE-PATHS @ED-CLR-02 @must @clarification
  Scenario: ED-URI-011 outside the root is OUTSIDE_ROOT
    Given an outside file "secret" with text "top secret\n"
    When the client calls "file_read" with {"uri":"file://${root}/../root_evil/secret"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @FILE-URI @ED-CLR-02 @must @clarification
  Scenario: ED-URI-012 a relative URI is INVALID_URI
    When the client calls "file_read" with {"uri":"notes/a.txt"}
    Then the call fails with a invalid_path error
    And the error message mentions ["Invalid URI"]
    And nothing outside the root has changed

  @FILE-URI @ED-CLR-02 @must @clarification
  Scenario: ED-URI-013 a file://localhost URI names the same file
    Given a file "a.txt" with text "x\n"
    When the client calls "file_read" with {"uri":"file://localhost${root}/a.txt"}
    Then the call succeeds
    And the result field "content" is "x\n"
    And nothing outside the root has changed

  @FILE-URI @ED-CLR-02 @must @clarification
  Scenario: ED-URI-014 a URI with a query is INVALID_URI
    Given a file "a.txt" with text "x\n"
    When the client calls "file_read" with {"uri":"file://${root}/a.txt?raw=1"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed
