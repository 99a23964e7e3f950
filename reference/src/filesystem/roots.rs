//! list_allowed_directories (FS-ROOTS-001) and the client's MCP roots (FS-ROOTS-003): a
//! client that declares the roots capability is asked `roots/list` after initialization and
//! after each `notifications/roots/list_changed`, and its roots replace the allowed
//! directories. As in the official server, a root that is not an existing directory is
//! skipped, and a list with no usable root keeps the directories there were.
//!
//! Unlike the official server, roots narrow and never widen (FS-CLR-06): a root is kept
//! only if it resolves, by the sandbox's rules (`..`, symlinks), to one of the operator's
//! directories or below, and it is opened through that directory's handle. Only the first
//! `MAX_ROOTS` roots of an answer are looked at, so an answer of thousands of roots opens
//! no more descriptors than that.

// Roots are deprecated in the 2026-07-28 revision (SEP-2577), but the official server and
// 2025-11-25 clients use them, and FS-ROOTS-003 asks for them.
#![allow(deprecated)]

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::model::{CallToolResult, JsonObject, Root, Tool};
use serde_json::json;

use super::Ctx;
use super::allowed::{self, Allowed, RootSlot};
use super::result;
use crate::errors::ToolError;

/// Most roots of one `roots/list` answer that are looked at; the rest are ignored and
/// logged. A project rarely has more than a handful of roots; 64 leaves room for a
/// monorepo's packages while one answer can hold at most 64 descriptors.
pub const MAX_ROOTS: usize = 64;

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

/// Takes the client's roots, confined to the operator's directories, as the allowed
/// directories; returns what was done, for the log.
pub fn apply(ctx: &Ctx, roots: &[Root]) -> String {
    let mut kept: Vec<Arc<Allowed>> = Vec::new();
    let mut refused = Vec::new();
    for root in roots.iter().take(MAX_ROOTS) {
        match confine(ctx, root, &kept) {
            Ok(Some(a)) => kept.push(Arc::new(a)),
            Ok(None) => {}
            Err(why) => refused.push(format!("{} ({why})", root.uri)),
        }
    }
    let mut note = String::new();
    if !refused.is_empty() {
        note.push_str(&format!("; refused {}", refused.join(", ")));
    }
    if roots.len() > MAX_ROOTS {
        note.push_str(&format!(
            "; ignored the {} roots after the first {MAX_ROOTS} (the most this server takes)",
            roots.len() - MAX_ROOTS
        ));
    }
    if kept.is_empty() {
        return format!(
            "the client offered no usable root, so the allowed directories stay as they were{note}"
        );
    }
    let n = kept.len();
    ctx.dirs.replace(kept);
    format!("the allowed directories are now the client's {n} root(s){note}")
}

/// Opens one root below the operator's directory that holds it: `Ok(None)` when it names
/// a directory already kept, `Err` with the reason when it is refused.
fn confine(ctx: &Ctx, root: &Root, kept: &[Arc<Allowed>]) -> Result<Option<Allowed>, String> {
    let dir = root_dir(root).ok_or("not a file:// URI of this machine or an absolute path")?;
    let text = dir.to_str().ok_or("not UTF-8")?;
    let outside =
        || "outside the server's directories: roots may only narrow them (FS-CLR-06)".to_owned();
    let r = allowed::resolve(text, &ctx.operator).map_err(|_| outside())?;
    let given = r.host();
    let r = allowed::follow(r, true);
    if kept
        .iter()
        .any(|k| k.is_named(&given) || k.is_named(&r.host()))
    {
        return Ok(None);
    }
    let slot = RootSlot::take().ok_or_else(|| {
        format!(
            "{} client roots are open in this server, the most it holds",
            allowed::MAX_OPEN_CLIENT_ROOTS
        )
    })?;
    let a = r
        .dir
        .below(&r.path, given, &ctx.opener, slot)
        .map_err(|e| match e.kind() {
            std::io::ErrorKind::PermissionDenied => outside(),
            std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory => {
                "not an existing directory".to_owned()
            }
            _ => e.to_string(),
        })?;
    if kept.iter().any(|k| k.roots.canonical == a.roots.canonical) {
        return Ok(None);
    }
    Ok(Some(a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::filesystem::allowed::rooted_opener;
    use crate::storage::Rooted;
    use std::os::unix::fs::symlink;
    use std::path::Path;

    /// `<t>/root` (with `a/` and links) served, `<t>/root_evil` outside.
    fn ctx(t: &Path) -> Ctx {
        let root = t.join("root");
        std::fs::create_dir_all(root.join("a")).unwrap();
        std::fs::create_dir_all(t.join("root_evil")).unwrap();
        symlink("../root_evil", root.join("out")).unwrap();
        symlink(t.join("root_evil"), root.join("abs_out")).unwrap();
        symlink(root.join("a"), root.join("abs_in")).unwrap();
        std::fs::write(root.join("file"), "x").unwrap();
        let storage = Box::new(Rooted::open(&root).unwrap());
        let dir = Arc::new(Allowed::operator(&root, storage).unwrap());
        Ctx::new(Arc::new(vec![dir]), rooted_opener())
    }

    fn names(ctx: &Ctx) -> Vec<PathBuf> {
        ctx.dirs
            .snapshot()
            .iter()
            .map(|d| d.roots.canonical.clone())
            .collect()
    }

    fn uri(p: impl AsRef<Path>) -> Root {
        root(&format!("file://{}", p.as_ref().display()))
    }

    #[test]
    fn roots_outside_the_operators_directories_are_refused() {
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let ctx = ctx(&t);
        let before = names(&ctx);
        for hostile in [
            root("file:///"),
            root("/"),
            uri(t.join("root_evil")),
            uri(t.join("root/../root_evil")),
            root(&format!("file://{}/root/%2e%2e/root_evil", t.display())),
            uri(t.join("root/out")),
            uri(t.join("root/abs_out")),
            uri(t.join("root/file")),
            uri(t.join("root/missing")),
            uri(&t),
        ] {
            let note = apply(&ctx, std::slice::from_ref(&hostile));
            assert!(note.contains("refused"), "{}: {note}", hostile.uri);
            assert_eq!(names(&ctx), before, "{}", hostile.uri);
        }
        // Mixed with a good one, only the good one is kept.
        let note = apply(&ctx, &[root("file:///"), uri(t.join("root/a"))]);
        assert_eq!(names(&ctx), [t.join("root/a")], "{note}");
        // Once narrowed, a hostile answer keeps the narrowed directories.
        apply(&ctx, &[uri(t.join("root_evil"))]);
        assert_eq!(names(&ctx), [t.join("root/a")]);
    }

    #[test]
    fn roots_inside_are_kept_under_their_real_name() {
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let ctx = ctx(&t);
        apply(
            &ctx,
            &[uri(t.join("root/abs_in")), uri(t.join("root/a/../a"))],
        );
        assert_eq!(names(&ctx), [t.join("root/a")]);
        let r = ctx
            .resolve(&format!("{}/root/abs_in/x", t.display()))
            .unwrap();
        assert_eq!(r.host(), t.join("root/a/x"));
        apply(&ctx, &[uri(t.join("root"))]);
        assert_eq!(names(&ctx), [t.join("root")]);
    }

    #[test]
    fn a_huge_answer_opens_at_most_max_roots() {
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let ctx = ctx(&t);
        for i in 0..MAX_ROOTS + 10 {
            std::fs::create_dir_all(t.join(format!("root/d{i}"))).unwrap();
        }
        let same = vec![uri(t.join("root/a")); 25_000];
        let note = apply(&ctx, &same);
        assert_eq!(names(&ctx), [t.join("root/a")], "{note}");
        assert!(note.contains("ignored the 24936 roots"), "{note}");
        let many: Vec<Root> = (0..MAX_ROOTS + 10)
            .map(|i| uri(t.join(format!("root/d{i}"))))
            .collect();
        apply(&ctx, &many);
        assert_eq!(ctx.dirs.snapshot().len(), MAX_ROOTS);
    }

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
