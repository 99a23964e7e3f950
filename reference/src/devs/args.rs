//! Argument parsing for the devs tools (DV-CLR-12): a missing or wrong-typed field is an
//! INVALID_ARGUMENT error naming the field and what it should be; fields an action does
//! not use are ignored; `null` counts as absent.

use rmcp::model::JsonObject;
use serde_json::Value;

use super::codes::{DvCode, DvError};

pub struct Args<'a>(pub &'a JsonObject);

fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

pub fn invalid(field: &str, problem: &str, expected: &str) -> DvError {
    DvError::new(
        DvCode::InvalidArgument,
        format!("Invalid argument {field}: {problem}"),
        format!("Pass `{field}` as {expected}."),
    )
}

/// One `{old, new}` edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EditArg {
    pub old: String,
    pub new: String,
}

impl<'a> Args<'a> {
    fn get(&self, field: &str) -> Option<&'a Value> {
        self.0.get(field).filter(|v| !v.is_null())
    }

    pub fn string(&self, field: &str, expected: &str) -> Result<&'a str, DvError> {
        match self.get(field) {
            None => Err(invalid(field, "it is missing", expected)),
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(invalid(field, &format!("got {}", kind(v)), expected)),
        }
    }

    /// `edits`: an array of `{old, new}` strings; an empty `old` is refused (DV-CLR-09).
    pub fn edits(&self) -> Result<Vec<EditArg>, DvError> {
        const EXPECTED: &str = "an array of {\"old\": text to find, \"new\": its replacement}";
        let items = match self.get("edits") {
            None => return Err(invalid("edits", "it is missing", EXPECTED)),
            Some(Value::Array(a)) => a,
            Some(v) => return Err(invalid("edits", &format!("got {}", kind(v)), EXPECTED)),
        };
        items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let Value::Object(o) = item else {
                    return Err(invalid(
                        &format!("edits[{i}]"),
                        &format!("got {}", kind(item)),
                        "an object {\"old\": ..., \"new\": ...}",
                    ));
                };
                let field = |k: &str| match o.get(k) {
                    Some(Value::String(s)) => Ok(s.clone()),
                    Some(v) => Err(invalid(
                        &format!("edits[{i}].{k}"),
                        &format!("got {}", kind(v)),
                        "a string",
                    )),
                    None => Err(invalid(
                        &format!("edits[{i}].{k}"),
                        "it is missing",
                        "a string",
                    )),
                };
                let (old, new) = (field("old")?, field("new")?);
                if old.is_empty() {
                    return Err(invalid(
                        &format!("edits[{i}].old"),
                        "it is empty, which matches everywhere",
                        "the exact, non-empty text to replace, copied from the file",
                    ));
                }
                Ok(EditArg { old, new })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn obj(v: Value) -> JsonObject {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn strings() {
        let a = obj(json!({"p": "x", "n": 5, "z": null}));
        let a = Args(&a);
        assert_eq!(a.string("p", "text").unwrap(), "x");
        assert!(a.string("n", "text").unwrap_err().error.contains("number"));
        assert!(a.string("z", "text").unwrap_err().error.contains("missing"));
        assert_eq!(
            a.string("m", "t").unwrap_err().code,
            DvCode::InvalidArgument
        );
    }

    #[test]
    fn edits_are_checked_field_by_field() {
        let ok = obj(json!({"edits": [{"old": "a", "new": ""}, {"old": "b", "new": "c", "x": 1}]}));
        assert_eq!(Args(&ok).edits().unwrap().len(), 2);
        for (bad, names) in [
            (json!({}), "edits"),
            (json!({"edits": {"old": "a", "new": "b"}}), "edits"),
            (json!({"edits": ["a"]}), "edits[0]"),
            (json!({"edits": [{"old": "a"}]}), "edits[0].new"),
            (
                json!({"edits": [{"old": "a", "new": "b"}, {"old": 1, "new": "b"}]}),
                "edits[1].old",
            ),
            (json!({"edits": [{"old": "", "new": "b"}]}), "edits[0].old"),
        ] {
            let a = obj(bad);
            let e = Args(&a).edits().unwrap_err();
            assert!(e.error.contains(names), "{names}: {e:?}");
        }
    }
}
