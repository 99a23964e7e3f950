//! Pure edit transforms for text.replace, text.insert and text.append (MCP-045, MCP-046,
//! MCP-015; CLR-007 to CLR-011). They take the file's bytes and return the new bytes; bytes outside the
//! edited lines are copied unchanged and new lines take the file's line ending.

use crate::errors::{Code, ToolError, ToolResult};
use crate::lines::{self, Line};

/// Splits a line-text argument (`old`, `new`, `content`) into lines (CLR-007):
/// "" is no lines, one trailing `\n`/`\r\n` is optional, and a `\r` before `\n` is dropped.
pub fn parse_line_text(text: &str) -> Vec<&str> {
    if text.is_empty() {
        return Vec::new();
    }
    let body = text
        .strip_suffix("\r\n")
        .or_else(|| text.strip_suffix('\n'))
        .unwrap_or(text);
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect()
}

/// Quotes a line for an error message, JSON-style, shortened if very long.
pub fn quote(text: &[u8]) -> String {
    const MAX: usize = 160;
    let s = String::from_utf8_lossy(text);
    if s.chars().count() > MAX {
        let cut: String = s.chars().take(MAX).collect();
        format!("{}…", serde_json::Value::String(cut))
    } else {
        serde_json::Value::String(s.into_owned()).to_string()
    }
}

fn content<'a>(bytes: &'a [u8], l: &Line) -> &'a [u8] {
    &bytes[l.start..l.content_end]
}

/// 1-indexed line numbers where `needle` lines start, searching lines
/// `from..to` (0-based, half-open, runs must end before `to`).
fn find_runs(bytes: &[u8], lines: &[Line], needle: &[&str], from: usize, to: usize) -> Vec<usize> {
    let k = needle.len();
    if k == 0 || to < from + k {
        return Vec::new();
    }
    (from..=to - k)
        .filter(|&i| {
            needle
                .iter()
                .enumerate()
                .all(|(j, n)| content(bytes, &lines[i + j]) == n.as_bytes())
        })
        .map(|i| i + 1)
        .collect()
}

fn list_numbers(ns: &[usize]) -> String {
    const MAX: usize = 20;
    let mut s: Vec<String> = ns.iter().take(MAX).map(|n| n.to_string()).collect();
    if ns.len() > MAX {
        s.push(format!("… ({} in all)", ns.len()));
    }
    s.join(", ")
}

/// Appends `new` lines, each followed by `eol`, except that the last one gets no
/// terminator when `last_unterminated`.
fn push_lines(out: &mut Vec<u8>, new: &[&str], eol: &[u8], last_unterminated: bool) {
    for (i, l) in new.iter().enumerate() {
        out.extend_from_slice(l.as_bytes());
        if !(last_unterminated && i + 1 == new.len()) {
            out.extend_from_slice(eol);
        }
    }
}

fn added_len(new: &[&str], eol: &[u8]) -> usize {
    new.iter().map(|l| l.len() + eol.len()).sum()
}

/// text.replace (MCP-045, CLR-008): `old` must be a run of whole lines inside `[start, end)`.
pub fn replace(bytes: &[u8], start: i64, end: i64, old: &str, new: &str) -> ToolResult<Vec<u8>> {
    let old_lines = parse_line_text(old);
    if old_lines.is_empty() {
        return Err(ToolError::new(
            Code::InvalidArgument,
            "Invalid argument `old`: it is empty, but it must contain at least one whole line \
             to replace. Pass the exact current text of the line(s); to match one empty line \
             pass \"\\n\".",
        )
        .with("field", "old"));
    }
    let new_lines = parse_line_text(new);
    let lines = lines::split_lines(bytes);
    let total = lines.len();
    let range = lines::resolve_range(start, end, total)?;
    let k = old_lines.len();
    let found = find_runs(bytes, &lines, &old_lines, range.start - 1, range.end - 1);
    match found.len() {
        0 => Err(mismatch(bytes, &lines, &old_lines, range, start, end)),
        1 => {
            let first = found[0] - 1;
            let last = first + k - 1;
            let eol = lines::detect_eol(bytes).bytes();
            let cut_start = lines[first].start;
            let cut_end = lines[last].end;
            // The last new line stays unterminated like the line it replaces, unless it
            // is empty: an empty unterminated last line would not be a line at all.
            let unterminated =
                !lines[last].has_terminator() && new_lines.last().is_some_and(|l| !l.is_empty());
            let mut out = Vec::with_capacity(
                bytes.len() - (cut_end - cut_start) + added_len(&new_lines, eol),
            );
            out.extend_from_slice(&bytes[..cut_start]);
            push_lines(&mut out, &new_lines, eol, unterminated);
            out.extend_from_slice(&bytes[cut_end..]);
            Ok(out)
        }
        _ => {
            let what = if k == 1 { "line" } else { "run of lines" };
            Err(ToolError::new(
                Code::AmbiguousMatch,
                format!(
                    "`old` matches more than once inside lines [{start}, {end}]: it starts at \
                     lines {}. Nothing was changed. Retry with a narrower `lines` range that \
                     contains only the occurrence you mean, e.g. [{}, {}] for the {what} at \
                     line {}.",
                    list_numbers(&found),
                    found[0],
                    found[0] + k,
                    found[0]
                ),
            )
            .with("occurrences", found.clone())
            .with("total_lines", total))
        }
    }
}

fn mismatch(
    bytes: &[u8],
    lines: &[Line],
    old_lines: &[&str],
    range: lines::Range,
    start: i64,
    end: i64,
) -> ToolError {
    let k = old_lines.len();
    let total = lines.len();
    let mut msg = String::new();
    let mut actual = Vec::new();
    if range.is_empty() {
        msg.push_str(&format!(
            "The range [{start}, {end}] resolves to [{s}, {s}), which contains no lines, so \
             `old` cannot lie inside it.",
            s = range.start
        ));
    } else if range.end - range.start < k {
        msg.push_str(&format!(
            "`old` has {k} lines but the range [{start}, {end}] (lines {} to {}) holds only {}.",
            range.start,
            range.end - 1,
            range.end - range.start
        ));
    } else {
        msg.push_str(&format!(
            "`old` does not match any run of whole lines inside [{start}, {end}]."
        ));
    }
    // Quote the actual text at the start of the range, line by line, against `old`.
    let shown = k.min(range.end - range.start).min(5);
    for (j, want) in old_lines.iter().enumerate().take(shown) {
        let n = range.start + j;
        let got = content(bytes, &lines[n - 1]);
        actual.push(String::from_utf8_lossy(got).into_owned());
        if got != want.as_bytes() {
            msg.push_str(&format!(
                " Line {n} contains {}, not {}.",
                quote(got),
                quote(want.as_bytes())
            ));
        } else {
            msg.push_str(&format!(" Line {n} contains {} (matches).", quote(got)));
        }
    }
    let elsewhere = find_runs(bytes, lines, old_lines, 0, total);
    if elsewhere.is_empty() {
        msg.push_str(
            " The text of `old` does not occur anywhere in the file. Nothing was changed; \
             call text.read to see the current lines, then retry with their exact text.",
        );
    } else {
        msg.push_str(&format!(
            " The text of `old` occurs at line {} of the file (outside your range). Nothing \
             was changed; retry with `lines` covering it, e.g. [{}, {}].",
            list_numbers(&elsewhere),
            elsewhere[0],
            elsewhere[0] + k
        ));
    }
    let mut e = ToolError::new(Code::ContentMismatch, msg)
        .with("line", range.start)
        .with("actual", actual.join("\n"))
        .with("total_lines", total);
    if !elsewhere.is_empty() {
        e = e.with("occurrences", elsewhere);
    }
    e
}

/// text.insert (MCP-046, CLR-009): `content` goes in before the anchor line.
pub fn insert(bytes: &[u8], line: i64, anchor: &str, content_text: &str) -> ToolResult<Vec<u8>> {
    // One trailing terminator on the anchor is tolerated, like on other line texts.
    let anchor = anchor
        .strip_suffix("\r\n")
        .or_else(|| anchor.strip_suffix('\n'))
        .unwrap_or(anchor);
    if anchor.contains('\n') {
        return Err(ToolError::new(
            Code::InvalidArgument,
            "Invalid argument `anchor`: it spans several lines, but it must be the complete \
             text of exactly one line (the line that `line` points at).",
        )
        .with("field", "anchor"));
    }
    let lines = lines::split_lines(bytes);
    let total = lines.len();
    let n = lines::resolve_line(line, total)?;
    let target = &lines[n - 1];
    let got = content(bytes, target);
    if got != anchor.as_bytes() {
        let elsewhere = find_runs(bytes, &lines, &[anchor], 0, total);
        let mut msg = format!(
            "Line {n} contains {}, not {}. Nothing was changed.",
            quote(got),
            quote(anchor.as_bytes())
        );
        if elsewhere.is_empty() {
            msg.push_str(
                " The anchor text does not occur anywhere in the file; call text.read to see \
                 the current lines and pass the exact text of the line to insert before.",
            );
        } else {
            msg.push_str(&format!(
                " The anchor text is at line {}; retry with `line` set to it.",
                list_numbers(&elsewhere)
            ));
        }
        let mut e = ToolError::new(Code::ContentMismatch, msg)
            .with("line", n)
            .with("actual", String::from_utf8_lossy(got).into_owned())
            .with("total_lines", total);
        if !elsewhere.is_empty() {
            e = e.with("occurrences", elsewhere);
        }
        return Err(e);
    }
    let new_lines = parse_line_text(content_text);
    let eol = lines::detect_eol(bytes).bytes();
    let at = target.start;
    let mut out = Vec::with_capacity(bytes.len() + added_len(&new_lines, eol));
    out.extend_from_slice(&bytes[..at]);
    push_lines(&mut out, &new_lines, eol, false);
    out.extend_from_slice(&bytes[at..]);
    Ok(out)
}

/// text.append (MCP-015, CLR-010): lines go after the last line, each terminated; an
/// unterminated last line first gets a terminator. "" changes nothing (returns `None`).
pub fn append(bytes: &[u8], content_text: &str) -> Option<Vec<u8>> {
    let new_lines = parse_line_text(content_text);
    if new_lines.is_empty() {
        return None;
    }
    let eol = lines::detect_eol(bytes).bytes();
    let needs_break = bytes.last().is_some_and(|&b| b != b'\n');
    let mut out = Vec::with_capacity(bytes.len() + eol.len() + added_len(&new_lines, eol));
    out.extend_from_slice(bytes);
    if needs_break {
        // A last line ending in a lone `\r` keeps it as content only if the break is
        // `\r\n`: a bare `\n` would merge with it into one CRLF terminator.
        let brk: &[u8] = if bytes.ends_with(b"\r") { b"\r\n" } else { eol };
        out.extend_from_slice(brk);
    }
    push_lines(&mut out, &new_lines, eol, false);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rep(b: &str, s: i64, e: i64, old: &str, new: &str) -> Result<String, Code> {
        replace(b.as_bytes(), s, e, old, new)
            .map(|v| String::from_utf8(v).unwrap())
            .map_err(|e| e.code)
    }

    #[test]
    fn line_text_parsing() {
        assert_eq!(parse_line_text(""), Vec::<&str>::new());
        assert_eq!(parse_line_text("\n"), vec![""]);
        assert_eq!(parse_line_text("a\nb"), vec!["a", "b"]);
        assert_eq!(parse_line_text("a\nb\n"), vec!["a", "b"]);
        assert_eq!(parse_line_text("a\r\nb\r\n"), vec!["a", "b"]);
        assert_eq!(parse_line_text("a\n\n"), vec!["a", ""]);
        assert_eq!(parse_line_text("a\rb"), vec!["a\rb"]);
    }

    #[test]
    fn replace_one_and_several_lines() {
        let f = "one\ntwo\nthree\n";
        assert_eq!(rep(f, 1, 0, "two", "2").unwrap(), "one\n2\nthree\n");
        assert_eq!(rep(f, 1, 0, "two\nthree\n", "x").unwrap(), "one\nx\n");
        assert_eq!(rep(f, 2, 3, "two", "").unwrap(), "one\nthree\n");
        assert_eq!(rep(f, 2, 3, "two", "a\nb").unwrap(), "one\na\nb\nthree\n");
        assert_eq!(rep(f, 1, 2, "two", "x"), Err(Code::ContentMismatch));
        assert_eq!(rep(f, 2, 2, "two", "x"), Err(Code::ContentMismatch));
        assert_eq!(rep(f, 1, 0, "", "x"), Err(Code::InvalidArgument));
        assert_eq!(rep(f, 1, 9, "two", "x"), Err(Code::InvalidRange));
        assert_eq!(rep("a\nb\na\n", 1, 0, "a", "x"), Err(Code::AmbiguousMatch));
        assert_eq!(rep("a\nb\na\n", 2, 0, "a", "x").unwrap(), "a\nb\nx\n");
    }

    #[test]
    fn replace_keeps_crlf_and_unterminated_end() {
        assert_eq!(
            rep("a\r\nb\r\n", 1, 0, "b", "c\nd").unwrap(),
            "a\r\nc\r\nd\r\n"
        );
        assert_eq!(rep("a\nb", 1, 0, "b", "c\nd").unwrap(), "a\nc\nd");
        assert_eq!(rep("a\nb", 1, 0, "b", "").unwrap(), "a\n");
        // an empty last line must stay a line, so it gets a terminator
        assert_eq!(rep("a\nb", 1, 0, "b", "\n").unwrap(), "a\n\n");
        assert_eq!(rep("a\n\nb\n", 1, 0, "\n", "x").unwrap(), "a\nx\nb\n");
        // mixed endings: untouched bytes stay as they were
        assert_eq!(rep("a\nb\r\nc\n", 3, 4, "c", "z").unwrap(), "a\nb\r\nz\n");
    }

    #[test]
    fn mismatch_message_teaches() {
        let e = replace(b"one\ntwo\nthree\n", 1, 2, "two", "x").unwrap_err();
        assert!(
            e.message.contains("Line 1 contains \"one\", not \"two\""),
            "{}",
            e.message
        );
        assert!(e.message.contains("line 2"), "{}", e.message);
        assert_eq!(e.details["occurrences"], serde_json::json!([2]));
        assert_eq!(e.details["actual"], "one");
        let e = replace(b"a\na\n", 1, 0, "a", "x").unwrap_err();
        assert_eq!(e.details["occurrences"], serde_json::json!([1, 2]));
    }

    #[test]
    fn insert_examples() {
        let f = b"one\ntwo\n";
        let s = |v: Vec<u8>| String::from_utf8(v).unwrap();
        assert_eq!(s(insert(f, 2, "two", "x").unwrap()), "one\nx\ntwo\n");
        assert_eq!(
            s(insert(f, 1, "one", "a\nb\n").unwrap()),
            "a\nb\none\ntwo\n"
        );
        assert_eq!(s(insert(f, -1, "two", "x").unwrap()), "one\nx\ntwo\n");
        assert_eq!(s(insert(f, 2, "two\n", "x").unwrap()), "one\nx\ntwo\n");
        assert_eq!(s(insert(b"a\r\nb", 2, "b", "x").unwrap()), "a\r\nx\r\nb");
        let e = insert(f, 1, "two", "x").unwrap_err();
        assert_eq!(e.code, Code::ContentMismatch);
        assert!(
            e.message.contains("Line 1 contains \"one\", not \"two\""),
            "{}",
            e.message
        );
        assert_eq!(e.details["occurrences"], serde_json::json!([2]));
        assert_eq!(
            insert(f, 0, "one", "x").unwrap_err().code,
            Code::InvalidRange
        );
        assert_eq!(
            insert(f, 3, "one", "x").unwrap_err().code,
            Code::InvalidRange
        );
        assert_eq!(
            insert(b"", 1, "", "x").unwrap_err().code,
            Code::InvalidRange
        );
        assert_eq!(
            insert(f, 1, "a\nb", "x").unwrap_err().code,
            Code::InvalidArgument
        );
    }

    #[test]
    fn append_examples() {
        let s = |v: Option<Vec<u8>>| String::from_utf8(v.unwrap()).unwrap();
        assert_eq!(s(append(b"", "x")), "x\n");
        assert_eq!(s(append(b"a\n", "x\ny")), "a\nx\ny\n");
        assert_eq!(s(append(b"a", "x")), "a\nx\n");
        assert_eq!(s(append(b"a\r\n", "x")), "a\r\nx\r\n");
        assert_eq!(s(append(b"a", "\n")), "a\n\n");
        assert!(append(b"a", "").is_none());
        // The lone `\r` of the last line stays content of line 1.
        assert_eq!(s(append(b"a\r", "b")), "a\r\r\nb\n");
        let out = append(b"a\r", "b").unwrap();
        let ls = lines::split_lines(&out);
        assert_eq!(ls.len(), 2);
        assert_eq!(&out[ls[0].start..ls[0].content_end], b"a\r");
    }

    fn file() -> impl Strategy<Value = String> {
        proptest::collection::vec(("[ab]{0,3}", prop_oneof![Just("\n"), Just("\r\n")]), 0..8)
            .prop_flat_map(|ls| {
                let body: String = ls.iter().map(|(t, e)| format!("{t}{e}")).collect();
                (Just(body), "[ab]{0,2}").prop_map(|(b, tail)| format!("{b}{tail}"))
            })
    }

    /// Files whose terminators are all the same, so rewritten lines keep their ending.
    fn uniform_file() -> impl Strategy<Value = String> {
        (
            proptest::collection::vec("[ab]{0,3}", 0..8),
            any::<bool>(),
            "[ab]{0,2}",
        )
            .prop_map(|(ls, crlf, tail)| {
                let eol = if crlf { "\r\n" } else { "\n" };
                let body: String = ls.iter().map(|t| format!("{t}{eol}")).collect();
                format!("{body}{tail}")
            })
    }

    proptest! {
        // Replacing a line with itself changes nothing (byte-exact, CRLF kept).
        #[test]
        fn replace_with_itself_is_identity(f in uniform_file(), pick in 0usize..10) {
            let b = f.as_bytes();
            let ls = lines::split_lines(b);
            prop_assume!(!ls.is_empty());
            let i = pick % ls.len();
            let text = std::str::from_utf8(&b[ls[i].start..ls[i].content_end]).unwrap();
            let old = if text.is_empty() { "\n".to_owned() } else { text.to_owned() };
            let n = i as i64 + 1;
            let out = replace(b, n, n + 1, &old, &old).unwrap();
            prop_assert_eq!(out, b.to_vec());
        }

        // Bytes before and after the edited line are untouched; line count follows.
        #[test]
        fn replace_touches_only_its_lines(f in file(), pick in 0usize..10, new in "[xy\n]{0,6}") {
            let b = f.as_bytes();
            let ls = lines::split_lines(b);
            prop_assume!(!ls.is_empty());
            let i = pick % ls.len();
            let text = std::str::from_utf8(&b[ls[i].start..ls[i].content_end]).unwrap();
            let old = if text.is_empty() { "\n".to_owned() } else { text.to_owned() };
            let n = i as i64 + 1;
            let out = replace(b, n, n + 1, &old, &new).unwrap();
            prop_assert_eq!(&out[..ls[i].start], &b[..ls[i].start]);
            let tail = &b[ls[i].end..];
            prop_assert!(out.ends_with(tail));
            let added = parse_line_text(&new).len();
            prop_assert_eq!(lines::total_lines(&out), ls.len() - 1 + added);
        }

        #[test]
        fn append_adds_exact_line_count(f in file(), c in "[xy\n]{0,6}") {
            let b = f.as_bytes();
            let before = lines::total_lines(b);
            let added = parse_line_text(&c).len();
            match append(b, &c) {
                None => prop_assert_eq!(added, 0),
                Some(out) => {
                    prop_assert!(out.starts_with(b));
                    prop_assert_eq!(lines::total_lines(&out), before + added);
                    prop_assert_eq!(out.last(), Some(&b'\n'));
                }
            }
        }

        #[test]
        fn insert_adds_before_anchor(f in file(), pick in 0usize..10, c in "[xy\n]{0,6}") {
            let b = f.as_bytes();
            let ls = lines::split_lines(b);
            prop_assume!(!ls.is_empty());
            let i = pick % ls.len();
            let anchor = std::str::from_utf8(&b[ls[i].start..ls[i].content_end]).unwrap();
            let out = insert(b, i as i64 + 1, anchor, &c).unwrap();
            prop_assert_eq!(&out[..ls[i].start], &b[..ls[i].start]);
            prop_assert!(out.ends_with(&b[ls[i].start..]));
            prop_assert_eq!(lines::total_lines(&out), ls.len() + parse_line_text(&c).len());
        }
    }
}
