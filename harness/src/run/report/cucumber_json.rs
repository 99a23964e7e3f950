//! Completes the Cucumber JSON report (`--json FILE`, written by `cucumber_json_writer.rs`)
//! from the run's verdict, so that it agrees with the other reports and the exit code:
//!
//! - the scenarios the harness decided without running them are added (skipped: another
//!   transport, no audit log, client roots not offered; failed at once: no `list://`), so
//!   the file counts as many scenarios as the console;
//! - each scenario carries `mcp_harness` (its status, severity, baseline status and whether
//!   it counts); a failure that does not count (expected by the baseline, or SHOULD-level
//!   without `--strict`) has its failing step `skipped` with the reason, as in JUnit, and a
//!   stale baseline entry gets a failed step saying so, so the failed scenarios are exactly
//!   those that fail the run;
//! - a first feature (`uri` `mcp-harness/verdict`), with no scenarios, names the result in its
//!   name, the headline and the coverage of the server's tools in its description, and the
//!   verdict as data (`mcp_harness`: result, exit code, totals, headline, coverage).

use std::collections::HashMap;
use std::path::Path;

use serde_json::{Value, json};

use super::summary;
use super::verdict::{Baselined, CaseVerdict, RunVerdict};
use crate::catalogue::ControlTag;
use crate::run::outcome::{CaseResult, Outcome};

/// The uri of the feature that carries the run's verdict.
pub const VERDICT_URI: &str = "mcp-harness/verdict";

/// Completes the report at `path` from `verdict`, with `not_run` (the scenarios decided
/// before the run) added.
pub fn complete(path: &Path, not_run: &[CaseResult], verdict: &RunVerdict) -> Result<(), String> {
    let what = |e: &dyn std::fmt::Display| format!("cannot complete {}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| what(&e))?;
    // An interrupted or empty run may leave nothing: an empty list of features.
    let text = if text.trim().is_empty() { "[]" } else { &text };
    let mut features: Value = serde_json::from_str(text).map_err(|e| what(&e))?;
    let Some(list) = features.as_array_mut() else {
        return Err(what(&"the report is not a JSON array"));
    };
    add_not_run(list, not_run);
    mark(list, verdict);
    list.insert(0, verdict_feature(verdict));
    let text = serde_json::to_string(&features).map_err(|e| what(&e))?;
    std::fs::write(path, text).map_err(|e| what(&e))
}

/// The report of a run that stopped before any case (the server did not start, or offers
/// another interface): the verdict feature alone, nothing tested, exit code 2.
pub fn aborted(paragraph: &str) -> String {
    let sentence = format!("NOTHING TESTED: no case was run. {paragraph}");
    json!([{
        "uri": VERDICT_URI,
        "keyword": "Feature",
        "name": format!("Result: {sentence}"),
        "description": "",
        "line": 0,
        "tags": [],
        "elements": [],
        "mcp_harness": {
            "result": "NOTHING TESTED",
            "exit_code": 2,
            "sentence": sentence,
            "totals": summary::aborted("", "").totals,
            "headline": [],
            "coverage": null,
        },
    }])
    .to_string()
}

/// Adds `not_run` to the features, each under the feature it belongs to.
fn add_not_run(list: &mut Vec<Value>, not_run: &[CaseResult]) {
    for r in not_run {
        let at = match list.iter().position(|f| uri_is(f, &r.feature)) {
            Some(i) => i,
            None => {
                list.push(feature(&r.feature));
                list.len() - 1
            }
        };
        if let Some(elements) = list[at]["elements"].as_array_mut() {
            elements.push(element(r));
        }
    }
}

/// Each scenario given its case's verdict; the statuses made to agree with it.
fn mark(list: &mut [Value], verdict: &RunVerdict) {
    let mut by_name: HashMap<(String, String), Vec<&CaseVerdict>> = HashMap::new();
    for c in verdict.cases.iter().rev() {
        by_name
            .entry((c.result.feature.clone(), c.result.scenario.clone()))
            .or_default()
            .push(c);
    }
    for feature in list.iter_mut() {
        let file = feature["uri"]
            .as_str()
            .and_then(|u| Path::new(u).file_name())
            .and_then(|f| f.to_str())
            .unwrap_or("")
            .to_string();
        let Some(elements) = feature["elements"].as_array_mut() else {
            continue;
        };
        for e in elements {
            let name = e["name"].as_str().unwrap_or("").to_string();
            let case = by_name.get_mut(&(file.clone(), name)).and_then(Vec::pop);
            if let Some(c) = case {
                mark_one(e, c, verdict.strict);
            }
        }
    }
}

/// One scenario: its verdict as data, a failure that does not count made `skipped` with
/// the reason (a failed step or hook), a stale entry given a failed step.
fn mark_one(e: &mut Value, c: &CaseVerdict, strict: bool) {
    e["mcp_harness"] = serde_json::to_value(summary::case(c)).unwrap_or(Value::Null);
    let note = c.note(strict).unwrap_or("does not count");
    if c.baseline == Baselined::Stale {
        if let Some(steps) = e["steps"].as_array_mut() {
            steps.push(json!({
                "keyword": "* ",
                "line": 0,
                "name": "(the expected-failures baseline) this case fails",
                "result": { "status": "failed", "duration": 0, "error_message": note },
            }));
        }
        return;
    }
    if let Outcome::Skipped { reason } = &c.result.outcome {
        skip_after_the_run(e, reason);
        return;
    }
    if !c.result.failed() || c.counts {
        return;
    }
    // A scenario's hooks fail it as a step does.
    let Some(object) = e.as_object_mut() else {
        return;
    };
    let all = object
        .iter_mut()
        .filter(|(k, _)| ["before", "steps", "after"].contains(&k.as_str()))
        .filter_map(|(_, v)| v.as_array_mut());
    for step in all.flatten() {
        let result = &mut step["result"];
        if result["status"] == "failed" {
            result["status"] = json!("skipped");
            let error = result["error_message"].as_str().unwrap_or("").to_string();
            result["error_message"] = json!(format!("not counted, {note}: {error}"));
        }
    }
}

/// A case the run decided was not tested after its steps passed (`run::controls`): a last
/// step says so, so that the scenario is skipped here as well.
fn skip_after_the_run(e: &mut Value, reason: &str) {
    let Some(steps) = e["steps"].as_array_mut() else {
        return;
    };
    let said = steps.iter().any(|s| s["result"]["status"] != "passed");
    if !said {
        steps.push(json!({
            "keyword": "* ",
            "line": 0,
            "name": "(the positive control) a call of the same shape succeeds in this run",
            "result": { "status": "skipped", "duration": 0, "error_message": reason },
        }));
    }
}

/// The feature that carries the verdict: its name the verdict's sentence, its description
/// the headline and the coverage, and the verdict as data. It has no scenarios, so the
/// file counts as many as the console.
fn verdict_feature(v: &RunVerdict) -> Value {
    let mut description: Vec<String> = v.headline();
    description.extend(v.coverage_sentence());
    description.extend(v.places.clone());
    json!({
        "uri": VERDICT_URI,
        "keyword": "Feature",
        "name": format!("Result: {}", v.sentence()),
        "description": description.join("\n"),
        "line": 0,
        "tags": [],
        "elements": [],
        "mcp_harness": {
            "result": v.result.word(),
            "exit_code": v.exit_code(),
            "sentence": v.sentence(),
            "totals": summary::totals(v),
            "headline": v.headline(),
            "coverage": summary::coverage(v),
            "places": v.places,
        },
    })
}

/// Whether a feature of the report is the file `name` (`read.feature`).
fn uri_is(feature: &Value, name: &str) -> bool {
    feature["uri"]
        .as_str()
        .is_some_and(|u| Path::new(u).file_name().is_some_and(|f| f == name))
}

fn feature(name: &str) -> Value {
    json!({
        "uri": name,
        "keyword": "Feature",
        "name": name.strip_suffix(".feature").unwrap_or(name),
        "tags": [],
        "elements": [],
    })
}

/// A scenario with one step that says why it was not run (skipped) or why it failed.
fn element(r: &CaseResult) -> Value {
    let (status, step, error) = match &r.outcome {
        Outcome::Skipped { reason } => ("skipped", reason.clone(), None),
        Outcome::Failed { step, message } => ("failed", step.clone(), Some(message.clone())),
        Outcome::Passed => ("passed", String::new(), None),
    };
    let mut result = json!({ "status": status, "duration": 0 });
    if let Some(e) = error {
        result["error_message"] = Value::String(e);
    }
    let level = ControlTag::from(r.level).name();
    let mut tags: Vec<Value> = vec![json!({ "name": level, "line": 0 })];
    if r.clarification {
        tags.push(json!({ "name": ControlTag::Clarification.name(), "line": 0 }));
    }
    tags.extend(r.covers.iter().map(|c| json!({ "name": c, "line": 0 })));
    json!({
        "keyword": "Scenario",
        "type": "scenario",
        "id": r.case_id,
        "line": 0,
        "name": r.scenario,
        "tags": tags,
        "steps": [{
            "keyword": "* ",
            "line": 0,
            "name": format!("(decided before the run) {step}"),
            "result": result,
        }],
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::report::expect_fail::Baseline;

    #[test]
    fn skipped_and_unlisted_scenarios_join_their_features_and_the_verdict_leads() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.json");
        std::fs::write(
            &path,
            r#"[{"uri":"features/fs/read.feature","keyword":"Feature","name":"Read","tags":[],"elements":[{"name":"A-1 ran","steps":[{"name":"x","result":{"status":"passed"}}]}]}]"#,
        )
        .unwrap();
        let ran = CaseResult::describe("read.feature", "A-1 ran", &["must".into()]);
        let mut skipped = CaseResult::describe("read.feature", "A-2 over HTTP", &["must".into()]);
        skipped.outcome = Outcome::Skipped {
            reason: "skipped: another transport".into(),
        };
        let mut failed = CaseResult::describe("list.feature", "B-1 lists", &["must".into()]);
        failed.outcome = Outcome::Failed {
            step: "(start-up probe)".into(),
            message: "no list://".into(),
        };
        let not_run = [skipped, failed];
        let results: Vec<CaseResult> = std::iter::once(ran).chain(not_run.clone()).collect();
        let v = RunVerdict::of(
            &results,
            &Baseline::default(),
            false,
            &HashMap::new(),
            0,
            false,
        );
        complete(&path, &not_run, &v).unwrap();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(v[0]["uri"], VERDICT_URI, "{v}");
        assert_eq!(v[0]["mcp_harness"]["exit_code"], 1, "{v}");
        assert_eq!(v[0]["elements"].as_array().map(Vec::len), Some(0));
        let read = &v[1]["elements"];
        assert_eq!(read.as_array().unwrap().len(), 2, "{v}");
        assert_eq!(read[0]["mcp_harness"]["status"], "passed", "{v}");
        assert_eq!(read[1]["steps"][0]["result"]["status"], "skipped", "{v}");
        assert_eq!(v[2]["uri"], "list.feature", "{v}");
        let step = &v[2]["elements"][0]["steps"][0]["result"];
        assert_eq!(step["status"], "failed");
        assert_eq!(step["error_message"], "no list://");
        assert_eq!(v[2]["elements"][0]["mcp_harness"]["counts"], true, "{v}");
    }

    #[test]
    fn an_expected_failure_in_a_hook_is_skipped_with_the_reason() {
        let mut r = CaseResult::describe("a.feature", "A-1 sets up", &["must".into()]);
        r.outcome = Outcome::Failed {
            step: "(scenario set-up)".into(),
            message: "no root".into(),
        };
        let results = [r];
        let v = RunVerdict::of(
            &results,
            &Baseline::parse("A-1\n"),
            false,
            &HashMap::new(),
            0,
            false,
        );
        let mut e = json!({"name": "A-1 sets up", "before": [{"result": {"status": "failed"}}]});
        mark_one(&mut e, &v.cases[0], false);
        assert_eq!(e["before"][0]["result"]["status"], "skipped", "{e}");
        assert_eq!(e["mcp_harness"]["baseline"], "expected", "{e}");
    }

    #[test]
    fn a_run_stopped_before_any_case_says_so() {
        let v: Value = serde_json::from_str(&aborted("The server exited.")).unwrap_or_default();
        assert_eq!(v[0]["mcp_harness"]["exit_code"], 2, "{v}");
        assert_eq!(v[0]["elements"].as_array().map(Vec::len), Some(0), "{v}");
        assert!(
            v[0]["name"]
                .as_str()
                .is_some_and(|n| n.ends_with("The server exited."))
        );
    }
}
