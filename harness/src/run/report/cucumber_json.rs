//! Completes the Cucumber JSON report (`--json FILE`, written by cucumber's own writer)
//! with the scenarios the harness decided without running them: the skipped ones (another
//! transport, no audit log, client roots not offered) and those failed at once because
//! the server serves no `list://`. Without them the file would count fewer scenarios than
//! the console.

use std::path::Path;

use serde_json::{Value, json};

use crate::catalogue::ControlTag;
use crate::run::outcome::{CaseResult, Outcome};

/// Adds `not_run` to the report at `path`, each under the feature it belongs to.
pub fn add_not_run(path: &Path, not_run: &[CaseResult]) -> Result<(), String> {
    if not_run.is_empty() {
        return Ok(());
    }
    let what = |e: &dyn std::fmt::Display| format!("cannot complete {}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| what(&e))?;
    let mut features: Value = serde_json::from_str(&text).map_err(|e| what(&e))?;
    let Some(list) = features.as_array_mut() else {
        return Err(what(&"the report is not a JSON array"));
    };
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
    let text = serde_json::to_string(&features).map_err(|e| what(&e))?;
    std::fs::write(path, text).map_err(|e| what(&e))
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

    #[test]
    fn skipped_and_unlisted_scenarios_join_their_features() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.json");
        std::fs::write(
            &path,
            r#"[{"uri":"features/fs/read.feature","keyword":"Feature","name":"Read","tags":[],"elements":[{"name":"A-1 ran"}]}]"#,
        )
        .unwrap();
        let mut skipped = CaseResult::describe("read.feature", "A-2 over HTTP", &["must".into()]);
        skipped.outcome = Outcome::Skipped {
            reason: "skipped: another transport".into(),
        };
        let mut failed = CaseResult::describe("list.feature", "B-1 lists", &["should".into()]);
        failed.outcome = Outcome::Failed {
            step: "(start-up probe)".into(),
            message: "no list://".into(),
        };
        add_not_run(&path, &[skipped, failed]).unwrap();
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let read = &v[0]["elements"];
        assert_eq!(read.as_array().unwrap().len(), 2, "{v}");
        assert_eq!(read[1]["steps"][0]["result"]["status"], "skipped", "{v}");
        assert_eq!(v[1]["uri"], "list.feature", "{v}");
        assert_eq!(
            v[1]["elements"][0]["steps"][0]["result"]["status"],
            "failed"
        );
        assert_eq!(
            v[1]["elements"][0]["steps"][0]["result"]["error_message"],
            "no list://"
        );
    }
}
