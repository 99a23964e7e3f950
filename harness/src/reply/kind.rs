//! Which kind of error a refusal is (`not_found`, `path_escape`, ...): in core cases by a
//! code in any spelling, else by the facts its message carries, else by its words; in
//! clarification cases by the exact code where the interface puts it.

use regex::RegexBuilder;

use super::codes::{self, Verdict};
use super::facts::{self, Facts};
use super::{ErrorSeen, clip};
use crate::catalogue::{ErrorKind, Profile};

/// Words a message about each kind of error plausibly contains (core cases only).
pub fn heuristic(kind: &str) -> Option<&'static str> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reply::test_replies::tool_error;
    use crate::reply::{Reply, failure};

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
}
