//! Faults and alternative readings of the editor profile. `FaultyEditor` runs the
//! unmodified editor operations (`mcp_reference::editor::run`, on the reference's own
//! context and buffers) as its `Injector` (`decorator.rs`), and changes a call's params
//! before it or its outcome after it; a few injections answer the call themselves the way
//! another server would (the seed's own URI handling, Latin-1 files). A torn save comes
//! from `FaultyStorage` (the `Storage` seam).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use mcp_reference::cli::Cli;
use mcp_reference::editor::errors::{EdCode, EdError};
use mcp_reference::editor::ops::Buffers;
use mcp_reference::editor::{self as ed, EditorServer, Op, tools};
use mcp_reference::storage::{Rooted, Storage};
use mcp_reference::tool_server::ProfileHandler;
use rmcp::model::{CallToolResult, CustomRequest, CustomResult, JsonObject};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::{Value, json};

use super::decorator::{Faulty, Injector};
use super::storage::FaultyStorage;
use super::{Injection, ProfileFaults, StorageFault};

/// The editor row of `super::PROFILES`.
pub const PROFILE: ProfileFaults = ProfileFaults {
    profile: "editor",
    faults: FAULTS,
    variants: VARIANTS,
    proxy_faults: &[ed(
        "ed-failures-unmarked",
        "ED-CLR-01",
        super::UNMARKED_WHAT,
    )],
    proxy_variants: &[],
    no_variant: NO_VARIANT,
    storage_faults: &[("ed-torn-save", StorageFault::TornUpdate)],
    race_faults: &[],
    swap_faults: &[],
    folding_root_faults: &[],
    respelled_names: false,
    floor: 60,
    serve,
};

fn serve(i: &'static Injection, args: Vec<String>) -> std::process::ExitCode {
    mcp_reference::run_cli_with(args, |cli, rooted| {
        FaultyEditor::handler(i.name, cli, rooted)
    })
}

const fn ed(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection {
        profile: "editor",
        name,
        id,
        what,
    }
}

/// Faults: each breaks exactly one requirement of the editor catalogue.
pub const FAULTS: &[Injection] = &[
    ed(
        "ed-naive-uri",
        "FILE-PATHS",
        "the seed's own URI handling: the text after file:// is unhexed and opened on the host, with no root check (.., symlinks and other directories are served)",
    ),
    ed(
        "ed-relative-uri-accepted",
        "FILE-URI",
        "a URI without a scheme is taken as a path relative to the root",
    ),
    ed(
        "ed-percent-not-decoded",
        "FILE-URI",
        "the URI's path is used without percent-decoding (a%20b.txt is looked up as such)",
    ),
    ed(
        "ed-position-not-clamped",
        "FILE-POSITION",
        "open returns the line and column asked for, even past the end of the file",
    ),
    ed(
        "ed-range-end-exclusive",
        "FILE-READ",
        "end_line is exclusive (lines 2 to 3 return only line 2)",
    ),
    ed(
        "ed-create-always",
        "FILE-SAVE",
        "save creates a missing file even without create_if_not_exists",
    ),
    ed(
        "ed-bytes-written-chars",
        "FILE-SAVE",
        "bytes_written counts characters, not bytes",
    ),
    ed(
        "ed-was-modified-always",
        "FILE-CLOSE",
        "close says was_modified: true for every buffer",
    ),
    ed(
        "ed-not-found-internal",
        "FILE-ERRORS",
        "a missing file is -32603 \"Internal error: read failed\" instead of File not found",
    ),
    ed(
        "ed-no-direct-methods",
        "FILE-OPEN",
        "only the tools are served; file/open and the other methods are method-not-found",
    ),
    ed(
        "ed-backup-in-root",
        "ED-CLR-07",
        "save leaves Emacs's default backup a.txt~ beside the file in the root",
    ),
    ed(
        "ed-torn-save",
        "ED-CLR-10",
        "save rewrites the file in place in two halves with a pause, so a reader can see half a save",
    ),
    ed(
        "ed-save-over-change",
        "ED-CLR-06",
        "save overwrites a change made on disk since the file was opened (a lost update)",
    ),
];

/// Variants: the other reasonable choice for one editor clarification.
pub const VARIANTS: &[Injection] = &[
    ed(
        "ed-tool-errors-as-rpc",
        "ED-CLR-01",
        "tool calls fail with the seed's JSON-RPC errors instead of isError results",
    ),
    ed(
        "ed-localhost-refused",
        "ED-CLR-02",
        "only an empty authority is accepted (file://localhost/... is INVALID_URI)",
    ),
    ed(
        "ed-columns-zero-based",
        "ED-CLR-03",
        "the column returned is Emacs's current-column, 0-based, as the seed's elisp computes it",
    ),
    ed(
        "ed-range-needs-both",
        "ED-CLR-04",
        "a range applies only when both start_line and end_line are given (the seed's elisp); one alone reads the whole file",
    ),
    ed(
        "ed-was-modified-emacs",
        "ED-CLR-05",
        "was_modified is Emacs's buffer-modified-p at close: always false, since saves write through",
    ),
    ed(
        "ed-no-auto-revert",
        "ED-CLR-06",
        "an open buffer is served as loaded even when the file changed on disk (Emacs without auto-revert); saves over a change are still refused",
    ),
    ed(
        "ed-backup-always",
        "ED-CLR-07",
        "every save of an existing file reports backup_created: true (backups kept outside the root by default)",
    ),
    ed(
        "ed-latin1-preserved",
        "ED-CLR-08",
        "a file that is not UTF-8 is read as ISO-8859-1 (encoding iso-8859-1) and saved back in it when the content fits",
    ),
    ed(
        "ed-create-no-parents",
        "ED-CLR-09",
        "create_if_not_exists creates the file but not missing parent directories",
    ),
];

/// Editor clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "ED-CLR-10",
        "no other reasonable choice: a reader that sees half a file, or none, is never right",
    ),
    (
        "ED-CLR-13",
        "no other reasonable choice: the seed's \"File not found\" alone would leave a model guessing which file, and the URI as given or as resolved both name it",
    ),
];

/// The injections of the editor profile, around the unmodified `EditorServer` (which
/// answers everything else: instructions, the tool list, other methods).
pub struct FaultyEditor {
    ctx: Arc<ed::Ctx>,
    buffers: Arc<Buffers>,
    name: &'static str,
    root: PathBuf,
    /// `ed-no-auto-revert`: the text each open file had when opened or saved.
    shadow: Shadow,
}

type Shadow = Arc<Mutex<HashMap<PathBuf, String>>>;

impl FaultyEditor {
    /// The reference's handler with the injection `name`, its storage wrapped if it is a
    /// storage one.
    pub fn handler(name: &'static str, cli: &Cli, rooted: Rooted) -> Faulty<Self> {
        let root = std::fs::canonicalize(&cli.root).unwrap_or_else(|_| cli.root.clone());
        let roots =
            mcp_reference::host_roots::HostRoots::of(&cli.root).expect("the root was opened");
        let storage: Box<dyn Storage> = match FaultyStorage::wrap(name, &root, rooted) {
            Ok(faulty) => Box::new(faulty),
            Err(rooted) => Box::new(rooted),
        };
        let ctx = Arc::new(ed::Ctx {
            storage,
            roots,
            backups: None,
        });
        let plain = Rooted::open(&root).expect("the root was opened");
        let inner = EditorServer::from_options(&cli.profile_options(), plain)
            .expect("the reference starts");
        let injector = FaultyEditor {
            ctx,
            buffers: Arc::default(),
            name,
            root,
            shadow: Shadow::default(),
        };
        Faulty::new(inner, injector)
    }

    /// One operation with the injection.
    async fn exec(&self, op: Op, mut params: JsonObject) -> Result<Value, EdError> {
        let on = On {
            name: self.name,
            root: self.root.clone(),
            shadow: self.shadow.clone(),
        };
        let (ctx, buffers) = (self.ctx.clone(), self.buffers.clone());
        tokio::task::spawn_blocking(move || {
            if let Some(early) = on.before(op, &mut params, &ctx, &buffers) {
                return early;
            }
            let mut out = ed::run(&ctx, &buffers, op, &params);
            on.after(op, &params, &mut out);
            on.remember(op, &params, &ctx, &out);
            out
        })
        .await
        .unwrap_or_else(|e| Err(EdError::new(EdCode::InternalError, format!("task: {e}"))))
    }
}

impl Injector for FaultyEditor {
    type Profile = EditorServer;

    async fn call(
        &self,
        _inner: &EditorServer,
        op: Op,
        args: JsonObject,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        match self.exec(op, args).await {
            Ok(v) => Ok(tools::success(v)),
            Err(e) if self.name == "ed-tool-errors-as-rpc" => Err(e.to_rpc()),
            Err(e) => Ok(e.to_tool()),
        }
    }

    async fn method(
        &self,
        inner: &EditorServer,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        let op = Op::from_method(&request.method);
        if self.name == "ed-no-direct-methods" || op.is_none() {
            if op.is_some() {
                return Err(McpError::new(
                    rmcp::model::ErrorCode::METHOD_NOT_FOUND,
                    format!("Method not found: {}", request.method),
                    None,
                ));
            }
            return inner.method(request, context).await;
        }
        let params = match request.params {
            Some(Value::Object(m)) => m,
            _ => JsonObject::new(),
        };
        let op = op.expect("checked above");
        self.exec(op, params)
            .await
            .map(CustomResult)
            .map_err(|e| e.to_rpc())
    }
}

/// The active injection, for one call.
struct On {
    name: &'static str,
    root: PathBuf,
    shadow: Shadow,
}

fn uri_of(params: &JsonObject) -> Option<String> {
    params.get("uri").and_then(Value::as_str).map(str::to_owned)
}

/// Lexical resolution on the host, as `expand-file-name` does: no symlink is looked at.
fn lexical(path: &str) -> PathBuf {
    let mut out = PathBuf::from("/");
    for c in Path::new(path).components() {
        match c {
            Component::ParentDir => {
                out.pop();
            }
            Component::Normal(s) => out.push(s),
            _ => {}
        }
    }
    out
}

fn io(uri: &str, e: std::io::Error) -> EdError {
    if e.kind() == std::io::ErrorKind::NotFound {
        EdError::new(EdCode::FileNotFound, format!("File not found: {uri}"))
    } else {
        EdError::new(EdCode::InternalError, format!("Internal error: {uri}: {e}"))
    }
}

fn lines_of(text: &str) -> usize {
    ed::text::lines(text).len()
}

impl On {
    /// The host file a URI inside the root names (for injections that look at the disk).
    fn host(&self, ctx: &ed::Ctx, uri: &str) -> Option<PathBuf> {
        let p = ed::uri::resolve(uri, &ctx.roots).ok()?;
        Some(ctx.roots.host(&p))
    }

    /// Before a call: may rewrite the params or answer the call itself.
    fn before(
        &self,
        op: Op,
        params: &mut JsonObject,
        ctx: &ed::Ctx,
        buffers: &Buffers,
    ) -> Option<Result<Value, EdError>> {
        let uri = uri_of(params)?;
        match (self.name, op) {
            ("ed-naive-uri", _) => return self.naive(op, params, &uri),
            ("ed-relative-uri-accepted", _) if !uri.contains(':') => {
                let abs = format!("file://{}/{}", self.root.display(), uri);
                params.insert("uri".into(), json!(abs));
            }
            ("ed-percent-not-decoded", _) if uri.contains('%') => {
                return Some(Err(io(&uri, std::io::ErrorKind::NotFound.into())));
            }
            ("ed-range-end-exclusive", Op::Read) => {
                if let Some(e) = params.get("end_line").and_then(Value::as_i64) {
                    params.insert("end_line".into(), json!(e - 1));
                }
            }
            ("ed-create-always", Op::Save) => {
                params.insert("create_if_not_exists".into(), json!(true));
            }
            ("ed-not-found-internal", _)
                if op != Op::Save && self.host(ctx, &uri).is_some_and(|h| !h.exists()) =>
            {
                return Some(Err(EdError::new(
                    EdCode::InternalError,
                    "Internal error: read failed",
                )));
            }
            ("ed-backup-in-root", Op::Save) => {
                if let Some(h) = self.host(ctx, &uri)
                    && let Ok(old) = std::fs::read(&h)
                {
                    let mut b = h.into_os_string();
                    b.push("~");
                    let _ = std::fs::write(b, old);
                }
            }
            ("ed-save-over-change", Op::Save) => {
                // Forget what the session saw: the save no longer notices the change.
                let mut none = JsonObject::new();
                none.insert("uri".into(), json!(uri));
                let _ = ed::run(ctx, buffers, Op::Close, &none);
            }
            ("ed-localhost-refused", _)
                if uri.to_ascii_lowercase().starts_with("file://localhost") =>
            {
                return Some(Err(EdError::new(
                    EdCode::InvalidUri,
                    format!("Invalid URI {uri:?}: only file:/// URIs are served."),
                )));
            }
            ("ed-range-needs-both", Op::Read)
                if params.get("start_line").is_none() || params.get("end_line").is_none() =>
            {
                params.remove("start_line");
                params.remove("end_line");
            }
            ("ed-no-auto-revert", Op::Read) => {
                // Serve what the session last loaded or saved, if the file is open.
                let host = self.host(ctx, &uri)?;
                let text = self.shadow.lock().ok()?.get(&host).cloned();
                if let Some(text) = text {
                    return Some(Ok(
                        json!({"content": text, "lines": lines_of(&text), "encoding": "utf-8"}),
                    ));
                }
            }
            ("ed-latin1-preserved", _) => return self.latin1(op, params, ctx, &uri),
            ("ed-backup-always", Op::Save) => {
                // A save that replaces an existing file says it made a backup.
                let existed = self.host(ctx, &uri).is_some_and(|h| h.is_file());
                let mut out = ed::run(ctx, buffers, op, params);
                if existed && let Ok(Value::Object(data)) = &mut out {
                    data.insert("backup_created".into(), json!(true));
                }
                return Some(out);
            }
            ("ed-create-no-parents", Op::Save) => {
                if let Some(h) = self.host(ctx, &uri)
                    && h.parent().is_some_and(|p| !p.exists())
                {
                    return Some(Err(io(&uri, std::io::ErrorKind::NotFound.into())));
                }
            }
            _ => {}
        }
        None
    }

    /// `ed-no-auto-revert`: keeps the text of each open file as opened or saved.
    fn remember(&self, op: Op, params: &JsonObject, ctx: &ed::Ctx, out: &Result<Value, EdError>) {
        if self.name != "ed-no-auto-revert" || out.is_err() {
            return;
        }
        let (Some(uri), Ok(mut shadow)) = (uri_of(params), self.shadow.lock()) else {
            return;
        };
        let Some(host) = self.host(ctx, &uri) else {
            return;
        };
        match op {
            Op::Open => {
                if let Ok(t) = std::fs::read_to_string(&host) {
                    shadow.insert(host, t);
                }
            }
            Op::Save if shadow.contains_key(&host) => {
                let content = params.get("content").and_then(Value::as_str);
                shadow.insert(host, content.unwrap_or_default().to_owned());
            }
            Op::Close => {
                shadow.remove(&host);
            }
            _ => {}
        }
    }

    /// The seed's URI handling: strip `file://`, unhex, expand, and use the host file.
    fn naive(&self, op: Op, params: &JsonObject, uri: &str) -> Option<Result<Value, EdError>> {
        let raw = uri.strip_prefix("file://")?;
        let decoded = percent_encoding::percent_decode_str(raw)
            .decode_utf8_lossy()
            .into_owned();
        let host = lexical(&decoded);
        let out = match op {
            Op::Open => std::fs::read_to_string(&host).map(|t| {
                let (line, column) = ed::text::clamp_position(
                    &t,
                    params.get("line").and_then(Value::as_i64),
                    params.get("column").and_then(Value::as_i64),
                );
                let name = host.file_name().map(|n| n.to_string_lossy().into_owned());
                json!({"success": true, "buffer": name, "line": line, "column": column})
            }),
            Op::Read => std::fs::read_to_string(&host).map(|t| {
                let (content, lines) = ed::text::slice(
                    &t,
                    params.get("start_line").and_then(Value::as_i64),
                    params.get("end_line").and_then(Value::as_i64),
                )
                .unwrap_or_default();
                json!({"content": content, "lines": lines, "encoding": "utf-8"})
            }),
            Op::Save => {
                let content = params.get("content").and_then(Value::as_str).unwrap_or("");
                let create = params.get("create_if_not_exists") == Some(&json!(true));
                if !create && !host.exists() {
                    Err(std::io::ErrorKind::NotFound.into())
                } else {
                    std::fs::write(&host, content).map(|()| {
                        json!({"success": true, "bytes_written": content.len(), "backup_created": false})
                    })
                }
            }
            Op::Close => Ok(json!({"success": true, "was_modified": false})),
        };
        Some(out.map_err(|e| io(uri, e)))
    }

    /// Latin-1 files: read as ISO-8859-1, saved back in it when the content fits.
    fn latin1(
        &self,
        op: Op,
        params: &JsonObject,
        ctx: &ed::Ctx,
        uri: &str,
    ) -> Option<Result<Value, EdError>> {
        let host = self.host(ctx, uri)?;
        let bytes = super::sandboxed_bytes(&self.root, &host)?;
        if std::str::from_utf8(&bytes).is_ok() {
            return None;
        }
        let text: String = bytes.iter().map(|&b| char::from(b)).collect();
        Some(Ok(match op {
            Op::Open => {
                let (line, column) = ed::text::clamp_position(
                    &text,
                    params.get("line").and_then(Value::as_i64),
                    params.get("column").and_then(Value::as_i64),
                );
                let name = host.file_name().map(|n| n.to_string_lossy().into_owned());
                json!({"success": true, "buffer": name, "line": line, "column": column})
            }
            Op::Read => {
                let (content, lines) = ed::text::slice(&text, None, None).unwrap_or_default();
                json!({"content": content, "lines": lines, "encoding": "iso-8859-1"})
            }
            Op::Save => {
                let content = params.get("content").and_then(Value::as_str).unwrap_or("");
                let out: Vec<u8> = if content.chars().all(|c| (c as u32) < 256) {
                    content.chars().map(|c| c as u32 as u8).collect()
                } else {
                    content.as_bytes().to_vec()
                };
                if let Err(e) = std::fs::write(&host, &out) {
                    return Some(Err(io(uri, e)));
                }
                json!({"success": true, "bytes_written": out.len(), "backup_created": false})
            }
            Op::Close => return None,
        }))
    }

    /// After a call: may change its outcome.
    fn after(&self, op: Op, params: &JsonObject, out: &mut Result<Value, EdError>) {
        let Ok(Value::Object(data)) = out else {
            return;
        };
        match (self.name, op) {
            ("ed-position-not-clamped", Op::Open) => {
                for k in ["line", "column"] {
                    if let Some(v) = params.get(k) {
                        data.insert(k.into(), v.clone());
                    }
                }
            }
            ("ed-bytes-written-chars", Op::Save) => {
                let n = params
                    .get("content")
                    .and_then(Value::as_str)
                    .map_or(0, |c| c.chars().count());
                data.insert("bytes_written".into(), json!(n));
            }
            ("ed-was-modified-always", Op::Close) => {
                data.insert("was_modified".into(), json!(true));
            }
            ("ed-columns-zero-based", Op::Open) => {
                if let Some(c) = data.get("column").and_then(Value::as_u64) {
                    data.insert("column".into(), json!(c.saturating_sub(1)));
                }
            }
            ("ed-was-modified-emacs", Op::Close) => {
                data.insert("was_modified".into(), json!(false));
            }
            _ => {}
        }
    }
}
