# Generated from specs/shared/replacements.yaml with the operations of specs/filesystem/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Edits change exactly the text they name

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-001 a longer replacement keeps everything around it
    Given a file "a.txt" with text "alpha\nbeta\ngamma\ndelta\n"
    When the client calls "edit_file" with {"edits":[{"newText":"beta, now a good deal longer than it was before","oldText":"beta"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "alpha\nbeta, now a good deal longer than it was before\ngamma\ndelta\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-002 a shorter replacement leaves no old tail
    Given a file "a.txt" with text "alpha\nthe second line is rather long\ngamma\ndelta\n"
    When the client calls "edit_file" with {"edits":[{"newText":"b","oldText":"the second line is rather long"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "alpha\nb\ngamma\ndelta\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-003 an edit of the first line keeps the rest
    Given a file "a.txt" with text "first line\nsecond\nthird\n"
    When the client calls "edit_file" with {"edits":[{"newText":"FIRST","oldText":"first line"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "FIRST\nsecond\nthird\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-004 an edit of a last line without newline adds none
    Given a file "a.txt" with text "alpha\nomega"
    When the client calls "edit_file" with {"edits":[{"newText":"OMEGA, the last","oldText":"omega"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "alpha\nOMEGA, the last"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-005 an edit in multibyte text changes only its bytes
    Given a file "a.txt" with text "größe: 1 ✓\n日本語のテキスト\n"
    When the client calls "edit_file" with {"edits":[{"newText":"größe: 22 – 🙂","oldText":"größe: 1"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "größe: 22 – 🙂 ✓\n日本語のテキスト\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-006 a longer replacement near the end of a file keeps its tail
    Given a file "a.txt" with text "line 01\nline 02\nline 03\nline 04\nline 05\nline 06\nline 07\nline 08\nline 09\nline 10\nline 11\nline 12\nline 13\nline 14\nline 15\nline 16\nline 17\nline 18\nline 19\nline 20\n"
    When the client calls "edit_file" with {"edits":[{"newText":"line 19, with a good deal more text than any other line of the file","oldText":"line 19"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "line 01\nline 02\nline 03\nline 04\nline 05\nline 06\nline 07\nline 08\nline 09\nline 10\nline 11\nline 12\nline 13\nline 14\nline 15\nline 16\nline 17\nline 18\nline 19, with a good deal more text than any other line of the file\nline 20\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-007 an edit whose text is not there writes nothing
    Given a file "a.txt" with text "alpha\nbeta\n"
    When the client calls "edit_file" with {"edits":[{"newText":"GAMMA","oldText":"gamma"}],"path":"${root}/a.txt"}
    Then the server answers the call
    And the file "a.txt" has text "alpha\nbeta\n"
    And the root holds only ["a.txt"]
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-014 an edit whose text is one letter off writes nothing
    Given a file "a.txt" with text "hello world\nsecond line\n"
    When the client calls "edit_file" with {"edits":[{"newText":"goodbye","oldText":"hello wrld"}],"path":"${root}/a.txt"}
    Then the server answers the call
    And the file "a.txt" has text "hello world\nsecond line\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-015 an edit whose text differs in case writes nothing
    Given a file "a.txt" with text "Total = Price * Count\nnext\n"
    When the client calls "edit_file" with {"edits":[{"newText":"total = 0","oldText":"total = price * count"}],"path":"${root}/a.txt"}
    Then the server answers the call
    And the file "a.txt" has text "Total = Price * Count\nnext\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-EDIT-003 @must
  Scenario: filesystem/EDIT-016 an edit whose text differs in inner spaces writes nothing
    Given a file "a.txt" with text "let total = price + tax;\nnext\n"
    When the client calls "edit_file" with {"edits":[{"newText":"let total = 0;","oldText":"let total = price  +  tax;"}],"path":"${root}/a.txt"}
    Then the server answers the call
    And the file "a.txt" has text "let total = price + tax;\nnext\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @must
  Scenario: filesystem/EDIT-008 two edits of different lines one after the other both stay
    Given a file "a.txt" with text "alpha\nbeta\ngamma\ndelta\n"
    When the client calls "edit_file" with {"edits":[{"newText":"ALPHA","oldText":"alpha"}],"path":"${root}/a.txt"}
    And the call succeeds
    And the client calls "edit_file" with {"edits":[{"newText":"DELTA","oldText":"delta"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "ALPHA\nbeta\ngamma\nDELTA\n"
    And nothing outside the root has changed

  @FS-CLR-08 @must @clarification
  Scenario: filesystem/EDIT-009 8 concurrent edits of different parts of a file all stay
    Given a file "t.txt" with text "t0 t1 t2 t3 t4 t5 t6 t7\n"
    When 8 clients call "edit_file" concurrently with {"edits":[{"newText":"T${i}","oldText":"t${i}"}],"path":"${root}/t.txt"}
    Then exactly 8 of the concurrent calls succeed and the others fail with a any error
    And the file "t.txt" has text "T0 T1 T2 T3 T4 T5 T6 T7\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-01 @must @clarification
  Scenario: filesystem/EDIT-010 an edit of a CRLF file keeps every CRLF
    Given a file "a.txt" with text "one\r\ntwo\r\nthree\r\n"
    When the client calls "edit_file" with {"edits":[{"newText":"TWO","oldText":"two"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "one\r\nTWO\r\nthree\r\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-01 @must @clarification
  Scenario: filesystem/EDIT-011 an edit of a mixed-endings file keeps each line's ending
    Given a file "a.txt" with text "alpha\nbeta\r\ngamma\ndelta\r\n"
    When the client calls "edit_file" with {"edits":[{"newText":"GAMMA, a little longer","oldText":"gamma"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "alpha\nbeta\r\nGAMMA, a little longer\ndelta\r\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-01 @must @clarification
  Scenario: filesystem/EDIT-012 an edit keeps a lone CR and a CRLF after it
    Given a file "a.txt" with text "unix\nwindows\r\nold mac\rlast\n"
    When the client calls "edit_file" with {"edits":[{"newText":"UNIX","oldText":"unix"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "UNIX\nwindows\r\nold mac\rlast\n"
    And nothing outside the root has changed

  @FS-EDIT-001 @FS-CLR-01 @must @clarification
  Scenario: filesystem/EDIT-013 an edit of a CRLF file's last line adds no ending
    Given a file "a.txt" with text "first\r\nsecond\r\nlast"
    When the client calls "edit_file" with {"edits":[{"newText":"LAST LINE","oldText":"last"}],"path":"${root}/a.txt"}
    Then the call succeeds
    And the file "a.txt" has text "first\r\nsecond\r\nLAST LINE"
    And nothing outside the root has changed
