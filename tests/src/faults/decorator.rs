//! `Faulty<I>`: the one decorator of the injections. It is a profile's handler
//! (`ProfileHandler`, the reference's seam, served by the reference's own `ToolServer`)
//! around the unmodified handler of a profile; everything goes to that handler except what
//! the profile's `Injector` changes: always a tool's call, and where an injection needs
//! it, the tool list, a direct method, a resource read or a session's start.

use std::future::Future;
use std::sync::Arc;

use mcp_reference::tool_server::ProfileHandler;
use rmcp::model::{
    CallToolResult, CustomRequest, CustomResult, JsonObject, ListResourceTemplatesResult,
    ReadResourceResult, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData as McpError, RoleServer};

/// The tool of the profile `I` injects into.
pub type ToolOf<I> = <<I as Injector>::Profile as ProfileHandler>::Tool;

/// One profile's injections: how a call of one of its tools runs with the active one,
/// and (by default unchanged) the rest of what the profile answers.
pub trait Injector: Send + Sync + 'static {
    /// The profile whose unmodified handler runs behind.
    type Profile: ProfileHandler;

    /// A call of one of the profile's tools, with the injection.
    fn call(
        &self,
        inner: &Self::Profile,
        tool: ToolOf<Self>,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResult, McpError>> + Send;

    /// The tools listed.
    fn tools<'a>(&'a self, inner: &'a Self::Profile) -> &'a [Tool] {
        inner.tools()
    }

    /// A resource read.
    fn read_resource(
        &self,
        inner: &Self::Profile,
        uri: String,
    ) -> impl Future<Output = Result<ReadResourceResult, McpError>> + Send {
        inner.read_resource(uri)
    }

    /// A method rmcp does not know (a profile's own, or a malformed standard one).
    fn method(
        &self,
        inner: &Self::Profile,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, McpError>> + Send {
        inner.method(request, context)
    }

    /// After initialization and after the client's roots changed.
    fn roots_may_have_changed(
        &self,
        inner: &Self::Profile,
        peer: Peer<RoleServer>,
    ) -> impl Future<Output = ()> + Send {
        inner.roots_may_have_changed(peer)
    }
}

/// The handler of `I::Profile` with the injections of `I`. A clone clones the profile's
/// handler (a new session where the profile makes one) and shares the injector.
pub struct Faulty<I: Injector> {
    inner: I::Profile,
    injector: Arc<I>,
}

impl<I: Injector> Clone for Faulty<I> {
    fn clone(&self) -> Self {
        Faulty {
            inner: self.inner.clone(),
            injector: self.injector.clone(),
        }
    }
}

impl<I: Injector> Faulty<I> {
    /// The handler of `inner` with the injections of `injector`.
    pub fn new(inner: I::Profile, injector: I) -> Faulty<I> {
        Faulty {
            inner,
            injector: Arc::new(injector),
        }
    }
}

impl<I: Injector> ProfileHandler for Faulty<I> {
    type Tool = ToolOf<I>;
    const RESOURCES: bool = I::Profile::RESOURCES;
    const ECHOED_NAME: usize = I::Profile::ECHOED_NAME;

    fn instructions(&self) -> String {
        self.inner.instructions()
    }

    fn tools(&self) -> &[Tool] {
        self.injector.tools(&self.inner)
    }

    fn tool(&self, name: &str) -> Option<Self::Tool> {
        self.inner.tool(name)
    }

    fn call(
        &self,
        tool: Self::Tool,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CallToolResult, McpError>> + Send {
        self.injector.call(&self.inner, tool, args, context)
    }

    fn resource_templates(&self) -> ListResourceTemplatesResult {
        self.inner.resource_templates()
    }

    fn read_resource(
        &self,
        uri: String,
    ) -> impl Future<Output = Result<ReadResourceResult, McpError>> + Send {
        self.injector.read_resource(&self.inner, uri)
    }

    fn method(
        &self,
        request: CustomRequest,
        context: RequestContext<RoleServer>,
    ) -> impl Future<Output = Result<CustomResult, McpError>> + Send {
        self.injector.method(&self.inner, request, context)
    }

    fn roots_may_have_changed(&self, peer: Peer<RoleServer>) -> impl Future<Output = ()> + Send {
        self.injector.roots_may_have_changed(&self.inner, peer)
    }
}
