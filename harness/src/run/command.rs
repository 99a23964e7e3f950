//! `mcp-harness run`: load the features, probe the server once, run the suite, write the
//! reports and decide the exit code (0 pass, 1 failures, 2 usage or server start-up).

use std::collections::{BTreeSet, HashSet};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anstream::{print, println};

use cucumber::gherkin::tagexpr::TagOperation;

use super::capabilities::{self, Offered, ToolFit};
use super::collect::Echo;
use super::config::{Protocol, ServerConfig, ToolNames, reference_serves};
use super::outcome::{CaseResult, Level, Outcome};
use super::parser::{FeatureText, Parsed, parse_all};
use super::report::console::{self, Totals};
use super::report::expect_fail::Baseline;
use super::report::{cucumber_json, html, junit, markdown};
use super::server::{Reply, Session, StartError};
use super::suite::{SuiteOptions, run_parsed, selected};
use crate::catalogue::{Catalogue, Profile};

#[derive(Debug, Clone, Default)]
pub struct RunRequest {
    pub server: Option<String>,
    /// The built-in reference over Streamable HTTP instead of stdio.
    pub http: bool,
    /// A running HTTP server (with `root`, its fixed root directory).
    pub url: Option<String>,
    pub root: Option<PathBuf>,
    pub tags: Option<String>,
    pub name: Option<String>,
    pub jobs: usize,
    pub timeout: Duration,
    /// Limit for a server's start-up and handshake; zero: the same as `timeout`.
    pub startup_timeout: Duration,
    /// Failure blocks in full (the handshake and long lines unfolded).
    pub verbose: bool,
    pub strict: bool,
    pub tool_names: ToolNames,
    pub protocol: Protocol,
    pub junit: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub report: Option<PathBuf>,
    /// A self-contained HTML page of the run.
    pub html: Option<PathBuf>,
    pub expect_fail: Option<PathBuf>,
    pub features: Option<PathBuf>,
    /// The interface to test against; `None`: detected from the server's tools (the
    /// built-in reference serves `rootspace` unless told otherwise).
    pub profile: Option<String>,
    /// Where each scenario's root and outside area are made (`--scratch-dir`); `None`:
    /// `MCP_HARNESS_SCRATCH_DIR`, else the system's temporary directory.
    pub scratch_dir: Option<PathBuf>,
}

/// The profile the built-in reference serves when none is named.
pub const DEFAULT_PROFILE: &str = "rootspace";

/// The one message for a profile name that names none (`run` and `list` alike).
pub fn unknown_profile(name: &str) -> String {
    format!(
        "--profile: no profile named {name:?}; the profiles are {}",
        crate::catalogue::embedded::profiles().join(", ")
    )
}

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

/// The server configuration a request describes, tested against `profile`.
pub fn server_config(req: &RunRequest, profile: Arc<Profile>) -> Result<ServerConfig, String> {
    if let Some(url) = &req.url {
        let Some(root) = &req.root else {
            return Err("--url needs --root DIR, the running server's root".into());
        };
        if !root.is_dir() {
            return Err(format!("--root {}: not a directory", root.display()));
        }
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("--url {url:?}: not an http:// URL"));
        }
        let root = root
            .canonicalize()
            .map_err(|e| format!("--root {}: {e}", root.display()))?;
        let mut cfg = ServerConfig::url(url, &root, req.tool_names, profile);
        cfg.protocol = req.protocol;
        cfg.timeout = req.timeout;
        cfg.startup_timeout = startup_timeout(req);
        return Ok(cfg);
    }
    let mut cfg = match &req.server {
        Some(line) => ServerConfig {
            argv: ServerConfig::split_command(line)?,
            tool_names: req.tool_names,
            protocol: req.protocol,
            timeout: req.timeout,
            startup_timeout: startup_timeout(req),
            profile,
        },
        None => {
            let exe = std::env::current_exe()
                .map_err(|e| format!("cannot locate the mcp-harness binary: {e}"))?;
            if req.http {
                ServerConfig::reference_http(&exe.to_string_lossy(), req.tool_names, profile)
            } else {
                ServerConfig::reference(&exe.to_string_lossy(), req.tool_names, profile)
            }
        }
    };
    cfg.protocol = req.protocol;
    cfg.timeout = req.timeout;
    cfg.startup_timeout = startup_timeout(req);
    Ok(cfg)
}

fn startup_timeout(req: &RunRequest) -> Duration {
    if req.startup_timeout.is_zero() {
        req.timeout
    } else {
        req.startup_timeout
    }
}

/// How long `--protocol auto` waits for an answer to `server/discover` before it tries
/// the legacy `initialize`. rmcp's own fallback waits 10 s, as long as the default request
/// timeout, so a server that ignores `server/discover` would never get there.
const DISCOVER_PROBE: Duration = Duration::from_secs(3);

/// Start the server on `root` with the configured lifecycle; with `--protocol auto`, a
/// server that does not answer `server/discover` within `DISCOVER_PROBE` is started again
/// with the legacy handshake.
async fn start_probe(
    cfg: &ServerConfig,
    root: &std::path::Path,
) -> Result<(Session, Protocol), StartError> {
    if cfg.protocol != Protocol::Auto {
        return Session::start(cfg, root).await.map(|s| (s, cfg.protocol));
    }
    let mut quick = cfg.clone();
    quick.startup_timeout = cfg.startup_timeout.min(DISCOVER_PROBE);
    match Session::start(&quick, root).await {
        Ok(s) => Ok((s, Protocol::Auto)),
        Err(e) if e.timed_out => {
            let mut legacy = cfg.clone();
            legacy.protocol = Protocol::V2025_11_25;
            Session::start(&legacy, root)
                .await
                .map(|s| (s, Protocol::V2025_11_25))
                .map_err(|mut l| {
                    l.reason = format!(
                        "no answer to `server/discover` within {} s, and then the legacy \
                         handshake failed: {}",
                        quick.startup_timeout.as_secs(),
                        l.reason
                    );
                    l.timed_out = true;
                    l
                })
        }
        Err(e) => Err(e),
    }
}

/// Start the server once on an empty root, initialize it, and ask for its tools and for
/// `list://`; `Err` is the paragraph to print when the server cannot be started.
pub fn probe(cfg: &ServerConfig) -> Result<Offered, String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = rt.block_on(async {
        let dir = tempfile::Builder::new()
            .prefix("mcp-harness-probe-")
            .tempdir()
            .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
        let root = match cfg.target() {
            super::config::Target::HttpUrl { root, .. } => {
                super::world::empty_dir(&root)?;
                root
            }
            _ => dir.path().to_path_buf(),
        };
        match start_probe(cfg, &root).await {
            Ok((mut s, protocol)) => {
                let tools = s.tool_names().await.unwrap_or_default();
                let mut legacy_era = s.legacy_era();
                // A server that answered `server/discover` may speak the 2025-11-25 era
                // too, and the roots cases need it: ask once with `initialize`.
                if !legacy_era && cfg.protocol == Protocol::Auto && !cfg.is_http() {
                    let mut legacy = cfg.clone();
                    legacy.protocol = Protocol::V2025_11_25;
                    if let Ok(l) = Session::start(&legacy, &root).await {
                        legacy_era = l.legacy_era();
                        l.shutdown().await;
                    }
                }
                let listing = match s.read_resource("list://").await {
                    Reply::Ok(_) => Ok(()),
                    Reply::RpcError { code, message, .. } => Err(format!(
                        "reading `list://` (the root) on an empty root gave JSON-RPC error \
                         {code}: {message}"
                    )),
                    Reply::Broken(why) => Err(format!("reading `list://` failed: {why}")),
                };
                s.shutdown().await;
                Ok(Offered {
                    tools,
                    listing,
                    protocol,
                    legacy_era,
                })
            }
            Err(e) => {
                let mut m = if cfg.is_http() {
                    format!(
                        "The server could not be reached and initialized over Streamable HTTP, \
                         so no case was run. Server: `{}` ({{addr}} is a free loopback \
                         HOST:PORT; the endpoint is http://{{addr}}/mcp). Reason: {}.",
                        cfg.display_command(),
                        e.reason
                    )
                } else {
                    format!(
                        "The server could not be started and initialized, so no case was run. \
                         Command: `{}` (with {{root}} replaced by a fresh directory, which is \
                         also its working directory). Reason: {}. A conforming server speaks \
                         MCP (JSON-RPC, one message per line) on stdin/stdout and logs only to \
                         stderr.",
                        cfg.display_command(),
                        e.reason
                    )
                };
                if e.timed_out {
                    m.push_str(
                        " If the server needs longer to start, raise --startup-timeout; if it speaks \
                         only one protocol era, name it with --protocol 2025-11-25 \
                         (initialize) or --protocol 2026-07-28 (server/discover).",
                    );
                }
                if e.stderr_tail.trim().is_empty() {
                    m.push_str(" The server wrote nothing to stderr.");
                } else {
                    m.push_str("\nLast lines of the server's stderr:\n");
                    m.push_str(&super::world::indent(&e.stderr_tail));
                }
                if !e.exchange.trim().is_empty() {
                    m.push_str("\nJSON-RPC exchange:\n");
                    m.push_str(e.exchange.trim_end());
                }
                Err(m)
            }
        }
    });
    rt.shutdown_background();
    result
}

/// Whether a failed case counts against the run.
pub fn counts(r: &CaseResult, strict: bool, baseline: &Baseline) -> bool {
    !r.passed() && !baseline.lists(&r.case_id) && (strict || r.level == Level::Must)
}

pub fn run_command(req: RunRequest) -> u8 {
    let started = Instant::now();
    super::scratch::set(req.scratch_dir.clone());
    let catalogues = match crate::catalogue::load_embedded_all() {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let profiles: Vec<&Profile> = catalogues.iter().map(|c| &c.profile).collect();
    let index_of = |name: &str| profiles.iter().position(|p| p.profile == name);
    let named = match &req.profile {
        Some(name) => match index_of(name) {
            Some(i) => Some(i),
            None => return usage(unknown_profile(name)),
        },
        // The built-in reference serves rootspace unless told otherwise.
        None if req.server.is_none() => index_of(DEFAULT_PROFILE),
        None => None,
    };
    let tags = match req
        .tags
        .as_deref()
        .map(str::parse::<TagOperation>)
        .transpose()
    {
        Ok(t) => t,
        Err(e) => return usage(format!("--tags: not a tag expression: {e}")),
    };
    let name = match req.name.as_deref().map(regex::Regex::new).transpose() {
        Ok(n) => n,
        Err(e) => return usage(format!("--name: not a regular expression: {e}")),
    };
    let baseline = match &req.expect_fail {
        Some(p) => match Baseline::load(p) {
            Ok(b) => b,
            Err(e) => return usage(e),
        },
        None => Baseline::default(),
    };
    // Until the probe has shown which interface the server speaks, the configuration names
    // the profile asked for (or the default one).
    let provisional = named.or_else(|| index_of(DEFAULT_PROFILE)).unwrap_or(0);
    let cfg = match server_config(&req, Arc::new(profiles[provisional].clone())) {
        Ok(c) => c,
        Err(e) => return usage(e),
    };
    let open = |p: &Option<PathBuf>| -> Result<Option<std::fs::File>, String> {
        p.as_ref()
            .map(|p| {
                std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))
            })
            .transpose()
    };
    // Every output file is created before the run, so a bad path is refused at once
    // rather than after minutes of testing.
    let (json, junit, report) = match (open(&req.json), open(&req.junit), open(&req.report)) {
        (Ok(j), Ok(u), Ok(r)) => (j, u, r),
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return usage(e),
    };
    let html_file = match open(&req.html) {
        Ok(h) => h,
        Err(e) => return usage(e),
    };
    // No case can run: say why once, and leave reports that parse and say the same.
    let abort = |paragraph: String| -> u8 {
        eprintln!("mcp-harness: {paragraph}");
        if let Some(f) = &json {
            let _ = (&*f).write_all(b"[]");
        }
        if let Some(f) = &junit {
            let _ = junit::write(&junit::aborted(&paragraph), f);
        }
        if let Some(f) = &report {
            let _ = write!(
                &*f,
                "# Conformance report\n\nNo case was run. {paragraph}\n"
            );
        }
        if let Some(f) = &html_file {
            let _ = (&*f).write_all(html::aborted(&paragraph).as_bytes());
        }
        2
    };
    // A profile the built-in reference does not serve yet: nothing to run against, and
    // nothing counts as passed.
    if req.url.is_none()
        && req.server.is_none()
        && let Some(i) = named
        && !reference_serves(&profiles[i].profile)
    {
        return abort(format!(
            "The built-in reference does not serve the `{}` profile yet, so there is nothing \
             to run its cases against. Test a server of that interface with --server \
             'COMMAND {{root}}'.",
            profiles[i].profile
        ));
    }
    let offered = match probe(&cfg) {
        Ok(o) => o,
        Err(paragraph) => return abort(paragraph),
    };
    let chosen = match named {
        Some(i) => {
            let how = if req.profile.is_some() {
                "named with --profile"
            } else {
                "the built-in reference's default; name another with --profile"
            };
            println!("Profile {} ({how}).", profiles[i].profile);
            i
        }
        None => match capabilities::detect(&offered.tools, &profiles) {
            Ok((i, why)) => {
                println!(
                    "Profile {}: {why}. Name another with --profile.",
                    profiles[i].profile
                );
                i
            }
            Err(paragraph) => return abort(paragraph),
        },
    };
    let catalogue: &Catalogue = &catalogues[chosen];
    let profile = &catalogue.profile;
    if let Some(paragraph) =
        capabilities::stop_reason(&offered.tools, cfg.tool_names, profile, &profiles)
    {
        return abort(paragraph);
    }
    let features = match load_features(req.features.as_ref(), &profile.profile) {
        Ok(f) => f,
        Err(e) => return abort(e),
    };
    let unknown = baseline.unknown(&scenario_ids(&features));
    if !unknown.is_empty() {
        return usage(format!(
            "{}: these ids name no case of the profile `{}`: {}",
            req.expect_fail
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string()),
            profile.profile,
            unknown.join(", ")
        ));
    }
    let mut cfg = cfg;
    cfg.profile = Arc::new(profile.clone());
    if offered.protocol != cfg.protocol {
        eprintln!(
            "mcp-harness: note: the server did not answer `server/discover` within {} s, so \
             every scenario uses the legacy `initialize` handshake (2025-11-25). Pass \
             --protocol 2025-11-25 to skip this probe.",
            cfg.startup_timeout.min(DISCOVER_PROBE).as_secs()
        );
        cfg.protocol = offered.protocol;
    }
    if let ToolFit::Partial { missing } =
        capabilities::tool_fit(&offered.tools, cfg.tool_names, &profile.tools)
    {
        eprintln!(
            "mcp-harness: note: the server lacks the tools {}; the cases that call them fail.",
            missing.join(", ")
        );
    }
    // Without a readable `list://`, every case that reads a listing fails for that one
    // reason: it is said once, and those cases are not run one by one.
    let parsed = parse_all(features);
    let (unlisted, message) = match &offered.listing {
        Err(why) if profile.has_listing() => {
            let message = format!(
                "the server does not serve the list:// resource ({why}), so no listing case \
                 can pass: a refusal of a path counts only from a server that reads listings."
            );
            let failed = without_listing(&parsed, tags.as_ref(), name.as_ref(), &message);
            (failed, message)
        }
        _ => (Vec::new(), String::new()),
    };
    if !unlisted.is_empty() {
        println!(
            "{} {} that read list:// resources ({}): {message}\n",
            console::paint(console::RED, "FAIL"),
            console::plural(unlisted.len(), "case", "cases"),
            unlisted
                .iter()
                .map(|r| r.case_id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    let (transport_tag, transport_why) = super::config::transport_tag(cfg.is_http());
    let mut other_transport = skipped_by_tag(
        &parsed,
        tags.as_ref(),
        name.as_ref(),
        transport_tag,
        transport_why,
    );
    // Why each skipped scenario was not run, for the totals line.
    let mut skip_labels: std::collections::HashMap<String, &'static str> = Default::default();
    for r in &other_transport {
        skip_labels.insert(r.scenario.clone(), "another transport");
    }
    let this_transport = if cfg.is_http() {
        "Streamable HTTP"
    } else {
        "stdio"
    };
    announce_skip(
        &format!("@{transport_tag}"),
        &other_transport,
        &format!("this run uses {this_transport}"),
    );
    if !cfg.has_audit_log() {
        let no_log = skipped_by_tag(
            &parsed,
            tags.as_ref(),
            name.as_ref(),
            crate::catalogue::AUDIT_TAG.trim_start_matches('@'),
            "it reads the server's audit log; start the server with `{audit_log}` in its \
             command (e.g. `--audit-log {audit_log}`) to run it",
        );
        announce_skip(
            crate::catalogue::AUDIT_TAG,
            &no_log,
            "the server command has no {audit_log}",
        );
        set_aside(
            &mut other_transport,
            &mut skip_labels,
            no_log,
            "no audit log",
        );
    }
    // roots/list is a server-to-client request: the harness's client offers roots over
    // stdio in the 2025-11-25 era only (the 2026-07-28 era allows such requests only
    // within a request of the client's). With --protocol auto, those cases start with
    // `initialize` whenever the server speaks that era too (`legacy_era`, probed).
    if cfg.is_http() || !offered.legacy_era {
        let why = if cfg.is_http() {
            "the client offers roots in it, which the harness does over stdio only \
             (roots/list is a server-to-client request)"
        } else {
            "the client offers roots in it, and roots/list is a server-to-client request, \
             which the 2026-07-28 era this run uses allows only within a request of the \
             client's; run with --protocol 2025-11-25 to include it"
        };
        let no_roots = skipped_by_tag(
            &parsed,
            tags.as_ref(),
            name.as_ref(),
            crate::catalogue::ROOTS_TAG.trim_start_matches('@'),
            why,
        );
        announce_skip(crate::catalogue::ROOTS_TAG, &no_roots, why);
        set_aside(
            &mut other_transport,
            &mut skip_labels,
            no_roots,
            "client roots not offered",
        );
    }
    // Cases that need what this machine may not give: a root that folds case, a device.
    let place = match cfg.target() {
        super::config::Target::HttpUrl { root, .. } => root
            .parent()
            .map_or_else(super::scratch::dir, Path::to_path_buf),
        _ => super::scratch::dir(),
    };
    for (tag, why, short) in [
        (
            crate::catalogue::CASEFOLD_TAG,
            super::scratch::casefold_unavailable(&place),
            "the root does not fold case",
        ),
        (
            crate::catalogue::DEVICE_TAG,
            super::scratch::device_unavailable(&place),
            "no device node can be made",
        ),
    ] {
        let Some(why) = why else { continue };
        let tag_name = tag.trim_start_matches('@');
        let not_here = skipped_by_tag(&parsed, tags.as_ref(), name.as_ref(), tag_name, &why);
        announce_skip(tag, &not_here, &why);
        set_aside(&mut other_transport, &mut skip_labels, not_here, short);
    }
    let skip: HashSet<String> = unlisted
        .iter()
        .chain(&other_transport)
        .map(|r| r.scenario.clone())
        .collect();
    // A running server has one fixed root: its scenarios cannot overlap.
    let jobs = if matches!(cfg.target(), super::config::Target::HttpUrl { .. }) {
        1
    } else {
        req.jobs
    };
    let not_run: Vec<CaseResult> = unlisted.iter().chain(&other_transport).cloned().collect();
    let outcome = run_parsed(
        parsed,
        SuiteOptions {
            server: Arc::new(cfg.clone()),
            tags,
            name,
            skip,
            jobs,
            json,
            echo_failures: true,
            progress: true,
            annotate: Some(Arc::new({
                let baseline = baseline.clone();
                let (strict, verbose) = (req.strict, req.verbose);
                move |r: &CaseResult| echo(r, strict, verbose, &baseline)
            })),
        },
    );
    for e in &outcome.parse_errors {
        eprintln!("mcp-harness: {e}");
    }
    let mut results = outcome.results;
    results.extend(unlisted);
    results.extend(other_transport);
    if let Some(path) = &req.json
        && let Err(e) = cucumber_json::add_not_run(path, &not_run)
    {
        eprintln!("mcp-harness: {e}");
        return 2;
    }
    let stale: Vec<String> = baseline
        .stale(&results)
        .iter()
        .map(|r| r.case_id.clone())
        .collect();
    let totals = totals(&results, req.strict, &baseline, stale.len(), &skip_labels);
    print_end(&results, catalogue, &baseline, &stale, &totals, started);
    let facts = markdown::RunFacts {
        server: if req.server.is_some() {
            cfg.display_command()
        } else {
            "built-in reference (mcp-harness serve-reference)".into()
        },
        protocol: match req.protocol {
            Protocol::Auto => "auto".into(),
            Protocol::V2025_11_25 => "2025-11-25".into(),
            Protocol::V2026_07_28 => "2026-07-28".into(),
        },
        strict: req.strict,
    };
    let written = [
        (
            &req.report,
            report,
            markdown::render(&results, Some(catalogue), &facts),
        ),
        (
            &req.html,
            html_file,
            html::render(&html::Page {
                results: &results,
                catalogue: Some(catalogue),
                facts: &facts,
                totals: &totals,
                expected: &|r| baseline.lists(&r.case_id),
            }),
        ),
    ];
    for (path, file, text) in written {
        if let (Some(path), Some(file)) = (path, file)
            && let Err(e) = (&file).write_all(text.as_bytes())
        {
            eprintln!("mcp-harness: cannot write {}: {e}", path.display());
            return 2;
        }
    }
    if let (Some(path), Some(file)) = (&req.junit, junit) {
        let counts = |r: &CaseResult| counts(r, req.strict, &baseline);
        let note = |r: &CaseResult| note(r, req.strict, &baseline);
        let report = junit::report(&results, &profile.profile, &counts, &note);
        if let Err(e) = junit::write(&report, file) {
            eprintln!("mcp-harness: {}: {e}", path.display());
            return 2;
        }
    }
    if results.is_empty() {
        eprintln!("mcp-harness: no scenario matched the selection");
        return 2;
    }
    if !outcome.parse_errors.is_empty() || totals.counted > 0 || !stale.is_empty() {
        println!("Result: {}", console::paint(console::RED, "FAIL"));
        1
    } else {
        println!("Result: {}", console::paint(console::GREEN, "PASS"));
        0
    }
}

/// The end of the console output: the summary per id, what to fix first, stale baseline
/// entries and the totals line.
fn print_end(
    results: &[CaseResult],
    catalogue: &Catalogue,
    baseline: &Baseline,
    stale: &[String],
    totals: &Totals,
    started: Instant,
) {
    print!(
        "{}",
        console::summary(results, Some(catalogue), &|id| baseline.lists(id))
    );
    print!(
        "{}",
        console::fix_first(results, &catalogue.profile.profile, &|r| baseline
            .lists(&r.case_id))
    );
    for id in stale {
        println!(
            "STALE {id}: listed in the expected-failures file but passed; remove it from the file"
        );
    }
    println!("{}", totals.line(started.elapsed().as_secs_f64()));
}

/// The run's figures; `skip_labels` names why each skipped scenario was not run.
fn totals(
    results: &[CaseResult],
    strict: bool,
    baseline: &Baseline,
    stale: usize,
    skip_labels: &std::collections::HashMap<String, &'static str>,
) -> Totals {
    let failed = |r: &&CaseResult| matches!(r.outcome, Outcome::Failed { .. });
    let expected = results
        .iter()
        .filter(failed)
        .filter(|r| baseline.lists(&r.case_id))
        .count();
    let mut skipped: Vec<(String, usize)> = Vec::new();
    for r in results.iter().filter(|r| r.skipped()) {
        let label = skip_labels.get(&r.scenario).copied().unwrap_or("not run");
        match skipped.iter_mut().find(|(l, _)| l == label) {
            Some((_, n)) => *n += 1,
            None => skipped.push((label.to_string(), 1)),
        }
    }
    Totals {
        scenarios: results.len(),
        passed: results
            .iter()
            .filter(|r| r.outcome == Outcome::Passed)
            .count(),
        failed: results.iter().filter(failed).count() - expected,
        counted: results
            .iter()
            .filter(|r| counts(r, strict, baseline))
            .count(),
        expected,
        skipped,
        stale,
    }
}

/// The selected scenarios that read a `list://` resource, as failed results that give
/// `message` (the probe could not read `list://`).
fn without_listing(
    parsed: &Parsed,
    tags: Option<&TagOperation>,
    name: Option<&regex::Regex>,
    message: &str,
) -> Vec<CaseResult> {
    let mut out = Vec::new();
    for feat in parsed.iter().flatten() {
        let file = super::collect::feature_name(feat);
        let scenarios = feat.scenarios.iter().map(|sc| (None, sc)).chain(
            feat.rules
                .iter()
                .flat_map(|r| r.scenarios.iter().map(move |sc| (Some(r), sc))),
        );
        for (rule, sc) in scenarios {
            if capabilities::reads_listing(sc) && selected(tags, name, feat, rule, sc) {
                let mut r = CaseResult::describe(&file, &sc.name, &sc.tags);
                r.outcome = Outcome::Failed {
                    step: "(start-up probe) the client reads the resource \"list://\"".into(),
                    message: message.to_string(),
                };
                out.push(r);
            }
        }
    }
    out
}

/// The selected scenarios tagged `tag` (without `@`), as results skipped because `why`.
/// One SKIP line for the cases a tag sets aside in this run, if there are any.
fn announce_skip(tag: &str, cases: &[CaseResult], why: &str) {
    if cases.is_empty() {
        return;
    }
    let ids: Vec<&str> = cases.iter().map(|r| r.case_id.as_str()).collect();
    println!(
        "SKIP {} tagged {tag} ({}): {why}.\n",
        console::plural(cases.len(), "case", "cases"),
        ids.join(", ")
    );
}

/// Moves `cases` into the skipped ones, each once, with the short reason the totals show.
fn set_aside(
    skipped: &mut Vec<CaseResult>,
    labels: &mut std::collections::HashMap<String, &'static str>,
    cases: Vec<CaseResult>,
    short: &'static str,
) {
    for r in &cases {
        labels.insert(r.scenario.clone(), short);
    }
    skipped.retain(|r| !cases.iter().any(|n| n.scenario == r.scenario));
    skipped.extend(cases);
}

fn skipped_by_tag(
    parsed: &Parsed,
    tags: Option<&TagOperation>,
    name: Option<&regex::Regex>,
    tag: &str,
    why: &str,
) -> Vec<CaseResult> {
    let mut out = Vec::new();
    for feat in parsed.iter().flatten() {
        let file = super::collect::feature_name(feat);
        let scenarios = feat.scenarios.iter().map(|sc| (None, sc)).chain(
            feat.rules
                .iter()
                .flat_map(|r| r.scenarios.iter().map(move |sc| (Some(r), sc))),
        );
        for (rule, sc) in scenarios {
            if sc.tags.iter().any(|t| t == tag) && selected(tags, name, feat, rule, sc) {
                let mut r = CaseResult::describe(&file, &sc.name, &sc.tags);
                r.outcome = Outcome::Skipped {
                    reason: format!("skipped: {why}"),
                };
                out.push(r);
            }
        }
    }
    out
}

/// How a failing case is shown as it happens: one line when the baseline expects it,
/// else its block (with the reason it does not count, if it does not).
fn echo(r: &CaseResult, strict: bool, verbose: bool, baseline: &Baseline) -> Echo {
    if baseline.lists(&r.case_id) && !verbose {
        return Echo::Expected(console::expected_line(r));
    }
    let note = note(r, strict, baseline);
    let block = console::failure_block(r, note.as_deref(), verbose);
    if baseline.lists(&r.case_id) {
        Echo::Expected(block)
    } else {
        Echo::Failure(block)
    }
}

/// Why a failure does not count, for the failure block.
fn note(r: &CaseResult, strict: bool, baseline: &Baseline) -> Option<String> {
    if baseline.lists(&r.case_id) {
        Some("expected failure (listed in the baseline)".into())
    } else if !strict && r.level == Level::Should {
        Some("SHOULD-level: reported, does not fail the run without --strict".into())
    } else {
        None
    }
}
