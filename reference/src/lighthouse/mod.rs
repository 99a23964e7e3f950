//! The lighthouse profile (FR-3.1.x, `specs/lighthouse/`): the tools `read`, `write`, `edit` and
//! `delete`, served by `mcp-reference --profile lighthouse` on the shared safety core
//! (the `Storage` seam: cap-std root, atomic writes, per-file locks).
//!
//! One file per tool; `paths` (project-root rules), `args` (argument parsing), `codes`
//! (errors that teach) and `result` (the seed's `ToolResult` and the schemas) are this
//! profile's own. Every call is written to the audit log when one is configured.

pub mod args;
pub mod codes;
pub mod delete;
pub mod edit;
pub mod paths;
pub mod read;
pub mod result;
pub mod write;

use crate::profile_server::Takes;
use std::sync::Arc;

use rmcp::model::{CallToolResult, JsonObject, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::Value;

use crate::audit::{self, AuditLog};
use crate::host_roots::HostRoots;
use crate::paths::NormPath;
use crate::storage::Storage;
use crate::tool_server::ProfileHandler;
use codes::{LhCode, LhError};

/// Largest file read, written or produced by an edit: 10 MB.
pub const MAX_BYTES: u64 = 10 * 1024 * 1024;
/// Reads of files above this size carry a `warning`: 5 MB.
pub const WARN_BYTES: u64 = 5 * 1024 * 1024;

/// The four tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Read,
    Write,
    Edit,
    Delete,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Read, Op::Write, Op::Edit, Op::Delete];

    /// The tool name, which is also the audit log's `operation`.
    pub fn name(self) -> &'static str {
        match self {
            Op::Read => "read",
            Op::Write => "write",
            Op::Edit => "edit",
            Op::Delete => "delete",
        }
    }

    pub fn from_name(name: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.name() == name)
    }
}

/// What every tool needs.
pub struct Ctx {
    pub storage: Box<dyn Storage>,
    pub roots: HostRoots,
    pub audit: Option<AuditLog>,
}

impl Ctx {
    /// Resolves a path argument, recording the result for the audit log.
    pub fn resolve(
        &self,
        given: &str,
        resolved: &mut Option<NormPath>,
    ) -> Result<NormPath, LhError> {
        let p = paths::resolve(given, &self.roots)?;
        *resolved = Some(p.clone());
        Ok(p)
    }
}

/// Runs one call to completion on the current thread (file I/O: a blocking thread) and
/// writes its audit line.
pub fn run_tool(ctx: &Ctx, op: Op, args: &JsonObject) -> Result<Value, LhError> {
    let mut resolved = None;
    let outcome = match op {
        Op::Read => read::run(ctx, args, &mut resolved),
        Op::Write => write::run(ctx, args, &mut resolved),
        Op::Edit => edit::run(ctx, args, &mut resolved),
        Op::Delete => delete::run(ctx, args, &mut resolved),
    };
    if let Some(log) = &ctx.audit {
        let code = outcome.as_ref().err().map(|e| e.code);
        log.record(&audit::Entry {
            operation: op.name(),
            path: args::Args(args).raw_path(),
            resolved: resolved.as_ref().map(|p| ctx.roots.host(p)),
            error_code: code.map(LhCode::as_str),
            security_violation: code == Some(LhCode::PathOutsideProject),
        });
    }
    outcome
}

/// The tool definitions, in the seed's order.
pub fn definitions() -> Vec<Tool> {
    vec![
        read::definition(),
        write::definition(),
        edit::definition(),
        delete::definition(),
    ]
}

/// The lighthouse server.
#[derive(Clone)]
pub struct LighthouseServer {
    ctx: Arc<Ctx>,
    tools: Arc<Vec<Tool>>,
    /// The memory budgets, shared with the stdio transport and every HTTP session.
    limits: Arc<crate::limits::Limits>,
}

/// Work a read or an edit may hold (docs/limits.md): the file (at most `MAX_BYTES`), the
/// text taken from it or the edited text, and the reply.
const CALL_COST: usize = 4 * MAX_BYTES as usize;

impl LighthouseServer {
    pub fn new(ctx: Ctx) -> Self {
        Self::with_shared(Arc::new(ctx))
    }

    /// A server on a context the caller keeps a handle on too (an embedder that wraps
    /// this handler and runs some calls itself).
    pub fn with_shared(ctx: Arc<Ctx>) -> Self {
        LighthouseServer {
            ctx,
            tools: Arc::new(definitions()),
            limits: Arc::default(),
        }
    }

    /// The resource limits shared with the transport.
    pub fn limits(&self) -> Arc<crate::limits::Limits> {
        self.limits.clone()
    }

    /// The server for the command line: the root's host paths and the audit log, if any.
    /// Fails with a one-line reason.
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
        let audit = match &options.audit_log {
            None => None,
            Some(p) => Some(AuditLog::open(p).map_err(|e| {
                format!("mcp-reference: error: cannot open the audit log {p:?}: {e} (pass a writable file to --audit-log)")
            })?),
        };
        Ok(LighthouseServer::new(Ctx {
            storage: Box::new(storage),
            roots,
            audit,
        }))
    }
}

impl crate::profile_server::ProfileServer for LighthouseServer {
    const NAME: &'static str = "lighthouse";
    const ABOUT: &'static str = "Lighthouse Feature 3.1: read, write, edit, delete";
    const TAKES: Takes = Takes {
        audit_log: true,
        ..Takes::NOTHING_MORE
    };

    fn build(
        options: &crate::profile_server::ProfileOptions,
        storage: crate::storage::Rooted,
    ) -> Result<Self, String> {
        LighthouseServer::from_options(options, storage)
    }

    fn limits(&self) -> Arc<crate::limits::Limits> {
        LighthouseServer::limits(self)
    }

    fn is_mutation(&self) -> crate::profile_server::IsMutation {
        Arc::new(|name: &str| Op::from_name(name).is_some_and(|o| o != Op::Read))
    }
}

impl ProfileHandler for LighthouseServer {
    type Tool = Op;

    fn instructions(&self) -> String {
        "Files of one project. Paths are relative to the project root. read returns a \
         file's text (lines 0-indexed, startLine inclusive, endLine exclusive); write \
         creates or replaces a whole file; edit finds and replaces text (literal, or a \
         regex with isRegex); delete removes a file or (recursive) a directory. Every \
         result is {success, data} or {success: false, error: {code, message, \
         aiMessage, recoverable}}; aiMessage says how to fix a failed call."
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
        let cost = if matches!(op, Op::Read | Op::Edit) {
            CALL_COST
        } else {
            0
        };
        let _charge = self.limits.charge_call(&context, cost).await?;
        // Every call does file I/O and may wait for a file's lock.
        let outcome = tokio::task::spawn_blocking(move || run_tool(&ctx, op, &args))
            .await
            .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        Ok(match outcome {
            Ok(data) => result::success(data),
            Err(e) => result::failure(&e),
        })
    }
}
