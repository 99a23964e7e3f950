//! `FaultyRootspace`: the rootspace profile's `Injector` (`decorator.rs`) around the
//! unmodified `RootspaceServer`. Every request goes to the reference; the active injection
//! may change a tool call's arguments or outcome on the way (`calls.rs`) or a listing
//! (`listing.rs`), and the reference's storage may be wrapped (`storage.rs`).

use std::path::PathBuf;
use std::sync::Arc;

use mcp_reference::cli::Cli;
use mcp_reference::name_style::NameStyle;
use mcp_reference::server::{RootspaceServer, failure, read_success, success};
use mcp_reference::storage::{Rooted, Storage};
use mcp_reference::tool_server::ProfileHandler;
use mcp_reference::tools::{Ctx, ToolKind};
use rmcp::model::{CallToolResult, JsonObject, ReadResourceResult};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};

use super::decorator::{Faulty, Injector};
use super::{calls, listing, storage::FaultyStorage};

/// The injections of the rootspace profile, around the unmodified `RootspaceServer`.
pub struct FaultyRootspace {
    /// The same storage the inner server uses, for injections that run a call themselves.
    ctx: Arc<Ctx>,
    on: Injected,
}

/// The active injection and where it acts.
#[derive(Clone)]
pub struct Injected {
    pub name: &'static str,
    /// The root on the host filesystem: injections that bypass the sandbox use it.
    pub root: PathBuf,
    pub style: NameStyle,
}

impl Injected {
    pub fn is(&self, name: &str) -> bool {
        self.name == name
    }
}

impl FaultyRootspace {
    /// The reference's handler with the injection `name`, its storage wrapped if it is a
    /// storage one.
    pub fn handler(name: &'static str, cli: &Cli, rooted: Rooted) -> Faulty<Self> {
        let root = std::fs::canonicalize(&cli.root).unwrap_or_else(|_| cli.root.clone());
        let on = Injected {
            name,
            root,
            style: cli.name_style(),
        };
        let storage: Box<dyn Storage> = match FaultyStorage::wrap(name, &on.root, rooted) {
            Ok(faulty) => Box::new(faulty),
            Err(rooted) => Box::new(rooted),
        };
        let ctx = Arc::new(Ctx { storage });
        let inner = RootspaceServer::with_shared(ctx.clone(), on.style);
        Faulty::new(inner, FaultyRootspace { ctx, on })
    }
}

impl Injector for FaultyRootspace {
    type Profile = RootspaceServer;

    async fn call(
        &self,
        _inner: &RootspaceServer,
        kind: ToolKind,
        mut args: JsonObject,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let (ctx, on) = (self.ctx.clone(), self.on.clone());
        let out = tokio::task::spawn_blocking(move || {
            if let Some(early) = calls::before(&on, &ctx, kind, &mut args) {
                return early;
            }
            let mut out = RootspaceServer::run_tool(&ctx, kind, args.clone());
            calls::after(&on, &ctx, kind, &args, &mut out);
            out
        })
        .await
        .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?;
        if let Some(e) = calls::as_protocol_error(&self.on, &out) {
            return Err(e);
        }
        // text.read's text block as the reference sends it (CLR-037), unless the variant
        // or a text-only result (whose one text block must be the JSON) asks otherwise.
        let json_read = self.on.is("read-text-as-json") || self.on.is("text-only-results");
        let mut r = match out {
            Ok(v) if kind == ToolKind::Read && !json_read => read_success(v),
            Ok(v) => success(v),
            Err(e) => failure(&e, self.on.style),
        };
        calls::finish(&self.on, &mut r);
        Ok(r)
    }

    async fn read_resource(
        &self,
        inner: &RootspaceServer,
        mut uri: String,
    ) -> Result<ReadResourceResult, McpError> {
        listing::before(&self.on, &mut uri);
        let out = inner.read_resource(uri.clone()).await;
        listing::after(&self.on, &uri, out)
    }
}
