//! Faults and alternative readings of the filesystem profile. `FaultyFs` is its
//! `Injector` (`decorator.rs`) around the unmodified `FsServer`, whose storage it may wrap
//! (the `Storage` seam, `storage.rs`); `On` below changes a call's arguments or outcome, or answers it
//! the way a weaker server would. The two CVE patterns of the official server's 2025
//! releases (a string-prefix containment check, symlinks followed out) work on host paths
//! with plain `std::fs`, as that code did; the variants are the official server's own
//! readings of our clarifications.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use globset::GlobBuilder;
use mcp_reference::cli::Cli;
use mcp_reference::errors::{Code, ToolError};
use mcp_reference::filesystem::allowed::rooted_opener;
use mcp_reference::filesystem::{self as fsp, FsServer, edit, result};
use mcp_reference::storage::{Rooted, Storage};
use mcp_reference::tool_server::ProfileHandler;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::{Value, json};

use super::decorator::{Faulty, Injector};
use super::storage::FaultyStorage;
use super::{Args, Injection, ProfileFaults, StorageFault, arg, resolve_lexically};

/// The filesystem row of `super::PROFILES`.
pub const PROFILE: ProfileFaults = ProfileFaults {
    profile: "filesystem",
    faults: FAULTS,
    variants: VARIANTS,
    proxy_faults: &[fs(
        "fs-failures-unmarked",
        "FS-CLR-12",
        super::UNMARKED_WHAT,
    )],
    proxy_variants: &[],
    no_variant: NO_VARIANT,
    storage_faults: &[
        ("fs-torn-write", StorageFault::TornWrite),
        ("fs-lost-update", StorageFault::UnlockedUpdate),
    ],
    race_faults: &["fs-torn-write", "fs-lost-update"],
    swap_faults: &[
        "fs-read-check-then-use",
        "fs-write-check-then-use",
        "fs-move-check-then-use",
    ],
    folding_root_faults: &["fs-case-blind-links"],
    respelled_names: false,
    floor: 80,
    serve,
};

fn serve(i: &'static Injection, args: Vec<String>) -> std::process::ExitCode {
    if i.name == "fs-stdout-banner" {
        // Before the server takes stdout over: the first line the client reads.
        println!("Secure MCP Filesystem Server running on stdio");
    }
    mcp_reference::run_cli_with(args, |cli, rooted| FaultyFs::handler(i.name, cli, rooted))
}

const fn fs(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection {
        profile: "filesystem",
        name,
        id,
        what,
    }
}

/// Faults: each breaks exactly one requirement of the filesystem catalogue.
pub const FAULTS: &[Injection] = &[
    fs(
        "fs-prefix-sibling",
        "FS-ROOTS-002",
        "containment is a string-prefix check of the path, so <root>_evil counts as inside (the pattern of CVE-2025-53110); such paths are then used with plain std::fs",
    ),
    fs(
        "fs-symlink-escape",
        "FS-ROOTS-002",
        "a path through a symlink is used with plain std::fs, which follows the link out of the root (a move renames what its source resolves to; the pattern of CVE-2025-53109)",
    ),
    fs(
        "fs-case-blind-links",
        "FS-ROOTS-002",
        "symlinks are looked for by comparing each name of a path with the directory's entries exactly, and a name found only by folding case (LINK for the link `link`) is taken as new, with nothing below it to resolve; the call then goes through plain std::fs, which the folding file system leads through the link (the pattern of GHSA-4gxg-m5jx-9j57). It shows only on a root that folds case, so its trials make their roots on the FUSE mount of tests/casefold/",
    ),
    fs(
        "fs-deep-new-path-raw",
        "FS-ROOTS-002",
        "a path that does not resolve is checked by its parent's real path, and one whose parent does not resolve either is checked as written; such a path is then used with plain std::fs, so create_directory of <root>/out/a/b, with out a link leading out, makes a/b outside (rust-mcp-filesystem 0.4.3)",
    ),
    fs(
        "fs-home-and-temp-allowed",
        "FS-ROOTS-002",
        "the directory that holds the root is always allowed besides the root and checked lexically, and paths there are used with plain std::fs (fast-filesystem-mcp always allows the home and temp directories, where roots usually lie)",
    ),
    fs(
        "fs-dotdot-only",
        "FS-ROOTS-002",
        "the only path check refuses a path that contains `..`; any other path, absolute outside the root or through a link, is used with plain std::fs (mcp-text-editor confines nothing else)",
    ),
    fs(
        "fs-tools-missing",
        "FS-TOOLS-001",
        "tools/list leaves out read_media_file",
    ),
    fs(
        "fs-tail-drops-line",
        "FS-READ-002",
        "tail N counts the empty string after a final newline as a line (the official server's bug), so it returns N-1 lines",
    ),
    fs(
        "fs-head-ignored",
        "FS-READ-002",
        "head is ignored: the whole file is returned",
    ),
    fs(
        "fs-multiple-all-or-nothing",
        "FS-READ-004",
        "read_multiple_files fails as a whole when one path cannot be read",
    ),
    fs(
        "fs-media-as-text",
        "FS-READ-005",
        "read_media_file returns the bytes as (lossy) text, without base64 or MIME type",
    ),
    fs(
        "fs-write-appends",
        "FS-WRITE-001",
        "write_file appends to an existing file instead of replacing it",
    ),
    fs(
        "fs-edit-no-diff",
        "FS-EDIT-001",
        "edit_file answers \"Edited\" instead of a diff",
    ),
    fs(
        "fs-dry-run-writes",
        "FS-EDIT-002",
        "dryRun is ignored: the edits are written",
    ),
    fs(
        "fs-edit-missing-ignored",
        "FS-EDIT-003",
        "an edit whose oldText is not in the file is skipped silently and the call succeeds",
    ),
    fs(
        "fs-mkdir-flat",
        "FS-DIR-001",
        "create_directory makes one level only: it fails when a parent is missing",
    ),
    fs(
        "fs-list-unmarked",
        "FS-DIR-002",
        "list_directory names entries without the [FILE] and [DIR] prefixes",
    ),
    fs(
        "fs-sizes-missing",
        "FS-DIR-003",
        "list_directory_with_sizes gives no sizes",
    ),
    fs(
        "fs-tree-flat",
        "FS-DIR-004",
        "directory_tree does not descend: every directory's children is empty",
    ),
    fs(
        "fs-move-overwrites",
        "FS-MOVE-001",
        "move_file renames over an existing destination (fs.rename; rust-mcp-filesystem 0.4.5's bug)",
    ),
    fs(
        "fs-search-star-crosses",
        "FS-SEARCH-001",
        "a `*` in search_files' pattern also matches `/`, so *.txt finds files in subdirectories (aiomcp-server-filesystem 0.0.1's bug)",
    ),
    fs(
        "fs-search-relative",
        "FS-SEARCH-001",
        "search_files returns paths relative to the searched directory, not full paths",
    ),
    fs(
        "fs-info-no-type",
        "FS-INFO-001",
        "get_file_info leaves out whether the entry is a file or a directory",
    ),
    fs(
        "fs-allowed-empty",
        "FS-ROOTS-001",
        "list_allowed_directories names no directory",
    ),
    fs(
        "fs-roots-not-applied",
        "FS-ROOTS-003",
        "the client's roots are asked for (roots/list) but not applied: the command line's directory stays the allowed one",
    ),
    fs(
        "fs-torn-write",
        "FS-CLR-02",
        "files are rewritten in place in two halves with a pause, so a reader can see half a write",
    ),
    fs(
        "fs-read-check-then-use",
        "FS-ROOTS-002",
        "read_text_file checks the path's real location, then opens it by name: a file swapped for a link to outside in between is read (the torn read of GHSA-p9cv-8g75-4xcg)",
    ),
    fs(
        "fs-write-check-then-use",
        "FS-ROOTS-002",
        "write_file checks the real location of the path's directory, then writes by name: a directory swapped for a link in between takes the write out (GHSA-53mr-w429-c597)",
    ),
    fs(
        "fs-move-check-then-use",
        "FS-ROOTS-002",
        "move_file checks both paths, then renames them by name: a source directory swapped for a link in between pulls an outside file in (GHSA-7m4x-rv66-mxhh)",
    ),
    fs(
        "fs-strip-trailing",
        "FS-ROOTS-002",
        "the containment check strips a trailing quote, apostrophe, space or dot that the operation keeps, so <root>\" passes as the root and opens the sibling file (GHSA-7rgq-gccq-qphx)",
    ),
    fs(
        "fs-fifo-blocks",
        "FS-READ-001",
        "read_text_file opens a FIFO like a file and waits for a writer that never comes (GHSA-p9cv-8g75-4xcg)",
    ),
    fs(
        "fs-percent-decoded",
        "FS-ROOTS-002",
        "a path is checked as given, then percent-decoded and used with plain std::fs, so `%2e%2e/` passes the check as a name and leaves the root as `..` (confinement)",
    ),
    fs(
        "fs-nul-truncates",
        "FS-ROOTS-002",
        "write_file ends a path at its first NUL byte, as a C library call does, and writes the file under the shorter name (bad-input)",
    ),
    fs(
        "fs-stdout-banner",
        "MCPSPEC-STDIO",
        "the server prints a banner line on stdout before its first message, as servers that log to stdout do (stdio-messages)",
    ),
    fs(
        "fs-edit-in-place",
        "FS-EDIT-001",
        "edit_file writes the edited text over the file in place at the old length: a longer text is cut short, a shorter one leaves the old tail (Desktop Commander's edit_block, its issue #554)",
    ),
    fs(
        "fs-write-lf",
        "FS-WRITE-001",
        "write_file turns CRLF line endings into LF (exact-write)",
    ),
    fs(
        "fs-create-no-parents",
        "FS-WRITE-001",
        "write_file under a missing directory answers success and writes nothing, as a server the harness had never met did (nested-create)",
    ),
    fs(
        "fs-move-refused",
        "FS-MOVE-001",
        "move_file refuses every move as outside the allowed directories: a tool that fails at everything, whose refusals of paths outside prove nothing (works-inside)",
    ),
    fs(
        "fs-sizes-follow-links",
        "FS-ROOTS-002",
        "list_directory_with_sizes stats each entry following its link, so a link to a file outside shows that file's size, as a sizes tool the harness had never met did (path-tools: a tool an interface file may leave unmapped)",
    ),
    fs(
        "fs-read-adds-newline",
        "FS-READ-001",
        "read_text_file adds a final newline to a text that lacks one (exact-read)",
    ),
    fs(
        "fs-write-cut-8mib",
        "FS-WRITE-001",
        "write_file keeps only the first 8 MiB of a larger content (to the last whole character at or below 8,388,608 bytes), as a server with one fixed write buffer would (large-files)",
    ),
    fs(
        "fs-read-cut-8mib",
        "FS-READ-001",
        "read_text_file returns only the first 8,388,608 bytes of a larger file, the character they cut decoded as U+FFFD, as a server reading into one fixed buffer would (large-files)",
    ),
    fs(
        "fs-edit-stale",
        "FS-EDIT-001",
        "edit_file edits the text it first read of a file, a copy never refreshed, so a second edit writes the first away (no-lost-update)",
    ),
    fs(
        "fs-absolute-link-refused",
        "FS-CLR-07",
        "a symlink whose target is an absolute path is refused, even one naming a file inside the allowed directory (symlinks-absolute-inside)",
    ),
    fs(
        "fs-links-refused",
        "FS-CLR-07",
        "every symlink is refused, also one whose target stays inside the allowed directory (symlinks-inside)",
    ),
    fs(
        "fs-edit-first-of-two",
        "FS-CLR-04",
        "an oldText found more than once replaces the first occurrence and answers success, undeclared (repeated-edit; the official server's reading, here as a fault of a mapping that declares nothing)",
    ),
    fs(
        "fs-lost-update",
        "FS-CLR-08",
        "edits of one file are not serialized (no lock, a pause between read and write), so concurrent edits lose each other's changes (concurrent-edits)",
    ),
    fs(
        "fs-hard-link-in-place",
        "FS-CLR-09",
        "write_file and edit_file write a file with more than one hard link in place, so its other name outside the allowed directory changes too (hard-link-writes)",
    ),
    fs(
        "fs-hard-link-read",
        "FS-CLR-09",
        "read_text_file reads a file with more than one hard link like any other, so the text of its other name outside shows (hard-link-reads)",
    ),
    fs(
        "fs-error-drops-path",
        "FS-CLR-10",
        "every error is reworded without the call's paths (each becomes \"the given path\", its last component \"the file\"), so a model cannot tell which path failed (error-names-path)",
    ),
    fs(
        "fs-list-spoofable",
        "FS-CLR-11",
        "list_directory shows every name as it is, also one with a line feed, so a file `evil\\n[DIR] injected` reads as a file `evil` and a directory `injected` (the official server's listing)",
    ),
    fs(
        "fs-sizes-spoofable",
        "FS-CLR-11",
        "list_directory_with_sizes shows every name as it is, also one with a line feed, so one file reads as two entries",
    ),
    fs(
        "fs-search-spoofable",
        "FS-CLR-11",
        "search_files shows every path as it is, also one with a line feed, so one match reads as two",
    ),
];

/// Variants: the official server's own reading of one clarification.
pub const VARIANTS: &[Injection] = &[
    fs(
        "fs-official-lf",
        "FS-CLR-01",
        "edit_file writes the whole file with `\\n` endings (the official server normalises every line ending)",
    ),
    fs(
        "fs-official-first-match",
        "FS-CLR-04",
        "an oldText found more than once replaces the first occurrence (String.prototype.replace)",
    ),
    fs(
        "fs-official-hard-links",
        "FS-CLR-09",
        "a file with more than one hard link is read like any other and written by temp file and rename, which splits the link (the official server's readFile, and its atomic rename for existing files)",
    ),
    fs(
        "fs-official-fuzzy",
        "FS-CLR-05",
        "an oldText not found exactly matches lines that differ only in leading and trailing whitespace, and newText is re-indented (the official server's fallback)",
    ),
];

/// filesystem clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "FS-CLR-02",
        "no other reasonable choice: a reader must never see a half-written file (the fault fs-torn-write writes in place)",
    ),
    (
        "FS-CLR-03",
        "no other reasonable choice: following a link out of the root is the escape (the fault fs-symlink-escape); the race itself is attacked by the adversarial tests",
    ),
    (
        "FS-CLR-10",
        "the official server's messages name the absolute path it resolved (Node's `ENOENT: no such file or directory, open '/abs/path'`), which the cases accept; an error that names no path is the fault fs-error-drops-path",
    ),
];

/// The injections of the filesystem profile, around the unmodified `FsServer`.
pub struct FaultyFs {
    ctx: Arc<fsp::Ctx>,
    name: &'static str,
    root: PathBuf,
    /// The tools listed: the reference's, less one for `fs-tools-missing`.
    tools: Vec<Tool>,
}

impl FaultyFs {
    /// The reference's handler with the injection `name`, its storage wrapped if it is a
    /// storage one.
    pub fn handler(name: &'static str, cli: &Cli, rooted: Rooted) -> Faulty<Self> {
        let root = std::fs::canonicalize(&cli.root).unwrap_or_else(|_| cli.root.clone());
        let storage: Box<dyn Storage> = match FaultyStorage::wrap(name, &root, rooted) {
            Ok(faulty) => Box::new(faulty),
            Err(rooted) => Box::new(rooted),
        };
        let inner =
            FsServer::new(&cli.root, storage, rooted_opener()).expect("the root was opened");
        let mut tools = inner.tools().to_vec();
        if name == "fs-tools-missing" {
            tools.retain(|t| t.name != "read_media_file");
        }
        let injector = FaultyFs {
            ctx: inner.ctx(),
            name,
            root,
            tools,
        };
        Faulty::new(inner, injector)
    }
}

impl Injector for FaultyFs {
    type Profile = FsServer;

    fn tools<'a>(&'a self, _inner: &'a FsServer) -> &'a [Tool] {
        &self.tools
    }

    async fn call(
        &self,
        _inner: &FsServer,
        name: &'static str,
        mut args: JsonObject,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let on = On {
            name: self.name,
            root: self.root.clone(),
        };
        let ctx = self.ctx.clone();
        let out = tokio::task::spawn_blocking(move || {
            let out = match on.before(name, &mut args) {
                Some(early) => early,
                None => fsp::run_tool(&ctx, name, &args),
            };
            on.after(name, &args, out)
        })
        .await
        .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        Ok(out.unwrap_or_else(|e| result::failure(&e)))
    }

    async fn roots_may_have_changed(&self, inner: &FsServer, peer: Peer<RoleServer>) {
        if self.name == "fs-roots-not-applied" {
            return ask_and_ignore_roots(peer);
        }
        inner.roots_may_have_changed(peer).await
    }
}

/// fs-roots-not-applied: asks roots/list (so the client sees the request) and drops the
/// answer.
#[allow(deprecated)] // roots: deprecated in 2026-07-28, used by 2025-11-25 clients
fn ask_and_ignore_roots(peer: Peer<RoleServer>) {
    let offers = peer
        .peer_info()
        .is_some_and(|i| i.capabilities.roots.is_some());
    if offers {
        tokio::spawn(async move {
            let _ = peer.list_roots().await;
        });
    }
}

type Outcome = Result<CallToolResult, ToolError>;

/// Whether the lexical host path passes through a symlink at any component.
fn through_link(host: &Path) -> bool {
    let mut at = PathBuf::new();
    host.components().any(|c| {
        at.push(c.as_os_str());
        at.is_symlink()
    })
}

/// Whether a check that resolves a new path by its parent, and falls back to the path as
/// written when the parent does not resolve either (rust-mcp-filesystem 0.4.3), passes a
/// path that goes through a link: only then does the fault differ from the reference.
fn deep_new_path_passes(root: &Path, host: &Path) -> bool {
    let parent_resolves = host
        .parent()
        .is_some_and(|p| std::fs::canonicalize(p).is_ok());
    std::fs::canonicalize(host).is_err()
        && !parent_resolves
        && host.starts_with(root)
        && through_link(host)
}

/// Whether some name of the lexical host path below `root` exists only by folding case:
/// the file system finds it, but no entry of its directory is spelled exactly so.
fn found_only_by_folding(root: &Path, host: &Path) -> bool {
    let Ok(below) = host.strip_prefix(root) else {
        return false;
    };
    let mut at = root.to_path_buf();
    below.components().any(|c| {
        let parent = at.clone();
        at.push(c.as_os_str());
        let name = c.as_os_str();
        at.symlink_metadata().is_ok()
            && std::fs::read_dir(&parent)
                .is_ok_and(|mut entries| !entries.any(|e| e.is_ok_and(|e| e.file_name() == name)))
    })
}

fn io_error(path: &str, e: std::io::Error) -> ToolError {
    let code = if e.kind() == std::io::ErrorKind::NotFound {
        Code::NotFound
    } else {
        Code::IoError
    };
    ToolError::new(code, format!("{e}: {path}"))
}

/// The text of a successful result's first block.
/// The fixed buffer of `fs-write-cut-8mib` and `fs-read-cut-8mib`: 8 MiB, below the
/// 10 MB of the universal check large-files (ROUND-014 to 016), and a count at which
/// ROUND-014's lines have a `ö` to cut in two.
const BUFFER: usize = 8 * 1024 * 1024;

/// The largest character boundary of `s` at or below `at`.
fn floor_char(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

fn text_of(r: &CallToolResult) -> String {
    r.content
        .first()
        .and_then(|b| b.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

/// `fs-edit-in-place`: the first edit applied, then written over the file at its old
/// length; `None` (the reference answers) when the file or the text is not there.
fn edit_in_place(host: &Path, args: &Args) -> Option<CallToolResult> {
    let old = std::fs::read(host).ok()?;
    let edit = args.get("edits")?.as_array()?.first()?;
    let (from, to) = (
        edit.get("oldText")?.as_str()?,
        edit.get("newText")?.as_str()?,
    );
    let text = String::from_utf8(old.clone()).ok()?;
    if !text.contains(from) {
        return None;
    }
    let new = text.replacen(from, to, 1).into_bytes();
    let mut bytes = old.clone();
    let n = new.len().min(old.len());
    bytes[..n].copy_from_slice(&new[..n]);
    std::fs::write(host, &bytes).ok()?;
    Some(result::text("Edited".into()))
}

/// `fs-edit-stale`: the first edit applied to the text this process first read of the
/// file (a cache never refreshed after its own writes), written whole; `None` (the
/// reference answers) when the file or the text is not there.
fn edit_stale(host: &Path, args: &Args) -> Option<CallToolResult> {
    static SEEN: std::sync::OnceLock<std::sync::Mutex<std::collections::HashMap<PathBuf, String>>> =
        std::sync::OnceLock::new();
    let mut seen = SEEN.get_or_init(Default::default).lock().ok()?;
    let base = match seen.get(host) {
        Some(text) => text.clone(),
        None => std::fs::read_to_string(host).ok()?,
    };
    seen.entry(host.to_path_buf())
        .or_insert_with(|| base.clone());
    let edit = args.get("edits")?.as_array()?.first()?;
    let (from, to) = (
        edit.get("oldText")?.as_str()?,
        edit.get("newText")?.as_str()?,
    );
    if !base.contains(from) {
        return None;
    }
    write_whole(host, base.replacen(from, to, 1).as_bytes()).ok()?;
    Some(result::text("Edited".into()))
}

/// Whether `host` is a regular file with more than one hard link, reached through no
/// symlink (so the hard-link faults touch nothing a symlink case is about).
fn multiply_linked(host: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    !through_link(host)
        && std::fs::symlink_metadata(host).is_ok_and(|m| m.is_file() && m.nlink() > 1)
}

/// The text `write_file` or `edit_file` makes of the file at `host` (an edit applies its
/// first oldText once); `None` when the arguments or the text are not there.
fn written_text(name: &str, host: &Path, args: &Args) -> Option<String> {
    if name == "write_file" {
        return arg(args, "content").map(str::to_string);
    }
    let text = std::fs::read_to_string(host).ok()?;
    let edit = args.get("edits")?.as_array()?.first()?;
    let (from, to) = (
        edit.get("oldText")?.as_str()?,
        edit.get("newText")?.as_str()?,
    );
    text.contains(from).then(|| text.replacen(from, to, 1))
}

/// `fs-hard-link-in-place` (`whole` false: written through the link, its other name
/// changes) and `fs-official-hard-links` (`whole`: a temp file renamed over the name,
/// which splits the link, FS-CLR-09's official reading); `None` for any other file.
fn write_linked(name: &str, host: &Path, args: &Args, whole: bool) -> Option<Outcome> {
    if !matches!(name, "write_file" | "edit_file") || !multiply_linked(host) {
        return None;
    }
    let text = written_text(name, host, args)?;
    let raw = arg(args, "path")?;
    let out = if whole {
        write_whole(host, text.as_bytes())
    } else {
        std::fs::write(host, text.as_bytes())
    };
    Some(
        out.map(|()| result::text(format!("Successfully wrote to {raw}")))
            .map_err(|e| io_error(raw, e)),
    )
}

/// `fs-hard-link-read` and `fs-official-hard-links`: a file with more than one link read
/// by name like any other; `None` for any other file.
fn read_linked(name: &str, host: &Path) -> Option<Outcome> {
    if !matches!(name, "read_text_file" | "read_file") || !multiply_linked(host) {
        return None;
    }
    std::fs::read_to_string(host)
        .ok()
        .map(|t| Ok(result::text(t)))
}

/// `fs-error-drops-path`: the error reworded without `paths` or their last components.
fn without_paths(mut e: ToolError, paths: &[&str]) -> ToolError {
    for p in paths.iter().filter(|p| !p.is_empty()) {
        e.message = e.message.replace(p, "the given path");
        if let Some(last) = Path::new(p).file_name().and_then(|n| n.to_str()) {
            e.message = e.message.replace(last, "the file");
        }
    }
    e.details.clear();
    e
}

/// Writes through a temp file and a rename (the variants' writes stay whole).
fn write_whole(host: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let tmp = host.with_file_name(format!(
        ".variant-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    ));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, host)
}

/// The official server's fallback: lines equal once trimmed, newText re-indented.
fn fuzzy_replace(text: &str, old: &str, new: &str) -> Option<String> {
    let old_lines: Vec<&str> = old.split('\n').collect();
    let lines: Vec<&str> = text.split('\n').collect();
    if old_lines.len() > lines.len() {
        return None;
    }
    let indent = |s: &str| s.len() - s.trim_start().len();
    for i in 0..=lines.len() - old_lines.len() {
        let window = &lines[i..i + old_lines.len()];
        if window
            .iter()
            .zip(&old_lines)
            .all(|(a, b)| a.trim() == b.trim())
        {
            let orig = &lines[i][..indent(lines[i])];
            let new_lines: Vec<String> = new
                .split('\n')
                .enumerate()
                .map(|(j, line)| {
                    if j == 0 {
                        return format!("{orig}{}", line.trim_start());
                    }
                    let old_indent = old_lines.get(j).map_or(0, |l| indent(l));
                    let new_indent = indent(line);
                    if old_indent > 0 && new_indent > 0 {
                        let rel = new_indent.saturating_sub(old_indent);
                        format!("{orig}{}{}", " ".repeat(rel), line.trim_start())
                    } else {
                        line.to_owned()
                    }
                })
                .collect();
            let mut out: Vec<String> = lines[..i].iter().map(|s| s.to_string()).collect();
            out.extend(new_lines);
            out.extend(lines[i + old_lines.len()..].iter().map(|s| s.to_string()));
            return Some(out.join("\n"));
        }
    }
    None
}

/// The active injection, for one call.
struct On {
    name: &'static str,
    root: PathBuf,
}

impl On {
    fn host(&self, args: &Args, key: &str) -> Option<PathBuf> {
        arg(args, key).map(|p| resolve_lexically(&self.root, p))
    }

    /// The path arguments of a call.
    fn paths<'a>(&self, args: &'a Args) -> Vec<&'a str> {
        let mut v: Vec<&str> = ["path", "source", "destination"]
            .iter()
            .filter_map(|k| arg(args, k))
            .collect();
        if let Some(Value::Array(items)) = args.get("paths") {
            v.extend(items.iter().filter_map(Value::as_str));
        }
        v
    }

    /// Before a call: may rewrite the arguments or answer the call itself. Each fault is
    /// one arm of one of the three groups, so at most one group acts.
    fn before(&self, name: &str, args: &mut Args) -> Option<Outcome> {
        self.before_path_checks(name, args)
            .or_else(|| self.before_operations(name, args))
            .or_else(|| self.before_links(name, args))
    }

    /// The faults of path checks: what a weaker check lets through, and races.
    fn before_path_checks(&self, name: &str, args: &mut Args) -> Option<Outcome> {
        match self.name {
            "fs-prefix-sibling" => {
                let root = self.root.to_string_lossy().into_owned();
                let sibling = self.paths(args).iter().any(|p| {
                    let host = resolve_lexically(&self.root, p);
                    !host.starts_with(&self.root) && host.to_string_lossy().starts_with(&root)
                });
                if sibling {
                    return self.naive(name, args);
                }
            }
            "fs-symlink-escape"
                if self
                    .paths(args)
                    .iter()
                    .any(|p| through_link(&resolve_lexically(&self.root, p))) =>
            {
                return self.naive(name, args);
            }
            "fs-deep-new-path-raw" | "fs-home-and-temp-allowed" | "fs-dotdot-only" => {
                return self.loose_check(name, args);
            }
            "fs-case-blind-links"
                if self.paths(args).iter().any(|p| {
                    found_only_by_folding(&self.root, &resolve_lexically(&self.root, p))
                }) =>
            {
                return self.naive(name, args);
            }
            "fs-read-check-then-use" if name == "read_text_file" => {
                return self.check_then_use(name, args, &["path"]);
            }
            "fs-write-check-then-use" if name == "write_file" => {
                return self.check_then_use(name, args, &["path"]);
            }
            "fs-move-check-then-use" if name == "move_file" => {
                return self.check_then_use(name, args, &["source", "destination"]);
            }
            "fs-strip-trailing" => {
                let stripped = |p: &str| p.trim_end_matches(['"', '\'', ' ', '.']).len() < p.len();
                let sloppy_inside = self.paths(args).iter().any(|p| {
                    stripped(p)
                        && resolve_lexically(&self.root, p.trim_end_matches(['"', '\'', ' ', '.']))
                            .starts_with(&self.root)
                });
                if sloppy_inside {
                    return self.naive(name, args);
                }
            }
            _ => {}
        }
        None
    }

    /// The faults of one operation: reads, writes, edits done otherwise.
    fn before_operations(&self, name: &str, args: &mut Args) -> Option<Outcome> {
        match self.name {
            "fs-fifo-blocks" if name == "read_text_file" => {
                use std::os::unix::fs::FileTypeExt;
                let host = self.host(args, "path")?;
                if std::fs::metadata(&host).is_ok_and(|m| m.file_type().is_fifo()) {
                    return self.naive(name, args);
                }
            }
            "fs-multiple-all-or-nothing" if name == "read_multiple_files" => {
                for p in self.paths(args) {
                    if !resolve_lexically(&self.root, p).is_file() {
                        return Some(Err(ToolError::new(
                            Code::NotFound,
                            format!("ENOENT: no such file or directory: {p}"),
                        )));
                    }
                }
            }
            "fs-media-as-text" if name == "read_media_file" => {
                let raw = arg(args, "path")?;
                let bytes = std::fs::read(self.host(args, "path")?);
                return Some(
                    bytes
                        .map(|b| result::text(String::from_utf8_lossy(&b).into_owned()))
                        .map_err(|e| io_error(raw, e)),
                );
            }
            "fs-head-ignored" if name == "read_text_file" => {
                args.remove("head");
            }
            "fs-write-appends" if name == "write_file" => {
                let host = self.host(args, "path")?;
                if let Ok(old) = std::fs::read_to_string(&host) {
                    let content = format!("{old}{}", arg(args, "content").unwrap_or_default());
                    args.insert("content".into(), json!(content));
                }
            }
            "fs-percent-decoded" => {
                let raw = arg(args, "path")?;
                let decoded = percent_encoding::percent_decode_str(raw)
                    .decode_utf8()
                    .ok()?
                    .into_owned();
                // The check sees the raw path, which names something inside.
                if decoded != raw && resolve_lexically(&self.root, raw).starts_with(&self.root) {
                    args.insert("path".into(), json!(decoded));
                    return self.naive(name, args);
                }
            }
            "fs-nul-truncates" if name == "write_file" => {
                let path = arg(args, "path")?;
                if let Some(cut) = path.find('\0') {
                    let short = path[..cut].to_string();
                    args.insert("path".into(), json!(short));
                }
            }
            "fs-write-cut-8mib" if name == "write_file" => {
                let content = arg(args, "content").unwrap_or_default();
                let kept = &content[..floor_char(content, BUFFER)];
                if kept.len() < content.len() {
                    args.insert("content".into(), json!(kept.to_string()));
                }
            }
            "fs-create-no-parents" if name == "write_file" => {
                let host = self.host(args, "path")?;
                if !host.parent()?.exists() {
                    let raw = arg(args, "path")?;
                    return Some(Ok(result::text(format!("Successfully wrote to {raw}"))));
                }
            }
            "fs-sizes-follow-links" if name == "list_directory_with_sizes" => {
                let dir = self.host(args, "path")?;
                let mut lines = Vec::new();
                for entry in std::fs::read_dir(dir).ok()?.flatten() {
                    // `metadata` follows the entry's link: the fault.
                    let size = std::fs::metadata(entry.path()).map_or(0, |m| m.len());
                    let name = entry.file_name().to_string_lossy().into_owned();
                    lines.push(format!("[FILE] {name} {size}"));
                }
                lines.sort();
                return Some(Ok(result::text(lines.join("\n"))));
            }
            "fs-move-refused" if name == "move_file" => {
                let raw = arg(args, "source").unwrap_or_default();
                return Some(Err(ToolError::new(
                    Code::PathEscape,
                    format!("Access denied - path outside allowed directories: {raw}"),
                )));
            }
            "fs-write-lf" if name == "write_file" => {
                let content = arg(args, "content")
                    .unwrap_or_default()
                    .replace("\r\n", "\n");
                args.insert("content".into(), json!(content));
            }
            "fs-dry-run-writes" if name == "edit_file" => {
                args.remove("dryRun");
            }
            "fs-edit-missing-ignored" if name == "edit_file" => {
                let text = std::fs::read_to_string(self.host(args, "path")?).ok()?;
                if let Some(Value::Array(edits)) = args.get_mut("edits") {
                    edits.retain(|e| {
                        e.get("oldText")
                            .and_then(Value::as_str)
                            .is_none_or(|o| text.contains(o))
                    });
                }
            }
            "fs-edit-in-place" if name == "edit_file" => {
                return edit_in_place(&self.host(args, "path")?, args).map(Ok);
            }
            "fs-edit-stale" if name == "edit_file" => {
                return edit_stale(&self.host(args, "path")?, args).map(Ok);
            }
            _ => {}
        }
        None
    }

    /// The faults of links, directories, moves and the official readings.
    fn before_links(&self, name: &str, args: &mut Args) -> Option<Outcome> {
        match self.name {
            "fs-absolute-link-refused" => {
                let absolute = |p: &&str| {
                    std::fs::read_link(resolve_lexically(&self.root, p))
                        .is_ok_and(|t| t.is_absolute())
                };
                if let Some(p) = self.paths(args).into_iter().find(absolute) {
                    return Some(Err(ToolError::new(
                        Code::PathEscape,
                        format!("Access denied - symlink with an absolute target: {p}"),
                    )));
                }
            }
            "fs-links-refused" => {
                let link = |p: &&str| std::fs::read_link(resolve_lexically(&self.root, p)).is_ok();
                if let Some(p) = self.paths(args).into_iter().find(link) {
                    return Some(Err(ToolError::new(
                        Code::PathEscape,
                        format!("Access denied - symlinks are not followed: {p}"),
                    )));
                }
            }
            "fs-mkdir-flat" if name == "create_directory" => {
                let raw = arg(args, "path")?;
                let host = self.host(args, "path")?;
                if host.parent().is_some_and(|p| !p.exists()) {
                    return Some(Err(ToolError::new(
                        Code::NotFound,
                        format!("ENOENT: no such file or directory, mkdir '{raw}'"),
                    )));
                }
            }
            "fs-move-overwrites" if name == "move_file" => {
                let (from, to) = (self.host(args, "source")?, self.host(args, "destination")?);
                if from.is_file() && to.is_file() {
                    let raw = arg(args, "source").unwrap_or_default();
                    return Some(
                        std::fs::rename(&from, &to)
                            .map(|()| result::text("Moved".into()))
                            .map_err(|e| io_error(raw, e)),
                    );
                }
            }
            "fs-search-star-crosses" if name == "search_files" => {
                return Some(self.search_crossing(args));
            }
            "fs-hard-link-in-place" => {
                return write_linked(name, &self.host(args, "path")?, args, false);
            }
            "fs-hard-link-read" => return read_linked(name, &self.host(args, "path")?),
            "fs-official-hard-links" => {
                let host = self.host(args, "path")?;
                return read_linked(name, &host).or_else(|| write_linked(name, &host, args, true));
            }
            "fs-official-lf"
            | "fs-official-first-match"
            | "fs-official-fuzzy"
            | "fs-edit-first-of-two"
                if name == "edit_file" =>
            {
                return self.edit_officially(args);
            }
            _ => {}
        }
        None
    }

    /// The path checks of the 2026 reports on other file servers (docs/advisories.md): a
    /// call the weaker check lets through goes to plain std::fs, anything else to the
    /// reference.
    fn loose_check(&self, name: &str, args: &Args) -> Option<Outcome> {
        let paths = self.paths(args);
        let hosts: Vec<PathBuf> = paths
            .iter()
            .map(|p| resolve_lexically(&self.root, p))
            .collect();
        let holder = self.root.parent().unwrap_or(&self.root);
        let through = match self.name {
            "fs-deep-new-path-raw" => hosts.iter().any(|h| deep_new_path_passes(&self.root, h)),
            "fs-home-and-temp-allowed" => hosts
                .iter()
                .any(|h| !h.starts_with(&self.root) && h.starts_with(holder)),
            _ if paths.iter().any(|p| p.contains("..")) => {
                let msg = "Path traversal detected: `..` is not allowed";
                return Some(Err(ToolError::new(Code::PathEscape, msg)));
            }
            _ => hosts
                .iter()
                .any(|h| !h.starts_with(&self.root) || through_link(h)),
        };
        if through {
            self.naive(name, args)
        } else {
            None
        }
    }

    /// search_files with a `*` that crosses `/`, walking the host tree by hand.
    fn search_crossing(&self, args: &Args) -> Outcome {
        let raw = arg(args, "path").unwrap_or_default();
        let base = resolve_lexically(&self.root, raw);
        let pattern = arg(args, "pattern").unwrap_or_default();
        let m = GlobBuilder::new(pattern)
            .literal_separator(false)
            .build()
            .map_err(|e| ToolError::new(Code::InvalidArgument, e.to_string()))?
            .compile_matcher();
        let mut found = Vec::new();
        let mut stack = vec![base.clone()];
        while let Some(dir) = stack.pop() {
            let rd = std::fs::read_dir(&dir).map_err(|e| io_error(raw, e))?;
            for entry in rd.flatten() {
                let p = entry.path();
                let rel = p
                    .strip_prefix(&base)
                    .unwrap_or(&p)
                    .to_string_lossy()
                    .into_owned();
                if m.is_match(&rel) {
                    found.push(p.display().to_string());
                }
                if entry.file_type().is_ok_and(|t| t.is_dir()) {
                    stack.push(p);
                }
            }
        }
        found.sort();
        Ok(result::text(if found.is_empty() {
            "No matches found".into()
        } else {
            found.join("\n")
        }))
    }

    /// edit_file with one of the official server's readings, by hand on the host file.
    fn edit_officially(&self, args: &Args) -> Option<Outcome> {
        let raw = arg(args, "path")?;
        let host = self.host(args, "path")?;
        if !host.starts_with(&self.root) || through_link(&host) {
            return None;
        }
        let edits: Vec<(String, String)> = args
            .get("edits")?
            .as_array()?
            .iter()
            .map(|e| {
                Some((
                    e.get("oldText")?.as_str()?.to_owned(),
                    e.get("newText")?.as_str()?.to_owned(),
                ))
            })
            .collect::<Option<_>>()?;
        if edits.iter().any(|(o, _)| o.is_empty()) {
            return None;
        }
        let dry = args.get("dryRun").and_then(Value::as_bool) == Some(true);
        let original = match std::fs::read_to_string(&host) {
            Ok(t) => t,
            Err(e) => return Some(Err(io_error(raw, e))),
        };
        let pairs: Vec<(&str, &str)> = edits
            .iter()
            .map(|(o, n)| (o.as_str(), n.as_str()))
            .collect();
        let outcome = match self.name {
            "fs-official-lf" => {
                let lf = original.replace("\r\n", "\n");
                edit::apply(&lf, &pairs, raw)
            }
            "fs-official-first-match" | "fs-edit-first-of-two" => {
                let mut text = original.clone();
                let mut err = None;
                for (old, new) in &pairs {
                    if !text.contains(old) {
                        err = Some(ToolError::new(
                            Code::ContentMismatch,
                            format!("Could not find exact match for edit:\n{old}"),
                        ));
                        break;
                    }
                    text = text.replacen(old, new, 1);
                }
                err.map_or(Ok(text), Err)
            }
            _ => {
                let mut text = original.clone();
                let mut err = None;
                for (old, new) in &pairs {
                    match edit::apply(&text, &[(old, new)], raw) {
                        Ok(t) => text = t,
                        Err(e) if e.code == Code::ContentMismatch => {
                            match fuzzy_replace(&text, old, new) {
                                Some(t) => text = t,
                                None => {
                                    err = Some(e);
                                    break;
                                }
                            }
                        }
                        Err(e) => {
                            err = Some(e);
                            break;
                        }
                    }
                }
                err.map_or(Ok(text), Err)
            }
        };
        let after = match outcome {
            Ok(t) => t,
            Err(e) => return Some(Err(e)),
        };
        if !dry
            && after != original
            && let Err(e) = write_whole(&host, after.as_bytes())
        {
            return Some(Err(io_error(raw, e)));
        }
        Some(Ok(result::text(edit::diff(&original, &after, raw))))
    }

    /// Checks where each path argument really is (its real location, or its directory's
    /// for a new file), as a realpath check does, then, after a pause as long as a
    /// server's await between the two, uses the paths by name with plain std::fs.
    fn check_then_use(&self, name: &str, args: &Args, keys: &[&str]) -> Option<Outcome> {
        for key in keys {
            let raw = arg(args, key)?;
            let host = self.host(args, key)?;
            let real = std::fs::canonicalize(&host).or_else(|_| {
                let dir = std::fs::canonicalize(host.parent().unwrap_or(&host))?;
                Ok::<_, std::io::Error>(dir.join(host.file_name().unwrap_or_default()))
            });
            match real {
                Ok(r) if r.starts_with(&self.root) => {}
                Ok(r) => {
                    return Some(Err(ToolError::new(
                        Code::PathEscape,
                        format!(
                            "Access denied - path outside allowed directories: {}",
                            r.display()
                        ),
                    )));
                }
                Err(e) => return Some(Err(io_error(raw, e))),
            }
        }
        std::thread::sleep(std::time::Duration::from_micros(200));
        if name == "move_file" {
            let (from, to) = (self.host(args, "source")?, self.host(args, "destination")?);
            let raw = arg(args, "source").unwrap_or_default();
            return Some(
                std::fs::rename(&from, &to)
                    .map(|()| result::text(format!("Successfully moved {raw}")))
                    .map_err(|e| io_error(raw, e)),
            );
        }
        self.naive(name, args)
    }

    /// A call as a server with the injection's weakness makes it: plain std::fs on the
    /// lexical host path, which follows every symlink (reads, writes in place, listings).
    fn naive(&self, name: &str, args: &Args) -> Option<Outcome> {
        if name == "move_file" {
            // The source resolved with realpath (links followed), then renamed by name.
            let raw = arg(args, "source")?;
            let from = self.host(args, "source")?;
            let from = std::fs::canonicalize(&from).unwrap_or(from);
            let out = std::fs::rename(from, self.host(args, "destination")?)
                .map(|()| result::text(format!("Successfully moved {raw}")));
            return Some(out.map_err(|e| io_error(raw, e)));
        }
        let raw = arg(args, "path")?;
        let host = self.host(args, "path")?;
        let out = match name {
            "read_text_file" | "read_file" => std::fs::read_to_string(&host).map(result::text),
            "write_file" => std::fs::write(&host, arg(args, "content").unwrap_or_default())
                .map(|()| result::text(format!("Successfully wrote to {raw}"))),
            "list_directory" => std::fs::read_dir(&host).map(|rd| {
                let lines: Vec<String> = rd
                    .flatten()
                    .map(|e| {
                        let dir = e.path().is_dir();
                        format!(
                            "{} {}",
                            if dir { "[DIR]" } else { "[FILE]" },
                            e.file_name().to_string_lossy()
                        )
                    })
                    .collect();
                result::text(lines.join("\n"))
            }),
            "create_directory" => std::fs::create_dir_all(&host)
                .map(|()| result::text(format!("Successfully created directory {raw}"))),
            _ => return None,
        };
        Some(out.map_err(|e| io_error(raw, e)))
    }

    /// After a call: may change its outcome.
    fn after(&self, name: &str, args: &Args, out: Outcome) -> Outcome {
        let r = match out {
            Err(e) if self.name == "fs-error-drops-path" => {
                return Err(without_paths(e, &self.paths(args)));
            }
            Err(e) => return Err(e),
            Ok(r) => r,
        };
        let text = text_of(&r);
        let changed = match (self.name, name) {
            ("fs-tail-drops-line", "read_text_file") => {
                let Some(n) = args.get("tail").and_then(Value::as_u64) else {
                    return Ok(r);
                };
                let file = std::fs::read_to_string(self.host(args, "path").unwrap_or_default())
                    .unwrap_or_default();
                let lines: Vec<&str> = file.split('\n').collect();
                let from = lines.len().saturating_sub(n as usize);
                lines[from..].join("\n")
            }
            ("fs-read-cut-8mib", "read_text_file") if text.len() > BUFFER => {
                String::from_utf8_lossy(&text.as_bytes()[..BUFFER]).into_owned()
            }
            ("fs-read-adds-newline", "read_text_file")
                if !text.is_empty() && !text.ends_with('\n') =>
            {
                format!("{text}\n")
            }
            ("fs-edit-no-diff", "edit_file") => "Edited".into(),
            ("fs-list-unmarked", "list_directory") => text
                .lines()
                .map(|l| l.split_once(' ').map_or(l, |(_, n)| n))
                .collect::<Vec<_>>()
                .join("\n"),
            ("fs-sizes-missing", "list_directory_with_sizes") => text
                .lines()
                .take_while(|l| !l.is_empty())
                .map(|l| {
                    let (kind, rest) = l.split_once(' ').unwrap_or((l, ""));
                    let name = rest.trim_end().rsplit_once("  ").map_or(rest, |(n, _)| n);
                    format!("{kind} {}", name.trim_end())
                })
                .collect::<Vec<_>>()
                .join("\n"),
            ("fs-tree-flat", "directory_tree") => {
                let Ok(Value::Array(mut top)) = serde_json::from_str::<Value>(&text) else {
                    return Ok(r);
                };
                for e in &mut top {
                    if let Some(c) = e.get_mut("children") {
                        *c = json!([]);
                    }
                }
                serde_json::to_string_pretty(&top).unwrap_or_default()
            }
            ("fs-search-relative", "search_files") => {
                let base = format!("{}/", self.host(args, "path").unwrap_or_default().display());
                text.lines()
                    .map(|l| l.strip_prefix(&base).unwrap_or(l))
                    .collect::<Vec<_>>()
                    .join("\n")
            }
            ("fs-info-no-type", "get_file_info") => text
                .lines()
                .filter(|l| !l.starts_with("isDirectory") && !l.starts_with("isFile"))
                .collect::<Vec<_>>()
                .join("\n"),
            ("fs-allowed-empty", "list_allowed_directories") => "Allowed directories:\n".into(),
            ("fs-list-spoofable", "list_directory")
            | ("fs-sizes-spoofable", "list_directory_with_sizes")
            | ("fs-search-spoofable", "search_files") => {
                text.lines().map(unquoted).collect::<Vec<_>>().join("\n")
            }
            _ => return Ok(r),
        };
        let mut r = CallToolResult::success(vec![ContentBlock::text(changed.clone())]);
        r.structured_content = Some(json!({"content": changed}));
        Ok(r)
    }
}

/// A listing line with its quoted name (FS-CLR-11: a JSON string from the first `"`) shown
/// as it is again, control characters and all.
fn unquoted(line: &str) -> String {
    let Some(at) = line.find('"') else {
        return line.to_owned();
    };
    let mut names = serde_json::Deserializer::from_str(&line[at..]).into_iter::<String>();
    match names.next() {
        Some(Ok(name)) => {
            let end = at + names.byte_offset();
            format!("{}{name}{}", &line[..at], &line[end..])
        }
        _ => line.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{fuzzy_replace, unquoted};

    #[test]
    fn quoted_names_are_shown_raw_again() {
        assert_eq!(
            unquoted(r#"[FILE] "evil\n[DIR] injected""#),
            "[FILE] evil\n[DIR] injected"
        );
        assert_eq!(unquoted(r#"[FILE] "a\tb"   2 B"#), "[FILE] a\tb   2 B");
        assert_eq!(unquoted("[DIR] plain"), "[DIR] plain");
    }

    #[test]
    fn the_official_fallback_reindents() {
        let text = "fn a() {\n    let x = 1;\n}\n";
        let out = fuzzy_replace(text, "let x = 1;", "let x = 2;").unwrap();
        assert_eq!(out, "fn a() {\n    let x = 2;\n}\n");
        assert_eq!(fuzzy_replace(text, "let y", "z"), None);
    }
}
