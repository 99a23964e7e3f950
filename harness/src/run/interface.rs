//! A run with `--interface FILE`: the interface file's cases rendered into features at run
//! time (the shared cases on the server's own tools), and the shared cases it leaves out,
//! which the run reports as skipped, each with the operation it needs and the author's
//! reason the server has none (a skip is never a pass).

use std::collections::HashMap;

use cucumber::tag::Ext as _;

use super::outcome::{CaseResult, Outcome};
use super::parser::FeatureText;
use super::plan::Selection;
use super::report::console;
use crate::catalogue::ControlTag;
use crate::catalogue::interface::{Interface, universal_id};
use crate::catalogue::shared::LeftOut;

/// The label the totals line gives the cases an interface leaves out.
pub const ABSENT_LABEL: &str = "operation absent";

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
        .map(skipped_result)
        .filter(|r| selected(selection, r))
        .collect();
    if !results.is_empty() {
        let ids: Vec<&str> = results.iter().map(|r| r.case_id.as_str()).collect();
        anstream::println!(
            "SKIP {} ({}): they need an operation the interface file declares absent.\n",
            console::plural(results.len(), "case", "cases"),
            ids.join(", ")
        );
    }
    let labels = results
        .iter()
        .map(|r| (r.scenario.clone(), ABSENT_LABEL))
        .collect();
    (results, labels)
}

/// A left-out case as the run reports it: tagged as its scenario would be (its universal
/// requirements, `@must`), and skipped with the operation and the reason.
fn skipped_result(case: &LeftOut) -> CaseResult {
    let mut tags: Vec<String> = case.checks.iter().map(|c| universal_id(c)).collect();
    tags.push(ControlTag::Must.name().to_string());
    let scenario = format!("{} {}", case.id, case.name);
    let mut r = CaseResult::describe(&format!("{}.feature", case.area), &scenario, &tags);
    r.outcome = Outcome::Skipped {
        reason: format!(
            "skipped: the interface file declares the operation `{}` absent ({})",
            case.operation, case.reason
        ),
    };
    r
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
