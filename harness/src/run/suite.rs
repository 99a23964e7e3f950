//! Runs a set of features against one server configuration with cucumber, and returns one
//! `CaseResult` per selected scenario.

use std::fs::File;
use std::sync::Arc;

use cucumber::gherkin::tagexpr::TagOperation;
use cucumber::tag::Ext as _;
use cucumber::writer::Normalize;
use futures::FutureExt as _;
use regex::Regex;

use super::collect::{Collector, feature_name};
use super::config::ServerConfig;
use super::outcome::CaseResult;
use super::parser::{FeatureText, InMemory, Parsed, parse_all};
use super::world::HarnessWorld;
use super::{controls, panics, steps};
use crate::catalogue::ControlTag;
use crate::catalogue::interface::universal_id;

pub struct SuiteOptions {
    pub server: Arc<ServerConfig>,
    pub tags: Option<TagOperation>,
    pub name: Option<Regex>,
    /// Scenario names not to run (their results are decided elsewhere).
    pub skip: std::collections::HashSet<String>,
    /// Scenarios run at once (each has its own server process).
    pub jobs: usize,
    pub json: Option<File>,
    /// Print each failure as it happens.
    pub echo_failures: bool,
    /// Live progress on stderr.
    pub progress: bool,
    /// A note shown with a failure (e.g. "expected failure"), if any.
    pub annotate: Option<super::collect::Annotate>,
    /// Where this suite makes its roots, instead of the process's scratch directory (a
    /// caller running suites at once may give each its own, e.g. one that folds case).
    pub scratch_dir: Option<std::path::PathBuf>,
    /// Hold every counted refusal to a positive control (`run::controls`). Off only where
    /// each scenario runs alone on purpose, against a server whose tools the whole run
    /// proves (the per-scenario conformance trials of the reference).
    pub controls: bool,
}

#[derive(Debug, Default)]
pub struct SuiteOutcome {
    pub results: Vec<CaseResult>,
    pub parse_errors: Vec<String>,
}

/// Whether a scenario is selected by `--tags` and `--name` (both must hold).
pub fn selected(
    tags: Option<&TagOperation>,
    name: Option<&Regex>,
    feat: &cucumber::gherkin::Feature,
    rule: Option<&cucumber::gherkin::Rule>,
    sc: &cucumber::gherkin::Scenario,
) -> bool {
    let tags_ok = tags.is_none_or(|t| {
        t.eval(
            feat.tags
                .iter()
                .chain(rule.iter().flat_map(|r| &r.tags))
                .chain(sc.tags.iter()),
        )
    });
    tags_ok && name.is_none_or(|re| re.is_match(&sc.name))
}

/// Run on a fresh single-threaded tokio runtime (cucumber's futures are not `Send`).
pub fn run_suite(features: Vec<FeatureText>, opts: SuiteOptions) -> SuiteOutcome {
    run_parsed(parse_all(features), opts)
}

/// Like `run_suite`, for features parsed already.
pub fn run_parsed(features: Parsed, opts: SuiteOptions) -> SuiteOutcome {
    panics::install_quiet_hook();
    // One thread is enough: the harness mostly waits for the servers, and a single thread
    // avoids cross-thread wake-ups (measured faster than a 2-worker runtime).
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            return SuiteOutcome {
                results: Vec::new(),
                parse_errors: vec![format!("cannot start the async runtime: {e}")],
            };
        }
    };
    // The scenarios run on this thread (a current-thread runtime), so the suite's scratch
    // directory holds for all of them.
    let _scratch = super::scratch::for_this_suite(opts.scratch_dir.clone());
    let out = rt.block_on(run_async(features, opts));
    // Servers that are still running are killed on drop; do not wait for stray tasks.
    rt.shutdown_background();
    out
}

async fn run_async(features: Parsed, opts: SuiteOptions) -> SuiteOutcome {
    let SuiteOptions {
        server,
        tags,
        name,
        skip,
        jobs,
        json,
        echo_failures,
        progress,
        annotate,
        scratch_dir: _,
        controls: hold_to_controls,
    } = opts;
    controls::begin();
    let mut collector = Collector::new(json, echo_failures, progress);
    collector.annotate = annotate;
    let cfg = server.clone();
    // Scenarios for the other transport never run (`mcp-harness run` reports them as
    // skipped, with the reason).
    let (other_tag, _) = ControlTag::other_transport(server.is_http());
    let runner = cucumber::runner::Basic::default()
        .steps(steps::collection())
        .max_concurrent_scenarios(jobs.max(1))
        .before(move |_feat, _rule, sc, world: &mut HarnessWorld| {
            let cfg = cfg.clone();
            // A universal choice of an interface file (`UNIVERSAL-CLR-nn`) judges facts
            // through the interface's own shapes: its refusals need no isError and no code
            // where rootspace's CLR-020 puts it (a JSON-RPC refusal answers MISS-001 too).
            let clarification = ControlTag::Clarification.on(&sc.tags)
                && !sc.tags.iter().any(|t| t.starts_with(&universal_id("CLR-")));
            // The profile names the clarifications whose cases check a result's shape.
            let covers_id =
                |id: &Option<String>| id.as_ref().is_some_and(|id| sc.tags.contains(id));
            let result_shape = covers_id(&cfg.profile.result_shape);
            let read_shape = covers_id(&cfg.profile.read_shape);
            let covers = CaseResult::describe("", &sc.name, &sc.tags).covers;
            async move {
                if let super::config::Target::HttpUrl { root, .. } = cfg.target()
                    && let Err(e) = world.use_fixed_root(&root)
                {
                    eprintln!("mcp-harness: {e}");
                }
                world.config = Some(cfg);
                world.clarification = clarification;
                world.result_shape = result_shape;
                world.read_shape = read_shape;
                world.covers = covers;
            }
            .boxed_local()
        })
        .after(|feat, _rule, sc, _ev, world: Option<&mut HarnessWorld>| {
            let (feature, scenario) = (feature_name(feat), sc.name.clone());
            async move {
                if let Some(w) = world {
                    controls::file(&feature, &scenario, std::mem::take(&mut w.controls));
                    w.shutdown().await;
                }
            }
            .boxed_local()
        });
    let cucumber: cucumber::Cucumber<_, _, _, _, _, cucumber::cli::Empty> =
        cucumber::Cucumber::custom(InMemory, runner, Normalize::new(collector)).with_default_cli();
    let writer = cucumber
        .filter_run(features, move |feat, rule, sc| {
            !skip.contains(&sc.name)
                && !other_tag.on(&sc.tags)
                && selected(tags.as_ref(), name.as_ref(), feat, rule, sc)
        })
        .await;
    let c = writer.inner_writer();
    c.end_progress();
    let mut results = c.results.clone();
    let not_backed = if hold_to_controls {
        controls::apply(&mut results)
    } else {
        Vec::new()
    };
    for at in not_backed {
        if echo_failures {
            c.print_not_tested(&results[at]);
        }
    }
    SuiteOutcome {
        results,
        parse_errors: c.parse_errors.clone(),
    }
}
