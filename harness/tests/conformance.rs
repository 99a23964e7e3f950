//! Every scenario of the embedded features (plus the runner's own smoke feature) against
//! the reference server, each as its own libtest trial: `cargo test -p mcp-harness --test
//! conformance -- T3.5` filters by name, `-- --list` lists, and the usual
//! "N passed; M failed" line ends the run.

use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};
use mcp_harness::run::config::{ServerConfig, ToolNames};
use mcp_harness::run::parser::{FeatureText, parse_one, split_scenarios};
use mcp_harness::run::report::console::failure_block;
use mcp_harness::run::suite::{SuiteOptions, run_parsed};

fn features() -> Vec<FeatureText> {
    let mut all: Vec<FeatureText> = mcp_harness::generate::embedded_features()
        .iter()
        .map(|(n, t)| FeatureText {
            path: format!("features/{n}"),
            text: t.to_string(),
        })
        .collect();
    all.push(FeatureText {
        path: "harness/tests/fixtures/smoke.feature".into(),
        text: include_str!("fixtures/smoke.feature").to_string(),
    });
    all
}

fn main() {
    let args = Arguments::from_args();
    let server = Arc::new(ServerConfig::reference(
        env!("CARGO_BIN_EXE_mcp-harness"),
        ToolNames::Dotted,
    ));
    // HTTP-only scenarios run against the reference over Streamable HTTP.
    let http = Arc::new(ServerConfig::reference_http(
        env!("CARGO_BIN_EXE_mcp-harness"),
        ToolNames::Dotted,
    ));
    let mut trials = Vec::new();
    for f in features() {
        let stem = f
            .path
            .rsplit('/')
            .next()
            .unwrap_or(&f.path)
            .trim_end_matches(".feature")
            .to_string();
        match parse_one(f.clone()) {
            Err(e) => {
                let msg = e.to_string();
                trials.push(Trial::test(format!("{stem}::(parse)"), move || {
                    Err(Failed::from(msg))
                }));
            }
            Ok(feature) => {
                for one in split_scenarios(&feature) {
                    let name = format!("{stem}::{}", one.scenarios[0].name);
                    let http_only = one.scenarios[0].tags.iter().any(|t| t == "http-only");
                    let server = if http_only {
                        http.clone()
                    } else {
                        server.clone()
                    };
                    trials.push(Trial::test(name, move || run_one(one, server)));
                }
            }
        }
    }
    libtest_mimic::run(&args, trials).exit();
}

fn run_one(
    feature: mcp_harness::run::parser::Feature,
    server: Arc<ServerConfig>,
) -> Result<(), Failed> {
    let outcome = run_parsed(
        vec![Ok(feature)],
        SuiteOptions {
            server,
            tags: None,
            name: None,
            skip: Default::default(),
            jobs: 1,
            json: None,
            echo_failures: false,
            progress: false,
            annotate: None,
        },
    );
    if let Some(e) = outcome.parse_errors.first() {
        return Err(Failed::from(e.clone()));
    }
    match outcome.results.first() {
        None => Err(Failed::from("the scenario did not run")),
        Some(r) if r.passed() => Ok(()),
        Some(r) => Err(Failed::from(failure_block(r, None))),
    }
}
