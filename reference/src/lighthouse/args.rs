//! Argument parsing for the lighthouse tools: a missing or wrong-typed field is an
//! INVALID_ARGUMENT tool error naming the field and what it should be; unknown fields
//! are ignored; `null` counts as absent.

use rmcp::model::JsonObject;
use serde_json::Value;

use super::codes::{LhCode, LhError};

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

pub fn invalid(field: &str, problem: &str, expected: &str) -> LhError {
    LhError::new(
        LhCode::InvalidArgument,
        format!("Invalid argument `{field}`: {problem}."),
        format!("Pass `{field}` as {expected}."),
    )
}

impl<'a> Args<'a> {
    fn get(&self, field: &str) -> Option<&'a Value> {
        self.0.get(field).filter(|v| !v.is_null())
    }

    /// The `path` argument as given, if it is a string (for the audit log).
    pub fn raw_path(&self) -> Option<&'a str> {
        self.get("path").and_then(Value::as_str)
    }

    pub fn string(&self, field: &str, expected: &str) -> Result<&'a str, LhError> {
        match self.get(field) {
            None => Err(invalid(field, "it is missing", expected)),
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(invalid(field, &format!("got {}", kind(v)), expected)),
        }
    }

    pub fn flag(&self, field: &str, default: bool) -> Result<bool, LhError> {
        match self.get(field) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(invalid(
                field,
                &format!("got {}", kind(v)),
                &format!("true or false (default {default})"),
            )),
        }
    }

    /// An optional line number: a whole number >= 0. `2.0` counts as 2 (JSON has one
    /// number type); `-1` and `1.5` do not.
    pub fn line(&self, field: &str) -> Result<Option<u64>, LhError> {
        const EXPECTED: &str = "a whole number of 0 or more (lines are 0-indexed)";
        let Some(v) = self.get(field) else {
            return Ok(None);
        };
        let n = match v {
            Value::Number(n) => n
                .as_u64()
                .or_else(|| {
                    n.as_f64()
                        .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f < 1.8e19)
                        .map(|f| f as u64)
                })
                .ok_or_else(|| invalid(field, &format!("got {n}"), EXPECTED))?,
            other => return Err(invalid(field, &format!("got {}", kind(other)), EXPECTED)),
        };
        Ok(Some(n))
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
    fn lines_are_whole_non_negative_numbers() {
        let a = obj(json!({"s": 3, "f": 2.0, "neg": -1, "half": 1.5, "str": "2", "nul": null}));
        let a = Args(&a);
        assert_eq!(a.line("s").unwrap(), Some(3));
        assert_eq!(a.line("f").unwrap(), Some(2));
        assert_eq!(a.line("absent").unwrap(), None);
        assert_eq!(a.line("nul").unwrap(), None);
        for bad in ["neg", "half", "str"] {
            let e = a.line(bad).unwrap_err();
            assert_eq!(e.code, LhCode::InvalidArgument);
            assert!(e.message.contains(bad), "{}", e.message);
        }
    }

    #[test]
    fn strings_and_flags() {
        let a = obj(json!({"p": "x", "n": 5, "b": true, "bs": "true"}));
        let a = Args(&a);
        assert_eq!(a.string("p", "text").unwrap(), "x");
        assert!(
            a.string("n", "text")
                .unwrap_err()
                .message
                .contains("number")
        );
        assert!(
            a.string("m", "text")
                .unwrap_err()
                .message
                .contains("missing")
        );
        assert!(a.flag("b", false).unwrap());
        assert!(a.flag("absent", true).unwrap());
        assert_eq!(
            a.flag("bs", false).unwrap_err().code,
            LhCode::InvalidArgument
        );
    }
}
