# Generated from specs/shared/nested.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Creates under missing parent directories

  @FILE-SAVE @must
  Scenario: editor/NEST-001 a create one level under a missing directory
    When the client calls "file_save" with {"content":"one level down\n","create_if_not_exists":true,"uri":"file://${root}/a/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "a/new.txt" has text "one level down\n"
    And if the call failed, the path "a" does not exist
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: editor/NEST-002 a create two levels under missing directories
    When the client calls "file_save" with {"content":"two levels down\n","create_if_not_exists":true,"uri":"file://${root}/a/b/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "a/b/new.txt" has text "two levels down\n"
    And if the call failed, the path "a" does not exist
    And nothing outside the root has changed

  @FILE-SAVE @must
  Scenario: editor/NEST-003 a create three levels under missing directories
    Given a directory "src"
    When the client calls "file_save" with {"content":"three levels down\n","create_if_not_exists":true,"uri":"file://${root}/src/a/b/c/new.txt"}
    Then the server answers the call
    And if the call succeeded, the file "src/a/b/c/new.txt" has text "three levels down\n"
    And if the call failed, the path "src/a" does not exist
    And nothing outside the root has changed
