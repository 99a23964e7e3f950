//! `text.replace`: replace a run of whole lines, verified against their current text.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde_json::Value;

use super::{Args, Ctx, EditOutput, annotations, edit_result, make_tool};
use crate::edit;
use crate::errors::ToolResult;
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of text.replace.
#[derive(Debug, JsonSchema)]
pub struct ReplaceInput {
    /// The text file to edit, e.g. "/notes/a.md".
    #[schemars(with = "String")]
    pub path: NormPath,
    /// The file's current SHA-256 `hash` from text.read or the previous edit. If the file
    /// changed since, nothing is edited (STALE_HASH) and you should read it again.
    pub hash: String,
    /// Line range [start, end) where `old` lies: 1-indexed, end exclusive, negative numbers
    /// count from the end (-1 = last line), 0 as end = to the end of the file.
    /// E.g. [3, 4] is line 3 only; [1, 0] searches the whole file.
    #[schemars(with = "[i64; 2]")]
    pub lines: (i64, i64),
    /// The exact current text of one or more consecutive whole lines inside `lines`,
    /// without their line endings (a single trailing newline is allowed). Must occur
    /// exactly once in the range. Use "\n" to match one empty line.
    pub old: String,
    /// The replacement lines. "" deletes the matched lines; "a\nb" puts two lines in
    /// their place. Line endings follow the file's style (LF or CRLF).
    pub new: String,
}

pub fn definition(name: &'static str) -> Tool {
    make_tool::<ReplaceInput, EditOutput>(
        name,
        "Replace lines",
        "Replace consecutive whole lines of a text file. `old` must be the exact current text \
         of those lines and lie inside the `lines` range; `hash` must be the file's current \
         hash. Returns the new `hash` and `total_lines`. One edit per call: re-check line \
         numbers with the returned hash for the next edit.",
        annotations("Replace lines", false, true, false),
    )
}

pub fn parse(args: &JsonObject) -> ToolResult<ReplaceInput> {
    let a = Args(args);
    let path = a.path()?;
    let hash = a.hash()?;
    let lines = a.lines("lines", true)?.expect("required");
    let old = a.string(
        "old",
        "the exact current text of the line(s) to replace, e.g. \"let x = 1;\"",
    )?;
    let new = a.string("new", "the replacement text (\"\" deletes the lines)")?;
    Ok(ReplaceInput {
        path,
        hash,
        lines,
        old: old.to_owned(),
        new: new.to_owned(),
    })
}

pub fn run(ctx: &Ctx, p: ReplaceInput) -> ToolResult<Value> {
    let (s, e) = p.lines;
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(|bytes| edit::replace(bytes, s, e, &p.old, &p.new).map(Some)),
    )?;
    Ok(edit_result(w))
}
