# Generated from specs/filesystem/edit.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Editing files (edit_file)

  @FS-EDIT-001 @must
  Scenario: FSC-EDIT-001 edit_file replaces oldText and returns a diff
    Given a file "e.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "edit_file" with {"edits":[{"newText":"BETA","oldText":"beta"}],"path":"${root}/e.txt"}
    Then the call succeeds
    And the result field "content" matches "(?ms)^-beta$.*^\\+BETA$"
    And the file "e.txt" has text "alpha\nBETA\ngamma\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @must
  Scenario: FSC-EDIT-002 several edits apply in order
    Given a file "e.txt" with text "one\ntwo\nthree\n"
    When the client calls "edit_file" with {"edits":[{"newText":"uno","oldText":"one"},{"newText":"uno\ndos","oldText":"uno\ntwo"}],"path":"${root}/e.txt"}
    Then the call succeeds
    And the file "e.txt" has text "uno\ndos\nthree\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @must
  Scenario: FSC-EDIT-003 an oldText over several lines is replaced
    Given a file "e.txt" with text "fn a() {\n    1\n}\nfn b() {}\n"
    When the client calls "edit_file" with {"edits":[{"newText":"fn a() {\n    2\n}\n","oldText":"fn a() {\n    1\n}\n"}],"path":"${root}/e.txt"}
    Then the call succeeds
    And the file "e.txt" has text "fn a() {\n    2\n}\nfn b() {}\n"
    And nothing outside the root has changed

  @FS-EDIT-002 @must
  Scenario: FSC-EDIT-004 dryRun returns the diff and leaves the file alone
    Given a file "e.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "edit_file" with {"dryRun":true,"edits":[{"newText":"BETA","oldText":"beta"}],"path":"${root}/e.txt"}
    Then the call succeeds
    And the result field "content" matches "(?ms)^-beta$.*^\\+BETA$"
    And the file "e.txt" has text "alpha\nbeta\ngamma\n"
    And nothing outside the root has changed

  @FS-EDIT-003 @must
  Scenario: FSC-EDIT-005 an oldText that is not in the file fails, file unchanged
    Given a file "e.txt" with text "alpha\nbeta\ngamma\n"
    When the client calls "edit_file" with {"edits":[{"newText":"DELTA","oldText":"delta"}],"path":"${root}/e.txt"}
    Then the call fails
    And the file "e.txt" has text "alpha\nbeta\ngamma\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @must
  Scenario: FSC-EDIT-006 editing a missing file is a not-found error
    When the client calls "edit_file" with {"edits":[{"newText":"b","oldText":"a"}],"path":"${root}/missing.txt"}
    Then the call fails with a not_found error
    And the path "missing.txt" does not exist
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-01 @must @clarification
  Scenario: FSC-EDIT-007 an edit keeps the CRLF line endings of the file
    Given a file "crlf.txt" with text "alpha\r\nbeta\r\ngamma\r\n"
    When the client calls "edit_file" with {"edits":[{"newText":"BETA","oldText":"beta"}],"path":"${root}/crlf.txt"}
    Then the call succeeds
    And the file "crlf.txt" has text "alpha\r\nBETA\r\ngamma\r\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-04 @must @clarification
  Scenario: FSC-EDIT-008 an oldText found twice fails and changes nothing
    Given a file "twice.txt" with text "x = 1\ny = 2\nx = 1\n"
    When the client calls "edit_file" with {"edits":[{"newText":"x = 3","oldText":"x = 1"}],"path":"${root}/twice.txt"}
    Then the call fails
    And the file "twice.txt" has text "x = 1\ny = 2\nx = 1\n"
    And nothing outside the root has changed

  @FS-EDIT-003 @FS-CLR-05 @must @clarification
  Scenario: FSC-EDIT-009 an oldText that differs in indentation fails
    Given a file "indent.py" with text "def f():\n    return 1\n"
    When the client calls "edit_file" with {"edits":[{"newText":"return 2","oldText":"return 1"},{"newText":"def g():","oldText":"  def f():"}],"path":"${root}/indent.py"}
    Then the call fails
    And the file "indent.py" has text "def f():\n    return 1\n"
    And nothing outside the root has changed
