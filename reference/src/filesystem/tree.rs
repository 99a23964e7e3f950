//! directory_tree (FS-DIR-004): the tree below a directory as JSON, two-space indented:
//! `{name, type: "file"|"directory", children}` with `children` on every directory (empty
//! when it is) and never on a file. `excludePatterns` as in the official server: a pattern
//! with `*` is a glob on the path relative to the start; one without also excludes that
//! name anywhere, and everything below it.

use globset::GlobSet;
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

/// The most `excludePatterns` a walk takes. Every path of the walk is matched against each
/// of them, so their count bounds the walk's CPU: 8,000 patterns of 4 KB took 87 s of CPU
/// and 1.2 GiB before any cap (issue 50). A `.gitignore`'s worth of patterns fits.
pub const MAX_EXCLUDES: usize = 256;
/// Their bytes in all, which bound the matchers' memory.
pub const MAX_EXCLUDE_BYTES: usize = 64 * 1024;

/// The matchers of excludePatterns, refused before any is built when there are more than
/// `MAX_EXCLUDES` of them or `MAX_EXCLUDE_BYTES` in all.
pub fn excludes(patterns: &[&str], expand: bool) -> Result<Vec<GlobSet>, ToolError> {
    let bytes: usize = patterns.iter().map(|p| p.len()).sum();
    if patterns.len() > MAX_EXCLUDES || bytes > MAX_EXCLUDE_BYTES {
        return Err(ToolError::invalid_argument(
            "excludePatterns",
            &format!(
                "it holds {} patterns of {bytes} bytes in all, over the limit of \
                 {MAX_EXCLUDES} patterns and {MAX_EXCLUDE_BYTES} bytes",
                patterns.len()
            ),
            "fewer globs: one such as \"**/node_modules\" excludes a name at any depth, and \
             {a,b} alternatives join several in one",
        ));
    }
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

/// Writes a JSON string (escaped as serde_json does).
fn push_str(out: &mut String, s: &str) {
    out.push_str(&crate::json::to_string(&Value::String(s.to_owned())));
}

fn indent(out: &mut String, depth: usize) {
    out.push('\n');
    for _ in 0..depth {
        out.push_str("  ");
    }
}

/// Writes the entries of `dir` as a JSON array indented as JSON.stringify(tree, null, 2)
/// does, keys in the official server's order (name, type, children); written straight
/// into the reply text, since a 10,000-entry tree built as JSON values first spends most
/// of its time allocating them.
fn build(
    w: &mut Walker<'_>,
    dir: &NormPath,
    rel: &str,
    ex: &[GlobSet],
    first: bool,
    depth: usize,
    out: &mut String,
) -> Result<(), ToolError> {
    let entries = if first { w.start(dir)? } else { w.below(dir)? };
    let mut any = false;
    out.push('[');
    for e in entries {
        let relative = if ex.is_empty() {
            String::new()
        } else if rel.is_empty() {
            e.name.clone()
        } else {
            format!("{rel}/{}", e.name)
        };
        if ex.iter().any(|m| m.is_match(&relative)) {
            continue;
        }
        if any {
            out.push(',');
        }
        any = true;
        indent(out, depth + 1);
        out.push('{');
        indent(out, depth + 2);
        out.push_str("\"name\": ");
        push_str(out, &e.name);
        out.push(',');
        indent(out, depth + 2);
        if e.kind == EntryKind::Directory {
            out.push_str("\"type\": \"directory\",");
            indent(out, depth + 2);
            out.push_str("\"children\": ");
            build(
                w,
                &walk::child(dir, &e.name),
                &relative,
                ex,
                false,
                depth + 2,
                out,
            )?;
        } else {
            out.push_str("\"type\": \"file\"");
        }
        indent(out, depth + 1);
        out.push('}');
        w.check_reply(out.len())?;
    }
    if any {
        indent(out, depth);
    }
    out.push(']');
    Ok(())
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let ex = excludes(&a.strings("excludePatterns", false)?, true)?;
    let r = ctx.resolve(given)?;
    let mut w = Walker::new(r.storage(), given);
    let mut text = String::new();
    build(&mut w, &r.path, "", &ex, true, 0, &mut text)?;
    Ok(result::text(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filesystem::allowed::{Allowed, rooted_opener};
    use std::sync::Arc;

    /// The tree text is what JSON.stringify(tree, null, 2) gives, and parses back.
    #[test]
    fn the_tree_is_pretty_json_in_the_official_shape() {
        let t = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(t.path().join("src/empty")).unwrap();
        std::fs::write(t.path().join("src/a \"q\".rs"), "x").unwrap();
        std::fs::write(t.path().join("top.txt"), "x").unwrap();
        let storage = Box::new(crate::storage::Rooted::open(t.path()).unwrap());
        let dir = Arc::new(Allowed::operator(t.path(), storage).unwrap());
        let ctx = Ctx::new(Arc::new(vec![dir]), rooted_opener());
        let args = json!({"path": t.path().display().to_string()});
        let r = run(&ctx, args.as_object().unwrap()).unwrap();
        let text = r.structured_content.unwrap()["content"]
            .as_str()
            .unwrap()
            .to_owned();
        let expected = json!([
            {"name": "src", "type": "directory", "children": [
                {"name": "a \"q\".rs", "type": "file"},
                {"name": "empty", "type": "directory", "children": []}
            ]},
            {"name": "top.txt", "type": "file"}
        ]);
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), expected);
        assert!(text.starts_with("[\n  {\n    \"name\": \"src\",\n    \"type\": \"directory\",\n    \"children\": [\n"), "{text}");
        assert!(text.contains("\"children\": []"), "{text}");
    }
}
