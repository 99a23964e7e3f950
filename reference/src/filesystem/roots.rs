//! list_allowed_directories (FS-ROOTS-001) and the client's MCP roots (FS-ROOTS-003): a
//! client that declares the roots capability is asked `roots/list` after initialization and
//! after each `notifications/roots/list_changed`, and its roots replace the allowed
//! directories. As in the official server, a root that is not an existing directory is
//! skipped, and a list with no usable root keeps the directories there were.

// Roots are deprecated in the 2026-07-28 revision (SEP-2577), but the official server and
// 2025-11-25 clients use them, and FS-ROOTS-003 asks for them.
#![allow(deprecated)]

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::model::{CallToolResult, JsonObject, Root, Tool};
use serde_json::json;

use super::Ctx;
use super::allowed::Allowed;
use super::result;
use crate::errors::ToolError;

pub const NAME: &str = "list_allowed_directories";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "List Allowed Directories",
        "Returns the list of directories that this server is allowed to access. \
         Subdirectories within these allowed directories are also accessible. Use this to \
         understand which directories and their nested paths are available before trying to \
         access files.",
        json!({"type": "object", "properties": {}}),
        result::text_output(),
        true,
    )
}

pub fn run(ctx: &Ctx, _args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let dirs = ctx.dirs.snapshot();
    let names: Vec<String> = dirs
        .iter()
        .map(|d| d.roots.canonical.display().to_string())
        .collect();
    Ok(result::text(format!(
        "Allowed directories:\n{}",
        names.join("\n")
    )))
}

/// The directory a root names: a `file://` URI (percent-decoded) or a plain absolute path.
fn root_dir(root: &Root) -> Option<PathBuf> {
    let raw = root.uri.strip_prefix("file://").unwrap_or(&root.uri);
    // `file://host/path`: only an empty host or localhost is this machine.
    let raw = raw.strip_prefix("localhost").unwrap_or(raw);
    let decoded = percent_encoding::percent_decode_str(raw)
        .decode_utf8()
        .ok()?;
    let path = PathBuf::from(decoded.as_ref());
    path.is_absolute().then_some(path)
}

/// Takes the client's roots as the allowed directories; returns what was done, for the log.
pub fn apply(ctx: &Ctx, roots: &[Root]) -> String {
    let mut dirs = Vec::new();
    let mut skipped = Vec::new();
    for root in roots {
        match root_dir(root).filter(|p| p.is_dir()) {
            Some(p) => match Allowed::open(&p, &ctx.opener) {
                Ok(a) => dirs.push(Arc::new(a)),
                Err(e) => skipped.push(format!("{} ({e})", root.uri)),
            },
            None => skipped.push(format!("{} (not an existing directory)", root.uri)),
        }
    }
    let note = if skipped.is_empty() {
        String::new()
    } else {
        format!("; skipped {}", skipped.join(", "))
    };
    if dirs.is_empty() {
        return format!(
            "the client offered no usable root, so the allowed directories stay as they were{note}"
        );
    }
    let n = dirs.len();
    ctx.dirs.replace(dirs);
    format!("the allowed directories are now the client's {n} root(s){note}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn root(uri: &str) -> Root {
        serde_json::from_value(json!({"uri": uri})).unwrap()
    }

    #[test]
    fn roots_are_file_uris_or_paths() {
        assert_eq!(
            root_dir(&root("file:///a/b%20c")),
            Some(PathBuf::from("/a/b c"))
        );
        assert_eq!(
            root_dir(&root("file://localhost/x")),
            Some(PathBuf::from("/x"))
        );
        assert_eq!(root_dir(&root("/plain")), Some(PathBuf::from("/plain")));
        assert_eq!(root_dir(&root("https://example.com/x")), None);
        assert_eq!(root_dir(&root("file://relative")), None);
    }
}
