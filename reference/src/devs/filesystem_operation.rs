//! `filesystem_operation {action: read|write|list|move, path, content?, destination?}` →
//! `{ok, data?, bytesRead?}`: the seed's one tool for four file operations, each through
//! the shared storage (cap-std root, atomic writes, per-file locks).
//!
//! read: the file's UTF-8 text and its byte count, refused above 512,000 bytes on the
//! file's size and again on the bytes read (DV-CLR-02). write: atomic, parents created
//! (DV-CLR-03, DV-CLR-04). list: bare names sorted by their bytes (DV-CLR-06). move:
//! never replaces anything, parents created (DV-CLR-05).

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::args::{Args, invalid};
use super::codes::DvError;
use super::result::tool;
use super::{Ctx, READ_LIMIT};

pub const NAME: &str = "filesystem_operation";

/// The four actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Read,
    Write,
    List,
    Move,
}

impl Action {
    pub fn parse(s: &str) -> Option<Action> {
        Some(match s {
            "read" => Action::Read,
            "write" => Action::Write,
            "list" => Action::List,
            "move" => Action::Move,
            _ => return None,
        })
    }
}

pub fn definition() -> Tool {
    tool(
        NAME,
        "File operation",
        "Read, write, list or move files of the project. read returns a UTF-8 file's text \
         (data) and its size in bytes (bytesRead); files over 500 KB (512,000 bytes) are \
         refused. write creates or replaces a whole file atomically with content, making \
         missing directories. list returns the names in a directory (path \".\" is the \
         root). move renames path to destination, never replacing an existing entry. Paths \
         are relative to the project root.",
        json!({
            "type": "object",
            "properties": {
                "action": {"type": "string", "enum": ["read", "write", "list", "move"], "description": "What to do."},
                "path": {"type": "string", "description": "The file or directory, relative to the project root (e.g. \"src/index.ts\"; \".\" is the root)."},
                "content": {"type": "string", "description": "write: the whole new content of the file, stored exactly as given."},
                "destination": {"type": "string", "description": "move: the new path, relative to the project root; it must not exist yet."}
            },
            "required": ["action", "path"]
        }),
        json!({
            "data": {
                "description": "read: the file's text; list: the entry names.",
                "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
            },
            "bytesRead": {"type": "number", "description": "read: the file's size in bytes."}
        }),
        ToolAnnotations::with_title("File operation")
            .read_only(false)
            .destructive(true)
            .idempotent(false)
            .open_world(false),
    )
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<Value, DvError> {
    let a = Args(args);
    const ACTIONS: &str = "one of \"read\", \"write\", \"list\", \"move\"";
    let action = a.string("action", ACTIONS)?;
    let action = Action::parse(action)
        .ok_or_else(|| invalid("action", &format!("{action:?} is not an action"), ACTIONS))?;
    let given = a.string(
        "path",
        "a path relative to the project root, e.g. \"src/index.ts\"",
    )?;
    let path = ctx.resolve(given, "path")?;
    let storage_err = |e| DvError::from_storage(e, given);
    match action {
        Action::Read => {
            if path.is_root() {
                return Err(DvError::not_a_file(given));
            }
            let (file, len) = ctx.storage.open_file(&path).map_err(storage_err)?;
            if len > READ_LIMIT {
                return Err(DvError::too_large(given, len));
            }
            let data = ctx
                .storage
                .read_opened(&path, file, len)
                .map_err(storage_err)?;
            let size = data.bytes.len() as u64;
            if size > READ_LIMIT {
                return Err(DvError::too_large(given, size));
            }
            let text = String::from_utf8(data.bytes).map_err(|_| DvError::not_text(given))?;
            Ok(json!({"ok": true, "data": text, "bytesRead": size}))
        }
        Action::Write => {
            let content = a.string("content", "the file's whole content as a string")?;
            if path.is_root() {
                return Err(DvError::not_a_file(given));
            }
            ctx.storage
                .write_file(&path, content.as_bytes(), true)
                .map_err(storage_err)?;
            Ok(json!({"ok": true}))
        }
        Action::List => {
            let mut names: Vec<String> = ctx
                .storage
                .list(&path)
                .map_err(storage_err)?
                .into_iter()
                .map(|e| e.name)
                .collect();
            names.sort_unstable_by(|x, y| x.as_bytes().cmp(y.as_bytes()));
            Ok(json!({"ok": true, "data": names}))
        }
        Action::Move => {
            let dest_given = a.string(
                "destination",
                "the new path, relative to the project root (it must not exist yet)",
            )?;
            let dest = ctx.resolve(dest_given, "destination")?;
            ctx.storage.move_entry(&path, &dest, true).map_err(|e| {
                // Name the end the error is about.
                let about_dest = e
                    .details
                    .get("path")
                    .and_then(Value::as_str)
                    .is_some_and(|p| p == dest.display());
                DvError::from_storage(e, if about_dest { dest_given } else { given })
            })?;
            Ok(json!({"ok": true}))
        }
    }
}
