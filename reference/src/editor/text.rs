//! Pure text logic of the editor profile: lines, clamped positions and line ranges.
//!
//! A line ends after `\n`; a final newline ends the last line and does not start another
//! (ED-CLR-03), so "a\nb\n" has 2 lines and an empty text 0 (but position 1:1 exists).
//! Lines and columns are 1-based in requests and replies, as the seed's example round-trips
//! them (line 42, column 10 in, the same out); a column counts characters (Unicode scalar
//! values), and column n+1 is the end of a line of n characters.

/// The lines of `text`, each with its terminator.
pub fn lines(text: &str) -> Vec<&str> {
    text.split_inclusive('\n').collect()
}

/// A line without its terminator (`\n` or `\r\n`).
fn body(line: &str) -> &str {
    let l = line.strip_suffix('\n').unwrap_or(line);
    l.strip_suffix('\r').unwrap_or(l)
}

/// The position nearest to `(line, column)` that exists in `text` (seed: "Position out of
/// range: Clamp to valid range, return actual position"). Missing values mean 1.
pub fn clamp_position(text: &str, line: Option<i64>, column: Option<i64>) -> (u64, u64) {
    let ls = lines(text);
    let max_line = ls.len().max(1) as i64;
    let line = line.unwrap_or(1).clamp(1, max_line);
    let width = ls
        .get(line as usize - 1)
        .map(|l| body(l).chars().count())
        .unwrap_or(0) as i64;
    let column = column.unwrap_or(1).clamp(1, width + 1);
    (line as u64, column as u64)
}

/// Lines `start..=end` (1-based, inclusive, as the seed's `forward-line` arithmetic reads
/// them) and how many there are. A missing start is 1, a missing end the last line; a
/// start below 1 is 1, an end past the file the last line; a start past the end of the
/// file gives nothing. `None` when end < start (the caller says so).
pub fn slice(text: &str, start: Option<i64>, end: Option<i64>) -> Option<(String, usize)> {
    let ls = lines(text);
    let n = ls.len() as i64;
    let start = start.unwrap_or(1).max(1);
    let end = end.unwrap_or(n.max(start)).min(n.max(start));
    if end < start {
        return None;
    }
    if start > n {
        return Some((String::new(), 0));
    }
    let picked = &ls[(start - 1) as usize..end.min(n) as usize];
    Some((picked.concat(), picked.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_clamped() {
        let t = "abc\nde\nf";
        assert_eq!(clamp_position(t, None, None), (1, 1));
        assert_eq!(clamp_position(t, Some(2), Some(2)), (2, 2));
        assert_eq!(clamp_position(t, Some(99), Some(1)), (3, 1));
        assert_eq!(clamp_position(t, Some(1), Some(99)), (1, 4));
        assert_eq!(clamp_position(t, Some(0), Some(-5)), (1, 1));
        assert_eq!(clamp_position("a\nb\n", Some(9), None), (2, 1));
        assert_eq!(clamp_position("", Some(3), Some(3)), (1, 1));
        assert_eq!(clamp_position("héé\r\n", Some(1), Some(9)), (1, 4));
    }

    #[test]
    fn ranges_are_inclusive_and_clamped() {
        let t = "a\nb\nc\nd\n";
        assert_eq!(slice(t, None, None), Some((t.to_string(), 4)));
        assert_eq!(slice(t, Some(2), Some(3)), Some(("b\nc\n".into(), 2)));
        assert_eq!(slice(t, Some(3), None), Some(("c\nd\n".into(), 2)));
        assert_eq!(slice(t, None, Some(1)), Some(("a\n".into(), 1)));
        assert_eq!(slice(t, Some(0), Some(99)), Some((t.to_string(), 4)));
        assert_eq!(slice(t, Some(9), Some(12)), Some((String::new(), 0)));
        assert_eq!(slice(t, Some(3), Some(2)), None);
        assert_eq!(slice("", None, None), Some((String::new(), 0)));
        assert_eq!(slice("x", Some(1), Some(1)), Some(("x".into(), 1)));
    }
}
