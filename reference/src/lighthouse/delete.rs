//! `delete {path, recursive?}`: remove a file, a symlink (the link, never its target) or a
//! directory; a non-empty directory only with `recursive: true`. A tree is removed without
//! following any symlink in it.

use rmcp::model::{JsonObject, Tool};
use serde_json::{Value, json};

use super::Ctx;
use super::args::Args;
use super::codes::{LhCode, LhError};
use super::result::{annotations, tool};
use crate::paths::NormPath;

pub fn definition() -> Tool {
    tool(
        "delete",
        "Delete file or directory",
        "Delete a file or a directory of the project. A directory that is not empty needs \
         recursive: true, which deletes everything in it. Symlinks are removed as links; \
         what they point to stays. This cannot be undone.",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "Path of the file or directory to delete, relative to the project root."},
                "recursive": {"type": "boolean", "description": "Must be true to delete a directory that is not empty, with all its contents. Default: false."}
            },
            "required": ["path"]
        }),
        json!({
            "path": {"type": "string", "description": "The path as given."},
            "type": {"type": "string", "enum": ["file", "directory"], "description": "What was deleted (a symlink counts as a file)."},
            "itemsDeleted": {"type": "number", "description": "Entries removed: 1 for a file; for a directory, everything in it plus itself."}
        }),
        &["path", "type", "itemsDeleted"],
        annotations("Delete file or directory", false, true, false),
    )
}

fn root_refused(given: &str) -> LhError {
    LhError::new(
        LhCode::InvalidPath,
        format!(
            "The path {given:?} names the project root, and the project root cannot be deleted."
        ),
        "Pass the path of a file or directory inside the project.",
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
        "a path relative to the project root, e.g. \"old/notes.txt\"",
    )?;
    let recursive = a.flag("recursive", false)?;
    if given.is_empty() {
        return Err(root_refused(given));
    }
    let path = ctx.resolve(given, resolved)?;
    if path.is_root() {
        return Err(root_refused(given));
    }
    let d = ctx
        .storage
        .delete(&path, recursive)
        .map_err(|e| LhError::from_storage(e, given, false))?;
    Ok(json!({
        "path": given,
        "type": if d.directory { "directory" } else { "file" },
        "itemsDeleted": d.items,
    }))
}
