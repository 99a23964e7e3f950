//! edit_file (FS-EDIT-001..003): exact replacements applied in order, returning a git-style
//! diff; `dryRun` only returns the diff.
//!
//! Our clarifications: only the matched bytes change, so a CRLF file keeps its endings
//! (FS-CLR-01; oldText/newText written with `\n` are matched and written as `\r\n` there);
//! an oldText found more than once fails with the count (FS-CLR-04); matching is exact,
//! never whitespace-insensitive (FS-CLR-05). The file is rewritten atomically under its
//! lock (FS-CLR-02), so concurrent edits never lose one another's change. The work is
//! bounded (docs/limits.md): the edits within `APPLY_TIME`, the diff's search within
//! `DIFF_TIME`; an edit that runs out fails and releases the lock, nothing changed.

use std::cell::RefCell;
use std::time::{Duration, Instant};

use memchr::memmem;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::json;
use similar::TextDiff;

use super::Ctx;
use super::args::Args;
use super::read::read_text;
use super::result::{self, explain};
use crate::errors::{Code, ToolError};

pub const NAME: &str = "edit_file";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Edit File",
        "Make line-based edits to a text file. Each edit replaces exact line sequences with \
         new content; each oldText must occur exactly once in the file (as it is after the \
         edits before it). Line endings of the file are kept. Returns a git-style diff \
         showing the changes made. Only works within allowed directories.",
        json!({"type": "object", "properties": {
            "path": {"type": "string"},
            "edits": {"type": "array", "items": {"type": "object", "properties": {
                "oldText": {"type": "string", "description": "Text to search for - must match exactly"},
                "newText": {"type": "string", "description": "Text to replace with"}
            }, "required": ["oldText", "newText"]}},
            "dryRun": {"type": "boolean", "default": false, "description": "Preview changes using git-style diff format"}
        }, "required": ["path", "edits"]}),
        result::text_output(),
        false,
    )
}

/// `\n` not preceded by `\r` becomes `\r\n`.
fn to_crlf(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + s.len() / 16);
    let mut prev = '\0';
    for c in s.chars() {
        if c == '\n' && prev != '\r' {
            out.push('\r');
        }
        out.push(c);
        prev = c;
    }
    out
}

/// Whether the text ends every line with `\r\n` (and has at least one).
fn all_crlf(text: &str) -> bool {
    let b = text.as_bytes();
    let mut any = false;
    for i in memchr::memchr_iter(b'\n', b) {
        if i == 0 || b[i - 1] != b'\r' {
            return false;
        }
        any = true;
    }
    any
}

/// Where `needle` occurs (non-overlapping), up to `limit` positions.
fn positions(hay: &str, needle: &str, limit: usize) -> Vec<usize> {
    memmem::find_iter(hay.as_bytes(), needle.as_bytes())
        .take(limit)
        .collect()
}

/// A hint for an oldText that is not there: where a line like its first one is.
fn near_miss(text: &str, old: &str) -> String {
    let Some(first) = old.lines().map(str::trim).find(|l| !l.is_empty()) else {
        return String::new();
    };
    match text.lines().position(|l| l.trim() == first) {
        Some(i) => format!(
            " Line {} of the file has the text of oldText's first line with other whitespace \
             or around it: {:?}; matching is exact, whitespace and indentation included.",
            i + 1,
            text.lines().nth(i).unwrap_or_default()
        ),
        None => String::new(),
    }
}

/// CPU time one call may spend applying its edits (each is a search and a splice of the
/// whole text, so 100k edits of a large file would take minutes while holding its lock).
pub const APPLY_TIME: Duration = Duration::from_secs(10);

/// CPU time the diff may spend looking for the smallest diff; past it, `similar` gives a
/// correct but larger one (a rewritten 100k-line file took 61 s without it).
pub const DIFF_TIME: Duration = Duration::from_secs(2);

/// Applies the edits in order to `text` and returns the result, within `APPLY_TIME`.
pub fn apply(text: &str, edits: &[(&str, &str)], given: &str) -> Result<String, ToolError> {
    let crlf = all_crlf(text);
    // Borrowed until the first edit, which makes the one copy (see `splice`).
    let mut cur = std::borrow::Cow::Borrowed(text);
    let deadline = Instant::now() + APPLY_TIME;
    for (i, (old, new)) in edits.iter().enumerate() {
        if Instant::now() > deadline {
            return Err(too_slow(i, edits.len(), given));
        }
        if old.is_empty() {
            return Err(ToolError::invalid_argument(
                &format!("edits[{i}].oldText"),
                "it is empty",
                "the exact text to replace, as it is in the file (copy it from read_text_file)",
            ));
        }
        // The text as given first; in a CRLF file, also with `\n` written as `\r\n`.
        let mut tries = vec![(old.to_string(), new.to_string())];
        if old.contains('\n') && memmem::find(cur.as_bytes(), b"\r\n").is_some() {
            tries.push((to_crlf(old), to_crlf(new)));
        }
        let found = tries
            .into_iter()
            .map(|(o, n)| (positions(&cur, &o, 1000), o, n))
            .find(|(at, _, _)| !at.is_empty());
        let Some((at, o, mut n)) = found else {
            return Err(ToolError::new(
                Code::ContentMismatch,
                format!(
                    "Could not find exact match for edit {} of {} in {given}: its oldText is not \
                     in the file{}. Nothing was changed. Read the file with read_text_file and \
                     copy the text exactly.{}",
                    i + 1,
                    edits.len(),
                    if i > 0 {
                        " as the edits before it left it"
                    } else {
                        ""
                    },
                    near_miss(&cur, old)
                ),
            )
            .with("path", given)
            .with("edit", i));
        };
        if at.len() > 1 {
            return Err(ToolError::new(
                Code::AmbiguousMatch,
                format!(
                    "The oldText of edit {} of {} occurs {}{} times in {given}, so which one to \
                     replace is unclear. Nothing was changed. Add the lines around the one you \
                     mean to oldText (and newText) so that it occurs exactly once.",
                    i + 1,
                    edits.len(),
                    at.len(),
                    if at.len() >= 1000 { " or more" } else { "" },
                ),
            )
            .with("path", given)
            .with("edit", i)
            .with("occurrences", at.len()));
        }
        if crlf {
            n = to_crlf(&n);
        }
        cur = splice(&cur, at[0]..at[0] + o.len(), &n).into();
    }
    Ok(cur.into_owned())
}

/// `text` with `range` replaced by `new`, built in one allocation of the final size (a
/// copy plus `replace_range` would copy a large file twice and grow it once more).
fn splice(text: &str, range: std::ops::Range<usize>, new: &str) -> String {
    let mut out = String::with_capacity(text.len() - range.len() + new.len());
    out.push_str(&text[..range.start]);
    out.push_str(new);
    out.push_str(&text[range.end..]);
    out
}

/// The error for edits that ran out of `APPLY_TIME` (docs/limits.md).
fn too_slow(done: usize, total: usize, given: &str) -> ToolError {
    ToolError::new(
        Code::TooLarge,
        format!(
            "Applying {total} edits to {given} took longer than {} s ({done} applied); nothing \
             was changed. Send fewer edits per call (each one searches the whole file), or \
             replace the file with write_file.",
            APPLY_TIME.as_secs()
        ),
    )
    .with("path", given)
}

/// The part of two texts that differs, widened to whole lines plus `context` lines on
/// each side: `(line offset, old window, new window)`. Diffing only this window keeps a
/// one-line edit of a 10 MB file cheap.
fn window<'a>(a: &'a str, b: &'a str, context: usize) -> (usize, &'a str, &'a str) {
    let (ab, bb) = (a.as_bytes(), b.as_bytes());
    let prefix = common_prefix(ab, bb);
    let room = ab.len().min(bb.len()) - prefix;
    let suffix = common_suffix(&ab[ab.len() - room..], &bb[bb.len() - room..]);
    // Start: the beginning of the line holding the first difference, `context` lines up.
    let line_start = |end: usize| memchr::memrchr(b'\n', &ab[..end]).map_or(0, |i| i + 1);
    let mut start = line_start(prefix);
    for _ in 0..context {
        if start == 0 {
            break;
        }
        start = line_start(start - 1);
    }
    // End: past the line holding the last difference, then `context` lines down (the
    // same bytes in both texts, since they lie in the common suffix).
    let mut stop = (ab.len() - suffix).saturating_sub(1).max(start);
    for _ in 0..=context {
        match memchr::memchr(b'\n', &ab[stop..]) {
            Some(i) => stop += i + 1,
            None => {
                stop = ab.len();
                break;
            }
        }
    }
    let tail = ab.len() - stop;
    let offset = memchr::memchr_iter(b'\n', &ab[..start]).count();
    (offset, &a[start..stop], &b[start..bb.len() - tail])
}

/// The length of the common prefix, compared a block at a time (memcmp).
fn common_prefix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let n = a.len().min(b.len());
    let mut i = 0;
    while i + BLOCK <= n && a[i..i + BLOCK] == b[i..i + BLOCK] {
        i += BLOCK;
    }
    i + a[i..n]
        .iter()
        .zip(&b[i..n])
        .take_while(|(x, y)| x == y)
        .count()
}

/// The length of the common suffix of two equally long slices.
fn common_suffix(a: &[u8], b: &[u8]) -> usize {
    const BLOCK: usize = 4096;
    let n = a.len();
    let mut i = 0;
    while i + BLOCK <= n && a[n - i - BLOCK..n - i] == b[n - i - BLOCK..n - i] {
        i += BLOCK;
    }
    i + a[..n - i]
        .iter()
        .rev()
        .zip(b[..n - i].iter().rev())
        .take_while(|(x, y)| x == y)
        .count()
}

/// Adds `offset` to both start lines of a hunk header `@@ -s,l +s,l @@`.
fn shift_header(line: &str, offset: usize) -> String {
    if offset == 0 || !line.starts_with("@@ -") {
        return line.to_owned();
    }
    let shift = |part: &str| -> String {
        let (sign, rest) = part.split_at(1);
        let (start, len) = rest
            .split_once(',')
            .map_or((rest, None), |(s, l)| (s, Some(l)));
        let start: usize = start.parse().unwrap_or(0);
        match len {
            Some(l) => format!("{sign}{},{l}", start + offset),
            None => format!("{sign}{}", start + offset),
        }
    };
    let mut parts: Vec<String> = line.split(' ').map(str::to_owned).collect();
    if parts.len() >= 3 {
        parts[1] = shift(&parts[1]);
        parts[2] = shift(&parts[2]);
    }
    parts.join(" ")
}

/// The text with `\r\n` read as `\n` (borrowed when it has no `\r`).
fn lf(text: &str) -> std::borrow::Cow<'_, str> {
    if memchr::memchr(b'\r', text.as_bytes()).is_some() {
        text.replace("\r\n", "\n").into()
    } else {
        text.into()
    }
}

/// The git-style diff the official server returns (line endings shown as `\n`), fenced
/// with enough backticks that the diff cannot close the fence.
pub fn diff(before: &str, after: &str, given: &str) -> String {
    // The window is found on the texts as they are and only it is read with `\n` endings:
    // it holds whole lines, so no `\r\n` is split, and the line numbers are the same.
    let (offset, wa, wb) = window(before, after, 3);
    let (wa, wb) = (lf(wa), lf(wb));
    let body = TextDiff::configure()
        .timeout(DIFF_TIME)
        .diff_lines(&*wa, &*wb)
        .unified_diff()
        .context_radius(3)
        .header(&format!("{given}\toriginal"), &format!("{given}\tmodified"))
        .to_string();
    let body: String = body
        .split_inclusive('\n')
        .map(|l| {
            if l.starts_with("@@ -") {
                let (text, nl) = l.strip_suffix('\n').map_or((l, ""), |t| (t, "\n"));
                format!("{}{nl}", shift_header(text, offset))
            } else {
                l.to_owned()
            }
        })
        .collect();
    let text = format!(
        "Index: {given}\n===================================================================\n{body}"
    );
    let mut fence = "```".to_owned();
    while text.contains(&fence) {
        fence.push('`');
    }
    format!("{fence}diff\n{text}{fence}\n\n")
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let edits = a.edits()?;
    let dry_run = a.opt_bool("dryRun")?;
    if dry_run {
        let text = read_text(ctx, given)?;
        let after = apply(&text, &edits, given)?;
        return Ok(result::text(diff(&text, &after, given)));
    }
    let r = ctx.resolve(given)?;
    let shown = RefCell::new(String::new());
    // The diff is the reply: neither the new hash nor the line count is needed.
    r.storage()
        .update_text_unhashed(
            &r.path,
            Box::new(|bytes: &[u8]| {
                let text = simdutf8::basic::from_utf8(bytes)
                    .map_err(|_| explain(ToolError::new(Code::NotText, String::new()), given))?;
                let after = apply(text, &edits, given)?;
                *shown.borrow_mut() = diff(text, &after, given);
                let changed = after.len() != text.len() || after != text;
                Ok(changed.then(|| after.into_bytes()))
            }),
        )
        .map_err(|e| explain(e, given))?;
    Ok(result::text(shown.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str, edits: &[(&str, &str)]) -> String {
        apply(text, edits, "/f").unwrap()
    }

    fn code(text: &str, edits: &[(&str, &str)]) -> Code {
        apply(text, edits, "/f").unwrap_err().code
    }

    #[test]
    fn edits_apply_in_order() {
        assert_eq!(
            ok("one\ntwo\n", &[("one", "uno"), ("uno\ntwo", "uno\ndos")]),
            "uno\ndos\n"
        );
    }

    #[test]
    fn crlf_files_keep_their_endings() {
        assert_eq!(ok("a\r\nb\r\nc\r\n", &[("b", "B")]), "a\r\nB\r\nc\r\n");
        assert_eq!(
            ok("a\r\nb\r\nc\r\n", &[("a\nb", "x\ny")]),
            "x\r\ny\r\nc\r\n"
        );
        assert_eq!(ok("a\r\nb\r\n", &[("a\r\n", "z\r\n")]), "z\r\nb\r\n");
        // A mixed file: the edit's own endings are kept.
        assert_eq!(ok("a\nb\r\n", &[("a\n", "c\n")]), "c\nb\r\n");
    }

    #[test]
    fn missing_twice_and_empty_old_text_fail() {
        assert_eq!(code("abc", &[("x", "y")]), Code::ContentMismatch);
        assert_eq!(
            code("x = 1\nx = 1\n", &[("x = 1", "x = 3")]),
            Code::AmbiguousMatch
        );
        assert_eq!(code("abc", &[("", "y")]), Code::InvalidArgument);
        // Whitespace-insensitive matches do not count, and the message points at them.
        let e = apply("    indented\n", &[("indented\n  ", "x")], "/f").unwrap_err();
        assert_eq!(e.code, Code::ContentMismatch);
        assert!(e.message.contains("Line 1"), "{}", e.message);
    }

    #[test]
    fn replacement_text_is_literal() {
        assert_eq!(ok("a b", &[("b", "$& $1")]), "a $& $1");
    }

    #[test]
    fn diff_is_unified_and_fenced() {
        let d = diff("alpha\nbeta\n", "alpha\nBETA\n", "/r/e.txt");
        assert!(d.starts_with("```diff\nIndex: /r/e.txt\n"), "{d}");
        assert!(
            d.contains("--- /r/e.txt\toriginal\n+++ /r/e.txt\tmodified\n"),
            "{d}"
        );
        assert!(d.contains("\n-beta\n+BETA\n"), "{d}");
        assert!(diff("```\n", "````\n", "/x").starts_with("`````diff"));
    }

    /// The windowed diff equals the diff of the whole texts.
    #[test]
    fn windowed_diff_equals_the_whole_diff() {
        let whole = |a: &str, b: &str| {
            TextDiff::from_lines(a, b)
                .unified_diff()
                .context_radius(3)
                .header("x", "y")
                .to_string()
        };
        let windowed = |a: &str, b: &str| {
            let d = diff(a, b, "p");
            let body = d.split_once("=\n").unwrap().1;
            let body = body.rsplit_once("```").unwrap().0;
            body.replacen("--- p\toriginal\n+++ p\tmodified\n", "--- x\n+++ y\n", 1)
        };
        let lines: Vec<String> = (0..40).map(|i| format!("line {i}\n")).collect();
        let base = lines.concat();
        let cases: Vec<String> = vec![
            base.replace("line 20\n", "LINE 20\n"),
            base.replace("line 0\n", "zero\n"),
            base.replace("line 39\n", "end"),
            base.replace("line 5\n", "").replace("line 30\n", "x\ny\n"),
            format!("{base}extra\n"),
            format!("new\n{base}"),
            base.replace("line 1\n", "line 1\nline 1\n"),
            base.replace("line 12", "line 12 more"),
            String::new(),
        ];
        for b in &cases {
            assert_eq!(windowed(&base, b), whole(&base, b), "{b:?}");
            assert_eq!(windowed(b, &base), whole(b, &base), "reverse {b:?}");
        }
        assert_eq!(windowed("a", "b"), whole("a", "b"));
        assert_eq!(windowed("a\nb", "a\nc"), whole("a\nb", "a\nc"));
    }
}
