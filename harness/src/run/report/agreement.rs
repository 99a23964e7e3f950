//! The reports agree: one synthetic run (no server) rendered through the console, the
//! Markdown, the HTML page and JUnit, without a baseline, with one that expects every
//! failure, and with stale entries; each must say what the exit code says.

use std::collections::HashMap;

use super::expect_fail::Baseline;
use super::markdown::RunFacts;
use super::verdict::{RunResult, RunVerdict};
use super::{console, html, junit, markdown};
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
    let v = RunVerdict::of(results, &baseline, false, &labels, 0, false);
    let word = v.result.word();
    let counted = v.cases.iter().filter(|c| c.counts).count();
    assert_eq!(v.exit_code() == 1, counted > 0, "{v:?}");

    let md = markdown::render(&v, None, &facts());
    assert!(
        md.contains(&format!("**Result: {word}: ")),
        "Markdown verdict:\n{md}"
    );
    assert!(md.contains("1 skipped (1 another transport)"), "{md}");
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

    let args = facts().args;
    let fix = anstream::adapter::strip_str(&console::fix_first(&v, "p", &args)).to_string();
    let headline = anstream::adapter::strip_str(&console::headline(&v)).to_string();
    // The escape leads the headline in every run, expected or not.
    assert!(headline.contains("Confinement: 1 way out"), "{headline}");
    assert_eq!(
        fix.contains("1. Confinement"),
        v.result == RunResult::Fail && !baseline.lists("ES-1")
    );
    v.exit_code()
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
