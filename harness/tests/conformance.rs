//! Every scenario of every profile's embedded features (plus the runner's own smoke
//! feature) against the reference server serving that profile, each as its own libtest
//! trial named `<profile>/<area>::<scenario>`: `cargo test -p mcp-harness --test
//! conformance -- T3.5` filters by name, `-- --list` lists, and the usual
//! "N passed; M failed" line ends the run. A profile the reference does not serve yet
//! (catalogued ahead of its server) has its scenarios listed as ignored, never passed,
//! and the run says so; so are the scenarios that need what the machine does not give (a
//! root that folds case, a device node: `mcp_harness::run::scratch`).

use std::sync::Arc;

use libtest_mimic::{Arguments, Failed, Trial};
use mcp_harness::catalogue::ControlTag;
use mcp_harness::run::config::{ServerConfig, ToolNames, reference_serves};
use mcp_harness::run::parser::{FeatureText, parse_one, split_scenarios};
use mcp_harness::run::report::console::failure_block;
use mcp_harness::run::suite::{SuiteOptions, run_parsed};

/// (profile, feature) for every embedded feature, plus the smoke feature under rootspace.
fn features() -> Vec<(String, FeatureText)> {
    let mut all: Vec<(String, FeatureText)> = mcp_harness::generate::embedded_features()
        .iter()
        .map(|(n, t)| {
            let profile = n.split('/').next().unwrap_or_default().to_string();
            let f = FeatureText {
                path: format!("features/{n}"),
                text: t.to_string(),
            };
            (profile, f)
        })
        .collect();
    all.push((
        "rootspace".into(),
        FeatureText {
            path: "harness/tests/fixtures/smoke.feature".into(),
            text: include_str!("fixtures/smoke.feature").to_string(),
        },
    ));
    all
}

fn main() {
    let args = Arguments::from_args();
    let catalogues = mcp_harness::catalogue::load_embedded_all().unwrap_or_else(|e| panic!("{e}"));
    // (stdio, Streamable HTTP) configurations of the reference serving `profile`;
    // HTTP-only scenarios run over HTTP.
    let servers_for = |profile: &str| {
        let cat = catalogues
            .iter()
            .find(|c| c.profile.profile == profile)
            .unwrap_or_else(|| panic!("no profile {profile}"));
        let p = Arc::new(cat.profile.clone());
        let exe = env!("CARGO_BIN_EXE_mcp-harness");
        (
            Arc::new(ServerConfig::reference(exe, ToolNames::Dotted, p.clone())),
            Arc::new(ServerConfig::reference_http(exe, ToolNames::Dotted, p)),
        )
    };
    // Cases that need what this machine may not give are listed as ignored, with why.
    let place = mcp_harness::run::scratch::dir();
    let unavailable = [
        (
            ControlTag::CasefoldRoot.name(),
            mcp_harness::run::scratch::casefold_unavailable(&place),
        ),
        (
            ControlTag::Device.name(),
            mcp_harness::run::scratch::device_unavailable(&place),
        ),
    ];
    let mut not_here = std::collections::BTreeMap::<String, (usize, String)>::new();
    let mut trials = Vec::new();
    let mut unserved = std::collections::BTreeMap::<String, usize>::new();
    for (profile, f) in features() {
        let (server, http) = servers_for(&profile);
        let served = reference_serves(&profile);
        let stem = format!(
            "{profile}/{}",
            f.path
                .rsplit('/')
                .next()
                .unwrap_or(&f.path)
                .trim_end_matches(".feature")
        );
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
                    let http_only = ControlTag::HttpOnly.on(&one.scenarios[0].tags);
                    let server = if http_only {
                        http.clone()
                    } else {
                        server.clone()
                    };
                    if !served {
                        *unserved.entry(profile.clone()).or_default() += 1;
                        let why = format!("the reference does not serve the {profile} profile");
                        trials.push(
                            Trial::test(name, move || Err(Failed::from(why)))
                                .with_ignored_flag(true),
                        );
                        continue;
                    }
                    let missing = unavailable.iter().find_map(|(tag, why)| {
                        let tagged = one.scenarios[0].tags.iter().any(|t| t == tag);
                        why.as_ref()
                            .filter(|_| tagged)
                            .map(|w| (tag.to_string(), w.clone()))
                    });
                    if let Some((tag, why)) = missing {
                        not_here.entry(tag).or_insert((0, why.clone())).0 += 1;
                        trials.push(
                            Trial::test(name, move || Err(Failed::from(why)))
                                .with_ignored_flag(true),
                        );
                        continue;
                    }
                    trials.push(Trial::test(name, move || run_one(one, server)));
                }
            }
        }
    }
    for (profile, n) in &unserved {
        eprintln!(
            "conformance: the reference does not serve the `{profile}` profile yet; its {n} \
             scenarios are listed as ignored, not run, and not passed"
        );
    }
    for (tag, (n, why)) in &not_here {
        eprintln!("conformance: {n} scenarios tagged @{tag} are listed as ignored, not run: {why}");
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
            scratch_dir: None,
            // Each trial is one scenario alone: a refusal's control is a success of the
            // same call elsewhere in the run, which the whole-profile runs prove (CI's
            // `mcp-harness run` of each profile, harness_power's reference trials).
            controls: false,
        },
    );
    if let Some(e) = outcome.parse_errors.first() {
        return Err(Failed::from(e.clone()));
    }
    match outcome.results.first() {
        None => Err(Failed::from("the scenario did not run")),
        Some(r) if r.passed() => Ok(()),
        Some(r) => Err(Failed::from(
            anstream::adapter::strip_str(&failure_block(r, None, true)).to_string(),
        )),
    }
}
