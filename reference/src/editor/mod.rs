//! The editor profile (FILE-*, `specs/editor/`): `file/open`, `file/read`,
//! `file/save` and `file/close`, served by `mcp-reference --profile editor` on the shared
//! safety core (the `Storage` seam: cap-std root, atomic writes, per-file locks).
//!
//! Each operation is offered twice (ED-CLR-01): as an MCP tool whose name every client
//! accepts (`file_open`, ...), and as the seed's own JSON-RPC method (`file/open`, ...),
//! which the generic server hands to `ProfileHandler::method`, over stdio and HTTP alike, with the seed's
//! params and result shapes. `uri` (file URIs), `text` (lines and positions), `ops` (the
//! operations on a session's buffers), `errors` (the seed's error table) and `backup`
//! (`--backup-dir`) are this profile's own.
//!
//! Buffers belong to a session (ED-CLR-05): over stdio the connection; over HTTP an MCP
//! session of the 2025-11-25 era (the HTTP service clones the handler per session, and a
//! clone starts with no open buffers). Requests of the stateless 2026-07-28 era carry no
//! session id, so they share one set of buffers per server. The storage and its locks are
//! shared by all.

pub mod backup;
pub mod errors;
pub mod ops;
pub mod text;
pub mod tools;
pub mod uri;

use crate::profile_server::Takes;
use std::sync::Arc;

use rmcp::model::{CallToolResult, CustomRequest, CustomResult, JsonObject, Tool};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::Value;

use crate::host_roots::HostRoots;
use crate::storage::{Rooted, Storage};
use crate::tool_server::ProfileHandler;
use errors::EdError;
use ops::{BufferBudget, Buffers};

/// The four operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Open,
    Read,
    Save,
    Close,
}

impl Op {
    pub const ALL: [Op; 4] = [Op::Open, Op::Read, Op::Save, Op::Close];

    /// The seed's JSON-RPC method.
    pub fn method(self) -> &'static str {
        match self {
            Op::Open => "file/open",
            Op::Read => "file/read",
            Op::Save => "file/save",
            Op::Close => "file/close",
        }
    }

    /// The tool name (no `/`, which some clients reject in tool names).
    pub fn tool(self) -> &'static str {
        match self {
            Op::Open => "file_open",
            Op::Read => "file_read",
            Op::Save => "file_save",
            Op::Close => "file_close",
        }
    }

    pub fn from_method(m: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.method() == m)
    }

    pub fn from_tool(t: &str) -> Option<Op> {
        Op::ALL.into_iter().find(|o| o.tool() == t)
    }

    /// Whether a tool name or method changes files (the HTTP gate's `files:write`).
    pub fn is_mutation(name: &str) -> bool {
        Op::from_tool(name).or_else(|| Op::from_method(name)) == Some(Op::Save)
    }
}

/// What every operation needs, shared by all sessions.
pub struct Ctx {
    pub storage: Box<dyn Storage>,
    pub roots: HostRoots,
    /// Where backups go (`--backup-dir`, outside the root), if anywhere.
    pub backups: Option<Rooted>,
}

/// Runs one operation on a session's buffers.
pub fn run(ctx: &Ctx, buffers: &Buffers, op: Op, params: &JsonObject) -> Result<Value, EdError> {
    match op {
        Op::Open => ops::open(ctx, buffers, params),
        Op::Read => ops::read(ctx, buffers, params),
        Op::Save => ops::save(ctx, buffers, params),
        Op::Close => ops::close(ctx, buffers, params),
    }
}

/// The editor server: shared context, this session's buffers, and those of requests
/// without a session.
pub struct EditorServer {
    ctx: Arc<Ctx>,
    buffers: Arc<Buffers>,
    sessionless: Arc<Buffers>,
    /// What all sessions' open buffers hold (`ops::BUFFER_BUDGET`).
    buffer_budget: Arc<BufferBudget>,
    tools: Arc<Vec<Tool>>,
    /// The memory budgets, shared with the stdio transport and every session.
    limits: Arc<crate::limits::Limits>,
}

/// A clone is a new session: same files, no open buffers.
impl Clone for EditorServer {
    fn clone(&self) -> Self {
        EditorServer {
            ctx: self.ctx.clone(),
            buffers: Arc::new(Buffers::charged_to(self.buffer_budget.clone())),
            sessionless: self.sessionless.clone(),
            buffer_budget: self.buffer_budget.clone(),
            tools: self.tools.clone(),
            limits: self.limits.clone(),
        }
    }
}

impl EditorServer {
    pub fn new(ctx: Ctx) -> Self {
        let buffer_budget = Arc::new(BufferBudget::default());
        EditorServer {
            ctx: Arc::new(ctx),
            buffers: Arc::new(Buffers::charged_to(buffer_budget.clone())),
            sessionless: Arc::new(Buffers::charged_to(buffer_budget.clone())),
            buffer_budget,
            tools: Arc::new(tools::definitions()),
            limits: Arc::default(),
        }
    }

    /// The resource limits shared with the transport.
    pub fn limits(&self) -> Arc<crate::limits::Limits> {
        self.limits.clone()
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
        let backups = match &options.backup_dir {
            None => None,
            Some(dir) => {
                let canon = std::fs::canonicalize(dir).map_err(|e| {
                    format!("mcp-reference: error: --backup-dir {dir:?}: {e} (pass an existing directory)")
                })?;
                if canon.starts_with(&roots.canonical) || roots.canonical.starts_with(&canon) {
                    return Err(format!(
                        "mcp-reference: error: --backup-dir {dir:?} must lie outside --root (and \
                         not contain it), so that backups never appear among the served files"
                    ));
                }
                Some(Rooted::open(&canon).map_err(|e| {
                    format!("mcp-reference: error: cannot open --backup-dir {dir:?}: {e}")
                })?)
            }
        };
        Ok(EditorServer::new(Ctx {
            storage: Box::new(storage),
            roots,
            backups,
        }))
    }

    /// The buffers a request works on: its session's, or, for an HTTP request without a
    /// session (the 2026-07-28 era), the server's shared ones.
    fn buffers_for(&self, context: &RequestContext<RoleServer>) -> Arc<Buffers> {
        #[cfg(feature = "http")]
        if let Some(parts) = context.extensions.get::<http::request::Parts>()
            && !parts.headers.contains_key("mcp-session-id")
        {
            return self.sessionless.clone();
        }
        let _ = context;
        self.buffers.clone()
    }

    /// Runs one operation on a blocking thread (file I/O, locks).
    async fn dispatch(
        &self,
        op: Op,
        params: JsonObject,
        context: &RequestContext<RoleServer>,
    ) -> Result<Value, EdError> {
        let (ctx, buffers) = (self.ctx.clone(), self.buffers_for(context));
        let cost = ops::cost(&ctx, op, &params);
        let _charge = self
            .limits
            .charge_call(context, cost)
            .await
            .map_err(|e| EdError::new(errors::EdCode::InternalError, e.message.into_owned()))?;
        tokio::task::spawn_blocking(move || run(&ctx, &buffers, op, &params))
            .await
            .unwrap_or_else(|e| {
                Err(EdError::new(
                    errors::EdCode::InternalError,
                    format!("Internal error: the operation failed: {e}"),
                ))
            })
    }
}

/// The params of a direct call as an object (absent params are an empty object, so the
/// missing `uri` is named).
fn params_object(p: Option<Value>) -> Result<JsonObject, EdError> {
    match p {
        None | Some(Value::Null) => Ok(JsonObject::new()),
        Some(Value::Object(m)) => Ok(m),
        Some(other) => Err(EdError::invalid(format!(
            "Invalid params: params must be an object such as {{\"uri\": \"file:///...\"}}, \
             not {other}."
        ))),
    }
}

impl crate::profile_server::ProfileServer for EditorServer {
    const NAME: &'static str = "editor";
    const ABOUT: &'static str =
        "An editor's file protocol: file/open, file/read, file/save, file/close";
    const TAKES: Takes = Takes {
        backup_dir: true,
        ..Takes::NOTHING_MORE
    };

    fn build(
        options: &crate::profile_server::ProfileOptions,
        storage: Rooted,
    ) -> Result<Self, String> {
        EditorServer::from_options(options, storage)
    }

    fn limits(&self) -> Arc<crate::limits::Limits> {
        EditorServer::limits(self)
    }

    fn is_mutation(&self) -> crate::profile_server::IsMutation {
        Arc::new(Op::is_mutation)
    }
}

impl ProfileHandler for EditorServer {
    type Tool = Op;

    fn instructions(&self) -> String {
        "Files of one directory, named by file:// URIs with absolute, percent-encoded \
         paths. file_open loads a file into this session's buffer and places the cursor \
         (lines and columns 1-based, clamped); file_read returns its text, whole or lines \
         start_line..end_line (both included); file_save writes the whole new content \
         atomically (create_if_not_exists to create it) and refuses to overwrite a change \
         made on disk since you last read the file; file_close ends the buffer. The same \
         operations answer as JSON-RPC methods file/open, file/read, file/save, file/close."
            .into()
    }

    fn tools(&self) -> &[Tool] {
        &self.tools
    }

    fn tool(&self, name: &str) -> Option<Op> {
        Op::from_tool(name)
    }

    async fn call(
        &self,
        op: Op,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        Ok(match self.dispatch(op, args, &context).await {
            Ok(v) => tools::success(v),
            Err(e) => e.to_tool(),
        })
    }

    /// The seed's own methods, called directly; other methods that rmcp could not type
    /// get the shared answer.
    async fn method(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        let Some(op) = Op::from_method(&request.method) else {
            return Err(crate::request_error::custom_request_error(&request.method));
        };
        let params = params_object(request.params).map_err(|e| e.to_rpc())?;
        self.dispatch(op, params, &context)
            .await
            .map(CustomResult)
            .map_err(|e| e.to_rpc())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_mutations() {
        for op in Op::ALL {
            assert_eq!(Op::from_method(op.method()), Some(op));
            assert_eq!(Op::from_tool(op.tool()), Some(op));
            assert!(!op.tool().contains('/'));
        }
        assert!(Op::is_mutation("file_save") && Op::is_mutation("file/save"));
        assert!(!Op::is_mutation("file_read") && !Op::is_mutation("file/open"));
        assert!(!Op::is_mutation("initialize"));
    }
}
