//! `file.remove`: delete a file, guarded by the hash of its current content.

use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{Args, Ctx, annotations, make_tool, object};
use crate::errors::ToolResult;
use crate::paths::NormPath;

/// Arguments of file.remove.
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // parsed by hand in `parse`; the struct defines the input schema
pub struct RemoveInput {
    /// The file to delete, e.g. "/notes/old.md". Directories cannot be removed.
    pub path: String,
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

pub struct Parsed {
    pub path: NormPath,
    pub hash: String,
}

pub fn parse(args: &JsonObject) -> ToolResult<Parsed> {
    let a = Args(args);
    Ok(Parsed {
        path: a.path()?,
        hash: a.hash()?,
    })
}

pub fn run(ctx: &Ctx, p: Parsed) -> ToolResult<Value> {
    ctx.storage.remove(&p.path, &p.hash)?;
    Ok(object(vec![]))
}
