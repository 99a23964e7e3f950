//! The typed conversion of a large request without copying its large strings.
//!
//! rmcp's message types are untagged and flattened serde enums, which buffer a message and
//! read it again: every string is copied two or three times on the way, so a 200 MiB
//! `file.create` line peaked at five times its size (issue 21). Here the strings of at
//! least `BULK` bytes inside `params` are taken out of the JSON value first (leaving empty
//! strings), the small rest is converted, and the strings are moved back into the typed
//! request: into the arguments of a `tools/call`, or the params of a custom method. A
//! request of another shape is converted as before.

use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonObject};
use serde_json::Value;

/// Strings at least this long are moved around the conversion.
pub const BULK: usize = 64 * 1024;

/// A taken string: its JSON pointer below `params`, and the text.
type Taken = Vec<(String, String)>;

/// `serde_json::from_value::<ClientJsonRpcMessage>`, moving large strings instead of
/// copying them.
pub fn to_message(mut value: Value) -> Result<ClientJsonRpcMessage, serde_json::Error> {
    let mut taken = Taken::new();
    if let Some(params) = value.get_mut("params") {
        take(params, &mut String::new(), &mut taken);
    }
    if taken.is_empty() {
        return serde_json::from_value(value);
    }
    let skeleton = value.clone();
    let mut msg: ClientJsonRpcMessage = serde_json::from_value(value)?;
    match put_back(&mut msg, &mut taken) {
        true => Ok(msg),
        // Not a shape we know: convert the whole request the slow way.
        false => {
            let mut whole = skeleton;
            for (pointer, text) in taken.drain(..) {
                if let Some(v) = whole.pointer_mut(&format!("/params{pointer}")) {
                    *v = Value::String(text);
                }
            }
            serde_json::from_value(whole)
        }
    }
}

/// Takes every string of at least `BULK` bytes below `v` (at `at`, a JSON pointer).
fn take(v: &mut Value, at: &mut String, taken: &mut Taken) {
    let len = at.len();
    match v {
        Value::String(s) if s.len() >= BULK => taken.push((at.clone(), std::mem::take(s))),
        Value::Object(map) => {
            for (k, item) in map.iter_mut() {
                at.push('/');
                at.push_str(&k.replace('~', "~0").replace('/', "~1"));
                take(item, at, taken);
                at.truncate(len);
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter_mut().enumerate() {
                at.push_str(&format!("/{i}"));
                take(item, at, taken);
                at.truncate(len);
            }
        }
        _ => {}
    }
}

/// Moves the taken strings into the typed request; false (nothing lost: what was not
/// placed stays in `taken`) when a string has no place there.
fn put_back(msg: &mut ClientJsonRpcMessage, taken: &mut Taken) -> bool {
    let ClientJsonRpcMessage::Request(r) = msg else {
        return false;
    };
    let fits = |pointer: &str, req: &mut ClientRequest| -> bool { slot(req, pointer).is_some() };
    if !taken.iter().all(|(p, _)| fits(p, &mut r.request)) {
        return false;
    }
    for (pointer, text) in taken.drain(..) {
        if let Some(v) = slot(&mut r.request, &pointer) {
            *v = Value::String(text);
        }
    }
    true
}

/// The value at `pointer` (below `params`) in a typed request, for the two shapes that
/// carry large strings: a tool call's arguments and a custom method's params.
fn slot<'a>(req: &'a mut ClientRequest, pointer: &str) -> Option<&'a mut Value> {
    match req {
        ClientRequest::CallToolRequest(c) => {
            let rest = pointer.strip_prefix("/arguments/")?;
            let (key, below) = rest.split_once('/').map_or((rest, ""), |(k, b)| (k, b));
            let key = key.replace("~1", "/").replace("~0", "~");
            let args: &mut JsonObject = c.params.arguments.as_mut()?;
            let v = args.get_mut(&key)?;
            if below.is_empty() {
                Some(v)
            } else {
                v.pointer_mut(&format!("/{below}"))
            }
        }
        ClientRequest::CustomRequest(c) => c.params.as_mut()?.pointer_mut(pointer),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn check(value: Value) {
        let expected: ClientJsonRpcMessage = serde_json::from_value(value.clone()).unwrap();
        let ours = to_message(value).unwrap();
        assert_eq!(
            serde_json::to_value(&ours).unwrap(),
            serde_json::to_value(&expected).unwrap()
        );
    }

    #[test]
    fn large_strings_come_back_where_they_were() {
        let big = "x".repeat(BULK);
        check(
            json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "file.create", "arguments": {"path": "a", "content": big,
            "a/b~c": big, "edits": [{"old": "o", "new": big}]}}}),
        );
        check(
            json!({"jsonrpc": "2.0", "id": 2, "method": "file/save", "params": {
            "uri": "file:///r/a", "content": big, "_meta": {"k": "v"}}}),
        );
        // Another shape (a large client name) is converted the slow way, unchanged.
        check(
            json!({"jsonrpc": "2.0", "id": 3, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": {"name": big, "version": "1"}}}),
        );
        check(
            json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
            "name": big, "arguments": {}}}),
        );
    }
}
