//! Then steps on a tool call's result or error, and the rules for reading them.
//!
//! Results come from `structuredContent`, else from JSON in a text block. Errors: for core
//! cases `isError` or a JSON-RPC error, and the kind matches by code or by the message;
//! for clarification cases a tool error must be `isError` with exactly the expected code.

use regex::RegexBuilder;
use serde_json::{Map, Value};

use super::codes::{self, Verdict};
use super::facts::{self, Facts};
use super::{StepFn, arg, json_arg, json_string, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::catalogue::{ErrorKind, Profile, pointer};
use crate::run::exchange::clip;
use crate::run::server::Reply;
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::CALL_SUCCEEDS, step!(call_succeeds)),
        (form::FIELD_IS, step!(field_is)),
        (form::FIELD_HAS_LINES, step!(field_lines)),
        (form::FIELD_MATCHES, step!(field_matches)),
        (form::FIELD_IS_HASH_OF, step!(field_hash_of)),
        (form::FIELD_EQUALS_SAVED, step!(field_equals_var)),
        (form::FIELD_DIFFERS_FROM_SAVED, step!(field_differs_var)),
        (form::CALL_FAILS, step!(call_fails_any)),
        (form::CALL_FAILS_WITH, step!(call_fails_kind)),
        (form::ERROR_MENTIONS, step!(mentions_all)),
        (form::ERROR_MENTIONS_ONE_OF, step!(mentions_any)),
        (form::ERROR_CARRIES_FACTS, step!(carries_facts)),
        (form::ERROR_FIELD_TYPED, step!(error_field_typed)),
    ]
}

/// The JSON object an error carries: structuredContent or a JSON text block of an
/// isError result, or the data of a JSON-RPC error.
fn error_object(reply: &Reply) -> Option<Value> {
    match reply {
        Reply::Ok(v) if is_tool_error(v) => v
            .get("structuredContent")
            .filter(|s| s.is_object())
            .cloned()
            .or_else(|| {
                text_blocks(v).iter().find_map(|t| {
                    serde_json::from_str::<Value>(t)
                        .ok()
                        .filter(Value::is_object)
                })
            }),
        Reply::RpcError { data, .. } => data.clone().filter(Value::is_object),
        _ => None,
    }
}

/// The error has a field (dotted path) of a JSON type: the shape a source declares.
async fn error_field_typed(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let (path, ty) = (arg(a, 0)?, arg(a, 1)?);
    last_failure(w)?;
    let reply = last_call(w)?;
    let obj = error_object(reply).ok_or_else(|| {
        format!(
            "the error carries no JSON object (structuredContent, a JSON text block or \
             JSON-RPC error data) that could hold `{path}`"
        )
    })?;
    let mut at = &obj;
    for seg in path.split('.') {
        at = at.get(seg).ok_or_else(|| {
            format!(
                "the error has no `{path}` (the source declares it, of type {ty}): {}",
                describe_value(&obj)
            )
        })?;
    }
    let fits = match ty {
        "string" => at.as_str().is_some_and(|s| !s.trim().is_empty()),
        "boolean" => at.is_boolean(),
        "number" => at.is_number(),
        "object" => at.is_object(),
        "array" => at.is_array(),
        other => return Err(format!("internal: unknown JSON type {other}")),
    };
    if fits {
        Ok(())
    } else {
        Err(format!(
            "the error's `{path}` should be a {}{ty}, but it is {at}",
            if ty == "string" { "non-empty " } else { "" }
        ))
    }
}

fn describe_value(v: &Value) -> String {
    clip(&v.to_string(), 600)
}

/// The reply of the last tool call.
pub fn last_call(w: &HarnessWorld) -> Result<&Reply, String> {
    match &w.last {
        Last::Call { reply, .. } => Ok(reply),
        Last::Nothing => Err("internal: no call was made before this check".into()),
        _ => Err("internal: the last step was not a tool call".into()),
    }
}

/// `isError: true` on a call result, or a result envelope that says `success: false` or
/// `ok: false` (the result shapes of some interfaces, whose clients read that flag), in
/// structuredContent or, without it, in the first text block holding a JSON object.
pub fn is_tool_error(v: &Value) -> bool {
    is_tool_error_of(v, None)
}

/// `is_tool_error` for a profile whose results are plain text (`text_result`): its text
/// blocks are the tool's text, never an envelope, so only `isError` and structuredContent
/// say a call failed (a read of a file whose text is `{"ok": false}` succeeded, ROUND-012).
fn is_tool_error_of(v: &Value, text_result: Option<&str>) -> bool {
    let failed = |m: &Value| {
        ["success", "ok"]
            .iter()
            .any(|k| m.get(k).and_then(Value::as_bool) == Some(false))
    };
    if v.get("isError").and_then(Value::as_bool).unwrap_or(false) {
        return true;
    }
    match v.get("structuredContent") {
        Some(s @ Value::Object(_)) => failed(s),
        _ if text_result.is_some() => false,
        _ => text_blocks(v)
            .iter()
            .find_map(|t| {
                serde_json::from_str::<Value>(t)
                    .ok()
                    .filter(Value::is_object)
            })
            .is_some_and(|m| failed(&m)),
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

/// The result object: structuredContent, else the first text block that is a JSON object.
/// An envelope `{"success": true, "data": {...}}` or `{"ok": true, "data": {...}}` stands
/// for its `data` (an interface file's server may wrap its results either way). For an interface
/// whose results are plain text (a profile's `text_result`, e.g. `content`), a result
/// without structuredContent stands for `{content: <its text blocks, joined>}` (resource
/// links left out), or for its content blocks themselves when not all of them are text (an
/// image).
pub fn result_object(v: &Value, text_result: Option<&str>) -> Result<Map<String, Value>, String> {
    let unwrap = |m: &Map<String, Value>| match (m.get("success").or(m.get("ok")), m.get("data")) {
        (Some(Value::Bool(true)), Some(Value::Object(data))) => data.clone(),
        _ => m.clone(),
    };
    if let Some(Value::Object(m)) = v.get("structuredContent") {
        return Ok(unwrap(m));
    }
    // A plain-text interface's text block is the tool's text, even when that text (a
    // file's) is a JSON object (ROUND-012).
    for t in text_blocks(v).into_iter().filter(|_| text_result.is_none()) {
        if let Ok(Value::Object(m)) = serde_json::from_str::<Value>(&t) {
            return Ok(unwrap(&m));
        }
    }
    if let Some(field) = text_result
        && let Some(blocks) = v.get("content").and_then(Value::as_array)
        && !blocks.is_empty()
    {
        // A resource_link block only points at a resource (@j0hanz/filesystem-mcp's read
        // adds one after the file's text): it is no part of the text, nor media.
        let texts = text_blocks(v);
        let links = blocks
            .iter()
            .filter(|b| b.get("type").and_then(Value::as_str) == Some("resource_link"))
            .count();
        let value = if !texts.is_empty() && texts.len() + links == blocks.len() {
            Value::String(texts.join("\n"))
        } else {
            Value::Array(blocks.clone())
        };
        return Ok(Map::from_iter([(field.to_string(), value)]));
    }
    Err(format!(
        "the result has no structuredContent object and no text block holding a JSON object: {}",
        describe_value(v)
    ))
}

/// The successful result object of a reply, or why there is none (`text_result`: see
/// `result_object`).
pub fn success(reply: &Reply, text_result: Option<&str>) -> Result<Map<String, Value>, String> {
    match reply {
        Reply::Ok(v) if is_tool_error_of(v, text_result) => Err(format!(
            "the call failed (isError: true) but should have succeeded: {}",
            clip(&text_blocks(v).join(" "), 600)
        )),
        Reply::Ok(v) => result_object(v, text_result),
        Reply::RpcError { code, message, .. } => Err(format!(
            "the call failed with JSON-RPC error {code} but should have succeeded: {message}"
        )),
        Reply::Broken(r) => Err(r.clone()),
    }
}

/// `success` as `profile` reads results: its `text_result`, less its `text_header`, and
/// a `reader_field` written as a JSON pointer (`/*/ranges/0/content`) resolved into a field
/// of that name, which the checks of a read's text then name.
pub fn profile_success(
    reply: &Reply,
    profile: &crate::catalogue::Profile,
) -> Result<Map<String, Value>, String> {
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
            let structured = v.get("structuredContent");
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

/// Words a message about each kind of error plausibly contains (core cases only).
fn heuristic(kind: &str) -> Option<&'static str> {
    Some(match kind {
        "not_found" => {
            r"not found|no such|does not exist|doesn't exist|not exist|missing|enoent|unknown file"
        }
        "path_escape" => {
            r"outside|escape|not allowed|denied|forbidden|permission|traversal|access|not permitted|sandbox"
        }
        "already_exists" => r"already exists|exists|eexist",
        "stale_hash" => r"stale|changed|modified|hash|outdated|conflict|re-?read",
        "invalid_path" => r"invalid|illegal|path|not allowed",
        "not_a_file" => r"not a (regular )?file|is a directory|directory|eisdir",
        "not_a_directory" => r"not a directory|enotdir|is a file",
        "not_text" => r"utf-?8|text|binary|encoding|decode",
        "content_mismatch" => {
            r"mismatch|does not match|doesn't match|no match|not found|not present|could not find|cannot find|can't find|differs|expected|contains"
        }
        "ambiguous_match" => r"ambiguous|multiple|more than once|occurrences|matches",
        "invalid_range" => r"range|out of bounds|bounds|exceeds|line",
        "invalid_argument" => r"invalid|argument|required|missing|expected|must|parameter",
        "too_large" => r"too large|too big|size|limit|exceeds",
        "io_error" => r"i/o|io error|input/output",
        "directory_not_found" => {
            r"director(y|ies)|folder|parent|not found|no such|does not exist|missing|enoent"
        }
        "directory_not_empty" => r"not empty|non-?empty|recursive|contains|enotempty",
        "invalid_regex" => r"regex|regular expression|pattern|syntax",
        _ => return None,
    })
}

/// Check that `seen` is an error of `kind` (lower-case code, or "any"), knowing nothing of
/// the call (no facts to weigh).
pub fn check_kind(
    seen: &ErrorSeen,
    kind: &str,
    clarification: bool,
    profile: &Profile,
) -> Result<(), String> {
    check_kind_with_facts(seen, kind, clarification, &Facts::default(), profile)
}

/// Check that `seen` is an error of `kind`: in core cases by a code in any spelling, else
/// by the facts the message carries, else (last resort) by its words.
pub fn check_kind_with_facts(
    seen: &ErrorSeen,
    kind: &str,
    clarification: bool,
    facts: &Facts,
    profile: &Profile,
) -> Result<(), String> {
    if kind == "any" {
        return Ok(());
    }
    let expected = ErrorKind::parse(kind)
        .and_then(|k| profile.code(k))
        .unwrap_or_else(|| kind.to_ascii_uppercase());
    let shown = || {
        format!(
            "code {}{}, message {:?}",
            seen.code.as_deref().unwrap_or("(none)"),
            seen.rpc_code
                .map(|c| format!(" (JSON-RPC {c})"))
                .unwrap_or_default(),
            clip(&seen.text, 500)
        )
    };
    if clarification && let Some(code) = &seen.exact_code {
        // Our exact spelling, where CLR-020 puts it.
        return if code == &expected {
            Ok(())
        } else {
            Err(format!("expected a {expected} error, got {}", shown()))
        };
    }
    if clarification && seen.rpc_code.is_none() {
        return Err(format!(
            "expected a {expected} error with `structuredContent.code` {expected} (CLR-020), \
             got {}",
            shown()
        ));
    }
    if let Some(code) = &seen.code
        && !clarification
    {
        match codes::compare(code, kind, profile) {
            Verdict::Same => return Ok(()),
            Verdict::Other(other) => {
                return Err(format!(
                    "expected a {expected} error, got a code that names another kind ({}): {}",
                    other.to_ascii_uppercase(),
                    shown()
                ));
            }
            // Another vocabulary: the message decides.
            Verdict::Unknown => {}
        }
    }
    if !clarification
        && facts::identifies(kind, facts)
        && facts::carried(kind, facts, &seen.text) == Some(true)
    {
        return Ok(());
    }
    let words = heuristic(kind).ok_or_else(|| format!("internal: unknown error kind {kind}"))?;
    if clarification {
        // A protocol error without a code field: only resource errors get here. The JSON-RPC
        // code must fit (resource not found is -32002, or -32602 from 2026-07-28 on), and the
        // message must say the same thing.
        let code_fits = match (kind, seen.rpc_code) {
            ("not_found", Some(c)) => c == -32002 || c == -32602,
            (_, Some(c)) => c == -32602,
            (_, None) => false,
        };
        if !code_fits {
            return Err(format!("expected a {expected} error, got {}", shown()));
        }
    }
    let re = RegexBuilder::new(words)
        .case_insensitive(true)
        .build()
        .map_err(|e| e.to_string())?;
    if re.is_match(&seen.text) {
        Ok(())
    } else {
        Err(format!(
            "expected a {expected} error (by code or by its message), got {}",
            shown()
        ))
    }
}

fn field<'a>(obj: &'a Map<String, Value>, name: &str) -> Result<&'a Value, String> {
    obj.get(name).ok_or_else(|| {
        format!(
            "the result has no field {name:?}; it has {}",
            clip(&Value::Object(obj.clone()).to_string(), 600)
        )
    })
}

fn last_success(w: &HarnessWorld) -> Result<Map<String, Value>, String> {
    let reply = last_call(w)?;
    if let Last::Call { direct: true, .. } = &w.last {
        return direct_success(reply);
    }
    let obj = profile_success(reply, &w.profile())?;
    if w.result_shape
        && let Reply::Ok(v) = reply
    {
        check_result_shape(v, &obj)?;
    }
    if w.read_shape
        && let Reply::Ok(v) = reply
    {
        check_read_shape(v, &obj)?;
    }
    Ok(obj)
}

/// The fields a text block carries: its JSON object, or (CLR-037, text.read) a JSON object
/// on its first line with the rest of the block as `content`.
fn text_block_fields(text: &str) -> Option<Map<String, Value>> {
    if let Some((head, rest)) = text.split_once('\n')
        && let Ok(Value::Object(mut fields)) = serde_json::from_str::<Value>(head)
        && !fields.contains_key("content")
    {
        fields.insert("content".into(), Value::String(rest.to_owned()));
        return Some(fields);
    }
    match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(fields)) => Some(fields),
        _ => None,
    }
}

/// CLR-023: structuredContent holds the result and one text block holds the same JSON (or,
/// for text.read, the form of CLR-037).
fn check_result_shape(v: &Value, obj: &Map<String, Value>) -> Result<(), String> {
    if !matches!(v.get("structuredContent"), Some(Value::Object(_))) {
        return Err(format!(
            "the result has no structuredContent object (CLR-023 asks for it beside the text \
             block): {}",
            describe_value(v)
        ));
    }
    let same = text_blocks(v)
        .iter()
        .any(|t| text_block_fields(t).as_ref() == Some(obj));
    if same {
        Ok(())
    } else {
        Err(format!(
            "no text block holds the same JSON as structuredContent (CLR-023): {}",
            describe_value(v)
        ))
    }
}

/// CLR-037: text.read's text block is the result's other fields as one JSON line, a line
/// feed, then exactly the text.
fn check_read_shape(v: &Value, obj: &Map<String, Value>) -> Result<(), String> {
    let content = obj
        .get("content")
        .and_then(Value::as_str)
        .ok_or("the result has no string `content` (CLR-037)")?;
    let mut head = obj.clone();
    head.remove("content");
    let head = Value::Object(head);
    let found = text_blocks(v).iter().any(|t| {
        t.split_once('\n').is_some_and(|(h, rest)| {
            rest == content && serde_json::from_str::<Value>(h).ok().as_ref() == Some(&head)
        })
    });
    if found {
        Ok(())
    } else {
        Err(format!(
            "no text block is the result's other fields as one JSON line followed by the text \
             itself (CLR-037): {}",
            describe_value(v)
        ))
    }
}

pub async fn call_succeeds(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    match &w.last {
        Last::Call { .. } => last_success(w).map(|_| ()),
        Last::Resource { reply, .. } | Last::Tools(reply) | Last::Templates(reply) => match reply {
            Reply::Ok(_) => Ok(()),
            Reply::RpcError { code, message, .. } => Err(format!(
                "the request failed with JSON-RPC error {code}: {message}"
            )),
            Reply::Broken(r) => Err(r.clone()),
        },
        _ => Err("internal: nothing to check".into()),
    }
}

/// Whether two JSON values are equal, comparing 64-hex-digit strings case-insensitively.
fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) if is_hash(x) && is_hash(y) => {
            x.eq_ignore_ascii_case(y)
        }
        // 3 and 3.0 are the same number to a client.
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

fn is_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

async fn field_is(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let expected = w.interpolate_json(&json_arg(arg(a, 1)?)?, &[])?;
    let obj = last_success(w)?;
    let got = field(&obj, arg(a, 0)?)?;
    if json_eq(got, &expected) {
        Ok(())
    } else {
        Err(format!(
            "result field {:?}: expected {}, got {}",
            arg(a, 0)?,
            describe_value(&expected),
            describe_value(got)
        ))
    }
}

/// Split into lines, ignoring the terminators (`\n` or `\r\n`); a final terminator does
/// not start another line.
pub fn split_lines(s: &str) -> Vec<String> {
    if s.is_empty() {
        return Vec::new();
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
        .collect()
}

async fn field_lines(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let expected = json_strings(arg(a, 1)?)?;
    let obj = last_success(w)?;
    let got = field(&obj, arg(a, 0)?)?;
    let Some(text) = got.as_str() else {
        return Err(format!(
            "result field {:?} is not a string: {}",
            arg(a, 0)?,
            describe_value(got)
        ));
    };
    let lines = split_lines(text);
    if lines == expected {
        Ok(())
    } else {
        Err(format!(
            "result field {:?}: expected the lines {expected:?}, got {lines:?}",
            arg(a, 0)?
        ))
    }
}

async fn field_matches(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let pattern = json_string(arg(a, 1)?)?;
    let re =
        regex::Regex::new(&pattern).map_err(|e| format!("internal: bad regex {pattern:?}: {e}"))?;
    let obj = last_success(w)?;
    let got = field(&obj, arg(a, 0)?)?;
    let text = match got {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    if re.is_match(&text) {
        Ok(())
    } else {
        Err(format!(
            "result field {:?}: {} does not match /{pattern}/",
            arg(a, 0)?,
            describe_value(got)
        ))
    }
}

async fn field_hash_of(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 1)?;
    let bytes =
        std::fs::read(w.in_root(path)).map_err(|e| format!("cannot read {path} on disk: {e}"))?;
    let want = crate::run::disk::sha256_hex(&bytes);
    let obj = last_success(w)?;
    let got = field(&obj, arg(a, 0)?)?;
    match got.as_str() {
        Some(h) if h.eq_ignore_ascii_case(&want) => Ok(()),
        _ => Err(format!(
            "result field {:?} should be the SHA-256 of {path} as on disk ({want}), got {}",
            arg(a, 0)?,
            describe_value(got)
        )),
    }
}

fn saved(w: &HarnessWorld, name: &str) -> Result<String, String> {
    w.vars
        .get(name)
        .cloned()
        .ok_or_else(|| format!("internal: ${{{name}}} was never saved"))
}

fn as_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

async fn field_equals_var(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = saved(w, arg(a, 1)?)?;
    let obj = last_success(w)?;
    let got = as_text(field(&obj, arg(a, 0)?)?);
    if got == want || (is_hash(&got) && got.eq_ignore_ascii_case(&want)) {
        Ok(())
    } else {
        Err(format!(
            "result field {:?} should equal the saved {:?}: {}",
            arg(a, 0)?,
            arg(a, 1)?,
            super::show_mismatch(want.as_bytes(), got.as_bytes())
        ))
    }
}

async fn field_differs_var(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let other = saved(w, arg(a, 1)?)?;
    let obj = last_success(w)?;
    let got = as_text(field(&obj, arg(a, 0)?)?);
    if got.eq_ignore_ascii_case(&other) {
        Err(format!(
            "result field {:?} should differ from the saved {:?}, but both are {got}",
            arg(a, 0)?,
            arg(a, 1)?
        ))
    } else {
        Ok(())
    }
}

/// The error of the last request (tool call or resource read). An error that is not an
/// answer to the request (method not found, unknown tool, not implemented, or a bare
/// "error") is no refusal of anything, so no error expectation accepts it; except for a
/// call of a tool the interface does not have, where "unknown tool" is the answer.
pub fn last_failure(w: &HarnessWorld) -> Result<ErrorSeen, String> {
    let seen = match &w.last {
        Last::Call {
            tool,
            reply,
            direct,
            ..
        } => {
            // A direct request answers with JSON-RPC errors (a tool call with isError).
            let seen = match (direct, reply) {
                (true, Reply::Ok(Value::Object(m)))
                    if m.get("success") == Some(&Value::Bool(false)) =>
                {
                    return Err(format!(
                        "the request was refused with a result that says success: false                          instead of a JSON-RPC error: {}",
                        describe_value(&Value::Object(m.clone()))
                    ));
                }
                _ => failure(reply, w.clarification, !direct)?,
            };
            let tools = w.interface_tools();
            let ours = tools
                .iter()
                .any(|t| t == tool || t.replace('.', "_") == *tool);
            return match not_an_answer(&seen) {
                Some(why) if ours => Err(why),
                _ => Ok(seen),
            };
        }
        Last::Resource { reply, .. } | Last::Tools(reply) | Last::Templates(reply) => {
            failure(reply, w.clarification, false)
        }
        _ => Err("internal: no request to check".into()),
    }?;
    match not_an_answer(&seen) {
        Some(why) => Err(why),
        None => Ok(seen),
    }
}

/// Why an error says nothing about the request itself, if it does not.
pub fn not_an_answer(seen: &ErrorSeen) -> Option<String> {
    let shown = || clip(&seen.text, 300);
    if seen.rpc_code == Some(-32601) {
        return Some(format!(
            "the server does not implement the request (JSON-RPC -32601 method not found: {}); \
             the capability is missing, so this is not a refusal of the request",
            shown()
        ));
    }
    let unimplemented = RegexBuilder::new(
        r"unknown tool|no such tool|tool\b.{0,40}\bnot found|method not found|not implemented|unsupported (method|operation)",
    )
    .case_insensitive(true)
    .build()
    .ok()?;
    if unimplemented.is_match(&seen.text) {
        return Some(format!(
            "the error says the request is not implemented ({}); the capability is missing, \
             so this is not a refusal of the request",
            shown()
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

async fn call_fails_any(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    last_failure(w).map(|_| ())
}

async fn call_fails_kind(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let seen = last_failure(w)?;
    let kind = arg(a, 0)?;
    let facts = call_facts(w);
    check_kind_with_facts(&seen, kind, w.clarification, &facts, &w.profile())
}

/// "Errors teach" (MCP-052): the message carries the facts of the kind, whatever the code
/// says and in whatever words.
async fn carries_facts(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let seen = last_failure(w)?;
    let kind = arg(a, 0)?;
    match facts::carried(kind, &call_facts(w), &seen.text) {
        Some(true) => Ok(()),
        Some(false) => Err(format!(
            "the {kind} error does not carry the facts a client needs to correct itself ({}); \
             its text: {:?}",
            facts::wanted(kind),
            clip(&seen.text, 500)
        )),
        None => Err(format!(
            "internal: no facts to check for a {kind} error of this call (the catalogue \
             should not ask for them here)"
        )),
    }
}

/// The facts of the last call (its arguments and the file on disk now).
fn call_facts(w: &HarnessWorld) -> Facts {
    match &w.last {
        Last::Call { tool, args, .. } => {
            let at = args
                .get("path")
                .and_then(Value::as_str)
                .map(|p| w.in_root(p.trim_start_matches('/')));
            let file = at.as_ref().and_then(|p| std::fs::read(p).ok());
            let mut facts = Facts::of_call(tool, args, file.as_deref());
            facts.exists = at.is_some_and(|p| p.symlink_metadata().is_ok());
            facts
        }
        _ => Facts::default(),
    }
}

async fn mentions_all(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let seen = last_failure(w)?;
    let hay = seen.text.to_lowercase();
    let mut missing = Vec::new();
    for needle in json_strings(arg(a, 0)?)? {
        let needle = w.respell(&w.interpolate(&needle, &[])?);
        if !hay.contains(&needle.to_lowercase()) {
            missing.push(needle);
        }
    }
    if missing.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the error message should mention {missing:?}; it says {:?}",
            clip(&seen.text, 800)
        ))
    }
}

async fn mentions_any(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let seen = last_failure(w)?;
    let hay = seen.text.to_lowercase();
    let options = json_strings(arg(a, 0)?)?;
    for needle in &options {
        if hay.contains(&w.respell(&w.interpolate(needle, &[])?).to_lowercase()) {
            return Ok(());
        }
    }
    Err(format!(
        "the error message should mention one of {options:?}; it says {:?}",
        clip(&seen.text, 800)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lines_ignore_terminators() {
        assert_eq!(split_lines(""), Vec::<String>::new());
        assert_eq!(split_lines("a\r\nb\n"), vec!["a", "b"]);
        assert_eq!(split_lines("a\nb"), vec!["a", "b"]);
        assert_eq!(split_lines("\n"), vec![""]);
        assert_eq!(split_lines("a\n\n"), vec!["a", ""]);
    }

    fn tool_error(code: &str, msg: &str) -> Reply {
        Reply::Ok(json!({
            "isError": true,
            "content": [{"type": "text", "text": msg}],
            "structuredContent": {"code": code, "message": msg}
        }))
    }

    #[test]
    fn core_cases_accept_the_code_or_the_message() {
        let seen = failure(&tool_error("ENOENT_X", "no such file: a.md"), false, true).unwrap();
        assert!(check_kind(&seen, "not_found", false, &Profile::default()).is_ok());
        assert!(check_kind(&seen, "stale_hash", false, &Profile::default()).is_err());
        let rpc = Reply::RpcError {
            code: -32602,
            message: "File does not exist".into(),
            data: None,
        };
        let seen = failure(&rpc, false, true).unwrap();
        assert!(check_kind(&seen, "not_found", false, &Profile::default()).is_ok());
    }

    #[test]
    fn clarification_cases_need_is_error_and_the_exact_code() {
        let seen = failure(&tool_error("NOT_FOUND", "missing"), true, true).unwrap();
        assert!(check_kind(&seen, "not_found", true, &Profile::default()).is_ok());
        let seen = failure(&tool_error("not_found", "missing"), true, true).unwrap();
        assert!(
            check_kind(&seen, "not_found", true, &Profile::default()).is_err(),
            "codes are exact"
        );
        let rpc = Reply::RpcError {
            code: -32602,
            message: "not found".into(),
            data: None,
        };
        assert!(
            failure(&rpc, true, true).is_err(),
            "a tool error must be isError"
        );
        let seen = failure(&rpc, true, false).unwrap();
        assert!(
            check_kind(&seen, "not_found", true, &Profile::default()).is_ok(),
            "resource errors are protocol errors"
        );
    }

    /// CLR-023's text block: the same JSON, or for text.read (CLR-037) the other fields
    /// on the first line and the text after it; anything else fails.
    #[test]
    fn the_text_block_holds_the_result() {
        let obj = json!({"content": "a\n{\"x\"}\n", "hash": "ab", "total_lines": 2});
        let Value::Object(obj) = obj else { panic!() };
        let with = |text: &str| json!({"structuredContent": obj, "content": [{"type": "text", "text": text}]});
        let json_text = serde_json::to_string(&obj).unwrap();
        assert!(check_result_shape(&with(&json_text), &obj).is_ok());
        let headed = "{\"hash\":\"ab\",\"total_lines\":2}\na\n{\"x\"}\n";
        assert!(check_result_shape(&with(headed), &obj).is_ok());
        let wrong = "{\"hash\":\"ab\",\"total_lines\":2}\na\n";
        assert!(check_result_shape(&with(wrong), &obj).is_err());
        assert!(check_result_shape(&with("a\n{\"x\"}\n"), &obj).is_err());
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
        // A file's text that is a JSON object is still the text there (ROUND-012).
        let json_file = "{\"ok\": false, \"content\": \"no\"}\n";
        let read = Reply::Ok(json!({"content": [{"type": "text", "text": json_file}]}));
        assert_eq!(
            success(&read, Some("content")).unwrap()["content"],
            json_file
        );
        assert!(success(&read, None).is_err());
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

    #[test]
    fn hashes_compare_case_insensitively() {
        let h = "A".repeat(64);
        assert!(json_eq(&json!(h), &json!(h.to_lowercase())));
        assert!(!json_eq(&json!("Ab"), &json!("ab")));
        assert!(json_eq(&json!(3), &json!(3.0)));
    }
}
