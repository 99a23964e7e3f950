//! The reference's one rmcp `ServerHandler`: `ToolServer<P>` answers the protocol for any
//! profile `P`, so initialize, tools/list, an unknown tool, prompts/list and a request rmcp
//! could not type are answered alike by every profile. A profile (`ProfileHandler`) gives
//! its tools and how a call of one runs, its instructions, and where it has them its
//! resources (rootspace's `list://`), its own JSON-RPC methods (editor's `file/open`, ...)
//! and what it does when a session starts (filesystem asks for the client's roots).
//! Test-only decorators (tests/src/faults/) are `ProfileHandler`s around a profile's.

use std::future::{Future, ready};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CustomRequest, CustomResult,
    Implementation, JsonObject, ListPromptsResult, ListResourceTemplatesResult, ListToolsResult,
    PaginatedRequestParams, ReadResourceRequestMethod, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{NotificationContext, Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleServer, ServerHandler};
use serde_json::json;

use crate::request_error::{custom_request_error, undeclared_prompts};

/// What one profile's handler answers; `ToolServer` does the rest of the protocol.
pub trait ProfileHandler: Clone + Send + Sync + 'static {
    /// One of its tools, as its calls are dispatched.
    type Tool: Copy + Send + 'static;
    /// Whether it serves resources (the `resources` capability).
    const RESOURCES: bool = false;
    /// Longest prefix of an unknown tool's name its error echoes (message and data).
    const ECHOED_NAME: usize = usize::MAX;

    /// The `instructions` of the initialize result.
    fn instructions(&self) -> String;

    /// Its tools, in the order tools/list gives them.
    fn tools(&self) -> &[Tool];

    /// The tool a `tools/call` names, if it offers one of that name.
    fn tool(&self, name: &str) -> Option<Self::Tool>;

    /// Runs a call of one of its tools: a result (`isError` for a failed call the model
    /// can correct), or a JSON-RPC error.
    fn call(
        &self,
        tool: Self::Tool,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResult, McpError>> + Send;

    /// resources/templates/list (by default rmcp's empty answer).
    fn resource_templates(&self) -> ListResourceTemplatesResult {
        ListResourceTemplatesResult::default()
    }

    /// resources/read (by default rmcp's "method not found").
    fn read_resource(
        &self,
        uri: String,
    ) -> impl Future<Output = Result<ReadResourceResult, McpError>> + Send {
        let _ = uri;
        ready(Err(
            McpError::method_not_found::<ReadResourceRequestMethod>(),
        ))
    }

    /// A request of a method rmcp does not know, or of a standard one whose params it could
    /// not type (by default the shared answer, `request_error::custom_request_error`).
    fn method(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, McpError>> + Send {
        let _ = context;
        ready(Err(custom_request_error(&request.method)))
    }

    /// After `notifications/initialized` and after `notifications/roots/list_changed`.
    fn roots_may_have_changed(&self, peer: Peer<RoleServer>) -> impl Future<Output = ()> + Send {
        let _ = peer;
        ready(())
    }
}

/// The server of the profile `P`. A clone is what `P`'s clone is (for editor and
/// filesystem, a new session).
#[derive(Clone)]
pub struct ToolServer<P>(pub P);

impl<P: ProfileHandler> ToolServer<P> {
    /// The profile's handler.
    pub fn profile(&self) -> &P {
        &self.0
    }

    /// The JSON-RPC error for a tool it does not offer, naming those it does.
    fn unknown_tool(&self, name: &str) -> McpError {
        let names: Vec<&str> = self.0.tools().iter().map(|t| t.name.as_ref()).collect();
        let shown = crate::paths::prefix(name, P::ECHOED_NAME);
        McpError::invalid_params(
            format!(
                "Unknown tool {shown:?}. Available tools: {}.",
                names.join(", ")
            ),
            Some(json!({"tool": shown})),
        )
    }
}

impl<P: ProfileHandler> ServerHandler for ToolServer<P> {
    fn get_info(&self) -> ServerConfig {
        let tools = ServerCapabilities::builder().enable_tools();
        let capabilities = if P::RESOURCES {
            tools.enable_resources().build()
        } else {
            tools.build()
        };
        let mut info = ServerConfig::new(capabilities);
        info.server_info = Implementation::new(crate::SERVER_NAME, env!("CARGO_PKG_VERSION"));
        info.instructions = Some(self.0.instructions());
        info
    }

    /// No prompts capability is declared, so prompts/list is not served.
    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, McpError> {
        Err(undeclared_prompts())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, McpError> {
        Ok(ListToolsResult::with_all_items(self.0.tools().to_vec()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.0.tools().iter().find(|t| t.name == name).cloned()
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, McpError> {
        let Some(tool) = self.0.tool(&request.name) else {
            return Err(self.unknown_tool(&request.name));
        };
        let args = request.arguments.unwrap_or_default();
        self.0.call(tool, args, context).await.map(Into::into)
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(self.0.resource_templates())
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        self.0.read_resource(request.uri).await.map(Into::into)
    }

    /// rmcp hands a standard method whose params fail to parse (e.g. `tools/call` with
    /// `arguments` that is not an object) to this fallback, and any method it does not know.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, McpError> {
        self.0.method(request, context).await
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.0.roots_may_have_changed(context.peer).await;
    }

    async fn on_roots_list_changed(&self, context: NotificationContext<RoleServer>) {
        self.0.roots_may_have_changed(context.peer).await;
    }
}
