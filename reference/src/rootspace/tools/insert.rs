//! `text.insert`: insert lines before an anchor line, verified against its current text.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde_json::Value;

use super::{Args, Ctx, EditOutput, annotations, edit_result, make_tool};
use crate::edit;
use crate::errors::ToolResult;
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of text.insert.
#[derive(Debug, JsonSchema)]
pub struct InsertInput {
    /// The text file to edit, e.g. "/notes/a.md".
    #[schemars(with = "String")]
    pub path: NormPath,
    /// The file's current SHA-256 `hash` from text.read or the previous edit.
    pub hash: String,
    /// The anchor line number: the new lines go in before this line. 1-indexed; negative
    /// counts from the end (-1 = last line); 0 is not a line. To add after the last line
    /// use text.append.
    pub line: i64,
    /// The exact current text of the anchor line (without its line ending), as a check
    /// that `line` points where you think.
    pub anchor: String,
    /// The lines to insert, e.g. "first\nsecond" (a trailing newline is optional).
    /// Line endings follow the file's style.
    pub content: String,
}

pub fn definition(name: &'static str) -> Tool {
    make_tool::<InsertInput, EditOutput>(
        name,
        "Insert lines",
        "Insert lines before an anchor line of a text file. `anchor` must be the exact current \
         text of line `line`; `hash` must be the file's current hash. Returns the new `hash` \
         and `total_lines`. Use text.append to add at the end.",
        annotations("Insert lines", false, false, false),
    )
}

pub fn parse(args: &JsonObject) -> ToolResult<InsertInput> {
    let a = Args(args);
    let path = a.path()?;
    let hash = a.hash()?;
    let line = a.int(
        "line",
        "an integer line number, e.g. 3 (or -1 for the last line)",
    )?;
    let anchor = a.string("anchor", "the exact current text of that line")?;
    let content = a.string("content", "the lines to insert as a string, e.g. \"a\\nb\"")?;
    Ok(InsertInput {
        path,
        hash,
        line,
        anchor: anchor.to_owned(),
        content: content.to_owned(),
    })
}

pub fn run(ctx: &Ctx, p: InsertInput) -> ToolResult<Value> {
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(|bytes| edit::insert(bytes, p.line, &p.anchor, &p.content).map(Some)),
    )?;
    Ok(edit_result(w))
}
