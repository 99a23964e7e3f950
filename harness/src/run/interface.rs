//! A run with `--interface FILE`: the interface file's cases rendered into features at run
//! time (the shared cases on the server's own tools), and the shared cases it leaves out,
//! which the run reports as skipped, each with the operation it needs and the author's
//! reason the server has none, or the believed content its template needs and the case does
//! not give (a skip is never a pass).

use std::collections::HashMap;

use cucumber::tag::Ext as _;

use super::outcome::{CaseResult, Outcome};
use super::parser::FeatureText;
use super::plan::Selection;
use super::report::console;
use crate::catalogue::ControlTag;
use crate::catalogue::interface::{Interface, universal_id};
use crate::catalogue::shared::LeftOut;

/// Why the interface leaves a shared case out, as the totals line labels it and the console
/// says it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Why {
    /// It needs an operation the file declares absent.
    Absent,
    /// Its step gives no `{believed}` that the mapping's template needs.
    Lacks,
    /// Its check needs a declaration the file does not make (`failures:`).
    Undeclared,
}

impl Why {
    fn of(case: &LeftOut) -> Why {
        match &case.lacks {
            Some(_) => Why::Lacks,
            // A check skipped (`shared_skips`), not an operation: a declaration is missing.
            None if case.checks.contains(&case.operation) => Why::Undeclared,
            None => Why::Absent,
        }
    }

    /// The label of the totals line.
    fn label(self) -> &'static str {
        match self {
            Why::Absent => "operation absent",
            Why::Lacks => "no believed content",
            Why::Undeclared => "not declared",
        }
    }

    /// What the console says of such cases.
    fn said(self) -> &'static str {
        match self {
            Why::Absent => "they need an operation the interface file declares absent",
            Why::Lacks => "they give no believed content, which the mapping's template needs",
            Why::Undeclared => {
                "they check a choice the interface file does not declare (`failures:`, \
                 `repeated_edits:`)"
            }
        }
    }
}

/// The features of the interface's cases, as `generate` would write them.
pub fn features(interface: &Interface) -> Vec<FeatureText> {
    let cat = &interface.catalogue;
    cat.areas
        .iter()
        .map(|area| FeatureText {
            path: format!("{}/{}", cat.profile.profile, area.feature_file()),
            text: crate::generate::render_feature(area, cat),
        })
        .collect()
}

/// The selected cases the interface leaves out, as skipped results, with their labels for
/// the totals line; said once on the console.
pub fn left_out(
    interface: &Interface,
    selection: &Selection,
) -> (Vec<CaseResult>, HashMap<String, &'static str>) {
    let results: Vec<CaseResult> = interface
        .left_out
        .iter()
        .map(|l| skipped_result(interface, l))
        .filter(|r| selected(selection, r))
        .collect();
    let why: HashMap<String, Why> = interface
        .left_out
        .iter()
        .map(|l| (l.id.clone(), Why::of(l)))
        .collect();
    say_skipped(&results, &why);
    let labels = results
        .iter()
        .map(|r| {
            let label = why.get(&r.case_id).map_or(Why::Absent, |w| *w).label();
            (r.scenario.clone(), label)
        })
        .collect();
    (results, labels)
}

/// The skipped cases on the console, once, grouped by why (a missing declaration by its
/// own reason: `failures:` and `repeated_edits:` say different things).
fn say_skipped(results: &[CaseResult], why: &HashMap<String, Why>) {
    for group in [Why::Absent, Why::Lacks, Why::Undeclared] {
        let mut said: Vec<(String, Vec<&str>)> = Vec::new();
        for r in results
            .iter()
            .filter(|r| why.get(&r.case_id) == Some(&group))
        {
            let text = match (&r.outcome, group) {
                (Outcome::Skipped { reason }, Why::Undeclared) => {
                    reason.trim_start_matches("skipped: ").to_string()
                }
                _ => group.said().to_string(),
            };
            match said.iter_mut().find(|(t, _)| *t == text) {
                Some((_, ids)) => ids.push(&r.case_id),
                None => said.push((text, vec![&r.case_id])),
            }
        }
        for (text, ids) in said {
            anstream::println!(
                "SKIP {} ({}): {text}.",
                console::plural(ids.len(), "case", "cases"),
                ids.join(", "),
            );
        }
    }
    if !results.is_empty() {
        anstream::println!();
    }
}

/// A left-out case as the run reports it: tagged as its scenario would be (its universal
/// requirements, `@must`), and skipped with the operation and the reason.
fn skipped_result(interface: &Interface, case: &LeftOut) -> CaseResult {
    let mut tags: Vec<String> = case.checks.iter().map(|c| check_id(interface, c)).collect();
    tags.push(ControlTag::Must.name().to_string());
    if tags.iter().any(|t| t.starts_with(&universal_id("CLR-"))) {
        tags.push(ControlTag::Clarification.name().to_string());
    }
    let scenario = format!("{} {}", case.id, case.name);
    let mut r = CaseResult::describe(&format!("{}.feature", case.area), &scenario, &tags);
    let reason = match Why::of(case) {
        Why::Lacks | Why::Undeclared => format!("skipped: {}", case.reason),
        Why::Absent => format!(
            "skipped: the interface file declares the operation `{}` absent ({})",
            case.operation, case.reason
        ),
    };
    r.outcome = Outcome::Skipped { reason };
    r
}

/// The id a check rests on in the interface: `UNIVERSAL-CLR-nn` for a choice (whose
/// clarification is titled with the check), else `UNIVERSAL-<CHECK>`; so a left-out case
/// of a choice (error-names-path's delete case) is reported with its clarification.
fn check_id(interface: &Interface, check: &str) -> String {
    interface
        .catalogue
        .clarifications
        .iter()
        .find(|c| c.title == check)
        .map_or_else(|| universal_id(check), |c| c.id.clone())
}

/// Whether `--tags` and `--name` select the case.
fn selected(selection: &Selection, r: &CaseResult) -> bool {
    let mut tags = r.covers.clone();
    tags.push(ControlTag::Must.name().to_string());
    selection.tags.as_ref().is_none_or(|t| t.eval(tags.iter()))
        && selection
            .name
            .as_ref()
            .is_none_or(|re| re.is_match(&r.scenario))
}
