//! Where a tool result's data and text are, and whether it says the call failed.
//!
//! A result's object is its `structuredContent`, else the first text block holding a JSON
//! object; an envelope `{success|ok: true, data: {...}}` stands for its data. For an
//! interface whose results are plain text (`text_result`), the text blocks are the text.
//! FastMCP echoes a tool's text as `structuredContent: {"result": "<the same text>"}`: that
//! echo adds nothing, so the reply is read from its text blocks (`structured`); only when they
//! hold no JSON object and the interface declares no `text_result` is the echo a successful
//! call's result (`success`).

use serde_json::{Map, Value};

use super::{Reply, clip, describe_value};
use crate::catalogue::{Profile, pointer};

/// The structuredContent object the checks read, unless it only echoes the text blocks
/// (FastMCP's `{"result": "<text>"}` for a tool that returns a string).
pub fn structured(v: &Value) -> Option<&Map<String, Value>> {
    let Some(Value::Object(m)) = v.get("structuredContent") else {
        return None;
    };
    match m.get("result") {
        Some(Value::String(echo)) if m.len() == 1 && echoes_text(v, echo) => None,
        _ => Some(m),
    }
}

/// Whether `echo` is the result's text blocks joined, compared without copying them (a
/// read's text may be 10 MB).
fn echoes_text(v: &Value, echo: &str) -> bool {
    let mut rest = echo;
    let blocks = v.get("content").and_then(Value::as_array);
    for text in blocks
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("text")?.as_str())
    {
        match rest.strip_prefix(text) {
            Some(r) => rest = r,
            None => return false,
        }
    }
    rest.is_empty()
}

/// `isError: true` on a call result, or a result envelope that says `success: false` or
/// `ok: false` (the result shapes of some interfaces, whose clients read that flag), in
/// structuredContent or, without it, in the first text block holding a JSON object. One
/// rule for every interface, `text_result` or not, so that "the call succeeds" and "the
/// call fails" never both hold of one reply; a read whose text is exactly a file's the case
/// wrote is that file's content whatever it looks like, which only the runner, knowing the
/// fixtures, can tell (`steps::results`, ROUND-012).
pub fn is_tool_error(v: &Value) -> bool {
    v.get("isError").and_then(Value::as_bool).unwrap_or(false) || envelope_failed(v)
}

/// An envelope that says `success: false` or `ok: false`, in structuredContent or, without
/// it, in the first text block holding a JSON object; `isError` aside.
pub fn envelope_failed(v: &Value) -> bool {
    let failed = |m: &Map<String, Value>| {
        ["success", "ok"]
            .iter()
            .any(|k| m.get(*k).and_then(Value::as_bool) == Some(false))
    };
    match structured(v) {
        Some(s) => failed(s),
        None => first_json_object(v).is_some_and(|m| failed(&m)),
    }
}

/// Concatenated text blocks of a call result.
pub fn text_blocks(v: &Value) -> Vec<String> {
    v.get("content")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(|c| c.get("text").and_then(Value::as_str).map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The first text block that is a JSON object.
fn first_json_object(v: &Value) -> Option<Map<String, Value>> {
    text_blocks(v)
        .iter()
        .find_map(|t| match serde_json::from_str::<Value>(t) {
            Ok(Value::Object(m)) => Some(m),
            _ => None,
        })
}

/// An envelope `{"success": true, "data": {...}}` or `{"ok": true, "data": {...}}` stands
/// for its `data` (an interface file's server may wrap its results either way).
fn unwrap_envelope(m: &Map<String, Value>) -> Map<String, Value> {
    match (m.get("success").or(m.get("ok")), m.get("data")) {
        (Some(Value::Bool(true)), Some(Value::Object(data))) => data.clone(),
        _ => m.clone(),
    }
}

/// The result object: structuredContent, else the first text block that is a JSON object,
/// each less an `{ok|success: true, data}` envelope. For an interface whose results are
/// plain text (a profile's `text_result`, e.g. `content`), a result without
/// structuredContent stands for `{content: <its text blocks, joined>}` (resource links left
/// out), or for its content blocks themselves when not all of them are text (an image).
pub fn result_object(v: &Value, text_result: Option<&str>) -> Result<Map<String, Value>, String> {
    if let Some(m) = structured(v) {
        return Ok(unwrap_envelope(m));
    }
    // A plain-text interface's text block is the tool's text, even when that text (a
    // file's) is a JSON object (ROUND-012).
    if text_result.is_none()
        && let Some(m) = first_json_object(v)
    {
        return Ok(unwrap_envelope(&m));
    }
    if let Some(field) = text_result
        && let Some(blocks) = v.get("content").and_then(Value::as_array)
        && !blocks.is_empty()
    {
        return Ok(Map::from_iter([(field.to_string(), plain_text(v, blocks))]));
    }
    Err(format!(
        "the result has no structuredContent object and no text block holding a JSON object: {}",
        describe_value(v)
    ))
}

/// A plain-text result's value: its text blocks joined, or the blocks themselves when not
/// all are text. A resource_link block only points at a resource (@j0hanz/filesystem-mcp's
/// read adds one after the file's text): it is no part of the text, nor media.
fn plain_text(v: &Value, blocks: &[Value]) -> Value {
    let texts = text_blocks(v);
    let links = blocks
        .iter()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("resource_link"))
        .count();
    if !texts.is_empty() && texts.len() + links == blocks.len() {
        Value::String(texts.join("\n"))
    } else {
        Value::Array(blocks.to_vec())
    }
}

/// FastMCP's echo `{"result": "<text>"}` itself, which `structured` leaves aside.
fn plain_echo(v: &Value) -> Option<Map<String, Value>> {
    match v.get("structuredContent") {
        Some(Value::Object(echo)) if echo.len() == 1 && echo.get("result")?.is_string() => {
            Some(echo.clone())
        }
        _ => None,
    }
}

/// The successful result object of a reply, or why there is none (`text_result`: see
/// `result_object`).
pub fn success(reply: &Reply, text_result: Option<&str>) -> Result<Map<String, Value>, String> {
    match reply {
        Reply::Ok(v) if is_tool_error(v) => Err(format!(
            "the call failed (isError: true) but should have succeeded: {}",
            clip(&text_blocks(v).join(" "), 600)
        )),
        // FastMCP's echo of a text holding no JSON object, on an interface that declares no
        // `text_result`: the echo is all there is, a success whose text is `result`.
        Reply::Ok(v) => result_object(v, text_result).or_else(|e| plain_echo(v).ok_or(e)),
        Reply::RpcError { code, message, .. } => Err(format!(
            "the call failed with JSON-RPC error {code} but should have succeeded: {message}"
        )),
        Reply::Broken(r) => Err(r.clone()),
    }
}

/// `success` as `profile` reads results: its `text_result`, less its `text_header`, and
/// a `reader_field` written as a JSON pointer (`/*/ranges/0/content`) resolved into a field
/// of that name, which the checks of a read's text then name.
pub fn profile_success(reply: &Reply, profile: &Profile) -> Result<Map<String, Value>, String> {
    let mut obj =
        success(reply, profile.text_result.as_deref()).map(|o| profile.without_text_header(o))?;
    let field = profile.reader_field();
    if pointer::is_pointer(field)
        && let [v] = pointer::values_at(&Value::Object(obj.clone()), field)[..]
    {
        // Only a pointer that leads to one value names the text: a `*` that matches
        // several keys (`bytesRead`, `data`, ...) names none of them.
        obj.insert(field.to_string(), v.clone());
    }
    Ok(obj)
}

/// The result of a direct JSON-RPC request (no tool envelope): the result object itself.
/// A result that says `success: false` is a failure, as in a `ToolResult` envelope.
pub fn direct_success(reply: &Reply) -> Result<Map<String, Value>, String> {
    match reply {
        Reply::Ok(Value::Object(m)) if m.get("success") == Some(&Value::Bool(false)) => {
            Err(format!(
                "the request failed (success: false) but should have succeeded: {}",
                describe_value(&Value::Object(m.clone()))
            ))
        }
        Reply::Ok(Value::Object(m)) => Ok(m.clone()),
        Reply::Ok(other) => Err(format!(
            "the result is not a JSON object: {}",
            describe_value(other)
        )),
        Reply::RpcError { code, message, .. } => Err(format!(
            "the request failed with JSON-RPC error {code} but should have succeeded: {message}"
        )),
        Reply::Broken(r) => Err(r.clone()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::test_replies::tool_error;
    use serde_json::json;

    /// From 2026-07-28 `structuredContent` may be any JSON value: one that is not an object
    /// is left aside and the result read from its text, for JSON and plain-text interfaces.
    #[test]
    fn non_object_structured_content_is_read_from_the_text() {
        for value in [json!(["a", "b"]), json!("done"), json!(3), json!(null)] {
            let v = json!({
                "structuredContent": value,
                "content": [{"type": "text", "text": "{\"hash\": \"ab\"}"}]
            });
            assert!(structured(&v).is_none(), "{value}");
            assert_eq!(result_object(&v, None).unwrap()["hash"], "ab", "{value}");
            assert_eq!(
                result_object(&v, Some("content")).unwrap()["content"],
                "{\"hash\": \"ab\"}",
                "{value}"
            );
            assert!(!is_tool_error(&v), "{value}");
        }
        let failed = json!({"structuredContent": [1], "isError": true, "content": []});
        assert!(is_tool_error(&failed));
    }

    #[test]
    fn results_come_from_structured_content_else_text() {
        let v = json!({"content": [{"type": "text", "text": "{\"hash\": \"ab\"}"}]});
        assert_eq!(result_object(&v, None).unwrap()["hash"], "ab");
        let v = json!({"structuredContent": {"hash": "cd"}, "content": []});
        assert_eq!(result_object(&v, None).unwrap()["hash"], "cd");
        let text = json!({"content": [{"type": "text", "text": "done"}]});
        assert!(result_object(&text, None).is_err());
        assert!(success(&tool_error("X", "boom"), None).is_err());
        // Plain-text interfaces: the text stands for the named field.
        assert_eq!(
            result_object(&text, Some("content")).unwrap()["content"],
            "done"
        );
        let image =
            json!({"content": [{"type": "image", "data": "iVBO", "mimeType": "image/png"}]});
        assert_eq!(
            result_object(&image, Some("content")).unwrap()["content"][0]["mimeType"],
            "image/png"
        );
        assert!(result_object(&json!({"content": []}), Some("content")).is_err());
        assert!(success(&tool_error("X", "boom"), Some("content")).is_err());
        // A resource link after the text is no part of it; a link alone is no text.
        let link = json!({"type": "resource_link", "uri": "x://f", "name": "f"});
        let linked = json!({"content": [{"type": "text", "text": "a\r\n"}, link]});
        assert_eq!(
            result_object(&linked, Some("content")).unwrap()["content"],
            "a\r\n"
        );
        let alone = json!({"content": [link]});
        assert!(result_object(&alone, Some("content")).unwrap()["content"].is_array());
        // A file's text that is a JSON object is the text there (ROUND-012), but a reply
        // alone cannot tell it from an envelope that says `ok: false`: both readings take it
        // as a failure, as "the call fails" does; the runner, which knows the fixture's
        // text, reads it as the content.
        let json_file = "{\"ok\": false, \"content\": \"no\"}\n";
        let read = Reply::Ok(json!({"content": [{"type": "text", "text": json_file}]}));
        assert!(success(&read, Some("content")).is_err());
        assert!(success(&read, None).is_err());
        let plain = Reply::Ok(json!({"content": [{"type": "text", "text": "{\"ok\": true}"}]}));
        assert!(success(&plain, Some("content")).is_ok());
    }

    /// A reader field written as a pointer reads a text keyed by the file's path.
    #[test]
    fn a_pointer_reader_field_reads_under_the_path_key() {
        let profile = Profile {
            reader_field: Some("/*/ranges/0/content".into()),
            ..Profile::default()
        };
        let text = r#"{"/r/a.txt": {"ranges": [{"content": "a\nb\n"}], "file_hash": "x"}}"#;
        let reply = Reply::Ok(serde_json::json!({"content": [{"type": "text", "text": text}]}));
        let obj = profile_success(&reply, &profile).unwrap();
        assert_eq!(obj["/*/ranges/0/content"], "a\nb\n");
    }

    /// FastMCP's echo `{"result": "<the text>"}` is read through to the text: JSON text
    /// gives its object (less an envelope), plain text fills a `text_result` field; a
    /// structured result that says more than the text is kept.
    #[test]
    fn a_fastmcp_echo_is_read_through_to_its_text() {
        let echo = |t: &str| json!({"content": [{"type": "text", "text": t}], "structuredContent": {"result": t}});
        let json_text = r#"{"success": true, "data": {"content": "a\n"}}"#;
        assert_eq!(
            result_object(&echo(json_text), None).unwrap()["content"],
            "a\n"
        );
        assert_eq!(
            result_object(&echo("line 1\n"), Some("content")).unwrap()["content"],
            "line 1\n"
        );
        assert!(!is_tool_error(&echo(json_text)));
        // Without `text_result`, the echo of a plain text is a success whose text is `result`
        // (a write's "Wrote 3 bytes"), not a result missing its object.
        let plain = Reply::Ok(echo("Wrote 3 bytes to a.txt"));
        assert_eq!(
            success(&plain, None).unwrap()["result"],
            "Wrote 3 bytes to a.txt"
        );
        let more = json!({"content": [{"type": "text", "text": "a"}], "structuredContent": {"result": "b"}});
        assert_eq!(
            result_object(&more, Some("content")).unwrap()["result"],
            "b"
        );
    }
}
