//! A server of the next release's draft (SEP-3279, "negotiated tool result variants",
//! protocol 2026-12-01) made by rewriting the wire in front of the unmodified reference,
//! which speaks 2026-07-28: `server/discover` offers 2026-12-01 too, a request of that
//! version is handed on as one of 2026-07-28, and its replies come back in the draft's
//! shapes (tools with `outputVariants`, results in `outputs`). Requests of older versions
//! pass untouched, as the draft asks of a server that serves both.
//!
//! `draft-variants` is that server, correct as far as the draft goes; `draft-placeholder`
//! breaks the draft's rule that the fallback is "a usable model representation" ("MUST NOT
//! be only a placeholder"): the data goes to a `programmatic` output the harness never
//! asked for.

use std::collections::HashMap;
use std::sync::Mutex;

use serde_json::{Map, Value, json};

use crate::faults::Injection;

/// The draft's protocol version.
pub const DRAFT: &str = "2026-12-01";
/// The 2026-07-28 version the reference behind the proxy speaks.
const BEHIND: &str = "2026-07-28";
/// Where a request of the 2026-07-28 lifecycle names its protocol version.
const VERSION_META: &str = "io.modelcontextprotocol/protocolVersion";

/// The correct server of the draft.
pub const CORRECT: Injection = Injection {
    profile: "filesystem",
    name: "draft-variants",
    id: "-",
    what: "(proxy) protocol 2026-12-01 as SEP-3279's draft defines it: tools declare \
           `outputVariants` (`assistant/structured` too where they have an output schema), \
           results come in `outputs`: the outputs asked for, the `assistant/content` \
           fallback for a call without `requestedOutputs`",
};

/// The draft's server with the data in an output the call did not ask for.
pub const PLACEHOLDER: Injection = Injection {
    profile: "filesystem",
    name: "draft-placeholder",
    id: "-",
    what: "(proxy) as draft-variants, but a successful result's `assistant/content` is only \
           a placeholder and its data sits in an unrequested `programmatic/structured` output",
};

/// Whether `name` is one of this module's servers.
pub fn is_draft(name: &str) -> bool {
    name == CORRECT.name || name == PLACEHOLDER.name
}

/// The ids of requests of the draft's version whose replies the proxy reshapes.
#[derive(Debug, Default)]
pub struct Pending(Mutex<HashMap<String, (String, Asked)>>);

/// What a call asked for beside the fallback: `assistant/structured` or nothing more.
type Asked = bool;

impl Pending {
    fn note(&self, id: &Value, method: &str, structured: Asked) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(id.to_string(), (method.to_string(), structured));
        }
    }

    /// The method of the draft-version request `id` and what it asked for, forgotten once
    /// taken.
    fn take(&self, id: &Value) -> Option<(String, Asked)> {
        self.0.lock().ok()?.remove(&id.to_string())
    }
}

/// A request as the reference behind is given it: one of the draft's version names
/// 2026-07-28 instead, and its id is noted for the reply.
pub fn rewrite_request(line: &str, pending: &Pending) -> String {
    let Ok(mut msg) = serde_json::from_str::<Value>(line) else {
        return line.to_string();
    };
    let Some(meta) = msg
        .pointer_mut("/params/_meta")
        .and_then(Value::as_object_mut)
    else {
        return line.to_string();
    };
    if meta.get(VERSION_META).and_then(Value::as_str) != Some(DRAFT) {
        return line.to_string();
    }
    meta.insert(VERSION_META.into(), json!(BEHIND));
    // `requestedOutputs` is no parameter of 2026-07-28.
    let asked = msg
        .get_mut("params")
        .and_then(Value::as_object_mut)
        .and_then(|p| p.remove("requestedOutputs"));
    let structured = asked.as_ref().and_then(Value::as_array).is_some_and(|a| {
        a.iter()
            .any(|s| s == &json!({"audience": "assistant", "format": "structured"}))
    });
    if let (Some(id), Some(method)) = (
        msg.get("id").cloned(),
        msg.get("method")
            .and_then(Value::as_str)
            .map(str::to_string),
    ) {
        pending.note(&id, &method, structured);
    }
    msg.to_string()
}

/// A reply to a request of the draft's version, in the draft's shape.
pub fn rewrite_reply(name: &str, msg: &mut Value, pending: &Pending) {
    let Some(id) = msg.get("id").cloned() else {
        return;
    };
    let Some((method, structured)) = pending.take(&id) else {
        return;
    };
    let Some(result) = msg.get_mut("result").and_then(Value::as_object_mut) else {
        return;
    };
    match method.as_str() {
        "server/discover" => offer_draft(result),
        "tools/list" => declare_variants(result),
        "tools/call" => into_outputs(result, structured, name == PLACEHOLDER.name),
        _ => {}
    }
}

/// `server/discover`: 2026-12-01 among the supported versions.
fn offer_draft(result: &mut Map<String, Value>) {
    if let Some(Value::Array(versions)) = result.get_mut("supportedVersions") {
        versions.push(json!(DRAFT));
    }
}

/// `tools/list`: each tool declares the fallback (the draft: "Every tool MUST declare an
/// `assistant/content` variant"), and a tool with the legacy `outputSchema` declares
/// `assistant/structured` of that schema too (the draft's migration of a legacy tool "that
/// produces structured data suitable for model context").
fn declare_variants(result: &mut Map<String, Value>) {
    let tools = result.get_mut("tools").and_then(Value::as_array_mut);
    for tool in tools.into_iter().flatten().filter_map(Value::as_object_mut) {
        let mut declared = vec![json!({"audience": "assistant", "format": "content"})];
        if let Some(schema) = tool.remove("outputSchema") {
            declared
                .push(json!({"audience": "assistant", "format": "structured", "schema": schema}));
        }
        tool.insert("outputVariants".into(), Value::Array(declared));
    }
}

/// `tools/call`: `content` becomes the `assistant/content` output, and `structuredContent`
/// the `assistant/structured` one when the call asked for it (never else: the draft
/// forbids an output the client did not ask for). With `placeholder`, a success's data
/// goes to a `programmatic/structured` output instead.
fn into_outputs(result: &mut Map<String, Value>, structured_asked: bool, placeholder: bool) {
    let content = result.remove("content").unwrap_or_else(|| json!([]));
    let structured = result.remove("structuredContent");
    let failed = result.get("isError").and_then(Value::as_bool) == Some(true);
    let outputs = if placeholder && !failed {
        // The data as a program would want it: the structured content, else the blocks.
        let data = structured.unwrap_or_else(|| json!({ "content": content }));
        json!([
            {"audience": "assistant", "format": "content", "content": [
                {"type": "text", "text": "The result was delivered to the programmatic output."}
            ]},
            {"audience": "programmatic", "format": "structured", "structuredContent": data}
        ])
    } else {
        let mut outputs =
            vec![json!({"audience": "assistant", "format": "content", "content": content})];
        if let (true, Some(data)) = (structured_asked, structured) {
            outputs.push(
                json!({"audience": "assistant", "format": "structured", "structuredContent": data}),
            );
        }
        Value::Array(outputs)
    };
    result.insert("outputs".into(), outputs);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(id: u32, version: &str) -> String {
        json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
            "name": "read_text_file", "arguments": {"path": "a"},
            "_meta": {VERSION_META: version}}})
        .to_string()
    }

    fn reply(id: u32) -> Value {
        json!({"jsonrpc": "2.0", "id": id, "result": {"resultType": "complete",
            "content": [{"type": "text", "text": "hi"}], "structuredContent": {"content": "hi"}}})
    }

    #[test]
    fn a_draft_call_is_answered_in_outputs() {
        let pending = Pending::default();
        let sent: Value =
            serde_json::from_str(&rewrite_request(&call(4, DRAFT), &pending)).unwrap();
        assert_eq!(sent["params"]["_meta"][VERSION_META], BEHIND);
        let mut r = reply(4);
        rewrite_reply(CORRECT.name, &mut r, &pending);
        assert_eq!(
            r["result"],
            json!({"resultType": "complete", "outputs": [{"audience": "assistant",
                "format": "content", "content": [{"type": "text", "text": "hi"}]}]})
        );
        // Answered once: a later reply with that id is left alone.
        let mut again = reply(4);
        rewrite_reply(CORRECT.name, &mut again, &pending);
        assert_eq!(again, reply(4));
    }

    #[test]
    fn the_structured_output_comes_when_asked_for() {
        let pending = Pending::default();
        let mut line: Value = serde_json::from_str(&call(7, DRAFT)).unwrap();
        line["params"]["requestedOutputs"] = json!([
            {"audience": "assistant", "format": "content"},
            {"audience": "assistant", "format": "structured"}]);
        let sent: Value =
            serde_json::from_str(&rewrite_request(&line.to_string(), &pending)).unwrap();
        assert!(sent["params"].get("requestedOutputs").is_none(), "{sent}");
        let mut r = reply(7);
        rewrite_reply(CORRECT.name, &mut r, &pending);
        assert_eq!(
            r["result"]["outputs"][1]["structuredContent"]["content"],
            "hi"
        );
        let mut list = json!({"jsonrpc": "2.0", "id": 8, "result": {"tools": [
            {"name": "a", "outputSchema": {"type": "object"}}, {"name": "b"}]}});
        let req = json!({"jsonrpc": "2.0", "id": 8, "method": "tools/list",
            "params": {"_meta": {VERSION_META: DRAFT}}});
        rewrite_request(&req.to_string(), &pending);
        rewrite_reply(CORRECT.name, &mut list, &pending);
        assert_eq!(
            list["result"]["tools"][0]["outputVariants"][1]["format"],
            "structured"
        );
        assert_eq!(
            list["result"]["tools"][1]["outputVariants"]
                .as_array()
                .unwrap()
                .len(),
            1
        );
    }

    #[test]
    fn an_older_call_passes_untouched() {
        let pending = Pending::default();
        let line = call(5, BEHIND);
        assert_eq!(rewrite_request(&line, &pending), line);
        let mut r = reply(5);
        rewrite_reply(CORRECT.name, &mut r, &pending);
        assert_eq!(r, reply(5));
    }

    #[test]
    fn the_placeholder_moves_the_data_out_of_the_fallback() {
        let pending = Pending::default();
        rewrite_request(&call(6, DRAFT), &pending);
        let mut r = reply(6);
        rewrite_reply(PLACEHOLDER.name, &mut r, &pending);
        let outputs = r["result"]["outputs"].as_array().unwrap();
        assert_eq!(outputs.len(), 2);
        assert!(!outputs[0]["content"].to_string().contains("hi"));
        assert_eq!(outputs[1]["structuredContent"]["content"], "hi");
    }
}
