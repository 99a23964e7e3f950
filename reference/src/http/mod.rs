//! Streamable HTTP (`--http ADDR`): rmcp's `StreamableHttpService` with its in-memory
//! session manager, served by hyper on one endpoint, `/mcp`, in both protocol eras.
//!
//! In front of rmcp sits a thin gate (`gate.rs`) for what rmcp leaves to the host: the
//! `Origin` check against DNS rebinding, bearer tokens and scopes (`auth.rs`), sessions
//! bound to the token that opened them, a body cap enforced while reading and a deadline
//! for the whole body, a clear 400 for a body that is not JSON, and caps on open sessions
//! (in all and per token), and the share of the one memory budget (`budget.rs`). Here: the
//! header-read timeout, the write-stall deadline and the connection cap. Every
//! session is a clone of the profile's one handler, sharing its storage, so the per-file
//! locks (and the exactly-one-winner rule) hold across sessions.

pub mod auth;
mod budget;
mod gate;
mod origin;

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};

pub use gate::Gate;

/// Default largest request body: large enough for a 10 MB `file.create` as JSON, small
/// enough that a 50 MB body is refused before it is buffered whole.
pub const DEFAULT_MAX_BODY: usize = 16 * 1024 * 1024;
/// Default most sessions open at once (2025-11-25 era; the 2026 era has none).
pub const DEFAULT_MAX_SESSIONS: usize = 256;
/// Default most sessions of one token: a quarter of the global cap, so a single token
/// holder leaves three quarters to the others.
pub const DEFAULT_MAX_SESSIONS_PER_TOKEN: usize = 64;
/// A client must send a request's whole header within this time (also the longest a
/// kept-alive connection may sit idle before its next request); then it is closed.
pub const HEADER_READ_TIMEOUT: Duration = Duration::from_secs(10);
/// A request's whole body must arrive within this time (16 MiB in 60 s is 280 KB/s).
pub const BODY_DEADLINE: Duration = Duration::from_secs(60);
/// A connection whose client takes none of its reply for this long is closed, freeing
/// the reply's charge (a client that does not read cannot hold the budget).
pub const WRITE_STALL: Duration = Duration::from_secs(5);
/// Most connections served at once; more wait in the listen backlog. Each holds a
/// descriptor, so this (with the client roots' own cap) keeps the server under the
/// usual limit of 1024 descriptors.
pub const MAX_CONNECTIONS: usize = 384;

/// How the HTTP endpoint is set up.
#[derive(Debug)]
pub struct HttpOptions {
    pub addr: SocketAddr,
    pub tokens: Option<auth::Tokens>,
    pub max_sessions: usize,
    /// Most sessions one token may hold (with tokens), so one holder cannot take them all.
    pub max_sessions_per_token: usize,
    pub max_body: usize,
    /// Extra origins admitted besides loopback ones, e.g. `https://app.example:443`.
    pub allowed_origins: Vec<String>,
    /// Extra `Host` values admitted besides loopback ones (needed when binding elsewhere).
    pub allowed_hosts: Vec<String>,
}

/// Whether a call changes files: the profile's handler says (`ProfileServer::is_mutation`).
pub use crate::profile_server::IsMutation;

/// Serves `server` (any profile's handler) over HTTP until SIGINT or SIGTERM.
pub async fn serve<S: rmcp::ServerHandler + Clone + Send + 'static>(
    server: S,
    is_mutation: IsMutation,
    limits: Arc<crate::limits::Limits>,
    opts: HttpOptions,
) -> ExitCode {
    let listener = match tokio::net::TcpListener::bind(opts.addr).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("mcp-reference: error: cannot listen on {}: {e}", opts.addr);
            return ExitCode::from(2);
        }
    };
    let local = listener.local_addr().unwrap_or(opts.addr);
    let gate = Arc::new(Gate::new(server, is_mutation, limits, opts, local));
    eprintln!("{}http://{local}/mcp", crate::serving::ANNOUNCEMENT);
    let stop = shutdown_signal();
    tokio::pin!(stop);
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let accepted = tokio::select! {
            a = accept(&listener, &slots) => a,
            () = &mut stop => break,
        };
        let (stream, slot) = match accepted {
            Ok(a) => a,
            Err(e) => {
                // Out of descriptors and the like: say so, breathe, keep serving.
                eprintln!("mcp-reference: warning: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let gate = gate.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let svc = hyper::service::service_fn(move |req| {
                let gate = gate.clone();
                async move { Ok::<_, std::convert::Infallible>(gate.handle(req).await) }
            });
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_READ_TIMEOUT)
                .serve_connection(TokioIo::new(budget::StallIo::new(stream)), svc)
                .await;
        });
    }
    gate.shutdown();
    ExitCode::SUCCESS
}

/// The next connection, once fewer than `MAX_CONNECTIONS` are served.
async fn accept(
    listener: &tokio::net::TcpListener,
    slots: &Arc<tokio::sync::Semaphore>,
) -> std::io::Result<(tokio::net::TcpStream, tokio::sync::OwnedSemaphorePermit)> {
    let slot = slots
        .clone()
        .acquire_owned()
        .await
        .map_err(std::io::Error::other)?;
    let (stream, _) = listener.accept().await?;
    Ok((stream, slot))
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Parses `--http`'s value: `HOST:PORT`, `[V6]:PORT`, or a bare port (loopback).
pub fn parse_addr(s: &str) -> Result<SocketAddr, String> {
    if let Ok(port) = s.parse::<u16>() {
        return Ok(SocketAddr::from(([127, 0, 0, 1], port)));
    }
    let s2 = s
        .strip_prefix("localhost:")
        .map(|p| format!("127.0.0.1:{p}"));
    s2.as_deref()
        .unwrap_or(s)
        .parse::<SocketAddr>()
        .map_err(|_| format!("--http {s:?} is not an address (use 127.0.0.1:PORT or a port)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses() {
        assert_eq!(parse_addr("8080").unwrap().to_string(), "127.0.0.1:8080");
        assert_eq!(
            parse_addr("localhost:9").unwrap().to_string(),
            "127.0.0.1:9"
        );
        assert_eq!(parse_addr("[::1]:7").unwrap().to_string(), "[::1]:7");
        assert!(parse_addr("nowhere").is_err());
    }
}
