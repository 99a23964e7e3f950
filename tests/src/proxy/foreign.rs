//! The `foreign-interface` quirk of the wire proxy: an interface the harness has no profile
//! for, made from the reference's `filesystem` profile (issue 22's proof that a mapping
//! file is all the harness needs). Every tool is renamed `fs_<name>`; the path arguments
//! are `file`, `from` and `to`, relative to the root (the proxy makes them absolute for the
//! server behind it); a result is one text block holding `{"ok": true, "data": {...}}`, and
//! a refusal one holding `{"ok": false, "error": "..."}`, without `isError`.

use std::path::Path;

use serde_json::{Map, Value, json};

/// The foreign tools' prefix.
const PREFIX: &str = "fs_";

/// The foreign argument names and the server's, for paths.
const PATH_ARGS: [(&str, &str); 3] = [("file", "path"), ("from", "source"), ("to", "destination")];

/// A `tools/call` as the server behind the proxy takes it: its own tool name, its argument
/// names, absolute paths under `root`. Other messages pass unchanged.
pub fn rewrite_request(line: &str, root: &Path) -> String {
    let Ok(mut msg) = serde_json::from_str::<Value>(line) else {
        return line.to_string();
    };
    if msg.get("method").and_then(Value::as_str) != Some("tools/call") {
        return line.to_string();
    }
    let Some(params) = msg.get_mut("params").and_then(Value::as_object_mut) else {
        return line.to_string();
    };
    if let Some(name) = params.get("name").and_then(Value::as_str) {
        let own = name.strip_prefix(PREFIX).unwrap_or(name).to_string();
        params.insert("name".into(), json!(own));
    }
    if let Some(args) = params.get_mut("arguments").and_then(Value::as_object_mut) {
        for (foreign, own) in PATH_ARGS {
            if let Some(Value::String(p)) = args.remove(foreign) {
                args.insert(own.into(), json!(absolute(&p, root)));
            }
        }
    }
    msg.to_string()
}

/// A path relative to the root, made absolute; an absolute one is left as it is, so the
/// server judges it.
fn absolute(path: &str, root: &Path) -> String {
    if path.starts_with('/') {
        path.to_string()
    } else {
        format!("{}/{path}", root.display())
    }
}

/// A reply in the foreign interface's shape: tool names prefixed in `tools/list`, results
/// and refusals in an `{ok, ...}` envelope in one text block.
pub fn rewrite_reply(msg: &mut Value) {
    let Some(result) = msg.get_mut("result").and_then(Value::as_object_mut) else {
        return;
    };
    if let Some(Value::Array(tools)) = result.get_mut("tools") {
        tools.iter_mut().for_each(rename_tool);
        return;
    }
    if result.contains_key("content") {
        let envelope = envelope(result);
        result.clear();
        result.insert(
            "content".into(),
            json!([{"type": "text", "text": envelope.to_string()}]),
        );
    }
}

/// `read_file {path}` becomes `fs_read_file {file}` (and `source`, `destination` become
/// `from`, `to`), in its name and input schema.
fn rename_tool(tool: &mut Value) {
    if let Some(Value::String(name)) = tool.get_mut("name") {
        *name = format!("{PREFIX}{name}");
    }
    let Some(schema) = tool.get_mut("inputSchema").and_then(Value::as_object_mut) else {
        return;
    };
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for (foreign, own) in PATH_ARGS {
            if let Some(p) = props.remove(own) {
                props.insert(foreign.into(), p);
            }
        }
    }
    if let Some(Value::Array(required)) = schema.get_mut("required") {
        for r in required.iter_mut() {
            if let Some((foreign, _)) = PATH_ARGS.iter().find(|(_, own)| r == own) {
                *r = json!(foreign);
            }
        }
    }
}

/// `{"ok": true, "data": <structuredContent, else {content: the text}>}`, or for a tool
/// error `{"ok": false, "error": <the text>}`.
fn envelope(result: &Map<String, Value>) -> Value {
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .map(|blocks| {
            blocks
                .iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default();
    let text = text.join("\n");
    if result.get("isError").and_then(Value::as_bool) == Some(true) {
        return json!({"ok": false, "error": text});
    }
    let data = match result.get("structuredContent") {
        Some(Value::Object(s)) => Value::Object(s.clone()),
        _ => json!({ "content": text }),
    };
    json!({"ok": true, "data": data})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_and_results_are_translated() {
        let call = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs_move_file","arguments":{"from":"a.txt","to":"/abs/b.txt"}}}"#;
        let own: Value = serde_json::from_str(&rewrite_request(call, Path::new("/r"))).unwrap();
        assert_eq!(own["params"]["name"], "move_file");
        assert_eq!(own["params"]["arguments"]["source"], "/r/a.txt");
        assert_eq!(own["params"]["arguments"]["destination"], "/abs/b.txt");
        let mut reply = json!({"id": 3, "result": {"content": [{"type": "text", "text": "Error: no"}], "isError": true}});
        rewrite_reply(&mut reply);
        assert_eq!(
            reply["result"],
            json!({"content": [{"type": "text", "text": "{\"error\":\"Error: no\",\"ok\":false}"}]})
        );
        let mut tools = json!({"result": {"tools": [{"name": "read_file", "inputSchema": {"properties": {"path": {}}, "required": ["path"]}}]}});
        rewrite_reply(&mut tools);
        assert_eq!(tools["result"]["tools"][0]["name"], "fs_read_file");
        assert_eq!(
            tools["result"]["tools"][0]["inputSchema"]["required"],
            json!(["file"])
        );
    }
}
