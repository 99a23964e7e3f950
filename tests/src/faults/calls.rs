//! Injections around one tool call: `before` may rewrite the arguments or answer the call
//! itself, `after` may change its outcome, `finish` the result sent, and
//! `as_protocol_error` turns a failure into a JSON-RPC error. Where an injection needs the
//! file, it reads the host filesystem under the root directly: these are faults, so no
//! containment applies.

use std::path::{Path, PathBuf};

use mcp_reference::errors::{Code, ToolError, ToolResult};
use mcp_reference::paths;
use mcp_reference::server::RootspaceServer;
use mcp_reference::tools::{Ctx, ToolKind};
use rmcp::model::{CallToolResult, JsonObject};
use serde_json::{Value, json};

use super::edits;
use super::server::Injected;

pub(super) fn arg<'a>(args: &'a JsonObject, k: &str) -> Option<&'a str> {
    args.get(k).and_then(Value::as_str)
}

/// The file a path argument names, on the real filesystem (no containment: faults only).
pub(super) fn host_path(on: &Injected, args: &JsonObject) -> Option<PathBuf> {
    let p = paths::normalize(arg(args, "path")?, false).ok()?;
    Some(on.root.join(p.relative()))
}

pub(super) fn sha(bytes: &[u8]) -> String {
    mcp_reference::hash::sha256_hex(bytes)
}

pub(super) fn read_result(bytes: Vec<u8>) -> ToolResult<Value> {
    let total = mcp_reference::lines::total_lines(&bytes);
    let hash = sha(&bytes);
    let content =
        String::from_utf8(bytes).map_err(|_| ToolError::new(Code::NotText, "not text (base64)"))?;
    Ok(json!({"content": content, "hash": hash, "total_lines": total}))
}

pub(super) fn io_err(e: std::io::Error) -> ToolError {
    if e.kind() == std::io::ErrorKind::NotFound {
        ToolError::new(Code::NotFound, format!("not found: {e}"))
    } else {
        ToolError::new(Code::IoError, format!("i/o error: {e}"))
    }
}

fn current_hash(on: &Injected, args: &JsonObject) -> Option<String> {
    std::fs::read(host_path(on, args)?).ok().map(|b| sha(&b))
}

/// Before a call: may rewrite the arguments or answer the call itself.
pub fn before(
    on: &Injected,
    ctx: &Ctx,
    kind: ToolKind,
    args: &mut JsonObject,
) -> Option<ToolResult<Value>> {
    use ToolKind::*;
    edits::rewrite_args(on, kind, args);
    if let Some(answer) = edits::answer(on, ctx, kind, args) {
        return Some(answer);
    }
    let ignores_hash = (on.is("remove-ignores-hash") && kind == Remove)
        || (on.is("replace-ignores-hash") && kind == Replace)
        || (on.is("append-ignores-hash") && kind == Append);
    if ignores_hash && let Some(h) = current_hash(on, args) {
        args.insert("hash".into(), h.into());
    }
    if on.is("hash-normalized-newlines")
        && matches!(kind, Remove | Replace | Insert | Append)
        && let Some(p) = host_path(on, args)
        && let Ok(b) = std::fs::read(p)
        && arg(args, "hash").is_some_and(|h| h.eq_ignore_ascii_case(&sha(&crlf_to_lf(&b))))
    {
        // Stay self-consistent: accept the (wrong) hash this server hands out.
        args.insert("hash".into(), sha(&b).into());
    }
    if kind == Create
        && let Some(p) = host_path(on, args)
    {
        if on.is("create-overwrites") && p.is_file() {
            let _ = std::fs::remove_file(&p);
        }
        if on.is("create-no-parents") && p.parent().is_some_and(|d| !d.is_dir()) {
            return Some(Err(ToolError::not_found(&p.display().to_string())));
        }
        if on.is("create-base64-undecoded") {
            args.remove("encoding");
        }
    }
    if on.is("prefix-sibling") && matches!(kind, Read | Create) {
        return prefix_sibling(on, kind, args);
    }
    if on.is("uppercase-hash-rejected")
        && arg(args, "hash").is_some_and(|h| h.bytes().any(|b| b.is_ascii_uppercase()))
    {
        return Some(Err(ToolError::invalid_argument(
            "hash",
            "it contains upper-case letters",
            "the hash in lower case",
        )));
    }
    if on.is("negative-insert-rejected")
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
    if on.is("trailing-slash-refused")
        && arg(args, "path").is_some_and(|p| p.len() > 1 && p.ends_with('/'))
    {
        return Some(Err(ToolError::new(
            Code::InvalidPath,
            "A file path must not end with /; drop the trailing slash.",
        )));
    }
    if on.is("symlinks-never-followed") && through_symlink(on, args) {
        return Some(Err(ToolError::new(
            Code::PathEscape,
            "This server does not follow symlinks; use the path of the real file.",
        )));
    }
    if on.is("lines-single-element")
        && let Some(Value::Array(a)) = args.get("lines")
        && a.len() == 1
    {
        let first = a[0].clone();
        args.insert("lines".into(), json!([first, 0]));
    }
    if on.is("empty-old-is-empty-line") && kind == Replace && arg(args, "old") == Some("") {
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

fn through_symlink(on: &Injected, args: &JsonObject) -> bool {
    let Some(Ok(p)) = arg(args, "path").map(|p| paths::normalize(p, false)) else {
        return false;
    };
    let mut at = on.root.clone();
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
fn prefix_sibling(on: &Injected, kind: ToolKind, args: &JsonObject) -> Option<ToolResult<Value>> {
    let raw = arg(args, "path")?;
    if raw.contains('\\') || raw.is_empty() {
        return None;
    }
    let joined = on.root.clone().join(raw.trim_start_matches('/'));
    let inside = |p: &Path| {
        p.to_string_lossy()
            .starts_with(&*on.root.clone().to_string_lossy())
    };
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
pub fn after(
    on: &Injected,
    ctx: &Ctx,
    kind: ToolKind,
    args: &JsonObject,
    out: &mut ToolResult<Value>,
) {
    after_hashes(on, kind, args, out);
    after_refusals_redone(on, ctx, kind, args, out);
    after_answers(on, kind, args, out);
}

/// The faults of a result's hash and line count.
fn after_hashes(on: &Injected, kind: ToolKind, args: &JsonObject, out: &mut ToolResult<Value>) {
    use ToolKind::*;
    if on.is("hash-uppercase")
        && let Ok(Value::Object(o)) = out
        && let Some(Value::String(h)) = o.get_mut("hash")
    {
        *h = h.to_ascii_uppercase();
    }
    if on.is("hash-normalized-newlines")
        && kind == Read
        && let Ok(Value::Object(o)) = out
        && let Some(p) = host_path(on, args)
        && let Ok(b) = std::fs::read(p)
    {
        o.insert("hash".into(), sha(&crlf_to_lf(&b)).into());
    }
    if on.is("hash-of-range")
        && kind == Read
        && args.contains_key("lines")
        && let Ok(Value::Object(o)) = out
        && let Some(c) = o.get("content").and_then(Value::as_str)
    {
        let h = sha(c.as_bytes());
        o.insert("hash".into(), h.into());
    }
    if on.is("hash-base64-undecoded")
        && kind == Create
        && arg(args, "encoding").is_some_and(|e| e.eq_ignore_ascii_case("base64"))
        && let Ok(Value::Object(o)) = out
        && let Some(c) = arg(args, "content")
    {
        o.insert("hash".into(), sha(c.as_bytes()).into());
    }
    if on.is("total-lines-final-newline")
        && matches!(kind, Read | Replace | Insert | Append)
        && let Ok(Value::Object(o)) = out
        && let Some(p) = host_path(on, args)
        && let Ok(b) = std::fs::read(p)
        && b.ends_with(b"\n")
        && let Some(n) = o.get("total_lines").and_then(Value::as_u64)
    {
        o.insert("total_lines".into(), (n + 1).into());
    }
}

/// The faults that redo a refused call another way.
fn after_refusals_redone(
    on: &Injected,
    ctx: &Ctx,
    kind: ToolKind,
    args: &JsonObject,
    out: &mut ToolResult<Value>,
) {
    use ToolKind::*;
    if on.is("symlink-escape")
        && matches!(out, Err(e) if e.code == Code::PathEscape)
        && let Some(p) = host_path(on, args)
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
    if on.is("absolute-link-inside")
        && kind == Read
        && matches!(out, Err(e) if e.code == Code::PathEscape)
        && let Some(p) = host_path(on, args)
        && let Ok(canon) = std::fs::canonicalize(&p)
        && let Ok(inside) = canon.strip_prefix(&on.root)
    {
        // The link's target is read again through the sandbox, by its path inside the root,
        // so a link swapped in meanwhile is refused (RACE-001, 002): this reading follows an
        // absolute link, it does not open what a host path names.
        let mut rel = args.clone();
        rel.insert("path".into(), json!(inside.to_string_lossy()));
        *out = RootspaceServer::run_tool(ctx, kind, rel);
    }
    if on.is("replace-outside-range")
        && kind == Replace
        && matches!(out, Err(e) if e.code == Code::ContentMismatch)
    {
        let mut wide = args.clone();
        wide.insert("lines".into(), json!([1, 0]));
        *out = RootspaceServer::run_tool(ctx, kind, wide);
    }
    if on.is("replace-partial-line")
        && kind == Replace
        && matches!(out, Err(e) if e.code == Code::ContentMismatch)
        && let Some(r) = partial_replace(on, args)
    {
        *out = r;
    }
    if on.is("ambiguous-first-wins")
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
        let n =
            arg(args, "old").map_or(1, |o| mcp_reference::edit::parse_line_text(o).len().max(1));
        let mut narrow = args.clone();
        narrow.insert("lines".into(), json!([first, first + n as i64]));
        *out = RootspaceServer::run_tool(ctx, kind, narrow);
    }
}

/// The faults of an error's code or wording, and of ranged reads.
fn after_answers(on: &Injected, kind: ToolKind, args: &JsonObject, out: &mut ToolResult<Value>) {
    use ToolKind::*;
    if on.is("missing-file-empty")
        && kind == Read
        && matches!(out, Err(e) if e.code == Code::NotFound)
    {
        *out = Ok(json!({"content": "", "hash": sha(b""), "total_lines": 0}));
    }
    if on.is("windows-paths-escape")
        && let Err(e) = out
        && e.code == Code::InvalidPath
        && arg(args, "path").is_some_and(|p| p.contains('\\') || p.contains(':'))
    {
        e.code = Code::PathEscape;
    }
    if on.is("not-found-wording")
        && let Err(e) = out
        && e.code == Code::NotFound
    {
        e.message = format!(
            "Nothing exists at {:?} (as you wrote it). Create it with file.create, or list \
             the parent directory to check the name.",
            arg(args, "path").unwrap_or("")
        );
    }
    if on.is("ranged-read-joined")
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
fn partial_replace(on: &Injected, args: &JsonObject) -> Option<ToolResult<Value>> {
    let p = host_path(on, args)?;
    let bytes = std::fs::read(&p).ok()?;
    let text = String::from_utf8(bytes.clone()).ok()?;
    let old = arg(args, "old")?.trim_end_matches('\n');
    let new = arg(args, "new")?.trim_end_matches('\n');
    let (s, e) = match args.get("lines").and_then(Value::as_array)?.as_slice() {
        [a, b] => (a.as_i64()?, b.as_i64()?),
        _ => return None,
    };
    let total = mcp_reference::lines::total_lines(&bytes);
    let r = mcp_reference::lines::resolve_range(s, e, total).ok()?;
    let from = mcp_reference::lines::line_start_offset(&bytes, r.start - 1);
    let to = from + mcp_reference::lines::line_start_offset(&bytes[from..], r.end - r.start);
    if old.is_empty() {
        return None;
    }
    let at = text[from..to].find(old)? + from;
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..at]);
    out.push_str(new);
    out.push_str(&text[at + old.len()..]);
    Some(std::fs::write(&p, &out).map_err(io_err).map(|()| {
        json!({"hash": sha(out.as_bytes()), "total_lines": mcp_reference::lines::total_lines(out.as_bytes())})
    }))
}

/// Whether a failure goes out as a JSON-RPC error instead of an isError result.
pub fn as_protocol_error(on: &Injected, out: &ToolResult<Value>) -> Option<rmcp::ErrorData> {
    let Err(e) = out else { return None };
    let all = on.is("tool-errors-as-protocol");
    let args = on.is("invalid-args-protocol") && e.code == Code::InvalidArgument;
    (all || args).then(|| rmcp::ErrorData::invalid_params(e.message.clone(), Some(e.to_json())))
}

/// Last touch on the result sent to the client.
pub fn finish(on: &Injected, r: &mut CallToolResult) {
    let failed = r.is_error == Some(true);
    if on.is("errors-say-error") && failed {
        r.content = vec![rmcp::model::ContentBlock::text("error")];
        if let Some(Value::Object(o)) = &mut r.structured_content {
            o.insert("message".into(), "error".into());
        }
    }
    if (on.is("errors-without-code") && failed) || (on.is("text-only-results") && !failed) {
        r.structured_content = None;
    }
}
