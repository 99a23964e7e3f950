//! `mcp-harness run`: load the features, probe the server once, run the suite, write the
//! reports and decide the exit code (0 pass, 1 failures, 2 usage or server start-up).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::io::Write as _;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anstream::{print, println};

use super::capabilities::{self, Offered, ToolFit};
use super::collect::Echo;
use super::config::{Protocol, ServerConfig, Target, reference_serves};
use super::decided;
use super::outcome::CaseResult;
use super::outputs::Outputs;
use super::parser::{FeatureText, parse_all};
use super::plan::Plan;
use super::probe::DISCOVER_PROBE;
pub use super::probe::probe;
use super::report::console::{self, Totals};
use super::report::coverage::Coverage;
use super::report::expect_fail::Baseline;
use super::report::gaps::{Mapping, OperationGap};
use super::report::verdict::{CaseVerdict, RunResult, RunVerdict};
use super::report::{cucumber_json, html, junit, markdown, summary};
pub use super::request::{
    DEFAULT_PROFILE, RunRequest, server_config, unknown_profile, working_dir,
};
use super::suite::{SuiteOptions, run_parsed};
use crate::catalogue::{Catalogue, Profile};

fn usage(msg: impl std::fmt::Display) -> u8 {
    eprintln!("mcp-harness: {msg}");
    2
}

/// The features of `profile`: embedded, or from `dir` (its `<profile>/` subdirectory when
/// there is one, else `dir` itself).
pub fn load_features(dir: Option<&PathBuf>, profile: &str) -> Result<Vec<FeatureText>, String> {
    let features = match dir {
        Some(d) => {
            let sub = d.join(profile);
            let d = if sub.is_dir() { &sub } else { d };
            super::parser::read_dir(d)
                .map_err(|e| format!("cannot read features from {}: {e}", d.display()))?
        }
        None => crate::generate::embedded_features()
            .iter()
            .filter(|(n, _)| n.starts_with(&format!("{profile}/")))
            .map(|(n, t)| FeatureText {
                path: format!("features/{n}"),
                text: t.to_string(),
            })
            .collect(),
    };
    if features.is_empty() {
        return Err(format!(
            "there are no feature files to run for the profile `{profile}`"
        ));
    }
    Ok(features)
}

/// Case ids of every scenario in the features (for checking the baseline).
pub fn scenario_ids(features: &[FeatureText]) -> BTreeSet<String> {
    features
        .iter()
        .flat_map(|f| f.text.lines())
        .filter_map(|l| l.trim_start().strip_prefix("Scenario:"))
        .filter_map(|rest| rest.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

/// Why a run stops before any case runs: a usage error, or a reason no case can run (which
/// the report files then say too).
enum Stop {
    Usage(String),
    Abort(String),
}

/// The run in its phases: plan (the command line, checked), probe the server and choose
/// the profile, run the cases (those the skip rules set aside, or a missing `list://`
/// fails, decided first), and report.
pub fn run_command(req: RunRequest) -> u8 {
    let started = Instant::now();
    super::scratch::set(req.scratch_dir.clone());
    let plan = match Plan::new(&req) {
        Ok(p) => p,
        Err(e) => return usage(e),
    };
    if req.url.is_none()
        && let Some(w) = super::scratch::warning(&super::scratch::dir())
    {
        eprintln!("mcp-harness: warning: {w}");
    }
    let mut outputs = match Outputs::create(&req) {
        Ok(o) => o,
        Err(e) => return usage(e),
    };
    let mut chosen = match choose(&req, &plan) {
        Ok(c) => c,
        Err(Stop::Usage(e)) => return usage(e),
        Err(Stop::Abort(paragraph)) => {
            let code = outputs.abort(&paragraph);
            super::interrupt::reports_written();
            return code;
        }
    };
    let features = std::mem::take(&mut chosen.features);
    let ran = run_cases(&req, &plan, &chosen, features, outputs.json.take());
    let code = report(&req, &plan, &chosen, &ran, outputs, started);
    super::interrupt::reports_written();
    super::scratch::tidy();
    code
}

/// The profile a run tests (an index into the plan's catalogues), the server configured
/// for it, what the probe found, and the profile's features.
struct Chosen {
    index: usize,
    cfg: ServerConfig,
    offered: Offered,
    features: Vec<FeatureText>,
}

/// Probes the server, chooses the profile, and configures the run for it.
fn choose(req: &RunRequest, plan: &Plan) -> Result<Chosen, Stop> {
    let profiles = plan.profiles();
    // A profile the built-in reference does not serve yet: nothing to run against, and
    // nothing counts as passed.
    if req.url.is_none()
        && req.server.is_none()
        && let Some(i) = plan.named
        && !reference_serves(&profiles[i].profile)
    {
        return Err(Stop::Abort(format!(
            "The built-in reference does not serve the `{}` profile yet, so there is nothing \
             to run its cases against. Test a server of that interface with --server \
             'COMMAND {{root}}'.",
            profiles[i].profile
        )));
    }
    let offered = probe(&plan.cfg).map_err(Stop::Abort)?;
    let index = choose_profile(req, plan.named, &offered, &profiles).map_err(Stop::Abort)?;
    let profile = profiles[index];
    if let Some(paragraph) =
        capabilities::stop_reason(&offered.tools, plan.cfg.tool_names, profile, &profiles)
    {
        return Err(Stop::Abort(paragraph));
    }
    let features = match &plan.interface {
        Some(i) => super::interface::features(i),
        None => load_features(req.features.as_ref(), &profile.profile).map_err(Stop::Abort)?,
    };
    let unknown = plan.baseline.unknown(&scenario_ids(&features));
    if !unknown.is_empty() {
        return Err(Stop::Usage(format!(
            "{}: these ids name no case of the profile `{}`: {}",
            req.expect_fail
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string()),
            profile.profile,
            unknown.join(", ")
        )));
    }
    let cfg = configure(plan.cfg.clone(), profile, &offered);
    Ok(Chosen {
        index,
        cfg,
        offered,
        features,
    })
}

/// The profile named (said so), else the one the server's tools fit; `Err` is the
/// paragraph saying why none fits.
fn choose_profile(
    req: &RunRequest,
    named: Option<usize>,
    offered: &Offered,
    profiles: &[&Profile],
) -> Result<usize, String> {
    if let Some(i) = named {
        if let Some(path) = &req.interface {
            println!(
                "Interface {} (the shared cases, mapped by {}).",
                profiles[i].profile,
                path.display()
            );
            return Ok(i);
        }
        let how = if req.profile.is_some() {
            "named with --profile"
        } else {
            "the built-in reference's default; name another with --profile"
        };
        println!("Profile {} ({how}).", profiles[i].profile);
        return Ok(i);
    }
    let (i, why) = capabilities::detect(&offered.tools, profiles)?;
    println!(
        "Profile {}: {why}. Name another with --profile.",
        profiles[i].profile
    );
    Ok(i)
}

/// The server configuration for `profile`, in the era the probe found; notes the tools
/// the server lacks.
fn configure(mut cfg: ServerConfig, profile: &Profile, offered: &Offered) -> ServerConfig {
    cfg.profile = Arc::new(profile.clone());
    if offered.discover_unanswered {
        eprintln!(
            "mcp-harness: note: the server did not answer `server/discover` within {} s, so \
             every scenario uses the legacy `initialize` handshake (2025-11-25). Pass \
             --protocol 2025-11-25 to skip this probe.",
            cfg.startup_timeout.min(DISCOVER_PROBE).as_secs()
        );
    }
    cfg.protocol = offered.protocol;
    if let ToolFit::Partial { missing } =
        capabilities::tool_fit(&offered.tools, cfg.tool_names, &profile.tools)
    {
        eprintln!(
            "mcp-harness: note: the server lacks the tools {}; the cases that call them fail.",
            missing.join(", ")
        );
    }
    cfg
}

/// What a run produced: every case's result (those decided before it too), the feature
/// files' parse errors, the cases not run one by one, and why each skipped case was not run.
struct Ran {
    results: Vec<CaseResult>,
    parse_errors: Vec<String>,
    not_run: Vec<CaseResult>,
    skip_labels: HashMap<String, &'static str>,
}

/// Decides the cases the skip rules set aside (and, without `list://`, the listing cases),
/// then runs the others.
fn run_cases(
    req: &RunRequest,
    plan: &Plan,
    chosen: &Chosen,
    features: Vec<FeatureText>,
    json: Option<std::fs::File>,
) -> Ran {
    let profile = &plan.catalogues[chosen.index].profile;
    let parsed = parse_all(features);
    let unlisted = decided::without_listing(&chosen.offered, profile, &parsed, &plan.selection);
    let rules = decided::skip_rules(&chosen.cfg, &chosen.offered);
    let mut skipped = decided::apply(&rules, &parsed, &plan.selection);
    if let Some(interface) = &plan.interface {
        let (results, labels) = super::interface::left_out(interface, &plan.selection);
        skipped.results.extend(results);
        skipped.labels.extend(labels);
    }
    let not_run: Vec<CaseResult> = unlisted.into_iter().chain(skipped.results).collect();
    let skip: HashSet<String> = not_run.iter().map(|r| r.scenario.clone()).collect();
    // A running server has one fixed root: its scenarios cannot overlap.
    let jobs = if matches!(chosen.cfg.target(), Target::HttpUrl { .. }) {
        1
    } else {
        req.jobs
    };
    let baseline = plan.baseline.clone();
    let (strict, verbose) = (req.strict, req.verbose);
    let outcome = run_parsed(
        parsed,
        SuiteOptions {
            server: Arc::new(chosen.cfg.clone()),
            tags: plan.selection.tags.clone(),
            name: plan.selection.name.clone(),
            skip,
            jobs,
            json,
            echo_failures: true,
            progress: true,
            annotate: Some(Arc::new(move |r: &CaseResult| {
                echo(r, strict, verbose, &baseline)
            })),
            scratch_dir: None,
            controls: true,
        },
    );
    for e in &outcome.parse_errors {
        eprintln!("mcp-harness: {e}");
    }
    let mut results = outcome.results;
    results.extend(not_run.iter().cloned());
    Ran {
        results,
        parse_errors: outcome.parse_errors,
        not_run,
        skip_labels: skipped.labels,
    }
}

/// The end of the console output, the report files, and the exit code: all rendered from
/// one verdict, so they agree.
fn report(
    req: &RunRequest,
    plan: &Plan,
    chosen: &Chosen,
    ran: &Ran,
    outputs: Outputs,
    started: Instant,
) -> u8 {
    let (catalogue, baseline) = (&plan.catalogues[chosen.index], &plan.baseline);
    let verdict = RunVerdict::of(
        &ran.results,
        baseline,
        req.strict,
        &ran.skip_labels,
        ran.parse_errors.len(),
        plan.interface.is_some(),
    )
    .with_coverage(coverage(chosen))
    .with_gaps(gaps(plan, chosen, &ran.results))
    .with_places(places(req));
    if let Some(path) = &req.json
        && let Err(e) = cucumber_json::complete(path, &ran.not_run, &verdict)
    {
        eprintln!("mcp-harness: {e}");
        return 2;
    }
    let facts = run_facts(req, &chosen.cfg);
    print_end(&verdict, catalogue, &facts, started);
    let info = chosen.offered.server_info.as_deref();
    if let Err(code) = write_reports(req, catalogue, &verdict, &facts, info, outputs) {
        return code;
    }
    if ran.results.is_empty() {
        eprintln!("mcp-harness: no scenario matched the selection");
        return 2;
    }
    let style = match verdict.result {
        RunResult::Pass => console::GREEN,
        RunResult::Fail => console::RED,
        RunResult::NothingTested => return nothing_tested(&verdict.totals),
        RunResult::Incomplete => return incomplete(&verdict),
    };
    println!("Result: {}", console::paint(style, verdict.result.word()));
    verdict.exit_code()
}

/// Which of the server's tools the profile's (or interface's) operations call, in the
/// server's spelling.
fn coverage(chosen: &Chosen) -> Coverage {
    let mapped: Vec<String> = chosen
        .cfg
        .profile
        .tools
        .iter()
        .map(|t| chosen.cfg.tool_names.map(t))
        .collect();
    let listed = chosen.offered.tool_list.as_deref();
    let swept = super::sweep::take().unwrap_or_default();
    let attacked: Vec<String> = swept.controlled.into_iter().collect();
    let uncontrolled: Vec<(String, String)> = swept.uncontrolled.into_iter().collect();
    Coverage::of(listed.unwrap_or_default(), &mapped, listed.is_some())
        .with_invitations(&super::refusals_seen::take())
        .with_sweep(&attacked, &uncontrolled)
}

/// The operations the server offers that an interface run left untested: none for a
/// profile run, whose profile says what the server offers.
fn gaps(plan: &Plan, chosen: &Chosen, results: &[CaseResult]) -> Vec<OperationGap> {
    let Some(interface) = &plan.interface else {
        return Vec::new();
    };
    let operations: Vec<(String, Mapping)> = interface
        .catalogue
        .profile
        .operations
        .iter()
        .map(|(op, v)| {
            let mapping = match v.as_str() {
                Some(sentence) => Mapping::Absent(sentence.to_string()),
                None => Mapping::Mapped,
            };
            (op.clone(), mapping)
        })
        .collect();
    let offered = &chosen.offered.operations_offered;
    super::report::gaps::of(&operations, offered, results, &interface.operations_of)
}

/// The verdict of a run that passed what it tested but left an operation the server
/// offers untested: not a pass, since it does not cover the server.
fn incomplete(verdict: &RunVerdict) -> u8 {
    println!("Result: {}", console::paint(console::YELLOW, "INCOMPLETE"));
    let each: Vec<String> = verdict.gaps.iter().map(|g| g.said()).collect();
    eprintln!(
        "mcp-harness: no case failed, but not everything the server offers was tested: {}. \
         Map each such operation in the interface file (docs/interfaces.md), or, if the \
         tool does something else, name it in the operation's sentence to say so; select \
         cases that can run (a case whose call never succeeded inside the root is not \
         tested).",
        each.join("; ")
    );
    verdict.exit_code()
}

/// Where the run's roots and outside areas were: the scratch directory's, or the running
/// server's root with `--url`.
fn places(req: &RunRequest) -> String {
    match (&req.url, &req.root) {
        (Some(_), Some(root)) => {
            let mut s = format!(
                "Roots and outside areas: the running server's root {} (--root) and {}_evil \
                 beside it.",
                root.display(),
                root.display()
            );
            if let Some(place) = super::scratch::allowed_by_default(root) {
                s.push_str(&format!(
                    " They lie in {place}, which some servers allow whatever root they are \
                     given: their escape cases may not test the root check."
                ));
            }
            s
        }
        _ => super::scratch::places_sentence(&super::scratch::dir()),
    }
}

/// The verdict of an interface run in which every selected case was skipped, or no case
/// that acts on the root ran: not a pass (a skip is never one) nor a failure of the
/// server, but a run that tested nothing.
fn nothing_tested(totals: &Totals) -> u8 {
    let why: Vec<String> = totals
        .skipped
        .iter()
        .map(|(label, n)| format!("{n} {label}"))
        .collect();
    println!(
        "Result: {}",
        console::paint(console::YELLOW, "NOTHING TESTED")
    );
    let what = if totals.passed + totals.failed == 0 {
        format!("every selected case was skipped ({})", why.join(", "))
    } else {
        // Cases ran (STDIO-001 lists the tools), but none called one on the root.
        format!(
            "no case that acts on the root ran ({} passed without calling a tool; skipped: {})",
            totals.passed,
            why.join(", ")
        )
    };
    eprintln!(
        "mcp-harness: nothing was tested: {what}. Map the operations those cases need in the \
         interface file (docs/interfaces.md), or select cases that can run."
    );
    2
}

/// What the reports say of the run: the server, the protocol asked for, strictness.
fn run_facts(req: &RunRequest, cfg: &ServerConfig) -> markdown::RunFacts {
    markdown::RunFacts {
        server: if req.server.is_some() {
            cfg.display_command()
        } else {
            "built-in reference (mcp-harness serve-reference)".into()
        },
        protocol: match req.protocol {
            Protocol::Auto | Protocol::AutoDiscovered => "auto".into(),
            Protocol::V2025_11_25 => "2025-11-25".into(),
            Protocol::V2026_07_28 => "2026-07-28".into(),
            Protocol::V2026_12_01Draft => "2026-12-01-draft".into(),
        },
        strict: req.strict,
        // The run's own arguments, echoed back in each cause's rerun command.
        args: std::env::args().skip(1).collect(),
    }
}

/// Fills the Markdown, HTML, summary (with the server's `serverInfo`) and JUnit files; `Err` is the exit code when one cannot be
/// written (said on stderr).
fn write_reports(
    req: &RunRequest,
    catalogue: &Catalogue,
    verdict: &RunVerdict,
    facts: &markdown::RunFacts,
    server_info: Option<&str>,
    outputs: Outputs,
) -> Result<(), u8> {
    let written = [
        (
            &req.report,
            outputs.report,
            markdown::render(verdict, Some(catalogue), facts),
        ),
        (
            &req.html,
            outputs.html,
            html::render(&html::Page {
                verdict,
                catalogue: Some(catalogue),
                facts,
            }),
        ),
    ];
    for (path, file, text) in written {
        if let (Some(path), Some(file)) = (path, file)
            && let Err(e) = (&file).write_all(text.as_bytes())
        {
            eprintln!("mcp-harness: cannot write {}: {e}", path.display());
            return Err(2);
        }
    }
    if let (Some(path), Some(file)) = (&req.summary, outputs.summary) {
        let who = summary::Identity {
            name: req.label.as_deref().unwrap_or(&facts.server),
            server: &facts.server,
            server_info,
            profile: &catalogue.profile.profile,
            protocol: &facts.protocol,
        };
        let s = summary::of(verdict, &who);
        if let Err(e) = serde_json::to_writer_pretty(&file, &s) {
            eprintln!("mcp-harness: cannot write {}: {e}", path.display());
            return Err(2);
        }
    }
    if let (Some(path), Some(file)) = (&req.junit, outputs.junit) {
        let report = junit::report(verdict, &catalogue.profile.profile);
        if let Err(e) = junit::write(&report, file) {
            eprintln!("mcp-harness: {}: {e}", path.display());
            return Err(2);
        }
    }
    Ok(())
}

/// The end of the console output: the headline, the summary per id, what to fix first,
/// stale baseline entries and the totals line.
fn print_end(
    verdict: &RunVerdict,
    catalogue: &Catalogue,
    facts: &markdown::RunFacts,
    started: Instant,
) {
    print!("{}", console::headline(verdict));
    let expected = |id: &str| verdict.expected(id);
    print!(
        "{}",
        console::summary(verdict.results, Some(catalogue), &expected)
    );
    print!(
        "{}",
        console::fix_first(verdict, &catalogue.profile.profile, &facts.args)
    );
    for c in verdict.stale() {
        println!(
            "STALE {}: listed in the expected-failures file but passed; remove it from the file",
            c.result.case_id
        );
    }
    println!("{}", verdict.totals.line(started.elapsed().as_secs_f64()));
    print!("{}", console::coverage(verdict));
}

/// How a failing case is shown as it happens: one line when the baseline expects it,
/// else its block (with the reason it does not count, if it does not).
fn echo(r: &CaseResult, strict: bool, verbose: bool, baseline: &Baseline) -> Echo {
    if baseline.lists(&r.case_id) && !verbose {
        return Echo::Expected(console::expected_line(r));
    }
    let note = CaseVerdict::of(r, baseline, strict).note(strict);
    let block = console::failure_block(r, note, verbose);
    if baseline.lists(&r.case_id) {
        Echo::Expected(block)
    } else {
        Echo::Failure(block)
    }
}
