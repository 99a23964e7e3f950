# Generated from specs/devs/security.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Staying inside the project root

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-001 read of ../../etc/passwd is Path traversal detected
    When the client calls "filesystem_operation" with {"action":"read","path":"../../etc/passwd"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-002 read of the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-003 write to the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned","path":"../root_evil/new.txt"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-004 an absolute path to the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"${outside}/secret"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-005 write to /etc/crontab is refused
    When the client calls "filesystem_operation" with {"action":"write","content":"malicious","path":"/etc/crontab"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-006 list of .. is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"list","path":".."}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-007 list of the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    And a directory "root_evil"
    When the client calls "filesystem_operation" with {"action":"list","path":"../root_evil"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-008 move to a destination outside is refused
    Given a file "a.txt" with text "a\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"../root_evil/stolen.txt","path":"a.txt"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And the file "a.txt" has text "a\n"
    And the path "root_evil" does not exist
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-009 move from outside into the root is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "decoy\n"
    When the client calls "filesystem_operation" with {"action":"move","destination":"loot.txt","path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And the path "loot.txt" does not exist
    And the file "root_evil/secret" has text "decoy\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-010 move to an absolute destination outside is refused
    Given a file "a.txt" with text "a\n"
    And an outside directory "stuff"
    When the client calls "filesystem_operation" with {"action":"move","destination":"${outside}/stuff/a.txt","path":"a.txt"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-011 edits of a path outside are refused
    Given an outside file "secret" with text "top secret\n"
    And a file "root_evil/secret" with text "top secret\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"no","old":"top"}],"path":"../root_evil/secret"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And the file "root_evil/secret" has text "top secret\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-TRAVERSAL @must
  Scenario: DV-SEC-012 edits of ../../etc/passwd are refused
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"toor","old":"root"}],"path":"../../etc/passwd"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-014 read through a symlink leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"read","path":"link"}
    Then the call fails with a path_escape error
    And the error message mentions ["Path traversal detected"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-015 write through a symlink leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned","path":"link"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-016 write through a dangling link leading out is refused
    Given an outside directory "stuff"
    And a symlink "link" pointing to "${outside}/stuff/new.txt"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned","path":"link"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-017 write below a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned","path":"out/new.txt"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-018 list of a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret-name.txt" with text "x\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"list","path":"out"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-019 edits through a symlink leading out are refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"no","old":"top"}],"path":"link"}
    Then the call fails with a path_escape error
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-SEC-020 move below a symlinked directory leading out is refused
    Given a file "a.txt" with text "a\n"
    And an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "filesystem_operation" with {"action":"move","destination":"out/a.txt","path":"a.txt"}
    Then the call fails with a path_escape error
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-SEC-021 a NUL byte in a path is INVALID_PATH
    When the client calls "filesystem_operation" with {"action":"write","content":"x","path":"a\u0000b.txt"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-SEC-022 a backslash path is INVALID_PATH
    Given an outside file "secret" with text "top secret\n"
    When the client calls "filesystem_operation" with {"action":"read","path":"..\\root_evil\\secret"}
    Then the call fails with a invalid_path error
    And nothing outside the root has changed

  @DV-CLR-13 @must @clarification
  Scenario: DV-SEC-023 a write to a hard link of an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"write","content":"pwned\n","path":"twin.txt"}
    Then the call fails
    And the error message mentions ["Permission denied"]
    And the file "twin.txt" has text "top secret\n"
    And nothing outside the root has changed

  @DV-CLR-13 @must @clarification
  Scenario: DV-SEC-024 a read of a hard link to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a hard link "twin.txt" to the file "${outside}/secret"
    When the client calls "filesystem_operation" with {"action":"read","path":"twin.txt"}
    Then the call fails
    And the error message mentions ["Permission denied"]
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-SEC-025 a file:// URI is refused and makes no directories
    When the client calls "filesystem_operation" with {"action":"write","content":"x\n","path":"file:///src/a.ts"}
    Then the call fails with a invalid_path error
    And the error message mentions ["/src/a.ts"]
    And the path "file:" does not exist
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-SEC-026 a quoted path is refused and makes no directories
    When the client calls "filesystem_operation" with {"action":"write","content":"x\n","path":"'src/a.ts'"}
    Then the call fails with a invalid_path error
    And the path "'src" does not exist
    And nothing outside the root has changed

  @DV-CLR-08 @must @clarification
  Scenario: DV-SEC-027 a path with a leading space is refused
    When the client calls "filesystem_operation" with {"action":"write","content":"x\n","path":" src/a.ts"}
    Then the call fails with a invalid_path error
    And the path " src" does not exist
    And nothing outside the root has changed
