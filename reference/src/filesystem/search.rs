//! search_files (FS-SEARCH-001): every file and directory below `path` whose path relative
//! to it matches the glob (`*.ext` only in `path` itself, `**/*.ext` at any depth), as full
//! paths, one per line ("No matches found" when none). `excludePatterns` are globs on the
//! same relative path; an excluded directory is not entered. Matching is globset's, linear
//! in the path; symlinks are reported when they match but never entered.

use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::json;

use super::Ctx;
use super::args::Args;
use super::result;
use super::tree::excludes;
use super::walk::{self, Walker};
use crate::errors::ToolError;
use crate::sandbox::EntryKind;

pub const NAME: &str = "search_files";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Search Files",
        "Recursively search for files and directories matching a pattern. The patterns are \
         glob-style patterns that match paths relative to the directory searched. Use a \
         pattern like '*.ext' to match files in that directory, and '**/*.ext' to match files \
         in all subdirectories. Returns full paths to all matching items. Only searches \
         within allowed directories.",
        json!({"type": "object", "properties": {
            "path": {"type": "string"},
            "pattern": {"type": "string"},
            "excludePatterns": {"type": "array", "items": {"type": "string"}, "default": []}
        }, "required": ["path", "pattern"]}),
        result::text_output(),
        true,
    )
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let pattern = walk::glob(a.text("pattern")?, "pattern")?;
    let ex = excludes(&a.strings("excludePatterns", false)?, false)?;
    let r = ctx.resolve(given)?;
    let base = r.host();
    let mut w = Walker::new(r.storage(), given);
    let mut found: Vec<String> = Vec::new();
    let mut reply = 0;
    // Depth first, names in order: (directory, its relative path).
    let mut stack = vec![(r.path.clone(), String::new())];
    let mut first = true;
    while let Some((dir, rel)) = stack.pop() {
        let entries = if first {
            w.start(&dir)?
        } else {
            w.below(&dir)?
        };
        first = false;
        let mut subdirs = Vec::new();
        for e in entries {
            let relative = if rel.is_empty() {
                e.name.clone()
            } else {
                format!("{rel}/{}", e.name)
            };
            if ex.iter().any(|m| m.is_match(&relative)) {
                continue;
            }
            if pattern.is_match(&relative) {
                let path = base.join(&relative).display().to_string();
                // One match, one line (FS-CLR-11).
                let shown = super::dirs::shown(&path).into_owned();
                reply += shown.len() + 1;
                w.check_reply(reply)?;
                found.push(shown);
            }
            if e.kind == EntryKind::Directory {
                subdirs.push((walk::child(&dir, &e.name), relative));
            }
        }
        stack.extend(subdirs.into_iter().rev());
    }
    Ok(result::text(if found.is_empty() {
        "No matches found".to_owned()
    } else {
        found.join("\n")
    }))
}
