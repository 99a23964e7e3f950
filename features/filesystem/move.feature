# Generated from specs/filesystem/move.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Moving and renaming (move_file)

  @FS-MOVE-001 @must
  Scenario: FSC-MOVE-001 move_file renames a file
    Given a file "old.txt" with text "content\n"
    When the client calls "move_file" with {"destination":"${root}/new.txt","source":"${root}/old.txt"}
    Then the call succeeds
    And the path "old.txt" does not exist
    And the file "new.txt" has text "content\n"
    And nothing outside the root has changed

  @FS-MOVE-001 @must
  Scenario: FSC-MOVE-002 move_file moves a file into another directory
    Given a file "a.txt" with text "a\n"
    And a directory "dest"
    When the client calls "move_file" with {"destination":"${root}/dest/a.txt","source":"${root}/a.txt"}
    Then the call succeeds
    And the path "a.txt" does not exist
    And the file "dest/a.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-MOVE-001 @must
  Scenario: FSC-MOVE-003 move_file moves a directory with its files
    Given a file "src/a.txt" with text "a\n"
    When the client calls "move_file" with {"destination":"${root}/lib","source":"${root}/src"}
    Then the call succeeds
    And the path "src" does not exist
    And the file "lib/a.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-MOVE-001 @must
  Scenario: FSC-MOVE-004 move_file onto an existing file fails, both unchanged
    Given a file "a.txt" with text "source\n"
    And a file "b.txt" with text "destination\n"
    When the client calls "move_file" with {"destination":"${root}/b.txt","source":"${root}/a.txt"}
    Then the call fails
    And the file "a.txt" has text "source\n"
    And the file "b.txt" has text "destination\n"
    And nothing outside the root has changed

  @FS-MOVE-001 @must
  Scenario: FSC-MOVE-005 move_file of a missing source is not found
    When the client calls "move_file" with {"destination":"${root}/b.txt","source":"${root}/missing.txt"}
    Then the call fails with a not_found error
    And the path "b.txt" does not exist
    And nothing outside the root has changed
