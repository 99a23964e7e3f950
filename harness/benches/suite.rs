//! `cargo bench -p mcp-harness`: wall time of the whole embedded suite against the
//! built-in reference (one server process per scenario), printed as a figure to track.
//! The target is at most 5 s for the suite and 20 ms per scenario on a 2-core machine.

use std::time::Instant;

use mcp_harness::run::command::{RunRequest, load_features, server_config};
use mcp_harness::run::suite::{SuiteOptions, run_suite};

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported here.
    let features = match load_features(None) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("suite bench: {e}");
            return;
        }
    };
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let req = RunRequest {
        server: Some(format!(
            "{} serve-reference --root {{root}}",
            env!("CARGO_BIN_EXE_mcp-harness")
        )),
        timeout: std::time::Duration::from_secs(10),
        jobs,
        ..RunRequest::default()
    };
    let cfg = match server_config(&req) {
        Ok(c) => std::sync::Arc::new(c),
        Err(e) => {
            eprintln!("suite bench: {e}");
            return;
        }
    };
    let mut best = f64::MAX;
    let mut count = 0;
    let mut failed = 0;
    for _ in 0..3 {
        let started = Instant::now();
        let out = run_suite(
            features.clone(),
            SuiteOptions {
                server: cfg.clone(),
                tags: None,
                name: None,
                skip: Default::default(),
                jobs,
                json: None,
                echo_failures: false,
                progress: false,
                annotate: None,
            },
        );
        best = best.min(started.elapsed().as_secs_f64());
        count = out.results.len();
        failed = out.results.iter().filter(|r| !r.passed()).count();
    }
    let per = if count > 0 {
        best * 1000.0 / count as f64
    } else {
        0.0
    };
    println!(
        "suite: {count} scenarios ({failed} failed) in {best:.2} s wall, {per:.1} ms per scenario, {jobs} jobs (best of 3)"
    );
}
