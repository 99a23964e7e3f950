//! Faults and alternative readings of the devs profile. `FaultyDevs` is its `Injector`
//! (`decorator.rs`) around the unmodified `DevsServer`, whose storage it may wrap (the
//! `Storage` seam, `storage.rs`); `On` below changes a call's arguments or outcome, or answers it the way
//! the seed's own code would (`naive`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use mcp_reference::cli::Cli;
use mcp_reference::devs::codes::{DvCode, DvError};
use mcp_reference::devs::{self as dv, DevsServer, Op, READ_LIMIT, result};
use mcp_reference::storage::{Rooted, Storage};
use rmcp::model::{CallToolResult, ContentBlock, JsonObject};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::{Value, json};

use super::decorator::{Faulty, Injector};
use super::storage::{FaultyStorage, write_torn};
use super::{Args, Injection, ProfileFaults, StorageFault, arg, resolve_lexically};

/// The devs row of `super::PROFILES`.
pub const PROFILE: ProfileFaults = ProfileFaults {
    profile: "devs",
    faults: FAULTS,
    variants: VARIANTS,
    proxy_faults: &[dv(
        "dv-failures-unmarked",
        "DV-CLR-01",
        super::UNMARKED_WHAT,
    )],
    proxy_variants: &[],
    no_variant: NO_VARIANT,
    storage_faults: &[
        ("dv-lost-update", StorageFault::UnlockedUpdate),
        ("dv-torn-write", StorageFault::TornWrite),
    ],
    race_faults: &["dv-lost-update", "dv-torn-write"],
    swap_faults: &[],
    folding_root_faults: &[],
    respelled_names: false,
    floor: 95,
    serve,
};

fn serve(i: &'static Injection, args: Vec<String>) -> std::process::ExitCode {
    mcp_reference::run_cli_with(args, |cli, rooted| FaultyDevs::handler(i.name, cli, rooted))
}

const fn dv(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection {
        profile: "devs",
        name,
        id,
        what,
    }
}

/// Faults: each breaks exactly one requirement of the devs catalogue.
pub const FAULTS: &[Injection] = &[
    dv(
        "dv-naive-server",
        "3_MCP-TAS-079-TRAVERSAL",
        "the seed's own approach: path.resolve and a string-prefix check (CVE-2025-53110), no symlink check, fs.writeFile in place, fs.rename over the destination",
    ),
    dv(
        "dv-prefix-check",
        "3_MCP-TAS-079-TRAVERSAL",
        "containment is decided by a string prefix of the resolved path, so <root>_evil counts as inside",
    ),
    dv(
        "dv-strip-trailing",
        "3_MCP-TAS-079-TRAVERSAL",
        "the containment check strips a trailing quote, apostrophe, space or dot that the operation keeps, so ../root\" passes as the root and reaches the sibling file (GHSA-7rgq-gccq-qphx)",
    ),
    dv(
        "dv-traversal-wording",
        "3_MCP-TAS-079-TRAVERSAL",
        "an escape is refused, but with \"Access denied\" instead of the seed's \"Path traversal detected\"",
    ),
    dv(
        "dv-size-in-characters",
        "3_MCP-TAS-079-SIZE",
        "the 500 KB limit counts characters, not bytes",
    ),
    dv(
        "dv-size-decimal",
        "3_MCP-TAS-079-SIZE",
        "500 KB is taken as 500,000 bytes instead of the seed's 512,000",
    ),
    dv(
        "dv-missing-read-empty",
        "3_MCP-TAS-079-NOTFOUND",
        "reading a missing file succeeds with empty data",
    ),
    dv(
        "dv-write-appends",
        "3_MCP-TAS-079-WRITE",
        "write appends the content to an existing file instead of replacing it",
    ),
    dv(
        "dv-list-recursive",
        "3_MCP-TAS-079-LIST",
        "list also names the entries of subdirectories (sub/b.md)",
    ),
    dv(
        "dv-move-copies",
        "3_MCP-TAS-079-MOVE",
        "move copies the file and leaves the original in place",
    ),
    dv(
        "dv-edits-replace-all",
        "3_MCP-TAS-079-EDIT",
        "each edit replaces every occurrence of old, not the first",
    ),
    dv(
        "dv-edits-on-original",
        "3_MCP-TAS-079-EDIT",
        "every edit looks for old in the original text, not in the text the edits before it left",
    ),
    dv(
        "dv-edits-partial-write",
        "3_MCP-TAS-079-EDIT-MISSING",
        "when an old is missing, the edits before it are written anyway",
    ),
    dv(
        "dv-errors-bare",
        "3_MCP-TAS-079-ERRORS",
        "every failure says only \"error\"",
    ),
    dv(
        "dv-symlink-escape",
        "DV-CLR-07",
        "reads and writes follow symlinks out of the root",
    ),
    dv(
        "dv-torn-write",
        "DV-CLR-03",
        "files are rewritten in place in two halves with a pause, so a reader can see half a write",
    ),
    dv(
        "dv-lost-update",
        "DV-CLR-10",
        "edits of one file are not serialized (no lock, a pause between read and write)",
    ),
];

/// Variants: the other reasonable choice for one devs clarification.
pub const VARIANTS: &[Injection] = &[
    dv(
        "dv-seed-results",
        "DV-CLR-01",
        "results exactly as the seed's tool returns them: JSON in a text block only, failures {ok: false, error} without isError, code or hint",
    ),
    dv(
        "dv-bytes-read-characters",
        "DV-CLR-02",
        "bytesRead counts characters (data.length), not bytes",
    ),
    dv(
        "dv-no-parents",
        "DV-CLR-04",
        "write and move fail when a parent directory is missing, as fs.writeFile and fs.rename do",
    ),
    dv(
        "dv-move-overwrites",
        "DV-CLR-05",
        "move replaces an existing destination, as fs.rename does",
    ),
    dv(
        "dv-list-slashed",
        "DV-CLR-06",
        "list marks directories with a trailing / and keeps readdir's order",
    ),
    dv(
        "dv-symlinks-refused",
        "DV-CLR-07",
        "every path through a symlink is refused as a traversal, also one that stays inside",
    ),
    dv(
        "dv-absolute-refused",
        "DV-CLR-08",
        "every absolute path is refused as a traversal, also one inside the root",
    ),
    dv(
        "dv-dollar-patterns",
        "DV-CLR-09",
        "new is expanded like JavaScript's String.replace ($& is the match, $$ a dollar sign)",
    ),
    dv(
        "dv-args-protocol-errors",
        "DV-CLR-12",
        "invalid arguments are JSON-RPC invalid-params errors",
    ),
];

/// devs clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "DV-CLR-03",
        "no other reasonable choice: a reader must never see a half-written file (the fault dv-torn-write is the seed's writeFile in place)",
    ),
    (
        "DV-CLR-10",
        "no other reasonable choice: unserialized edits lose one another's changes",
    ),
    (
        "DV-CLR-11",
        "no other reasonable choice: decoding binary data lossily and writing it back corrupts the file",
    ),
];

/// The injections of the devs profile, around the unmodified `DevsServer`.
pub struct FaultyDevs {
    ctx: Arc<dv::Ctx>,
    name: &'static str,
    root: PathBuf,
}

impl FaultyDevs {
    /// The reference's handler with the injection `name`, its storage wrapped if it is a
    /// storage one.
    pub fn handler(name: &'static str, cli: &Cli, rooted: Rooted) -> Faulty<Self> {
        let root = std::fs::canonicalize(&cli.root).unwrap_or_else(|_| cli.root.clone());
        let storage: Box<dyn Storage> = match FaultyStorage::wrap(name, &root, rooted) {
            Ok(faulty) => Box::new(faulty),
            Err(rooted) => Box::new(rooted),
        };
        let roots =
            mcp_reference::host_roots::HostRoots::of(&cli.root).expect("the root was opened");
        let ctx = Arc::new(dv::Ctx { storage, roots });
        let inner = DevsServer::with_shared(ctx.clone());
        Faulty::new(inner, FaultyDevs { ctx, name, root })
    }
}

impl Injector for FaultyDevs {
    type Profile = DevsServer;

    async fn call(
        &self,
        _inner: &DevsServer,
        op: Op,
        mut args: JsonObject,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let on = On {
            name: self.name,
            root: self.root.clone(),
        };
        let ctx = self.ctx.clone();
        let out = tokio::task::spawn_blocking(move || {
            if let Some(early) = on.before(op, &mut args) {
                return early;
            }
            let mut out = dv::run_tool(&ctx, op, &args);
            on.after(op, &args, &mut out);
            out
        })
        .await
        .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        if self.name == "dv-args-protocol-errors"
            && let Err(e) = &out
            && e.code == DvCode::InvalidArgument
        {
            return Err(McpError::invalid_params(
                format!("{} {}", e.error, e.hint),
                Some(e.to_json()),
            ));
        }
        Ok(match (self.name, out) {
            ("dv-errors-bare", Err(_)) => {
                let mut r = CallToolResult::error(vec![ContentBlock::text("error")]);
                r.structured_content = Some(json!({"ok": false, "error": "error"}));
                r
            }
            // What the seed's handler gives an MCP SDK: the object as JSON text, no flags.
            ("dv-seed-results", out) => {
                let value = match out {
                    Ok(v) => v,
                    Err(e) => json!({"ok": false, "error": e.error}),
                };
                CallToolResult::success(vec![ContentBlock::text(value.to_string())])
            }
            (_, Ok(v)) => result::success(v),
            (_, Err(e)) => result::failure(&e),
        })
    }
}

/// The active injection, for one call.
struct On {
    name: &'static str,
    root: PathBuf,
}

/// The seed's catch: `{ok: false, error: err.message}`, here in its own words.
fn io_error(path: &str, e: std::io::Error) -> DvError {
    if e.kind() == std::io::ErrorKind::NotFound {
        DvError::not_found(path)
    } else {
        DvError::new(DvCode::IoError, e.to_string(), path.to_owned())
    }
}

fn action(args: &Args) -> Option<&str> {
    arg(args, "action")
}

/// Whether any path or destination argument passes through a symlink inside the root.
fn through_link(root: &Path, p: &str) -> bool {
    let mut at = root.to_path_buf();
    for seg in p.split('/').filter(|s| !s.is_empty() && *s != ".") {
        at.push(seg);
        if at.is_symlink() {
            return true;
        }
    }
    false
}

/// JavaScript's String.replace replacement patterns: `$&` the match, `$$` a dollar.
fn js_expand(new: &str, matched: &str) -> String {
    new.replace("$$", "\u{0}")
        .replace("$&", matched)
        .replace('\u{0}', "$")
}

impl On {
    fn is(&self, name: &str) -> bool {
        self.name == name
    }

    /// `move` over an existing file, done through the sandbox (read, atomic write, delete)
    /// so that a source swapped for a link leading out moves nothing in (RACE-008).
    fn move_over(&self, from: &Path, to: &Path) -> Option<Result<Value, DvError>> {
        let (storage, src) = super::sandboxed(&self.root, from)?;
        let (_, dst) = super::sandboxed(&self.root, to)?;
        let raw = src.display();
        let done = storage
            .read(&src)
            .and_then(|d| storage.write_file(&dst, &d.bytes, false))
            .and_then(|_| storage.delete(&src, false));
        Some(
            done.map(|_| json!({"ok": true}))
                .map_err(|e| io_error(&raw, std::io::Error::other(e.message))),
        )
    }

    fn host(&self, args: &Args, key: &str) -> Option<PathBuf> {
        arg(args, key).map(|p| resolve_lexically(&self.root, p))
    }

    /// Before a call: may rewrite the arguments or answer the call itself.
    fn before(&self, op: Op, args: &mut Args) -> Option<Result<Value, DvError>> {
        let fs = op == Op::FilesystemOperation;
        match self.name {
            "dv-naive-server" => return self.naive(op, args),
            "dv-prefix-check" => {
                let esc =
                    |k: &str| arg(args, k).is_some_and(|p| p.contains("..") || p.starts_with('/'));
                if esc("path") || esc("destination") {
                    return self.naive(op, args);
                }
            }
            "dv-strip-trailing" if self.sloppy_inside(args) => return self.naive(op, args),
            "dv-symlink-escape" => {
                let host = self.host(args, "path")?;
                if host.is_symlink() && fs {
                    return self.naive(op, args);
                }
            }
            "dv-traversal-wording" => {}
            "dv-size-in-characters" | "dv-size-decimal" if fs && action(args) == Some("read") => {
                let host = self.host(args, "path")?;
                let text = std::fs::read_to_string(&host).ok()?;
                let too_big = if self.is("dv-size-in-characters") {
                    text.chars().count() as u64 > READ_LIMIT
                } else {
                    text.len() > 500_000
                };
                let raw = arg(args, "path").unwrap_or_default();
                if too_big {
                    return Some(Err(DvError::too_large(raw, text.len() as u64)));
                }
                let n = text.len();
                return Some(Ok(json!({"ok": true, "data": text, "bytesRead": n})));
            }
            "dv-missing-read-empty"
                if fs
                    && action(args) == Some("read")
                    && self.host(args, "path").is_some_and(|h| !h.exists()) =>
            {
                return Some(Ok(json!({"ok": true, "data": "", "bytesRead": 0})));
            }
            "dv-write-appends" if fs && action(args) == Some("write") => {
                let host = self.host(args, "path")?;
                if let Ok(old) = std::fs::read_to_string(&host) {
                    let content = format!("{old}{}", arg(args, "content").unwrap_or_default());
                    args.insert("content".into(), json!(content));
                }
            }
            "dv-move-copies" if fs && action(args) == Some("move") => {
                let (from, to) = (self.host(args, "path")?, self.host(args, "destination")?);
                if from.is_file() && !to.exists() {
                    let raw = arg(args, "path").unwrap_or_default();
                    return Some(
                        std::fs::copy(&from, &to)
                            .map(|_| json!({"ok": true}))
                            .map_err(|e| io_error(raw, e)),
                    );
                }
            }
            "dv-edits-replace-all"
            | "dv-edits-on-original"
            | "dv-edits-partial-write"
            | "dv-dollar-patterns"
                if !fs =>
            {
                return self.edit_by_hand(args);
            }
            "dv-move-overwrites" if fs && action(args) == Some("move") => {
                let (from, to) = (self.host(args, "path")?, self.host(args, "destination")?);
                if from.is_file() && to.is_file() {
                    return self.move_over(&from, &to);
                }
            }
            "dv-no-parents" if fs && matches!(action(args), Some("write" | "move")) => {
                let key = if action(args) == Some("write") {
                    "path"
                } else {
                    "destination"
                };
                let raw = arg(args, key)?;
                let parent = self.host(args, key)?.parent()?.to_path_buf();
                if parent.starts_with(&self.root) && !parent.exists() {
                    return Some(Err(DvError::new(
                        DvCode::NotFound,
                        format!("ENOENT: no such file or directory, open '{raw}'"),
                        "create the directory first",
                    )));
                }
            }
            "dv-symlinks-refused" => {
                for key in ["path", "destination"] {
                    if let Some(p) = arg(args, key)
                        && through_link(&self.root, p)
                    {
                        return Some(Err(DvError::traversal(p)));
                    }
                }
            }
            "dv-absolute-refused" => {
                for key in ["path", "destination"] {
                    if let Some(p) = arg(args, key)
                        && p.starts_with('/')
                    {
                        return Some(Err(DvError::traversal(p)));
                    }
                }
            }
            _ => {}
        }
        None
    }

    /// apply_surgical_edits by hand on the host file (inside the root), with the
    /// injection's reading of the edits.
    fn edit_by_hand(&self, args: &Args) -> Option<Result<Value, DvError>> {
        let raw = arg(args, "path")?;
        let host = self.host(args, "path")?;
        if !host.starts_with(&self.root) || host.is_symlink() {
            return None;
        }
        let edits = args.get("edits")?.as_array()?.clone();
        let pairs: Vec<(String, String)> = edits
            .iter()
            .map(|e| {
                Some((
                    e.get("old")?.as_str()?.to_owned(),
                    e.get("new")?.as_str()?.to_owned(),
                ))
            })
            .collect::<Option<_>>()?;
        if pairs.iter().any(|(o, _)| o.is_empty()) {
            return None;
        }
        let original = match std::fs::read_to_string(&host) {
            Ok(t) => t,
            Err(e) => return Some(Err(io_error(raw, e))),
        };
        let mut text = original.clone();
        for (i, (old, new)) in pairs.iter().enumerate() {
            let hay = if self.is("dv-edits-on-original") {
                &original
            } else {
                &text
            };
            if !hay.contains(old.as_str()) {
                if self.is("dv-edits-partial-write") {
                    let _ = std::fs::write(&host, &text);
                }
                return Some(Err(DvError::target_not_found(raw, old, i)));
            }
            text = match self.name {
                "dv-edits-replace-all" => text.replace(old.as_str(), new),
                "dv-dollar-patterns" => text.replacen(old.as_str(), &js_expand(new, old), 1),
                _ => text.replacen(old.as_str(), new, 1),
            };
        }
        Some(
            std::fs::write(&host, &text)
                .map(|()| json!({"ok": true, "appliedEdits": pairs.len()}))
                .map_err(|e| io_error(raw, e)),
        )
    }

    /// A call as the seed's own code makes it: `path.resolve(root, input)` for path and
    /// destination, accepted when the result's text starts with the root's text; then plain
    /// file-system calls, which follow symlinks: a read of the whole file before the size
    /// check, fs.writeFile in place, readdir, fs.rename (which replaces the destination).
    /// A path or destination outside the root that a check stripping trailing quotes,
    /// apostrophes, spaces and dots takes for one inside (`../root"` for the root).
    fn sloppy_inside(&self, args: &Args) -> bool {
        const TRAILING: [char; 4] = ['"', '\'', ' ', '.'];
        ["path", "destination"]
            .iter()
            .filter_map(|k| arg(args, k))
            .any(|p| {
                let stripped = p.trim_end_matches(TRAILING);
                stripped.len() < p.len()
                    && !resolve_lexically(&self.root, p).starts_with(&self.root)
                    && resolve_lexically(&self.root, stripped).starts_with(&self.root)
            })
    }

    fn naive(&self, op: Op, args: &Args) -> Option<Result<Value, DvError>> {
        let raw = arg(args, "path")?;
        let root = self.root.to_string_lossy().into_owned();
        let guard = |p: &str| {
            let host = resolve_lexically(&self.root, p);
            if host.to_string_lossy().starts_with(&root) {
                Ok(host)
            } else {
                Err(DvError::traversal(p))
            }
        };
        let host = match guard(raw) {
            Ok(h) => h,
            Err(e) => return Some(Err(e)),
        };
        let in_place = |h: &Path, bytes: &[u8]| {
            if h.is_file() {
                write_torn(h, bytes)
            } else {
                std::fs::write(h, bytes)
            }
        };
        let out = match (op, action(args)) {
            (Op::FilesystemOperation, Some("read")) => std::fs::read(&host).map(|bytes| {
                if bytes.len() as u64 > READ_LIMIT {
                    return Err(DvError::too_large(raw, bytes.len() as u64));
                }
                let n = bytes.len();
                Ok(json!({"ok": true, "data": String::from_utf8_lossy(&bytes), "bytesRead": n}))
            }),
            (Op::FilesystemOperation, Some("write")) => {
                let content = arg(args, "content").unwrap_or_default();
                in_place(&host, content.as_bytes()).map(|()| Ok(json!({"ok": true})))
            }
            (Op::FilesystemOperation, Some("list")) => std::fs::read_dir(&host).map(|rd| {
                let names: Vec<String> = rd
                    .filter_map(Result::ok)
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .collect();
                Ok(json!({"ok": true, "data": names}))
            }),
            (Op::FilesystemOperation, Some("move")) => {
                let dest = match guard(arg(args, "destination").unwrap_or_default()) {
                    Ok(d) => d,
                    Err(e) => return Some(Err(e)),
                };
                std::fs::rename(&host, &dest).map(|()| Ok(json!({"ok": true})))
            }
            (Op::FilesystemOperation, _) => return None,
            (Op::ApplySurgicalEdits, _) => std::fs::read_to_string(&host).map(|mut text| {
                let edits = args
                    .get("edits")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for e in &edits {
                    let old = e.get("old").and_then(Value::as_str).unwrap_or_default();
                    let new = e.get("new").and_then(Value::as_str).unwrap_or_default();
                    if !text.contains(old) {
                        return Err(DvError::target_not_found(raw, old, 0));
                    }
                    text = text.replacen(old, new, 1);
                }
                in_place(&host, text.as_bytes())
                    .map(|()| json!({"ok": true, "appliedEdits": edits.len()}))
                    .map_err(|e| io_error(raw, e))
            }),
        };
        Some(out.unwrap_or_else(|e| Err(io_error(raw, e))))
    }

    /// After a call: may change its outcome.
    fn after(&self, op: Op, args: &Args, out: &mut Result<Value, DvError>) {
        match (self.name, out.as_mut()) {
            ("dv-traversal-wording", Err(e)) if e.code == DvCode::PathTraversal => {
                e.error = "Access denied".into();
                e.hint = "The path is not allowed.".into();
            }
            ("dv-bytes-read-characters", Ok(Value::Object(data))) => {
                if let Some(n) = data
                    .get("data")
                    .and_then(Value::as_str)
                    .map(|d| d.chars().count())
                {
                    data.insert("bytesRead".into(), json!(n));
                }
            }
            ("dv-list-recursive", Ok(Value::Object(data))) if action(args) == Some("list") => {
                let Some(dir) = self.host(args, "path") else {
                    return;
                };
                let mut names: Vec<Value> = data
                    .get("data")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default();
                for sub in std::fs::read_dir(&dir).into_iter().flatten().flatten() {
                    if sub.file_type().is_ok_and(|t| t.is_dir()) {
                        for inner in std::fs::read_dir(sub.path())
                            .into_iter()
                            .flatten()
                            .flatten()
                        {
                            names.push(json!(format!(
                                "{}/{}",
                                sub.file_name().to_string_lossy(),
                                inner.file_name().to_string_lossy()
                            )));
                        }
                    }
                }
                data.insert("data".into(), Value::Array(names));
            }
            ("dv-list-slashed", Ok(Value::Object(data))) if action(args) == Some("list") => {
                let Some((storage, dir)) = self
                    .host(args, "path")
                    .and_then(|h| super::sandboxed(&self.root, &h))
                else {
                    return;
                };
                // Through the sandbox, so a directory swapped for a link is not listed (RACE-007).
                let names: Vec<Value> = storage
                    .list(&dir)
                    .into_iter()
                    .flatten()
                    .map(|e| match e.kind {
                        mcp_reference::sandbox::EntryKind::Directory => {
                            json!(format!("{}/", e.name))
                        }
                        _ => json!(e.name),
                    })
                    .collect();
                data.insert("data".into(), Value::Array(names));
            }
            _ => {}
        }
        let _ = op;
    }
}
