//! The four operations as MCP tools: their definitions (the seed's params as input
//! schemas, the seed's results as output schemas that admit an error too) and the
//! success result (`structuredContent` = the seed's result object, and one text block
//! with the same JSON).

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::Op;

pub fn success(v: Value) -> CallToolResult {
    let mut r = CallToolResult::success(vec![ContentBlock::text(crate::json::to_string(&v))]);
    r.structured_content = Some(v);
    r
}

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(m) => m,
        _ => unreachable!("schemas are objects"),
    }
}

const URI: &str = "The file, as a file:// URI with an absolute, percent-encoded path inside \
                   the served directory, e.g. \"file:///home/me/project/src/main.rs\".";

/// The output schema: the seed's result fields, or an error `{code, jsonrpcCode, message}`.
fn output(props: Value) -> Arc<JsonObject> {
    let mut all = object(props);
    all.insert("code".into(), json!({"type": "string", "description": "On failure: the error's code word, e.g. FILE_NOT_FOUND."}));
    all.insert("jsonrpcCode".into(), json!({"type": "integer", "description": "On failure: the seed's JSON-RPC code (-32602 invalid params, -32603 internal error)."}));
    all.insert("message".into(), json!({"type": "string", "description": "On failure: what went wrong and how to fix the call."}));
    Arc::new(object(json!({"type": "object", "properties": all})))
}

fn tool(
    op: Op,
    title: &str,
    description: &'static str,
    input: Value,
    out: Value,
    annotations: ToolAnnotations,
) -> Tool {
    let mut t = Tool::new(
        Cow::Borrowed(op.tool()),
        Cow::Borrowed(description),
        object(input),
    );
    t.title = Some(title.to_owned());
    t.output_schema = Some(output(out));
    t.annotations = Some(annotations);
    t
}

fn notes(title: &str, read_only: bool, idempotent: bool) -> ToolAnnotations {
    ToolAnnotations::with_title(title)
        .read_only(read_only)
        .destructive(!read_only)
        .idempotent(idempotent)
        .open_world(false)
}

pub fn definitions() -> Vec<Tool> {
    vec![
        tool(
            Op::Open,
            "Open file",
            "Open a file in this session's buffer and place the cursor (the JSON-RPC method \
             file/open). Lines and columns are 1-based; a position past the file is clamped, \
             and the position reached is returned.",
            json!({"type": "object", "properties": {
                "uri": {"type": "string", "description": URI},
                "line": {"type": "integer", "description": "Line to go to, 1-based (default 1)."},
                "column": {"type": "integer", "description": "Column to go to, 1-based, in characters (default 1)."}
            }, "required": ["uri"]}),
            json!({
                "success": {"type": "boolean"},
                "buffer": {"type": "string", "description": "The buffer's name: the file's name."},
                "line": {"type": "integer", "description": "The line reached, 1-based."},
                "column": {"type": "integer", "description": "The column reached, 1-based."}
            }),
            notes("Open file", true, true),
        ),
        tool(
            Op::Read,
            "Read file",
            "Read a UTF-8 file's text, whole or lines start_line to end_line, 1-based, both \
             included (the JSON-RPC method file/read). A file changed on disk since it was \
             opened is read as it is now.",
            json!({"type": "object", "properties": {
                "uri": {"type": "string", "description": URI},
                "start_line": {"type": "integer", "description": "First line, 1-based (default 1)."},
                "end_line": {"type": "integer", "description": "Last line, included (default: the last line)."}
            }, "required": ["uri"]}),
            json!({
                "content": {"type": "string", "description": "The lines, with their terminators."},
                "lines": {"type": "integer", "description": "How many lines content holds."},
                "encoding": {"type": "string", "description": "Always utf-8."}
            }),
            notes("Read file", true, true),
        ),
        tool(
            Op::Save,
            "Save file",
            "Replace a file's whole content, atomically (the JSON-RPC method file/save). A \
             missing file is created only with create_if_not_exists: true. Refused, with \
             nothing written, when the file changed on disk since this session opened or \
             read it: read it again and merge.",
            json!({"type": "object", "properties": {
                "uri": {"type": "string", "description": URI},
                "content": {"type": "string", "description": "The whole new text of the file."},
                "create_if_not_exists": {"type": "boolean", "description": "Create the file (and missing parent directories) if it does not exist (default false)."}
            }, "required": ["uri", "content"]}),
            json!({
                "success": {"type": "boolean"},
                "bytes_written": {"type": "integer", "description": "Bytes written (UTF-8)."},
                "backup_created": {"type": "boolean", "description": "Whether the old content was backed up (only with the server's --backup-dir, outside the served directory)."}
            }),
            notes("Save file", false, true),
        ),
        tool(
            Op::Close,
            "Close file",
            "Close the file's buffer in this session (the JSON-RPC method file/close). \
             was_modified says whether this session saved changes to the file while it was \
             open. Saves write through, so nothing unsaved is ever lost.",
            json!({"type": "object", "properties": {
                "uri": {"type": "string", "description": URI},
                "save_if_modified": {"type": "boolean", "description": "Accepted for compatibility; saves already write through."}
            }, "required": ["uri"]}),
            json!({
                "success": {"type": "boolean"},
                "was_modified": {"type": "boolean", "description": "Whether this session changed the file while it was open."}
            }),
            notes("Close file", false, true),
        ),
    ]
}
