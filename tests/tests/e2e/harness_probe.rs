//! The harness's start-up probe against servers met in the wild: one that never answers
//! `server/discover` (as rust-mcp-filesystem 0.4.5 does) still gets tested under
//! `--protocol auto`, through the legacy handshake.

use std::time::{Duration, Instant};

use mcp_harness::run::command::{RunRequest, probe, run_command, server_config};
use mcp_harness::run::config::Protocol;

const FAULTY: &str = env!("CARGO_BIN_EXE_mcp-faulty");

fn request(protocol: Protocol) -> RunRequest {
    RunRequest {
        server: Some(format!(
            "{FAULTY} --variant silent-discover --root {{root}}"
        )),
        name: Some(r"^(T3\.5\.2|T4\.1\.1) ".into()),
        jobs: 2,
        timeout: Duration::from_secs(10),
        protocol,
        ..Default::default()
    }
}

#[test]
fn auto_falls_back_to_initialize_when_discover_is_never_answered() {
    let started = Instant::now();
    assert_eq!(run_command(request(Protocol::Auto)), 0);
    // The discover probe waits 3 s, not the 10 s request timeout.
    assert!(
        started.elapsed() < Duration::from_secs(9),
        "{:?}",
        started.elapsed()
    );
}

#[test]
fn a_silent_discover_names_the_handshake_and_the_way_out() {
    let mut req = request(Protocol::V2026_07_28);
    req.timeout = Duration::from_secs(2);
    let rootspace = mcp_harness::catalogue::load_embedded("rootspace").unwrap();
    let cfg = server_config(&req, std::sync::Arc::new(rootspace.profile)).unwrap();
    let paragraph = probe(&cfg).expect_err("the probe must fail");
    assert!(paragraph.contains("`server/discover`"), "{paragraph}");
    assert!(paragraph.contains("--protocol 2025-11-25"), "{paragraph}");
}
