//! Results on the wire, as the official server sends them: one text block and the same
//! text as structuredContent `{content}`, except a file's content, which is sent once. A failure is `isError: true` with the message in
//! the text block ("Error: ..."), and structuredContent `{content, code}` so that a client
//! can branch on the code. Also the tool definitions' shared parts.

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use crate::errors::{Code, ToolError};

pub fn text(text: String) -> CallToolResult {
    let mut r = CallToolResult::success(vec![ContentBlock::text(text.clone())]);
    r.structured_content = Some(json!({"content": text}));
    r
}

/// A file's content: one text block and no structuredContent, so the text crosses the
/// wire once (a copy in structuredContent would double every read; the read tools declare
/// no output schema, as in the official server before 2025-06 and in rust-mcp-filesystem).
pub fn content(text: String) -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(text)])
}

/// A media result: the blocks, also as structuredContent `{content: [...]}`.
pub fn blocks(blocks: Vec<ContentBlock>) -> CallToolResult {
    let value = serde_json::to_value(&blocks).unwrap_or(Value::Null);
    let mut r = CallToolResult::success(blocks);
    r.structured_content = Some(json!({"content": value}));
    r
}

pub fn failure(e: &ToolError) -> CallToolResult {
    let text = format!("Error: {}", e.message);
    let mut r = CallToolResult::error(vec![ContentBlock::text(text.clone())]);
    r.structured_content = Some(json!({"content": text, "code": e.code.as_str()}));
    r
}

/// Rewrites the shared core's errors in this interface's words: the path as the client
/// wrote it, and which of this profile's tools to use instead.
pub fn explain(e: ToolError, given: &str) -> ToolError {
    let message = match e.code {
        Code::NotFound => format!(
            "ENOENT: no such file or directory: {given}. Check the path: list_directory on \
             its parent shows what is there, and list_allowed_directories names the \
             directories this server may use."
        ),
        Code::PathEscape => format!(
            "Access denied - {given} leads outside the allowed directories (through `..` or a \
             symlink whose target is outside, missing or absolute). Nothing outside them is \
             read or changed; use a path whose every component stays inside."
        ),
        Code::NotAFile => match e.special_file_words() {
            Some(words) => format!(
                "{given} is {words}, not a regular file, so it is neither read nor written \
                 (reading it could block or never end). Nothing was done; pick a regular \
                 file (get_file_info tells what an entry is)."
            ),
            None => format!(
                "EISDIR: {given} is a directory, not a file. Use list_directory or \
                 directory_tree to see what it contains."
            ),
        },
        Code::NotADirectory => format!(
            "ENOTDIR: {given} is not a directory (it, or one of its parents, is a file). \
             Check the path with get_file_info."
        ),
        Code::NotText => format!(
            "{given} is not UTF-8 text, so it cannot be read or edited as text. Use \
             read_media_file to get its bytes as base64."
        ),
        _ => return e,
    };
    ToolError { message, ..e }
}

fn object(v: Value) -> JsonObject {
    match v {
        Value::Object(m) => m,
        _ => unreachable!("schemas are objects"),
    }
}

/// No output schema: the tool answers with text blocks alone (`content`).
pub fn no_output() -> JsonObject {
    JsonObject::new()
}

/// `{content: string}`, the output schema of the tools whose text is small.
pub fn text_output() -> JsonObject {
    object(
        json!({"type": "object", "properties": {"content": {"type": "string"}}, "required": ["content"]}),
    )
}

/// read_media_file's output schema: `{content: [block]}`.
pub fn media_output() -> JsonObject {
    object(
        json!({"type": "object", "properties": {"content": {"type": "array", "items": {"type": "object"}}}, "required": ["content"]}),
    )
}

/// A tool definition; `read_only` sets the annotations the official server sets.
pub fn definition(
    name: &'static str,
    title: &'static str,
    description: &'static str,
    input: Value,
    output: JsonObject,
    read_only: bool,
) -> Tool {
    let mut tool = Tool::new(
        Cow::Borrowed(name),
        Cow::Borrowed(description),
        Arc::new(object(input)),
    );
    tool.title = Some(title.to_owned());
    tool.output_schema = (!output.is_empty()).then(|| Arc::new(output));
    let mut a = ToolAnnotations::default();
    a.read_only_hint = Some(read_only);
    a.open_world_hint = Some(false);
    if !read_only {
        a.destructive_hint = Some(name != "create_directory");
        a.idempotent_hint = Some(matches!(name, "write_file" | "create_directory"));
    }
    tool.annotations = Some(a);
    tool
}

/// The input schema of a tool that takes only `path`.
pub fn path_only() -> Value {
    json!({"type": "object", "properties": {"path": {"type": "string"}}, "required": ["path"]})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_not_called_directories() {
        for (kind, word) in [
            ("fifo", "FIFO"),
            ("socket", "socket"),
            ("char_device", "device"),
        ] {
            let e = ToolError::new(Code::NotAFile, "x").with("file_type", kind);
            let m = explain(e, "/r/p").message;
            assert!(m.contains(word) && !m.contains("EISDIR"), "{m}");
        }
        let d = ToolError::new(Code::NotAFile, "x").with("file_type", "directory");
        assert!(explain(d, "/r/d").message.starts_with("EISDIR"));
    }
}
