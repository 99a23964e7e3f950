# Generated from specs/filesystem/roots.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Allowed directories (list_allowed_directories) and the client's roots

  @FS-ROOTS-001 @must
  Scenario: FSC-ROOTS-001 list_allowed_directories names the root
    When the client calls "list_allowed_directories" with {}
    Then the call succeeds
    And the result field "content" matches "/root(?:[/\"'\\s\\],]|$)"
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-002 list_allowed_directories names the client's root
    Given a directory "a"
    And a directory "b"
    And the client offers the roots ["${root}/a"]
    When the client calls "list_allowed_directories" with {}
    Then the call succeeds
    And the result field "content" matches "/root/a(?:[/\"'\\s\\],]|$)"
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-003 a file in the client's root can be read
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "b/in-b.txt" with text "in b\n"
    And the client offers the roots ["${root}/a"]
    When the client calls "read_text_file" with {"path":"${root}/a/in-a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["in a"]
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-004 a file outside the client's roots is refused
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "b/in-b.txt" with text "in b\n"
    And the client offers the roots ["${root}/a"]
    When the client calls "read_text_file" with {"path":"${root}/b/in-b.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-005 after roots/list_changed the new root can be read
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "b/in-b.txt" with text "in b\n"
    And the client offers the roots ["${root}/a"]
    When the client changes its roots to ["${root}/b"]
    And the client calls "read_text_file" with {"path":"${root}/b/in-b.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["in b"]
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-006 after roots/list_changed the old root is refused
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "b/in-b.txt" with text "in b\n"
    And the client offers the roots ["${root}/a"]
    When the client changes its roots to ["${root}/b"]
    And the client calls "read_text_file" with {"path":"${root}/a/in-a.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-007 after roots/list_changed the new root is listed
    Given a directory "a"
    And a directory "b"
    And the client offers the roots ["${root}/a"]
    When the client changes its roots to ["${root}/b"]
    And the client calls "list_allowed_directories" with {}
    Then the call succeeds
    And the result field "content" matches "/root/b(?:[/\"'\\s\\],]|$)"
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-008 with two roots, a file in the second can be read
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "b/in-b.txt" with text "in b\n"
    And the client offers the roots ["${root}/a","${root}/b"]
    When the client calls "read_text_file" with {"path":"${root}/b/in-b.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["in b"]
    And nothing outside the root has changed

  @FS-ROOTS-003 @must @client-roots
  Scenario: FSC-ROOTS-009 the prefix sibling of a client's root is refused
    Given a file "a/in-a.txt" with text "in a\n"
    And a file "ab/in-ab.txt" with text "in ab\n"
    And the client offers the roots ["${root}/a"]
    When the client calls "read_text_file" with {"path":"${root}/ab/in-ab.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-010 a root outside the server's directory is refused
    Given an outside file "secret" with text "top secret\n"
    And the client offers the roots ["${outside}"]
    When the client calls "read_text_file" with {"path":"${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-011 a root through .. gives no write outside
    Given an outside file "secret" with text "top secret\n"
    And the client offers the roots ["${root}/.."]
    When the client calls "write_file" with {"content":"pwned\n","path":"${outside}/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-012 a root through a symlink that leads out is refused
    Given an outside file "secret" with text "top secret\n"
    And a symlink "link" pointing to "${outside}"
    And the client offers the roots ["${root}/link"]
    When the client calls "read_text_file" with {"path":"${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-013 the root file:/// gives no read outside
    Given an outside file "secret" with text "top secret\n"
    And the client offers the roots ["/"]
    When the client calls "read_text_file" with {"path":"${outside}/secret"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-014 after a refused root the server's directory is kept
    Given the client offers the roots ["/"]
    When the client calls "list_allowed_directories" with {}
    Then the call succeeds
    And the result field "content" matches "/root(?:[/\"'\\s\\],]|$)"
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-015 after 25000 roots a write outside is refused
    Given an outside file "secret" with text "top secret\n"
    And a directory "a"
    And the client offers the roots ["${root}/a"] each repeated 25000 times
    When the client calls "write_file" with {"content":"pwned\n","path":"${outside}/new.txt"}
    Then the call fails
    And nothing outside the root has changed

  @FS-CLR-06 @must @clarification @client-roots
  Scenario: FSC-ROOTS-016 after an answer of 25000 roots the server answers
    Given a file "a/in-a.txt" with text "in a\n"
    And the client offers the roots ["${root}/a"] each repeated 25000 times
    When the client calls "read_text_file" with {"path":"${root}/a/in-a.txt"}
    Then the call succeeds
    And the result field "content" has the lines ["in a"]
    And nothing outside the root has changed
