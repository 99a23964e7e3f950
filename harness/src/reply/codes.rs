//! Error codes wherever a reasonable server puts them, compared without regard to their
//! spelling. Pure functions: the core checks in `kind.rs` use them.
//!
//! Servers put a machine-readable code at `structuredContent.code`, under
//! `structuredContent.error` (`code` or `type`), as `errorCode` / `error_code`, in a JSON
//! object in a text block, or in a JSON-RPC error's `data`. They spell it
//! `content_mismatch`, `CONTENT_MISMATCH`, `ContentMismatch` or `E_CONTENT_MISMATCH`, or use
//! numbers. All of those are found here; a code in another vocabulary is reported as
//! unknown so that the checks fall through to the facts in the message.

use serde_json::Value;

use crate::catalogue::{ErrorKind, Profile};

/// Keys under which an object may hold its code.
const CODE_KEYS: [&str; 4] = ["code", "errorCode", "error_code", "type"];

/// The code in one object: its own code keys (`type` only inside an `error` object, where
/// it cannot be a result field), else its `error` member (an object, or a string code).
fn code_in(obj: &Value, inside_error: bool) -> Option<String> {
    let map = obj.as_object()?;
    for key in CODE_KEYS {
        if key == "type" && !inside_error {
            continue;
        }
        match map.get(key) {
            Some(Value::String(s)) if !s.trim().is_empty() => return Some(s.clone()),
            Some(Value::Number(n)) => return Some(n.to_string()),
            _ => {}
        }
    }
    match map.get("error") {
        Some(e @ Value::Object(_)) => code_in(e, true),
        Some(Value::String(s)) if looks_like_code(s) => Some(s.clone()),
        _ => None,
    }
}

/// A string that is a code rather than a sentence: one word of letters, digits and `_`/`-`.
fn looks_like_code(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
}

/// The code of a tool result: structuredContent first, then JSON objects in text blocks.
pub fn code_of_result(result: &Value) -> Option<String> {
    if let Some(c) = result
        .get("structuredContent")
        .and_then(|s| code_in(s, false))
    {
        return Some(c);
    }
    result
        .get("content")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .filter_map(|t| serde_json::from_str::<Value>(t).ok())
        .find_map(|v| code_in(&v, false))
}

/// The code in a JSON-RPC error's `data` (an object, or a string code).
pub fn code_of_rpc_data(data: Option<&Value>) -> Option<String> {
    match data? {
        v @ Value::Object(_) => code_in(v, false),
        Value::String(s) if looks_like_code(s) => Some(s.clone()),
        _ => None,
    }
}

/// A spelling-free form: letters and digits only, upper case, CamelCase humps split the
/// same way as underscores, and an `E_` / `ERR_` / `ERROR_` prefix dropped.
pub fn normalize(code: &str) -> String {
    let mut words: Vec<String> = Vec::new();
    let mut cur = String::new();
    let mut prev_lower = false;
    for c in code.chars() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            prev_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && prev_lower && !cur.is_empty() {
            words.push(std::mem::take(&mut cur));
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        cur.push(c.to_ascii_uppercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    if words.len() > 1 && matches!(words[0].as_str(), "E" | "ERR" | "ERROR") {
        words.remove(0);
    }
    words.concat()
}

/// What a found code says about the expected kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The code is the expected kind, in some spelling.
    Same,
    /// The code names another kind of the catalogue.
    Other(&'static str),
    /// The code is in a vocabulary of its own (or numeric): the facts must decide.
    Unknown,
}

/// Whether `got` (normalized) spells `kind`: as the kind itself or as the profile's code
/// for it (`FILE_NOT_FOUND` for `not_found` in a profile that says so).
fn spells(got: &str, kind: ErrorKind, profile: &Profile) -> bool {
    got == normalize(kind.as_str()) || profile.code(kind).is_some_and(|c| got == normalize(&c))
}

/// Compares a server's code with the catalogue kind (`content_mismatch`), in the vocabulary
/// of the profile under test.
pub fn compare(code: &str, kind: &str, profile: &Profile) -> Verdict {
    let got = normalize(code);
    if let Some(k) = ErrorKind::parse(kind)
        && spells(&got, k, profile)
    {
        return Verdict::Same;
    }
    match ErrorKind::ALL
        .into_iter()
        .filter(|k| *k != ErrorKind::Any)
        .find(|k| spells(&got, *k, profile))
    {
        Some(k) => Verdict::Other(k.as_str()),
        None => Verdict::Unknown,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn codes_are_found_where_reasonable_servers_put_them() {
        let cases = [
            json!({"structuredContent": {"code": "NOT_FOUND"}}),
            json!({"structuredContent": {"error": {"code": "not_found", "message": "x"}}}),
            json!({"structuredContent": {"error": {"type": "NotFound"}}}),
            json!({"structuredContent": {"errorCode": "E_NOT_FOUND"}}),
            json!({"structuredContent": {"error_code": "not-found"}}),
            json!({"structuredContent": {"error": "NOT_FOUND"}}),
            json!({"content": [{"type": "text", "text": "{\"error\":{\"code\":\"NOT_FOUND\"}}"}]}),
        ];
        for c in cases {
            let code = code_of_result(&c).unwrap_or_else(|| panic!("no code in {c}"));
            assert_eq!(
                compare(&code, "not_found", &Profile::default()),
                Verdict::Same,
                "{c}"
            );
        }
        assert_eq!(
            code_of_result(&json!({"structuredContent": {"error": {"code": 404}}})),
            Some("404".into())
        );
        assert_eq!(
            code_of_rpc_data(Some(&json!({"code": "STALE_HASH"}))),
            Some("STALE_HASH".into())
        );
        // A sentence under `error` is a message, not a code; `type` outside `error` is a field.
        assert_eq!(
            code_of_result(&json!({"structuredContent": {"error": "File not found: a"}})),
            None
        );
        assert_eq!(
            code_of_result(&json!({"structuredContent": {"type": "file"}})),
            None
        );
    }

    #[test]
    fn spellings_compare_equal_and_other_kinds_do_not() {
        for s in [
            "content_mismatch",
            "CONTENT_MISMATCH",
            "ContentMismatch",
            "contentMismatch",
            "E_CONTENT_MISMATCH",
            "content-mismatch",
        ] {
            assert_eq!(
                compare(s, "content_mismatch", &Profile::default()),
                Verdict::Same,
                "{s}"
            );
        }
        assert_eq!(
            compare("NOT_FOUND", "content_mismatch", &Profile::default()),
            Verdict::Other("not_found")
        );
        assert_eq!(
            compare("ENOENT", "not_found", &Profile::default()),
            Verdict::Unknown
        );
        assert_eq!(
            compare("-32602", "invalid_argument", &Profile::default()),
            Verdict::Unknown
        );
        assert_eq!(normalize("NotADirectory"), "NOTADIRECTORY");
        assert_eq!(normalize("E"), "E");
    }
}
