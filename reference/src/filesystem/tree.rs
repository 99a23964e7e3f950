//! directory_tree (FS-DIR-004): the tree below a directory as JSON, two-space indented:
//! `{name, type: "file"|"directory", children}` with `children` on every directory (empty
//! when it is) and never on a file. `excludePatterns` as in the official server: a pattern
//! with `*` is a glob on the path relative to the start; one without also excludes that
//! name anywhere, and everything below it.

use globset::GlobMatcher;
use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::{Value, json};

use super::Ctx;
use super::args::Args;
use super::result;
use super::walk::{self, Walker};
use crate::errors::ToolError;
use crate::paths::NormPath;
use crate::sandbox::EntryKind;

pub const NAME: &str = "directory_tree";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Directory Tree",
        "Get a recursive tree view of files and directories as a JSON structure. Each entry \
         includes 'name', 'type' (file/directory), and 'children' for directories. Files have \
         no children array, while directories always have a children array (which may be \
         empty). Symlinks are listed as files and not followed. The output is formatted with \
         2-space indentation for readability. Only works within allowed directories.",
        json!({"type": "object", "properties": {
            "path": {"type": "string"},
            "excludePatterns": {"type": "array", "items": {"type": "string"}, "default": []}
        }, "required": ["path"]}),
        result::text_output(),
        true,
    )
}

/// The matchers of excludePatterns.
pub fn excludes(patterns: &[&str], expand: bool) -> Result<Vec<GlobMatcher>, ToolError> {
    let mut out = Vec::new();
    for p in patterns {
        out.push(walk::glob(p, "excludePatterns")?);
        if expand && !p.contains('*') {
            out.push(walk::glob(&format!("**/{p}"), "excludePatterns")?);
            out.push(walk::glob(&format!("**/{p}/**"), "excludePatterns")?);
        }
    }
    Ok(out)
}

fn build(
    w: &mut Walker<'_>,
    dir: &NormPath,
    rel: &str,
    ex: &[GlobMatcher],
    first: bool,
) -> Result<Vec<Value>, ToolError> {
    let entries = if first { w.start(dir)? } else { w.below(dir)? };
    let mut out = Vec::with_capacity(entries.len());
    for e in entries {
        let relative = if rel.is_empty() {
            e.name.clone()
        } else {
            format!("{rel}/{}", e.name)
        };
        if ex.iter().any(|m| m.is_match(&relative)) {
            continue;
        }
        if e.kind == EntryKind::Directory {
            let children = build(w, &walk::child(dir, &e.name), &relative, ex, false)?;
            out.push(json!({"name": e.name, "type": "directory", "children": children}));
        } else {
            out.push(json!({"name": e.name, "type": "file"}));
        }
    }
    Ok(out)
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let ex = excludes(&a.strings("excludePatterns", false)?, true)?;
    let r = ctx.resolve(given)?;
    let mut w = Walker::new(r.storage(), given);
    let tree = build(&mut w, &r.path, "", &ex, true)?;
    let text = serde_json::to_string_pretty(&Value::Array(tree))
        .map_err(|e| ToolError::new(crate::errors::Code::IoError, e.to_string()))?;
    Ok(result::text(text))
}
