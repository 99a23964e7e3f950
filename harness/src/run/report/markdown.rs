//! The Markdown requirement matrix (`--report FILE`), ready to paste into a README: one
//! row per upstream requirement, and the clarifications in a table of their own.

use std::fmt::Write as _;

use super::console::{Tally, is_clarification_id, tally};
use super::verdict::{self, RunVerdict};
use crate::catalogue::Catalogue;

/// Header facts about the run.
pub struct RunFacts {
    pub server: String,
    pub protocol: String,
    pub strict: bool,
    /// The run's command-line arguments (after the program name), for rerun commands.
    pub args: Vec<String>,
}

/// A verdict in a table cell: on one line, never clipped (what is left unexercised must
/// show whole).
fn verdict_cell(v: &Verdict) -> String {
    match v {
        Verdict::NotApplicable(_) => cell(&v.text()),
        _ => v
            .text()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .replace('|', "\\|"),
    }
}

/// A cause's "actual" in one cell-like line: a result quoted as JSON shown as `{…}` (the
/// HTML page and the console's failure block show it whole).
fn actual(got: &str) -> String {
    let shown = verdict::shorten_actual(got, 110).map_or_else(|| got.to_string(), |(s, _)| s);
    cell(&shown)
}

fn cell(s: &str) -> String {
    let one_line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    verdict::clip(&one_line, 110).0.replace('|', "\\|")
}

/// The result a row has earned: a pass only when cases that test it ran and passed, and a
/// plain pass only when they exercise all of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    NotApplicable(String),
    NoCaseRan,
    Passed(usize),
    /// Its cases passed, but they leave this part of it unexercised.
    Partly(usize, String),
    Failed {
        failed: usize,
        of: usize,
    },
    /// Its failures are all expected by the baseline: not red, the run may still pass.
    Expected {
        failed: usize,
        of: usize,
    },
}

impl Verdict {
    /// From the row's cases; `not_applicable` and `unexercised` come from the catalogue.
    pub fn of(t: Option<&Tally>, not_applicable: Option<&str>, unexercised: Option<&str>) -> Self {
        let ran = t.filter(|t| !(t.passed.is_empty() && t.failed.is_empty()));
        match (ran, not_applicable, unexercised) {
            (None, Some(why), _) => Verdict::NotApplicable(why.to_string()),
            (None, None, _) => Verdict::NoCaseRan,
            (Some(t), _, _) if !t.failed.is_empty() => Verdict::Failed {
                failed: t.failed.len(),
                of: t.failed.len() + t.passed.len(),
            },
            (Some(t), _, Some(part)) => Verdict::Partly(t.passed.len(), part.to_string()),
            (Some(t), _, None) => Verdict::Passed(t.passed.len()),
        }
    }

    /// A failed row whose failures the baseline all expects becomes `Expected`.
    pub fn with_baseline(self, t: Option<&Tally>, expected: &dyn Fn(&str) -> bool) -> Self {
        match (self, t) {
            (Verdict::Failed { failed, of }, Some(t)) if t.failed.iter().all(|id| expected(id)) => {
                Verdict::Expected { failed, of }
            }
            (v, _) => v,
        }
    }

    /// The text of the Result column.
    pub fn text(&self) -> String {
        match self {
            Verdict::NotApplicable(why) => format!("not applicable: {why}"),
            Verdict::NoCaseRan => "— no case ran".into(),
            Verdict::Passed(n) => format!("✅ passed ({n})"),
            Verdict::Partly(n, part) => {
                format!("⚠️ partly exercised: passed ({n}); no case exercises {part}")
            }
            Verdict::Failed { failed, of } => format!("❌ failed {failed} of {of}"),
            Verdict::Expected { failed, of } => {
                format!("expected by the baseline: failed {failed} of {of}")
            }
        }
    }

    /// The text without its emoji mark, for the HTML page, which colours the words instead
    /// (a browser without an emoji font draws the mark as an empty box).
    pub fn words(&self) -> String {
        let text = self.text();
        ["✅ ", "⚠️ ", "❌ "]
            .iter()
            .find_map(|m| text.strip_prefix(m))
            .map_or_else(|| text.clone(), str::to_string)
    }

    /// A one-word kind, for the HTML page's styles and filters.
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::NotApplicable(_) => "na",
            Verdict::NoCaseRan => "norun",
            Verdict::Passed(_) => "pass",
            Verdict::Partly(..) => "partly",
            Verdict::Failed { .. } => "fail",
            Verdict::Expected { .. } => "xfail",
        }
    }
}

fn cases(t: Option<&Tally>, expected: &dyn Fn(&str) -> bool) -> String {
    let Some(t) = t else { return String::new() };
    let mut ids: Vec<String> = t
        .failed
        .iter()
        .map(|id| {
            if expected(id) {
                format!("*{id}*")
            } else {
                format!("**{id}**")
            }
        })
        .collect();
    ids.extend(t.passed.iter().cloned());
    ids.join(", ")
}

/// The verdict first, then the headline and what to fix first, then the matrix: fit for
/// a GitHub job summary.
pub fn render(v: &RunVerdict, catalogue: Option<&Catalogue>, facts: &RunFacts) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Conformance report\n");
    let _ = writeln!(out, "**Result: {}**\n", v.sentence());
    let _ = writeln!(out, "{}\n", run_line(v, facts));
    if let Some(sentence) = v.coverage_sentence() {
        let _ = writeln!(out, "{sentence}\n");
    }
    if let Some(places) = &v.places {
        let _ = writeln!(out, "{places}\n");
    }
    let head = v.headline();
    if !head.is_empty() {
        let _ = writeln!(out, "## Headline\n");
        for line in head {
            let _ = writeln!(out, "- {}", line.replace('|', "\\|"));
        }
        out.push('\n');
    }
    fix_first(&mut out, v, facts);
    stale(&mut out, v);
    matrix(&mut out, v, catalogue);
    out
}

/// The server, the protocol, and the cases run and skipped, with the run's own reasons.
fn run_line(v: &RunVerdict, facts: &RunFacts) -> String {
    let t = &v.totals;
    let mut line = format!(
        "Server: `{}` · protocol: {} · {} cases run",
        facts.server,
        facts.protocol,
        t.scenarios - t.skipped_total()
    );
    if t.skipped_total() > 0 {
        let why: Vec<String> = t.skipped.iter().map(|(l, n)| format!("{n} {l}")).collect();
        let _ = write!(
            line,
            " · {} skipped ({})",
            t.skipped_total(),
            why.join(", ")
        );
    }
    if facts.strict {
        line.push_str(" · strict (SHOULD failures count)");
    }
    line
}

/// Each cause to fix, most severe first, with its case, expected against actual, and the
/// command that reruns it.
fn fix_first(out: &mut String, v: &RunVerdict, facts: &RunFacts) {
    let causes = v.fix_first();
    if causes.is_empty() {
        return;
    }
    let _ = writeln!(out, "## What to fix first\n");
    for (i, c) in causes.iter().enumerate() {
        let (want, got) = c.expected_actual();
        let ids: Vec<&str> = c.cases.iter().map(|r| r.case_id.as_str()).collect();
        let ex = c.example();
        let _ = writeln!(
            out,
            "{}. **{}** ({}: {})  \n   Shown by {}: expected `{}`, actual: {}  \n   Rerun: `{}`",
            i + 1,
            c.title,
            if ids.len() == 1 {
                "1 case".to_string()
            } else {
                format!("{} cases", ids.len())
            },
            ids.join(", "),
            ex.scenario,
            want.replace('`', "'"),
            actual(&got),
            verdict::rerun(&facts.args, &ex.case_id)
        );
    }
    let choices = v.open_choices();
    if !choices.is_empty() {
        let ids: Vec<&str> = choices.iter().map(|r| r.case_id.as_str()).collect();
        let _ = writeln!(
            out,
            "\nOnly these failures are our choices where the source is silent; to set them \
             aside, list them in a file given to `--expect-fail`: {}",
            ids.join(", ")
        );
    }
    out.push('\n');
}

fn stale(out: &mut String, v: &RunVerdict) {
    let ids: Vec<&str> = v.stale().map(|c| c.result.case_id.as_str()).collect();
    if !ids.is_empty() {
        let _ = writeln!(
            out,
            "**Stale baseline entries** (listed as expected failures, but passed; remove \
             them from the file): {}\n",
            ids.join(", ")
        );
    }
}

fn matrix(out: &mut String, v: &RunVerdict, catalogue: Option<&Catalogue>) {
    // Upstream rows count core cases alone, as the console's summary does: a clarification
    // case that covers a requirement too is a choice of ours, and its failure shows under
    // its clarification, not as a break of the source.
    let ran = || v.results.iter().filter(|r| !r.skipped());
    let core = tally(ran().filter(|r| !r.clarification));
    let t = tally(ran());
    let expected = |id: &str| v.expected(id);
    let status = |tl: Option<&Tally>| {
        verdict_cell(&Verdict::of(tl, None, None).with_baseline(tl, &expected))
    };
    let _ = writeln!(
        out,
        "Failing case ids are in **bold**; those the baseline expects in *italics*.\n"
    );
    let cases = |tl: Option<&Tally>| cases(tl, &expected);
    let _ = writeln!(out, "## Upstream requirements (core cases)\n");
    let _ = writeln!(out, "| Requirement | Level | Result | Cases | Statement |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    match catalogue {
        Some(cat) => {
            for r in &cat.requirements {
                let tl = core.get(&r.id);
                let verdict =
                    Verdict::of(tl, r.not_applicable.as_deref(), r.unexercised.as_deref())
                        .with_baseline(tl, &expected);
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} |",
                    r.id,
                    r.level,
                    verdict_cell(&verdict),
                    cases(tl),
                    cell(&r.statement)
                );
            }
        }
        None => {
            for (id, tl) in core.iter().filter(|(id, _)| !is_clarification_id(id, None)) {
                let level = tl.level.map_or("", |l| l.as_str());
                let _ = writeln!(
                    out,
                    "| {id} | {level} | {} | {} | |",
                    status(Some(tl)),
                    cases(Some(tl))
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "\n## Clarifications (our decisions where the upstream is silent)\n"
    );
    let _ = writeln!(
        out,
        "| Clarification | Level | Refines | Result | Cases | Decision |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    match catalogue {
        Some(cat) => {
            for c in &cat.clarifications {
                let tl = t.get(&c.id);
                let verdict =
                    Verdict::of(tl, None, c.unexercised.as_deref()).with_baseline(tl, &expected);
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {}: {} |",
                    c.id,
                    c.level,
                    c.refines.join(", "),
                    verdict_cell(&verdict),
                    cases(tl),
                    cell(&c.title),
                    cell(&c.choice)
                );
            }
        }
        None => {
            for (id, tl) in t.iter().filter(|(id, _)| is_clarification_id(id, None)) {
                let level = tl.level.map_or("", |l| l.as_str());
                let _ = writeln!(
                    out,
                    "| {id} | {level} | | {} | {} | |",
                    status(Some(tl)),
                    cases(Some(tl))
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::outcome::{CaseResult, Outcome};

    fn case(id: &str, tags: &[&str], failed: bool) -> CaseResult {
        let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        let mut r = CaseResult::describe("w.feature", &format!("{id} writes"), &tags);
        r.outcome = if failed {
            Outcome::Failed {
                step: "Then it is atomic".into(),
                message: "torn".into(),
            }
        } else {
            Outcome::Passed
        };
        r
    }

    #[test]
    fn a_failing_clarification_case_fails_its_clarification_not_the_upstream_row() {
        let results = [
            case("W-1", &["FS-WRITE-001", "must"], false),
            case(
                "W-5",
                &["FS-WRITE-001", "FS-CLR-02", "must", "clarification"],
                true,
            ),
        ];
        let facts = RunFacts {
            server: "s".into(),
            protocol: "auto".into(),
            strict: false,
            args: Vec::new(),
        };
        let v = RunVerdict::of(
            &results,
            &Default::default(),
            false,
            &Default::default(),
            0,
            false,
        );
        let md = render(&v, None, &facts);
        let row = |id: &str| {
            md.lines()
                .find(|l| l.starts_with(&format!("| {id} |")))
                .unwrap_or_else(|| panic!("no row {id} in\n{md}"))
                .to_string()
        };
        assert!(row("FS-WRITE-001").contains("✅ passed (1)"), "{md}");
        assert!(!row("FS-WRITE-001").contains("W-5"), "{md}");
        assert!(row("FS-CLR-02").contains("**W-5**"), "{md}");
    }

    fn tally(passed: &[&str], failed: &[&str]) -> Tally {
        Tally {
            level: None,
            passed: passed.iter().map(|s| s.to_string()).collect(),
            failed: failed.iter().map(|s| s.to_string()).collect(),
            skipped: Vec::new(),
        }
    }

    #[test]
    fn a_row_is_a_plain_pass_only_when_its_cases_ran_and_exercise_all_of_it() {
        assert_eq!(Verdict::of(None, None, None), Verdict::NoCaseRan);
        assert_eq!(Verdict::of(None, None, None).text(), "— no case ran");
        let empty = tally(&[], &[]);
        assert_eq!(Verdict::of(Some(&empty), None, None), Verdict::NoCaseRan);
        let passed = tally(&["A-1"], &[]);
        assert_eq!(
            Verdict::of(Some(&passed), None, None).text(),
            "✅ passed (1)"
        );
        let partly = Verdict::of(Some(&passed), None, Some("the race"));
        assert!(!partly.text().contains('✅'), "{}", partly.text());
        assert!(
            partly.text().contains("no case exercises the race"),
            "{}",
            partly.text()
        );
        let failed = tally(&["A-1"], &["A-2"]);
        let v = Verdict::of(Some(&failed), None, Some("the race"));
        assert_eq!(v.text(), "❌ failed 1 of 2");
        assert_eq!(
            Verdict::of(None, Some("HTTP only"), None).text(),
            "not applicable: HTTP only"
        );
    }
}
