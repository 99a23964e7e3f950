//! A tool result in the variant shape of the next protocol release, still a draft
//! (SEP-3279, "negotiated tool result variants", protocol version `2026-12-01`): `outputs`,
//! each with an `audience` and a `format`, read as the result of the 2026-07-28 shape
//! (`content`, `structuredContent`, `isError`) that every other reader of this layer knows.
//!
//! Only a session of that version is read so: in an older one `outputs` is an unknown field,
//! ignored as any other (the session never calls `legacy_view` there).

use serde_json::{Map, Value};

use super::describe_value;

/// The protocol version the draft names (its "Target revision").
pub const DRAFT_VERSION: &str = "2026-12-01";

/// One output asked for in `requestedOutputs`: an audience and a format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selector<'a> {
    pub audience: &'a str,
    pub format: &'a str,
}

/// What a call without `requestedOutputs` gets: the draft's "fallback output",
/// `assistant/content` ("If `requestedOutputs` is absent, the server MUST return
/// `assistant/content`"). The harness asks this of a tool that declares no
/// `assistant/structured` variant, by sending no `requestedOutputs`.
pub const FALLBACK: &[Selector<'static>] = &[Selector {
    audience: "assistant",
    format: "content",
}];

/// What a call asks for when its tool declares `assistant/structured` too: that output
/// beside the fallback, since the checks read a result's object from its structured
/// content first, as in 2026-07-28 (the draft: "The client MAY request more than one
/// variant").
pub const WITH_STRUCTURED: &[Selector<'static>] = &[
    FALLBACK[0],
    Selector {
        audience: "assistant",
        format: "structured",
    },
];

/// The outputs a call of `tool` asks for, from the `tools/list` result of a session of the
/// draft version: `WITH_STRUCTURED` when the tool's `outputVariants` declare
/// `assistant/structured`, else the fallback alone (no `requestedOutputs` sent).
pub fn requested_for(tools: &Value, tool: &str) -> &'static [Selector<'static>] {
    let declared = tools
        .get("tools")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(tool))
        .and_then(|t| t.get("outputVariants"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .any(|v| {
            v.get("audience").and_then(Value::as_str) == Some("assistant")
                && v.get("format").and_then(Value::as_str) == Some("structured")
        });
    if declared { WITH_STRUCTURED } else { FALLBACK }
}

/// `requestedOutputs` as sent: `None` for the fallback alone, which is asked by sending none.
pub fn requested_outputs(asked: &[Selector]) -> Option<Value> {
    (asked != FALLBACK).then(|| {
        asked
            .iter()
            .map(|s| serde_json::json!({"audience": s.audience, "format": s.format}))
            .collect()
    })
}

impl std::fmt::Display for Selector<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.audience, self.format)
    }
}

/// The result of a call that asked for `requested`, read as a result of the 2026-07-28
/// shape: `content` from the `assistant/content` output, `structuredContent` from the
/// `assistant/structured` output when that was asked for, the other fields (`isError`,
/// `_meta`, `resultType`) as they are.
///
/// Outputs not asked for are left aside: the draft routes each output to the consumer its
/// audience names and forbids taking one audience for another ("MUST NOT treat one
/// audience as a fallback for another"), so a `user` or `programmatic` output is never
/// what the model, and so the checks, see. A successful result must carry exactly one
/// output for each selector asked for; an error result may carry none (the draft's
/// "SHOULD return outputs ... when it can"), and then reads as an error without text.
///
/// `Err` says why the result is not one the draft allows for that call.
pub fn legacy_view(result: &Value, requested: &[Selector]) -> Result<Value, String> {
    let Some(obj) = result.as_object() else {
        return Err(format!(
            "the result is not a JSON object: {}",
            describe_value(result)
        ));
    };
    let Some(outputs) = obj.get("outputs").and_then(Value::as_array) else {
        return Err(format!(
            "a tool result of protocol {DRAFT_VERSION} carries its outputs in `outputs` \
             (SEP-3279); this one has no `outputs` array (`content` and `structuredContent` \
             are the 2026-07-28 shape, which a server must not answer in a {DRAFT_VERSION} \
             session): {}",
            describe_value(result)
        ));
    };
    let is_error = obj.get("isError").and_then(Value::as_bool) == Some(true);
    let mut view: Map<String, Value> = obj
        .iter()
        .filter(|(k, _)| k.as_str() != "outputs")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    view.insert("content".into(), Value::Array(Vec::new()));
    for selector in requested {
        let found = payload(outputs, *selector, is_error)?;
        // The checks read what the model would be given: the assistant's outputs.
        if let Some(p) = found
            && selector.audience == "assistant"
        {
            let field = match selector.format {
                "content" => "content",
                _ => "structuredContent",
            };
            view.insert(field.into(), p.clone());
        }
    }
    Ok(Value::Object(view))
}

/// The payload of the one output matching `selector` (`content` for the content format,
/// `structuredContent` for the structured one); `None` for an error result without it.
fn payload<'v>(
    outputs: &'v [Value],
    selector: Selector,
    is_error: bool,
) -> Result<Option<&'v Value>, String> {
    let mut found = Vec::new();
    for output in outputs {
        let (Some(audience), Some(format)) = (
            output.get("audience").and_then(Value::as_str),
            output.get("format").and_then(Value::as_str),
        ) else {
            return Err(format!(
                "an output has no `audience` and `format` strings (SEP-3279's \
                 ToolResultOutput): {}",
                describe_value(output)
            ));
        };
        if (audience, format) == (selector.audience, selector.format) {
            found.push(output);
        }
    }
    let output = match found.as_slice() {
        [] if is_error => return Ok(None),
        [] => {
            return Err(format!(
                "the result has no `{selector}` output, which the call asked for{} \
                 (SEP-3279: \"exactly one output for every requested selector\"); it has {}",
                if selector == FALLBACK[0] {
                    " by sending no `requestedOutputs`"
                } else {
                    ""
                },
                listed(outputs)
            ));
        }
        [one] => *one,
        _ => {
            return Err(format!(
                "the result has {} `{selector}` outputs; SEP-3279 allows exactly one for each \
                 selector asked for",
                found.len()
            ));
        }
    };
    let (key, fits): (&str, fn(&Value) -> bool) = match selector.format {
        "content" => ("content", Value::is_array),
        _ => ("structuredContent", |_| true),
    };
    match output.get(key) {
        Some(p) if fits(p) => Ok(Some(p)),
        _ => Err(format!(
            "the `{selector}` output has no `{key}`{}: {}",
            if key == "content" { " array" } else { "" },
            describe_value(output)
        )),
    }
}

/// The outputs a result has, as `audience/format` pairs, for a message.
fn listed(outputs: &[Value]) -> String {
    if outputs.is_empty() {
        return "no outputs".into();
    }
    let names: Vec<String> = outputs
        .iter()
        .map(|o| {
            let s = |k: &str| o.get(k).and_then(Value::as_str).unwrap_or("?").to_string();
            format!("{}/{}", s("audience"), s("format"))
        })
        .collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::{Reply, failure, result_object, success, text_blocks};
    use serde_json::json;

    fn text(t: &str) -> Value {
        json!([{"type": "text", "text": t}])
    }

    const STRUCTURED: Selector<'static> = Selector {
        audience: "assistant",
        format: "structured",
    };

    /// The draft's conversational example: the fallback alone, read as the text it holds.
    #[test]
    fn the_content_variant_is_read_as_the_result_content() {
        let r = json!({
            "resultType": "complete",
            "outputs": [{"audience": "assistant", "format": "content", "content": text("3 lines")}]
        });
        let v = legacy_view(&r, FALLBACK).unwrap();
        assert_eq!(text_blocks(&v), vec!["3 lines".to_string()]);
        assert!(v.get("outputs").is_none() && v.get("structuredContent").is_none());
        assert_eq!(v["resultType"], "complete");
        assert!(success(&Reply::Ok(v), Some("content")).is_ok());
    }

    /// A JSON text block in the fallback is read as the result's object, as in 2026-07-28.
    #[test]
    fn a_json_text_in_the_content_variant_is_the_result_object() {
        let r = json!({"outputs": [{"audience": "assistant", "format": "content",
            "content": text(r#"{"hash": "ab", "lines": 2}"#)}]});
        let v = legacy_view(&r, FALLBACK).unwrap();
        assert_eq!(result_object(&v, None).unwrap()["lines"], 2);
    }

    /// `assistant/structured`, when asked for, is the result's structuredContent; any JSON
    /// value, as in the draft's examples (an array for `user/structured`).
    #[test]
    fn the_structured_variant_asked_for_is_the_structured_content() {
        let r = json!({"outputs": [
            {"audience": "assistant", "format": "structured", "structuredContent": {"lines": 2}},
            {"audience": "assistant", "format": "content", "content": text("two lines")}
        ]});
        let both = [FALLBACK[0], STRUCTURED];
        let v = legacy_view(&r, &both).unwrap();
        assert_eq!(v["structuredContent"], json!({"lines": 2}));
        assert_eq!(text_blocks(&v), vec!["two lines".to_string()]);
        // Asked for alone, it is the result; the content stays empty.
        let only = legacy_view(
            &json!({"outputs": [r["outputs"][0].clone()]}),
            &[STRUCTURED],
        );
        let only = only.unwrap();
        assert_eq!(only["structuredContent"]["lines"], 2);
        assert!(text_blocks(&only).is_empty());
    }

    /// Several outputs for a call that asked for the fallback: the `assistant/content` one is
    /// read, in any order; structured, user and programmatic outputs are left aside, even
    /// the unrequested `assistant/structured` (the draft forbids inferring that it mirrors
    /// the content, and no host would give the model a `user` or `programmatic` output).
    #[test]
    fn of_several_variants_the_assistant_content_is_read() {
        let r = json!({"outputs": [
            {"audience": "programmatic", "format": "structured", "structuredContent": {"lines": 99}},
            {"audience": "user", "format": "content", "content": text("for the user")},
            {"audience": "assistant", "format": "structured", "structuredContent": {"lines": 98}},
            {"audience": "assistant", "format": "content", "content": text("for the model")},
            {"audience": "io.modelcontextprotocol/ui", "format": "structured", "structuredContent": {}}
        ]});
        let v = legacy_view(&r, FALLBACK).unwrap();
        assert_eq!(text_blocks(&v), vec!["for the model".to_string()]);
        assert!(v.get("structuredContent").is_none(), "{v}");
    }

    /// A placeholder in `assistant/content` and the data elsewhere: the placeholder is what
    /// is read (the draft: the fallback "MUST NOT be only a placeholder").
    #[test]
    fn data_in_another_audience_is_not_read() {
        let r = json!({"outputs": [
            {"audience": "assistant", "format": "content", "content": text("see the data")},
            {"audience": "programmatic", "format": "structured", "structuredContent": {"content": "x"}}
        ]});
        let v = legacy_view(&r, FALLBACK).unwrap();
        assert!(result_object(&v, None).is_err());
    }

    /// An error in the variant shape: `isError` with the fallback's text is a refusal as in
    /// 2026-07-28, its words read from that text; with no output at all it is still an
    /// error (the draft lets an error lack the outputs asked for).
    #[test]
    fn an_error_in_the_variant_shape_is_a_refusal() {
        let r = json!({"isError": true, "outputs": [
            {"audience": "assistant", "format": "content", "content": text("ENOENT: no such file or directory")}
        ]});
        let v = legacy_view(&r, FALLBACK).unwrap();
        let seen = failure(&Reply::Ok(v), false, true).unwrap();
        assert!(seen.text.contains("no such file"), "{seen:?}");
        let bare = legacy_view(&json!({"isError": true, "outputs": []}), FALLBACK).unwrap();
        assert!(failure(&Reply::Ok(bare), false, true).is_ok());
    }

    /// What the draft does not allow for a call without `requestedOutputs`: no fallback
    /// output (a success), two of it, an output without audience or payload, or the
    /// 2026-07-28 shape in a session of the draft's version.
    #[test]
    fn results_the_draft_does_not_allow_are_not_read() {
        let cases = [
            (
                json!({"outputs": [{"audience": "programmatic", "format": "structured", "structuredContent": {}}]}),
                "no `assistant/content` output",
            ),
            (
                json!({"outputs": [
                    {"audience": "assistant", "format": "content", "content": text("a")},
                    {"audience": "assistant", "format": "content", "content": text("b")}]}),
                "2 `assistant/content` outputs",
            ),
            (
                json!({"outputs": [{"format": "content", "content": text("a")}]}),
                "no `audience` and `format`",
            ),
            (
                json!({"outputs": [{"audience": "assistant", "format": "content", "content": "a"}]}),
                "no `content` array",
            ),
            (
                json!({"content": text("legacy"), "structuredContent": {}}),
                "no `outputs` array",
            ),
            (json!([1]), "not a JSON object"),
        ];
        for (r, why) in cases {
            let e = legacy_view(&r, FALLBACK).unwrap_err();
            assert!(e.contains(why), "{r}: {e}");
        }
    }

    /// A tool that declares `assistant/structured` is called asking for it beside the
    /// fallback; any other, with no `requestedOutputs`.
    #[test]
    fn a_declared_structured_variant_is_asked_for() {
        let tools = json!({"tools": [
            {"name": "read", "outputVariants": [
                {"audience": "assistant", "format": "content"},
                {"audience": "assistant", "format": "structured", "schema": {"type": "object"}}]},
            {"name": "list", "outputVariants": [
                {"audience": "assistant", "format": "content"},
                {"audience": "programmatic", "format": "structured"}]}
        ]});
        assert_eq!(requested_for(&tools, "read"), WITH_STRUCTURED);
        assert_eq!(requested_for(&tools, "list"), FALLBACK);
        assert_eq!(requested_for(&tools, "missing"), FALLBACK);
        assert_eq!(requested_outputs(FALLBACK), None);
        assert_eq!(
            requested_outputs(WITH_STRUCTURED),
            Some(json!([{"audience": "assistant", "format": "content"},
                {"audience": "assistant", "format": "structured"}]))
        );
    }

    /// In an older era `outputs` is an unknown field: the readers of this layer ignore it
    /// and read `content` and `structuredContent` as always.
    #[test]
    fn older_eras_ignore_outputs() {
        let r = json!({
            "content": text(r#"{"lines": 1}"#),
            "outputs": [{"audience": "assistant", "format": "content", "content": text("other")}]
        });
        assert_eq!(text_blocks(&r), vec![r#"{"lines": 1}"#.to_string()]);
        assert_eq!(result_object(&r, None).unwrap()["lines"], 1);
        let only = json!({"outputs": r["outputs"].clone()});
        assert!(text_blocks(&only).is_empty());
    }
}
