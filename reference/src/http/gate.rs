//! The gate in front of rmcp's Streamable HTTP service: routing, `Origin`, bearer tokens
//! and scopes, sessions bound to the token that opened them, the body cap and deadline, a
//! 400 for non-JSON bodies, the session caps (in all, and per token), and the share of the
//! memory budget a request and its response hold (`budget.rs`). Every refusal is a plain
//! status with a one-paragraph body saying what to do instead (a busy one: a JSON-RPC
//! error).

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use serde::Deserialize;
use tokio_util::sync::CancellationToken;

use super::auth::{self, Principal, Scopes, Tokens};
use super::{BODY_DEADLINE, HttpOptions, IsMutation, budget, origin};
use crate::limits::{Limits, ReplyHold};

type Body = BoxBody<Bytes, Infallible>;

const ENDPOINT: &str = "/mcp";
const METADATA: &str = "/.well-known/oauth-protected-resource";
const SESSION_HEADER: &str = "mcp-session-id";

pub struct Gate<S: rmcp::ServerHandler + Clone + Send + 'static> {
    mcp: StreamableHttpService<S, LocalSessionManager>,
    sessions: Arc<LocalSessionManager>,
    /// Held while an `initialize` is checked against the cap and creates its session, so
    /// concurrent handshakes cannot overshoot the cap.
    init_gate: tokio::sync::Mutex<()>,
    tokens: Option<Tokens>,
    /// With tokens: the token (its place in the file) that opened each session.
    owners: std::sync::Mutex<HashMap<String, usize>>,
    max_sessions: usize,
    max_sessions_per_token: usize,
    max_body: usize,
    allowed_origins: Vec<String>,
    /// Whether a tool (by the name the server offers) or a method called directly changes
    /// files, so it needs `files:write`: the profile's `ProfileServer::is_mutation`.
    is_mutation: IsMutation,
    /// The process's budgets: bodies being received and replies not yet sent draw from
    /// its work budget with the handlers' work (`budget.rs`).
    limits: Arc<Limits>,
    cancel: CancellationToken,
}

/// Just the parts of a JSON-RPC message the gate routes on; everything else is skipped
/// without being copied.
#[derive(Deserialize)]
struct Peek {
    #[serde(default)]
    method: Option<String>,
    #[serde(default)]
    params: Option<PeekParams>,
    #[serde(default)]
    id: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct PeekParams {
    #[serde(default)]
    name: Option<serde_json::Value>,
}

impl<S: rmcp::ServerHandler + Clone + Send + 'static> Gate<S> {
    pub fn new(
        server: S,
        is_mutation: IsMutation,
        limits: Arc<Limits>,
        opts: HttpOptions,
        local: SocketAddr,
    ) -> Self {
        let mut manager = LocalSessionManager::default();
        // Idle sessions end after 5 minutes (rmcp's default); a request naming one then
        // gets 404 like any unknown id.
        manager.session_config.keep_alive = Some(std::time::Duration::from_secs(300));
        // A completed request's replies are not kept for resumption: their charge ends with
        // the response (`budget.rs`), so kept copies would hold memory no budget counts.
        manager.session_config.completed_cache_ttl = std::time::Duration::ZERO;
        let sessions = Arc::new(manager);
        let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
        if !local.ip().is_unspecified() {
            hosts.push(local.ip().to_string());
        }
        hosts.extend(opts.allowed_hosts);
        let cancel = CancellationToken::new();
        let config = StreamableHttpServerConfig::default()
            .with_allowed_hosts(hosts)
            .with_max_request_body_bytes(opts.max_body)
            .with_cancellation_token(cancel.clone());
        let mcp = StreamableHttpService::new(move || Ok(server.clone()), sessions.clone(), config);
        Gate {
            mcp,
            sessions,
            init_gate: tokio::sync::Mutex::new(()),
            tokens: opts.tokens,
            owners: std::sync::Mutex::new(HashMap::new()),
            max_sessions: opts.max_sessions,
            max_sessions_per_token: opts.max_sessions_per_token,
            max_body: opts.max_body,
            allowed_origins: opts.allowed_origins,
            is_mutation,
            limits,
            cancel,
        }
    }

    /// Ends every session (on shutdown).
    pub fn shutdown(&self) {
        self.cancel.cancel();
    }

    /// One HTTP request: the `Origin` check, routing, the bearer token and the session's
    /// owner, then the request itself (a POST with its body checked, or a GET or DELETE).
    pub async fn handle(&self, req: Request<hyper::body::Incoming>) -> Response<Body> {
        if let Some(refusal) = self.refuse_origin(&req) {
            return refusal;
        }
        let path = req.uri().path().to_string();
        if path == METADATA || path == format!("{METADATA}{ENDPOINT}") {
            return self.metadata(&req);
        }
        if path != ENDPOINT {
            return text(
                StatusCode::NOT_FOUND,
                format!("Not Found: {path:?}. The MCP endpoint is {ENDPOINT}."),
            );
        }
        let principal = match self.authenticate(&req) {
            Ok(p) => p,
            Err(resp) => return *resp,
        };
        let session = req
            .headers()
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        if let (Some(p), Some(id)) = (principal, &session)
            && !self.may_use(p, id)
        {
            return not_yours();
        }
        if req.method() != Method::POST {
            return self.without_body(req, session).await;
        }
        self.post(req, principal).await
    }

    /// A 403 for a browser `Origin` that is not admitted (DNS rebinding protection).
    fn refuse_origin<B>(&self, req: &Request<B>) -> Option<Response<Body>> {
        let origin = req.headers().get(header::ORIGIN)?;
        let ok = origin
            .to_str()
            .is_ok_and(|o| origin::allowed(o, &self.allowed_origins));
        (!ok).then(|| {
            text(
                StatusCode::FORBIDDEN,
                format!(
                    "Forbidden: the Origin {:?} is not allowed (DNS rebinding protection). \
                     Only loopback origins are admitted; start the server with \
                     --allow-origin ORIGIN to admit another.",
                    String::from_utf8_lossy(origin.as_bytes())
                ),
            )
        })
    }

    /// A GET (the server's event stream) or a DELETE (the end of a session), passed to
    /// rmcp without a body; a completed DELETE forgets the session's owner.
    async fn without_body(
        &self,
        req: Request<hyper::body::Incoming>,
        session: Option<String>,
    ) -> Response<Body> {
        let delete = req.method() == Method::DELETE;
        let (parts, _) = req.into_parts();
        let mut r = self
            .mcp
            .handle(Request::from_parts(parts, Full::new(Bytes::new())))
            .await;
        // rmcp answers a DELETE with 202; the session is gone at that point, and
        // clients (the Python SDK) expect 200 for a completed termination.
        if delete && r.status() == StatusCode::ACCEPTED {
            *r.status_mut() = StatusCode::OK;
        }
        if delete
            && r.status().is_success()
            && let Some(id) = &session
        {
            self.owners_lock().remove(id);
        }
        r
    }

    /// A POST: its body read within the cap, the deadline and the budget, refused as
    /// non-JSON, for a missing scope or (a tool call) while the budget stays taken, and an
    /// `initialize` held to the session caps.
    async fn post(
        &self,
        req: Request<hyper::body::Incoming>,
        principal: Option<Principal>,
    ) -> Response<Body> {
        let hold = ReplyHold::default();
        let (parts, bytes) = match self.read_body(req, &hold).await {
            Ok(read) => read,
            Err(resp) => return *resp,
        };
        let peek = match peek(&parts, &bytes) {
            Ok(peek) => peek,
            Err(resp) => return *resp,
        };
        if let (Some(scopes), Some(peek)) = (principal.map(|p| p.scopes), &peek) {
            let needed = self.needed_scope(peek);
            if !scopes.has(needed) {
                return self.insufficient(needed, scopes, peek);
            }
        }
        let is_initialize = !parts.headers.contains_key("mcp-session-id")
            && peek
                .as_ref()
                .is_some_and(|p| p.method.as_deref() == Some("initialize"));
        if let Some(p) = &peek
            && p.method.as_deref() == Some("tools/call")
            && !self.limits.wait_for_room().await
        {
            return budget::busy(p.id.clone(), self.limits.work_budget());
        }
        self.forward(parts, bytes, hold, is_initialize, principal)
            .await
    }

    /// Hands a read request to rmcp with `hold` in its extensions (the handler's charge
    /// joins it); the response keeps it until sent, then nudges the session to drop its
    /// completed replies (`budget.rs`).
    async fn forward(
        &self,
        mut parts: http::request::Parts,
        bytes: Bytes,
        hold: ReplyHold,
        is_initialize: bool,
        principal: Option<Principal>,
    ) -> Response<Body> {
        parts.extensions.insert(hold.clone());
        let on_end = parts
            .headers
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(|id| budget::evict_later(self.sessions.clone(), id.to_owned()));
        let req = Request::from_parts(parts, Full::new(bytes));
        let response = if is_initialize {
            self.initialize(req, principal).await
        } else {
            self.mcp.handle(req).await
        };
        budget::holding(response, hold, on_end)
    }

    /// The body, read within `max_body` and `BODY_DEADLINE`, or the status that says why not.
    async fn read_body(
        &self,
        req: Request<hyper::body::Incoming>,
        hold: &ReplyHold,
    ) -> Result<(http::request::Parts, Bytes), Box<Response<Body>>> {
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        let (parts, body) = req.into_parts();
        let charge = Charge {
            limits: &self.limits,
            hold,
        };
        let read = read_capped(body, self.max_body, declared, charge);
        let read = tokio::time::timeout(BODY_DEADLINE, read);
        match read.await {
            Err(_) => Err(Box::new(text(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "Request Timeout: the body did not arrive within {} s. Nothing was \
                     done; send the whole request at once.",
                    BODY_DEADLINE.as_secs()
                ),
            ))),
            Ok(Ok(b)) => Ok((parts, b)),
            Ok(Err(Refused::Unreadable(e))) => Err(Box::new(text(
                StatusCode::BAD_REQUEST,
                format!("Bad Request: the body could not be read ({e})."),
            ))),
            Ok(Err(Refused::TooLarge)) => Err(Box::new(self.too_large())),
            Ok(Err(Refused::Busy)) => Err(Box::new(budget::busy(None, self.limits.work_budget()))),
        }
    }

    /// An `initialize`: a new session, unless the token's or the server's sessions are at
    /// their cap; the session is recorded as the token's.
    async fn initialize(
        &self,
        req: Request<Full<Bytes>>,
        principal: Option<Principal>,
    ) -> Response<Body> {
        let _held = self.init_gate.lock().await;
        let open = self.sessions.sessions.read().await.len();
        if let Some(p) = principal {
            let mine = self.sessions_of(p.token).await;
            if mine >= self.max_sessions_per_token {
                return self.too_many_of_token(mine);
            }
        }
        if open >= self.max_sessions {
            return self.too_many_sessions(open);
        }
        let r = self.mcp.handle(req).await;
        let opened = r
            .headers()
            .get(SESSION_HEADER)
            .and_then(|v| v.to_str().ok());
        if let (Some(p), Some(id)) = (principal, opened) {
            self.owners_lock().insert(id.to_owned(), p.token);
        }
        r
    }

    fn too_many_sessions(&self, open: usize) -> Response<Body> {
        let mut r = text(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "Service Unavailable: {open} sessions are open, the most this server \
                 allows (--max-sessions {}). End a session with DELETE, or retry once \
                 idle sessions have expired (after 5 minutes).",
                self.max_sessions
            ),
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        r
    }

    fn owners_lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, usize>> {
        self.owners.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether `p` may use the session `id`: a session belongs to the token that opened it.
    /// An id the gate never saw opened is left to rmcp (which answers 404).
    fn may_use(&self, p: Principal, id: &str) -> bool {
        self.owners_lock()
            .get(id)
            .is_none_or(|&owner| owner == p.token)
    }

    /// How many live sessions `token` holds (ended and expired ones are forgotten here).
    async fn sessions_of(&self, token: usize) -> usize {
        let live = self.sessions.sessions.read().await;
        let mut owners = self.owners_lock();
        owners.retain(|id, _| live.contains_key(id.as_str()));
        owners.values().filter(|&&t| t == token).count()
    }

    fn too_many_of_token(&self, mine: usize) -> Response<Body> {
        let mut r = text(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too Many Requests: this token has {mine} sessions open, the most one token may \
                 hold (--max-sessions-per-token {}). End one of them with DELETE, or retry once \
                 idle ones have expired (after 5 minutes).",
                self.max_sessions_per_token
            ),
        );
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
        r
    }

    /// The scope a message needs: `files:write` for a mutation, `files:read` otherwise. A
    /// `tools/call` is judged by its tool's name, any other method by its own name (the
    /// editor profile's `file/save` is a mutation called directly).
    fn needed_scope(&self, peek: &Peek) -> &'static str {
        let mutation = match peek.method.as_deref() {
            Some("tools/call") => peek
                .params
                .as_ref()
                .and_then(|p| p.name.as_ref())
                .and_then(serde_json::Value::as_str)
                .is_some_and(|n| (self.is_mutation)(n)),
            Some(method) => (self.is_mutation)(method),
            None => false,
        };
        if mutation { auth::WRITE } else { auth::READ }
    }

    fn authenticate<B>(&self, req: &Request<B>) -> Result<Option<Principal>, Box<Response<Body>>> {
        let Some(tokens) = &self.tokens else {
            return Ok(None);
        };
        let challenge = |error: Option<&str>| {
            let mut v = format!(
                "Bearer realm=\"mcp-reference\", resource_metadata=\"{}\"",
                metadata_url(req)
            );
            if let Some(e) = error {
                v.push_str(&format!(", error=\"{e}\""));
            }
            v
        };
        let Some(value) = req.headers().get(header::AUTHORIZATION) else {
            return Err(Box::new(with_challenge(
                text(
                    StatusCode::UNAUTHORIZED,
                    "Unauthorized: this server needs a bearer token. Send \
                     `Authorization: Bearer <token>` with a token from the server's token file."
                        .into(),
                ),
                &challenge(None),
            )));
        };
        match auth::bearer(value.as_bytes()).and_then(|t| tokens.principal(t)) {
            Some(p) => Ok(Some(p)),
            None => Err(Box::new(with_challenge(
                text(
                    StatusCode::UNAUTHORIZED,
                    "Unauthorized: the bearer token is not valid for this server. Send \
                     `Authorization: Bearer <token>` with a token from the server's token file."
                        .into(),
                ),
                &challenge(Some("invalid_token")),
            ))),
        }
    }

    fn insufficient(&self, needed: &str, has: Scopes, peek: &Peek) -> Response<Body> {
        let what = match peek
            .params
            .as_ref()
            .and_then(|p| p.name.as_ref())
            .and_then(serde_json::Value::as_str)
        {
            Some(tool) if peek.method.as_deref() == Some("tools/call") => format!("calling {tool}"),
            _ => format!("{:?}", peek.method.as_deref().unwrap_or("this request")),
        };
        let r = text(
            StatusCode::FORBIDDEN,
            format!(
                "Forbidden: insufficient_scope. {what} needs the scope {needed}; this token has \
                 {}. Nothing was changed. Use a token with {needed}.",
                has.describe()
            ),
        );
        with_challenge(
            r,
            &format!("Bearer error=\"insufficient_scope\", scope=\"{needed}\""),
        )
    }

    /// RFC 9728 protected-resource metadata (only when tokens are configured).
    fn metadata<B>(&self, req: &Request<B>) -> Response<Body> {
        if self.tokens.is_none() {
            return text(
                StatusCode::NOT_FOUND,
                "Not Found: this server runs without authorization.".into(),
            );
        }
        let host = host_of(req);
        let body = serde_json::json!({
            "resource": format!("http://{host}{ENDPOINT}"),
            "scopes_supported": [auth::READ, auth::WRITE],
            "bearer_methods_supported": ["header"],
            "resource_name": "mcp-reference",
        });
        json(StatusCode::OK, body.to_string())
    }

    fn too_large(&self) -> Response<Body> {
        text(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "Payload Too Large: the request body exceeds {} bytes (--max-body-bytes). \
                 Nothing was done; send a smaller request.",
                self.max_body
            ),
        )
    }
}

/// Past the cap, up to this much more is read and thrown away, so that a client still
/// sending gets to read the 413 instead of a reset connection; a larger body is cut off.
const DRAIN_LIMIT: u64 = 64 * 1024 * 1024;

/// Why a body was not read whole.
enum Refused {
    /// Past the cap (the rest has been drained, or the body is beyond `DRAIN_LIMIT`).
    TooLarge,
    /// The work budget stayed taken while the body arrived.
    Busy,
    /// A read error, or no data for 30 s.
    Unreadable(String),
}

/// Where the bytes of a body being received are charged (in `BODY_STEP`s): the work
/// budget, held in the request's `ReplyHold` until its response has been sent.
struct Charge<'a> {
    limits: &'a Limits,
    hold: &'a ReplyHold,
}

/// A body is charged as it arrives, in steps of this size (the first step with its first
/// byte), so bodies parked half sent count too.
const BODY_STEP: usize = 1 << 20;

impl Charge<'_> {
    /// Charges up to `have` bytes when `have` passes `charged` (nothing for a body under
    /// `FREE_LINE`, as over stdio: the connection cap bounds those).
    async fn cover(&self, charged: &mut usize, have: usize) -> Result<(), Refused> {
        if have <= crate::limits::FREE_LINE {
            return Ok(());
        }
        while *charged < have {
            let permit = self
                .limits
                .charge_body(BODY_STEP)
                .await
                .ok_or(Refused::Busy)?;
            self.hold.keep(permit);
            *charged += BODY_STEP;
        }
        Ok(())
    }
}

/// Reads the body into memory, at most `max` bytes, charging it to the budget as it
/// arrives.
async fn read_capped(
    mut body: hyper::body::Incoming,
    max: usize,
    declared: Option<u64>,
    charge: Charge<'_>,
) -> Result<Bytes, Refused> {
    let max = max as u64;
    let mut buf = bytes::BytesMut::new();
    let (mut seen, mut charged): (u64, usize) = (0, 0);
    if declared.is_some_and(|n| n > max + DRAIN_LIMIT) {
        return Err(Refused::TooLarge);
    }
    let too_big_declared = declared.is_some_and(|n| n > max);
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(30), body.frame()).await;
        let frame = match frame {
            Err(_) => return Err(Refused::Unreadable("no data for 30 s".into())),
            Ok(None) => break,
            Ok(Some(Err(e))) => return Err(Refused::Unreadable(e.to_string())),
            Ok(Some(Ok(f))) => f,
        };
        let Ok(data) = frame.into_data() else {
            continue;
        };
        seen += data.len() as u64;
        if too_big_declared || seen > max {
            if seen > max + DRAIN_LIMIT {
                return Err(Refused::TooLarge);
            }
            buf = bytes::BytesMut::new();
            continue;
        }
        charge.cover(&mut charged, buf.len() + data.len()).await?;
        buf.extend_from_slice(&data);
    }
    if too_big_declared || seen > max {
        return Err(Refused::TooLarge);
    }
    Ok(buf.freeze())
}

/// A session of another token is answered as an unknown one: 404, the status that tells
/// a client to start a new session, and no hint to the other token's holder that the id
/// is live (a 403 would confirm it).
fn not_yours() -> Response<Body> {
    text(
        StatusCode::NOT_FOUND,
        "Not Found: this token has no session with that Mcp-Session-Id. A session can only \
         be used by the token that opened it; send initialize to start one."
            .into(),
    )
}

fn host_of<B>(req: &Request<B>) -> String {
    req.headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost")
        .to_string()
}

fn metadata_url<B>(req: &Request<B>) -> String {
    format!("http://{}{METADATA}{ENDPOINT}", host_of(req))
}

/// The routing parts of a JSON-RPC body, `None` if it is not one; a 400 (-32700) for a
/// body declared `application/json` that does not parse.
fn peek(parts: &http::request::Parts, bytes: &[u8]) -> Result<Option<Peek>, Box<Response<Body>>> {
    let json_type = parts
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(';')
                .next()
                .is_some_and(|e| e.trim().eq_ignore_ascii_case("application/json"))
        });
    match serde_json::from_slice::<Peek>(bytes) {
        Ok(p) => Ok(Some(p)),
        Err(e) if json_type && (e.is_syntax() || e.is_eof()) => {
            let body = serde_json::json!({
                "jsonrpc": "2.0",
                "id": null,
                "error": {"code": -32700, "message": format!(
                    "Parse error: the body is not valid JSON ({e}). Send one JSON-RPC \
                     message as application/json."
                )}
            });
            Err(Box::new(json(StatusCode::BAD_REQUEST, body.to_string())))
        }
        Err(_) => Ok(None),
    }
}

fn text(status: StatusCode, body: String) -> Response<Body> {
    let mut r = Response::new(Full::new(Bytes::from(body)).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

fn json(status: StatusCode, body: String) -> Response<Body> {
    let mut r = Response::new(Full::new(Bytes::from(body)).boxed());
    *r.status_mut() = status;
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

fn with_challenge(mut r: Response<Body>, value: &str) -> Response<Body> {
    if let Ok(v) = HeaderValue::from_str(value) {
        r.headers_mut().insert(header::WWW_AUTHENTICATE, v);
    }
    r
}
