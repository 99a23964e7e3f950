# Generated from specs/devs/concurrency.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Readers and writers at the same time

  @DV-CLR-03 @must @clarification
  Scenario: DV-CONC-001 reads during an edit see the old or the new file
    Given a file "big.txt" made of 8000 copies of "the quick brown fox jumps over the lazy dog, 0123456789\n"
    When the client calls "apply_surgical_edits" with {"edits":[{"new":"9876543210","old":"0123456789"}],"path":"big.txt"} while reading "big.txt" repeatedly
    Then the call succeeds
    And every read during the call returned the file's old or new content
    And nothing outside the root has changed

  @DV-CLR-10 @must @clarification
  Scenario: DV-CONC-002 8 concurrent edits of one file all take effect
    Given a file "t.txt" with text "t0 t1 t2 t3 t4 t5 t6 t7\n"
    When 8 clients call "apply_surgical_edits" concurrently with {"edits":[{"new":"T${i}","old":"t${i}"}],"path":"t.txt"}
    Then exactly 8 of the concurrent calls succeed and the others fail with a any error
    And the file "t.txt" has text "T0 T1 T2 T3 T4 T5 T6 T7\n"
    And nothing outside the root has changed
