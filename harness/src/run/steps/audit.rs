//! Then steps on the server's audit log: a server started with `{audit_log}` in its
//! command writes one JSON object per line to that file (the lighthouse profile's
//! FR-3.1.17); a case names the entries it must hold by some of their fields.

use serde_json::{Map, Value};

use super::{StepFn, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::world::HarnessWorld;

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![(form::AUDIT_ENTRY, step!(has_entry))]
}

/// Every line of the log is a JSON object with an ISO 8601 `timestamp`, and one of them
/// has every field of the expected entry (strings interpolated; `${root}` is the root as
/// the server resolves it, symlinks in its own path resolved).
async fn has_entry(w: &mut HarnessWorld, args: &[String]) -> Result<(), String> {
    let want: Map<String, Value> =
        serde_json::from_str(&args[0]).map_err(|e| format!("bad entry JSON in the step: {e}"))?;
    let path = w.audit_log();
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "the audit log {} cannot be read ({e}); the server was started with {{audit_log}} \
             and must append one JSON line per operation to it",
            path.display()
        )
    })?;
    let root = std::fs::canonicalize(&w.root)
        .map_err(|e| format!("cannot resolve the root {}: {e}", w.root.display()))?;
    let want = w.interpolate_json(
        &substitute_root(&Value::Object(want), &root.to_string_lossy()),
        &[],
    )?;
    let entries = parse(&text)?;
    if entries.iter().any(|e| matches(e, &want)) {
        return Ok(());
    }
    Err(format!(
        "expected an audit log entry with {want}; the log has {} line(s):\n{}",
        entries.len(),
        text.lines()
            .rev()
            .take(10)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n")
    ))
}

/// The log's lines as JSON objects, each with an ISO 8601 timestamp.
fn parse(text: &str) -> Result<Vec<Value>, String> {
    let iso =
        regex::Regex::new(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})$")
            .expect("literal pattern");
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line)
            .map_err(|e| format!("audit log line {} is not JSON ({e}): {line}", n + 1))?;
        let ts = v
            .get("timestamp")
            .and_then(Value::as_str)
            .unwrap_or_default();
        if !iso.is_match(ts) {
            return Err(format!(
                "audit log line {} has no ISO 8601 `timestamp`: {line}",
                n + 1
            ));
        }
        out.push(v);
    }
    Ok(out)
}

/// `${root}` in the expected strings becomes the resolved root before interpolation.
fn substitute_root(v: &Value, root: &str) -> Value {
    match v {
        Value::String(s) => Value::String(s.replace("${root}", root)),
        Value::Object(m) => Value::Object(
            m.iter()
                .map(|(k, x)| (k.clone(), substitute_root(x, root)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(|x| substitute_root(x, root)).collect()),
        other => other.clone(),
    }
}

/// The entry has every expected field with an equal value.
fn matches(entry: &Value, want: &Value) -> bool {
    let (Some(e), Some(w)) = (entry.as_object(), want.as_object()) else {
        return false;
    };
    w.iter().all(|(k, v)| e.get(k) == Some(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_need_json_and_a_timestamp() {
        assert!(
            parse("{\"timestamp\":\"2026-11-23T16:40:00.123Z\",\"operation\":\"read\"}\n").is_ok()
        );
        assert!(parse("{\"timestamp\":\"2026-11-23T16:40:00+01:00\"}").is_ok());
        assert!(parse("{\"timestamp\":\"yesterday\"}").is_err());
        assert!(parse("not json").is_err());
    }

    #[test]
    fn an_entry_matches_on_the_given_fields_only() {
        let e = serde_json::json!({"operation": "read", "success": true, "path": "a"});
        assert!(matches(
            &e,
            &serde_json::json!({"operation": "read", "success": true})
        ));
        assert!(!matches(
            &e,
            &serde_json::json!({"operation": "read", "success": false})
        ));
        assert!(!matches(&e, &serde_json::json!({"errorCode": null})));
    }
}
