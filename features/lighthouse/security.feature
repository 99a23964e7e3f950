# Generated from specs/lighthouse/security.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Staying inside the project root

  @FR-3.1.15 @must
  Scenario: LH-SEC-001 read of ../../../etc/passwd is PATH_OUTSIDE_PROJECT
    When the client calls "read" with {"path":"../../../etc/passwd"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: LH-SEC-002 write to /etc/crontab is PATH_OUTSIDE_PROJECT
    When the client calls "write" with {"content":"malicious","path":"/etc/crontab"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.26 @must
  Scenario: LH-SEC-005 an absolute path to the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read" with {"path":"${outside}/secret"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: LH-SEC-007 write through a symlink leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "write" with {"content":"pwned","path":"link"}
    Then the call fails
    And nothing outside the root has changed

  @FR-3.1.15 @AC-3.1.25 @must
  Scenario: LH-SEC-010 edit through a symlink leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "edit" with {"path":"link","replace":"no","search":"top"}
    Then the call fails
    And nothing outside the root has changed

  @LH-CLR-02 @must @clarification
  Scenario: LH-SEC-015 a NUL byte in a path is INVALID_PATH
    When the client calls "write" with {"content":"x","path":"a\u0000b.txt"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @LH-CLR-03 @must @clarification
  Scenario: LH-SEC-016 a Windows path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write" with {"content":"x","path":"C:\\Windows\\System32\\x.txt"}
    Then the call fails with a invalid_path error
    And the path "C:\Windows\System32\x.txt" does not exist
    And nothing outside the root has changed

  @FR-3.1.15 @must
  Scenario: LH-SEC-017 ..\..\ traversal is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read" with {"path":"..\\..\\Windows\\System32"}
    Then the call fails
    And nothing outside the root has changed

  @LH-CLR-16 @must @clarification
  Scenario: LH-SEC-018 a write to a hard link of an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "write" with {"content":"pwned\n","path":"twin.txt"}
    Then the call fails
    And the error message mentions ["hard link"]
    And the file "twin.txt" has text "top secret\n"
    And nothing outside the root has changed

  @LH-CLR-16 @must @clarification
  Scenario: LH-SEC-019 a read of a hard link to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "read" with {"path":"twin.txt"}
    Then the call fails
    And the error message mentions ["hard link"]
    And nothing outside the root has changed

  @LH-CLR-15 @must @clarification
  Scenario: LH-SEC-020 a file:// URI is refused and makes no directories
    When the client calls "write" with {"content":"x\n","createDirectories":true,"path":"file:///src/a.ts"}
    Then the call fails with a invalid_path error
    And the error message mentions ["/src/a.ts"]
    And the path "file:" does not exist
    And the path "src" does not exist
    And nothing outside the root has changed

  @LH-CLR-15 @must @clarification
  Scenario: LH-SEC-021 a quoted path is refused and makes no directories
    When the client calls "write" with {"content":"x\n","createDirectories":true,"path":"'src/a.ts'"}
    Then the call fails with a invalid_path error
    And the path "'src" does not exist
    And the path "src" does not exist
    And nothing outside the root has changed

  @LH-CLR-15 @must @clarification
  Scenario: LH-SEC-022 a path with a leading space is refused
    When the client calls "write" with {"content":"x\n","createDirectories":true,"path":" src/a.ts"}
    Then the call fails with a invalid_path error
    And the path " src" does not exist
    And the path "src" does not exist
    And nothing outside the root has changed
