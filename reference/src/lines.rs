//! The line model (CLR-001 to CLR-003, MCP-040 to MCP-042): terminators, line spans, line endings and
//! resolution of `[start, end)` ranges with negative and open (`0`) ends.
//!
//! Everything works on bytes so that untouched bytes can be copied exactly.

use crate::errors::{Code, ToolError, ToolResult};

/// One line of a file, as byte offsets: `start..content_end` is its text,
/// `content_end..end` its terminator (empty, `\n` or `\r\n`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub start: usize,
    pub content_end: usize,
    pub end: usize,
}

impl Line {
    pub fn has_terminator(&self) -> bool {
        self.end > self.content_end
    }
}

/// The line ending new lines get (CLR-011).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eol {
    Lf,
    CrLf,
}

impl Eol {
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Eol::Lf => b"\n",
            Eol::CrLf => b"\r\n",
        }
    }
}

/// CRLF if the first terminator of the file is `\r\n`, else LF.
pub fn detect_eol(bytes: &[u8]) -> Eol {
    match memchr::memchr(b'\n', bytes) {
        Some(i) if i > 0 && bytes[i - 1] == b'\r' => Eol::CrLf,
        _ => Eol::Lf,
    }
}

/// Number of lines: every `\n` ends one, and trailing bytes without one form a last line.
pub fn total_lines(bytes: &[u8]) -> usize {
    let newlines = memchr::memchr_iter(b'\n', bytes).count();
    match bytes.last() {
        None => 0,
        Some(b'\n') => newlines,
        Some(_) => newlines + 1,
    }
}

/// All lines of the file.
pub fn split_lines(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    let mut start = 0;
    for nl in memchr::memchr_iter(b'\n', bytes) {
        let content_end = if nl > start && bytes[nl - 1] == b'\r' {
            nl - 1
        } else {
            nl
        };
        out.push(Line {
            start,
            content_end,
            end: nl + 1,
        });
        start = nl + 1;
    }
    if start < bytes.len() {
        out.push(Line {
            start,
            content_end: bytes.len(),
            end: bytes.len(),
        });
    }
    out
}

/// Byte offset at which 0-based line `index` starts; `index == total` gives the length.
/// Scans only as far as needed, so a read of the first lines of a huge file is cheap.
pub fn line_start_offset(bytes: &[u8], index: usize) -> usize {
    if index == 0 {
        return 0;
    }
    match memchr::memchr_iter(b'\n', bytes).nth(index - 1) {
        Some(nl) => nl + 1,
        None => bytes.len(),
    }
}

/// A resolved half-open range of 1-indexed lines: `start..end`, `1 <= start <= end <= total+1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub start: usize,
    pub end: usize,
}

impl Range {
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }
}

fn resolve_bound(value: i64, total: usize, open: i128) -> i128 {
    let total = total as i128;
    match value {
        0 => open,
        v if v < 0 => total + 1 + v as i128,
        v => v as i128,
    }
}

/// Resolves `[start, end]` per CLR-003 (no clamping: CLR-005).
pub fn resolve_range(start: i64, end: i64, total: usize) -> ToolResult<Range> {
    let s = resolve_bound(start, total, 1);
    let e = resolve_bound(end, total, total as i128 + 1);
    let max = total as i128 + 1;
    if 1 <= s && s <= e && e <= max {
        return Ok(Range {
            start: s as usize,
            end: e as usize,
        });
    }
    let why = if s < 1 {
        format!("start resolves to {s}, before line 1")
    } else if e > max {
        format!("end resolves to {e}, past the end (the largest end is {max})")
    } else if e < 1 {
        format!("end resolves to {e}, before line 1")
    } else {
        format!("start {s} is after end {e}")
    };
    Err(ToolError::new(
        Code::InvalidRange,
        format!(
            "The range [{start}, {end}] is invalid for a file with {total} lines: {why}. \
             Ranges are [start, end), 1-indexed with end exclusive; negative numbers count \
             from the end (-1 = last line); 0 as end means to the end of the file and 0 as \
             start means from line 1. Valid resolved ranges satisfy 1 <= start <= end <= {max}."
        ),
    )
    .with("total_lines", total)
    .with("resolved", vec![s as i64, e as i64]))
}

/// Resolves an anchor line number for insert (CLR-009): negative counts from the end,
/// 0 is rejected, and the result must name an existing line.
pub fn resolve_line(line: i64, total: usize) -> ToolResult<usize> {
    if total == 0 {
        return Err(ToolError::new(
            Code::InvalidRange,
            "The file is empty, so there is no anchor line to insert before. Use text.append \
             to add content to an empty file.",
        )
        .with("total_lines", 0));
    }
    if line == 0 {
        return Err(ToolError::new(
            Code::InvalidRange,
            format!(
                "line 0 does not name a line. Lines are 1-indexed (1 = first line, -1 = last \
                 line); the file has {total} lines. To add after the last line use text.append."
            ),
        )
        .with("total_lines", total));
    }
    let resolved = if line < 0 {
        total as i128 + 1 + line as i128
    } else {
        line as i128
    };
    if resolved < 1 || resolved > total as i128 {
        return Err(ToolError::new(
            Code::InvalidRange,
            format!(
                "line {line} resolves to {resolved}, but the file has {total} lines, so the \
                 anchor line must be between 1 and {total} (or -{total} to -1). To add after \
                 the last line use text.append."
            ),
        )
        .with("total_lines", total)
        .with("resolved", resolved as i64));
    }
    Ok(resolved as usize)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn total_lines_examples_from_decision_1() {
        assert_eq!(total_lines(b""), 0);
        assert_eq!(total_lines(b"a"), 1);
        assert_eq!(total_lines(b"a\n"), 1);
        assert_eq!(total_lines(b"\n"), 1);
        assert_eq!(total_lines(b"a\nb"), 2);
        assert_eq!(total_lines(b"a\n\n"), 2);
        assert_eq!(total_lines(b"a\r\nb\r\n"), 2);
        assert_eq!(total_lines(b"a\rb"), 1);
    }

    #[test]
    fn spans_keep_terminators_apart() {
        let b = b"one\r\ntwo\nthree";
        let l = split_lines(b);
        assert_eq!(l.len(), 3);
        assert_eq!(&b[l[0].start..l[0].content_end], b"one");
        assert_eq!(&b[l[0].content_end..l[0].end], b"\r\n");
        assert_eq!(&b[l[1].start..l[1].content_end], b"two");
        assert_eq!(&b[l[2].start..l[2].content_end], b"three");
        assert!(!l[2].has_terminator());
        // a lone CR is content
        let l = split_lines(b"a\rb\n");
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].content_end, 3);
    }

    #[test]
    fn eol_detection() {
        assert_eq!(detect_eol(b""), Eol::Lf);
        assert_eq!(detect_eol(b"abc"), Eol::Lf);
        assert_eq!(detect_eol(b"a\r\nb\n"), Eol::CrLf);
        assert_eq!(detect_eol(b"a\nb\r\n"), Eol::Lf);
        assert_eq!(detect_eol(b"\r\n"), Eol::CrLf);
    }

    fn r(s: i64, e: i64, t: usize) -> Option<(usize, usize)> {
        resolve_range(s, e, t).ok().map(|r| (r.start, r.end))
    }

    #[test]
    fn range_examples() {
        assert_eq!(r(1, 3, 5), Some((1, 3)));
        assert_eq!(r(-2, 0, 5), Some((4, 6)));
        assert_eq!(r(5, 0, 5), Some((5, 6)));
        assert_eq!(r(1, 0, 5), Some((1, 6)));
        assert_eq!(r(0, 0, 5), Some((1, 6)));
        assert_eq!(r(0, 0, 0), Some((1, 1)));
        assert_eq!(r(-1, 0, 5), Some((5, 6)));
        assert_eq!(r(-3, 0, 5), Some((3, 6)));
        assert_eq!(r(2, 2, 5), Some((2, 2)));
        assert_eq!(r(6, 6, 5), Some((6, 6)));
        assert_eq!(r(7, 0, 5), None);
        assert_eq!(r(1, 7, 5), None);
        assert_eq!(r(-6, 0, 5), None);
        assert_eq!(r(3, 2, 5), None);
        assert_eq!(r(i64::MIN, i64::MAX, 5), None);
        let e = resolve_range(1, 9, 5).unwrap_err();
        assert_eq!(e.code, Code::InvalidRange);
        assert!(e.message.contains("5 lines"), "{}", e.message);
    }

    #[test]
    fn anchor_line_resolution() {
        assert_eq!(resolve_line(1, 3).unwrap(), 1);
        assert_eq!(resolve_line(-1, 3).unwrap(), 3);
        assert_eq!(resolve_line(-3, 3).unwrap(), 1);
        assert_eq!(resolve_line(0, 3).unwrap_err().code, Code::InvalidRange);
        assert_eq!(resolve_line(4, 3).unwrap_err().code, Code::InvalidRange);
        assert_eq!(resolve_line(-4, 3).unwrap_err().code, Code::InvalidRange);
        let e = resolve_line(1, 0).unwrap_err();
        assert!(e.message.contains("text.append"));
    }

    proptest! {
        #[test]
        fn spans_tile_the_file(s in "[ab\r\n]{0,40}") {
            let b = s.as_bytes();
            let lines = split_lines(b);
            prop_assert_eq!(lines.len(), total_lines(b));
            let mut pos = 0;
            for (i, l) in lines.iter().enumerate() {
                prop_assert_eq!(l.start, pos);
                prop_assert!(l.start <= l.content_end && l.content_end <= l.end);
                prop_assert!(!b[l.start..l.content_end].contains(&b'\n'));
                prop_assert_eq!(line_start_offset(b, i), l.start);
                pos = l.end;
            }
            prop_assert_eq!(pos, b.len());
            prop_assert_eq!(line_start_offset(b, lines.len()), b.len());
        }

        #[test]
        fn resolved_ranges_are_in_bounds(s in -20i64..20, e in -20i64..20, t in 0usize..15) {
            if let Ok(r) = resolve_range(s, e, t) {
                prop_assert!(1 <= r.start && r.start <= r.end && r.end <= t + 1);
            }
        }
    }
}
