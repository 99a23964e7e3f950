//! `text.read`: return a file's text (whole or a line range), its hash and line count.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{Args, Ctx, annotations, make_tool, object};
use crate::errors::ToolResult;
use crate::limits::MAX_REPLY_TEXT;
use crate::lines;
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of text.read.
#[derive(Debug, JsonSchema)]
pub struct ReadInput {
    /// The text file to read, e.g. "/notes/a.md" (leading "/" optional; it means the
    /// root, not the OS root).
    #[schemars(with = "String")]
    pub path: NormPath,
    /// Optional line range [start, end): 1-indexed, end exclusive. Negative numbers count
    /// from the end (-1 = last line); 0 as end means "to the end of the file" and 0 as
    /// start means "from line 1". Examples: [1, 3] = lines 1 and 2; [5, 0] = line 5 to
    /// the end; [-2, 0] = the last two lines. Omit it to read the whole file.
    #[schemars(with = "Option<[i64; 2]>")]
    pub lines: Option<(i64, i64)>,
}

/// Result of text.read.
#[derive(Serialize, JsonSchema)]
pub struct ReadOutput {
    /// The exact text of the requested lines including their line terminators (the whole
    /// file when `lines` is omitted).
    pub content: String,
    /// SHA-256 (64 lowercase hex digits) of the whole file, even when a range was read.
    /// Pass it as `hash` to the next edit of this file.
    pub hash: String,
    /// Number of lines in the whole file ("" has 0, "a\n" has 1, "a\nb" has 2).
    pub total_lines: usize,
}

pub fn definition(name: &'static str) -> Tool {
    make_tool::<ReadInput, ReadOutput>(
        name,
        "Read text file",
        "Read a UTF-8 text file, whole or a range of lines, and get the file's `hash` (needed \
         by every edit) and `total_lines`. Lines are 1-indexed; `lines` is [start, end) with \
         end exclusive, negative numbers counting from the end and 0 meaning an open end.",
        annotations("Read text file", true, false, true),
    )
}

pub fn parse(args: &JsonObject) -> ToolResult<ReadInput> {
    let a = Args(args);
    Ok(ReadInput {
        path: a.path()?,
        lines: a.lines("lines", false)?,
    })
}

/// Files up to this size are read on the calling (async) thread: a thread hop costs more
/// than the read itself. Larger ones go to the blocking pool.
pub const INLINE_MAX: u64 = 256 * 1024;

/// Runs text.read, inline for small files and on the blocking pool for large ones.
pub async fn run_adaptive(ctx: std::sync::Arc<Ctx>, p: ReadInput) -> ToolResult<Value> {
    let (file, len) = ctx.storage.open_file(&p.path)?;
    if len <= INLINE_MAX {
        let data = ctx.storage.read_opened(&p.path, file, len)?;
        let text = crate::sandbox::Sandbox::into_text(&p.path, data)?;
        return finish(p, text);
    }
    tokio::task::spawn_blocking(move || {
        let data = ctx.storage.read_opened(&p.path, file, len)?;
        let text = crate::sandbox::Sandbox::into_text(&p.path, data)?;
        finish(p, text)
    })
    .await
    .unwrap_or_else(|e| {
        Err(crate::errors::ToolError::new(
            crate::errors::Code::IoError,
            format!("The read was interrupted ({e}); retry it."),
        ))
    })
}

/// Runs text.read on the current thread.
pub fn run(ctx: &Ctx, p: ReadInput) -> ToolResult<Value> {
    let text = crate::sandbox::Sandbox::into_text(&p.path, ctx.storage.read(&p.path)?)?;
    finish(p, text)
}

/// How much of a requested text fits one reply: the lines from its first one that fit,
/// or, when that first line alone is over the cap, its size.
enum Fit {
    Lines(usize),
    LineTooLong { bytes: usize, escaped: usize },
}

/// Measures the lines of `content` from its start against `MAX_REPLY_TEXT` (the quotes
/// and the rest of the reply are small next to the margin of a few hundred bytes).
fn first_fit(content: &str) -> Fit {
    let budget = MAX_REPLY_TEXT - 1024;
    let mut used = 0;
    for (i, line) in content.split_inclusive('\n').enumerate() {
        let escaped = crate::json::str_len(line) - 2;
        if used + escaped > budget {
            return if i == 0 {
                Fit::LineTooLong {
                    bytes: line.len(),
                    escaped,
                }
            } else {
                Fit::Lines(i)
            };
        }
        used += escaped;
    }
    Fit::Lines(content.split_inclusive('\n').count())
}

/// The error for a read whose reply would exceed `MAX_REPLY_TEXT`: a range that fits, or,
/// for a line too long for any reply (a minified file, one huge line), that text.read
/// cannot return it, since it has line ranges and no byte ranges.
fn reply_too_large(
    path: &NormPath,
    (content, first_line, escaped): (&str, usize, usize),
    (hash, total_lines): (String, usize),
) -> crate::errors::ToolError {
    let head = format!(
        "The requested text of {path} is too large for one reply: {} bytes ({escaped} as \
         JSON), over the limit of {MAX_REPLY_TEXT} bytes as JSON per reply.",
        content.len()
    );
    let e = match first_fit(content) {
        Fit::Lines(n) => {
            let end = first_line + n;
            crate::errors::ToolError::new(
                crate::errors::Code::TooLarge,
                format!(
                    "{head} Read it in parts with `lines`: [{first_line}, {end}] fits, then \
                     go on from line {end}; the file has {total_lines} lines and its hash is \
                     {hash} (valid for edits without reading it all)."
                ),
            )
            .with("suggested_lines", serde_json::json!([first_line, end]))
        }
        Fit::LineTooLong { bytes, escaped } => crate::errors::ToolError::new(
            crate::errors::Code::TooLarge,
            format!(
                "{head} Line {first_line} alone is {bytes} bytes ({escaped} as JSON), and \
                 text.read returns whole lines only, so that line cannot be read through this \
                 interface, whole or in parts. The file has {total_lines} lines and its hash is \
                 {hash}: edits that do not need that line's text (text.append, or text.insert \
                 and text.replace on other lines) work with that hash."
            ),
        )
        .with("line_too_long", first_line),
    };
    e.with("path", path.display())
        .with("total_lines", total_lines)
        .with("hash", hash)
}

fn finish(p: ReadInput, (text, hash): (String, String)) -> ToolResult<Value> {
    let bytes = text.as_bytes();
    let total = lines::total_lines(bytes);
    let mut first_line = 1;
    let content = match p.lines {
        None => text,
        Some((s, e)) => {
            let r = lines::resolve_range(s, e, total)?;
            first_line = r.start;
            if r.start == 1 && r.end == total + 1 {
                text
            } else {
                let from = lines::line_start_offset(bytes, r.start - 1);
                let to = from + lines::line_start_offset(&bytes[from..], r.end - r.start);
                // Line boundaries follow `\n`, so the slice is valid UTF-8.
                text[from..to].to_owned()
            }
        }
    };
    // Bounded replies (CLR-033): JSON text beyond the cap is refused with the way to read
    // it in parts, instead of a reply many times the file's size.
    let escaped = crate::json::str_len(&content);
    if escaped > MAX_REPLY_TEXT {
        return Err(reply_too_large(
            &p.path,
            (&content, first_line, escaped),
            (hash, total),
        ));
    }
    Ok(object(vec![
        ("content", Value::String(content)),
        ("hash", Value::String(hash)),
        ("total_lines", Value::from(total)),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(lines: Option<(i64, i64)>) -> ReadInput {
        ReadInput {
            path: crate::paths::normalize("/c.txt", false).unwrap(),
            lines,
        }
    }

    #[test]
    fn replies_over_the_cap_are_refused_with_a_range_that_fits() {
        // Control characters escape to six bytes each: 6 MiB of text is 28 MiB as JSON.
        let text = "\u{1}\u{2}\n".repeat(2 << 20);
        let Err(e) = finish(parsed(None), (text.clone(), "ab".into())) else {
            panic!("a 28 MiB reply was not refused");
        };
        assert_eq!(e.code, crate::errors::Code::TooLarge);
        assert_eq!(e.details["total_lines"], 2 << 20);
        assert_eq!(e.details["hash"], "ab");
        assert!(e.message.contains("`lines`"), "{}", e.message);
        let end = e.details["suggested_lines"][1].as_i64().unwrap();
        let Ok(ok) = finish(parsed(Some((1, end))), (text, "ab".into())) else {
            panic!("the suggested range [1, {end}] was refused too");
        };
        assert!(crate::json::str_len(ok["content"].as_str().unwrap_or("")) <= MAX_REPLY_TEXT);
    }

    #[test]
    fn the_suggested_range_is_the_largest_that_fits_from_the_requested_line() {
        // Lines of just over 1 MiB as JSON: sixteen exceed the cap, fifteen fit.
        let line = format!("{}\n", "\u{1}".repeat((1 << 20) / 6 + 10));
        let text = line.repeat(40);
        let Err(e) = finish(parsed(Some((3, 0))), (text.clone(), "ab".into())) else {
            panic!("38 MiB was not refused");
        };
        let range = e.details["suggested_lines"].clone();
        assert_eq!(range[0], 3, "{}", e.message);
        let end = range[1].as_i64().unwrap();
        assert!(finish(parsed(Some((3, end))), (text.clone(), "ab".into())).is_ok());
        assert!(finish(parsed(Some((3, end + 1))), (text, "ab".into())).is_err());
    }

    #[test]
    fn a_line_too_long_for_any_reply_is_not_offered_line_ranges() {
        // One line of 20 MiB of control characters: no range of lines can help.
        let text = "\u{1}".repeat(20 << 20);
        let Err(e) = finish(parsed(None), (text, "ab".into())) else {
            panic!("a 120 MiB reply was not refused");
        };
        assert_eq!(e.code, crate::errors::Code::TooLarge);
        assert_eq!(e.details["line_too_long"], 1);
        assert!(e.details.get("suggested_lines").is_none(), "{}", e.message);
        assert!(e.message.contains("cannot be read"), "{}", e.message);
        assert_eq!(e.details["hash"], "ab");
    }
}
