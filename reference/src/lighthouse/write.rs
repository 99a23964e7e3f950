//! `write {path, content, createDirectories?}`: create or overwrite a file, atomically
//! and under its lock, with the content exactly as given (no newline added or changed).

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

use super::args::Args;
use super::codes::LhError;
use super::result::{annotations, tool};
use super::{Ctx, MAX_BYTES};
use crate::paths::NormPath;

pub fn definition() -> Tool {
    tool(
        "write",
        "Write file",
        "Create a file or replace a file's whole content. The write is atomic: readers see \
         the old or the new content, never a mix. Missing parent directories are an error \
         unless createDirectories is true.",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Path of the file to write, relative to the project root (e.g. \"src/new.ts\")."},
                "content": {"type": "string", "description": "The whole new content of the file, written exactly as given."},
                "createDirectories": {"type": "boolean", "description": "Create missing parent directories when true. Default: false."}
            },
            "required": ["path", "content"]
        }),
        json!({
            "path": {"type": "string", "description": "The path as given."},
            "bytesWritten": {"type": "number", "description": "Bytes written (UTF-8)."},
            "created": {"type": "boolean", "description": "True when the file did not exist before."}
        }),
        &["path", "bytesWritten", "created"],
        annotations("Write file", false, true, true),
    )
}

pub fn run(
    ctx: &Ctx,
    args: &JsonObject,
    resolved: &mut Option<NormPath>,
) -> Result<Value, LhError> {
    let a = Args(args);
    let given = a.string(
        "path",
        "a path relative to the project root, e.g. \"src/new.ts\"",
    )?;
    let content = a.string("content", "the file's whole content as a string")?;
    let make_parents = a.flag("createDirectories", false)?;
    let path = ctx.resolve(given, resolved)?;
    if path.is_root() {
        return Err(LhError::not_a_file(given));
    }
    if content.len() as u64 > MAX_BYTES {
        return Err(LhError::too_large(given, content.len() as u64));
    }
    let created = ctx
        .storage
        .write_file(&path, content.as_bytes(), make_parents)
        .map_err(|e| LhError::from_storage(e, given, true))?;
    Ok(json!({"path": given, "bytesWritten": content.len(), "created": created}))
}
