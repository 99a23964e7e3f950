//! The reports agree: one synthetic run (no server) rendered through the console, the
//! Markdown, the HTML page, JUnit, Cucumber JSON and the run summary, without a baseline,
//! with one that expects every failure, and with stale entries; each must say what the
//! exit code says, and each carries the same coverage sentence (an untested shell tool) and
//! the same sentence of where the roots and outside areas were made.

use std::collections::HashMap;

use serde_json::{Value, json};

use super::coverage::{Coverage, ToolSeen};
use super::expect_fail::Baseline;
use super::markdown::RunFacts;
use super::verdict::{RunResult, RunVerdict};
use super::{console, cucumber_json, html, junit, markdown, summary};
use crate::run::outcome::{CaseResult, Outcome};

fn case(id: &str, tags: &[&str], step: Option<&str>, steps: &[&str]) -> CaseResult {
    let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
    let mut r = CaseResult::describe("a.feature", &format!("{id} a case"), &tags);
    r.steps = steps.iter().map(|s| s.to_string()).collect();
    if let Some(step) = step {
        r.outcome = Outcome::Failed {
            step: step.into(),
            message: "the call succeeded but should have failed\n  exchange:\n    -> {}".into(),
        };
    }
    r
}

/// A pass, a core wrong answer, an escape in a clarification case (as HARD-004 is), a
/// choice, and a skipped case.
fn results() -> Vec<CaseResult> {
    let mut skipped = case("SK-1", &["must", "REQ-3"], None, &[]);
    skipped.outcome = Outcome::Skipped {
        reason: "another transport".into(),
    };
    vec![
        case("OK-1", &["must", "REQ-1"], None, &[]),
        case("WR-1", &["must", "REQ-1"], Some("Then the call fails"), &[]),
        case(
            "ES-1",
            &["must", "clarification", "CLR-1", "REQ-2"],
            Some("Then no reply of the server shows any of [\"top secret\"]"),
            &["an outside file \"s\" with text \"top secret\""],
        ),
        case(
            "CH-1",
            &["must", "clarification", "CLR-2"],
            Some("Then the call fails"),
            &[],
        ),
        skipped,
    ]
}

fn facts() -> RunFacts {
    RunFacts {
        server: "srv".into(),
        protocol: "auto".into(),
        strict: false,
        args: vec!["run".into(), "--server".into(), "srv {root}".into()],
    }
}

/// Every report of the run, checked against the verdict and each other; returns the
/// verdict's exit code.
fn check(results: &[CaseResult], baseline: &str) -> u8 {
    let baseline = Baseline::parse(baseline);
    let labels: HashMap<String, &'static str> =
        [("SK-1 a case".to_string(), "another transport")].into();
    let places = "Roots and outside areas: in /var/tmp/mcp-harness-7 (each scenario's …).";
    let v = RunVerdict::of(results, &baseline, false, &labels, 0, false)
        .with_coverage(coverage())
        .with_places(places.into());
    let word = v.result.word();
    let sentence = v.coverage_sentence().unwrap_or_default();
    assert!(
        sentence.contains("`execute_shell_command` was not tested and runs commands"),
        "{sentence}"
    );
    let counted = v.cases.iter().filter(|c| c.counts).count();
    assert_eq!(v.exit_code() == 1, counted > 0, "{v:?}");

    let md = markdown::render(&v, None, &facts());
    assert!(
        md.contains(&format!("**Result: {word}: ")),
        "Markdown verdict:\n{md}"
    );
    assert!(md.contains("1 skipped (1 another transport)"), "{md}");
    assert!(md.contains(&sentence), "Markdown coverage:\n{md}");
    assert!(md.contains(places), "Markdown places:\n{md}");
    // Red marks only where a failure counts.
    let open_rows = md.matches("❌").count();
    let open_fail = v.cases.iter().any(|c| c.counts && c.result.failed());
    assert_eq!(open_rows > 0, open_fail, "{md}");

    let page = html::render(&html::Page {
        verdict: &v,
        catalogue: None,
        facts: &facts(),
    });
    let head = word.split(' ').next().unwrap_or("");
    assert!(
        page.contains(&format!("class=\"verdict {head}\"><b>Result: {word}: ")),
        "{page}"
    );
    assert!(
        page.contains("<p id=\"coverage\" class=\"doors\">")
            && page.contains("<code>execute_shell_command</code> was not tested and runs commands"),
        "{page}"
    );
    assert!(
        page.contains("/var/tmp/mcp-harness-7"),
        "HTML places:\n{page}"
    );
    for (id, n) in [
        ("failed", v.totals.failed),
        ("stale", v.totals.stale),
        ("expected", v.totals.expected),
    ] {
        assert!(
            page.contains(&format!("<b id=\"count-{id}\">{n}</b>")),
            "{page}"
        );
    }

    let mut xml = Vec::new();
    junit::write(&junit::report(&v, "p"), &mut xml).unwrap_or_default();
    let xml = String::from_utf8(xml).unwrap_or_default();
    // One suite (one feature), so its failures are the run's.
    assert_eq!(xml.matches("<testsuite ").count(), 1, "{xml}");
    assert!(
        xml.contains(&format!("failures=\"{counted}\"")),
        "JUnit fails {counted}:\n{xml}"
    );
    assert!(
        xml.contains(&format!("Result: {word}: ")) && xml.contains(&sentence),
        "JUnit verdict and coverage:\n{xml}"
    );
    assert!(
        xml.contains("/var/tmp/mcp-harness-7"),
        "JUnit places:\n{xml}"
    );

    cucumber(&v, results, counted);
    let s = summary::of(
        &v,
        &summary::Identity {
            name: "srv",
            server: "srv",
            server_info: None,
            profile: "p",
            protocol: "auto",
        },
    );
    assert_eq!((s.result.as_str(), s.exit_code), (word, v.exit_code()));
    assert_eq!(s.coverage.map(|c| c.sentence), Some(sentence.clone()));
    assert_eq!(s.places.as_deref(), Some(places));

    let args = facts().args;
    let fix = anstream::adapter::strip_str(&console::fix_first(&v, "p", &args)).to_string();
    let headline = anstream::adapter::strip_str(&console::headline(&v)).to_string();
    // The escape leads the headline in every run, expected or not.
    assert!(headline.contains("Confinement: 1 way out"), "{headline}");
    assert_eq!(
        fix.contains("1. Confinement"),
        v.result == RunResult::Fail && !baseline.lists("ES-1")
    );
    let cov = anstream::adapter::strip_str(&console::coverage(&v)).to_string();
    assert_eq!(cov.trim(), format!("{sentence}\n{places}"));
    v.exit_code()
}

/// The server's tools: two the run maps, and a shell tool it does not.
fn coverage() -> Coverage {
    let tool = |name: &str, prop: &str| {
        ToolSeen::of(&json!({"name": name, "inputSchema": {"properties": {prop: {}}}}))
            .unwrap_or_else(|| ToolSeen::named(name))
    };
    let offered = [
        tool("read_file", "path"),
        tool("write_file", "path"),
        tool("execute_shell_command", "command"),
    ];
    Coverage::of(&offered, &["read_file".into(), "write_file".into()], true)
}

/// Cucumber's own file for the cases that ran (one step each, failed or passed), completed
/// from the verdict: it must give the verdict, count every case, and fail exactly the
/// scenarios that fail the run (`counted` failures and stale entries), as JUnit does.
fn cucumber(v: &RunVerdict, results: &[CaseResult], counted: usize) {
    let step = |r: &CaseResult| match &r.outcome {
        Outcome::Failed { message, .. } => {
            json!({"name": "s", "result": {"status": "failed", "error_message": message}})
        }
        _ => json!({"name": "s", "result": {"status": "passed"}}),
    };
    let ran: Vec<Value> = results
        .iter()
        .filter(|r| !r.skipped())
        .map(|r| json!({"name": r.scenario, "steps": [step(r)]}))
        .collect();
    let not_run: Vec<CaseResult> = results.iter().filter(|r| r.skipped()).cloned().collect();
    let dir = tempfile::tempdir().expect("a temporary directory");
    let path = dir.path().join("c.json");
    let file = json!([{"uri": "features/p/a.feature", "name": "A", "elements": ran}]);
    std::fs::write(&path, file.to_string()).expect("written");
    cucumber_json::complete(&path, &not_run, v).expect("completed");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let doc: Value = serde_json::from_str(&text).unwrap_or_default();
    let verdict = &doc[0]["mcp_harness"];
    assert_eq!(verdict["exit_code"], v.exit_code(), "{doc}");
    assert_eq!(verdict["result"], v.result.word(), "{doc}");
    assert_eq!(
        verdict["coverage"]["sentence"].as_str(),
        v.coverage_sentence().as_deref()
    );
    assert_eq!(verdict["places"].as_str(), v.places.as_deref(), "{doc}");
    assert!(
        doc[0]["description"]
            .as_str()
            .is_some_and(|d| d.contains("execute_shell_command"))
    );
    let scenarios: Vec<&Value> = doc
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|f| f["elements"].as_array().into_iter().flatten())
        .collect();
    assert_eq!(scenarios.len(), v.totals.scenarios, "{doc}");
    let failed = scenarios
        .iter()
        .filter(|e| {
            e["steps"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|s| s["result"]["status"] == "failed")
        })
        .count();
    assert_eq!(failed, counted, "Cucumber JSON fails {counted}:\n{doc}");
    assert!(
        scenarios
            .iter()
            .all(|e| e["mcp_harness"]["baseline"].is_string()),
        "{doc}"
    );
}

#[test]
fn without_a_baseline_every_report_fails_the_run() {
    assert_eq!(check(&results(), ""), 1);
}

#[test]
fn with_a_baseline_that_expects_every_failure_every_report_passes() {
    assert_eq!(check(&results(), "WR-1\nES-1\nCH-1\n"), 0);
}

#[test]
fn with_a_stale_entry_every_report_fails_the_run() {
    assert_eq!(check(&results(), "WR-1\nES-1\nCH-1\nOK-1\n"), 1);
}
