# Generated from specs/devs/edits.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Surgical edits (apply_surgical_edits)

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-001 one edit is applied and counted
    Given a file "a.ts" with text "const x = 1;\nconst y = 2;\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"x = 42","old":"x = 1"}],"path":"a.ts"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "appliedEdits" is 1
    And the file "a.ts" has text "const x = 42;\nconst y = 2;\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-002 several non-overlapping edits are all applied
    Given a file "a.ts" with text "alpha\nbeta\ngamma\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"ALPHA","old":"alpha"},{"new":"GAMMA","old":"gamma"},{"new":"BETA","old":"beta"}],"path":"a.ts"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "appliedEdits" is 3
    And the file "a.ts" has text "ALPHA\nBETA\nGAMMA\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-003 only the first occurrence is replaced
    Given a file "a.txt" with text "foo foo foo\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"bar","old":"foo"}],"path":"a.txt"}
    Then the call succeeds
    And the result field "appliedEdits" is 1
    And the file "a.txt" has text "bar foo foo\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-004 edits apply in order, each to the text before it
    Given a file "a.txt" with text "one\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"two","old":"one"},{"new":"three","old":"two"}],"path":"a.txt"}
    Then the call succeeds
    And the result field "appliedEdits" is 2
    And the file "a.txt" has text "three\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-005 the same old twice replaces two occurrences in turn
    Given a file "a.txt" with text "x x x\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"y","old":"x"},{"new":"z","old":"x"}],"path":"a.txt"}
    Then the call succeeds
    And the result field "appliedEdits" is 2
    And the file "a.txt" has text "y z x\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT-MISSING @must
  Scenario: DV-EDIT-006 a missing target is Edit target not found: <old>
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"x","old":"nowhere"}],"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["Edit target not found: nowhere"]
    And the file "a.txt" has text "hello\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT-MISSING @must
  Scenario: DV-EDIT-007 a missing later target leaves the file unchanged
    Given a file "a.txt" with text "alpha\nbeta\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"ALPHA","old":"alpha"},{"new":"ZETA","old":"zeta"}],"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["Edit target not found: zeta"]
    And the file "a.txt" has text "alpha\nbeta\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT-MISSING @must
  Scenario: DV-EDIT-008 a target removed by an earlier edit is not found
    Given a file "a.txt" with text "cat\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"dog","old":"cat"},{"new":"cow","old":"cat"}],"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["Edit target not found: cat"]
    And the file "a.txt" has text "cat\n"
    And nothing outside the root has changed

  @3_MCP-TAS-079-NOTFOUND @must
  Scenario: DV-EDIT-009 editing a missing file is File not found
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"b","old":"a"}],"path":"ghost.ts"}
    Then the call fails with a not_found error
    And the error message mentions ["File not found"]
    And the path "ghost.ts" does not exist
    And nothing outside the root has changed

  @DV-CLR-01 @must @clarification
  Scenario: DV-EDIT-010 the missing target error is EDIT_TARGET_NOT_FOUND
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"x","old":"nowhere"}],"path":"a.txt"}
    Then the call fails with a content_mismatch error
    And the error message mentions ["Edit target not found: nowhere","a.txt"]
    And nothing outside the root has changed

  @DV-CLR-09 @must @clarification
  Scenario: DV-EDIT-011 dollar patterns in new are inserted literally
    Given a file "a.sh" with text "echo NAME\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"$& $1 $$HOME","old":"NAME"}],"path":"a.sh"}
    Then the call succeeds
    And the result field "appliedEdits" is 1
    And the file "a.sh" has text "echo $& $1 $$HOME\n"
    And nothing outside the root has changed

  @DV-CLR-09 @must @clarification
  Scenario: DV-EDIT-012 an empty old is INVALID_ARGUMENT
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"x","old":""}],"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["old"]
    And the file "a.txt" has text "hello\n"
    And nothing outside the root has changed

  @DV-CLR-09 @must @clarification
  Scenario: DV-EDIT-013 an empty edits list changes nothing
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":[],"path":"a.txt"}
    Then the call succeeds
    And the result field "ok" is true
    And the result field "appliedEdits" is 0
    And the file "a.txt" has text "hello\n"
    And nothing outside the root has changed

  @DV-CLR-09 @must @clarification
  Scenario: DV-EDIT-014 CRLF and the bytes around the match are kept
    Given a file "w.txt" with text "a\r\nb\r\nc"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"B","old":"b"}],"path":"w.txt"}
    Then the call succeeds
    And the file "w.txt" has text "a\r\nB\r\nc"
    And nothing outside the root has changed

  @3_MCP-TAS-079-EDIT @must
  Scenario: DV-EDIT-015 an edit may span lines
    Given a file "a.py" with text "def f():\n    return 1\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"(x):\n    return x","old":"():\n    return 1"}],"path":"a.py"}
    Then the call succeeds
    And the result field "appliedEdits" is 1
    And the file "a.py" has text "def f(x):\n    return x\n"
    And nothing outside the root has changed

  @DV-CLR-11 @must @clarification
  Scenario: DV-EDIT-016 editing a file that is not UTF-8 is NOT_TEXT
    Given a file "bin.dat" with base64 "//4AAQ=="
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"b","old":"a"}],"path":"bin.dat"}
    Then the call fails with a not_text error
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-EDIT-017 an edit without new is INVALID_ARGUMENT
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"old":"hello"}],"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["new"]
    And the file "a.txt" has text "hello\n"
    And nothing outside the root has changed

  @DV-CLR-12 @must @clarification
  Scenario: DV-EDIT-018 edits that are not an array are INVALID_ARGUMENT
    Given a file "a.txt" with text "hello\n"
    When the client calls "apply_surgical_edits" with {"edits":{"new":"x","old":"hello"},"path":"a.txt"}
    Then the call fails with a invalid_argument error
    And the error message mentions ["edits"]
    And nothing outside the root has changed

  @DV-CLR-07 @must @clarification
  Scenario: DV-EDIT-019 an edit through a link inside changes the target
    Given a file "real.txt" with text "old\n"
    And a symlink "link.txt" pointing to "real.txt"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"new","old":"old"}],"path":"link.txt"}
    Then the call succeeds
    And the file "real.txt" has text "new\n"
    And nothing outside the root has changed
