//! The `mcp-harness` command line as a user meets it: exit codes, the start-up probe,
//! protocol violations, strictness, the expected-failures baseline, the console summary,
//! the reports, help, completions, colour and closed pipes, using the hand-written
//! features in tests/fixtures/ and the built-in reference.

use std::path::PathBuf;
use std::process::{Command, Output};

const EXE: &str = env!("CARGO_BIN_EXE_mcp-harness");

fn fixtures(sub: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(sub)
        .display()
        .to_string()
}

fn run(args: &[&str]) -> (i32, String, String) {
    run_env(args, &[])
}

fn run_env(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(EXE)
        .args(args)
        .envs(env.iter().copied())
        .output()
        .expect("the harness runs");
    (
        status.code().unwrap_or(-1),
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

#[test]
fn smoke_feature_passes_against_the_reference() {
    let (code, out, _) = run(&["run", "--features", &fixtures("")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("Result: PASS"), "{out}");
}

#[test]
fn underscore_names_and_the_legacy_protocol_work() {
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--tool-names",
        "underscore",
        "--protocol",
        "2025-11-25",
    ]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn a_server_that_exits_at_once_gives_exit_2_and_its_stderr() {
    let (code, out, err) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--server",
        "sh -c 'echo cannot open the database >&2; exit 3'",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("could not be started"), "{err}");
    assert!(err.contains("cannot open the database"), "{err}");
    assert!(err.contains("exit status: 3"), "{err}");
}

#[test]
fn a_server_that_never_answers_is_bounded_by_the_startup_timeout() {
    let started = std::time::Instant::now();
    let (code, _, err) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--server",
        "sleep 30",
        "--startup-timeout",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("within 1 s"), "{err}");
    assert!(err.contains("raise --startup-timeout"), "{err}");
    assert!(started.elapsed().as_secs() < 10);
}

/// A server slower to start than one request may take is still tested: start-up has a
/// limit of its own.
#[test]
fn a_slow_start_is_bounded_by_the_startup_timeout_not_the_request_timeout() {
    let server = format!("sh -c 'sleep 2; exec {EXE} serve-reference --root \"$0\"' {{root}}");
    let (code, out, err) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--name",
        "^SMOKE-001 ",
        "--protocol",
        "2025-11-25",
        "--server",
        &server,
        "--timeout",
        "1",
        "--startup-timeout",
        "20",
    ]);
    assert_eq!(code, 0, "{out}{err}");
}

/// Text on stdout is dropped from the protocol stream, as the official SDKs drop it, and
/// fails the stdio case alone: a server that prints a banner and a log line per message is
/// judged on its messages in every other case (the whole devs profile here, with the stdio
/// case expected to fail; the failure's text is read off a run of that case alone).
#[test]
fn stdout_noise_fails_the_stdio_case_alone() {
    let server = format!(
        "python3 {} {EXE} serve-reference --root {{root}} --profile devs",
        fixtures("noisy_stdout.py")
    );
    let (code, out, err) = run(&[
        "run",
        "--profile",
        "devs",
        "--server",
        &server,
        "--name",
        "^devs/STDIO-001 ",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("FAIL devs/STDIO-001"), "{out}");
    assert!(
        out.contains("the first (not JSON): Noisy MCP Server running on stdio"),
        "the first offending line is quoted: {out}"
    );
    assert!(
        out.contains("MUST NOT write anything to its stdout"),
        "{out}"
    );
    // Strict both ways: with the stdio case listed, nothing else may fail.
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("known.txt");
    std::fs::write(&base, "devs/STDIO-001  banner and log lines on stdout\n").unwrap();
    let b = base.display().to_string();
    let (code, out, err) = run(&[
        "run",
        "--profile",
        "devs",
        "--server",
        &server,
        "--expect-fail",
        &b,
    ]);
    assert_eq!(code, 0, "only the stdio case fails: {out}{err}");
}

/// The reference writes nothing but messages: its stdio case passes.
#[test]
fn the_reference_passes_the_stdio_case() {
    let (code, out, err) = run(&["run", "--name", "^rootspace/STDIO-001 "]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("1 passed"), "{out}");
}

/// The roots and outside areas are made out of the system's temporary directory by
/// default (some servers always allow it), where the reports say; a scratch directory in
/// it is warned of.
#[test]
fn roots_are_made_out_of_the_temporary_directory_and_the_reports_say_where() {
    let out = tempfile::tempdir().unwrap();
    let (log, report) = (out.path().join("roots.log"), out.path().join("r.md"));
    let server = format!(
        "sh -c 'echo \"$1\" >> {}; exec \"$0\" serve-reference --root \"$1\"' {EXE} {{root}}",
        log.display()
    );
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    let default = format!("/var/tmp/mcp-harness-{uid}");
    let args = [
        "run",
        "--name",
        "^rootspace/STDIO-001 ",
        "--server",
        &server,
    ];
    let mut all = args.to_vec();
    all.extend(["--report", report.to_str().unwrap()]);
    let (code, stdout, err) = run_env(&all, &[("MCP_HARNESS_SCRATCH_DIR", "")]);
    assert_eq!(code, 0, "{stdout}{err}");
    let root = std::fs::read_to_string(&log).unwrap();
    assert!(
        root.starts_with(&format!("{default}/mcp-harness-")),
        "{root}"
    );
    assert!(!root.starts_with(&std::env::temp_dir().display().to_string()));
    assert!(!err.contains("warning: the scratch directory"), "{err}");
    let md = std::fs::read_to_string(&report).unwrap();
    assert!(
        md.contains(&format!("Roots and outside areas: in {default} ")),
        "{md}"
    );
    assert!(stdout.contains(&format!("Roots and outside areas: in {default} ")));

    let tmp = tempfile::tempdir().unwrap();
    let mut all = args.to_vec();
    all.extend(["--scratch-dir", tmp.path().to_str().unwrap()]);
    let (code, stdout, err) = run(&all);
    assert_eq!(code, 0, "{stdout}{err}");
    assert!(err.contains("warning: the scratch directory"), "{err}");
    assert!(stdout.contains("may not test the root check"), "{stdout}");
}

#[test]
fn a_failure_shows_ids_expected_actual_and_the_exchange() {
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--name",
        "FAIL-001",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL FAIL-001"), "{out}");
    assert!(out.contains("MCP-012"), "{out}");
    assert!(out.contains("expected 4, got 3"), "{out}");
    assert!(out.contains("JSON-RPC exchange"), "{out}");
    assert!(out.contains("\"method\":\"tools/call\""), "{out}");
    // The call is shown; the handshake before it is one line unless --verbose.
    let handshake = |out: &str| {
        out.contains("\"method\":\"server/discover\"") || out.contains("\"method\":\"initialize\"")
    };
    assert!(out.contains("(the handshake, "), "{out}");
    assert!(!handshake(&out), "{out}");
    assert!(out.lines().all(|l| l.chars().count() < 400), "{out}");
    let (_, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--name",
        "FAIL-001",
        "--verbose",
    ]);
    assert!(handshake(&out), "{out}");
    assert!(!out.contains("(the handshake, "), "{out}");
}

#[test]
fn the_summary_says_what_to_fix_first() {
    let (code, out, _) = run(&["run", "--features", &fixtures("mixed")]);
    assert_eq!(code, 1, "{out}");
    // By severity: the core case's wrong answer before the clarification's choice.
    let core = out
        .find("1. Wrong answer: the result field NAME is VALUE (1 case: MIX-001)")
        .expect(&out);
    let clar = out
        .find("2. A choice where the source is silent: the result field NAME is VALUE (1 case: MIX-002)")
        .expect(&out);
    assert!(core < clar, "core failures first: {out}");
    assert!(
        out.contains("expected: the result field \"total_lines\" is 4"),
        "{out}"
    );
    assert!(
        out.contains("actual:   result field \"total_lines\": expected 4, got 3"),
        "{out}"
    );
    assert!(
        out.contains("rerun:    mcp-harness run --features "),
        "{out}"
    );
    assert!(out.contains(" --name '^MIX-001 '"), "{out}");
    // Only the choice may be set aside, and never by a tag that would hide escapes too.
    assert!(
        out.contains("list their ids in a file given to --expect-fail: MIX-002"),
        "{out}"
    );
    assert!(!out.contains("--tags 'not @clarification'"), "{out}");
    // CLR-001 is summed up with the clarifications, MCP-012 with the requirements.
    let per_req = out.find("Summary per upstream requirement").expect(&out);
    let per_clr = out.find("Summary per clarification").expect(&out);
    assert!(!out[per_req..per_clr].contains("CLR-001"), "{out}");
    assert!(out[per_clr..].contains("FAIL  CLR-001"), "{out}");
    // Setting the clarifications aside leaves the core failure alone.
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("mixed"),
        "--tags",
        "not @clarification",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(!out.contains("A choice"), "{out}");
    assert!(out.contains("1. Wrong answer"), "{out}");
}

#[test]
fn a_failure_the_baseline_expects_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("known.txt");
    std::fs::write(&base, "FAIL-001\n").unwrap();
    let b = base.display().to_string();
    let (code, out, err) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--expect-fail",
        &b,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains(
            "XFAIL FAIL-001 (expected by the baseline): result field \"total_lines\": \
             expected 4, got 3"
        ),
        "{out}"
    );
    assert!(
        !out.lines().any(|l| l.starts_with("FAIL FAIL-001 ")),
        "no block: {out}"
    );
    assert_eq!(
        out.matches("JSON-RPC exchange").count(),
        1,
        "only FAIL-002's block: {out}"
    );
    assert!(out.contains("1 expected by the baseline"), "{out}");
    // The progress line counts it apart (FAIL-002, SHOULD-level, is the one failure).
    assert!(
        err.contains("1 failed, 1 expected by the baseline"),
        "{err}"
    );
    assert!(
        out.contains("1 failure expected by the baseline (not counted)"),
        "{out}"
    );
    // Fully baselined: no FAIL anywhere, the summary's rows included.
    std::fs::write(&base, "FAIL-001\nFAIL-002\n").unwrap();
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--expect-fail",
        &b,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        !out.lines().any(|l| l.trim_start().starts_with("FAIL")),
        "no FAIL block or row: {out}"
    );
    assert!(
        out.contains("  XFAIL MCP-012"),
        "the summary row says XFAIL: {out}"
    );
}

#[test]
fn should_failures_count_only_with_strict() {
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--name",
        "FAIL-002",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("SHOULD-level"), "{out}");
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--name",
        "FAIL-002",
        "--strict",
    ]);
    assert_eq!(code, 1, "{out}");
}

#[test]
fn the_baseline_is_strict_both_ways() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("known.txt");
    std::fs::write(&base, "# known\nFAIL-001  wrong count\n").unwrap();
    let b = base.display().to_string();
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--expect-fail",
        &b,
    ]);
    assert_eq!(code, 0, "a listed failure is tolerated: {out}");
    std::fs::write(&base, "SMOKE-001\n").unwrap();
    let j = dir.path().join("j.xml").display().to_string();
    let m = dir.path().join("r.md").display().to_string();
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--expect-fail",
        &b,
        "--junit",
        &j,
        "--report",
        &m,
    ]);
    assert_eq!(code, 1, "a listed case that passes is stale: {out}");
    assert!(out.contains("STALE SMOKE-001"), "{out}");
    // Every report says what the exit code says, and why.
    let junit = std::fs::read_to_string(&j).unwrap();
    assert!(junit.contains(r#"type="stale baseline entry""#), "{junit}");
    assert!(!junit.contains(r#"<testsuites failures="0""#), "{junit}");
    let md = std::fs::read_to_string(&m).unwrap();
    assert!(md.contains("**Result: FAIL: "), "{md}");
    assert!(md.contains("**Stale baseline entries**"), "{md}");
    assert!(md.contains("SMOKE-001"), "{md}");
    std::fs::write(&base, "NO-SUCH-CASE\n").unwrap();
    let (code, _, err) = run(&["run", "--features", &fixtures(""), "--expect-fail", &b]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("NO-SUCH-CASE"), "{err}");
}

#[test]
fn bad_usage_is_exit_2() {
    assert_eq!(run(&["run", "--tags", "@a and"]).0, 2);
    assert_eq!(run(&["run", "--name", "("]).0, 2);
    assert_eq!(run(&["run", "--protocol", "1999-01-01"]).0, 2);
    assert_eq!(run(&["run", "--server", "'unbalanced"]).0, 2);
    assert_eq!(run(&["--no-such-flag"]).0, 2);
}

#[test]
fn tags_and_name_select_scenarios() {
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--tags",
        "@clarification",
    ]);
    // SMOKE-002 alone: its stale_hash refusal of text.append has no positive control (no
    // append succeeds in the run), so it tested nothing, and neither did the run.
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("1 scenario in"), "{out}");
    assert!(
        out.contains("NOT TESTED SMOKE-002 ") && out.contains("no call of that shape succeeded"),
        "{out}"
    );
    assert!(out.contains("Result: NOTHING TESTED"), "{out}");
    // With SMOKE-007, whose concurrent appends succeed once, the refusal counts.
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--name",
        "^SMOKE-00[27] ",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("2 scenarios in") && out.contains("2 passed"),
        "{out}"
    );
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--name",
        "^SMOKE-00[12] ",
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("2 scenarios"), "{out}");
}

#[test]
fn reports_are_written() {
    let dir = tempfile::tempdir().unwrap();
    let p = |n: &str| dir.path().join(n).display().to_string();
    let (code, out, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--junit",
        &p("j.xml"),
        "--json",
        &p("c.json"),
        "--report",
        &p("r.md"),
    ]);
    assert_eq!(code, 1, "{out}");
    let junit = std::fs::read_to_string(p("j.xml")).unwrap();
    assert!(
        junit.contains("<testsuites") && junit.contains("FAIL-001"),
        "{junit}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(p("c.json")).unwrap()).unwrap();
    assert!(json.as_array().is_some_and(|a| !a.is_empty()));
    // The verdict leads the Cucumber JSON, and every report says what the run covered.
    assert_eq!(json[0]["mcp_harness"]["exit_code"], 1, "{json}");
    let coverage = "every tool the server lists was tested.";
    assert!(
        json[0]["mcp_harness"]["coverage"]["sentence"]
            .as_str()
            .is_some_and(|s| s.ends_with(coverage)),
        "{json}"
    );
    assert!(
        out.contains(coverage) && junit.contains(coverage),
        "{out}\n{junit}"
    );
    let md = std::fs::read_to_string(p("r.md")).unwrap();
    assert!(md.contains(coverage), "{md}");
    assert!(md.contains("| MCP-012 | MUST |"), "{md}");
    assert!(md.contains("**FAIL-001**"), "{md}");
    // A requirement no case of this run tests says so; none is a plain pass.
    assert!(md.contains("| MCP-001 | MUST | — no case ran |"), "{md}");
}

/// The Cucumber JSON counts what the console counts, skipped scenarios included.
#[test]
fn cucumber_json_includes_the_skipped_scenarios() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("c.json").display().to_string();
    let (code, out, _) = run(&[
        "run",
        "--name",
        r"^(HTTP-001|HTTP-002|T3\.5\.2) ",
        "--json",
        &j,
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("3 scenarios") && out.contains("2 skipped (2 another transport)"),
        "{out}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&j).unwrap()).unwrap();
    let scenarios: Vec<&serde_json::Value> = json
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| f["elements"].as_array().unwrap())
        .collect();
    assert_eq!(scenarios.len(), 3, "{json}");
    let skipped = scenarios
        .iter()
        .filter(|s| s["steps"][0]["result"]["status"] == "skipped")
        .count();
    assert_eq!(skipped, 2, "{json}");
}

/// The HTML page shows the console's figures and each failure with its exchange.
#[test]
fn the_html_report_counts_what_the_console_counts() {
    let dir = tempfile::tempdir().unwrap();
    let h = dir.path().join("r.html").display().to_string();
    let (code, out, _) = run(&["run", "--features", &fixtures("mixed"), "--html", &h]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("3 scenarios in"), "{out}");
    let page = std::fs::read_to_string(&h).unwrap();
    assert!(page.contains("<b id=\"count-scenarios\">3</b>"), "{page}");
    assert!(page.contains("<b id=\"count-failed\">2</b>"), "{page}");
    assert!(page.contains("<b id=\"count-passed\">1</b>"), "{page}");
    assert!(page.contains("FAIL</span> MIX-001"), "{page}");
    assert!(page.contains("tools/call"), "{page}");
    assert!(page.contains("data-kind=\"clarification\""), "{page}");
    assert!(
        !page.contains(" src=") && !page.contains("<link") && !page.contains("@import"),
        "self-contained: {page}"
    );
}

/// `--summary` writes the verdict as JSON, and `compare` merges two such runs into one
/// page and one Markdown table with the same figures.
#[test]
fn summaries_of_two_runs_compare_into_one_page() {
    let dir = tempfile::tempdir().unwrap();
    let path = |n: &str| dir.path().join(n).display().to_string();
    std::fs::write(path("b.txt"), "MIX-002\n").unwrap();
    let mixed = fixtures("mixed");
    let a = [
        "run",
        "--features",
        &mixed,
        "--summary",
        &path("a.json"),
        "--label",
        "A",
    ];
    assert_eq!(run(&a).0, 1);
    let b_args = [
        "--expect-fail",
        &path("b.txt"),
        "--summary",
        &path("b.json"),
    ];
    let b: Vec<&str> = ["run", "--features", &mixed]
        .into_iter()
        .chain(b_args)
        .collect();
    assert_eq!(run(&b).0, 1);
    let summary: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path("a.json")).unwrap()).unwrap();
    assert_eq!(summary["name"], "A");
    let info = summary["server_info"].as_str().unwrap_or_default();
    assert!(
        info.starts_with("mcp-reference "),
        "the handshake's serverInfo: {info}"
    );
    assert_eq!(summary["result"], "FAIL");
    assert_eq!(summary["totals"]["passed"], 1);
    assert_eq!(summary["cases"].as_array().map(Vec::len), Some(3));
    let (html, md) = (path("c.html"), path("c.md"));
    let args = [
        "compare",
        &path("a.json"),
        &path("b.json"),
        "--html",
        &html,
        "--markdown",
        &md,
    ];
    let (code, _, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let page = std::fs::read_to_string(&html).unwrap();
    assert_eq!(page.matches("<th class=\"server\"").count(), 2, "{page}");
    assert!(page.contains("<span data-failed=\"1\">2</span>"), "{page}");
    let md = std::fs::read_to_string(&md).unwrap();
    assert!(md.contains("| MIX-002 | FAIL | FAIL (expected) |"), "{md}");
    let (code, _, err) = run(&["compare", &path("b.txt")]);
    assert_eq!(code, 2, "not a summary: {err}");
}

#[test]
fn colour_only_on_request_or_a_terminal() {
    let args = [
        "run",
        "--features",
        &fixtures("failing"),
        "--name",
        "FAIL-001",
    ];
    let (_, piped, _) = run(&args);
    assert!(!piped.contains('\u{1b}'), "piped output is plain: {piped}");
    let (_, forced, _) = run_env(&args, &[("CLICOLOR_FORCE", "1")]);
    assert!(forced.contains("\u{1b}["), "{forced}");
    let (_, no_color, _) = run_env(&args, &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]);
    assert!(!no_color.contains('\u{1b}'), "NO_COLOR wins: {no_color}");
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    for args in [&["list"][..], &["completions", "bash"], &["--help"]] {
        let mut child = Command::new(EXE)
            .args(args)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // Close the reading end before the harness writes: every write meets a closed pipe.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !err.contains("panicked") && !err.contains("Broken pipe"),
            "{args:?}: {err}"
        );
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
}

#[test]
fn an_unknown_profile_gets_the_same_message_from_list_and_run() {
    let (code, _, list_err) = run(&["list", "--profile", "nope"]);
    assert_eq!(code, 2);
    let (code, _, run_err) = run(&["run", "--profile", "nope"]);
    assert_eq!(code, 2);
    assert_eq!(list_err, run_err);
    assert!(!list_err.contains("specs/"), "{list_err}");
    assert!(
        list_err.contains("devs, editor, filesystem, lighthouse, rootspace"),
        "{list_err}"
    );
}

#[test]
fn the_help_has_exit_codes_examples_and_every_profile() {
    let (code, help, _) = run(&["--help"]);
    assert_eq!(code, 0);
    assert!(
        help.contains("Exit codes:") && help.contains("Examples:"),
        "{help}"
    );
    assert!(
        help.contains("--startup-timeout") && help.contains("--html"),
        "{help}"
    );
    assert!(
        !help.contains("lighthouse, ..."),
        "no elided profile list: {help}"
    );
    let catalogues = mcp_harness::catalogue::load_embedded_all().unwrap();
    for c in &catalogues {
        assert!(
            help.contains(&c.profile.profile),
            "{}: {help}",
            c.profile.profile
        );
    }
    let (_, run_help, _) = run(&["run", "--help"]);
    assert!(run_help.contains("Exit codes:"), "{run_help}");
    assert!(run_help.contains("filesystem"), "{run_help}");
}

#[test]
fn completions_are_printed_for_the_common_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = run(&["completions", shell]);
        assert_eq!(code, 0, "{shell}: {err}");
        assert!(out.contains("mcp-harness"), "{shell}: {out}");
        assert!(out.contains("startup-timeout"), "{shell}: {out}");
    }
    assert_eq!(run(&["completions", "no-such-shell"]).0, 2);
}

#[test]
fn junit_counts_what_the_console_counts() {
    let dir = tempfile::tempdir().unwrap();
    let j = dir.path().join("j.xml").display().to_string();
    let (code, out, _) = run(&["run", "--features", &fixtures("failing"), "--junit", &j]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("2 failed (1 counted, 1 SHOULD-level not counted"),
        "{out}"
    );
    let junit = std::fs::read_to_string(&j).unwrap();
    assert!(junit.contains(r#"failures="1""#), "{junit}");
    assert_eq!(junit.matches("<skipped ").count(), 1, "{junit}");
    assert!(junit.contains(r#"classname="rootspace.fail""#), "{junit}");
    assert!(!junit.contains("Step panicked"), "{junit}");
    let (_, _, _) = run(&[
        "run",
        "--features",
        &fixtures("failing"),
        "--junit",
        &j,
        "--strict",
    ]);
    let junit = std::fs::read_to_string(&j).unwrap();
    assert!(junit.contains(r#"failures="2""#), "{junit}");
}

#[test]
fn zero_jobs_zero_timeout_and_unwritable_reports_are_refused_before_the_run() {
    for flag in ["--jobs", "--timeout"] {
        let (code, _, err) = run(&["run", "--features", &fixtures(""), flag, "0"]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("at least 1"), "{err}");
    }
    for flag in ["--report", "--junit", "--json"] {
        let (code, out, err) = run(&[
            "run",
            "--features",
            &fixtures(""),
            flag,
            "/nonexistent-dir/out.file",
        ]);
        assert_eq!(code, 2, "{flag}: {err}");
        assert!(
            err.contains("cannot write /nonexistent-dir/out.file"),
            "{err}"
        );
        assert!(!out.contains("scenarios"), "{flag}: the run started: {out}");
    }
}

/// A server started through a shell leaves no child behind: the harness ends the
/// server's whole process group after each scenario.
#[cfg(target_os = "linux")]
#[test]
fn a_servers_children_end_with_its_scenario() {
    let marker = format!("{}.{}", 40000 + std::process::id() % 10000, 7);
    let server = format!(
        "sh -c 'sleep {marker} & exec \"$0\" serve-reference --root \"$1\"' {EXE} {{root}}"
    );
    let (code, out, err) = run(&["run", "--features", &fixtures(""), "--server", &server]);
    assert_eq!(code, 0, "{out}{err}");
    let running = || -> Vec<String> {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
            .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
            .filter(|c| c.starts_with("sleep ") && c.contains(&marker))
            .collect()
    };
    // SIGKILL is sent before the harness exits; on a loaded machine the kernel may take a
    // moment to end the process. Without the group kill it would run for hours.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    let mut left = running();
    while !left.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        left = running();
    }
    assert!(left.is_empty(), "left running: {left:?}");
}

#[test]
fn tools_spelled_the_other_way_stop_the_run_with_a_hint() {
    let server = format!("{EXE} serve-reference --root {{root}} --tool-names underscore");
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["run", "--server", &server]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("Run again with `--tool-names underscore`"),
        "{err}"
    );
    assert!(!out.contains("FAIL "), "no case should run: {out}");
    assert!(started.elapsed() < std::time::Duration::from_secs(10));
}

/// A server that answers no resources request: every case that reads a listing fails,
/// with the reason said once, and none counts "method not found" as a refusal of a path.
#[test]
fn a_server_without_resources_fails_every_listing_case_once() {
    let server = format!(
        "python3 {} {EXE} serve-reference --root {{root}}",
        fixtures("no_resources_proxy.py")
    );
    let (code, out, err) = run(&[
        "run",
        "--server",
        &server,
        "--name",
        r"^(T5\.3\.1|SEC-058|T5\.1\.2|T3\.5\.2) ",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("FAIL 3 cases that read list:// resources (")
            && out.contains("does not serve the list:// resource"),
        "{out}"
    );
    assert!(out.contains("-32601"), "{out}");
    assert!(
        out.contains("4 scenarios") && out.contains("1 passed, 3 failed"),
        "{out}"
    );
}

/// An escape that a later call of the race undoes (the outside file taken at the first move,
/// put back at the second) leaves the outside area as it was: only the check after every
/// call of the race sees it.
#[test]
fn an_escape_undone_later_in_the_race_is_caught() {
    let server = format!(
        "python3 {} {EXE} serve-reference --profile filesystem --root {{root}}",
        fixtures("undone_escape_proxy.py")
    );
    let (code, out, err) = run(&[
        "run",
        "--profile",
        "filesystem",
        "--server",
        &server,
        "--name",
        "^filesystem/RACE-008 ",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        out.contains("FAIL filesystem/RACE-008")
            && out.contains("changed the area outside its root after call 1 of the race")
            && out.contains("stuff/a.txt was removed"),
        "{out}"
    );
}

#[test]
fn the_profile_is_detected_from_the_servers_tools() {
    // The reference serving lighthouse, started as a third-party server: no --profile.
    let server = format!("{EXE} serve-reference --root {{root}} --profile lighthouse");
    let (code, out, err) = run(&["run", "--server", &server, "--name", "^LH-READ-00[12] "]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Profile lighthouse: the server offers all 4 of its tools"),
        "{out}"
    );
    assert!(out.contains("2 scenarios"), "{out}");
    // Named at the top level, without `run`, against the built-in reference.
    let (code, out, err) = run(&["--profile", "lighthouse", "--name", "^LH-DEL-001 "]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Profile lighthouse (named with --profile)"),
        "{out}"
    );
    // An unknown profile is a usage error that names the known ones.
    let (code, _, err) = run(&["run", "--profile", "nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("lighthouse, rootspace"), "{err}");
}

#[test]
fn the_editor_profile_is_detected_from_the_servers_tools() {
    let server = format!("{EXE} serve-reference --root {{root}} --profile editor");
    let (code, out, err) = run(&["run", "--server", &server, "--name", "^ED-RPC-00[12] "]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("Profile editor: the server offers all 4 of its tools"),
        "{out}"
    );
    assert!(out.contains("2 scenarios"), "{out}");
}

#[test]
fn a_server_of_a_known_profile_run_against_another_is_stopped() {
    let server = format!("{EXE} serve-reference --root {{root}} --profile lighthouse");
    let (code, out, err) = run(&["run", "--server", &server, "--profile", "rootspace"]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("offers another interface"), "{err}");
    assert!(err.contains("read, write, edit, delete"), "{err}");
    assert!(!out.contains("FAIL "), "{out}");
}

#[test]
fn the_devs_profile_is_detected_from_its_two_tools() {
    let server = format!("{EXE} serve-reference --root {{root}} --profile devs");
    let (code, out, err) = run(&["run", "--server", &server, "--name", "^DV-READ-00[12] "]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains(
            "Profile devs: the server offers all 2 of its tools (filesystem_operation, \
             apply_surgical_edits)"
        ),
        "{out}"
    );
    assert!(out.contains("2 scenarios"), "{out}");
}

#[test]
fn a_profile_the_reference_does_not_serve_runs_nothing_and_passes_nothing() {
    let catalogues = mcp_harness::catalogue::load_embedded_all().expect("the catalogue loads");
    let unserved: Vec<String> = catalogues
        .iter()
        .map(|c| c.profile.profile.clone())
        .filter(|p| !mcp_harness::run::config::reference_serves(p))
        .collect();
    // Once the reference serves every profile there is no such run left to check.
    for profile in unserved {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let junit = dir.path().join("junit.xml");
        let (code, out, err) = run(&[
            "--profile",
            &profile,
            "--junit",
            &junit.display().to_string(),
        ]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(
            err.contains(&format!(
                "does not serve the `{profile}` profile yet, so there is nothing"
            )),
            "{err}"
        );
        assert!(err.contains("--server"), "{err}");
        assert!(
            !out.contains("PASS") && !out.contains("scenarios in"),
            "{out}"
        );
        let xml = std::fs::read_to_string(&junit).expect("the JUnit report is written");
        assert!(xml.contains("does not serve"), "{xml}");
    }
}

/// `mcp-harness run … 2>&1 | head -1`: the reader of stdout and stderr goes away after the
/// first line, and the run still ends with its own exit code (0 here), not a panic's 101.
#[test]
fn a_reader_gone_after_the_first_line_leaves_the_runs_exit_code() {
    use std::io::BufRead as _;
    let (reader, writer) = std::io::pipe().unwrap();
    let mut child = Command::new(EXE)
        .args(["run", "--features", &fixtures("")])
        .stdout(writer.try_clone().unwrap())
        .stderr(writer)
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufReader::new(reader)
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("Profile rootspace"), "{first}");
    // The BufReader (and the pipe's only reading end) is gone: every later write fails.
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}");
}

/// The processes whose command line names `needle` (a server's root lies in it).
#[cfg(target_os = "linux")]
fn processes_naming(needle: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(needle) && c.contains("serve-reference"))
        .collect()
}

/// Ctrl-C in the middle of a run: the servers are stopped, the scratch directories
/// removed, no report file is left empty, and the exit code is 130.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_run_leaves_no_server_scratch_or_empty_report() {
    let scratch = tempfile::tempdir().unwrap();
    let out = tempfile::tempdir().unwrap();
    let (junit, html) = (out.path().join("run.xml"), out.path().join("run.html"));
    let child = Command::new(EXE)
        .args(["run", "--jobs", "2", "--scratch-dir"])
        .arg(scratch.path())
        .arg("--junit")
        .arg(&junit)
        .arg("--html")
        .arg(&html)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Wait until scenarios run: a server on a root in the scratch directory.
    let needle = scratch.path().to_string_lossy().into_owned();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while processes_naming(&needle).is_empty() {
        assert!(std::time::Instant::now() < deadline, "no server started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(500));
    let pid = libc::pid_t::try_from(child.id()).unwrap();
    // SAFETY: a signal to the child this test started.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGINT) }, 0);
    let done = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&done.stderr);
    assert_eq!(done.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted"), "{err}");
    for report in [&junit, &html] {
        let len = std::fs::metadata(report).map(|m| m.len());
        assert!(
            len.is_err() || len.is_ok_and(|n| n > 0),
            "{report:?} left empty"
        );
    }
    let left: Vec<_> = std::fs::read_dir(scratch.path()).unwrap().collect();
    assert!(left.is_empty(), "scratch left behind: {left:?}");
    // SIGKILL was sent before the exit; the kernel may take a moment to end the process.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(3);
    let mut servers = processes_naming(&needle);
    while !servers.is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
        servers = processes_naming(&needle);
    }
    assert!(servers.is_empty(), "servers left running: {servers:?}");
}

/// A project directory with `serve/start.sh`, which starts the built-in reference on its
/// first argument, as `node dist/index.js {root}` starts a built server.
fn project_with_a_start_script() -> tempfile::TempDir {
    let project = tempfile::tempdir().unwrap();
    std::fs::create_dir(project.path().join("serve")).unwrap();
    std::fs::write(
        project.path().join("serve/start.sh"),
        format!("exec '{EXE}' serve-reference --root \"$1\"\n"),
    )
    .unwrap();
    project
}

/// The server starts in the harness's own directory, as MCP clients start it: a command
/// naming a file relative to the project works from the project's directory.
#[test]
fn a_server_command_relative_to_the_project_runs_from_its_directory() {
    let project = project_with_a_start_script();
    let out = Command::new(EXE)
        .current_dir(project.path())
        .args(["run", "--features", &fixtures(""), "--server"])
        .arg("sh serve/start.sh {root}")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
}

/// `--cwd {root}`: a server that takes no directory and serves its working directory.
#[test]
fn cwd_root_starts_the_server_in_the_scenarios_root() {
    let server = format!("sh -c 'exec \"$0\" serve-reference --root \"$PWD\"' {EXE}");
    let (code, out, err) = run(&[
        "run",
        "--features",
        &fixtures(""),
        "--server",
        &server,
        "--cwd",
        "{root}",
    ]);
    assert_eq!(code, 0, "{out}{err}");
    let (code, _, err) = run(&["run", "--server", &server, "--cwd", "/no/such/dir"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--cwd /no/such/dir: not a directory"), "{err}");
}

/// `--config`: a Claude Desktop file's server, started with its `env` (the wrapper fails
/// without it) and `{root}` in its args.
#[test]
fn a_claude_desktop_config_starts_its_server_with_its_env() {
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("serve.sh");
    std::fs::write(
        &script,
        format!(
            "[ \"$MCP_TEST_TOKEN\" = s3cret ] || {{ echo MCP_TEST_TOKEN unset >&2; exit 3; }}\n\
             exec '{EXE}' serve-reference --root \"$1\"\n"
        ),
    )
    .unwrap();
    let config = |env: &str| {
        let path = dir.path().join("claude_desktop_config.json");
        let entry = serde_json::json!({"mcpServers": {"files": {
            "command": "sh", "args": [script, "{root}"], "env": serde_json::from_str::<serde_json::Value>(env).unwrap()}}});
        std::fs::write(&path, entry.to_string()).unwrap();
        path.display().to_string()
    };
    let with_env = config(r#"{"MCP_TEST_TOKEN": "s3cret"}"#);
    let (code, out, err) = run(&["run", "--features", &fixtures(""), "--config", &with_env]);
    assert_eq!(code, 0, "{out}{err}");
    let without = config("{}");
    let (code, _, err) = run(&["run", "--features", &fixtures(""), "--config", &without]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("MCP_TEST_TOKEN unset"), "{err}");
}

#[test]
fn a_config_with_several_servers_lists_them_and_stops() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mcp.json");
    std::fs::write(
        &path,
        r#"{"servers": {"one": {"type": "stdio", "command": "a", "args": ["{root}"]},
                        "two": {"type": "stdio", "command": "b", "args": ["{root}"]}}}"#,
    )
    .unwrap();
    let (code, _, err) = run(&["run", "--config", &path.display().to_string()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("2 servers: one, two"), "{err}");
    assert!(err.contains("--server-name NAME"), "{err}");
}

/// Options that would be ignored beside the others are refused, each saying why.
#[test]
fn options_ignored_together_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().display().to_string();
    let server = format!("{EXE} serve-reference --root {{root}}");
    for (args, said) in [
        (
            vec!["--transport", "http", "--server", &server],
            "--transport http",
        ),
        (vec!["--root", &root, "--server", &server], "--root DIR"),
        (vec!["--root", &root], "--root DIR"),
        (
            vec![
                "--url",
                "http://127.0.0.1:9/mcp",
                "--root",
                &root,
                "--jobs",
                "4",
            ],
            "--jobs",
        ),
        (
            vec![
                "--url",
                "http://127.0.0.1:9/mcp",
                "--root",
                &root,
                "--scratch-dir",
                &root,
            ],
            "--scratch-dir",
        ),
    ] {
        let mut all = vec!["run"];
        all.extend(args.iter().copied());
        let (code, _, err) = run(&all);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(said), "{args:?}: {err}");
    }
}

/// A command with no `{root}` is warned about once, before the run.
#[test]
fn a_server_without_root_is_warned_about_once() {
    let (code, _, err) = run(&["run", "--server", "sh -c 'exit 3'"]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(err.matches("has no {root}").count(), 1, "{err}");
    let server = format!("{EXE} serve-reference --root {{root}}");
    let (_, _, err) = run(&["run", "--features", &fixtures(""), "--server", &server]);
    assert!(!err.contains("has no {root}"), "{err}");
}

/// The `mcp-harness run` lines of docs/ci-example.md: the conformance step's folded YAML
/// command, and the shell block that starts a baseline.
fn ci_example_commands() -> (String, String) {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/ci-example.md"),
    )
    .unwrap();
    let folded = doc.split("run: >\n").nth(1).unwrap();
    let step: Vec<&str> = folded
        .lines()
        .take_while(|l| l.starts_with("          ") && !l.trim().is_empty())
        .map(str::trim)
        .collect();
    let block = doc
        .split("```sh\n")
        .find(|b| b.starts_with("mcp-harness run"))
        .and_then(|b| b.split("\n```").next())
        .unwrap();
    (step.join(" "), block.to_string())
}

/// docs/ci-example.md's commands work as written from a project directory whose server is
/// `node dist/index.js {root}` (here a script starting the built-in reference's filesystem
/// profile). The `mcp-harness` first on PATH narrows the selection to two cases, to keep the
/// test short; the command lines are the page's own.
#[test]
fn the_ci_examples_commands_work_from_a_project_directory() {
    let (step, baseline_block) = ci_example_commands();
    assert!(
        step.starts_with("mcp-harness run --server 'node dist/index.js {root}'"),
        "{step}"
    );
    let project = tempfile::tempdir().unwrap();
    std::fs::create_dir(project.path().join("dist")).unwrap();
    std::fs::write(
        project.path().join("dist/index.js"),
        format!(
            "const p = require('child_process').spawn({EXE:?}, ['serve-reference', \
             '--profile', 'filesystem', '--root', process.argv[2]], {{stdio: 'inherit'}});\n\
             p.on('exit', (code) => process.exit(code ?? 1));\n"
        ),
    )
    .unwrap();
    let bin = tempfile::tempdir().unwrap();
    let shim = bin.path().join("mcp-harness");
    std::fs::write(
        &shim,
        format!("#!/bin/sh\nexec '{EXE}' \"$@\" --name '^FSC-DIR-00[12] '\n"),
    )
    .unwrap();
    std::fs::set_permissions(&shim, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let sh = |script: &str| {
        let out = Command::new("sh")
            .args(["-ec", script])
            .current_dir(project.path())
            .env("PATH", &path)
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.code(), text)
    };
    let (code, text) = sh(&baseline_block);
    assert_eq!(code, Some(0), "the baseline block: {text}");
    let baseline = std::fs::read_to_string(project.path().join("conformance.baseline")).unwrap();
    assert_eq!(
        baseline, "",
        "every selected case passes against the reference"
    );
    let (code, text) = sh(&step);
    assert_eq!(code, Some(0), "the conformance step: {text}");
    assert!(text.contains("2 scenarios"), "{text}");
    for report in ["conformance.xml", "conformance.md"] {
        let len = std::fs::metadata(project.path().join(report))
            .unwrap()
            .len();
        assert!(len > 0, "{report} is empty");
    }
}

/// A server command with `{addr}` gets a loopback port the harness found free and is reached
/// over HTTP there (the built-in reference picks its own port and announces it instead).
#[test]
fn a_server_given_addr_is_reached_over_http() {
    let server = format!(
        "{EXE} serve-reference --root {{root}} --http {{addr}} --auth-tokens {{auth_tokens}}"
    );
    let (code, out, err) = run(&["run", "--server", &server, "--tags", "@MCP-051"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("Result: PASS"), "{out}");
    assert!(!out.contains(" 0 passed"), "no case ran over HTTP: {out}");
}

/// The `compare` job of docs/ci-example.md's matrix workflow: its `run: |` block, as the
/// download of the matrix's artifacts leaves the summaries (runs/<artifact>/summary.json),
/// writes one page with a column per server and the Markdown it adds to the job summary.
#[test]
fn the_ci_examples_compare_job_merges_the_matrix_summaries() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../docs/ci-example.md"),
    )
    .unwrap();
    let block: Vec<&str> = doc
        .split("run: |\n")
        .find(|b| b.trim_start().starts_with("mcp-harness compare"))
        .expect("a run: | block with mcp-harness compare")
        .lines()
        .take_while(|l| l.starts_with("          "))
        .map(str::trim)
        .collect();
    let project = tempfile::tempdir().unwrap();
    let mixed = fixtures("mixed");
    for label in ["official", "my-server"] {
        let dir = project.path().join(format!("runs/mcp-conformance-{label}"));
        std::fs::create_dir_all(&dir).unwrap();
        let summary = dir.join("summary.json").display().to_string();
        let args = [
            "run",
            "--features",
            &mixed,
            "--summary",
            &summary,
            "--label",
            label,
        ];
        assert_eq!(run(&args).0, 1);
    }
    let bin = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(EXE, bin.path().join("mcp-harness")).unwrap();
    let path = format!(
        "{}:{}",
        bin.path().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let job_summary = project.path().join("job-summary.md");
    let out = Command::new("sh")
        .args(["-ec", &block.join("\n")])
        .current_dir(project.path())
        .env("PATH", &path)
        .env("GITHUB_STEP_SUMMARY", &job_summary)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let page = std::fs::read_to_string(project.path().join("comparison.html")).unwrap();
    let columns = page.matches("<th class=\"server\"").count();
    assert_eq!(columns, 2, "{page}");
    // The shell sorts the paths: my-server before official.
    let at = |name: &str| page.find(&format!(">{name}<br>")).expect(name);
    assert!(at("my-server") < at("official"), "{page}");
    let md = std::fs::read_to_string(&job_summary).unwrap();
    assert!(md.contains("| MIX-001 | FAIL | FAIL |"), "{md}");
}
