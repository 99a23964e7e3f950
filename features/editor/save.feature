# Generated from specs/editor/save.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Saving files (file_save)

  @FILE-SAVE @must
  Scenario: ED-SAVE-001 save replaces the whole file
    Given a file "a.txt" with text "old\ncontent\n"
    When the client calls "file_save" with {"content":"new\n","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 4
    And the file "a.txt" has text "new\n"
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: ED-SAVE-002 create_if_not_exists creates a missing file
    When the client calls "file_save" with {"content":"hello\n","create_if_not_exists":true,"uri":"file://${root}/new.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 6
    And the file "new.txt" has text "hello\n"
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: ED-SAVE-003 without create_if_not_exists nothing is created
    When the client calls "file_save" with {"content":"hello\n","uri":"file://${root}/new.txt"}
    Then the call fails
    And the path "new.txt" does not exist
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: ED-SAVE-004 bytes_written counts UTF-8 bytes
    Given a file "a.txt" with text "x\n"
    When the client calls "file_save" with {"content":"héllo","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 6
    And the file "a.txt" has text "héllo"
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-09 @must @clarification
  Scenario: ED-SAVE-005 save of a missing file without the flag is FILE_NOT_FOUND
    When the client calls "file_save" with {"content":"hello\n","uri":"file://${root}/new.txt"}
    Then the call fails with a not_found error
    And the path "new.txt" does not exist
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-09 @must @clarification
  Scenario: ED-SAVE-006 create_if_not_exists creates missing parents
    When the client calls "file_save" with {"content":"x\n","create_if_not_exists":true,"uri":"file://${root}/new/dir/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 2
    And the result field "backup_created" is false
    And the file "new/dir/a.txt" has text "x\n"
    And nothing outside the root has changed

  @FILE-BACKUP @ED-CLR-07 @must @clarification
  Scenario: ED-SAVE-007 no backup or lock file appears in the root
    Given a file "a.txt" with text "old\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"new\n","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "bytes_written" is 4
    And the file "a.txt" has text "new\n"
    And the root holds only ["a.txt"]
    And the path "a.txt~" does not exist
    And the path "#a.txt#" does not exist
    And the path ".#a.txt" does not exist
    And the path "a.txt.bak" does not exist
    And the path "a.txt.orig" does not exist
    And nothing outside the root has changed

  @FILE-ENCODING @ED-CLR-08 @must @clarification
  Scenario: ED-SAVE-008 a Latin-1 file is not overwritten
    Given a file "latin.txt" with base64 "Y2Fm6Qo="
    When the client calls "file_save" with {"content":"café\n","uri":"file://${root}/latin.txt"}
    Then the call fails with a not_text error
    And the file "latin.txt" has base64 "Y2Fm6Qo="
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-01 @must @clarification
  Scenario: ED-SAVE-009 save without content is INVALID_PARAMS
    Given a file "a.txt" with text "keep\n"
    When the client calls "file_save" with {"uri":"file://${root}/a.txt"}
    Then the call fails with a invalid_argument error
    And the file "a.txt" has text "keep\n"
    And nothing outside the root has changed

  @FILE-SAVE @ED-CLR-10 @must @clarification
  Scenario: ED-SAVE-010 reads during a save see the old or the new file
    Given a file "big.txt" made of 32768 copies of "the quick brown fox jumps over the lazy dog, 0123456789 abcdef\n"
    When the client calls "file_save" with {"content":"replaced by a short text of several words\n","uri":"file://${root}/big.txt"} while reading "big.txt" repeatedly with the reader arguments {"uri":"file://${root}/big.txt"} each time
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @FILE-BACKUP @ED-CLR-07 @must @clarification
  Scenario: ED-SAVE-011 without --backup-dir a save reports backup_created false
    Given a file "a.txt" with text "old\n"
    When the client calls "file_open" with {"uri":"file://${root}/a.txt"}
    And the call succeeds
    And the client calls "file_save" with {"content":"new\n","uri":"file://${root}/a.txt"}
    Then the call succeeds
    And the result field "success" is true
    And the result field "backup_created" is false
    And nothing outside the root has changed
