//! `text.append`: add lines at the end of a text file.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::{Args, Ctx, EditOutput, annotations, edit_result, make_tool};
use crate::edit;
use crate::errors::ToolResult;
use crate::paths::NormPath;

/// Arguments of text.append.
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // parsed by hand in `parse`; the struct defines the input schema
pub struct AppendInput {
    /// The text file to extend, e.g. "/notes/log.md".
    pub path: String,
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

pub struct Parsed {
    pub path: NormPath,
    pub hash: String,
    pub content: String,
}

pub fn parse(args: &JsonObject) -> ToolResult<Parsed> {
    let a = Args(args);
    let path = a.path()?;
    let hash = a.hash()?;
    let content = a.string("content", "the lines to append as a string, e.g. \"a\\nb\"")?;
    Ok(Parsed {
        path,
        hash,
        content: content.to_owned(),
    })
}

pub fn run(ctx: &Ctx, p: Parsed) -> ToolResult<Value> {
    let w = ctx.storage.mutate_text(
        &p.path,
        &p.hash,
        Box::new(|bytes| Ok(edit::append(bytes, &p.content))),
    )?;
    Ok(edit_result(w))
}
