//! Whether a reply refuses the request, and what the refusal says.
//!
//! A refusal is `isError: true`, an `{ok|success: false}` envelope, a JSON-RPC error, or
//! the interface's own declared refusal shape (`mark_refusal`). Whether it answers the
//! request is decided from protocol facts alone, never from the words of its text: a
//! JSON-RPC -32601 says the method is missing, and a tool the server does not list is
//! told apart by the session (`steps::calls::explain_missing_tool`), so "not found" or
//! "not implemented" in a refusal of a listed tool is still a refusal.

use serde_json::{Map, Value};

use super::result::{envelope_failed, is_tool_error, result_object, structured, text_blocks};
use super::{Reply, clip, codes, describe_value};
use crate::catalogue::profile::{FailureMarking, Refusal};

/// The JSON object an error carries: structuredContent or a JSON text block of an
/// isError result, or the data of a JSON-RPC error.
pub fn error_object(reply: &Reply) -> Option<Value> {
    match reply {
        Reply::Ok(v) if is_tool_error(v) => {
            structured(v).map(|m| Value::Object(m.clone())).or_else(|| {
                text_blocks(v).iter().find_map(|t| {
                    serde_json::from_str::<Value>(t)
                        .ok()
                        .filter(Value::is_object)
                })
            })
        }
        Reply::RpcError { data, .. } => data.clone().filter(Value::is_object),
        _ => None,
    }
}

/// An error as the checks see it.
#[derive(Debug, Clone)]
pub struct ErrorSeen {
    /// The code wherever the server put it (see `codes`), for core cases.
    pub code: Option<String>,
    /// `structuredContent.code` of a tool error, or `data.code` of a JSON-RPC error:
    /// where CLR-020 puts it, for clarification cases.
    pub exact_code: Option<String>,
    /// JSON-RPC error code when it was a protocol error.
    pub rpc_code: Option<i64>,
    /// Everything the client could show the model: messages, texts.
    pub text: String,
}

/// The error of a reply, or why it is not an acceptable error. `tool_call` says whether
/// the request was a tool call (clarification cases then require `isError`).
pub fn failure(reply: &Reply, clarification: bool, tool_call: bool) -> Result<ErrorSeen, String> {
    match reply {
        Reply::Ok(v) if is_tool_error(v) => {
            let structured = structured(v).map(|m| m as &Map<String, Value>);
            let code = codes::code_of_result(v);
            // Where the interface's own result shape puts it: `code`, or `error.code` in a
            // `ToolResult` envelope.
            let exact_code = structured
                .and_then(|s| s.get("code").or_else(|| s.get("error")?.get("code")))
                .and_then(Value::as_str)
                .map(str::to_string);
            let mut text = text_blocks(v).join("\n");
            // Messages that are not in a text block: `message`, `error.message`, or
            // `error` itself when it is a sentence.
            let error = structured.and_then(|s| s.get("error"));
            let messages = [
                structured.and_then(|s| s.get("message")),
                error.and_then(|e| e.get("message")),
                error.and_then(|e| e.get("aiMessage")),
                error.filter(|e| e.is_string()),
            ];
            for m in messages.into_iter().flatten().filter_map(Value::as_str) {
                if !text.contains(m) {
                    text.push('\n');
                    text.push_str(m);
                }
            }
            Ok(ErrorSeen {
                code,
                exact_code,
                rpc_code: None,
                text,
            })
        }
        Reply::Ok(v) => Err(format!(
            "the call succeeded but should have failed; result: {}",
            describe_value(v)
        )),
        Reply::RpcError { code, message, .. } if clarification && tool_call => Err(format!(
            "expected a tool error result (isError: true) but got JSON-RPC error {code}: {message}"
        )),
        Reply::RpcError {
            code,
            message,
            data,
        } => {
            let dcode = codes::code_of_rpc_data(data.as_ref());
            let exact_code = data
                .as_ref()
                .and_then(|d| d.get("code"))
                .and_then(Value::as_str)
                .map(str::to_string);
            let mut text = message.clone();
            if let Some(d) = data {
                text.push('\n');
                text.push_str(&d.to_string());
            }
            Ok(ErrorSeen {
                code: dcode,
                exact_code,
                rpc_code: Some(*code),
                text,
            })
        }
        Reply::Broken(r) => Err(r.clone()),
    }
}

/// Why an error does not answer the request, if it does not: the protocol says the method
/// is missing (JSON-RPC -32601), or the error carries nothing at all (its whole text is
/// empty or a bare "error"). Its wording is never weighed: a tool the server lists that
/// answers "not found" or even "not implemented" has refused the request.
pub fn not_an_answer(seen: &ErrorSeen) -> Option<String> {
    if seen.rpc_code == Some(-32601) {
        return Some(format!(
            "the server does not implement the request (JSON-RPC -32601 method not found: {}); \
             the capability is missing, so this is not a refusal of the request",
            clip(&seen.text, 300)
        ));
    }
    let bare = seen
        .text
        .trim()
        .trim_end_matches(['.', '!'])
        .to_ascii_lowercase();
    if matches!(
        bare.as_str(),
        "" | "error" | "failed" | "failure" | "internal error"
    ) {
        return Some(format!(
            "the error carries no facts (its whole text is {:?}); a refusal must say what was \
             wrong with the request",
            seen.text.trim()
        ));
    }
    None
}

/// The texts with which the common SDKs reject a call whose arguments do not fit the tool's
/// input schema in their shape, before the tool runs: a required argument missing, one the
/// schema does not know, one of the wrong type or outside its enum. pydantic (the Python
/// SDK's and FastMCP's tools), jsonschema (the Python SDK's low-level server), zod (the
/// TypeScript SDK) and serde (rmcp). Not the validation envelope alone ("Input validation
/// error", "1 validation error for"): a schema may refuse a *value* by a rule of its own
/// (`..` forbidden in a path), and that is the server refusing the path, not a malformed
/// call.
const ARGUMENT_ERRORS: &str = r"(?i)is a required property|additional properties are not allowed|is not of type '|is not one of \[|\[type=(missing|extra_forbidden|literal_error|enum|[a-z]+_type)\b|field required|missing field `|unknown field `|invalid type: |expected [a-z]+, received [a-z]+|invalid_type|unrecognized_keys|unrecognized keys? in object|invalid_enum_value|invalid option: expected one of";

/// Why an error is the SDK rejecting the call's arguments rather than the tool refusing the
/// request, if it is: such a reply says nothing of the path it was sent, so no check of a
/// refusal, of what a reply shows or of what a call changed may rest on it (the call or the
/// mapping is malformed). Told by the validation texts of the common SDKs alone, never by a
/// JSON-RPC code: -32602 is also how a resource read refuses a path outside the root.
pub fn argument_error(seen: &ErrorSeen) -> Option<String> {
    static RE: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(ARGUMENT_ERRORS).expect("valid regex"));
    let found = RE.find(&seen.text)?;
    let line = seen.text[..found.start()].rfind('\n').map_or(0, |i| i + 1);
    let end = seen.text[found.start()..]
        .find('\n')
        .map_or(seen.text.len(), |i| found.start() + i);
    Some(format!(
        "the server rejected the call's arguments before the tool ran ({:?}), so the call \
         tested nothing: the call or the interface's mapping of it is malformed (a required \
         argument left out, or one of the wrong type)",
        clip(seen.text[line..end].trim(), 200)
    ))
}

/// Whether a reply is the SDK rejecting the call's arguments (`argument_error`).
pub fn argument_error_of(reply: &Reply) -> Option<String> {
    match reply {
        Reply::Ok(v) if !is_tool_error(v) => None,
        Reply::Broken(_) => None,
        _ => argument_error(&failure(reply, false, true).ok()?),
    }
}

/// Whether a failure carries the mark the interface states (`marking`), strictly: `failure`
/// reads a refusal in any usual shape so that the other checks see it, while this asks what
/// a client that trusts only that mark sees. A lighthouse failure sent with `isError: false`
/// and `success: false` in its envelope is a refusal to `failure` and unmarked here. A
/// request that is no tool call (a resource read, a direct method) has only JSON-RPC errors.
pub fn check_marking(
    reply: &Reply,
    marking: FailureMarking,
    refusal: Option<&Refusal>,
    tool_call: bool,
) -> Result<(), String> {
    let Reply::Ok(v) = reply else {
        return match (reply, tool_call, marking) {
            (Reply::Broken(r), ..) => Err(r.clone()),
            (_, false, _)
            | (_, true, FailureMarking::IsErrorOrJsonRpc | FailureMarking::JsonRpc) => Ok(()),
            (_, true, m) => Err(format!(
                "the failure is a JSON-RPC error, but the interface marks failures as {}",
                m.described()
            )),
        };
    };
    let flagged = v.get("isError").and_then(Value::as_bool) == Some(true);
    let marked = match marking {
        _ if !tool_call => false,
        FailureMarking::IsError | FailureMarking::IsErrorOrJsonRpc => flagged,
        FailureMarking::JsonRpc => false,
        FailureMarking::Envelope => envelope_failed(v),
        // `isError: true` marks a failure for every client, beside the interface's own shape.
        FailureMarking::Refusal => {
            flagged
                || refusal.is_some_and(|r| {
                    let object = result_object(v, None).ok().map(Value::Object);
                    r.says_refused(object.as_ref(), &text_blocks(v).join("\n"))
                })
        }
    };
    if marked {
        return Ok(());
    }
    let expected = if tool_call {
        marking.described()
    } else {
        "a JSON-RPC error (the request is no tool call)"
    };
    Err(format!(
        "the failure is not marked as the interface says: expected {expected}, but the reply \
         is a result with isError: {}, which a client that trusts that mark hands to the \
         model as a success: {}",
        v.get("isError")
            .map_or("absent".to_string(), Value::to_string),
        describe_value(v)
    ))
}

/// `result` with `isError: true` when its result object (as every check reads it:
/// `result_object`) has the interface's declared refusal shape; the text blocks stay as
/// sent, so the error's wording is the server's.
pub fn mark_refusal(mut result: Value, refusal: &Refusal) -> Value {
    let object = result_object(&result, None).ok().map(Value::Object);
    let refused = refusal.says_refused(object.as_ref(), &text_blocks(&result).join("\n"));
    if refused && let Some(m) = result.as_object_mut() {
        m.insert("isError".into(), Value::Bool(true));
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Profile;
    use crate::reply::kind::check_kind;
    use crate::reply::success;
    use serde_json::json;

    #[test]
    fn ok_false_envelopes_are_failures_with_their_message() {
        let structured = Reply::Ok(json!({
            "content": [{"type": "text", "text": "x"}],
            "structuredContent": {"ok": false, "error": "File not found"}
        }));
        let text_only = Reply::Ok(json!({
            "content": [{"type": "text", "text": "{\"ok\":false,\"error\":\"Path traversal detected\"}"}]
        }));
        for (r, msg) in [
            (&structured, "File not found"),
            (&text_only, "Path traversal detected"),
        ] {
            assert!(success(r, None).is_err());
            let seen = failure(r, false, true).unwrap();
            assert!(seen.text.contains(msg), "{}", seen.text);
            assert_eq!(seen.code, None, "a sentence is not a code");
        }
        let seen = failure(&text_only, false, true).unwrap();
        assert!(check_kind(&seen, "path_escape", false, &Profile::default()).is_ok());
        let ok = Reply::Ok(json!({"structuredContent": {"ok": true, "data": "x"}, "content": []}));
        assert!(success(&ok, None).is_ok());
        // An `{ok, data}` envelope whose data is an object stands for that object.
        let wrapped = json!({"content": [{"type": "text", "text": "{\"ok\":true,\"data\":{\"content\":\"a\\n\"}}"}]});
        assert_eq!(result_object(&wrapped, None).unwrap()["content"], "a\n");
    }

    /// The SDKs' validation texts are argument errors; a path refusal, whatever its words
    /// and its JSON-RPC code, is not.
    #[test]
    fn argument_errors_are_told_by_the_sdks_texts() {
        for text in [
            "Error executing tool read_file: 1 validation error for read_fileArguments\naction\n  Field required [type=missing, input_value={'path': 'a'}]",
            "Input validation error: 'action' is a required property",
            "MCP error -32602: Invalid arguments for tool write: [{\"code\": \"invalid_type\"}]",
            "failed to deserialize parameters: missing field `path`",
            "Invalid input: expected string, received undefined",
            "1 validation error for writeArguments\ncontent\n  Input should be a valid string [type=string_type, input_value=3]",
            "Invalid arguments for tool file_operation: action: Invalid option: expected one of \"read\"|\"write\"",
        ] {
            let why = argument_error_of(&refused(text)).expect(text);
            assert!(why.contains("tested nothing"), "{why}");
        }
        for text in [
            "Access denied - path outside allowed directories: /tmp/x",
            "Path validation failed: ../secret",
            "ENOENT: no such file or directory, open '/r/a.txt'",
            // A schema's own rule on a value refuses that value: the server judged the path.
            "Input validation error: Invalid arguments for tool read: path: Directory traversal sequences (\"..\") are forbidden",
            "1 validation error for readArguments\npath\n  Value error, path leaves the root [type=value_error]",
        ] {
            assert_eq!(argument_error_of(&refused(text)), None, "{text}");
        }
        let resource_refusal = Reply::RpcError {
            code: -32602,
            message: "path is outside the root".into(),
            data: None,
        };
        assert_eq!(argument_error_of(&resource_refusal), None);
        let success =
            Reply::Ok(json!({"content": [{"type": "text", "text": "1 validation error for x"}]}));
        assert_eq!(
            argument_error_of(&success),
            None,
            "a success's text is content"
        );
    }

    fn refused(text: &str) -> Reply {
        Reply::Ok(json!({"isError": true, "content": [{"type": "text", "text": text}]}))
    }

    /// A refusal is judged by protocol facts, never by its words: "not found", "not
    /// implemented" and "no such tool" from a tool the server lists are refusals.
    #[test]
    fn wording_never_makes_a_refusal_a_missing_capability() {
        for text in [
            "Parent directory not found: /r/%2e%2e/root_evil",
            "not implemented: paths outside the allowed directories",
            "no such tool option: follow_links",
            "Unknown tool mode for ../x",
        ] {
            let seen = failure(&refused(text), false, true).unwrap();
            assert_eq!(not_an_answer(&seen), None, "{text}");
        }
        let rpc = Reply::RpcError {
            code: -32602,
            message: "Tool edit not found".into(),
            data: None,
        };
        assert_eq!(not_an_answer(&failure(&rpc, false, true).unwrap()), None);
    }

    /// What does not answer: the protocol's method-not-found, and an error with no facts.
    #[test]
    fn method_not_found_and_bare_errors_are_no_answer() {
        let rpc = Reply::RpcError {
            code: -32601,
            message: "whatever it says".into(),
            data: None,
        };
        assert!(not_an_answer(&failure(&rpc, false, false).unwrap()).is_some());
        for bare in ["", "Error", "failed.", "Internal error"] {
            let seen = failure(&refused(bare), false, true).unwrap();
            assert!(not_an_answer(&seen).is_some(), "{bare:?}");
        }
    }

    /// FastMCP echoes a string result as `structuredContent: {"result": "<text>"}`; when
    /// that text is a refusal envelope, the reply is a refusal with the envelope's message.
    #[test]
    fn a_fastmcp_echo_of_a_refusal_envelope_is_a_refusal() {
        let text = r#"{"success": false, "error": "Path escapes the root: ../x"}"#;
        let reply = Reply::Ok(json!({
            "content": [{"type": "text", "text": text}],
            "structuredContent": {"result": text},
            "isError": false
        }));
        let seen = failure(&reply, false, true).unwrap();
        assert!(seen.text.contains("Path escapes the root"), "{}", seen.text);
        assert!(success(&reply, None).is_err());
    }
    /// mcp-text-editor's refusal (`isError: false`, the verdict under the file's path) is
    /// marked as an error; its success, and a text that is no JSON, are not.
    #[test]
    fn a_declared_refusal_shape_marks_the_result_as_an_error() {
        let refusal = Refusal {
            field: Some("/*/result".into()),
            equals: Some(json!("error")),
            text_matches: None,
        };
        let refused =
            text_result(r#"{"/r/a": {"result": "error", "reason": "Path traversal not allowed"}}"#);
        let marked = mark_refusal(refused.clone(), &refusal);
        assert_eq!(marked["isError"], json!(true));
        assert_eq!(marked["content"], refused["content"]);
        let ok = text_result(r#"{"/r/a": {"result": "ok", "hash": "ab"}}"#);
        assert!(mark_refusal(ok, &refusal).get("isError").is_none());
        assert!(
            mark_refusal(text_result("result: error"), &refusal)
                .get("isError")
                .is_none()
        );
        let structured = json!({"content": [], "structuredContent": {"x": {"result": "error"}}});
        assert_eq!(mark_refusal(structured, &refusal)["isError"], json!(true));
    }

    /// "This reply is a refusal" (lenient, `failure`) is not "this failure is marked as the
    /// interface says" (strict, `check_marking`): a lighthouse failure sent with
    /// `isError: false` is the first and not the second (issue 53's regression).
    #[test]
    fn a_refusal_is_not_always_a_marked_failure() {
        use FailureMarking as M;
        let envelope =
            json!({"success": false, "error": {"code": "FILE_NOT_FOUND", "message": "no a.txt"}});
        let unflagged = Reply::Ok(json!({
            "isError": false,
            "content": [{"type": "text", "text": envelope.to_string()}],
            "structuredContent": envelope
        }));
        assert!(
            failure(&unflagged, true, true).is_ok(),
            "lenient: a refusal"
        );
        let err = check_marking(&unflagged, M::IsError, None, true).unwrap_err();
        assert!(err.contains("isError: false"), "{err}");
        assert!(check_marking(&unflagged, M::IsErrorOrJsonRpc, None, true).is_err());
        assert!(check_marking(&unflagged, M::Envelope, None, true).is_ok());
        let mut flagged = unflagged.clone();
        if let Reply::Ok(v) = &mut flagged {
            v["isError"] = json!(true);
        }
        for m in [M::IsError, M::IsErrorOrJsonRpc, M::Envelope, M::Refusal] {
            assert!(check_marking(&flagged, m, None, true).is_ok(), "{m:?}");
        }
        assert!(check_marking(&flagged, M::JsonRpc, None, true).is_err());
        // A plain-text failure without the flag is no failure at all to a client.
        let plain = Reply::Ok(json!({"content": [{"type": "text", "text": "Error: ENOENT"}]}));
        assert!(check_marking(&plain, M::IsError, None, true).is_err());
        assert!(check_marking(&plain, M::Envelope, None, true).is_err());
        let by_text = Refusal {
            field: None,
            equals: None,
            text_matches: Some("^Error: ".into()),
        };
        assert!(check_marking(&plain, M::Refusal, Some(&by_text), true).is_ok());
        assert!(check_marking(&plain, M::Refusal, None, true).is_err());
    }

    /// A JSON-RPC error marks a failure where the interface says so, and is the only mark a
    /// request that is no tool call (a resource read, a direct method) can carry.
    #[test]
    fn json_rpc_errors_mark_what_the_interface_says() {
        use FailureMarking as M;
        let rpc = Reply::RpcError {
            code: -32002,
            message: "Resource not found".into(),
            data: None,
        };
        assert!(check_marking(&rpc, M::IsError, None, true).is_err());
        assert!(check_marking(&rpc, M::IsErrorOrJsonRpc, None, true).is_ok());
        assert!(check_marking(&rpc, M::JsonRpc, None, true).is_ok());
        assert!(check_marking(&rpc, M::IsError, None, false).is_ok());
        let flagged = Reply::Ok(json!({"isError": true, "content": []}));
        assert!(check_marking(&flagged, M::IsError, None, false).is_err());
        assert!(check_marking(&Reply::Broken("timeout".into()), M::IsError, None, true).is_err());
    }

    fn text_result(t: &str) -> Value {
        json!({"content": [{"type": "text", "text": t}]})
    }
}
