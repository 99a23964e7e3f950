//! create_directory (FS-DIR-001), list_directory (FS-DIR-002) and
//! list_directory_with_sizes (FS-DIR-003). Entries are in name order (the official server
//! shows them in the order the OS returns); a symlink is shown as [FILE], as there.

use std::borrow::Cow;
use std::fmt::Write;

use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::json;

use super::Ctx;
use super::args::Args;
use super::result::{self, explain};
use crate::errors::{Code, ToolError};
use crate::limits::MAX_REPLY;
use crate::paths::NormPath;
use crate::sandbox::{Entry, EntryKind};

pub const CREATE: &str = "create_directory";
pub const LIST: &str = "list_directory";
pub const LIST_SIZES: &str = "list_directory_with_sizes";

pub fn definitions() -> [Tool; 3] {
    [
        result::definition(
            CREATE,
            "Create Directory",
            "Create a new directory or ensure a directory exists. Can create multiple nested \
             directories in one operation. If the directory already exists, this operation \
             will succeed silently. Only works within allowed directories.",
            result::path_only(),
            result::text_output(),
            false,
        ),
        result::definition(
            LIST,
            "List Directory",
            "Get a detailed listing of all files and directories in a specified path. Results \
             clearly distinguish between files and directories with [FILE] and [DIR] prefixes. \
             Only works within allowed directories.",
            result::path_only(),
            result::text_output(),
            true,
        ),
        result::definition(
            LIST_SIZES,
            "List Directory with Sizes",
            "Get a detailed listing of all files and directories in a specified path, including \
             sizes. Results clearly distinguish between files and directories with [FILE] and \
             [DIR] prefixes. Only works within allowed directories.",
            json!({"type": "object", "properties": {
                "path": {"type": "string"},
                "sortBy": {"type": "string", "enum": ["name", "size"], "default": "name", "description": "Sort entries by name or size"}
            }, "required": ["path"]}),
            result::text_output(),
            true,
        ),
    ]
}

pub fn prefix(kind: EntryKind) -> &'static str {
    if kind == EntryKind::Directory {
        "[DIR]"
    } else {
        "[FILE]"
    }
}

/// A name (or path) as one line of a listing or search result shows it (FS-CLR-11): as it
/// is, unless it holds a character that could end the line or fake another (a control
/// character, U+2028, U+2029) or starts with a double quote. Such a name is shown as a JSON
/// string, quoted and escaped, so one entry is always one line, and a line whose name
/// starts with a quote always holds an escaped name (no plain name starts with one).
pub fn shown(name: &str) -> Cow<'_, str> {
    if !name.starts_with('"') && !name.chars().any(breaks_line) {
        return Cow::Borrowed(name);
    }
    let mut out = String::with_capacity(name.len() + 8);
    out.push('"');
    for c in name.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            // Written in place: a name of many control characters costs no allocation each.
            c if breaks_line(c) => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    Cow::Owned(out)
}

/// Characters that may end a line, or move the cursor, where a listing is shown.
fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

/// The entries of a directory, in byte order of the name.
pub fn entries(
    ctx: &Ctx,
    given: &str,
) -> Result<(super::allowed::Resolved, Vec<Entry>), ToolError> {
    let r = ctx.resolve(given)?;
    let mut list = r.storage().list(&r.path).map_err(|e| explain(e, given))?;
    list.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
    Ok((r, list))
}

pub fn run_create(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let given = Args(args).str("path")?;
    let r = ctx.resolve(given)?;
    r.storage()
        .make_dir(&r.path)
        .map_err(|e| explain(e, given))?;
    Ok(result::text(format!(
        "Successfully created directory {given}"
    )))
}

pub fn run_list(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let given = Args(args).str("path")?;
    let (_, list) = entries(ctx, given)?;
    let mut out = Listing::new(given);
    for e in &list {
        out.push(&format!("{} {}", prefix(e.kind), shown(&e.name)))?;
    }
    Ok(result::text(out.text))
}

/// A listing's text, built line by line and measured as JSON while it grows: a directory
/// of many long names (escaped ones grow again in JSON) is refused with advice once its
/// reply would pass `MAX_REPLY`, before the rest is built (CLR-033).
struct Listing<'a> {
    given: &'a str,
    text: String,
    /// The text's length as a JSON string.
    json: usize,
    entries: usize,
}

impl<'a> Listing<'a> {
    fn new(given: &'a str) -> Self {
        Listing {
            given,
            text: String::new(),
            json: 2,
            entries: 0,
        }
    }

    /// Adds a line (after a line break unless it is the first; a first empty line counts).
    fn push(&mut self, line: &str) -> Result<(), ToolError> {
        let sep = usize::from(self.entries > 0);
        // A line break is two bytes in JSON (`\n`); the line without its quotes.
        self.json += 2 * sep + crate::json::str_len(line) - 2;
        if self.json > MAX_REPLY {
            return Err(self.too_large());
        }
        if sep == 1 {
            self.text.push('\n');
        }
        self.text.push_str(line);
        self.entries += 1;
        Ok(())
    }

    fn too_large(&self) -> ToolError {
        ToolError::new(
            Code::TooLarge,
            format!(
                "The listing of {} would pass {MAX_REPLY} bytes ({} MiB) as JSON after {} \
                 entries (escaped names grow). List its subdirectories, or find the names \
                 you need with search_files and a pattern.",
                self.given,
                MAX_REPLY >> 20,
                self.entries
            ),
        )
        .with("path", self.given)
    }
}

/// Sizes as the official server writes them: `512 B`, `1.50 KB`, ...
pub fn format_size(bytes: u64) -> String {
    const UNITS: [&str; 5] = ["B", "KB", "MB", "GB", "TB"];
    if bytes == 0 {
        return "0 B".into();
    }
    let i = ((bytes as f64).ln() / 1024f64.ln()).floor() as usize;
    if i == 0 {
        return format!("{bytes} B");
    }
    let i = i.min(UNITS.len() - 1);
    format!("{:.2} {}", bytes as f64 / 1024f64.powi(i as i32), UNITS[i])
}

pub fn run_list_sizes(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let by_size = a.sort_by_size()?;
    let (r, list) = entries(ctx, given)?;
    let mut sized: Vec<(&Entry, u64)> = list
        .iter()
        .map(|e| {
            let size = if e.kind == EntryKind::Directory {
                0
            } else {
                let mut segs = r.path.segments().to_vec();
                segs.push(e.name.clone());
                NormPath::from_plain_segments(segs)
                    .and_then(|p| r.storage().stat(&p).ok())
                    .map_or(0, |m| m.size)
            };
            (e, size)
        })
        .collect();
    if by_size {
        sized.sort_by_key(|e| std::cmp::Reverse(e.1));
    }
    let mut out = Listing::new(given);
    for (e, size) in &sized {
        let size_text = if e.kind == EntryKind::Directory {
            String::new()
        } else {
            format_size(*size)
        };
        out.push(&format!(
            "{} {:<30} {:>10}",
            prefix(e.kind),
            shown(&e.name),
            size_text
        ))?;
    }
    let files = sized
        .iter()
        .filter(|(e, _)| e.kind != EntryKind::Directory)
        .count();
    let total: u64 = sized.iter().map(|(_, s)| s).sum();
    out.push("")?;
    out.push(&format!(
        "Total: {files} files, {} directories",
        sized.len() - files
    ))?;
    out.push(&format!("Combined size: {}", format_size(total)))?;
    Ok(result::text(out.text))
}

#[cfg(test)]
mod tests {
    /// A listing is the lines joined by line breaks, as before it was measured, and its
    /// measure is its JSON length; past the cap it is refused with advice.
    #[test]
    fn listings_are_joined_lines_measured_as_json() {
        for lines in [
            vec![],
            vec!["a"],
            vec!["", "Total: 0", "x"],
            vec!["[FILE] \"\\u0001\"", ""],
        ] {
            let mut out = super::Listing::new("/d");
            lines.iter().for_each(|l| out.push(l).unwrap());
            assert_eq!(out.text, lines.join("\n"));
            assert_eq!(out.json, crate::json::str_len(&out.text));
        }
        let mut out = super::Listing::new("/d");
        let line = "\u{1}".repeat(1 << 20);
        let e = (0..7).try_for_each(|_| out.push(&line)).unwrap_err();
        assert!(e.message.contains("after 5 entries"), "{}", e.message);
        assert!(e.message.contains("subdirectories"), "{}", e.message);
    }

    #[test]
    fn names_that_would_break_a_line_are_shown_quoted_and_escaped() {
        use super::shown;
        assert_eq!(shown("plain name.txt"), "plain name.txt");
        assert_eq!(shown("a\"b"), "a\"b");
        assert_eq!(shown("evil\n[DIR] injected"), r#""evil\n[DIR] injected""#);
        assert_eq!(shown("\"quoted\""), r#""\"quoted\"""#);
        assert_eq!(
            shown("cr\rtab\tesc\u{1b}del\u{7f}ls\u{2028}\\"),
            r#""cr\rtab\tesc\u001bdel\u007fls\u2028\\""#
        );
    }

    use super::format_size;

    #[test]
    fn sizes_read_like_the_official_server() {
        assert_eq!(format_size(0), "0 B");
        assert_eq!(format_size(5), "5 B");
        assert_eq!(format_size(1536), "1.50 KB");
        assert_eq!(format_size(10 * 1024 * 1024), "10.00 MB");
    }
}
