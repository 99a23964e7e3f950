//! `cargo bench -p mcp-harness`: wall time of each profile's embedded suite against the
//! built-in reference serving that profile (one server process per scenario), printed as
//! a figure to track. The target is at most 5 s for the rootspace suite and 20 ms per
//! scenario on a 2-core machine.

use std::time::Instant;

use std::sync::Arc;

use mcp_harness::catalogue::Profile;
use mcp_harness::run::command::{RunRequest, load_features, server_config};
use mcp_harness::run::suite::{SuiteOptions, run_suite};

fn main() {
    // `cargo bench` passes `--bench`; a filter argument is not supported here.
    let catalogues = match mcp_harness::catalogue::load_embedded_all() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("suite bench: {e}");
            return;
        }
    };
    for cat in &catalogues {
        bench(Arc::new(cat.profile.clone()));
    }
}

fn bench(profile: Arc<Profile>) {
    let features = match load_features(None, &profile.profile) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("suite bench: {e}");
            return;
        }
    };
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let req = RunRequest {
        server: Some(format!(
            "{} serve-reference --root {{root}} {}",
            env!("CARGO_BIN_EXE_mcp-harness"),
            profile.reference_args.join(" ")
        )),
        timeout: std::time::Duration::from_secs(10),
        jobs,
        ..RunRequest::default()
    };
    let name = profile.profile.clone();
    let cfg = match server_config(&req, profile) {
        Ok(c) => Arc::new(c),
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
                scratch_dir: None,
                controls: true,
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
        "suite {name}: {count} scenarios ({failed} failed) in {best:.2} s wall, {per:.1} ms per scenario, {jobs} jobs (best of 3)"
    );
}
