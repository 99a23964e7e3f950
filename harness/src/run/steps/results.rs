//! Then steps on a tool call's result or error. How a reply is read (its result object,
//! whether it refuses, which kind of error) is `crate::reply`; these handlers pair it with
//! the World's last request and the case's expectations.

use crate::run::controls::Shape;
use serde_json::{Map, Value};

use super::{StepFn, arg, json_arg, json_string, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::facts::{self, Facts};
use crate::reply::kind::check_kind_with_facts;
use crate::reply::refusal::error_object;
use crate::reply::shape::{check_read_shape, check_result_shape};
use crate::reply::values::{is_hash, json_eq, split_lines};
use crate::reply::{
    ErrorSeen, Reply, argument_error, argument_error_of, check_marking, clip, describe_value,
    direct_success, failure, not_an_answer, profile_success, text_blocks,
};
use crate::run::panics::not_tested;
use crate::run::report::severity;
use crate::run::world::{HarnessWorld, Last, NAME_BAIT_TEXT};

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
        (form::ERROR_MARKED, step!(error_marked)),
    ]
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

/// The failure carries the interface's own mark for failures (`Profile::failures`), which a
/// client trusts: the lenient reading of `last_failure` would also take an envelope's
/// `success: false` sent with `isError: false` as a refusal.
async fn error_marked(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    last_failure(w)?;
    let profile = w.profile();
    let marking = profile.failures.ok_or_else(|| {
        "internal: the interface states no mark for failures (`failures:`), so no case should \
         check it"
            .to_string()
    })?;
    let (reply, tool_call) = match &w.last {
        Last::Call { reply, direct, .. } => (reply, !direct),
        Last::Resource { reply, .. } | Last::Tools(reply) | Last::Templates(reply) => {
            (reply, false)
        }
        _ => return Err("internal: no request to check".into()),
    };
    check_marking(reply, marking, profile.refusal.as_ref(), tool_call)
}

/// The reply of the last tool call.
pub fn last_call(w: &HarnessWorld) -> Result<&Reply, String> {
    match &w.last {
        Last::Call { reply, .. } => Ok(reply),
        Last::Nothing => Err("internal: no call was made before this check".into()),
        _ => Err("internal: the last step was not a tool call".into()),
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
    let obj =
        profile_success(reply, &w.profile()).or_else(|e| fixture_content(w, reply).ok_or(e))?;
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

/// A reply whose text is exactly the text of a file the case wrote, read as that file's
/// content (in the field the interface's reader fills) however it looks: a file holding
/// `{"ok": false, ...}` is no refusal (ROUND-012). Not when the server marked it failed.
fn fixture_content(w: &HarnessWorld, reply: &Reply) -> Option<Map<String, Value>> {
    let Reply::Ok(v) = reply else { return None };
    if v.get("isError").and_then(Value::as_bool) == Some(true) {
        return None;
    }
    let profile = w.profile();
    let field = (profile.text_result.as_deref()).unwrap_or(profile.reader_field());
    let text = Value::String(text_blocks(v).join("\n"));
    let obj = profile.without_text_header(Map::from_iter([(field.to_string(), text)]));
    let text = obj.get(field)?.as_str()?;
    (!text.is_empty() && w.fixture_texts.iter().any(|t| t == text)).then_some(obj)
}

/// Whether the last call succeeded, as "the call succeeds" reads it.
pub fn last_call_succeeded(w: &HarnessWorld) -> bool {
    last_success(w).is_ok()
}

/// The last call's shape, for the positive controls (`run::controls`).
fn last_shape(w: &HarnessWorld) -> Option<Shape> {
    match &w.last {
        Last::Call { tool, args, .. } => Some(Shape::of(&w.profile(), tool, args)),
        _ => None,
    }
}

/// Note the last call as a control when it succeeded: every call step calls this.
pub fn note_if_succeeded(w: &mut HarnessWorld) {
    if last_call_succeeded(w)
        && let Some(shape) = last_shape(w)
    {
        w.controls.success(shape);
    }
}

/// Note the calls of concurrent steps that succeeded, each a call of `tool` with `args`.
pub fn note_concurrent_successes(
    w: &mut HarnessWorld,
    tool: &str,
    args: &Value,
    replies: &[Reply],
) {
    let profile = w.profile();
    if replies.iter().any(|r| profile_success(r, &profile).is_ok()) {
        w.controls.success(Shape::of(&profile, tool, args));
    }
}

/// Note a race's calls for the positive controls: each shape it called (with the tool in
/// the profile's spelling), and whether any call of that shape succeeded. One that
/// succeeded is its own control; one that never did is a refusal the case rests on, which
/// counts only if the same shape succeeds elsewhere in the run: a tool that refuses
/// everything "shows nothing" in every race.
pub fn note_race_calls(w: &mut HarnessWorld, calls: Vec<(String, Shape, bool)>) {
    for (tool, shape, succeeded) in calls {
        if succeeded {
            w.controls.success(shape);
        } else if is_interface_tool(w, &tool) {
            w.controls.refusal(shape);
        }
    }
}

/// Whether `tool` (in the profile's spelling, or with `_` for `.`) is one of the
/// interface's tools: a refusal of one the interface does not have needs no control.
fn is_interface_tool(w: &HarnessWorld, tool: &str) -> bool {
    w.interface_tools()
        .iter()
        .any(|t| t == tool || t.replace('.', "_") == tool)
}

/// Note that a step counted the last call's refusal: the case passes only if a call of the
/// same shape succeeds in the run.
/// A refusal of a tool the interface does not have (TOOL-002) needs none: there is no
/// benign call of it. A refusal of the arguments themselves (`for_arguments`: an unknown
/// or missing action) needs a success of the tool with any arguments.
pub fn note_refusal_counted(w: &mut HarnessWorld, for_arguments: bool) {
    let ours = match &w.last {
        Last::Call { tool, .. } => is_interface_tool(w, tool),
        _ => false,
    };
    if let (true, Some(shape)) = (ours, last_shape(w)) {
        let shape = if for_arguments {
            shape.tool_only()
        } else {
            shape
        };
        w.controls.refusal(shape);
    }
}

pub async fn call_succeeds(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    match &w.last {
        Last::Call { reply, .. } => {
            last_success(w).map(|_| ()).map_err(|e| {
                match argument_error_of(reply).filter(|_| w.profile().mapped) {
                    Some(why) => not_tested(format!("{why} (check the interface file's mapping)")),
                    None => e,
                }
            })
        }
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
/// answer to the request (`reply::not_an_answer`: JSON-RPC method not found, or a bare
/// "error") is no refusal of anything, so no error expectation accepts it; except for a
/// call of a tool the interface does not have, where any error is the answer. A call of an
/// interface tool the server does not list never gets here as an error: the session tells
/// it apart (`calls::explain_missing_tool`).
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
                        "the request was refused with a result that says success: false \
                         instead of a JSON-RPC error: {}",
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

async fn call_fails_any(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let seen = last_failure(w).map_err(|e| with_escape_evidence(w, e))?;
    refused_not_rejected(&seen)?;
    note_refusal_counted(w, false);
    Ok(())
}

async fn call_fails_kind(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let seen = last_failure(w).map_err(|e| with_escape_evidence(w, e))?;
    let kind = arg(a, 0)?;
    if kind != "invalid_argument" {
        refused_not_rejected(&seen)?;
    }
    let facts = call_facts(w);
    check_kind_with_facts(&seen, kind, w.clarification, &facts, &w.profile())?;
    note_refusal_counted(w, kind == "invalid_argument");
    Ok(())
}

/// A call that should have been refused succeeded: `error`, with what the disk and the
/// reply show of an escape, so that the failure is classed by evidence (`report::severity`):
/// written outside only when the outside area changed, read outside only when the reply
/// shows a bait's text or name. A success that did neither is a wrong answer, not an escape.
fn with_escape_evidence(w: &HarnessWorld, error: String) -> String {
    let Last::Call {
        reply: Reply::Ok(v),
        ..
    } = &w.last
    else {
        return error;
    };
    let mut error = error;
    let changed = match (w.snapshot(), w.outside_snapshot()) {
        (Some(before), Ok(after)) => after.differences(before),
        _ => Vec::new(),
    };
    if !changed.is_empty() {
        error.push_str(&format!(
            "; {}: {}",
            severity::OUTSIDE_CHANGED,
            changed.join("; ")
        ));
    }
    // A bait (an outside file's text or name) counts when it is long enough to be no
    // accident and nothing inside holds it or bears it as a name (a clamped `..` reads the
    // decoy `root_evil/secret` inside, and a reply may echo that path).
    let inside: Vec<String> = crate::run::disk::Snapshot::take(&w.root)
        .map(|s| {
            s.0.keys()
                .filter_map(|k| k.rsplit('/').next())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let text = v.to_string();
    let shown = w
        .outside_texts
        .iter()
        .map(String::as_str)
        .chain([NAME_BAIT_TEXT])
        .filter(|t| t.trim().len() >= 6 && !w.fixture_texts.iter().any(|f| f == t))
        .filter(|t| !inside.iter().any(|n| n == t))
        .any(|t| text.contains(&json_escaped(t)) || text.contains(t.trim()));
    if shown {
        error.push_str(&format!("; {}", severity::BAIT_SHOWN));
    }
    error
}

/// `text` as it appears inside a JSON string (quotes left out).
fn json_escaped(text: &str) -> String {
    let quoted = Value::String(text.to_string()).to_string();
    quoted[1..quoted.len() - 1].to_string()
}

/// A refusal counts only when the tool refused the request, not when the SDK rejected its
/// arguments before the tool ran: the case then tested nothing (`reply::argument_error`).
/// Only an `invalid_argument` expectation asks for such an error.
fn refused_not_rejected(seen: &ErrorSeen) -> Result<(), String> {
    match argument_error(seen) {
        Some(why) => Err(not_tested(why)),
        None => Ok(()),
    }
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
