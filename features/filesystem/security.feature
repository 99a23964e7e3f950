# Generated from specs/filesystem/security.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Staying inside the allowed directory

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-001 read_text_file of ../../../etc/passwd is refused
    When the client calls "read_text_file" with {"path":"${root}/../../../../../../etc/passwd"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-002 read of the prefix sibling by absolute path is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "read_text_file" with {"path":"${outside}/secret"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-003 write_file into the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "write_file" with {"content":"pwned\n","path":"${outside}/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-004 list_directory of the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "list_directory" with {"path":"${outside}"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-005 create_directory in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "create_directory" with {"path":"${outside}/made"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-006 move_file out to the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "a.txt" with text "a\n"
    When the client calls "move_file" with {"destination":"${outside}/a.txt","source":"${root}/a.txt"}
    Then the call fails
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-007 move_file in from the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "move_file" with {"destination":"${root}/got.txt","source":"${outside}/secret"}
    Then the call fails
    And the path "got.txt" does not exist
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-008 edit_file in the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "edit_file" with {"edits":[{"newText":"no","oldText":"top"}],"path":"${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-009 get_file_info of the prefix sibling is refused
    Given an outside file "secret" with text "top secret\n"
    When the client calls "get_file_info" with {"path":"${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-010 a .. that leaves the root into the sibling is refused
    Given an outside file "secret" with text "top secret\n"
    And a file "sub/x.txt" with text "x\n"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/sub/../../root_evil/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-011 write_file through a link to outside changes nothing out
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/link"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-012 write_file through a dangling link out writes nothing out
    Given an outside file "secret" with text "top secret\n"
    And a symlink "new.txt" pointing to "${outside}/new.txt"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/new.txt"}
    Then the server answers the call
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-013 edit_file through a symlink to an outside file is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}/secret"
    When the client calls "edit_file" with {"edits":[{"newText":"no","oldText":"top"}],"path":"${root}/link"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-014 read_media_file through a symlink leading out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link.png" pointing to "${outside}/secret"
    When the client calls "read_media_file" with {"path":"${root}/link.png"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-015 directory_tree of a symlink to an outside dir is refused
    Given an outside directory "stuff"
    And an outside file "stuff/secret.txt" with text "top secret\n"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "directory_tree" with {"path":"${root}/out"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-016 move_file into a symlinked directory leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    And a file "a.txt" with text "a\n"
    When the client calls "move_file" with {"destination":"${root}/out/a.txt","source":"${root}/a.txt"}
    Then the call fails
    And the file "a.txt" has text "a\n"
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-017 create_directory below a symlink leading out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "create_directory" with {"path":"${root}/out/made"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @FS-CLR-03 @must @clarification
  Scenario: FSC-SEC-018 a chain of symlinks that ends outside is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "hop2" pointing to "${outside}/secret"
    And a symlink "hop1" pointing to "${root}/hop2"
    When the client calls "read_text_file" with {"path":"${root}/hop1"}, or "read_file" where the server lacks it
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-019 a symlink inside the root to a file inside is served
    Given a file "real.txt" with text "real\n"
    And a symlink "alias.txt" pointing to "${root}/real.txt"
    When the client calls "read_text_file" with {"path":"${root}/alias.txt"}, or "read_file" where the server lacks it
    Then the call succeeds
    And the result field "content" has the lines ["real"]
    And nothing outside the root has changed

  @FS-ROOTS-002 @FS-READ-004 @must
  Scenario: FSC-SEC-020 read_multiple_files refuses an outside path, reads the rest
    Given an outside file "secret" with text "top secret\n"
    And a file "ok.txt" with text "fine\n"
    When the client calls "read_multiple_files" with {"paths":["${outside}/secret","${root}/ok.txt"]}
    Then the call succeeds
    And the result field "content" matches "(?s)root_evil/secret\\W*(?i:error|denied|outside|not allowed|refused).*ok\\.txt.*fine"
    And nothing outside the root has changed

  @FS-ROOTS-002 @FS-CLR-03 @must @clarification
  Scenario: FSC-SEC-021 write_file through a dangling link out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "new.txt" pointing to "${outside}/new.txt"
    When the client calls "write_file" with {"content":"pwned\n","path":"${root}/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-002 @must
  Scenario: FSC-SEC-022 create_directory two levels below a link out is refused
    Given an outside directory "stuff"
    And a symlink "out" pointing to "${outside}/stuff"
    When the client calls "create_directory" with {"path":"${root}/out/a/b"}
    Then the call fails
    And nothing outside the root has changed
