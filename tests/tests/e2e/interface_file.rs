//! Faults caught through an interface file alone (`mcp-harness run --interface`): the
//! faulty reference (`mcp-faulty`) run through the example mappings in docs/interfaces/,
//! with no profile. Each fault must fail a shared case of the check it breaks (the case
//! covers that check's universal requirement), and the plain reference must pass. The same
//! holds behind the proxy's `foreign-interface`, an interface no profile fits. A declared
//! `line_endings` policy turns the failures it explains into interface differences, and so
//! do declared `limits` for the cases beyond them.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use mcp_harness::catalogue::interface::{
    Interface, is_declared, load_interface, parse_interface, universal_id,
};
use mcp_harness::run::config::{Protocol, ServerConfig, ToolNames};
use mcp_harness::run::outcome::CaseResult;
use mcp_harness::run::report::expect_fail::Baseline;
use mcp_harness::run::report::severity::{self, Severity};
use mcp_harness::run::report::verdict::CaseVerdict;
use mcp_harness::run::suite::{SuiteOptions, run_suite};

const FAULTY: &str = env!("CARGO_BIN_EXE_mcp-faulty");
const REFERENCE: &str = env!("CARGO_BIN_EXE_mcp-reference-e2e");

fn interface(name: &str) -> Interface {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/interfaces")
        .join(name);
    load_interface(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// The mapping of the proxy's foreign interface (`foreign-interface`).
fn foreign() -> Interface {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/e2e/foreign-interface.yaml");
    load_interface(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// `mcp-faulty` as the foreign interface, with the reference behind it in `filesystem`
/// mode, plain or with `fault`.
fn foreign_server(fault: Option<&str>) -> Vec<String> {
    let mut args = vec!["--variant", "foreign-interface"];
    match fault {
        // A fault's server serves its own profile.
        Some(f) => args.extend(["--behind", f]),
        None => args.extend(["--profile", "filesystem"]),
    }
    args.extend(["--root", "{root}"]);
    argv(FAULTY, &args)
}

/// The interface's cases (not the casefold ones, which need a root that folds case)
/// against the server `argv`.
fn run(interface: &Interface, argv: Vec<String>) -> Vec<CaseResult> {
    run_named(interface, argv, None)
}

/// `run`, only the cases whose name matches `name`.
fn run_named(interface: &Interface, argv: Vec<String>, name: Option<&str>) -> Vec<CaseResult> {
    let name = name.map(|n| regex::Regex::new(n).expect("a name pattern"));
    let features = mcp_harness::run::interface::features(interface);
    let tags = "not @casefold-root".parse().expect("a tag expression");
    let outcome = run_suite(
        features,
        SuiteOptions {
            server: Arc::new(ServerConfig {
                argv,
                tool_names: ToolNames::Dotted,
                protocol: Protocol::Auto,
                timeout: Duration::from_secs(10),
                startup_timeout: Duration::from_secs(20),
                profile: Arc::new(interface.catalogue.profile.clone()),
                cwd: None,
                env: Vec::new(),
                announces_endpoint: false,
            }),
            tags: Some(tags),
            name,
            skip: Default::default(),
            jobs: 2,
            json: None,
            echo_failures: false,
            progress: false,
            annotate: None,
            scratch_dir: None,
            controls: true,
        },
    );
    assert!(
        outcome.parse_errors.is_empty(),
        "{:?}",
        outcome.parse_errors
    );
    assert!(!outcome.results.is_empty(), "no case ran");
    outcome.results
}

fn argv(program: &str, args: &[&str]) -> Vec<String> {
    std::iter::once(program)
        .chain(args.iter().copied())
        .map(str::to_string)
        .collect()
}

/// The ids of the failed cases that cover the check's universal requirement. The server
/// must have served the other cases (some passed): a server that never starts fails every
/// case, and would seem to be caught by all of them.
fn caught(results: &[CaseResult], check: &str) -> Vec<String> {
    assert!(
        results.iter().any(CaseResult::passed),
        "no case passed: the server did not serve: {:#?}",
        results.first()
    );
    let id = universal_id(check);
    results
        .iter()
        .filter(|r| r.failed() && r.covers.contains(&id))
        .map(|r| r.case_id.clone())
        .collect()
}

#[test]
fn the_plain_reference_passes_through_the_mapping() {
    let fs = interface("reference-filesystem.yaml");
    let results = run(
        &fs,
        argv(REFERENCE, &["--profile", "filesystem", "--root", "{root}"]),
    );
    let failed: Vec<&CaseResult> = results.iter().filter(|r| !r.passed()).collect();
    assert!(failed.is_empty(), "{failed:#?}");
}

#[test]
fn faults_are_caught_through_the_mapping_alone() {
    let fs = interface("reference-filesystem.yaml");
    let devs = interface("reference-devs.yaml");
    for (mapping, fault, check) in [
        // CVE-2025-53110's pattern: a string-prefix containment check.
        (&fs, "fs-prefix-sibling", "prefix-sibling"),
        // CVE-2025-53109's pattern: a path through a symlink followed out.
        (&fs, "fs-symlink-escape", "symlinks"),
        // The devs seed's own server: string prefix, no symlink check, writes in place.
        (&devs, "dv-naive-server", "prefix-sibling"),
        // GHSA-7rgq-gccq-qphx: a trailing quote or dot stripped by the check alone.
        (&devs, "dv-strip-trailing", "name-tricks"),
    ] {
        let results = run(
            mapping,
            argv(FAULTY, &["--fault", fault, "--root", "{root}"]),
        );
        let ids = caught(&results, check);
        assert!(!ids.is_empty(), "{fault} was not caught by a {check} case");
        eprintln!("{fault}: caught by {}", ids.join(", "));
    }
}

#[test]
fn an_interface_no_profile_fits_is_tested_from_its_mapping_alone() {
    // Renamed tools and arguments, relative paths, {ok, data} results and {ok: false}
    // refusals: read through the mapping, every case passes.
    let mapping = foreign();
    let results = run(&mapping, foreign_server(None));
    let failed: Vec<&CaseResult> = results.iter().filter(|r| !r.passed()).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    // The same faults as through the filesystem mapping are caught through this one.
    for (fault, check) in [
        ("fs-prefix-sibling", "prefix-sibling"),
        ("fs-symlink-escape", "symlinks"),
    ] {
        let results = run(&mapping, foreign_server(Some(fault)));
        let ids = caught(&results, check);
        assert!(
            !ids.is_empty(),
            "{fault} was not caught through the foreign interface"
        );
        eprintln!(
            "{fault} behind the foreign interface: caught by {}",
            ids.join(", ")
        );
    }
}

#[test]
fn a_declared_line_ending_policy_turns_its_failures_into_interface_differences() {
    // lh-edit-lf writes every edited file back with LF endings. Through the lighthouse
    // mapping, the edit-line-endings cases catch it as core failures; with the policy
    // declared, the same failures are interface differences that do not fail the run.
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/interfaces/reference-lighthouse.yaml");
    let text = std::fs::read_to_string(&path).expect("the example mapping");
    let server = || argv(FAULTY, &["--fault", "lh-edit-lf", "--root", "{root}"]);
    let edits = |i: &Interface, results: &[CaseResult]| {
        // The lighthouse reference refuses absolute link targets, a choice (LINK-008).
        let choice = |r: &CaseResult| {
            r.covers
                .iter()
                .any(|c| c.starts_with(&universal_id("CLR-")))
        };
        let failed: Vec<CaseResult> = results
            .iter()
            .filter(|r| r.failed() && !choice(r))
            .cloned()
            .collect();
        let mut ids: Vec<String> = failed.iter().map(|r| r.case_id.clone()).collect();
        ids.sort();
        let want: Vec<String> = (10..=13)
            .map(|n| format!("{}/EDIT-0{n}", i.catalogue.profile.profile))
            .collect();
        assert_eq!(ids, want, "{failed:#?}");
        failed
    };
    let plain =
        parse_interface(&text, "reference-lighthouse.yaml").unwrap_or_else(|e| panic!("{e}"));
    for r in edits(&plain, &run(&plain, server())) {
        assert_eq!(r.covers, [universal_id("edit-line-endings")]);
        assert_eq!(severity::of(&r), Some(Severity::Corrupted));
        assert!(CaseVerdict::of(&r, &Baseline::default(), false).counts);
    }
    let declared = text.replace("operations:", "line_endings: normalises_to_lf\noperations:");
    let declared = parse_interface(&declared, "declared.yaml").unwrap_or_else(|e| panic!("{e}"));
    for r in edits(&declared, &run(&declared, server())) {
        assert!(r.covers.iter().all(|c| is_declared(c)), "{:?}", r.covers);
        assert_eq!(severity::of(&r), Some(Severity::Interface));
        let v = CaseVerdict::of(&r, &Baseline::default(), false);
        assert!(
            !v.counts,
            "a declared difference fails the run only with --strict"
        );
        assert!(
            v.note(false)
                .is_some_and(|n| n.starts_with("declared by the interface file"))
        );
        assert!(CaseVerdict::of(&r, &Baseline::default(), true).counts);
    }
}

#[test]
fn a_declared_size_limit_turns_the_cases_beyond_it_into_interface_differences() {
    // fs-read-cut-8mib answers a read with its first 8 MiB alone. Through the filesystem
    // mapping, the 10 MB read (ROUND-015) catches it as a core failure of
    // UNIVERSAL-LARGE-FILES; with `largest_read` declared at 8 MiB, the same failure is an
    // interface difference that does not fail the run, and the 10 MB writes, within no
    // declared cap, stay core (and pass).
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/interfaces/reference-filesystem.yaml");
    let text = std::fs::read_to_string(&path).expect("the example mapping");
    let server = || argv(FAULTY, &["--fault", "fs-read-cut-8mib", "--root", "{root}"]);
    let large = |i: &Interface| {
        let results = run_named(i, server(), Some("ROUND-01[456] "));
        assert_eq!(results.len(), 3, "{results:#?}");
        let failed: Vec<CaseResult> = results.iter().filter(|r| r.failed()).cloned().collect();
        let ids: Vec<&str> = failed.iter().map(|r| r.case_id.as_str()).collect();
        assert_eq!(ids, [format!("{}/ROUND-015", i.catalogue.profile.profile)]);
        for r in results.iter().filter(|r| r.passed()) {
            assert_eq!(r.covers, [universal_id("large-files")], "{}", r.case_id);
        }
        failed.into_iter().next().expect("one failure")
    };
    let plain =
        parse_interface(&text, "reference-filesystem.yaml").unwrap_or_else(|e| panic!("{e}"));
    let r = large(&plain);
    assert_eq!(r.covers, [universal_id("large-files")]);
    assert!(CaseVerdict::of(&r, &Baseline::default(), false).counts);
    let declared = text.replace(
        "operations:",
        "limits: {largest_read: 8388608}\noperations:",
    );
    let declared = parse_interface(&declared, "declared.yaml").unwrap_or_else(|e| panic!("{e}"));
    let r = large(&declared);
    assert!(r.covers.iter().all(|c| is_declared(c)), "{:?}", r.covers);
    assert_eq!(severity::of(&r), Some(Severity::Interface));
    let v = CaseVerdict::of(&r, &Baseline::default(), false);
    assert!(
        !v.counts,
        "a declared limit fails the run only with --strict"
    );
    assert!(CaseVerdict::of(&r, &Baseline::default(), true).counts);
}

#[test]
fn the_starter_sees_a_crlf_edit_rewritten_and_only_comments_it() {
    // lh-edit-lf writes every edited file back with LF endings: the starter's CRLF round
    // trip sees it on disk and says so in a comment, and declares nothing (a declaration
    // needs the server's documentation); the plain reference keeps every CRLF.
    let seen_with = |args: &[&str]| {
        let mut cfg = ServerConfig::reference("", ToolNames::Dotted, Default::default());
        cfg.argv = argv(FAULTY, args);
        cfg.startup_timeout = Duration::from_secs(20);
        let (tools, seen) =
            mcp_harness::run::probe::starter_seen(&cfg).unwrap_or_else(|e| panic!("{e}"));
        mcp_harness::run::starter::starter_seen(&tools, "srv", &seen)
    };
    let lf = seen_with(&["--fault", "lh-edit-lf", "--root", "{root}"]);
    assert!(lf.contains("every line ending\n# rewritten to LF"), "{lf}");
    assert!(lf.contains("#   line_endings: normalises_to_lf"), "{lf}");
    let loaded = parse_interface(&lf, "starter.yaml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        loaded
            .catalogue
            .requirement_of("UNIVERSAL-DECLARED-EDIT-LINE-ENDINGS"),
        None
    );
    let kept = seen_with(&["--plain", "--profile", "lighthouse", "--root", "{root}"]);
    assert!(kept.contains("kept every CRLF"), "{kept}");
}
