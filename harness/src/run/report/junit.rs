//! JUnit XML (`--junit FILE`), built from the run's results so that it counts exactly what
//! the console counts.
//!
//! - One test suite per profile and area (`rootspace.read`), which is also each test
//!   case's `classname`, so CI dashboards group cases the way the catalogue does.
//! - A failure's `type` is the failed check (the step, without its keyword), and its
//!   `message` starts with the expectation; the body holds the whole failure block.
//! - The first suite's output holds the run's verdict, headline and coverage of the
//!   server's tools.
//! - A failure that does not count (SHOULD-level without `--strict`, or listed in the
//!   baseline) is reported as skipped with the reason, never as a failure; a baseline
//!   entry that passed (stale) is a failure that says so, as it fails the run.

use std::io::Write;

use junit_report::{Report, TestCase, TestSuite};

use super::console::failure_block;
use super::verdict::{Baselined, CaseVerdict, RunVerdict};
use crate::run::outcome::Outcome;

/// `read.feature` of the profile `rootspace` → `rootspace.read`.
pub fn classname(profile: &str, feature: &str) -> String {
    let area = feature.strip_suffix(".feature").unwrap_or(feature);
    format!("{profile}.{area}")
}

/// The check a failing step made: the step text without its Gherkin keyword.
fn check_of(step: &str) -> &str {
    for kw in ["Given ", "When ", "Then ", "And ", "But ", "* "] {
        if let Some(rest) = step.strip_prefix(kw) {
            return rest;
        }
    }
    step
}

/// Builds the report from the run's verdict: a failure counts exactly when it fails the
/// run, and a stale baseline entry is a failure that says why.
pub fn report(v: &RunVerdict, profile: &str) -> Report {
    let mut suites: Vec<(String, TestSuite)> = Vec::new();
    for c in &v.cases {
        let class = classname(profile, &c.result.feature);
        let case = test_case(c, &class, v.strict);
        match suites.iter_mut().find(|(n, _)| *n == class) {
            Some((_, s)) => s.add_testcase(case),
            None => {
                let mut s = TestSuite::new(&class);
                s.add_testcase(case);
                suites.push((class, s));
            }
        }
    }
    // The run's verdict, headline and coverage on the first suite: JUnit has no place for
    // the run as a whole, and every suite would repeat it.
    if let Some((_, first)) = suites.first_mut() {
        first.set_system_out(&run_text(v));
    }
    let mut report = Report::new();
    report.add_testsuites(suites.into_iter().map(|(_, s)| s));
    report
}

/// The run's verdict as the first suite's output: the result, the headline, the coverage.
fn run_text(v: &RunVerdict) -> String {
    let mut lines = vec![format!("Result: {}", v.sentence())];
    lines.extend(v.headline());
    lines.extend(v.coverage_sentence());
    lines.extend(v.places.clone());
    lines.join("\n")
}

fn test_case(c: &CaseVerdict, class: &str, strict: bool) -> TestCase {
    let r = c.result;
    let time = r.duration.try_into().unwrap_or_default();
    let note = c.note(strict);
    let mut case = match &r.outcome {
        Outcome::Passed if c.baseline == Baselined::Stale => TestCase::failure(
            &r.scenario,
            time,
            "stale baseline entry",
            note.unwrap_or("listed in the baseline but passed"),
        ),
        Outcome::Passed => TestCase::success(&r.scenario, time),
        Outcome::Skipped { reason } => TestCase::skipped_with_cause(&r.scenario, "skipped", reason),
        Outcome::Failed { step, message } => {
            let expectation = message.lines().next().unwrap_or("").trim();
            let mut t = if c.counts {
                TestCase::failure(&r.scenario, time, check_of(step), expectation)
            } else {
                let why = note.unwrap_or("does not count");
                TestCase::skipped_with_cause(
                    &r.scenario,
                    "not counted",
                    &format!("failed, {why}: {expectation}"),
                )
            };
            // The whole block, unfolded, and without the console's colour codes (an
            // escape character is not allowed in XML 1.0); its severity first.
            let block = failure_block(r, None, true);
            let sev = c.severity.map_or("", |s| s.title());
            t.set_system_out(&format!(
                "severity: {sev}\n{}",
                anstream::adapter::strip_str(&block)
            ));
            t
        }
    };
    case.set_classname(class);
    case
}

/// The report of a run that stopped before any case (the server could not be started, or
/// offers another interface): one errored test case that gives the reason.
pub fn aborted(paragraph: &str) -> Report {
    let mut case = TestCase::error(
        "(start-up probe)",
        Default::default(),
        "no case was run",
        paragraph,
    );
    case.set_classname("mcp-harness.probe");
    let mut suite = TestSuite::new("mcp-harness.probe");
    suite.add_testcase(case);
    let mut report = Report::new();
    report.add_testsuite(suite);
    report
}

/// Writes the report as XML.
pub fn write(report: &Report, out: impl Write) -> Result<(), String> {
    report
        .write_xml(out)
        .map_err(|e| format!("cannot write the JUnit report: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::outcome::{CaseResult, Level};
    use crate::run::report::expect_fail::Baseline;

    fn result(feature: &str, id: &str, level: Level, failed: bool) -> CaseResult {
        let mut r = CaseResult::describe(feature, &format!("{id} a case"), &[]);
        r.level = level;
        if failed {
            r.outcome = Outcome::Failed {
                step: "Then the call fails with stale_hash".into(),
                message: "expected a stale_hash error, got success\n  exchange...".into(),
            };
        }
        r
    }

    fn xml_with(results: &[CaseResult], strict: bool, baseline: &Baseline) -> String {
        let v = RunVerdict::of(results, baseline, strict, &Default::default(), 0, false);
        let mut out = Vec::new();
        write(&report(&v, "rootspace"), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn xml(results: &[CaseResult], strict: bool) -> String {
        xml_with(results, strict, &Baseline::default())
    }

    #[test]
    fn failures_carry_check_expectation_and_classname() {
        let x = xml(
            &[result("hash.feature", "HASH-001", Level::Must, true)],
            false,
        );
        assert!(x.contains(r#"classname="rootspace.hash""#), "{x}");
        assert!(
            x.contains(r#"type="the call fails with stale_hash""#),
            "{x}"
        );
        assert!(
            x.contains(r#"message="expected a stale_hash error, got success""#),
            "{x}"
        );
        assert!(x.contains(r#"failures="1""#), "{x}");
        assert!(!x.contains("Step panicked"), "{x}");
        assert!(!x.contains('\u{1b}'), "no colour codes in XML: {x}");
    }

    #[test]
    fn uncounted_should_failures_are_skipped_unless_strict() {
        let rs = [
            result("read.feature", "READ-001", Level::Should, true),
            result("read.feature", "READ-002", Level::Must, false),
        ];
        let lenient = xml(&rs, false);
        assert!(lenient.contains(r#"failures="0""#), "{lenient}");
        assert_eq!(lenient.matches("<skipped ").count(), 1, "{lenient}");
        assert!(lenient.contains("SHOULD-level"), "{lenient}");
        let strict = xml(&rs, true);
        assert!(strict.contains(r#"failures="1""#), "{strict}");
    }

    #[test]
    fn a_stale_baseline_entry_is_a_failure_with_its_reason() {
        let rs = [result("read.feature", "READ-002", Level::Must, false)];
        let x = xml_with(&rs, false, &Baseline::parse("READ-002\n"));
        assert!(x.contains(r#"failures="1""#), "{x}");
        assert!(x.contains(r#"type="stale baseline entry""#), "{x}");
        assert!(x.contains("remove it from the file"), "{x}");
    }
}
