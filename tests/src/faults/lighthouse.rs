//! Faults and alternative readings of the lighthouse profile. `FaultyLighthouse` is its
//! `Injector` (`decorator.rs`) around the unmodified `LighthouseServer`, whose storage it
//! may wrap (the `Storage` seam, `storage.rs`); `calls` below changes a call's arguments or outcome.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use mcp_reference::audit::AuditLog;
use mcp_reference::cli::Cli;
use mcp_reference::lighthouse::codes::{LhCode, LhError};
use mcp_reference::lighthouse::{self as lh, LighthouseServer, Op, result};
use mcp_reference::storage::{Rooted, Storage};
use rmcp::model::{CallToolResult, JsonObject};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::{Value, json};

use super::decorator::{Faulty, Injector};
use super::storage::FaultyStorage;
use super::{Args, Injection, ProfileFaults, StorageFault, arg, resolve_lexically};

/// The lighthouse row of `super::PROFILES`.
pub const PROFILE: ProfileFaults = ProfileFaults {
    profile: "lighthouse",
    faults: FAULTS,
    variants: VARIANTS,
    proxy_faults: &[lh(
        "lh-failures-unmarked",
        "LH-CLR-02",
        super::UNMARKED_WHAT,
    )],
    proxy_variants: &[],
    no_variant: NO_VARIANT,
    storage_faults: &[
        ("lh-lost-update", StorageFault::UnlockedUpdate),
        ("lh-torn-write", StorageFault::TornWrite),
        ("lh-delete-follows-links", StorageFault::DeleteFollowsLinks),
        ("lh-write-cut-8mib", StorageFault::CutLargeWrite),
        ("lh-edit-lf", StorageFault::EditToLf),
    ],
    race_faults: &["lh-lost-update", "lh-torn-write"],
    swap_faults: &[],
    folding_root_faults: &[],
    respelled_names: false,
    floor: 80,
    serve,
};

fn serve(i: &'static Injection, args: Vec<String>) -> std::process::ExitCode {
    mcp_reference::run_cli_with(args, |cli, rooted| {
        FaultyLighthouse::handler(i.name, cli, rooted)
    })
}

const fn lh(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection {
        profile: "lighthouse",
        name,
        id,
        what,
    }
}

/// Faults: each breaks exactly one requirement of the lighthouse catalogue.
pub const FAULTS: &[Injection] = &[
    lh(
        "lh-start-line-one-based",
        "FR-3.1.2",
        "startLine is taken as 1-indexed (startLine 2 starts at the second line)",
    ),
    lh(
        "lh-global-ignored",
        "FR-3.1.10",
        "edit replaces only the first occurrence, whatever global says",
    ),
    lh(
        "lh-torn-write",
        "FR-3.1.7",
        "files are rewritten in place in two halves with a pause, so a reader can see half a write",
    ),
    lh(
        "lh-create-directories-always",
        "FR-3.1.6",
        "write creates missing parent directories even without createDirectories",
    ),
    lh(
        "lh-created-always-true",
        "FR-3.1.5",
        "write says created: true when it overwrote a file",
    ),
    lh(
        "lh-no-match-fails",
        "FR-3.1.11",
        "an edit without a match is an error instead of a success with 0 replacements",
    ),
    lh(
        "lh-delete-ignores-recursive",
        "FR-3.1.13",
        "delete removes a non-empty directory without recursive",
    ),
    lh(
        "lh-delete-follows-links",
        "AC-3.1.25",
        "a recursive delete enters symlinks to directories and empties their targets",
    ),
    lh(
        "lh-prefix-check",
        "FR-3.1.15",
        "containment is decided by a string prefix of the resolved path, so <root>_evil counts as inside",
    ),
    lh(
        "lh-naive-server",
        "FR-3.1.15",
        "the seed's own approach: path.resolve, a string-prefix check, no symlink check, fs.writeFile in place",
    ),
    lh(
        "lh-catastrophic-regex",
        "R-3.1.2",
        "a backtracking regex engine: a pattern with nested quantifiers hangs the call",
    ),
    lh(
        "lh-errors-bare",
        "FR-3.1.16",
        "every failure says only \"error\", with no code, message or aiMessage",
    ),
    lh(
        "lh-errors-code-message-only",
        "FR-3.1.16",
        "failures carry error.code and error.message only, without the aiMessage and recoverable the seed's ToolError declares",
    ),
    lh(
        "lh-lost-update",
        "LH-CLR-13",
        "edits of one file are not serialized (no lock, a pause between read and write)",
    ),
    lh(
        "lh-edit-lf",
        "LH-CLR-09",
        "edit writes the whole file back with `\\n` endings, every CRLF and lone CR of the lines it did not touch included, as a server that reads text with universal newlines does (edit-line-endings)",
    ),
    lh(
        "lh-write-cut-8mib",
        "NFR-3.1-SIZE",
        "write keeps only the first 8 MiB (8,388,608 bytes, cut inside a character) of a larger content, below the 10 MB the source promises (large-files)",
    ),
    lh(
        "lh-audit-silent",
        "FR-3.1.17",
        "the server takes --audit-log but logs no operation",
    ),
];

/// Variants: the other reasonable choice for one lighthouse clarification.
pub const VARIANTS: &[Injection] = &[
    lh(
        "lh-range-past-end-refused",
        "LH-CLR-04",
        "an endLine past the end of the file is INVALID_ARGUMENT instead of clamped",
    ),
    lh(
        "lh-split-lines",
        "LH-CLR-05",
        "lines as JavaScript's split(\"\\n\"): a final newline starts an empty last line, a range is joined by \\n",
    ),
    lh(
        "lh-empty-search-noop",
        "LH-CLR-07",
        "an empty search is a success with 0 replacements",
    ),
    lh(
        "lh-absolute-refused",
        "LH-CLR-03",
        "every absolute path is PATH_OUTSIDE_PROJECT, also inside the root",
    ),
    lh(
        "lh-count-files-only",
        "LH-CLR-10",
        "a recursive delete counts the files it removed, not directories",
    ),
    lh(
        "lh-original-only-when-changed",
        "LH-CLR-08",
        "originalContent is left out when nothing matched",
    ),
    lh(
        "lh-args-protocol-errors",
        "LH-CLR-02",
        "invalid arguments are JSON-RPC invalid-params errors",
    ),
];

/// Lighthouse clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "LH-CLR-01",
        "the other choice (the shipped tool names) is another interface, a profile of its own",
    ),
    (
        "LH-CLR-06",
        "the other engines backtrack, which R-3.1.2 forbids; the replacement syntax is JavaScript's too",
    ),
    (
        "LH-CLR-09",
        "no other reasonable choice: converting line endings or rewriting an unchanged file changes bytes nobody asked to change",
    ),
    (
        "LH-CLR-11",
        "not built: a limit of 10^7 bytes would only show with files between 10^7 and 10 MiB",
    ),
    (
        "LH-CLR-12",
        "not built: refusing every symlink is the other reasonable choice",
    ),
    (
        "LH-CLR-17",
        "not built: a host path in place of the path as given is the other reasonable choice, and names the file's last component too (MISS-001 passes it)",
    ),
    (
        "LH-CLR-13",
        "no other reasonable choice: unserialized edits lose one another's changes",
    ),
];

/// The injections of the lighthouse profile, around the unmodified `LighthouseServer`.
pub struct FaultyLighthouse {
    ctx: Arc<lh::Ctx>,
    name: &'static str,
    root: PathBuf,
}

impl FaultyLighthouse {
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
        let audit = match &cli.audit_log {
            Some(p) if name != "lh-audit-silent" => {
                Some(AuditLog::open(p).expect("the audit log can be opened"))
            }
            _ => None,
        };
        let ctx = Arc::new(lh::Ctx {
            storage,
            roots,
            audit,
        });
        let inner = LighthouseServer::with_shared(ctx.clone());
        Faulty::new(inner, FaultyLighthouse { ctx, name, root })
    }
}

impl Injector for FaultyLighthouse {
    type Profile = LighthouseServer;

    async fn call(
        &self,
        _inner: &LighthouseServer,
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
            let files = on.is("lh-count-files-only").then(|| on.files_below(&args));
            let mut out = lh::run_tool(&ctx, op, &args);
            on.after(op, &args, &mut out, files);
            out
        })
        .await
        .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        if self.name == "lh-args-protocol-errors"
            && let Err(e) = &out
            && e.code == LhCode::InvalidArgument
        {
            return Err(McpError::invalid_params(e.text(), Some(e.to_json())));
        }
        let mut r = match out {
            Ok(data) => result::success(data),
            Err(e) => result::failure(&e),
        };
        if self.name == "lh-errors-code-message-only"
            && r.is_error == Some(true)
            && let Some(error) = r
                .structured_content
                .as_mut()
                .and_then(|s| s.get_mut("error"))
                .and_then(|e| e.as_object_mut())
        {
            error.retain(|k, _| k == "code" || k == "message");
            let plain = Value::Object(error.clone()).to_string();
            r.content = vec![rmcp::model::ContentBlock::text(plain)];
        }
        if self.name == "lh-errors-bare" && r.is_error == Some(true) {
            r = CallToolResult::error(vec![rmcp::model::ContentBlock::text("error")]);
            r.structured_content = Some(json!({"success": false}));
        }
        Ok(r)
    }
}

/// The active injection, for one call.
struct On {
    name: &'static str,
    root: PathBuf,
}

fn io_error(path: &str, e: std::io::Error) -> LhError {
    if e.kind() == std::io::ErrorKind::NotFound {
        LhError::not_found(path)
    } else {
        LhError::new(LhCode::IoError, format!("{path}: {e}"), "retry")
    }
}

impl On {
    fn is(&self, name: &str) -> bool {
        self.name == name
    }

    fn host_text(&self, args: &Args) -> Option<String> {
        let p = resolve_lexically(&self.root, arg(args, "path")?);
        String::from_utf8(super::sandboxed_bytes(&self.root, &p)?).ok()
    }

    /// Regular files below the directory a delete names (no links followed).
    fn files_below(&self, args: &Args) -> u64 {
        fn walk(p: &Path) -> u64 {
            match std::fs::symlink_metadata(p) {
                Ok(m) if m.is_dir() => std::fs::read_dir(p)
                    .map(|rd| rd.filter_map(Result::ok).map(|e| walk(&e.path())).sum())
                    .unwrap_or(0),
                Ok(_) => 1,
                Err(_) => 0,
            }
        }
        arg(args, "path").map_or(0, |p| walk(&resolve_lexically(&self.root, p)))
    }

    /// Before a call: may rewrite the arguments or answer the call itself.
    fn before(&self, op: Op, args: &mut Args) -> Option<Result<Value, LhError>> {
        match (self.name, op) {
            ("lh-start-line-one-based", Op::Read) => {
                if let Some(s) = args.get("startLine").and_then(Value::as_i64)
                    && s > 0
                {
                    args.insert("startLine".into(), json!(s - 1));
                }
            }
            ("lh-global-ignored", Op::Edit) => {
                args.insert("global".into(), json!(false));
            }
            ("lh-create-directories-always", Op::Write) => {
                args.insert("createDirectories".into(), json!(true));
            }
            ("lh-delete-ignores-recursive", Op::Delete) => {
                args.insert("recursive".into(), json!(true));
            }
            ("lh-catastrophic-regex", Op::Edit) => {
                let nested =
                    arg(args, "search").is_some_and(|s| s.contains(")+") || s.contains(")*"));
                if args.get("isRegex") == Some(&json!(true)) && nested {
                    // What a backtracking engine does with such a pattern on a long input.
                    std::thread::sleep(Duration::from_secs(30));
                }
            }
            ("lh-range-past-end-refused", Op::Read) => {
                let total = self
                    .host_text(args)
                    .map(|t| mcp_reference::lines::total_lines(t.as_bytes()));
                if let (Some(e), Some(total)) = (args.get("endLine").and_then(Value::as_u64), total)
                    && e as usize > total
                {
                    return Some(Err(LhError::new(
                        LhCode::InvalidArgument,
                        format!("endLine {e} is past the end of the file ({total} lines)."),
                        "Pass an endLine of at most totalLines.",
                    )));
                }
            }
            ("lh-empty-search-noop", Op::Edit) if arg(args, "search") == Some("") => {
                let path = arg(args, "path").unwrap_or_default();
                let text = self.host_text(args)?;
                return Some(Ok(
                    json!({"path": path, "replacements": 0, "originalContent": text}),
                ));
            }
            ("lh-absolute-refused", _) if arg(args, "path").is_some_and(|p| p.starts_with('/')) => {
                return Some(Err(LhError::outside(arg(args, "path").unwrap_or_default())));
            }
            ("lh-prefix-check", _) => {
                let raw = arg(args, "path")?;
                if raw.contains("..") || raw.starts_with('/') {
                    return self.naive(op, args);
                }
            }
            ("lh-naive-server", _) => return self.naive(op, args),
            _ => {}
        }
        None
    }

    /// A call as the seed's own code makes it: `path.resolve(root, input)`, accepted when
    /// the result's text starts with the root's text; then plain file-system calls, which
    /// follow symlinks; writes in place.
    fn naive(&self, op: Op, args: &Args) -> Option<Result<Value, LhError>> {
        let raw = arg(args, "path")?;
        let host = resolve_lexically(&self.root, raw);
        if !host
            .to_string_lossy()
            .starts_with(&*self.root.to_string_lossy())
        {
            return Some(Err(LhError::outside(raw)));
        }
        let out = match op {
            Op::Read => std::fs::read_to_string(&host).map(|content| {
                let n = mcp_reference::lines::total_lines(content.as_bytes());
                json!({"path": raw, "content": content, "lineCount": n, "totalLines": n})
            }),
            Op::Write => {
                let content = arg(args, "content").unwrap_or_default();
                let created = !host.exists();
                if args.get("createDirectories") == Some(&json!(true))
                    && let Some(parent) = host.parent()
                {
                    let _ = std::fs::create_dir_all(parent);
                }
                std::fs::write(&host, content).map(
                    |()| json!({"path": raw, "bytesWritten": content.len(), "created": created}),
                )
            }
            Op::Edit => std::fs::read_to_string(&host).and_then(|old| {
                let search = arg(args, "search").unwrap_or_default();
                let replace = arg(args, "replace").unwrap_or_default();
                let n = old.matches(search).count();
                std::fs::write(&host, old.replace(search, replace))
                    .map(|()| json!({"path": raw, "replacements": n, "originalContent": old}))
            }),
            Op::Delete => {
                let dir = host.is_dir();
                let r = if dir {
                    std::fs::remove_dir_all(&host)
                } else {
                    std::fs::remove_file(&host)
                };
                r.map(|()| json!({"path": raw, "type": if dir { "directory" } else { "file" }, "itemsDeleted": 1}))
            }
        };
        Some(out.map_err(|e| io_error(raw, e)))
    }

    /// After a call: may change its outcome.
    fn after(&self, op: Op, args: &Args, out: &mut Result<Value, LhError>, files: Option<u64>) {
        let Ok(Value::Object(data)) = out else {
            return;
        };
        match (self.name, op) {
            ("lh-created-always-true", Op::Write) => {
                data.insert("created".into(), json!(true));
            }
            ("lh-no-match-fails", Op::Edit) if data.get("replacements") == Some(&json!(0)) => {
                *out = Err(LhError::new(
                    LhCode::InvalidArgument,
                    "The search text was not found.",
                    "Read the file and search for text it contains.",
                ));
            }
            ("lh-original-only-when-changed", Op::Edit)
                if data.get("replacements") == Some(&json!(0)) =>
            {
                data.remove("originalContent");
            }
            ("lh-count-files-only", Op::Delete)
                if data.get("type") == Some(&json!("directory")) =>
            {
                data.insert("itemsDeleted".into(), json!(files.unwrap_or(0)));
            }
            ("lh-split-lines", Op::Read) => {
                let Some(text) = self.host_text(args) else {
                    return;
                };
                let lines: Vec<&str> = text.split('\n').collect();
                let total = lines.len();
                let get = |k: &str| args.get(k).and_then(Value::as_u64).map(|v| v as usize);
                let end = get("endLine").unwrap_or(total).min(total);
                let start = get("startLine").unwrap_or(0).min(end);
                let content = lines[start..end].join("\n");
                data.insert("content".into(), json!(content));
                data.insert("lineCount".into(), json!(end - start));
                data.insert("totalLines".into(), json!(total));
            }
            _ => {}
        }
    }
}
