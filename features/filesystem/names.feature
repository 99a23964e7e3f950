# Generated from specs/filesystem/names.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Name tricks on every path-taking tool: trailing quotes, spaces and dots

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-001 read_text_file of the root name plus a quote shows nothing
    When the client calls "read_text_file" with {"path":"${root}\""}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-002 write_file to the root name plus a quote writes nothing out
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}\""}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-003 list_directory of the root name plus an apostrophe
    When the client calls "list_directory" with {"path":"${root}'"}
    Then no reply of the server shows any of ["outside-bait"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-004 read_text_file below the root name plus an apostrophe
    When the client calls "read_text_file" with {"path":"${root}'/outside-bait.txt"}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-005 read_text_file of the root name plus a space shows nothing
    When the client calls "read_text_file" with {"path":"${root} "}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-006 write_file to the root name plus a space writes nothing out
    When the client calls "write_file" with {"content":"pwned\n","path":"${root} "}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-007 read_text_file of the root name plus a dot shows nothing
    When the client calls "read_text_file" with {"path":"${root}."}, or "read_file" where the server lacks it
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-008 write_file to the root name plus a dot writes nothing out
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}."}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-009 edit_file of the root name plus a quote changes nothing out
    When the client calls "edit_file" with {"edits":[{"newText":"pwned","oldText":"top secret"}],"path":"${root}\""}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-010 move_file from the root name plus a quote moves nothing in
    When the client calls "move_file" with {"destination":"${root}/moved.txt","source":"${root}\""}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-011 read_multiple_files of the root name plus a quote
    When the client calls "read_multiple_files" with {"paths":["${root}\""]}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-012 get_file_info of the root name plus a quote is answered
    When the client calls "get_file_info" with {"path":"${root}\""}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-013 edit_file of the root name plus a space changes nothing out
    When the client calls "edit_file" with {"edits":[{"newText":"pwned","oldText":"top secret"}],"path":"${root} "}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-014 move_file from the root name plus a space moves nothing in
    When the client calls "move_file" with {"destination":"${root}/moved.txt","source":"${root} "}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-015 read_multiple_files of the root name plus a space
    When the client calls "read_multiple_files" with {"paths":["${root} "]}
    Then no reply of the server shows any of ["top secret"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-NAME-016 get_file_info of the root name plus a space is answered
    When the client calls "get_file_info" with {"path":"${root} "}
    Then the server answers the call
    And nothing outside the root has changed
