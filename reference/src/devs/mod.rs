//! The devs profile (3_MCP-TAS-079, `specs/devs/`): the ProjectServer tools
//! `filesystem_operation` (read, write, list, move) and `apply_surgical_edits`, served by
//! `mcp-reference --profile devs` on the shared safety core (the `Storage` seam: cap-std
//! root, atomic writes, per-file locks).
//!
//! One file per tool; `paths` (the shared `host_roots` rules with this profile's
//! errors), `args` (argument parsing), `codes` (the seed's error strings, our codes and
//! hints) and `result` (the seed's result objects on the wire) are this profile's own.

pub mod apply_surgical_edits;
pub mod args;
pub mod codes;
pub mod filesystem_operation;
pub mod paths;
pub mod result;

use std::sync::Arc;

use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::Value;

use crate::host_roots::HostRoots;
use crate::paths::NormPath;
use crate::storage::Storage;
use crate::tool_server::ProfileHandler;
use codes::DvError;

/// Largest file `read` returns: the seed's 512_000 bytes, 500 KB (DV-CLR-02).
pub const READ_LIMIT: u64 = 500 * 1024;

/// The two tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    FilesystemOperation,
    ApplySurgicalEdits,
}

impl Op {
    pub const ALL: [Op; 2] = [Op::FilesystemOperation, Op::ApplySurgicalEdits];

    pub fn name(self) -> &'static str {
        match self {
            Op::FilesystemOperation => filesystem_operation::NAME,
            Op::ApplySurgicalEdits => apply_surgical_edits::NAME,
        }
    }

    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == name)
    }

    /// Whether a call may change files, for the HTTP scopes. The scope is decided by the
    /// tool's name alone, and `filesystem_operation` writes and moves too, so both tools
    /// need `files:write`.
    pub fn may_mutate(self) -> bool {
        true
    }
}

/// What every tool needs.
pub struct Ctx {
    pub storage: Box<dyn Storage>,
    pub roots: HostRoots,
}

impl Ctx {
    /// Resolves a path argument (`field` names it in errors).
    pub fn resolve(&self, given: &str, field: &str) -> Result<NormPath, DvError> {
        paths::resolve(given, &self.roots, field)
    }
}

/// Runs one call to completion on the current thread (file I/O: a blocking thread).
pub fn run_tool(ctx: &Ctx, op: Op, args: &JsonObject) -> Result<Value, DvError> {
    match op {
        Op::FilesystemOperation => filesystem_operation::run(ctx, args),
        Op::ApplySurgicalEdits => apply_surgical_edits::run(ctx, args),
    }
}

/// The tool definitions, in the seed's order.
pub fn definitions() -> Vec<Tool> {
    vec![
        filesystem_operation::definition(),
        apply_surgical_edits::definition(),
    ]
}

/// Memory an apply_surgical_edits call may hold (docs/limits.md): the file's bytes, the
/// text being edited (which may grow) and the new bytes, so three times the file now, plus
/// the replacements. Reads are bounded by their 500 KB limit and the slots instead. 0 when
/// the path cannot be resolved: the call fails on its own.
fn edit_cost(ctx: &Ctx, args: &JsonObject) -> usize {
    let a = args::Args(args);
    let Ok(given) = a.string("path", "") else {
        return 0;
    };
    let size = ctx.resolve(given, "path").map_or(0, |p| {
        ctx.storage.size_hint(&p).min(crate::MAX_FILE_SIZE) as usize
    });
    // Summed from the arguments as they are: parsing the edits again would copy them.
    let news: usize = args
        .get("edits")
        .and_then(Value::as_array)
        .map_or(0, |edits| {
            edits
                .iter()
                .filter_map(|e| e.get("new").and_then(Value::as_str))
                .map(str::len)
                .sum()
        });
    3 * size + news
}

/// The devs server.
#[derive(Clone)]
pub struct DevsServer {
    ctx: Arc<Ctx>,
    tools: Arc<Vec<Tool>>,
    /// Shared with the transport: edits charge the work budget (docs/limits.md).
    limits: Arc<crate::limits::Limits>,
}

impl DevsServer {
    pub fn new(ctx: Ctx) -> Self {
        Self::with_shared(Arc::new(ctx))
    }

    /// A server on a context the caller keeps a handle on too (an embedder that wraps
    /// this handler and runs some calls itself).
    pub fn with_shared(ctx: Arc<Ctx>) -> Self {
        DevsServer {
            ctx,
            tools: Arc::new(definitions()),
            limits: Arc::default(),
        }
    }

    /// The server for the command-line options. Fails with a one-line reason.
    pub fn from_options(
        options: &crate::profile_server::ProfileOptions,
        storage: impl Storage + 'static,
    ) -> Result<Self, String> {
        let roots = HostRoots::of(&options.root).map_err(|e| {
            format!(
                "mcp-reference: error: cannot resolve root {:?}: {e}",
                options.root
            )
        })?;
        Ok(DevsServer::new(Ctx {
            storage: Box::new(storage),
            roots,
        }))
    }
}

impl crate::profile_server::ProfileServer for DevsServer {
    const NAME: &'static str = "devs";
    const ABOUT: &'static str =
        "devs ProjectServer (3_MCP-TAS-079): filesystem_operation, apply_surgical_edits";

    fn build(
        options: &crate::profile_server::ProfileOptions,
        storage: crate::storage::Rooted,
    ) -> Result<Self, String> {
        DevsServer::from_options(options, storage)
    }

    /// The resource limits shared with the transport.
    fn limits(&self) -> Arc<crate::limits::Limits> {
        self.limits.clone()
    }

    fn is_mutation(&self) -> crate::profile_server::IsMutation {
        Arc::new(|name: &str| Op::from_name(name).is_some_and(Op::may_mutate))
    }
}

impl ProfileHandler for DevsServer {
    type Tool = Op;

    fn instructions(&self) -> String {
        "Files of one project; paths are relative to the project root. \
         filesystem_operation reads (up to 500 KB), writes, lists and moves files; \
         apply_surgical_edits changes a file by exact {old, new} replacements. Every \
         result is {ok: true, ...} or {ok: false, error, code, hint}; hint says how to \
         fix a failed call."
            .into()
    }

    fn tools(&self) -> &[Tool] {
        &self.tools
    }

    fn tool(&self, name: &str) -> Option<Op> {
        Op::from_name(name)
    }

    async fn call(
        &self,
        op: Op,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let ctx = self.ctx.clone();
        let _charge = match op {
            Op::ApplySurgicalEdits => {
                let (c, a) = (ctx.clone(), args.clone());
                let cost = tokio::task::spawn_blocking(move || edit_cost(&c, &a))
                    .await
                    .unwrap_or(0);
                Some(self.limits.charge_call(&context, cost).await?)
            }
            Op::FilesystemOperation => None,
        };
        // Every call does file I/O and may wait for a file's lock.
        let outcome = tokio::task::spawn_blocking(move || run_tool(&ctx, op, &args))
            .await
            .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        Ok(match outcome {
            Ok(value) => result::success(value),
            Err(e) => result::failure(&e),
        })
    }
}
