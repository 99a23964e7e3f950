//! The next release's draft (SEP-3279, protocol 2026-12-01) end to end: the harness run with
//! `--protocol 2026-12-01-draft` against a server answering in `outputs`
//! (`mcp-faulty --variant draft-variants`, the filesystem reference behind the wire proxy of
//! tests/src/proxy/variants.rs) passes, and fails against one whose fallback output is only
//! a placeholder (`draft-placeholder`), which a session of 2026-07-28 never sees. Rootspace,
//! whose results carry their data as structured content, passes through the tools'
//! declared `assistant/structured` variant, which the harness asks for.

use std::time::Duration;

use mcp_harness::run::command::{RunRequest, run_command};
use mcp_harness::run::config::Protocol;

const FAULTY: &str = env!("CARGO_BIN_EXE_mcp-faulty");

/// Reads, edits, listings, file info and moves, their refusals among them: every result
/// shape of the profile (the whole suite would take minutes on a loaded machine).
const CASES: &str = r"^FSC-(READ|EDIT|DIR|INFO|MOVE)-";

/// Rootspace's reads, appends and races, the pipelined calls and the reads during a
/// replace among them.
const ROOTSPACE_CASES: &str = r"^(T4\.1\.|T4\.3\.|CONC-01[4-8] )";

fn request(server: &str, protocol: Protocol) -> RunRequest {
    RunRequest {
        server: Some(format!(
            "{FAULTY} --variant {server} --profile filesystem --root {{root}}"
        )),
        profile: Some("filesystem".into()),
        name: Some(CASES.into()),
        jobs: 2,
        timeout: Duration::from_secs(20),
        startup_timeout: Duration::from_secs(30),
        protocol,
        ..Default::default()
    }
}

#[test]
fn a_server_of_the_draft_passes_in_a_draft_session() {
    assert_eq!(
        run_command(request("draft-variants", Protocol::V2026_12_01Draft)),
        0
    );
}

#[test]
fn a_placeholder_fallback_fails_in_a_draft_session() {
    assert_eq!(
        run_command(request("draft-placeholder", Protocol::V2026_12_01Draft)),
        1,
        "the data sat in an output the harness did not ask for, and the harness read it"
    );
}

/// In a 2026-07-28 session the proxy passes everything through: the same server passes.
#[test]
fn the_same_server_passes_in_a_2026_07_28_session() {
    assert_eq!(
        run_command(request("draft-placeholder", Protocol::V2026_07_28)),
        0
    );
}

#[test]
fn a_server_of_structured_results_passes_in_a_draft_session() {
    let req = RunRequest {
        server: Some(format!("{FAULTY} --variant draft-variants --root {{root}}")),
        profile: Some("rootspace".into()),
        name: Some(ROOTSPACE_CASES.into()),
        ..request("draft-variants", Protocol::V2026_12_01Draft)
    };
    assert_eq!(run_command(req.clone()), 0);
    let placeholder = RunRequest {
        server: Some(format!(
            "{FAULTY} --variant draft-placeholder --root {{root}}"
        )),
        ..req
    };
    assert_eq!(run_command(placeholder), 1);
}
