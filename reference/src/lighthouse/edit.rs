//! `edit {path, search, replace, isRegex?, global?}`: find and replace in a text file,
//! under the file's lock, written atomically only when something was replaced.
//!
//! Literal mode finds `search` as a plain substring and inserts `replace` as is.
//! Regex mode uses the `regex` crate: linear time in the file's size whatever the pattern
//! (no backtracking, hence no look-around and no backreferences), with `$1`, `${name}` and
//! `$$` in `replace` (LH-CLR-06). `global` (default true) replaces every non-overlapping
//! match, false only the first (LH-CLR-07).

use regex::{Captures, Regex};
use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

use super::args::{Args, invalid};
use super::codes::{LhCode, LhError};
use super::result::{annotations, tool};
use super::{Ctx, MAX_BYTES};
use crate::errors::ToolError;
use crate::paths::NormPath;

pub fn definition() -> Tool {
    tool(
        "edit",
        "Find and replace in a file",
        "Find and replace text in a file, as a plain string or (isRegex: true) a regular \
         expression of the Rust regex crate: linear-time, without look-around or \
         backreferences; in replace, $1 or ${name} insert a group and $$ a dollar sign. \
         Replaces every match unless global is false. Returns the number of replacements \
         and the file's content before the edit.",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Path of the file to edit, relative to the project root."},
                "search": {"type": "string", "description": "The text to find, or a regular expression when isRegex is true. Must not be empty."},
                "replace": {"type": "string", "description": "The replacement (may be empty). Literal unless isRegex is true, where $1, ${name} and $$ are expanded."},
                "isRegex": {"type": "boolean", "description": "Treat search as a regular expression. Default: false."},
                "global": {"type": "boolean", "description": "Replace every match when true, only the first when false. Default: true."}
            },
            "required": ["path", "search", "replace"]
        }),
        json!({
            "path": {"type": "string", "description": "The path as given."},
            "replacements": {"type": "number", "description": "Number of replacements made; 0 leaves the file untouched."},
            "originalContent": {"type": "string", "description": "The whole file before the edit (for undo)."}
        }),
        &["path", "replacements", "originalContent"],
        annotations("Find and replace in a file", false, true, false),
    )
}

/// What to look for.
pub enum Pattern {
    Literal(String),
    Regex(Regex),
}

impl Pattern {
    /// Builds the pattern; an invalid regex is INVALID_REGEX with the crate's reason.
    pub fn new(search: &str, is_regex: bool) -> Result<Pattern, LhError> {
        if !is_regex {
            return Ok(Pattern::Literal(search.to_owned()));
        }
        Regex::new(search).map(Pattern::Regex).map_err(|e| {
            // Only the pattern's start is quoted: it may be megabytes long.
            let shown = crate::paths::prefix(search, 80);
            let more = if shown.len() < search.len() {
                "..."
            } else {
                ""
            };
            LhError::new(
                LhCode::InvalidRegex,
                format!(
                    "The regular expression {shown:?}{more} is invalid: {} (regex crate).",
                    crate::paths::prefix(&reason(&e), 300)
                ),
                "Fix the pattern (Rust regex crate syntax: no look-around, no \
                 backreferences), or pass isRegex: false to search for the text literally.",
            )
        })
    }
}

/// The regex crate's reason on one line: a syntax error's text is a diagram of the
/// pattern with a caret, whose last line (`error: unclosed group`) names the problem.
fn reason(e: &regex::Error) -> String {
    let text = e.to_string();
    let last = text
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .unwrap_or("");
    last.strip_prefix("error: ")
        .unwrap_or(last)
        .trim_end_matches('.')
        .to_owned()
}

/// Replaces the matches of `pattern` in `text` (all, or the first when not `global`).
/// Returns the new text and the number of replacements.
pub fn apply(text: &str, pattern: &Pattern, replace: &str, global: bool) -> (String, usize) {
    let limit = if global { 0 } else { 1 };
    match pattern {
        Pattern::Literal(search) => {
            let mut out = String::with_capacity(text.len());
            let mut last = 0;
            let mut n = 0;
            for (at, _) in text.match_indices(search.as_str()) {
                out.push_str(&text[last..at]);
                out.push_str(replace);
                last = at + search.len();
                n += 1;
                if n == limit {
                    break;
                }
            }
            out.push_str(&text[last..]);
            (out, n)
        }
        Pattern::Regex(re) => {
            let mut n = 0;
            let out = re.replacen(text, limit, |caps: &Captures<'_>| {
                n += 1;
                let mut dst = String::new();
                caps.expand(replace, &mut dst);
                dst
            });
            (out.into_owned(), n)
        }
    }
}

pub fn run(
    ctx: &Ctx,
    args: &JsonObject,
    resolved: &mut Option<NormPath>,
) -> Result<Value, LhError> {
    let a = Args(args);
    let given = a.string(
        "path",
        "a path relative to the project root, e.g. \"src/index.ts\"",
    )?;
    let search = a.string("search", "the text (or regular expression) to find")?;
    let replace = a.string("replace", "the replacement text (may be empty)")?;
    let is_regex = a.flag("isRegex", false)?;
    let global = a.flag("global", true)?;
    if search.is_empty() {
        return Err(invalid(
            "search",
            "it is empty, which would match everywhere",
            "the non-empty text (or regular expression) to find",
        ));
    }
    let pattern = Pattern::new(search, is_regex)?;
    let path = ctx.resolve(given, resolved)?;
    if path.is_root() {
        return Err(LhError::not_a_file(given));
    }
    let mut original = String::new();
    let mut replacements = 0;
    let display = path.display();
    ctx.storage
        .update_text(
            &path,
            Box::new(|bytes| {
                if bytes.len() as u64 > MAX_BYTES {
                    return Err(ToolError::too_large(&display, bytes.len() as u64));
                }
                // The storage has checked that the bytes are UTF-8.
                let text = std::str::from_utf8(bytes).unwrap_or_default();
                let (new, n) = apply(text, &pattern, replace, global);
                original = text.to_owned();
                replacements = n;
                if n == 0 {
                    return Ok(None);
                }
                if new.len() as u64 > MAX_BYTES {
                    return Err(ToolError::too_large(&display, new.len() as u64));
                }
                Ok(Some(new.into_bytes()))
            }),
        )
        .map_err(|e| LhError::from_storage(e, given, false))?;
    Ok(json!({
        "path": given,
        "replacements": replacements,
        "originalContent": original,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(s: &str) -> Pattern {
        Pattern::new(s, false).unwrap()
    }

    fn re(s: &str) -> Pattern {
        Pattern::new(s, true).unwrap()
    }

    #[test]
    fn the_seed_examples() {
        assert_eq!(
            apply("hello world", &lit("hello"), "hi", false),
            ("hi world".into(), 1)
        );
        assert_eq!(
            apply("hello hello hello", &lit("hello"), "hi", true),
            ("hi hi hi".into(), 3)
        );
        assert_eq!(
            apply("foo123bar456", &re(r"\d+"), "#", true),
            ("foo#bar#".into(), 2)
        );
        assert_eq!(apply("abc", &lit("zzz"), "x", true), ("abc".into(), 0));
        assert_eq!(
            Pattern::new("[invalid", true).err().unwrap().code,
            LhCode::InvalidRegex
        );
    }

    #[test]
    fn literal_mode_is_literal_both_ways() {
        assert_eq!(
            apply("a.b a.b", &lit("a.b"), "$1$$", true),
            ("$1$$ $1$$".into(), 2)
        );
        assert_eq!(apply("axb", &lit("a.b"), "y", true), ("axb".into(), 0));
        assert_eq!(
            apply("aaaa", &lit("aa"), "b", true),
            ("bb".into(), 2),
            "non-overlapping"
        );
    }

    #[test]
    fn regex_groups_and_dollars() {
        let p = re(r"(\w+)@(?P<host>\w+)");
        assert_eq!(
            apply("me@home", &p, "${host}:$1 $$", true),
            ("home:me $".into(), 1)
        );
        assert_eq!(
            apply("a1 b2 c3", &re(r"[a-z](\d)"), "<$1>", false),
            ("<1> b2 c3".into(), 1)
        );
        assert!(
            Pattern::new(r"(a)\1", true).is_err(),
            "backreferences are not supported"
        );
        assert!(
            Pattern::new(r"a(?=b)", true).is_err(),
            "look-ahead is not supported"
        );
    }

    #[test]
    fn crlf_and_untouched_bytes_are_kept() {
        let t = "one\r\ntwo\r\nthree\r\n";
        assert_eq!(
            apply(t, &lit("two"), "2", true),
            ("one\r\n2\r\nthree\r\n".into(), 1)
        );
    }

    #[test]
    fn catastrophic_patterns_run_in_linear_time() {
        let mut hay = "a".repeat(30_000);
        hay.push('b');
        let (out, n) = apply(&hay, &re("(a+)+$"), "x", true);
        assert_eq!(n, 0);
        assert_eq!(out, hay);
    }
}
