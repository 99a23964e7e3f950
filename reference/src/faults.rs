//! Injected faults and alternative readings, used only to prove the conformance harness.
//!
//! Compiled only with the cargo feature `faults`, which only the e2e-tests crate enables
//! (for its test binary `mcp-faulty`). The production `mcp-reference` binary never calls
//! `activate`, so nothing here can be selected from it: with nothing active every hook
//! is a no-op. (Cargo feature unification compiles this module into the library when the
//! whole workspace is built together; the entry point that selects a fault exists only in
//! the test crate.)
//!
//! A *fault* breaks one requirement (an upstream MCP-/AUTH- id, or a CLR id where the
//! behaviour is one of our clarifications); the harness must catch every one. A *variant*
//! makes the other reasonable choice where a clarification decides something the upstream
//! leaves open; the harness must accept it in every core case.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use rmcp::model::{CallToolResult, JsonObject};
use serde_json::{Value, json};

use crate::errors::{Code, ToolError, ToolResult};
use crate::paths::{self, NormPath};
use crate::sandbox::{Entry, EntryKind};
use crate::tools::{Ctx, ToolKind};

/// One injected behaviour: its name, the id it breaks (fault) or re-decides (variant),
/// and what it does.
#[derive(Debug, Clone, Copy)]
pub struct Injection {
    pub name: &'static str,
    pub id: &'static str,
    pub what: &'static str,
}

const fn inj(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection { name, id, what }
}

/// Faults: each breaks exactly one requirement.
pub const FAULTS: &[Injection] = &[
    inj(
        "hash-uppercase",
        "CLR-012",
        "hashes are returned in upper-case hex",
    ),
    inj(
        "hash-normalized-newlines",
        "MCP-031",
        "text.read hashes the file with CRLF turned into LF",
    ),
    inj(
        "hash-of-range",
        "MCP-031",
        "a ranged text.read returns the hash of the range, not of the file",
    ),
    inj(
        "hash-base64-undecoded",
        "MCP-031",
        "file.create with base64 returns the hash of the base64 text",
    ),
    inj(
        "dotdot-clamped",
        "MCP-027",
        "a `..` above the root is dropped (clamped at the root) instead of refused",
    ),
    inj(
        "symlink-escape",
        "AUTH-042",
        "text.read, file.create and listings follow symlinks out of the root",
    ),
    inj(
        "prefix-sibling",
        "AUTH-041",
        "containment is checked by string prefix, so <root>_evil counts as inside",
    ),
    inj(
        "drive-as-name",
        "MCP-028",
        "a path starting with `C:\\` is taken as a file name",
    ),
    inj(
        "backslash-separator",
        "MCP-028",
        "a backslash is taken as a path separator",
    ),
    inj(
        "range-end-inclusive",
        "MCP-040",
        "the end of a range is inclusive",
    ),
    inj(
        "negative-off-by-one",
        "MCP-041",
        "a negative bound i means total + i (so -1 is the second-to-last line)",
    ),
    inj(
        "zero-not-open",
        "MCP-042",
        "0 as a bound means line 0, not an open end",
    ),
    inj(
        "total-lines-final-newline",
        "CLR-001",
        "total_lines counts an empty line after a final newline",
    ),
    inj(
        "create-overwrites",
        "MCP-010",
        "file.create replaces an existing file",
    ),
    inj(
        "create-no-parents",
        "MCP-010",
        "file.create does not create missing parent directories",
    ),
    inj(
        "create-base64-undecoded",
        "MCP-030",
        "file.create stores base64 content without decoding it",
    ),
    inj(
        "remove-ignores-hash",
        "MCP-034",
        "file.remove deletes whatever hash is presented",
    ),
    inj(
        "replace-ignores-hash",
        "MCP-034",
        "text.replace edits whatever hash is presented",
    ),
    inj(
        "replace-partial-line",
        "MCP-045",
        "text.replace accepts `old` that is part of a line",
    ),
    inj(
        "replace-outside-range",
        "MCP-045",
        "text.replace finds `old` outside the `lines` range",
    ),
    inj(
        "insert-after-anchor",
        "MCP-046",
        "text.insert puts the content after the anchor line",
    ),
    inj(
        "insert-ignores-anchor",
        "MCP-046",
        "text.insert does not check the anchor text",
    ),
    inj(
        "append-joins-last-line",
        "MCP-015",
        "text.append continues the last line instead of adding lines",
    ),
    inj(
        "append-ignores-hash",
        "MCP-034",
        "text.append edits whatever hash is presented",
    ),
    inj(
        "errors-say-error",
        "MCP-052",
        "every error message is just \"error\"",
    ),
    inj(
        "missing-file-empty",
        "MCP-050",
        "text.read of a missing file succeeds with empty content",
    ),
    inj(
        "listing-recursive",
        "MCP-020",
        "listings include the entries of subdirectories",
    ),
    inj(
        "listing-drops-dotfiles",
        "MCP-021",
        "listings leave out names starting with a dot",
    ),
    inj(
        "listing-unsorted",
        "CLR-024",
        "listings come in reverse order",
    ),
    inj(
        "lost-update",
        "MCP-034",
        "no per-file lock and a pause between hash check and write, so racing same-hash mutations all succeed",
    ),
    inj(
        "torn-write",
        "CLR-027",
        "files are rewritten in place in two halves with a pause, so a reader can see half a write",
    ),
];

/// Variants: the other reasonable choice for one clarification.
pub const VARIANTS: &[Injection] = &[
    inj(
        "ranged-read-joined",
        "CLR-002",
        "a ranged read returns the lines joined by \\n, without the final terminator",
    ),
    inj(
        "zero-start-rejected",
        "CLR-004",
        "0 as the start of a range is refused (INVALID_RANGE)",
    ),
    inj(
        "range-clamped",
        "CLR-005",
        "a range reaching past the file is clamped to it",
    ),
    inj(
        "lines-single-element",
        "CLR-006",
        "`lines: [n]` is accepted as [n, 0]",
    ),
    inj(
        "empty-old-is-empty-line",
        "CLR-007",
        "`old: \"\"` names one empty line instead of being refused",
    ),
    inj(
        "ambiguous-first-wins",
        "CLR-008",
        "when `old` occurs more than once in the range, the first occurrence is replaced",
    ),
    inj(
        "negative-insert-rejected",
        "CLR-009",
        "a negative `line` for text.insert is refused (INVALID_RANGE)",
    ),
    inj(
        "append-no-break",
        "CLR-010",
        "text.append does not add a missing final newline before the new lines",
    ),
    inj(
        "lf-in-crlf",
        "CLR-011",
        "new lines always end with \\n, even in a CRLF file",
    ),
    inj(
        "uppercase-hash-rejected",
        "CLR-012",
        "a hash argument in upper case is refused (INVALID_ARGUMENT)",
    ),
    inj(
        "windows-paths-escape",
        "CLR-013",
        "Windows path forms are refused as PATH_ESCAPE instead of INVALID_PATH",
    ),
    inj(
        "trailing-slash-refused",
        "CLR-014",
        "a file path ending in / is refused (INVALID_PATH)",
    ),
    inj(
        "symlinks-never-followed",
        "CLR-015",
        "every path through a symlink is refused (PATH_ESCAPE)",
    ),
    inj(
        "absolute-link-inside",
        "CLR-016",
        "text.read follows an absolute symlink target that lies inside the root",
    ),
    inj(
        "tool-errors-as-protocol",
        "CLR-019",
        "tool failures are JSON-RPC errors instead of isError results",
    ),
    inj(
        "errors-without-code",
        "CLR-020",
        "tool errors carry only the text block, no structuredContent",
    ),
    inj(
        "invalid-args-protocol",
        "CLR-021",
        "invalid arguments are JSON-RPC invalid-params errors",
    ),
    inj(
        "not-found-wording",
        "CLR-022",
        "not-found errors quote the path as given, in other words",
    ),
    inj(
        "text-only-results",
        "CLR-023",
        "results are only a JSON text block, without structuredContent",
    ),
    inj(
        "listing-file-not-found",
        "CLR-025",
        "listing a file is a resource-not-found error (there is no directory there)",
    ),
    inj(
        "listing-string-array",
        "CLR-024",
        "a listing is a JSON array of names, directories ending in /",
    ),
];

/// Clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "CLR-001",
        "the other readings (a lone CR ends a line; a final newline starts one more line) are built as the fault total-lines-final-newline or need a second line model; not built",
    ),
    (
        "CLR-003",
        "no other reasonable choice: the upstream names Python-style negative bounds and 0 as an open end",
    ),
    (
        "CLR-017",
        "no other reasonable choice: the upstream tests ask file.create to make missing parents (T3.3.3) and to refuse an existing file (T3.3.4); both other choices are faults here",
    ),
    (
        "CLR-018",
        "no other reasonable choice: decoding binary data lossily and writing it back corrupts the file",
    ),
    (
        "CLR-026",
        "no other reasonable choice: with a hash precondition at most one same-hash mutation can succeed without losing an update",
    ),
    (
        "CLR-027",
        "no other reasonable choice: a reader must never see a half-written file",
    ),
    (
        "CLR-028",
        "not built: a different limit would only show with files above it, and the catalogue has none (too large for a test)",
    ),
    (
        "CLR-029",
        "no other reasonable choice: storing undecodable base64 as text creates a file nobody asked for",
    ),
    (
        "CLR-030",
        "not built: Unicode normalization needs normalization tables the project does not depend on",
    ),
];

static ACTIVE: OnceLock<&'static str> = OnceLock::new();
static ROOT: OnceLock<PathBuf> = OnceLock::new();

/// Selects one fault or variant by name, for the whole process.
pub fn activate(name: &str, root: &Path) -> Result<(), String> {
    let found = FAULTS
        .iter()
        .chain(VARIANTS)
        .find(|i| i.name == name)
        .ok_or_else(|| format!("unknown fault or variant {name:?}"))?;
    let _ = ACTIVE.set(found.name);
    let _ = ROOT.set(std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf()));
    Ok(())
}

/// Whether any injection is active (never in the production binary).
pub fn active() -> bool {
    ACTIVE.get().is_some()
}

/// A whole tool call under an injection: before-hook, the reference's own code, after-
/// hook, then the result's last touch. Everything runs on the blocking pool.
pub async fn call(
    ctx: std::sync::Arc<Ctx>,
    kind: ToolKind,
    mut args: JsonObject,
    style: crate::tools::NameStyle,
) -> Result<rmcp::model::CallToolResponse, rmcp::ErrorData> {
    let out = tokio::task::spawn_blocking(move || {
        if let Some(early) = before(kind, &mut args) {
            return early;
        }
        let mut out = crate::server::ReferenceServer::run_tool(&ctx, kind, args.clone());
        after(&ctx, kind, &args, &mut out);
        out
    })
    .await
    .map_err(|e| rmcp::ErrorData::internal_error(format!("tool task failed: {e}"), None))?;
    if let Some(e) = as_protocol_error(&out) {
        return Err(e);
    }
    let mut r = match out {
        Ok(v) => crate::server::success(v),
        Err(e) => crate::server::failure(&e, style),
    };
    finish(&mut r);
    Ok(r.into())
}

/// Whether `name` is the active injection.
pub fn on(name: &str) -> bool {
    ACTIVE.get().is_some_and(|a| *a == name)
}

fn root() -> PathBuf {
    ROOT.get().cloned().unwrap_or_default()
}

fn sha(bytes: &[u8]) -> String {
    crate::hash::sha256_hex(bytes)
}

fn arg<'a>(args: &'a JsonObject, k: &str) -> Option<&'a str> {
    args.get(k).and_then(Value::as_str)
}

/// The file a path argument names, on the real filesystem (no containment: faults only).
fn host_path(args: &JsonObject) -> Option<PathBuf> {
    let p = paths::normalize(arg(args, "path")?, false).ok()?;
    Some(root().join(p.relative()))
}

fn read_result(bytes: Vec<u8>) -> ToolResult<Value> {
    let total = crate::lines::total_lines(&bytes);
    let hash = sha(&bytes);
    let content =
        String::from_utf8(bytes).map_err(|_| ToolError::new(Code::NotText, "not text (base64)"))?;
    Ok(json!({"content": content, "hash": hash, "total_lines": total}))
}

fn io_err(e: std::io::Error) -> ToolError {
    if e.kind() == std::io::ErrorKind::NotFound {
        ToolError::new(Code::NotFound, format!("not found: {e}"))
    } else {
        ToolError::new(Code::IoError, format!("i/o error: {e}"))
    }
}

// ---------------------------------------------------------------------------------------
// Hooks inside the library (paths, lines, edit, locks, sandbox).
// ---------------------------------------------------------------------------------------

/// Path text as the faulty server reads it (backslash-separator).
pub fn path_input(input: &str) -> String {
    if on("backslash-separator") {
        input.replace('\\', "/")
    } else {
        input.to_owned()
    }
}

/// Resolves a range bound; `None` leaves it to the reference.
pub fn bound(value: i64, total: usize, is_start: bool) -> Option<i128> {
    let total = total as i128;
    if on("negative-off-by-one") && value < 0 {
        return Some(total + value as i128);
    }
    if on("zero-not-open") && value == 0 {
        return Some(0);
    }
    if on("zero-start-rejected") && value == 0 && is_start {
        return Some(0);
    }
    None
}

/// Adjusts a resolved range `(s, e)`.
pub fn range(s: &mut i128, e: &mut i128, end_arg: i64, total: usize) {
    let max = total as i128 + 1;
    if on("range-end-inclusive") && end_arg != 0 {
        *e += 1;
    }
    if on("range-clamped") {
        *s = (*s).clamp(1, max);
        *e = (*e).clamp(1, max);
        if *s > *e {
            *s = *e;
        }
    }
}

/// A negative insert line under negative-off-by-one.
pub fn line(line: i64, total: usize) -> Option<i64> {
    (on("negative-off-by-one") && line < 0).then(|| total as i64 + line)
}

/// Whether new lines are forced to `\n`.
pub fn force_lf() -> bool {
    on("lf-in-crlf")
}

/// Mutations skip the per-file lock (lost-update).
pub fn skip_lock() -> bool {
    on("lost-update")
}

/// Between the hash check and the write (lost-update): long enough for a racing call.
pub fn after_hash_check() {
    if on("lost-update") {
        std::thread::sleep(Duration::from_millis(300));
    }
}

/// Rewrites a file in place in two halves with a pause (torn-write). `Some` when done.
pub fn torn_write(dir: &cap_std::fs::Dir, name: &str, bytes: &[u8]) -> Option<std::io::Result<()>> {
    if !on("torn-write") {
        return None;
    }
    use std::io::Write;
    let go = || -> std::io::Result<()> {
        let mut f = dir.open_with(
            name,
            cap_std::fs::OpenOptions::new().write(true).truncate(true),
        )?;
        let half = bytes.len() / 2;
        f.write_all(&bytes[..half])?;
        f.flush()?;
        std::thread::sleep(Duration::from_millis(300));
        f.write_all(&bytes[half..])?;
        f.flush()
    };
    Some(go())
}

// ---------------------------------------------------------------------------------------
// Hooks around a tool call (server.rs).
// ---------------------------------------------------------------------------------------

fn current_hash(args: &JsonObject) -> Option<String> {
    std::fs::read(host_path(args)?).ok().map(|b| sha(&b))
}

/// Before a call: may rewrite the arguments or answer the call itself.
pub fn before(kind: ToolKind, args: &mut JsonObject) -> Option<ToolResult<Value>> {
    use ToolKind::*;
    let ignores_hash = (on("remove-ignores-hash") && kind == Remove)
        || (on("replace-ignores-hash") && kind == Replace)
        || (on("append-ignores-hash") && kind == Append);
    if ignores_hash && let Some(h) = current_hash(args) {
        args.insert("hash".into(), h.into());
    }
    if on("hash-normalized-newlines")
        && matches!(kind, Remove | Replace | Insert | Append)
        && let Some(p) = host_path(args)
        && let Ok(b) = std::fs::read(p)
        && arg(args, "hash").is_some_and(|h| h.eq_ignore_ascii_case(&sha(&crlf_to_lf(&b))))
    {
        // Stay self-consistent: accept the (wrong) hash this server hands out.
        args.insert("hash".into(), sha(&b).into());
    }
    if kind == Create
        && let Some(p) = host_path(args)
    {
        if on("create-overwrites") && p.is_file() {
            let _ = std::fs::remove_file(&p);
        }
        if on("create-no-parents") && p.parent().is_some_and(|d| !d.is_dir()) {
            return Some(Err(ToolError::not_found(&p.display().to_string())));
        }
        if on("create-base64-undecoded") {
            args.remove("encoding");
        }
    }
    if on("prefix-sibling") && matches!(kind, Read | Create) {
        return prefix_sibling(kind, args);
    }
    if on("uppercase-hash-rejected")
        && arg(args, "hash").is_some_and(|h| h.bytes().any(|b| b.is_ascii_uppercase()))
    {
        return Some(Err(ToolError::invalid_argument(
            "hash",
            "it contains upper-case letters",
            "the hash in lower case",
        )));
    }
    if on("negative-insert-rejected")
        && kind == Insert
        && args
            .get("line")
            .and_then(Value::as_i64)
            .is_some_and(|l| l < 0)
    {
        return Some(Err(ToolError::new(
            Code::InvalidRange,
            "line must be a positive line number (1 = first line).",
        )));
    }
    if on("trailing-slash-refused")
        && arg(args, "path").is_some_and(|p| p.len() > 1 && p.ends_with('/'))
    {
        return Some(Err(ToolError::new(
            Code::InvalidPath,
            "A file path must not end with /; drop the trailing slash.",
        )));
    }
    if on("symlinks-never-followed") && through_symlink(args) {
        return Some(Err(ToolError::new(
            Code::PathEscape,
            "This server does not follow symlinks; use the path of the real file.",
        )));
    }
    if on("lines-single-element")
        && let Some(Value::Array(a)) = args.get("lines")
        && a.len() == 1
    {
        let first = a[0].clone();
        args.insert("lines".into(), json!([first, 0]));
    }
    if on("empty-old-is-empty-line") && kind == Replace && arg(args, "old") == Some("") {
        args.insert("old".into(), "\n".into());
    }
    None
}

fn crlf_to_lf(b: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(b.len());
    for (i, &c) in b.iter().enumerate() {
        if !(c == b'\r' && b.get(i + 1) == Some(&b'\n')) {
            out.push(c);
        }
    }
    out
}

fn through_symlink(args: &JsonObject) -> bool {
    let Some(Ok(p)) = arg(args, "path").map(|p| paths::normalize(p, false)) else {
        return false;
    };
    let mut at = root();
    for seg in p.segments() {
        at.push(seg);
        if at
            .symlink_metadata()
            .is_ok_and(|m| m.file_type().is_symlink())
        {
            return true;
        }
    }
    false
}

/// The prefix-sibling fault: join the raw path to the root, resolve it, and accept it if
/// its text starts with the root's text.
fn prefix_sibling(kind: ToolKind, args: &JsonObject) -> Option<ToolResult<Value>> {
    let raw = arg(args, "path")?;
    if raw.contains('\\') || raw.is_empty() {
        return None;
    }
    let joined = root().join(raw.trim_start_matches('/'));
    let inside = |p: &Path| p.to_string_lossy().starts_with(&*root().to_string_lossy());
    match kind {
        ToolKind::Read => {
            let canon = std::fs::canonicalize(&joined).ok()?;
            if !inside(&canon) || canon.is_dir() {
                return None;
            }
            Some(std::fs::read(&canon).map_err(io_err).and_then(read_result))
        }
        _ => {
            let parent = std::fs::canonicalize(joined.parent()?).ok()?;
            let target = parent.join(joined.file_name()?);
            if !inside(&target) || target.exists() {
                return None;
            }
            let content = arg(args, "content")?;
            Some(
                std::fs::write(&target, content)
                    .map(|()| json!({"hash": sha(content.as_bytes())}))
                    .map_err(io_err),
            )
        }
    }
}

/// After a call: may change its outcome.
pub fn after(ctx: &Ctx, kind: ToolKind, args: &JsonObject, out: &mut ToolResult<Value>) {
    use ToolKind::*;
    if on("hash-uppercase")
        && let Ok(Value::Object(o)) = out
        && let Some(Value::String(h)) = o.get_mut("hash")
    {
        *h = h.to_ascii_uppercase();
    }
    if on("hash-normalized-newlines")
        && kind == Read
        && let Ok(Value::Object(o)) = out
        && let Some(p) = host_path(args)
        && let Ok(b) = std::fs::read(p)
    {
        o.insert("hash".into(), sha(&crlf_to_lf(&b)).into());
    }
    if on("hash-of-range")
        && kind == Read
        && args.contains_key("lines")
        && let Ok(Value::Object(o)) = out
        && let Some(c) = o.get("content").and_then(Value::as_str)
    {
        let h = sha(c.as_bytes());
        o.insert("hash".into(), h.into());
    }
    if on("hash-base64-undecoded")
        && kind == Create
        && arg(args, "encoding").is_some_and(|e| e.eq_ignore_ascii_case("base64"))
        && let Ok(Value::Object(o)) = out
        && let Some(c) = arg(args, "content")
    {
        o.insert("hash".into(), sha(c.as_bytes()).into());
    }
    if on("total-lines-final-newline")
        && matches!(kind, Read | Replace | Insert | Append)
        && let Ok(Value::Object(o)) = out
        && let Some(p) = host_path(args)
        && let Ok(b) = std::fs::read(p)
        && b.ends_with(b"\n")
        && let Some(n) = o.get("total_lines").and_then(Value::as_u64)
    {
        o.insert("total_lines".into(), (n + 1).into());
    }
    if on("symlink-escape")
        && matches!(out, Err(e) if e.code == Code::PathEscape)
        && let Some(p) = host_path(args)
    {
        match kind {
            Read => *out = std::fs::read(&p).map_err(io_err).and_then(read_result),
            Create => {
                if let Some(c) = arg(args, "content") {
                    *out = std::fs::write(&p, c)
                        .map(|()| json!({"hash": sha(c.as_bytes())}))
                        .map_err(io_err);
                }
            }
            _ => {}
        }
    }
    if on("absolute-link-inside")
        && kind == Read
        && matches!(out, Err(e) if e.code == Code::PathEscape)
        && let Some(p) = host_path(args)
        && let Ok(canon) = std::fs::canonicalize(&p)
        && canon.starts_with(root())
    {
        *out = std::fs::read(&canon).map_err(io_err).and_then(read_result);
    }
    if on("replace-outside-range")
        && kind == Replace
        && matches!(out, Err(e) if e.code == Code::ContentMismatch)
    {
        let mut wide = args.clone();
        wide.insert("lines".into(), json!([1, 0]));
        *out = crate::server::ReferenceServer::run_tool(ctx, kind, wide);
    }
    if on("replace-partial-line")
        && kind == Replace
        && matches!(out, Err(e) if e.code == Code::ContentMismatch)
        && let Some(r) = partial_replace(args)
    {
        *out = r;
    }
    if on("ambiguous-first-wins")
        && kind == Replace
        && let Err(e) = &*out
        && e.code == Code::AmbiguousMatch
        && let Some(first) = e
            .details
            .get("occurrences")
            .and_then(Value::as_array)
            .and_then(|a| a.first())
            .and_then(Value::as_i64)
    {
        let n = arg(args, "old").map_or(1, |o| crate::edit::parse_line_text(o).len().max(1));
        let mut narrow = args.clone();
        narrow.insert("lines".into(), json!([first, first + n as i64]));
        *out = crate::server::ReferenceServer::run_tool(ctx, kind, narrow);
    }
    if on("missing-file-empty") && kind == Read && matches!(out, Err(e) if e.code == Code::NotFound)
    {
        *out = Ok(json!({"content": "", "hash": sha(b""), "total_lines": 0}));
    }
    if on("windows-paths-escape")
        && let Err(e) = out
        && e.code == Code::InvalidPath
        && arg(args, "path").is_some_and(|p| p.contains('\\') || p.contains(':'))
    {
        e.code = Code::PathEscape;
    }
    if on("not-found-wording")
        && let Err(e) = out
        && e.code == Code::NotFound
    {
        e.message = format!(
            "Nothing exists at {:?} (as you wrote it). Create it with file.create, or list \
             the parent directory to check the name.",
            arg(args, "path").unwrap_or("")
        );
    }
    if on("ranged-read-joined")
        && kind == Read
        && args.contains_key("lines")
        && let Ok(Value::Object(o)) = out
        && let Some(c) = o.get("content").and_then(Value::as_str)
    {
        let joined = c.lines().collect::<Vec<_>>().join("\n");
        o.insert("content".into(), joined.into());
    }
}

/// replace-partial-line: `old` (without its final newline) replaced as a substring of the
/// range's text.
fn partial_replace(args: &JsonObject) -> Option<ToolResult<Value>> {
    let p = host_path(args)?;
    let bytes = std::fs::read(&p).ok()?;
    let text = String::from_utf8(bytes.clone()).ok()?;
    let old = arg(args, "old")?.trim_end_matches('\n');
    let new = arg(args, "new")?.trim_end_matches('\n');
    let (s, e) = match args.get("lines").and_then(Value::as_array)?.as_slice() {
        [a, b] => (a.as_i64()?, b.as_i64()?),
        _ => return None,
    };
    let total = crate::lines::total_lines(&bytes);
    let r = crate::lines::resolve_range(s, e, total).ok()?;
    let from = crate::lines::line_start_offset(&bytes, r.start - 1);
    let to = from + crate::lines::line_start_offset(&bytes[from..], r.end - r.start);
    if old.is_empty() {
        return None;
    }
    let at = text[from..to].find(old)? + from;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..at]);
    out.push_str(new);
    out.push_str(&text[at + old.len()..]);
    Some(std::fs::write(&p, &out).map_err(io_err).map(|()| {
        json!({"hash": sha(out.as_bytes()), "total_lines": crate::lines::total_lines(out.as_bytes())})
    }))
}

/// Whether a failure goes out as a JSON-RPC error instead of an isError result.
pub fn as_protocol_error(out: &ToolResult<Value>) -> Option<rmcp::ErrorData> {
    let Err(e) = out else { return None };
    let all = on("tool-errors-as-protocol");
    let args = on("invalid-args-protocol") && e.code == Code::InvalidArgument;
    (all || args).then(|| rmcp::ErrorData::invalid_params(e.message.clone(), Some(e.to_json())))
}

/// Last touch on the result sent to the client.
pub fn finish(r: &mut CallToolResult) {
    let failed = r.is_error == Some(true);
    if on("errors-say-error") && failed {
        r.content = vec![rmcp::model::ContentBlock::text("error")];
        if let Some(Value::Object(o)) = &mut r.structured_content {
            o.insert("message".into(), "error".into());
        }
    }
    if (on("errors-without-code") && failed) || (on("text-only-results") && !failed) {
        r.structured_content = None;
    }
}

// ---------------------------------------------------------------------------------------
// Hooks on listings.
// ---------------------------------------------------------------------------------------

/// A listing as the faulty server produces it.
pub fn listing_result(path: &NormPath, r: ToolResult<Vec<Entry>>) -> ToolResult<Vec<Entry>> {
    let mut r = match r {
        Err(e) if e.code == Code::PathEscape => escaped_listing(path).ok_or(e),
        Err(e) if e.code == Code::NotADirectory && on("listing-file-not-found") => {
            Err(ToolError::not_found(&path.display()))
        }
        other => other,
    };
    if let Ok(entries) = &mut r {
        listing(path, entries);
    }
    r
}

/// Listing a path the sandbox refused as an escape (symlink-escape).
fn escaped_listing(path: &NormPath) -> Option<Vec<Entry>> {
    if !on("symlink-escape") {
        return None;
    }
    let dir = root().join(path.relative());
    let mut out: Vec<Entry> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| Entry {
            name: e.file_name().to_string_lossy().into_owned(),
            kind: if e.path().is_dir() {
                EntryKind::Directory
            } else {
                EntryKind::File
            },
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Some(out)
}

/// Changes a listing's entries.
fn listing(path: &NormPath, entries: &mut Vec<Entry>) {
    if on("listing-recursive") {
        let mut extra = Vec::new();
        for e in entries.iter().filter(|e| e.kind == EntryKind::Directory) {
            let dir = root().join(path.relative()).join(&e.name);
            if let Ok(rd) = std::fs::read_dir(dir) {
                for c in rd.filter_map(Result::ok) {
                    extra.push(Entry {
                        name: format!("{}/{}", e.name, c.file_name().to_string_lossy()),
                        kind: EntryKind::File,
                    });
                }
            }
        }
        entries.extend(extra);
    }
    if on("listing-drops-dotfiles") {
        entries.retain(|e| !e.name.starts_with('.'));
    }
    if on("listing-unsorted") {
        entries.reverse();
    }
}

/// The listing text in another shape, if a variant asks for one.
pub fn listing_text(entries: &[Entry]) -> Option<String> {
    on("listing-string-array").then(|| {
        let names: Vec<String> = entries
            .iter()
            .map(|e| match e.kind {
                EntryKind::Directory => format!("{}/", e.name),
                _ => e.name.clone(),
            })
            .collect();
        serde_json::to_string(&names).unwrap_or_default()
    })
}
