//! Argument parsing for the filesystem tools: a missing or wrong-typed field is an
//! INVALID_ARGUMENT error naming the field and what to pass; unknown fields are ignored and
//! `null` counts as absent (as in the official server's zod schemas).

use rmcp::model::JsonObject;
use serde_json::Value;

use crate::errors::ToolError;

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

fn wrong(field: &str, v: &Value, expected: &str) -> ToolError {
    ToolError::invalid_argument(field, &format!("got {}", kind(v)), expected)
}

fn missing(field: &str, expected: &str) -> ToolError {
    ToolError::invalid_argument(field, "it is missing", expected)
}

impl<'a> Args<'a> {
    fn get(&self, field: &str) -> Option<&'a Value> {
        self.0.get(field).filter(|v| !v.is_null())
    }

    pub fn str(&self, field: &str) -> Result<&'a str, ToolError> {
        const EXPECTED: &str = "a string (an absolute path inside an allowed directory)";
        match self.get(field) {
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(wrong(field, v, EXPECTED)),
            None => Err(missing(field, EXPECTED)),
        }
    }

    /// A required string that is not a path (`content`, `pattern`).
    pub fn text(&self, field: &str) -> Result<&'a str, ToolError> {
        match self.get(field) {
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(wrong(field, v, "a string")),
            None => Err(missing(field, "a string")),
        }
    }

    pub fn opt_count(&self, field: &str) -> Result<Option<usize>, ToolError> {
        const EXPECTED: &str = "a whole number of lines, 0 or more";
        match self.get(field) {
            None => Ok(None),
            Some(Value::Number(n)) => match n.as_u64() {
                Some(v) => Ok(Some(usize::try_from(v).unwrap_or(usize::MAX))),
                None => Err(ToolError::invalid_argument(
                    field,
                    &format!("{n} is not a whole number of 0 or more"),
                    EXPECTED,
                )),
            },
            Some(v) => Err(wrong(field, v, EXPECTED)),
        }
    }

    pub fn opt_bool(&self, field: &str) -> Result<bool, ToolError> {
        match self.get(field) {
            None => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(v) => Err(wrong(field, v, "true or false")),
        }
    }

    /// A list of strings; `required` says whether it may be absent (then empty).
    pub fn strings(&self, field: &str, required: bool) -> Result<Vec<&'a str>, ToolError> {
        const EXPECTED: &str = "an array of strings";
        match self.get(field) {
            None if required => Err(missing(field, EXPECTED)),
            None => Ok(Vec::new()),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, v)| {
                    v.as_str()
                        .ok_or_else(|| wrong(&format!("{field}[{i}]"), v, "a string"))
                })
                .collect(),
            Some(v) => Err(wrong(field, v, EXPECTED)),
        }
    }

    /// `sortBy`: "name" (the default) or "size".
    pub fn sort_by_size(&self) -> Result<bool, ToolError> {
        match self.get("sortBy") {
            None => Ok(false),
            Some(Value::String(s)) if s == "name" => Ok(false),
            Some(Value::String(s)) if s == "size" => Ok(true),
            Some(v) => Err(ToolError::invalid_argument(
                "sortBy",
                &format!("got {v}"),
                "\"name\" or \"size\"",
            )),
        }
    }

    /// The edits of edit_file: each an object with string `oldText` and `newText`.
    pub fn edits(&self) -> Result<Vec<(&'a str, &'a str)>, ToolError> {
        const EXPECTED: &str = "an array of {oldText, newText} objects with string values";
        let items = match self.get("edits") {
            Some(Value::Array(items)) => items,
            Some(v) => return Err(wrong("edits", v, EXPECTED)),
            None => return Err(missing("edits", EXPECTED)),
        };
        items
            .iter()
            .enumerate()
            .map(|(i, e)| {
                let field = |name: &str| match e.get(name) {
                    Some(Value::String(s)) => Ok(s.as_str()),
                    Some(v) => Err(wrong(&format!("edits[{i}].{name}"), v, "a string")),
                    None => Err(missing(&format!("edits[{i}].{name}"), "a string")),
                };
                if !e.is_object() {
                    return Err(wrong(&format!("edits[{i}]"), e, EXPECTED));
                }
                Ok((field("oldText")?, field("newText")?))
            })
            .collect()
    }
}
