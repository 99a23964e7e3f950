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

/// The label the totals line gives the cases that need an operation the interface lacks.
pub const ABSENT_LABEL: &str = "operation absent";
/// The label for cases whose step gives no `{believed}` that the mapping's template needs.
pub const LACKS_LABEL: &str = "no believed content";

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
    let lacking: HashMap<String, bool> = interface
        .left_out
        .iter()
        .map(|l| (l.id.clone(), l.lacks.is_some()))
        .collect();
    let label = |r: &CaseResult| match lacking.get(&r.case_id) {
        Some(true) => LACKS_LABEL,
        _ => ABSENT_LABEL,
    };
    say_skipped(&results, &lacking);
    let labels = results
        .iter()
        .map(|r| (r.scenario.clone(), label(r)))
        .collect();
    (results, labels)
}

/// The skipped cases on the console, once, grouped by why (`lacking`: whether a case lacks
/// believed content, by id).
fn say_skipped(results: &[CaseResult], lacking: &HashMap<String, bool>) {
    for (lacks, why) in [
        (
            false,
            "they need an operation the interface file declares absent",
        ),
        (
            true,
            "they give no believed content, which the mapping's template needs",
        ),
    ] {
        let ids: Vec<&str> = results
            .iter()
            .filter(|r| lacking.get(&r.case_id) == Some(&lacks))
            .map(|r| r.case_id.as_str())
            .collect();
        if !ids.is_empty() {
            anstream::println!(
                "SKIP {} ({}): {why}.",
                console::plural(ids.len(), "case", "cases"),
                ids.join(", ")
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
    let reason = match case.lacks {
        Some(_) => format!("skipped: {}", case.reason),
        None => format!(
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
