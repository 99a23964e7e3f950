//! `file.remove`: delete a file, guarded by the hash of its current content.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{Args, Ctx, annotations, make_tool, object};
use crate::errors::ToolResult;
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of file.remove.
#[derive(Debug, JsonSchema)]
pub struct RemoveInput {
    /// The file to delete, e.g. "/notes/old.md". Directories cannot be removed.
    #[schemars(with = "String")]
    pub path: NormPath,
    /// The file's current SHA-256 `hash` (64 hex digits) from text.read or file.create.
    /// If the file changed since, nothing is deleted and the error gives the current hash.
    pub hash: String,
}

/// Result of file.remove: an empty object.
#[derive(Serialize, JsonSchema)]
pub struct RemoveOutput {}

pub fn definition(name: &'static str) -> Tool {
    make_tool::<RemoveInput, RemoveOutput>(
        name,
        "Remove file",
        "Delete a file. `hash` must be the file's current hash (from text.read or \
         file.create); if the file has changed since, nothing is deleted (STALE_HASH). \
         Works on text and binary files, not on directories.",
        annotations("Remove file", false, true, false),
    )
}

pub fn parse(args: &JsonObject) -> ToolResult<RemoveInput> {
    let a = Args(args);
    Ok(RemoveInput {
        path: a.path()?,
        hash: a.hash()?,
    })
}

pub fn run(ctx: &Ctx, p: RemoveInput) -> ToolResult<Value> {
    ctx.storage.remove(&p.path, &p.hash)?;
    Ok(object(vec![]))
}
