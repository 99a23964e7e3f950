//! JUnit XML (`--junit FILE`), built from the run's results so that it counts exactly what
//! the console counts.
//!
//! - One test suite per profile and area (`rootspace.read`), which is also each test
//!   case's `classname`, so CI dashboards group cases the way the catalogue does.
//! - A failure's `type` is the failed check (the step, without its keyword), and its
//!   `message` starts with the expectation; the body holds the whole failure block.
//! - A failure that does not count (SHOULD-level without `--strict`, or listed in the
//!   baseline) is reported as skipped with the reason, never as a failure.

use std::io::Write;

use junit_report::{Report, TestCase, TestSuite};

use super::console::failure_block;
use crate::run::outcome::{CaseResult, Outcome};

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

/// Builds the report. `counts` says whether a failure counts against the run (the same
/// predicate the exit code uses); `note` says why one does not.
pub fn report(
    results: &[CaseResult],
    profile: &str,
    counts: &dyn Fn(&CaseResult) -> bool,
    note: &dyn Fn(&CaseResult) -> Option<String>,
) -> Report {
    let mut suites: Vec<(String, TestSuite)> = Vec::new();
    for r in results {
        let class = classname(profile, &r.feature);
        let case = test_case(r, &class, counts(r), note(r));
        match suites.iter_mut().find(|(c, _)| *c == class) {
            Some((_, s)) => s.add_testcase(case),
            None => {
                let mut s = TestSuite::new(&class);
                s.add_testcase(case);
                suites.push((class, s));
            }
        }
    }
    let mut report = Report::new();
    report.add_testsuites(suites.into_iter().map(|(_, s)| s));
    report
}

fn test_case(r: &CaseResult, class: &str, counted: bool, note: Option<String>) -> TestCase {
    let time = r.duration.try_into().unwrap_or_default();
    let mut case = match &r.outcome {
        Outcome::Passed => TestCase::success(&r.scenario, time),
        Outcome::Skipped { reason } => TestCase::skipped_with_cause(&r.scenario, "skipped", reason),
        Outcome::Failed { step, message } => {
            let expectation = message.lines().next().unwrap_or("").trim();
            let mut c = if counted {
                TestCase::failure(&r.scenario, time, check_of(step), expectation)
            } else {
                let why = note.as_deref().unwrap_or("does not count");
                TestCase::skipped_with_cause(
                    &r.scenario,
                    "not counted",
                    &format!("failed, {why}: {expectation}"),
                )
            };
            // The whole block, unfolded, and without the console's colour codes (an
            // escape character is not allowed in XML 1.0).
            let block = failure_block(r, None, true);
            c.set_system_out(&anstream::adapter::strip_str(&block).to_string());
            c
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
    use crate::run::outcome::Level;

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

    fn xml(results: &[CaseResult], strict: bool) -> String {
        let counts = |r: &CaseResult| r.failed() && (strict || r.level == Level::Must);
        let note = |_: &CaseResult| Some("SHOULD-level".to_string());
        let mut out = Vec::new();
        write(&report(results, "rootspace", &counts, &note), &mut out).unwrap();
        String::from_utf8(out).unwrap()
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
}
