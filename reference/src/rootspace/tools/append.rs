//! `text.append`: add lines at the end of a text file.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde_json::Value;

use super::{Args, Ctx, EditOutput, annotations, edit_result, make_tool};
use crate::edit;
use crate::errors::ToolResult;
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of text.append.
#[derive(Debug, JsonSchema)]
pub struct AppendInput {
    /// The text file to extend, e.g. "/notes/log.md".
    #[schemars(with = "String")]
    pub path: NormPath,
    /// The file's current SHA-256 `hash` from text.read or the previous edit.
    pub hash: String,
    /// The lines to add after the last line, e.g. "one\ntwo" (a trailing newline is
    /// optional; each added line ends with the file's line ending). If the file's last
    /// line has no line ending, one is added first. "" changes nothing.
    pub content: String,
}

pub fn definition(name: &'static str) -> Tool {
    make_tool::<AppendInput, EditOutput>(
        name,
        "Append lines",
        "Append lines at the end of a text file (also works on an empty file). `hash` must be \
         the file's current hash. Returns the new `hash` and `total_lines`.",
        annotations("Append lines", false, false, false),
    )
}

pub fn parse(args: &JsonObject) -> ToolResult<AppendInput> {
    let a = Args(args);
    let path = a.path()?;
    let hash = a.hash()?;
    let content = a.string("content", "the lines to append as a string, e.g. \"a\\nb\"")?;
    Ok(AppendInput {
        path,
        hash,
        content: content.to_owned(),
    })
}

pub fn run(ctx: &Ctx, p: AppendInput) -> ToolResult<Value> {
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(|bytes| Ok(edit::append(bytes, &p.content))),
    )?;
    Ok(edit_result(w))
}
