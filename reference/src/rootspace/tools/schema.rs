//! Post-processing of the generated tool schemas, so that every client's validator accepts
//! them and every result the server sends conforms to them.
//!
//! - schemars marks Rust integer widths with formats such as `uint` that are not in JSON
//!   Schema; validators (ajv in the TypeScript SDK) warn about each one. They become
//!   plain `type: integer`, with `minimum: 0` for the unsigned ones.
//! - Clients built on the TypeScript SDK validate an error result's `structuredContent`
//!   against the tool's `outputSchema` too, and drop the whole result when it does not
//!   match, so the model never sees the message (CLR-022). The output schema therefore
//!   admits either the success fields or the error fields.

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use crate::errors::Code;

/// The `format` values of JSON Schema (2020-12, section 7.3) that a validator knows.
const STANDARD_FORMATS: &[&str] = &[
    "date-time",
    "date",
    "time",
    "duration",
    "email",
    "idn-email",
    "hostname",
    "idn-hostname",
    "ipv4",
    "ipv6",
    "uri",
    "uri-reference",
    "iri",
    "iri-reference",
    "uuid",
    "uri-template",
    "json-pointer",
    "relative-json-pointer",
    "regex",
];

/// Whether `format` is one a standard JSON Schema validator knows.
pub fn is_standard_format(format: &str) -> bool {
    STANDARD_FORMATS.contains(&format)
}

/// Replaces every non-standard `format` in `schema`: unsigned integer widths (`uint`,
/// `uint64`, ...) become `minimum: 0`, other widths (`int32`, `double`, ...) are dropped.
pub fn standardize_formats(schema: &mut JsonObject) {
    fn walk(map: &mut JsonObject) {
        if let Some(Value::String(f)) = map.get("format")
            && !is_standard_format(f)
        {
            let unsigned = f.starts_with("uint");
            map.remove("format");
            if unsigned && !map.contains_key("minimum") {
                map.insert("minimum".into(), json!(0));
            }
        }
        for v in map.values_mut() {
            match v {
                Value::Object(m) => walk(m),
                Value::Array(items) => items.iter_mut().for_each(|i| {
                    if let Value::Object(m) = i {
                        walk(m)
                    }
                }),
                _ => {}
            }
        }
    }
    walk(schema);
}

/// Makes a success output schema also admit an error result's structuredContent
/// (`{"code", "message", "recoverable", ...details}`): the root's `required` list moves
/// into the first branch of an `anyOf`, and the error fields join the properties.
pub fn admit_errors(output: &mut JsonObject) {
    let success_required = output.remove("required").unwrap_or_else(|| json!([]));
    let codes: Vec<&str> = Code::ROOTSPACE.iter().map(|c| c.as_str()).collect();
    let props = output
        .entry("properties")
        .or_insert_with(|| json!({}))
        .as_object_mut();
    if let Some(props) = props {
        props.insert(
            "code".into(),
            json!({
                "type": "string",
                "enum": codes,
                "description": "Only on an error result: what went wrong, machine-readable."
            }),
        );
        props.insert(
            "message".into(),
            json!({
                "type": "string",
                "description": "Only on an error result: what went wrong and what to do next."
            }),
        );
        props.insert(
            "recoverable".into(),
            json!({
                "type": "boolean",
                "description": "Only on an error result: whether another call with other \
                                arguments can succeed."
            }),
        );
    }
    output.insert(
        "anyOf".into(),
        json!([
            {"required": success_required},
            {"required": ["code", "message"]}
        ]),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obj(v: Value) -> JsonObject {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn unsigned_widths_become_minimum_zero_and_others_are_dropped() {
        let mut s = obj(json!({
            "properties": {
                "n": {"type": "integer", "format": "uint"},
                "m": {"type": ["integer", "null"], "format": "int64"},
                "u": {"type": "string", "format": "uri"},
                "a": {"type": "array", "items": [{"type": "integer", "format": "uint64"}]}
            }
        }));
        standardize_formats(&mut s);
        let p = &s["properties"];
        assert_eq!(p["n"], json!({"type": "integer", "minimum": 0}));
        assert_eq!(p["m"], json!({"type": ["integer", "null"]}));
        assert_eq!(p["u"]["format"], "uri");
        assert_eq!(p["a"]["items"][0], json!({"type": "integer", "minimum": 0}));
    }

    #[test]
    fn error_branch_is_added_and_success_required_moves() {
        let mut s = obj(json!({
            "type": "object",
            "properties": {"hash": {"type": "string"}},
            "required": ["hash"]
        }));
        admit_errors(&mut s);
        assert!(s.get("required").is_none());
        assert_eq!(s["anyOf"][0]["required"], json!(["hash"]));
        assert_eq!(s["anyOf"][1]["required"], json!(["code", "message"]));
        assert_eq!(s["properties"]["code"]["enum"][0], "INVALID_ARGUMENT");
    }
}
