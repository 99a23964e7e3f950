//! The seed's result objects on the wire (DV-CLR-01) and the tools' output schema.
//!
//! Success: structuredContent is the seed's object (`{ok: true, ...}`) and one text block
//! holds the same JSON. Failure: `isError: true`, structuredContent `{ok: false, error,
//! code, hint}`, and the same JSON in the text block, so a client that reads only text
//! sees the seed's `error` string too.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::codes::{DvCode, DvError};

pub fn success(value: Value) -> CallToolResult {
    let mut r = CallToolResult::success(vec![ContentBlock::text(crate::json::to_string(&value))]);
    r.structured_content = Some(value);
    r
}

pub fn failure(e: &DvError) -> CallToolResult {
    let value = e.to_json();
    let mut r = CallToolResult::error(vec![ContentBlock::text(crate::json::to_string(&value))]);
    r.structured_content = Some(value);
    r
}

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(m) => m,
        _ => unreachable!("schemas are objects"),
    }
}

/// The output schema: `ok` always; on success the tool's own fields (`success_props`),
/// on failure `error`, `code` and `hint`.
fn output_schema(success_props: Value) -> JsonObject {
    let codes: Vec<&str> = DvCode::ALL.iter().map(|c| c.as_str()).collect();
    let mut props = object(success_props);
    props.insert(
        "ok".into(),
        json!({"type": "boolean", "description": "True when the operation was done."}),
    );
    props.insert(
        "error".into(),
        json!({"type": "string", "description": "On failure: what went wrong (\"File not found\", \"Path traversal detected\", ...)."}),
    );
    props.insert(
        "code".into(),
        json!({"type": "string", "enum": codes, "description": "On failure: machine-readable error code."}),
    );
    props.insert(
        "hint".into(),
        json!({"type": "string", "description": "On failure: how to fix the call."}),
    );
    object(json!({"type": "object", "properties": props, "required": ["ok"]}))
}

/// A tool definition with its hand-written input schema.
pub fn tool(
    name: &'static str,
    title: &str,
    description: &'static str,
    input: Value,
    success_props: Value,
    annotations: ToolAnnotations,
) -> Tool {
    let mut t = Tool::new(
        Cow::Borrowed(name),
        Cow::Borrowed(description),
        object(input),
    );
    t.title = Some(title.to_owned());
    t.output_schema = Some(Arc::new(output_schema(success_props)));
    t.annotations = Some(annotations);
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_match_the_seed() {
        let ok = success(json!({"ok": true, "data": "x", "bytesRead": 1}));
        assert_ne!(ok.is_error, Some(true));
        assert_eq!(ok.structured_content.as_ref().unwrap()["bytesRead"], 1);
        let bad = failure(&DvError::not_found("a.txt"));
        assert_eq!(bad.is_error, Some(true));
        let sc = bad.structured_content.clone().unwrap();
        assert_eq!(sc["ok"], false);
        assert_eq!(sc["error"], "File not found");
        assert_eq!(sc["code"], "NOT_FOUND");
        let text = serde_json::to_value(&bad.content[0]).unwrap();
        let parsed: Value = serde_json::from_str(text["text"].as_str().unwrap()).unwrap();
        assert_eq!(parsed, sc, "the text block holds the same JSON");
    }
}
