//! The filesystem profile: a drop-in for the official MCP filesystem server
//! (`@modelcontextprotocol/server-filesystem` 2026.8.31) with its fourteen tools and their
//! argument shapes, served by `mcp-reference --profile filesystem DIR [DIR ...]` on the shared
//! safety core (the `Storage` seam: cap-std root, atomic durable writes, per-file locks).
//!
//! Where the official server is loose we follow specs/filesystem/clarifications.yaml:
//! edits keep CRLF, writes are atomic and durable, no symlink (or symlink race) leads out,
//! an ambiguous oldText fails, matching is exact. One file per tool family; `allowed` (the
//! allowed directories, MCP roots included), `args`, `result`, `sizes` and `walk` are shared here.

pub mod allowed;
pub mod args;
pub mod budget;
pub mod dirs;
pub mod edit;
pub mod info;
pub mod move_file;
pub mod read;
pub mod result;
pub mod roots;
pub mod search;
pub mod sizes;
pub mod tree;
pub mod walk;
pub mod write;

use crate::profile_server::Takes;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleServer};

use crate::errors::ToolError;
use crate::limits::Limits;
use crate::storage::Storage;
use crate::tool_server::ProfileHandler;
use allowed::{Allowed, Dirs, Opener, Resolved};

/// How long the server waits for the client's answer to roots/list before it goes on with
/// the directories it has (tool calls wait meanwhile, so that none runs on stale roots).
pub const ROOTS_TIMEOUT: Duration = Duration::from_secs(10);

/// What every tool needs.
pub struct Ctx {
    pub dirs: Dirs,
    /// The operator's directories (the command line's): client roots only narrow them.
    pub operator: Arc<Vec<Arc<Allowed>>>,
    /// Opens the storage of a directory the client names as a root.
    pub opener: Opener,
}

impl Ctx {
    /// A context on the operator's directories, before any client root.
    pub fn new(operator: Arc<Vec<Arc<Allowed>>>, opener: Opener) -> Ctx {
        Ctx {
            dirs: Dirs::new((*operator).clone()),
            operator,
            opener,
        }
    }

    /// Resolves a path argument, following symlinks that stay inside (the entry itself
    /// too): what read, write, edit, list and info work on.
    pub fn resolve(&self, given: &str) -> Result<Resolved, ToolError> {
        allowed::resolve(given, &self.dirs.snapshot()).map(|r| allowed::follow(r, true))
    }

    /// Like `resolve`, but a symlink in the last component is the entry itself (move_file
    /// moves the link, not its target).
    pub fn resolve_entry(&self, given: &str) -> Result<Resolved, ToolError> {
        allowed::resolve(given, &self.dirs.snapshot()).map(|r| allowed::follow(r, false))
    }
}

/// The fourteen tools, in the official server's order.
pub const NAMES: [&str; 14] = [
    read::READ_FILE,
    read::READ_TEXT,
    read::READ_MEDIA,
    read::READ_MULTIPLE,
    write::NAME,
    edit::NAME,
    dirs::CREATE,
    dirs::LIST,
    dirs::LIST_SIZES,
    tree::NAME,
    move_file::NAME,
    search::NAME,
    info::NAME,
    roots::NAME,
];

/// Whether a tool may change files (the HTTP scopes).
pub fn is_mutation(name: &str) -> bool {
    matches!(
        name,
        write::NAME | edit::NAME | dirs::CREATE | move_file::NAME
    )
}

/// Runs one call to completion on the current thread (file I/O: a blocking thread).
pub fn run_tool(ctx: &Ctx, name: &str, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    match name {
        read::READ_FILE | read::READ_TEXT => read::run_text(ctx, args),
        read::READ_MEDIA => read::run_media(ctx, args),
        read::READ_MULTIPLE => read::run_multiple(ctx, args),
        write::NAME => write::run(ctx, args),
        edit::NAME => edit::run(ctx, args),
        dirs::CREATE => dirs::run_create(ctx, args),
        dirs::LIST => dirs::run_list(ctx, args),
        dirs::LIST_SIZES => dirs::run_list_sizes(ctx, args),
        tree::NAME => tree::run(ctx, args),
        move_file::NAME => move_file::run(ctx, args),
        search::NAME => search::run(ctx, args),
        info::NAME => info::run(ctx, args),
        roots::NAME => roots::run(ctx, args),
        _ => unreachable!("call_tool checks the name"),
    }
}

/// The tool definitions, in the official server's order.
pub fn definitions() -> Vec<Tool> {
    let mut v: Vec<Tool> = read::definitions().into();
    v.push(write::definition());
    v.push(edit::definition());
    v.extend(dirs::definitions());
    v.push(tree::definition());
    v.push(move_file::definition());
    v.push(search::definition());
    v.push(info::definition());
    v.push(roots::definition());
    v
}

/// The filesystem server. A clone (one per HTTP session) starts again from the
/// operator's directories, so one session's roots never change another's.
pub struct FsServer {
    ctx: Arc<Ctx>,
    tools: Arc<Vec<Tool>>,
    /// Held for writing while the client's roots are fetched; calls hold it for reading.
    roots_gate: Arc<tokio::sync::RwLock<()>>,
    /// The memory budgets, shared by every clone (HTTP sessions) and the stdio transport.
    limits: Arc<Limits>,
}

impl Clone for FsServer {
    fn clone(&self) -> Self {
        let mut s = FsServer::on_dirs(self.ctx.operator.clone(), self.ctx.opener.clone());
        s.limits = self.limits.clone();
        s
    }
}

impl FsServer {
    fn on_dirs(operator: Arc<Vec<Arc<Allowed>>>, opener: Opener) -> Self {
        FsServer {
            ctx: Arc::new(Ctx::new(operator, opener)),
            tools: Arc::new(definitions()),
            roots_gate: Arc::new(tokio::sync::RwLock::new(())),
            limits: Arc::new(Limits::default()),
        }
    }

    /// The resource limits shared with the transport.
    pub fn limits(&self) -> Arc<Limits> {
        self.limits.clone()
    }

    /// A server on the operator's directories (each with its storage) that opens client
    /// roots below them with `opener`. The same directory named twice is kept once.
    pub fn on(dirs: Vec<(PathBuf, Box<dyn Storage>)>, opener: Opener) -> std::io::Result<Self> {
        let mut operator: Vec<Arc<Allowed>> = Vec::new();
        for (dir, storage) in dirs {
            let a = Allowed::operator(&dir, storage)?;
            if !operator
                .iter()
                .any(|o| o.roots.canonical == a.roots.canonical)
            {
                operator.push(Arc::new(a));
            }
        }
        Ok(FsServer::on_dirs(Arc::new(operator), opener))
    }

    /// A server on `root` (its storage given) that opens client roots with `opener`.
    pub fn new(root: &Path, storage: Box<dyn Storage>, opener: Opener) -> std::io::Result<Self> {
        FsServer::on(vec![(root.to_path_buf(), storage)], opener)
    }

    /// The context, for an embedder that wraps this handler and runs some calls itself.
    pub fn ctx(&self) -> Arc<Ctx> {
        self.ctx.clone()
    }

    /// The server for the command line: the first directory on `storage`, the others (and
    /// client roots below them) as `Rooted` sandboxes.
    pub fn from_options(
        options: &crate::profile_server::ProfileOptions,
        storage: impl Storage + 'static,
    ) -> Result<Self, String> {
        let mut dirs: Vec<(PathBuf, Box<dyn Storage>)> =
            vec![(options.root.clone(), Box::new(storage))];
        for dir in options.dirs.iter().skip(1) {
            let s = crate::storage::Rooted::open(dir)
                .map_err(|e| format!("mcp-reference: error: cannot open directory {dir:?}: {e}"))?;
            dirs.push((dir.clone(), Box::new(s)));
        }
        FsServer::on(dirs, allowed::rooted_opener()).map_err(|e| {
            format!(
                "mcp-reference: error: cannot resolve the directories {:?}: {e}",
                options.dirs
            )
        })
    }

    /// Asks the client for its roots (if it has the capability) and takes them; tool calls
    /// wait until the answer is in or `ROOTS_TIMEOUT` has passed.
    #[allow(deprecated)] // roots: see roots.rs
    async fn fetch_roots(&self, peer: Peer<RoleServer>) {
        let offers = peer
            .peer_info()
            .is_some_and(|info| info.capabilities.roots.is_some());
        if !offers {
            return;
        }
        let gate = self.roots_gate.clone().write_owned().await;
        let ctx = self.ctx.clone();
        tokio::spawn(async move {
            let note = match tokio::time::timeout(ROOTS_TIMEOUT, peer.list_roots()).await {
                Ok(Ok(list)) => {
                    tokio::task::spawn_blocking(move || roots::apply(&ctx, &list.roots))
                        .await
                        .unwrap_or_else(|e| format!("applying the roots failed: {e}"))
                }
                Ok(Err(e)) => {
                    format!("roots/list failed ({e}); the allowed directories stay as they were")
                }
                Err(_) => format!(
                    "the client did not answer roots/list within {} s; the allowed directories stay as they were",
                    ROOTS_TIMEOUT.as_secs()
                ),
            };
            eprintln!("mcp-reference: roots: {note}");
            drop(gate);
        });
    }
}

impl FsServer {
    /// read_text_file and read_file, the hot path: the file is opened once, its work
    /// charged from its size (docs/limits.md), and a small one is read right here, since
    /// a thread hop would cost more than the read; a large one is read on the blocking
    /// pool. The outer error: the budget stayed taken (over HTTP).
    async fn read_text(
        &self,
        ctx: Arc<Ctx>,
        args: &JsonObject,
        context: &RequestContext<RoleServer>,
    ) -> Result<Result<CallToolResult, ToolError>, McpError> {
        let call = match read::TextRead::open(&ctx, args) {
            Ok(call) => call,
            Err(e) => return Ok(Err(e)),
        };
        let _charge = self.limits.charge_call(context, call.cost()).await?;
        if call.len <= read::INLINE_MAX {
            return Ok(call.finish());
        }
        Ok(tokio::task::spawn_blocking(move || call.finish())
            .await
            .unwrap_or_else(|e| {
                Err(ToolError::new(
                    crate::errors::Code::IoError,
                    format!("The read was interrupted ({e}); retry it."),
                ))
            }))
    }
}

impl crate::profile_server::ProfileServer for FsServer {
    const NAME: &'static str = "filesystem";
    const ABOUT: &'static str =
        "The official filesystem server's 14 tools (read_text_file, edit_file, ...)";
    const TAKES: Takes = Takes {
        several_dirs: true,
        ..Takes::NOTHING_MORE
    };

    fn build(
        options: &crate::profile_server::ProfileOptions,
        storage: crate::storage::Rooted,
    ) -> Result<Self, String> {
        FsServer::from_options(options, storage)
    }

    fn limits(&self) -> Arc<Limits> {
        FsServer::limits(self)
    }

    fn is_mutation(&self) -> crate::profile_server::IsMutation {
        Arc::new(is_mutation)
    }
}

impl ProfileHandler for FsServer {
    type Tool = &'static str;

    fn instructions(&self) -> String {
        "Files in the allowed directories (list_allowed_directories names them; a client \
         that offers MCP roots sets them). Paths are absolute. Writes and edits replace a \
         file in one step; edit_file needs each oldText to occur exactly once and keeps \
         the file's line endings. Errors say what went wrong and how to fix the call."
            .into()
    }

    fn tools(&self) -> &[Tool] {
        &self.tools
    }

    fn tool(&self, name: &str) -> Option<&'static str> {
        NAMES.iter().find(|n| **n == name).copied()
    }

    async fn call(
        &self,
        name: &'static str,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let _roots_settled = self.roots_gate.read().await;
        let ctx = self.ctx.clone();
        let failed = |e: tokio::task::JoinError| {
            McpError::internal_error(format!("tool task failed: {e}"), None)
        };
        if matches!(name, read::READ_TEXT | read::READ_FILE) {
            let outcome = self.read_text(ctx, &args, &context).await?;
            return Ok(outcome.unwrap_or_else(|e| result::failure(&e)));
        }
        // The call's work is charged before it runs (docs/limits.md).
        let (cost, args) = if budget::sized(name) {
            let ctx = ctx.clone();
            tokio::task::spawn_blocking(move || (budget::cost(&ctx, name, &args), args))
                .await
                .map_err(failed)?
        } else {
            (budget::cost(&ctx, name, &args), args)
        };
        let cost = match cost {
            Ok(c) => c,
            Err(e) => return Ok(result::failure(&e)),
        };
        let _charge = self.limits.charge_call(&context, cost).await?;
        let outcome = tokio::task::spawn_blocking(move || run_tool(&ctx, name, &args))
            .await
            .map_err(failed)?;
        Ok(outcome.unwrap_or_else(|e| result::failure(&e)))
    }

    /// Asks a client that offers MCP roots for them, after initialization and after
    /// roots/list_changed.
    async fn roots_may_have_changed(&self, peer: Peer<RoleServer>) {
        self.fetch_roots(peer).await;
    }
}
