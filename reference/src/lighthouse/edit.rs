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

/// The new text would pass the limit: the replacements made, and the byte of the file
/// reached, when the replacing stopped.
#[derive(Debug)]
pub struct Grown {
    pub replacements: usize,
    pub at: usize,
}

/// Replaces the matches of `pattern` in `text` (all, or the first when not `global`).
/// Returns the new text and the number of replacements, or `Grown` as soon as the new text
/// would pass `cap` bytes: each replacement's size is known before it is built, so a
/// replacement that multiplies the file never builds the multiplied text.
pub fn apply(
    text: &str,
    pattern: &Pattern,
    replace: &str,
    global: bool,
    cap: usize,
) -> Result<(String, usize), Grown> {
    let limit = if global { usize::MAX } else { 1 };
    let mut out = String::with_capacity(text.len().min(cap));
    let mut last = 0;
    let mut n = 0;
    let mut push = |out: &mut String, start: usize, end: usize, size: usize, n: usize| {
        if out.len() + (start - last) + size > cap {
            return Err(Grown {
                replacements: n,
                at: start,
            });
        }
        out.push_str(&text[last..start]);
        last = end;
        Ok(())
    };
    match pattern {
        Pattern::Literal(search) => {
            for (at, _) in text.match_indices(search.as_str()).take(limit) {
                push(&mut out, at, at + search.len(), replace.len(), n)?;
                out.push_str(replace);
                n += 1;
            }
        }
        Pattern::Regex(re) => {
            for caps in re.captures_iter(text).take(limit) {
                let Some(m) = caps.get(0) else { continue };
                push(
                    &mut out,
                    m.start(),
                    m.end(),
                    expanded_len(&caps, replace),
                    n,
                )?;
                caps.expand(replace, &mut out);
                n += 1;
            }
        }
    }
    push(&mut out, text.len(), text.len(), 0, n)?;
    Ok((out, n))
}

/// The length `Captures::expand` gives `replace` for these captures, without building it
/// (the regex crate's rules: `$$` is `$`; `$name` takes the longest run of letters, digits
/// and `_`, all digits naming a group by number; `${name}`; a missing group is empty; a
/// `$` starting no reference is kept).
fn expanded_len(caps: &Captures<'_>, replace: &str) -> usize {
    let group = |name: &str| {
        let m = match name.parse::<usize>() {
            Ok(i) => caps.get(i),
            Err(_) => caps.name(name),
        };
        m.map_or(0, |m| m.len())
    };
    let mut len = 0;
    let mut rest = replace;
    while let Some(i) = rest.find('$') {
        len += i;
        rest = &rest[i + 1..];
        if let Some(r) = rest.strip_prefix('$') {
            len += 1;
            rest = r;
        } else if let Some(close) = rest.strip_prefix('{').and_then(|r| r.find('}')) {
            len += group(&rest[1..=close]);
            rest = &rest[close + 2..];
        } else {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            if end == 0 {
                len += 1;
            } else {
                len += group(&rest[..end]);
            }
            rest = &rest[end..];
        }
    }
    len + rest.len()
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
    let mut grown = None;
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
                let (new, n) = match apply(text, &pattern, replace, global, MAX_BYTES as usize) {
                    Ok(done) => done,
                    Err(g) => {
                        grown = Some(g);
                        return Err(ToolError::too_large(&display, MAX_BYTES + 1));
                    }
                };
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
        .map_err(|e| match grown.take() {
            Some(g) => too_large_result(given, global, &g),
            None => LhError::from_storage(e, given, false),
        })?;
    Ok(json!({
        "path": given,
        "replacements": replacements,
        "originalContent": original,
    }))
}

/// The edit would make the file pass 10 MB: refused before the new text was built, with
/// how to do it in parts.
fn too_large_result(given: &str, global: bool, g: &Grown) -> LhError {
    let done = if global {
        format!(
            " after {} replacement(s), at byte {} of the file",
            g.replacements, g.at
        )
    } else {
        String::new()
    };
    LhError::new(
        LhCode::FileTooLarge,
        format!(
            "Editing {given:?} would make it larger than the {MAX_BYTES} byte (10 MB) limit{done}; \
             the result was not built and nothing was changed."
        ),
        "Do it in parts that keep the file under 10 MB: a shorter replacement, a search that \
         matches fewer places, or global: false to replace one match per call; or split the \
         file first.",
    )
}

#[cfg(test)]
#[cfg(test)]
mod tests {
    /// `apply` without a size limit.
    fn ap(text: &str, p: &Pattern, replace: &str, global: bool) -> (String, usize) {
        apply(text, p, replace, global, usize::MAX).unwrap()
    }

    #[test]
    fn a_result_over_the_cap_stops_before_it_is_built() {
        let text = "a".repeat(1000);
        let g = apply(&text, &lit("a"), &"x".repeat(1000), true, 10_000).unwrap_err();
        // Ten replacements (10,000 bytes) fit; the eleventh would not.
        assert_eq!((g.replacements, g.at), (10, 10));
        let g = apply(&text, &re("(?s)."), &"$0".repeat(1000), true, 10_000).unwrap_err();
        assert_eq!(g.replacements, 10);
        // A large whole match referenced by a template: sized exactly, not guessed.
        let (out, n) = apply(&text, &re("(?s)(a)(.*)"), "$1$1${1}", true, 10).unwrap();
        assert_eq!((out.as_str(), n), ("aaa", 1));
        assert!(apply(&text, &re("(?s).*"), "$0$0", true, 1999).is_err());
        assert!(apply(&text, &re("(?s).*"), "$0$0", true, 2000).is_ok());
    }

    #[test]
    fn expanded_lengths_match_the_regex_crate() {
        let r = Regex::new(r"(?P<host>\w+)@(\d*)").unwrap();
        let caps = r.captures("user@123").unwrap();
        for t in [
            "",
            "$",
            "$$",
            "$0",
            "$1$2",
            "${host}-$host",
            "$hostx",
            "$9",
            "${2}x",
            "$-",
            "a$",
            "${",
            "${x",
        ] {
            let mut dst = String::new();
            caps.expand(t, &mut dst);
            assert_eq!(expanded_len(&caps, t), dst.len(), "{t:?} gave {dst:?}");
        }
    }

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
            ap("hello world", &lit("hello"), "hi", false),
            ("hi world".into(), 1)
        );
        assert_eq!(
            ap("hello hello hello", &lit("hello"), "hi", true),
            ("hi hi hi".into(), 3)
        );
        assert_eq!(
            ap("foo123bar456", &re(r"\d+"), "#", true),
            ("foo#bar#".into(), 2)
        );
        assert_eq!(ap("abc", &lit("zzz"), "x", true), ("abc".into(), 0));
        assert_eq!(
            Pattern::new("[invalid", true).err().unwrap().code,
            LhCode::InvalidRegex
        );
    }

    #[test]
    fn literal_mode_is_literal_both_ways() {
        assert_eq!(
            ap("a.b a.b", &lit("a.b"), "$1$$", true),
            ("$1$$ $1$$".into(), 2)
        );
        assert_eq!(ap("axb", &lit("a.b"), "y", true), ("axb".into(), 0));
        assert_eq!(
            ap("aaaa", &lit("aa"), "b", true),
            ("bb".into(), 2),
            "non-overlapping"
        );
    }

    #[test]
    fn regex_groups_and_dollars() {
        let p = re(r"(\w+)@(?P<host>\w+)");
        assert_eq!(
            ap("me@home", &p, "${host}:$1 $$", true),
            ("home:me $".into(), 1)
        );
        assert_eq!(
            ap("a1 b2 c3", &re(r"[a-z](\d)"), "<$1>", false),
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
            ap(t, &lit("two"), "2", true),
            ("one\r\n2\r\nthree\r\n".into(), 1)
        );
    }

    #[test]
    fn catastrophic_patterns_run_in_linear_time() {
        let mut hay = "a".repeat(30_000);
        hay.push('b');
        let (out, n) = ap(&hay, &re("(a+)+$"), "x", true);
        assert_eq!(n, 0);
        assert_eq!(out, hay);
    }
}
