//! `read {path, startLine?, endLine?}`: a file's text, whole or a slice of lines.
//! Lines are 0-indexed, `startLine` inclusive, `endLine` exclusive (LH-CLR-04): an end
//! past the file is clamped, and a start at or after the end gives empty content.

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

use super::args::Args;
use super::codes::LhError;
use super::result::{annotations, tool};
use super::{Ctx, MAX_BYTES, WARN_BYTES};
use crate::lines;
use crate::paths::NormPath;

pub fn definition() -> Tool {
    tool(
        "read",
        "Read file",
        "Read a UTF-8 text file of the project, whole or a range of lines. Lines are \
         0-indexed: startLine is inclusive, endLine exclusive. Returns the content, the \
         number of lines returned and the file's total number of lines.",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Path of the file, relative to the project root (e.g. \"src/index.ts\")."},
                "startLine": {"type": "number", "description": "First line to return, 0-indexed and inclusive. Omit it to start at the beginning."},
                "endLine": {"type": "number", "description": "Line to stop before, 0-indexed and exclusive. Omit it to read to the end of the file."}
            },
            "required": ["path"]
        }),
        json!({
            "path": {"type": "string", "description": "The path as given."},
            "content": {"type": "string", "description": "The selected lines, with their line terminators."},
            "lineCount": {"type": "number", "description": "Number of lines in content."},
            "totalLines": {"type": "number", "description": "Number of lines in the whole file."},
            "warning": {"type": "string", "description": "Present for files over 5 MB."}
        }),
        &["path", "content", "lineCount", "totalLines"],
        annotations("Read file", true, false, true),
    )
}

/// The lines `[start, end)` of `text` (end clamped to the file), their count, and the
/// file's total line count.
pub fn slice(text: &str, start: Option<u64>, end: Option<u64>) -> (&str, usize, usize) {
    let total = lines::total_lines(text.as_bytes());
    let clamp = |n: u64| usize::try_from(n).unwrap_or(usize::MAX).min(total);
    let s = start.map_or(0, clamp);
    let e = end.map_or(total, clamp);
    if s >= e {
        return ("", 0, total);
    }
    let bytes = text.as_bytes();
    let from = lines::line_start_offset(bytes, s);
    let to = from + lines::line_start_offset(&bytes[from..], e - s);
    // Line boundaries follow `\n`, so the slice is valid UTF-8.
    (&text[from..to], e - s, total)
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
    let start = a.line("startLine")?;
    let end = a.line("endLine")?;
    let path = ctx.resolve(given, resolved)?;
    if path.is_root() {
        return Err(LhError::not_a_file(given));
    }
    let storage_err = |e| LhError::from_storage(e, given, false);
    let (file, len) = ctx.storage.open_file(&path).map_err(storage_err)?;
    if len > MAX_BYTES {
        return Err(LhError::too_large(given, len));
    }
    let data = ctx
        .storage
        .read_opened(&path, file, len)
        .map_err(storage_err)?;
    let size = data.bytes.len() as u64;
    if size > MAX_BYTES {
        return Err(LhError::too_large(given, size));
    }
    let text = String::from_utf8(data.bytes).map_err(|_| LhError::not_text(given))?;
    let (content, count, total) = slice(&text, start, end);
    let mut out = json!({
        "path": given,
        "content": content,
        "lineCount": count,
        "totalLines": total,
    });
    if size > WARN_BYTES {
        out["warning"] = Value::String(large_file_warning(size, total));
    }
    Ok(out)
}

/// The warning on a read of a file over 5 MB: read it in parts, unless it is one line,
/// which no line range can make smaller.
fn large_file_warning(size: u64, total_lines: usize) -> String {
    if total_lines <= 1 {
        format!(
            "This file is {size} bytes in a single line, over 5 MB. Line ranges cannot split \
             it, so it is always returned whole; change it with the edit tool rather than \
             reading it again."
        )
    } else {
        format!(
            "This file is {size} bytes, over 5 MB; to keep replies small, read it in parts \
             with startLine and endLine (it has {total_lines} lines)."
        )
    }
}

#[cfg(test)]
mod tests {
    use super::slice;

    #[test]
    fn zero_indexed_end_exclusive() {
        let t = "l0\nl1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\n";
        assert_eq!(slice(t, Some(2), Some(5)), ("l2\nl3\nl4\n", 3, 10));
        assert_eq!(slice(t, None, None), (t, 10, 10));
        assert_eq!(slice(t, Some(9), None), ("l9\n", 1, 10));
        assert_eq!(slice(t, None, Some(1)), ("l0\n", 1, 10));
    }

    #[test]
    fn clamping_and_empty_ranges() {
        let t = "a\nb\nc";
        assert_eq!(slice(t, Some(1), Some(99)), ("b\nc", 2, 3));
        assert_eq!(slice(t, Some(2), Some(2)), ("", 0, 3));
        assert_eq!(slice(t, Some(3), Some(1)), ("", 0, 3));
        assert_eq!(slice(t, Some(7), None), ("", 0, 3));
        assert_eq!(slice(t, Some(u64::MAX), Some(u64::MAX)), ("", 0, 3));
        assert_eq!(slice("", None, None), ("", 0, 0));
        assert_eq!(slice("a\nb\n", None, None), ("a\nb\n", 2, 2));
    }

    #[test]
    fn one_line_files_are_not_advised_line_ranges() {
        let one = super::large_file_warning(6 << 20, 1);
        assert!(
            !one.contains("startLine") && one.contains("single line"),
            "{one}"
        );
        let many = super::large_file_warning(6 << 20, 1000);
        assert!(
            many.contains("startLine") && many.contains("1000 lines"),
            "{many}"
        );
    }

    #[test]
    fn terminators_are_kept_exactly() {
        let t = "a\r\nb\r\nc\r\n";
        assert_eq!(slice(t, Some(1), Some(2)), ("b\r\n", 1, 3));
        assert_eq!(slice("é\nü\n", Some(1), None), ("ü\n", 1, 2));
    }
}
