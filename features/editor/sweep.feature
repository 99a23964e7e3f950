# Generated from specs/shared/sweep.yaml with the operations of specs/editor/profile.yaml by `cargo run -p mcp-harness -- generate`. Do not edit.
Feature: Every tool that takes a path, mapped or not, stays in the root

  @FILE-PATHS @must
  Scenario: editor/SWEEP-001 every tool taking a path stays in the root
    When every tool of the server that takes a path is sent paths that lead out of the root
    Then no reply of the sweep shows the bait outside and the outside area is unchanged
    And nothing outside the root has changed
