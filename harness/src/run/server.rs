//! One running server under test: the child process (if the harness started it), its
//! stderr, and the rmcp client over stdio or Streamable HTTP.
//!
//! Every request is bounded by the configured timeout, and every failure (crash, hang,
//! garbage on stdout, undecodable reply) becomes a `Reply::Broken` with a plain reason, so
//! the scenario fails and the run goes on.

use std::path::Path;
use std::process::Stdio;
use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, ClientRequest, CustomRequest, ProtocolVersion, ReadResourceRequestParams,
};
use rmcp::service::{Peer, PeerRequestOptions, RunningService};
use rmcp::{ClientLifecycleMode, ClientServiceExt, RoleClient, ServiceError};
use serde_json::Value;
use tokio::io::AsyncReadExt;
use tokio::process::{Child, Command};

use crate::catalogue::profile::{Profile, Refusal};
pub use crate::reply::Reply;
use crate::reply::variants::{self, DRAFT_VERSION, Selector};
use crate::reply::{is_tool_error, mark_refusal, text_blocks};

use super::client::{HarnessClient, ROOTS_APPLY_LIMIT, ROOTS_APPLY_POLL, Roots};
use super::config::{Protocol, ServerConfig, Target};
use super::exchange::{Exchange, StderrTail};
use super::http;
use super::process_group::{GroupGuard, spawn};
use super::refusals_seen;
use super::transport::{MALFORMED_MARK, TeeTransport};

pub struct Session {
    /// The server process (none for a server reached by URL).
    child: Option<Child>,
    /// Ends the server's whole process group when the session ends.
    group: Option<GroupGuard>,
    endpoint: Option<String>,
    /// The token file given as `{auth_tokens}`, removed with the session.
    _tokens_file: Option<tempfile::NamedTempFile>,
    client: RunningService<RoleClient, HarnessClient>,
    /// The roots the client offers, when the case offers any.
    roots: Option<Arc<Roots>>,
    pub exchange: Exchange,
    pub stderr: StderrTail,
    timeout: std::time::Duration,
    /// The server's tool names, fetched the first time a call fails.
    tool_names: Option<Vec<String>>,
    /// The server's name for the profile's `roots_read` tool, if the profile has one.
    roots_read: Option<String>,
    /// The interface's own refusal shape, if it declares one: a tool result of that shape
    /// is marked `isError: true`, so every check reads it as the refusal it is.
    refusal: Option<Refusal>,
    /// The reader's name when it answers in pages (`paged_read`), with the profile that
    /// says how: its calls are joined into one reply of the whole text (`paged.rs`).
    paged: Option<(String, Arc<Profile>)>,
    /// The server's `tools/list` result as it came over the wire, when the session speaks
    /// the draft version 2026-12-01 (SEP-3279): its tools' `outputVariants` say what a
    /// call asks for, and results come in `outputs`, read through `reply::variants`.
    variants: Option<Value>,
}

/// Why a server could not be started and initialized.
#[derive(Debug, Clone)]
pub struct StartError {
    pub reason: String,
    /// The handshake got no answer in time (as opposed to an error or an exit).
    pub timed_out: bool,
    pub stderr_tail: String,
    pub exchange: String,
}

impl Session {
    /// Start the server (or reach the running one) with `root` substituted and as working
    /// directory, and initialize.
    pub async fn start(cfg: &ServerConfig, root: &Path) -> Result<Session, StartError> {
        Session::start_with(cfg, root, None).await
    }

    /// Like `start`, with the client offering `roots` (the `roots` capability, answered
    /// from `roots`). Roots are offered over stdio in the 2025-11-25 era only: they need
    /// server-to-client requests, which the 2026-07-28 era does not have.
    pub async fn start_with(
        cfg: &ServerConfig,
        root: &Path,
        roots: Option<Arc<Roots>>,
    ) -> Result<Session, StartError> {
        let io = Recorded::default();
        let protocol = session_protocol(cfg, roots.is_some()).map_err(|r| io.fail(r))?;
        let target = cfg.target();
        let tokens_file = if cfg.has_auth() && target == Target::HttpSpawn {
            Some(
                http::token_file()
                    .map_err(|e| io.fail(format!("cannot write the token file: {e}")))?,
            )
        } else {
            None
        };
        let addr = match target {
            Target::HttpSpawn if !cfg.announces_endpoint => Some(
                http::free_addr().map_err(|e| io.fail(format!("cannot find a free port: {e}")))?,
            ),
            _ => None,
        };
        let argv = command_line(cfg, root, addr.as_deref(), tokens_file.as_ref());
        let (mut child, group, endpoint) = match &target {
            Target::HttpUrl { url, .. } => (None, None, Some(url.clone())),
            _ => {
                let (child, group, endpoint) =
                    launch(cfg, &argv, root, addr.as_deref(), &io).await?;
                (Some(child), Some(group), endpoint)
            }
        };
        let client = handshake(cfg, protocol, roots.clone(), &endpoint, &mut child, &io).await?;
        if roots.is_some() && !era_is_legacy(&client) {
            return Err(io.fail(
                "the case offers client roots, but the server answered `server/discover` (the \
                 2026-07-28 era), in which roots/list may come only within a request of the \
                 client's; the harness offers roots in the 2025-11-25 era (--protocol \
                 2025-11-25)"
                    .into(),
            ));
        }
        let variants = if negotiated(&client, DRAFT_VERSION) {
            Some(wire_tool_list(client.peer(), &io.exchange, cfg.timeout).await)
        } else {
            None
        };
        Ok(Session {
            variants,
            child,
            group,
            client,
            roots,
            exchange: io.exchange,
            stderr: io.stderr,
            timeout: cfg.timeout,
            tool_names: None,
            roots_read: cfg
                .profile
                .roots_read
                .as_ref()
                .map(|t| cfg.tool_names.map(t)),
            endpoint,
            _tokens_file: tokens_file,
            refusal: cfg.profile.refusal.clone(),
            paged: cfg
                .profile
                .paged_read
                .as_ref()
                .and(cfg.profile.reader.as_ref())
                .map(|r| (cfg.tool_names.map(r), cfg.profile.clone())),
        })
    }

    /// Whether the session is of the 2025-11-25 era (`initialize`), not 2026-07-28.
    pub fn legacy_era(&self) -> bool {
        era_is_legacy(&self.client)
    }

    /// The server's own name and version (`serverInfo`), as it gave them: "name version".
    pub fn server_info(&self) -> Option<String> {
        let info = self.client.peer_info()?;
        let i = info.server_info.as_ref()?;
        Some(format!("{} {}", i.name, i.version))
    }

    /// The roots the client offers, if any.
    pub fn roots(&self) -> Option<&Arc<Roots>> {
        self.roots.as_ref()
    }

    /// Replace the offered roots by `uris`, send `notifications/roots/list_changed`, and
    /// wait (within the timeout) until the server has asked `roots/list` again. The error
    /// says what did not happen.
    pub async fn set_roots(&mut self, uris: Vec<String>) -> Result<(), String> {
        let Some(roots) = self.roots.clone() else {
            return Err("internal: the client offers no roots to change".into());
        };
        let seen = roots.asked();
        roots.set(uris);
        let sent =
            tokio::time::timeout(self.timeout, self.client.peer().notify_roots_list_changed())
                .await;
        match sent {
            Ok(Ok(())) => {}
            Ok(Err(e)) => {
                let status = exit_note(self.child.as_mut()).await;
                return Err(format!(
                    "cannot send notifications/roots/list_changed: {e}{status}"
                ));
            }
            Err(_) => {
                return Err(format!(
                    "notifications/roots/list_changed could not be sent within {} s",
                    self.timeout.as_secs()
                ));
            }
        }
        if roots.wait_asked_after(seen, self.timeout).await {
            self.await_roots_apply(&roots).await;
            return Ok(());
        }
        let status = exit_note(self.child.as_mut()).await;
        Err(format!(
            "the client sent notifications/roots/list_changed, but the server did not ask \
             roots/list again within {} s{status}",
            self.timeout.as_secs()
        ))
    }

    /// Once the server has asked `roots/list`: waits until its answer applies, as far as
    /// that can be seen, and at most `ROOTS_APPLY_LIMIT` (or the timeout, if shorter). With
    /// the profile's `roots_read`, until its answer names every root offered, read every
    /// `ROOTS_APPLY_POLL`; those reads are in the exchange. A server that refuses a root
    /// never names it, and a profile without `roots_read` has nothing to read: the wait then
    /// runs to the bound.
    pub async fn await_roots_apply(&mut self, roots: &Roots) {
        let limit = ROOTS_APPLY_LIMIT.min(self.timeout);
        let deadline = tokio::time::Instant::now() + limit;
        let Some(read) = self.roots_read.clone() else {
            tokio::time::sleep_until(deadline).await;
            return;
        };
        let paths = roots.paths();
        loop {
            // Each read within the bound too: a read that hangs ends the wait.
            let reply = tokio::time::timeout_at(deadline, self.call_tool(&read, Value::Null));
            match reply.await {
                Ok(Reply::Ok(v)) if names_all(&v, &paths) => return,
                Err(_) => return,
                Ok(_) => {}
            }
            if tokio::time::Instant::now() + ROOTS_APPLY_POLL >= deadline {
                return;
            }
            tokio::time::sleep(ROOTS_APPLY_POLL).await;
        }
    }

    /// The HTTP endpoint (`http://HOST:PORT/mcp`), when the transport is HTTP.
    pub fn endpoint(&self) -> Option<&str> {
        self.endpoint.as_deref()
    }

    /// Sets the bound of each request from now on, returning the one it replaces (the
    /// starter's probe of a 10 MB write gives the server longer than a case's request).
    pub fn set_timeout(&mut self, timeout: std::time::Duration) -> std::time::Duration {
        std::mem::replace(&mut self.timeout, timeout)
    }

    pub async fn call_tool(&mut self, name: &str, args: Value) -> Reply {
        if let Some((reader, profile)) = &self.paged
            && reader == name
        {
            let profile = profile.clone();
            return self.paged_read(name, args, &profile).await;
        }
        self.call_once(name, args).await
    }

    /// One call of a tool, never joined into pages.
    pub async fn call_once(&mut self, name: &str, args: Value) -> Reply {
        let mut params = CallToolRequestParams::new(name.to_string());
        match args {
            Value::Object(map) => params.arguments = Some(map),
            Value::Null => {}
            other => {
                return Reply::Broken(format!("tool arguments must be a JSON object, not {other}"));
            }
        }
        let wire = self.wire(name);
        let r = call_tool(self.client.peer(), params, self.timeout, wire.as_ref()).await;
        let reply = self.settle(r).await;
        self.marked(reply, wire.as_ref())
    }

    /// In a session of the draft version: the record to take a call of `tool`'s result
    /// from, as it came over the wire, and the outputs the call asks for.
    fn wire(&self, tool: &str) -> Option<Draft> {
        let tools = self.variants.as_ref()?;
        Some(Draft {
            exchange: self.exchange.clone(),
            asked: variants::requested_for(tools, tool),
        })
    }

    /// A tool call's reply as the checks read it: in a session of the draft version the
    /// result of its `outputs` (`reply::variants`; one the draft does not allow is no
    /// usable answer), and marked `isError: true` when it has the interface's own refusal
    /// shape.
    fn marked(&self, reply: Reply, draft: Option<&Draft>) -> Reply {
        let reply = match (reply, draft) {
            (Reply::Ok(v), Some(d)) => match variants::legacy_view(&v, d.asked) {
                Ok(v) => Reply::Ok(v),
                Err(why) => Reply::Broken(why),
            },
            (other, _) => other,
        };
        let reply = match (reply, &self.refusal) {
            (Reply::Ok(v), Some(r)) => Reply::Ok(mark_refusal(v, r)),
            (reply, _) => reply,
        };
        match &reply {
            Reply::Ok(v) if is_tool_error(v) => refusals_seen::note(&text_blocks(v).join("\n")),
            Reply::RpcError { message, .. } => refusals_seen::note(message),
            _ => {}
        }
        reply
    }

    /// A request of the interface's own JSON-RPC method (not an MCP method), e.g. the
    /// editor profile's `file/open`; the result is the JSON the server sent.
    pub async fn request(&mut self, method: &str, params: Value) -> Reply {
        let request =
            ClientRequest::CustomRequest(CustomRequest::new(method.to_string(), Some(params)));
        let fut = self.client.peer().send_request(request);
        let r = tokio::time::timeout(self.timeout, fut).await;
        self.settle(r).await
    }

    pub async fn read_resource(&mut self, uri: &str) -> Reply {
        let fut = self
            .client
            .peer()
            .read_resource(ReadResourceRequestParams::new(uri.to_string()));
        let r = tokio::time::timeout(self.timeout, fut).await;
        self.settle(r).await
    }

    pub async fn list_tools(&mut self) -> Reply {
        let fut = self.client.peer().list_all_tools();
        let r = tokio::time::timeout(self.timeout, fut).await;
        match self.settle(r).await {
            Reply::Ok(v) => Reply::Ok(serde_json::json!({ "tools": v })),
            other => other,
        }
    }

    /// The templates list, plus the concrete resources list: upstream T2.4.1 lets a server
    /// offer `list://` through either. A server without `resources/list` simply has none.
    pub async fn list_resource_templates(&mut self) -> Reply {
        let fut = self.client.peer().list_all_resource_templates();
        let r = tokio::time::timeout(self.timeout, fut).await;
        let templates = match self.settle(r).await {
            Reply::Ok(v) => v,
            other => return other,
        };
        let fut = self.client.peer().list_all_resources();
        let r = tokio::time::timeout(self.timeout, fut).await;
        let resources = match self.settle(r).await {
            Reply::Ok(v) => v,
            _ => serde_json::json!([]),
        };
        Reply::Ok(serde_json::json!({ "resourceTemplates": templates, "resources": resources }))
    }

    /// Issue several tool calls at once over this connection (pipelined requests).
    pub async fn call_tools_concurrently(&mut self, calls: Vec<(String, Value)>) -> Vec<Reply> {
        let peer = self.client.peer().clone();
        let timeout = self.timeout;
        let wires: Vec<Option<Draft>> = calls.iter().map(|(name, _)| self.wire(name)).collect();
        let futs = calls.into_iter().zip(&wires).map(|((name, args), wire)| {
            let peer = peer.clone();
            async move {
                let mut params = CallToolRequestParams::new(name);
                if let Value::Object(map) = args {
                    params.arguments = Some(map);
                }
                call_tool(&peer, params, timeout, wire.as_ref()).await
            }
        });
        let results = futures::future::join_all(futs).await;
        let mut out = Vec::with_capacity(results.len());
        for (r, wire) in results.into_iter().zip(&wires) {
            let reply = self.settle(r).await;
            out.push(self.marked(reply, wire.as_ref()));
        }
        out
    }

    /// Issue one tool call and, until its reply arrives, keep issuing `probe` calls one
    /// after another (at most `max`, all within the request timeout). Returns the call's
    /// reply and the probes' replies in order.
    pub async fn call_tool_while_probing(
        &mut self,
        call: (String, Value),
        probe: (String, Value),
        max: usize,
    ) -> (Reply, Vec<Reply>) {
        fn params((name, args): (String, Value)) -> CallToolRequestParams {
            let mut p = CallToolRequestParams::new(name);
            if let Value::Object(map) = args {
                p.arguments = Some(map);
            }
            p
        }
        let peer = self.client.peer().clone();
        let timeout = self.timeout;
        let wire = self.wire(&call.0);
        let probe_wire = self.wire(&probe.0);
        let deadline = tokio::time::Instant::now() + timeout;
        let main = call_tool(&peer, params(call), timeout, wire.as_ref());
        tokio::pin!(main);
        let mut done = None;
        let mut probes = Vec::new();
        while done.is_none() && probes.len() < max && tokio::time::Instant::now() < deadline {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let p = call_tool(&peer, params(probe.clone()), left, probe_wire.as_ref());
            tokio::pin!(p);
            tokio::select! {
                biased;
                r = &mut main => {
                    done = Some(r);
                    probes.push(p.await);
                }
                r = &mut p => probes.push(r),
            }
        }
        let r = match done {
            Some(r) => r,
            None => main.await,
        };
        let reply = self.settle(r).await;
        let reply = self.marked(reply, wire.as_ref());
        let mut out = Vec::with_capacity(probes.len());
        for p in probes {
            let probe = self.settle(p).await;
            out.push(self.marked(probe, probe_wire.as_ref()));
        }
        (reply, out)
    }

    /// Turn an rmcp outcome into a `Reply`, explaining transport failures plainly.
    async fn settle<T: serde::Serialize>(
        &mut self,
        r: Result<Result<T, ServiceError>, tokio::time::error::Elapsed>,
    ) -> Reply {
        match r {
            Err(_) => Reply::Broken(format!(
                "no response within {} s (the server hangs or dropped the request)",
                self.timeout.as_secs()
            )),
            Ok(Ok(v)) => match serde_json::to_value(&v) {
                Ok(v) => Reply::Ok(v),
                Err(e) => Reply::Broken(format!("cannot re-encode the result: {e}")),
            },
            Ok(Err(ServiceError::McpError(e))) if e.message.starts_with(MALFORMED_MARK) => {
                Reply::Broken(format!(
                    "the server's reply is not valid for this request ({})",
                    e.message
                ))
            }
            Ok(Err(ServiceError::McpError(e))) => Reply::RpcError {
                code: i64::from(e.code.0),
                message: e.message.to_string(),
                data: e.data.clone(),
            },
            Ok(Err(ServiceError::UnexpectedResponse)) => Reply::Broken(
                "the server's result does not have the shape this request's result must have"
                    .into(),
            ),
            Ok(Err(e)) => {
                let status = exit_note(self.child.as_mut()).await;
                Reply::Broken(format!("the connection failed: {e}{status}"))
            }
        }
    }

    /// The names in the server's tool list (asked once per session), or `None` when the
    /// list cannot be had.
    pub async fn tool_names(&mut self) -> Option<Vec<String>> {
        if self.tool_names.is_none()
            && let Reply::Ok(v) = self.list_tools().await
        {
            let names = v
                .get("tools")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|t| t.get("name").and_then(Value::as_str))
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default();
            self.tool_names = Some(names);
        }
        self.tool_names.clone()
    }

    /// Whether the server process has exited, as a note for messages.
    pub async fn exit_note(&mut self) -> String {
        exit_note(self.child.as_mut()).await
    }

    /// Stop the server. Each server serves one scenario and its root is about to be
    /// deleted, so there is nothing to wait for: close the connection and kill it (tokio
    /// reaps the process in the background).
    pub async fn shutdown(mut self) {
        // Kill first: a server that stopped reading stdin could otherwise keep a pending
        // write (and so the client's close) blocked forever.
        if let Some(g) = &mut self.group {
            g.kill();
        }
        if let Some(c) = &mut self.child {
            let _ = c.start_kill();
        }
        let _ = tokio::time::timeout(std::time::Duration::from_secs(1), self.client.cancel()).await;
    }
}

/// What a session records from its start: the JSON-RPC exchange and the server's stderr.
#[derive(Default)]
struct Recorded {
    exchange: Exchange,
    stderr: StderrTail,
}

impl Recorded {
    /// A start-up failure for `reason`, with what was recorded so far.
    fn fail(&self, reason: String) -> StartError {
        StartError {
            reason,
            timed_out: false,
            stderr_tail: self.stderr.tail(20),
            exchange: self.exchange.render_since(0),
        }
    }
}

/// A call in a session of the draft version: where its result is read from, and what it
/// asks for.
#[derive(Clone)]
struct Draft {
    exchange: Exchange,
    asked: &'static [Selector<'static>],
}

/// One `tools/call` within `timeout`, its result as JSON. With `wire` (a session of the
/// draft version) the call carries the `requestedOutputs` the tool's variants call for, and
/// the result is taken from the record as it came over the wire, by the request's id:
/// rmcp's typed call has no `requestedOutputs` and its typed result no `outputs` (a result
/// of `outputs` alone is none of its result types: rmcp answers `UnexpectedResponse`).
async fn call_tool(
    peer: &Peer<RoleClient>,
    params: CallToolRequestParams,
    timeout: std::time::Duration,
    wire: Option<&Draft>,
) -> Result<Result<Value, ServiceError>, tokio::time::error::Elapsed> {
    let encoded = |r: rmcp::model::CallToolResult| {
        serde_json::to_value(r).map_err(|_| ServiceError::UnexpectedResponse)
    };
    let Some(wire) = wire else {
        return tokio::time::timeout(timeout, async {
            peer.call_tool(params).await.and_then(encoded)
        })
        .await;
    };
    let mut raw = serde_json::to_value(&params).unwrap_or_default();
    if let (Some(asked), Value::Object(p)) = (variants::requested_outputs(wire.asked), &mut raw) {
        p.insert("requestedOutputs".into(), asked);
    }
    let request = ClientRequest::CustomRequest(CustomRequest::new("tools/call", Some(raw)));
    raw_request(peer, request, timeout, &wire.exchange).await
}

/// The server's `tools/list` result as it came over the wire (rmcp's typed tools have no
/// `outputVariants`); an empty list when it cannot be had, so that every call asks for the
/// fallback alone (a broken listing shows in the cases that list tools).
async fn wire_tool_list(
    peer: &Peer<RoleClient>,
    exchange: &Exchange,
    timeout: std::time::Duration,
) -> Value {
    let request = ClientRequest::CustomRequest(CustomRequest::new("tools/list", None));
    match raw_request(peer, request, timeout, exchange).await {
        Ok(Ok(v)) => v,
        _ => serde_json::json!({ "tools": [] }),
    }
}

/// One request within `timeout`, its result read from the record by the request's id.
async fn raw_request(
    peer: &Peer<RoleClient>,
    request: ClientRequest,
    timeout: std::time::Duration,
    wire: &Exchange,
) -> Result<Result<Value, ServiceError>, tokio::time::error::Elapsed> {
    tokio::time::timeout(timeout, async {
        let handle = peer
            .send_cancellable_request(request, PeerRequestOptions::no_options())
            .await?;
        let id = serde_json::to_value(&handle.id).map_err(|_| ServiceError::UnexpectedResponse)?;
        match handle.await_response().await {
            Ok(_) | Err(ServiceError::UnexpectedResponse) => {
                wire.result_of(&id).ok_or(ServiceError::UnexpectedResponse)
            }
            Err(e) => Err(e),
        }
    })
    .await
}

/// Whether the session negotiated protocol `version`.
fn negotiated(client: &Client, version: &str) -> bool {
    client
        .peer_info()
        .is_some_and(|i| i.protocol_version.as_str() == version)
}

/// The draft's protocol version, which rmcp does not name.
fn draft_version() -> ProtocolVersion {
    // rmcp reads any string as a version, so this never falls back.
    serde_json::from_value(Value::from(DRAFT_VERSION)).unwrap_or_default()
}

/// The era a session starts in. Roots need the 2025-11-25 era, so with `--protocol auto`
/// such a session starts with `initialize` directly (a run skips these cases for a server
/// that answered `server/discover` in its probe); `Err` when roots cannot be offered.
fn session_protocol(cfg: &ServerConfig, offers_roots: bool) -> Result<Protocol, String> {
    let protocol = match cfg.protocol {
        Protocol::Auto | Protocol::AutoDiscovered if offers_roots => Protocol::V2025_11_25,
        p => p,
    };
    if protocol == Protocol::V2026_12_01Draft && cfg.target() != Target::Stdio {
        return Err(
            "--protocol 2026-12-01-draft is offered over stdio only: the draft (SEP-3279) \
             defines no HTTP headers of its own, and over HTTP the harness sees the results \
             rmcp decoded, which have no `outputs`; run the server over stdio"
                .into(),
        );
    }
    let discover_only = matches!(protocol, Protocol::V2026_07_28 | Protocol::V2026_12_01Draft);
    if offers_roots && (cfg.target() != Target::Stdio || discover_only) {
        return Err(
            "the case offers client roots, which the harness offers only over stdio in the \
             2025-11-25 era (roots/list is a server-to-client request)"
                .into(),
        );
    }
    Ok(protocol)
}

/// The server command with `{root}`, `{addr}`, `{auth_tokens}` and `{audit_log}` filled in.
fn command_line(
    cfg: &ServerConfig,
    root: &Path,
    addr: Option<&str>,
    tokens_file: Option<&tempfile::NamedTempFile>,
) -> Vec<String> {
    let root_str = root.to_string_lossy();
    let audit_str = super::config::audit_log_path(root)
        .to_string_lossy()
        .into_owned();
    let tokens_str = tokens_file
        .map(|f| f.path().to_string_lossy().into_owned())
        .unwrap_or_default();
    cfg.argv
        .iter()
        .map(|a| {
            a.replace("{root}", &root_str)
                .replace("{addr}", addr.unwrap_or(""))
                .replace("{auth_tokens}", &tokens_str)
                .replace("{audit_log}", &audit_str)
        })
        .collect()
}

/// Starts the server process in its own process group, in the configured working
/// directory (by default the harness's own, as an MCP client starts it), its stderr
/// drained into the record; over HTTP, waits until it listens and gives its endpoint.
async fn launch(
    cfg: &ServerConfig,
    argv: &[String],
    root: &Path,
    addr: Option<&str>,
    io: &Recorded,
) -> Result<(Child, GroupGuard, Option<String>), StartError> {
    let Some((program, args)) = argv.split_first() else {
        return Err(io.fail("the server command is empty".into()));
    };
    let http = cfg.target() == Target::HttpSpawn;
    let mut command = Command::new(ServerConfig::executable(program));
    command.arg0(program);
    if let Some(dir) = cfg.cwd_for(root) {
        command.current_dir(dir);
    }
    let root_str = root.to_string_lossy();
    command.envs(
        cfg.env
            .iter()
            .map(|(k, v)| (k, v.replace("{root}", &root_str))),
    );
    let (mut child, group) = spawn(
        command
            .args(args)
            .stdin(if http { Stdio::null() } else { Stdio::piped() })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true),
    )
    .map_err(|e| io.fail(format!("cannot start `{program}`: {e}")))?;
    let announced = http && cfg.announces_endpoint;
    // The announcement is read from stderr first; the rest is drained after it.
    if !announced && let Some(err_pipe) = child.stderr.take() {
        tokio::spawn(drain(err_pipe, io.stderr.clone()));
    }
    if !http {
        return Ok((child, group, None));
    }
    // Over HTTP, stdout is just another log.
    if let Some(out) = child.stdout.take() {
        tokio::spawn(drain(out, io.stderr.clone()));
    }
    if announced {
        let endpoint = read_announcement(cfg, &mut child, io).await?;
        return Ok((child, group, Some(endpoint)));
    }
    let addr = addr.unwrap_or_default();
    if let Err(why) = http::wait_listening(addr, cfg.startup_timeout, &mut child).await {
        return Err(io.fail(why));
    }
    Ok((child, group, Some(http::endpoint(addr))))
}

/// The client's info and lifecycle for `protocol`.
fn lifecycle(protocol: Protocol) -> (rmcp::model::ClientConfig, ClientLifecycleMode) {
    let info = HarnessClient::info();
    match protocol {
        Protocol::V2025_11_25 => (
            info.with_protocol_version(ProtocolVersion::V_2025_11_25),
            ClientLifecycleMode::Initialize,
        ),
        Protocol::V2026_07_28 | Protocol::AutoDiscovered => (
            info.with_protocol_version(ProtocolVersion::V_2026_07_28),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        ),
        Protocol::V2026_12_01Draft => (
            info.with_protocol_version(draft_version()),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![draft_version()],
            },
        ),
        Protocol::Auto => (
            info.with_protocol_version(ProtocolVersion::V_2026_07_28),
            ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(ProtocolVersion::V_2025_11_25),
            },
        ),
    }
}

type Client = RunningService<RoleClient, HarnessClient>;

/// Connects the client (over the child's pipes, or to `endpoint` over HTTP) and runs the
/// handshake of `protocol` within the start-up timeout.
async fn handshake(
    cfg: &ServerConfig,
    protocol: Protocol,
    roots: Option<Arc<Roots>>,
    endpoint: &Option<String>,
    child: &mut Option<Child>,
    io: &Recorded,
) -> Result<Client, StartError> {
    let (info, lifecycle) = lifecycle(protocol);
    let info = HarnessClient::new(info, roots);
    let started = match endpoint {
        Some(url) => {
            let bearer = cfg.has_auth().then(|| http::tokens().full.clone());
            let t =
                http::Recording::new(http::transport(url, bearer.as_deref()), io.exchange.clone());
            tokio::time::timeout(cfg.startup_timeout, info.serve_with_lifecycle(t, lifecycle)).await
        }
        None => {
            let (Some(stdin), Some(stdout)) = (
                child.as_mut().and_then(|c| c.stdin.take()),
                child.as_mut().and_then(|c| c.stdout.take()),
            ) else {
                return Err(io.fail("the server's stdio pipes are missing".into()));
            };
            let t = TeeTransport::new(stdout, stdin, io.exchange.clone());
            tokio::time::timeout(cfg.startup_timeout, info.serve_with_lifecycle(t, lifecycle)).await
        }
    };
    match started {
        Ok(Ok(c)) => Ok(c),
        Ok(Err(rmcp::service::ClientInitializeError::NoCompatibleProtocolVersion {
            client_supported,
            server_supported,
        })) => {
            let names =
                |v: &[ProtocolVersion]| v.iter().map(|p| p.as_str()).collect::<Vec<_>>().join(", ");
            Err(io.fail(format!(
                "the server does not speak protocol {} (it speaks {}); choose one of those \
                 with --protocol",
                names(&client_supported),
                names(&server_supported)
            )))
        }
        Ok(Err(e)) => {
            let status = exit_note(child.as_mut()).await;
            Err(io.fail(if status.is_empty() {
                format!("initialization failed: {e}")
            } else {
                format!("it exited before initialization completed{status}")
            }))
        }
        Err(_) => Err(handshake_timed_out(cfg, protocol, child, io).await),
    }
}

/// The failure of a handshake that got no answer in time.
async fn handshake_timed_out(
    cfg: &ServerConfig,
    protocol: Protocol,
    child: &mut Option<Child>,
    io: &Recorded,
) -> StartError {
    let status = exit_note(child.as_mut()).await;
    let handshake = match protocol {
        Protocol::V2025_11_25 => "the `initialize` request",
        Protocol::V2026_07_28 | Protocol::AutoDiscovered | Protocol::V2026_12_01Draft => {
            "the `server/discover` request"
        }
        Protocol::Auto => "the `server/discover` request (protocol auto)",
    };
    let mut e = io.fail(format!(
        "no answer to {handshake} within {} s{status}",
        cfg.startup_timeout.as_secs()
    ));
    // Dropping the unfinished handshake closes the server's stdin, so an exit seen now may
    // be our doing: the handshake timed out either way.
    e.timed_out = true;
    e
}

fn era_is_legacy(client: &Client) -> bool {
    client
        .peer_info()
        .is_none_or(|i| i.protocol_version < ProtocolVersion::V_2026_07_28)
}

/// " (the server exited with status N)" when it has exited; waits briefly for the exit so
/// a crash is reported as a crash rather than a closed pipe.
async fn exit_note(child: Option<&mut Child>) -> String {
    let Some(child) = child else {
        return String::new();
    };
    match tokio::time::timeout(std::time::Duration::from_millis(100), child.wait()).await {
        Ok(Ok(status)) => format!(" (the server exited: {status})"),
        _ => String::new(),
    }
}

/// The endpoint a server started on port 0 announces on stderr (the stderr kept in the
/// record as it is read, and drained there from then on).
async fn read_announcement(
    cfg: &ServerConfig,
    child: &mut Child,
    io: &Recorded,
) -> Result<String, StartError> {
    let Some(err_pipe) = child.stderr.take() else {
        return Err(io.fail("the server's stderr pipe is missing".into()));
    };
    let limit = cfg.startup_timeout;
    match http::announced_endpoint(err_pipe, io.stderr.clone(), limit).await {
        Ok((endpoint, rest)) => {
            tokio::spawn(drain(rest, io.stderr.clone()));
            Ok(endpoint)
        }
        Err(why) => {
            let status = exit_note(Some(child)).await;
            Err(io.fail(format!("{why}{status}")))
        }
    }
}

/// Copies a child's output into the stderr tail until it ends.
async fn drain<R: tokio::io::AsyncRead + Unpin>(mut pipe: R, sink: StderrTail) {
    let mut buf = vec![0u8; 8192];
    while let Ok(n) = pipe.read(&mut buf).await {
        if n == 0 {
            break;
        }
        sink.append(&buf[..n]);
    }
}

/// Whether a result names every path, each as a whole line of a text block or of a
/// string in its structured content (a trailing `/` aside). Whole lines, since a path is a
/// substring of the paths under it: the root `/` is in every listing, applied or not.
fn names_all(result: &Value, paths: &[String]) -> bool {
    let mut lines: Vec<&str> = Vec::new();
    let texts = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    for text in texts.filter_map(|b| b.get("text").and_then(Value::as_str)) {
        lines.extend(text.lines());
    }
    if let Some(sc) = result.get("structuredContent") {
        strings_in(sc, &mut lines);
    }
    let tidy = |l: &str| -> String {
        let l = l.trim();
        if l.len() > 1 {
            l.trim_end_matches('/').to_owned()
        } else {
            l.to_owned()
        }
    };
    let named: std::collections::HashSet<String> = lines.into_iter().map(tidy).collect();
    paths.iter().all(|p| named.contains(&tidy(p)))
}

/// The lines of every string in a JSON value.
fn strings_in<'a>(v: &'a Value, out: &mut Vec<&'a str>) {
    match v {
        Value::String(s) => out.extend(s.lines()),
        Value::Array(items) => items.iter().for_each(|i| strings_in(i, out)),
        Value::Object(map) => map.values().for_each(|i| strings_in(i, out)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::names_all;
    use serde_json::json;

    /// The draft's version is offered over stdio only, and with no client roots; the
    /// released eras are as they were.
    #[test]
    fn the_draft_is_offered_over_stdio_without_roots() {
        use super::{Protocol, ServerConfig, session_protocol};
        let profile = std::sync::Arc::new(
            crate::catalogue::load_embedded("filesystem")
                .unwrap()
                .profile,
        );
        let mut http = ServerConfig::url(
            "http://127.0.0.1:1/mcp",
            std::path::Path::new("/r"),
            Default::default(),
            profile,
        );
        http.protocol = Protocol::V2026_12_01Draft;
        let e = session_protocol(&http, false).unwrap_err();
        assert!(e.contains("stdio only"), "{e}");
        let mut stdio = http.clone();
        stdio.argv = vec!["server".into(), "{root}".into()];
        assert_eq!(
            session_protocol(&stdio, false),
            Ok(Protocol::V2026_12_01Draft)
        );
        assert!(session_protocol(&stdio, true).is_err());
        stdio.protocol = Protocol::Auto;
        assert_eq!(session_protocol(&stdio, true), Ok(Protocol::V2025_11_25));
    }

    fn text(t: &str) -> serde_json::Value {
        json!({"content": [{"type": "text", "text": t}]})
    }

    /// The root `/` is named only by a line that is `/`, not by any path that contains it.
    #[test]
    fn a_path_is_named_by_a_whole_line_only() {
        let before = text("Allowed directories:\n/tmp/scratch/root");
        assert!(!names_all(&before, &["/".into()]));
        assert!(!names_all(&before, &["/tmp/scratch".into()]));
        assert!(names_all(&before, &["/tmp/scratch/root/".into()]));
        let after = text("Allowed directories:\n/");
        assert!(names_all(&after, &["/".into()]));
    }

    #[test]
    fn structured_content_strings_name_paths_too() {
        let v = json!({"content": [], "structuredContent": {"dirs": ["/a/b", "/c"]}});
        assert!(names_all(&v, &["/a/b".into(), "/c/".into()]));
        assert!(!names_all(&v, &["/a".into()]));
    }
}
