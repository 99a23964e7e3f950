//! The standing adversarial suite (issue 13): the reference server attacked as a hostile
//! client and a chaos tester would, one file per attack. Each attack is bounded in count
//! and time, uses only local pipes and files, and prints its figures (run with
//! `--nocapture` to see them). The slow attacks (swap races, SIGKILLs, pipelined reads,
//! and in `bounds` the 200 MB lines, deep directory chains and 100k edits) are ignored by a
//! plain `cargo test`; CI runs them all with `--include-ignored`.

#[path = "../e2e/common.rs"]
mod common;
#[path = "../e2e/raw.rs"]
mod raw;

mod amplified;
mod bounds;
mod client_gone;
mod escapes;
mod fs_swap_race;
mod hostile_roots;
mod http_hostile;
mod http_server;
mod listing;
mod malformed;
mod memory;
mod metadata;
mod multiprocess;
mod odd_names;
mod reply_budget;
mod sigkill;
mod spoofed_names;
mod stdio_budget;
mod swap_race;
mod swapper;
