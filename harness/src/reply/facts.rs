//! The facts an error must carry for a client to correct itself, checked before any
//! wording: the upstream's "errors teach" (MCP-052) asks for facts, not vocabulary.
//!
//! - not_found: the message names the path (its last segment).
//! - stale_hash: the message carries the file's current hash, or tells to read again.
//! - content_mismatch: the message quotes the text the addressed lines really hold.
//!
//! A core check that finds no code it understands accepts an error whose message carries
//! facts that identify the expected kind (see `identifies`); a word list is the last
//! resort. Pure functions.

use regex::RegexBuilder;
use serde_json::Value;

/// What the harness knows about the failed call, to compare the message with.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    /// The `path` argument, as sent.
    pub path: Option<String>,
    /// SHA-256 (hex) of that file on disk now, if it exists.
    pub current_hash: Option<String>,
    /// The text of the lines the call addressed, as they are on disk now (terminators
    /// removed), when the call addressed lines and they exist.
    pub addressed: Vec<String>,
    /// Something (file, directory, link) is at `path` in the root now.
    pub exists: bool,
}

impl Facts {
    /// Facts of a call, from its arguments and the file's bytes on disk (if any).
    pub fn of_call(tool: &str, args: &Value, file: Option<&[u8]>) -> Facts {
        let path = args.get("path").and_then(Value::as_str).map(str::to_string);
        let current_hash = file.map(super::values::sha256_hex);
        let lines: Vec<String> = file
            .map(|b| {
                String::from_utf8_lossy(b)
                    .split_inclusive('\n')
                    .map(|l| l.trim_end_matches(['\n', '\r']).to_string())
                    .collect()
            })
            .unwrap_or_default();
        let range = match tool {
            "text.replace" => args
                .get("lines")
                .and_then(Value::as_array)
                .and_then(|a| Some((a.first()?.as_i64()?, a.get(1)?.as_i64()?))),
            "text.insert" => args
                .get("line")
                .and_then(Value::as_i64)
                .map(|l| (l, if l == -1 { 0 } else { l + 1 })),
            _ => None,
        };
        let addressed = range
            .and_then(|(s, e)| resolve(s, e, lines.len()))
            .map(|(s, e)| lines[s..e].to_vec())
            .unwrap_or_default();
        Facts {
            path,
            exists: file.is_some(),
            current_hash,
            addressed,
        }
    }
}

/// Python-style `[start, end)` (1-based, negative from the end, 0 open) to 0-based
/// indices, or `None` when out of range or empty.
fn resolve(start: i64, end: i64, total: usize) -> Option<(usize, usize)> {
    let n = i64::try_from(total).ok()?;
    let s = match start {
        0 => 0,
        s if s < 0 => n + s,
        s => s - 1,
    };
    let e = match end {
        0 => n,
        e if e < 0 => n + e,
        e => e - 1,
    };
    (0 <= s && s < e && e <= n).then_some((s as usize, e as usize))
}

/// Whether the facts of `kind` tell it from other kinds, so that they may stand in for a
/// code. The file's current hash marks a stale-hash error, and the text the lines really
/// hold marks a mismatch. Every error about a path names the path, so a named path marks
/// a not-found error only when nothing is at that path.
pub fn identifies(kind: &str, facts: &Facts) -> bool {
    match kind {
        "stale_hash" | "content_mismatch" => true,
        "not_found" => !facts.exists,
        _ => false,
    }
}

/// The facts of `kind`, in words for a failure message.
pub fn wanted(kind: &str) -> &'static str {
    match kind {
        "not_found" => "the path it could not find",
        "stale_hash" => "the file's current hash, or that the file must be read again",
        "content_mismatch" => "the text the addressed lines really hold",
        _ => "the facts of the error",
    }
}

/// Whether `message` carries the facts of `kind`; `None` when the harness has no fact to
/// check for that kind (or not enough to go on), so the word list decides.
pub fn carried(kind: &str, facts: &Facts, message: &str) -> Option<bool> {
    let lower = message.to_lowercase();
    match kind {
        "not_found" => {
            let name = facts
                .path
                .as_deref()?
                .trim_end_matches('/')
                .rsplit('/')
                .next()
                .filter(|n| !n.is_empty())?
                .to_lowercase();
            Some(lower.contains(&name))
        }
        "stale_hash" => {
            let has_hash = facts
                .current_hash
                .as_deref()
                .is_some_and(|h| lower.contains(&h.to_lowercase()));
            let says_read = RegexBuilder::new(r"\bre-?read\b|\bread\b.{0,40}\bagain\b|\breload\b|\brefresh\b|\bfetch\b.{0,30}\b(again|latest|current)\b")
                .case_insensitive(true)
                .build()
                .is_ok_and(|re| re.is_match(message));
            Some(has_hash || says_read)
        }
        "content_mismatch" => {
            let quoted: Vec<&str> = facts
                .addressed
                .iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty())
                .collect();
            if quoted.is_empty() {
                return None;
            }
            Some(quoted.iter().all(|l| message.contains(l)))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ranges_resolve_python_style() {
        assert_eq!(resolve(2, 3, 3), Some((1, 2)));
        assert_eq!(resolve(-1, 0, 3), Some((2, 3)));
        assert_eq!(resolve(0, 0, 3), Some((0, 3)));
        assert_eq!(resolve(3, 2, 3), None);
        assert_eq!(resolve(5, 6, 3), None);
    }

    #[test]
    fn facts_of_a_replace_and_an_insert() {
        let file = b"a\nbee\r\nc\n";
        let f = Facts::of_call(
            "text.replace",
            &json!({"path": "d/a.txt", "lines": [2, 3], "old": "zzz"}),
            Some(file),
        );
        assert_eq!(f.addressed, vec!["bee".to_string()]);
        assert_eq!(f.current_hash.as_deref().map(str::len), Some(64));
        let f = Facts::of_call(
            "text.insert",
            &json!({"path": "a.txt", "line": 3, "anchor": "x"}),
            Some(file),
        );
        assert_eq!(f.addressed, vec!["c".to_string()]);
    }

    #[test]
    fn messages_carry_facts_in_any_words() {
        let f = Facts {
            path: Some("notes/missing.md".into()),
            current_hash: Some("AB".repeat(32)),
            addressed: vec!["  b  ".into()],
            exists: false,
        };
        assert!(identifies("not_found", &f) && identifies("stale_hash", &f));
        let there = Facts {
            exists: true,
            ..f.clone()
        };
        assert!(!identifies("not_found", &there));
        assert!(!identifies("invalid_range", &f));
        assert_eq!(
            carried("not_found", &f, "nothing at notes/missing.md"),
            Some(true)
        );
        assert_eq!(carried("not_found", &f, "nothing there"), Some(false));
        assert_eq!(
            carried(
                "stale_hash",
                &f,
                &format!("digest is now {}", "ab".repeat(32))
            ),
            Some(true)
        );
        assert_eq!(
            carried("stale_hash", &f, "Someone edited it; read it again first"),
            Some(true)
        );
        assert_eq!(carried("stale_hash", &f, "refused"), Some(false));
        assert_eq!(
            carried("content_mismatch", &f, "line 2 holds \"b\""),
            Some(true)
        );
        assert_eq!(carried("content_mismatch", &f, "no"), Some(false));
        assert_eq!(carried("invalid_range", &f, "x"), None);
    }
}
