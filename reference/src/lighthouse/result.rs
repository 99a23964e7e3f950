//! The seed's `ToolResult` on the wire and the tool definitions' schemas.
//!
//! Success: `structuredContent` = `{"success": true, "data": {...}}` and one text block
//! with the same JSON. Failure: `isError: true`, `structuredContent` = `{"success":
//! false, "error": {code, message, aiMessage, recoverable}}` and one text block with the
//! message and then how to fix it. The output schema admits both (like rootspace's).

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::codes::{LhCode, LhError};

pub fn success(data: Value) -> CallToolResult {
    let value = json!({"success": true, "data": data});
    let mut r = CallToolResult::success(vec![ContentBlock::text(crate::json::to_string(&value))]);
    r.structured_content = Some(value);
    r
}

pub fn failure(e: &LhError) -> CallToolResult {
    let mut r = CallToolResult::error(vec![ContentBlock::text(e.text())]);
    r.structured_content = Some(json!({"success": false, "error": e.to_json()}));
    r
}

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(m) => m,
        _ => unreachable!("schemas are objects"),
    }
}

/// The output schema: `success` always, then `data` (with `data_props`, all of
/// `data_required`) or `error`.
fn output_schema(data_props: Value, data_required: &[&str]) -> JsonObject {
    let codes: Vec<&str> = LhCode::ALL.iter().map(|c| c.as_str()).collect();
    object(json!({
        "type": "object",
        "properties": {
            "success": {"type": "boolean", "description": "True when the operation was done."},
            "data": {
                "type": "object",
                "description": "On success: the result.",
                "properties": data_props,
                "required": data_required,
            },
            "error": {
                "type": "object",
                "description": "On failure: what went wrong and how to fix it.",
                "properties": {
                    "code": {"type": "string", "enum": codes,
                             "description": "Machine-readable error code."},
                    "message": {"type": "string", "description": "What went wrong."},
                    "aiMessage": {"type": "string", "description": "How to fix the call."},
                    "recoverable": {"type": "boolean",
                                    "description": "Whether a call with other arguments can succeed."},
                },
                "required": ["code", "message", "aiMessage", "recoverable"],
            },
        },
        "required": ["success"],
        "anyOf": [{"required": ["data"]}, {"required": ["error"]}],
    }))
}

/// A tool definition. `input` is the seed's `parameters` object.
pub fn tool(
    name: &'static str,
    title: &str,
    description: &'static str,
    input: Value,
    data_props: Value,
    data_required: &[&str],
    annotations: ToolAnnotations,
) -> Tool {
    let mut t = Tool::new(
        Cow::Borrowed(name),
        Cow::Borrowed(description),
        object(input),
    );
    t.title = Some(title.to_owned());
    t.output_schema = Some(Arc::new(output_schema(data_props, data_required)));
    t.annotations = Some(annotations);
    t
}

pub fn annotations(
    title: &str,
    read_only: bool,
    destructive: bool,
    idempotent: bool,
) -> ToolAnnotations {
    ToolAnnotations::with_title(title)
        .read_only(read_only)
        .destructive(destructive)
        .idempotent(idempotent)
        .open_world(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_match_the_seed() {
        let ok = success(json!({"path": "a"}));
        let sc = ok.structured_content.clone().unwrap();
        assert_eq!(sc, json!({"success": true, "data": {"path": "a"}}));
        assert_ne!(ok.is_error, Some(true));
        let e = LhError::new(LhCode::FileNotFound, "File not found: \"a\".", "Check it.");
        let bad = failure(&e);
        assert_eq!(bad.is_error, Some(true));
        let sc = bad.structured_content.unwrap();
        assert_eq!(sc["success"], false);
        assert_eq!(sc["error"]["code"], "FILE_NOT_FOUND");
        assert_eq!(sc["error"]["aiMessage"], "Check it.");
        assert_eq!(sc["error"]["recoverable"], true);
        let text = serde_json::to_value(&bad.content[0]).unwrap();
        assert_eq!(text["text"], "File not found: \"a\". Check it.");
    }
}
