# Generated from specs/shared/missing.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Errors for a missing file name its path

  @FS-CLR-10 @must @clarification
  Scenario: filesystem/MISS-001 a read of a missing file names it
    Given a directory "docs"
    When the client calls "read_text_file" with {"path":"${root}/docs/absent-notes.txt"}, or "read_file" where the server lacks it
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And nothing outside the root has changed

  @FS-CLR-10 @must @clarification
  Scenario: filesystem/MISS-002 a move of a missing source names it
    Given a directory "docs"
    When the client calls "move_file" with {"destination":"${root}/moved-away.txt","source":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And the path "moved-away.txt" does not exist
    And nothing outside the root has changed

  @FS-CLR-10 @must @clarification
  Scenario: filesystem/MISS-003 an edit of a missing file names it
    Given a directory "docs"
    When the client calls "edit_file" with {"edits":[{"newText":"b","oldText":"a"}],"path":"${root}/docs/absent-notes.txt"}
    Then the call fails
    And the error message mentions ["absent-notes.txt"]
    And the path "docs/absent-notes.txt" does not exist
    And nothing outside the root has changed
