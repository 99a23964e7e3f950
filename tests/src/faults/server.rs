//! `FaultyRootspace`: the unmodified `RootspaceServer` wrapped in another `ServerHandler`.
//! Every request goes to the reference; the active injection may change a tool call's
//! arguments or outcome on the way (`calls.rs`) or a listing (`listing.rs`), and the
//! reference's storage may be wrapped (`storage.rs`).

use std::path::PathBuf;
use std::sync::Arc;

use mcp_reference::cli::Cli;
use mcp_reference::name_style::NameStyle;
use mcp_reference::server::{RootspaceServer, failure, read_success, success};
use mcp_reference::storage::{Rooted, Storage};
use mcp_reference::tool_server::ToolServer;
use mcp_reference::tools::{Ctx, ToolKind};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CustomRequest, CustomResult,
    ListResourceTemplatesResult, ListToolsResult, PaginatedRequestParams,
    ReadResourceRequestParams, ReadResourceResponse, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};

use super::{calls, listing, storage::FaultyStorage};

/// The reference with one injection.
#[derive(Clone)]
pub struct FaultyRootspace {
    inner: ToolServer<RootspaceServer>,
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
    pub fn new(name: &'static str, cli: &Cli, rooted: Rooted) -> FaultyRootspace {
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
        FaultyRootspace {
            inner: ToolServer(RootspaceServer::with_shared(ctx.clone(), on.style)),
            ctx,
            on,
        }
    }
}

impl ServerHandler for FaultyRootspace {
    fn get_info(&self) -> ServerConfig {
        self.inner.get_info()
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        self.inner.list_tools(request, context).await
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.inner.get_tool(name)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let Some(kind) = ToolKind::from_name(&request.name, self.on.style) else {
            return self.inner.call_tool(request, context).await;
        };
        let (ctx, on) = (self.ctx.clone(), self.on.clone());
        let mut args = request.arguments.unwrap_or_default();
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
        Ok(r.into())
    }

    async fn list_resource_templates(
        &self,
        request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        self.inner.list_resource_templates(request, context).await
    }

    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        self.inner.on_custom_request(request, context).await
    }

    async fn read_resource(
        &self,
        mut request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        listing::before(&self.on, &mut request.uri);
        let uri = request.uri.clone();
        let out = self.inner.read_resource(request, context).await;
        listing::after(&self.on, &uri, out)
    }
}
