# Generated from specs/shared/tricks.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks: trailing quotes, spaces and dots on every operation

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-001 a read of ../root" shows nothing of the sibling file
    When the client calls "read_text_file" with {"path":"${root}/../root\""}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-002 a read of ../root with a space at the end shows nothing
    When the client calls "read_text_file" with {"path":"${root}/../root "}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-003 a read of ../root. shows nothing outside
    When the client calls "read_text_file" with {"path":"${root}/../root."}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-004 a read below ../root' shows nothing outside
    When the client calls "read_text_file" with {"path":"${root}/../root'/outside-bait.txt"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-005 a read through a dotted or spaced .. shows nothing outside
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read_text_file" with {"path":"${root}/... /root_evil/secret"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/.. /root_evil/secret"}, or "read_file" where the server lacks it
    And the server answers the call
    And the client calls "read_text_file" with {"path":"${root}/..\\root_evil\\secret"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-006 a create of ../root'/new.txt changes nothing outside
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/../root'/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-007 overwrites of ../root" and ../root. change nothing outside
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/../root\""}
    And the server answers the call
    And the client calls "write_file" with {"content":"pwned\n","path":"${root}/../root."}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-010 a listing of ../root' shows nothing outside
    When the client calls "list_directory" with {"path":"${root}/../root'"}
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: filesystem/NAME-011 moves to or from ../root" change nothing outside
    Given a file "x.txt" with text "x\n"
    When the client calls "move_file" with {"destination":"${root}/pulled.txt","source":"${root}/../root\""}
    And the server answers the call
    And the client calls "move_file" with {"destination":"${root}/../root'/pushed.txt","source":"${root}/x.txt"}
    Then the server answers the call
    And nothing outside the root has changed
