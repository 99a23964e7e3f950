//! The positive controls' section of docs/harness-power.md ("Positive controls"), rendered
//! from specs/shared/: for each shared operation, the cases that may pass on a refusal of
//! it, and the cases in which the same call must succeed. A run counts such a refusal only
//! when a call of the same shape succeeded in it (`mcp_harness::run::controls`); a run of
//! a catalogued profile has its own cases as controls.

use std::collections::BTreeMap;
use std::path::PathBuf;

use mcp_harness::catalogue::yaml::{self, Value};

/// Expectations a case passes with when the call was refused.
const REFUSAL_OK: [&str; 4] = ["error", "answered", "never_shows", "if_failed"];
/// Expectations that need the call to succeed.
const SUCCESS: [&str; 2] = ["result", "reads_during"];

#[derive(Default)]
struct Row {
    refused: Vec<String>,
    controls: Vec<String>,
}

pub fn section() -> Result<String, String> {
    let rows = rows()?;
    let mut s = String::from(
        "\n## Positive controls\n\nA case that passes on a refusal (`error`, `answered`, \
         `never_shows`, `if_failed`) counts only when a call of the same shape (the same tool, \
         the same argument names, the same values of the arguments that pick the action) \
         succeeds in the same run; otherwise it is *not tested*, saying which call lacked its \
         control (docs/reports.md). Through an interface file the shared cases below are the \
         controls; a catalogued profile's own cases call each of its tools on paths inside \
         the root and are its controls (the CTRL cases are left out there). Zoo fault \
         `refuse-removals` proves it: the previous harness passed a delete that refuses \
         everything.\n\n| operation | cases that may pass on its refusal | its controls (the call must succeed) |\n|---|---|---|\n",
    );
    for (op, row) in rows {
        s.push_str(&format!(
            "| {op} | {} | {} |\n",
            list(&row.refused),
            list(&row.controls)
        ));
    }
    Ok(s)
}

fn list(ids: &[String]) -> String {
    if ids.is_empty() {
        "—".into()
    } else {
        ids.join(", ")
    }
}

fn rows() -> Result<BTreeMap<String, Row>, String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../specs/shared");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .collect();
    files.sort();
    let mut rows: BTreeMap<String, Row> = BTreeMap::new();
    for file in files {
        let text =
            std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        let doc: Value = yaml::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        for case in doc
            .get("cases")
            .and_then(Value::as_sequence)
            .into_iter()
            .flatten()
        {
            add_case(&mut rows, case);
        }
    }
    Ok(rows)
}

/// The case under the operation of its last step (the one its expectation judges).
fn add_case(rows: &mut BTreeMap<String, Row>, case: &Value) {
    let id = case
        .get("id")
        .and_then(Value::as_str)
        .unwrap_or("?")
        .to_string();
    let op = case
        .get("when")
        .and_then(Value::as_sequence)
        .and_then(|steps| steps.last())
        .and_then(|s| s.get("op"))
        .and_then(Value::as_str);
    let (Some(op), Some(then)) = (op, case.get("then")) else {
        return;
    };
    let has = |keys: &[&str]| keys.iter().any(|k| then.get(*k).is_some());
    let row = rows.entry(op.to_string()).or_default();
    if has(&SUCCESS) {
        row.controls.push(id);
    } else if has(&REFUSAL_OK) {
        row.refused.push(id);
    }
}
