//! The verdict of a run, computed once from the case results and the baseline: per case its
//! baseline status, severity and whether it counts; per run the totals, the result (PASS,
//! FAIL, INCOMPLETE, NOTHING TESTED), the exit code, the headline per severity class and what to fix
//! first, and which of the server's tools the run covered (`coverage.rs`). The console,
//! Markdown, HTML, JUnit, Cucumber JSON and summary reports only render it, so they agree.

use std::collections::HashMap;

use super::coverage::{Confinement, Coverage};
use super::expect_fail::Baseline;
use super::gaps::OperationGap;
use super::severity::{self, Severity};
use super::totals::Totals;
use crate::catalogue::interface;
use crate::run::outcome::{CaseResult, Level, Outcome};

/// What the baseline says of a case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baselined {
    /// No baseline, or the case is not listed and did not fail.
    None,
    /// Listed, and failed as expected.
    Expected,
    /// Listed, but passed: the entry is stale and fails the run.
    Stale,
    /// Failed and not listed, in a run with a baseline: a new failure.
    New,
}

/// One case as the reports show it.
#[derive(Debug, Clone)]
pub struct CaseVerdict<'a> {
    pub result: &'a CaseResult,
    pub baseline: Baselined,
    /// The class of a failure; `None` when the case did not fail.
    pub severity: Option<Severity>,
    /// Whether it fails the run (a counted failure, or a stale entry).
    pub counts: bool,
}

impl<'a> CaseVerdict<'a> {
    /// `r` judged against the baseline and the strictness of the run.
    pub fn of(r: &'a CaseResult, baseline: &Baseline, strict: bool) -> CaseVerdict<'a> {
        let listed = baseline.lists(&r.case_id);
        let status = match (listed, &r.outcome) {
            (true, Outcome::Failed { .. }) => Baselined::Expected,
            (true, Outcome::Passed) => Baselined::Stale,
            (false, Outcome::Failed { .. }) if !baseline.ids.is_empty() => Baselined::New,
            _ => Baselined::None,
        };
        let counted_failure = r.failed() && !listed && (strict || r.level == Level::Must);
        CaseVerdict {
            result: r,
            baseline: status,
            severity: severity::of(r),
            counts: counted_failure || status == Baselined::Stale,
        }
    }

    /// Why a failure does not count, or why a pass does.
    pub fn note(&self, strict: bool) -> Option<&'static str> {
        match self.baseline {
            Baselined::Expected => Some("expected failure (listed in the baseline)"),
            Baselined::Stale => {
                Some("listed in the expected-failures file but passed; remove it from the file")
            }
            _ if self.result.failed()
                && !strict
                && self.result.covers.iter().any(|c| interface::is_declared(c)) =>
            {
                Some(
                    "declared by the interface file: reported, does not fail the run without --strict",
                )
            }
            _ if self.result.failed() && !strict && self.result.level == Level::Should => {
                Some("SHOULD-level: reported, does not fail the run without --strict")
            }
            _ => None,
        }
    }
}

/// The result of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunResult {
    Pass,
    Fail,
    /// No case ran: every selected case was skipped (an interface run), or none matched.
    NothingTested,
    /// No counted failure, but an operation the server offers went untested (an interface
    /// run's gaps, `gaps.rs`): no pass, since the pass would not cover the server.
    Incomplete,
}

impl RunResult {
    pub fn word(self) -> &'static str {
        match self {
            RunResult::Pass => "PASS",
            RunResult::Fail => "FAIL",
            RunResult::NothingTested => "NOTHING TESTED",
            RunResult::Incomplete => "INCOMPLETE",
        }
    }
}

/// A cause to fix: failures of one class and one failing check, and the case that shows it.
#[derive(Debug, Clone)]
pub struct Cause<'a> {
    pub severity: Severity,
    /// A plain title: the class and the check that failed.
    pub title: String,
    pub cases: Vec<&'a CaseResult>,
}

impl<'a> Cause<'a> {
    /// The case that shows the cause (the first of its cases).
    pub fn example(&self) -> &'a CaseResult {
        self.cases[0]
    }

    /// The check that failed (what was expected) and what happened instead.
    pub fn expected_actual(&self) -> (String, String) {
        match &self.example().outcome {
            Outcome::Failed { step, message } => (
                severity::sentence(step).to_string(),
                message.lines().next().unwrap_or("").trim().to_string(),
            ),
            _ => (String::new(), String::new()),
        }
    }
}

/// The run's verdict.
#[derive(Debug, Clone)]
pub struct RunVerdict<'a> {
    pub results: &'a [CaseResult],
    pub cases: Vec<CaseVerdict<'a>>,
    pub totals: Totals,
    pub parse_errors: usize,
    pub strict: bool,
    pub result: RunResult,
    /// Which of the server's tools the mapped operations call; `None` in a run that did
    /// not ask the server (tests).
    pub coverage: Option<Coverage>,
    /// Where the roots and outside areas were made (`scratch::places_sentence`); `None` in
    /// a run that made none of its own (tests).
    pub places: Option<String>,
    /// The operations the server offers that the run left untested (interface runs).
    pub gaps: Vec<OperationGap>,
}

impl<'a> RunVerdict<'a> {
    /// The verdict of `results`; `interface`: a run with `--interface`, where a run whose
    /// every case was skipped tested nothing; `skip_labels` says why each skipped scenario
    /// was not run.
    pub fn of(
        results: &'a [CaseResult],
        baseline: &Baseline,
        strict: bool,
        skip_labels: &HashMap<String, &'static str>,
        parse_errors: usize,
        interface: bool,
    ) -> RunVerdict<'a> {
        let cases: Vec<CaseVerdict> = results
            .iter()
            .map(|r| CaseVerdict::of(r, baseline, strict))
            .collect();
        let totals = totals(&cases, skip_labels);
        // An interface run tested something only when a case that acts on the root ran: one
        // of STDIO-001 alone, or of cases all skipped, is no pass (a starter that maps nothing).
        // Any run whose every case was skipped (not tested, for want of a control, say)
        // tested nothing.
        let acted = results.iter().any(|r| !r.skipped() && r.acts_on_files());
        let counted = cases.iter().any(|c| c.counts);
        let all_skipped = results.iter().all(CaseResult::skipped);
        let nothing = results.is_empty() || (!acted && !counted && (interface || all_skipped));
        let result = if nothing {
            RunResult::NothingTested
        } else if parse_errors > 0 || counted {
            RunResult::Fail
        } else {
            RunResult::Pass
        };
        RunVerdict {
            results,
            cases,
            totals,
            parse_errors,
            strict,
            result,
            coverage: None,
            places: None,
            gaps: Vec::new(),
        }
    }

    /// The verdict with the sentence of where the roots and outside areas were made.
    pub fn with_places(mut self, sentence: String) -> Self {
        self.places = Some(sentence);
        self
    }

    /// The verdict with the operations the server offers that the run left untested: a run
    /// that would pass is INCOMPLETE with any.
    pub fn with_gaps(mut self, gaps: Vec<OperationGap>) -> Self {
        if self.result == RunResult::Pass && !gaps.is_empty() {
            self.result = RunResult::Incomplete;
        }
        self.gaps = gaps;
        self
    }

    /// The verdict with the run's coverage of the server's tools.
    pub fn with_coverage(mut self, coverage: Coverage) -> Self {
        self.coverage = Some(coverage);
        self
    }

    /// The coverage sentence every report carries, when the run knows its coverage.
    pub fn coverage_sentence(&self) -> Option<String> {
        let escaped = self.failures().any(|c| {
            matches!(
                c.severity,
                Some(Severity::OutsideRead | Severity::OutsideWrite)
            )
        });
        let tried = self
            .results
            .iter()
            .filter(|r| !r.skipped() && severity::involves_outside(&r.steps))
            .count();
        let confinement = match (escaped, tried) {
            (true, _) => Confinement::Escaped,
            (false, 0) => Confinement::Untried,
            (false, k) => Confinement::Held(k),
        };
        let tools = self.coverage.as_ref().map(|c| c.sentence(confinement));
        match (tools, self.gaps_sentence()) {
            (Some(t), Some(g)) => Some(format!("{t} {g}")),
            (t, g) => t.or(g),
        }
    }

    /// "Not tested although the server offers it: `delete` (...)."; `None` without gaps.
    fn gaps_sentence(&self) -> Option<String> {
        if self.gaps.is_empty() {
            return None;
        }
        let each: Vec<String> = self.gaps.iter().map(OperationGap::said).collect();
        Some(format!(
            "Not tested although the server offers it: {}.",
            each.join("; ")
        ))
    }

    /// 0 pass, 1 fail, 2 nothing tested, 3 incomplete.
    pub fn exit_code(&self) -> u8 {
        match self.result {
            RunResult::Pass => 0,
            RunResult::Fail => 1,
            RunResult::NothingTested => 2,
            RunResult::Incomplete => 3,
        }
    }

    /// The verdict in one line: "PASS: 94 passed; 3 failures expected by the baseline".
    pub fn sentence(&self) -> String {
        let t = &self.totals;
        let mut parts = vec![format!("{} passed", t.passed)];
        if t.counted > 0 {
            parts.push(format!("{} failed", t.counted));
        }
        let tolerated = t.failed - t.counted;
        if tolerated > 0 {
            parts.push(format!(
                "{tolerated} SHOULD-level failure{} not counted without --strict",
                if tolerated == 1 { "" } else { "s" }
            ));
        }
        if t.expected > 0 {
            parts.push(format!(
                "{} failure{} expected by the baseline",
                t.expected,
                if t.expected == 1 { "" } else { "s" }
            ));
        }
        if t.stale > 0 {
            parts.push(format!(
                "{} stale baseline entr{}",
                t.stale,
                if t.stale == 1 { "y" } else { "ies" }
            ));
        }
        if t.skipped_total() > 0 {
            parts.push(format!("{} skipped", t.skipped_total()));
        }
        if self.parse_errors > 0 {
            parts.push(format!("{} feature files did not parse", self.parse_errors));
        }
        if !self.gaps.is_empty() {
            let ops: Vec<&str> = self.gaps.iter().map(|g| g.operation.as_str()).collect();
            parts.push(format!("not tested: {}", ops.join(", ")));
        }
        format!("{}: {}", self.result.word(), parts.join("; "))
    }

    /// Whether the baseline expects the case `id` to fail, and it did.
    pub fn expected(&self, id: &str) -> bool {
        self.cases
            .iter()
            .any(|c| c.result.case_id == id && c.baseline == Baselined::Expected)
    }

    /// The failed cases.
    pub fn failures(&self) -> impl Iterator<Item = &CaseVerdict<'a>> {
        self.cases.iter().filter(|c| c.severity.is_some())
    }

    /// Cases listed in the baseline that passed.
    pub fn stale(&self) -> impl Iterator<Item = &CaseVerdict<'a>> {
        self.cases.iter().filter(|c| c.baseline == Baselined::Stale)
    }

    /// One line per severity class that failed, most severe first: "Confinement: 2 ways
    /// out (data read outside) — HARD-004, FSC-ROOTS-013".
    pub fn headline(&self) -> Vec<String> {
        Severity::ALL
            .iter()
            .filter_map(|&s| {
                let of: Vec<&CaseVerdict> =
                    self.failures().filter(|c| c.severity == Some(s)).collect();
                if of.is_empty() {
                    return None;
                }
                let expected = of
                    .iter()
                    .filter(|c| c.baseline == Baselined::Expected)
                    .count();
                let mut line = format!("{} — {}", s.headline(of.len()), ids(&of));
                if expected > 0 {
                    line.push_str(&format!(" ({expected} expected by the baseline)"));
                }
                Some(line)
            })
            .collect()
    }

    /// The causes to fix, failures the baseline does not expect: by severity, then by how
    /// many cases share the cause.
    pub fn fix_first(&self) -> Vec<Cause<'a>> {
        let mut causes: Vec<Cause> = Vec::new();
        let open = self
            .failures()
            .filter(|c| c.baseline != Baselined::Expected);
        for c in open {
            let Some(sev) = c.severity else { continue };
            let title = title(sev, c.result);
            match causes
                .iter_mut()
                .find(|k| k.severity == sev && k.title == title)
            {
                Some(k) => k.cases.push(c.result),
                None => causes.push(Cause {
                    severity: sev,
                    title,
                    cases: vec![c.result],
                }),
            }
        }
        causes.sort_by(|a, b| {
            (a.severity, std::cmp::Reverse(a.cases.len()))
                .cmp(&(b.severity, std::cmp::Reverse(b.cases.len())))
        });
        causes
    }

    /// Open (not expected) failures of class `Choice`: the only ones a reader may set
    /// aside as ours.
    pub fn open_choices(&self) -> Vec<&'a CaseResult> {
        self.failures()
            .filter(|c| c.baseline != Baselined::Expected && c.severity == Some(Severity::Choice))
            .map(|c| c.result)
            .collect()
    }
}

/// Up to five case ids, and how many more.
fn ids(cases: &[&CaseVerdict]) -> String {
    let mut s: Vec<&str> = cases
        .iter()
        .take(5)
        .map(|c| c.result.case_id.as_str())
        .collect();
    let more = cases.len().saturating_sub(5);
    let more = format!("and {more} more");
    if cases.len() > 5 {
        s.push(&more);
    }
    s.join(", ")
}

/// "Wrong answer: the call fails with the expected error": the class, and the failing
/// check with each value named by its kind (`the file NAME has text TEXT`), so cases of
/// one cause share it and the title reads whole.
fn title(sev: Severity, r: &CaseResult) -> String {
    let Outcome::Failed { step, .. } = &r.outcome else {
        return sev.title().to_string();
    };
    let check = match severity::form_of(step) {
        Some(f) => generic(f.template),
        None => severity::sentence(step).to_string(),
    };
    format!("{}: {check}", sev.title())
}

/// A step template with its placeholders named: `{quoted}` NAME, `{string}` TEXT, ...
fn generic(template: &str) -> String {
    let t = template.replace("{a} {kind} error", "the expected error");
    let mut out = String::new();
    let mut rest = t.as_str();
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        let (name, tail) = after.split_once('}').unwrap_or((after, ""));
        out.push_str(match name {
            "quoted" => "NAME",
            "string" => "TEXT",
            "number" => "N",
            "array" => "LIST",
            "object" => "ARGUMENTS",
            "json" => "JSON",
            "mode" => "MODE",
            "word" => "TYPE",
            _ => "VALUE",
        });
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// A long "actual" shortened for a list of causes: `None` when it fits in `max`
/// characters; else the text to show (cut at a word, or a result quoted as JSON shown as
/// `result: {…}`) and the whole, its JSON pretty-printed.
pub fn shorten_actual(got: &str, max: usize) -> Option<(String, String)> {
    let (shown, cut) = clip(got, max);
    if !cut {
        return None;
    }
    // A result quoted as JSON (whole, or cut by the check with "… (n more bytes)"): its
    // words shown, the JSON folded, pretty-printed when it parses.
    if let Some((head, json)) = got.split_once(": {")
        && head.chars().count() < max
    {
        let whole = serde_json::from_str::<serde_json::Value>(&format!("{{{json}"))
            .ok()
            .and_then(|v| serde_json::to_string_pretty(&v).ok())
            .map_or_else(|| got.to_string(), |p| format!("{head}:\n{p}"));
        return Some((format!("{head}: {{…}}"), whole));
    }
    Some((shown, got.to_string()))
}

/// `s` cut to at most `max` characters at a word boundary, with "…"; whole if it fits.
/// The second value says whether it was cut.
pub fn clip(s: &str, max: usize) -> (String, bool) {
    if s.chars().count() <= max {
        return (s.to_string(), false);
    }
    let head: String = s.chars().take(max).collect();
    // Back to the last space, unless that loses most of the text (one long JSON word).
    let cut = match head.rfind(' ') {
        Some(i) if i > max / 2 => &head[..i],
        _ => head.as_str(),
    };
    (
        format!("{}…", cut.trim_end_matches([',', ';', ':', ' '])),
        true,
    )
}

fn totals(cases: &[CaseVerdict], skip_labels: &HashMap<String, &'static str>) -> Totals {
    let failed = cases.iter().filter(|c| c.result.failed());
    let expected = failed
        .clone()
        .filter(|c| c.baseline == Baselined::Expected)
        .count();
    let mut skipped: Vec<(String, usize)> = Vec::new();
    for c in cases.iter().filter(|c| c.result.skipped()) {
        let untested = matches!(&c.result.outcome, Outcome::Skipped { reason } if reason.starts_with("not tested: "));
        let label = match skip_labels.get(&c.result.scenario) {
            Some(label) => label,
            None if untested => "not tested",
            None => "not run",
        };
        match skipped.iter_mut().find(|(l, _)| l == label) {
            Some((_, n)) => *n += 1,
            None => skipped.push((label.to_string(), 1)),
        }
    }
    Totals {
        scenarios: cases.len(),
        passed: cases.iter().filter(|c| c.result.passed()).count(),
        failed: failed.count() - expected,
        counted: cases
            .iter()
            .filter(|c| c.counts && c.result.failed())
            .count(),
        expected,
        skipped,
        stale: cases
            .iter()
            .filter(|c| c.baseline == Baselined::Stale)
            .count(),
    }
}

/// The command that reruns just `case_id`: the run's own arguments without the report
/// files (the summary too), the baseline and any `--name`, and `--name '^<id> '`.
pub fn rerun(args: &[String], case_id: &str) -> String {
    const DROP: [&str; 8] = [
        "--name",
        "--report",
        "--html",
        "--junit",
        "--json",
        "--summary",
        "--expect-fail",
        "-o",
    ];
    let mut out = vec!["mcp-harness".to_string()];
    let mut skip_next = false;
    for a in args {
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if DROP.contains(&a.as_str()) {
            skip_next = true;
            continue;
        }
        if DROP.iter().any(|d| a.starts_with(&format!("{d}="))) {
            continue;
        }
        out.push(shell_quote(a));
    }
    out.push("--name".into());
    out.push(shell_quote(&format!("^{} ", escape_regex(case_id))));
    out.join(" ")
}

/// `id` with the regex metacharacters escaped (`T3.5.2` → `T3\.5\.2`); a hyphen stays.
fn escape_regex(id: &str) -> String {
    let mut out = String::with_capacity(id.len());
    for c in id.chars() {
        if "\\.+*?()|[]{}^$#&~".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `s` as one shell word.
fn shell_quote(s: &str) -> String {
    let plain = !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,@%+".contains(c));
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn case_result(id: &str, tags: &[&str], fail: Option<&str>) -> CaseResult {
        let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        let mut r = CaseResult::describe("a.feature", &format!("{id} does a thing"), &tags);
        if let Some(step) = fail {
            r.outcome = Outcome::Failed {
                step: step.into(),
                message: "the call succeeded but should have failed\n  exchange".into(),
            };
        }
        r
    }

    fn run() -> Vec<CaseResult> {
        let mut escape = case_result(
            "ESC-1",
            &["must", "clarification", "CLR-1"],
            Some("Then the call fails"),
        );
        escape.outcome = Outcome::Failed {
            step: "Then the call fails".into(),
            message: format!(
                "the call succeeded but should have failed; {}\n  exchange",
                severity::BAIT_SHOWN
            ),
        };
        escape.steps = vec![
            "an outside file \"s\" with text \"x\"".into(),
            "the client calls \"read_file\" with {\"path\":\"${outside}/s\"}".into(),
        ];
        vec![
            case_result("OK-1", &["must", "REQ-1"], None),
            case_result(
                "CH-1",
                &["must", "clarification", "CLR-2"],
                Some("Then the call fails"),
            ),
            case_result("WR-1", &["must", "REQ-1"], Some("Then the call fails")),
            case_result("WR-2", &["must", "REQ-2"], Some("Then the call fails")),
            escape,
            case_result("SH-1", &["should", "REQ-3"], Some("Then the call fails")),
        ]
    }

    /// A run that would pass, with an operation the server offers untested, is INCOMPLETE
    /// (exit 3) and every rendering says which; a failing run stays FAIL.
    #[test]
    fn gaps_make_a_passing_run_incomplete_never_a_failing_one() {
        use super::super::gaps::GapWhy;
        let gap = OperationGap {
            operation: "delete".into(),
            why: GapWhy::DeclaredAbsent {
                tool: "remove_file".into(),
            },
        };
        let passing = vec![case_result("OK-1", &["must", "REQ-1"], None)];
        // Not an interface run: its case lists no step that acts on the root.
        let of = |results| {
            RunVerdict::of(
                results,
                &Baseline::default(),
                false,
                &HashMap::new(),
                0,
                false,
            )
        };
        let v = of(&passing).with_gaps(vec![gap.clone()]);
        assert_eq!((v.result, v.exit_code()), (RunResult::Incomplete, 3));
        assert_eq!(v.sentence(), "INCOMPLETE: 1 passed; not tested: delete");
        let said = v.coverage_sentence().unwrap_or_default();
        assert!(
            said.contains("`delete` (the server lists `remove_file`"),
            "{said}"
        );
        assert_eq!(of(&passing).with_gaps(Vec::new()).result, RunResult::Pass);
        let failing = run();
        assert_eq!(of(&failing).with_gaps(vec![gap]).result, RunResult::Fail);
    }

    #[test]
    fn without_a_baseline_counted_failures_fail_the_run() {
        let results = run();
        let v = RunVerdict::of(
            &results,
            &Baseline::default(),
            false,
            &HashMap::new(),
            0,
            false,
        );
        assert_eq!(v.result, RunResult::Fail);
        assert_eq!(v.exit_code(), 1);
        assert_eq!((v.totals.failed, v.totals.counted), (5, 4));
        assert!(v.cases.iter().all(|c| c.baseline != Baselined::New));
        // The escape in a clarification case leads, apart from the choice.
        let causes = v.fix_first();
        assert_eq!(causes[0].severity, Severity::OutsideRead, "{causes:?}");
        assert_eq!(causes[0].example().case_id, "ESC-1");
        assert_eq!(causes[1].cases.len(), 3, "WR-1, WR-2, SH-1 share a cause");
        assert_eq!(causes.last().map(|c| c.severity), Some(Severity::Choice));
        assert_eq!(v.open_choices().len(), 1);
        assert!(
            v.headline()[0].starts_with("Confinement: 1 way out"),
            "{:?}",
            v.headline()
        );
    }

    #[test]
    fn a_baseline_that_expects_every_failure_passes_and_a_stale_entry_fails() {
        let results = run();
        let all = Baseline::parse("CH-1\nWR-1\nWR-2\nESC-1\nSH-1\n");
        let v = RunVerdict::of(&results, &all, false, &HashMap::new(), 0, false);
        assert_eq!((v.result, v.exit_code()), (RunResult::Pass, 0));
        assert_eq!(v.totals.expected, 5);
        assert!(v.fix_first().is_empty());
        assert!(
            v.sentence()
                .starts_with("PASS: 1 passed; 5 failures expected"),
            "{}",
            v.sentence()
        );
        let stale = Baseline::parse("OK-1\nWR-1\n");
        let v = RunVerdict::of(&results, &stale, false, &HashMap::new(), 0, false);
        assert_eq!((v.result, v.exit_code()), (RunResult::Fail, 1));
        assert_eq!(v.stale().count(), 1);
        assert_eq!(v.cases[2].baseline, Baselined::Expected);
        assert_eq!(v.cases[3].baseline, Baselined::New);
    }

    #[test]
    fn a_run_that_ran_nothing_tested_nothing() {
        let mut skipped = case_result("S-1", &["must"], None);
        skipped.outcome = Outcome::Skipped {
            reason: "operation absent".into(),
        };
        let results = [skipped];
        let v = RunVerdict::of(
            &results,
            &Baseline::default(),
            false,
            &HashMap::new(),
            0,
            true,
        );
        assert_eq!((v.result, v.exit_code()), (RunResult::NothingTested, 2));
        let none = RunVerdict::of(&[], &Baseline::default(), false, &HashMap::new(), 0, false);
        assert_eq!(none.exit_code(), 2);
    }

    #[test]
    fn titles_name_their_values_and_clips_end_at_a_word() {
        assert_eq!(
            generic("the result field {quoted} matches {string}"),
            "the result field NAME matches TEXT"
        );
        assert_eq!(
            generic(
                "exactly {number} of the concurrent calls succeed and the others fail with {a} {kind} error"
            ),
            "exactly N of the concurrent calls succeed and the others fail with the expected error"
        );
        assert_eq!(clip("short", 10), ("short".to_string(), false));
        assert_eq!(
            clip("the call succeeded but should have failed; result: {}", 30),
            ("the call succeeded but should…".to_string(), true)
        );
        let word = "x".repeat(50);
        assert_eq!(clip(&word, 20).0.chars().count(), 21);
        let got = format!(
            "the call succeeded; result: {{\"text\":\"{}\"}}",
            "=".repeat(80)
        );
        let (shown, whole) = shorten_actual(&got, 60).unwrap_or_default();
        assert_eq!(shown, "the call succeeded; result: {…}");
        assert!(
            whole.starts_with("the call succeeded; result:\n{\n  \"text\""),
            "{whole}"
        );
        assert_eq!(shorten_actual("short", 60), None);
        let cut = format!(
            "the call succeeded; result: {{\"text\":\"{}... (177 more bytes)",
            "=".repeat(80)
        );
        let (shown, whole) = shorten_actual(&cut, 60).unwrap_or_default();
        assert_eq!(
            (shown.as_str(), whole),
            ("the call succeeded; result: {…}", cut)
        );
    }

    #[test]
    fn the_rerun_command_keeps_the_server_and_drops_the_reports() {
        let args: Vec<String> = [
            "run",
            "--server",
            "srv {root}",
            "--name",
            "SAFE",
            "--html",
            "x.html",
            "--junit=x.xml",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        assert_eq!(
            rerun(&args, "filesystem/T3.5.2"),
            "mcp-harness run --server 'srv {root}' --name '^filesystem/T3\\.5\\.2 '"
        );
    }
}
