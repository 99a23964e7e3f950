//! The reference served over Streamable HTTP for the HTTP attacks: a loopback port of its
//! own choosing (announced on stderr), a token file with a read-only and a read-write
//! token, and the child ended on drop; and the attacks' one way to post a message and
//! open a session.

use crate::common::BIN;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"adversarial","version":"1"}}}"#;
const INITIALIZED: &str = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;

/// Posts one JSON-RPC message (in `session`, if given) and waits at most 30 s for the
/// response's head.
pub async fn post(
    c: &reqwest::Client,
    url: &str,
    session: Option<&str>,
    body: &str,
) -> reqwest::Response {
    let mut rq = c
        .post(url)
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-11-25")
        .timeout(Duration::from_secs(30))
        .body(body.to_owned());
    if let Some(id) = session {
        rq = rq.header("mcp-session-id", id);
    }
    rq.send().await.expect("request")
}

/// Opens an initialized session with `c` (and its token): its id, or the refusal's status.
pub async fn open_session(c: &reqwest::Client, url: &str) -> Result<String, u16> {
    let r = post(c, url, None, INIT).await;
    if r.status() != 200 {
        return Err(r.status().as_u16());
    }
    let id = r.headers()["mcp-session-id"].to_str().unwrap().to_owned();
    let _ = r.bytes().await;
    let r = post(c, url, Some(&id), INITIALIZED).await;
    assert!(r.status().is_success(), "initialized: {}", r.status());
    Ok(id)
}

/// A `files:read` token and a `files:read files:write` one.
pub const READER: &str = "adversarial-reader-token";
pub const WRITER: &str = "adversarial-writer-token";

pub struct HttpServer {
    child: Child,
    pub port: u16,
    _tokens: tempfile::NamedTempFile,
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl HttpServer {
    /// `mcp-reference --root ROOT --http 127.0.0.1:0 --auth-tokens FILE EXTRA...`, listening.
    pub fn start(root: &Path, extra: &[&str]) -> HttpServer {
        let tokens = tempfile::NamedTempFile::new().expect("token file");
        std::fs::write(
            tokens.path(),
            format!("{READER} files:read\n{WRITER} files:read files:write\n"),
        )
        .expect("token file");
        let mut child = Command::new(BIN)
            .arg("--root")
            .arg(root)
            .args(["--http", "127.0.0.1:0"])
            .arg("--auth-tokens")
            .arg(tokens.path())
            .args(extra)
            .stdin(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn");
        let endpoint = e2e_tests::listen::announced_endpoint(&mut child);
        let port = endpoint
            .as_deref()
            .and_then(e2e_tests::listen::endpoint_port);
        let server = HttpServer {
            child,
            port: port.unwrap_or_default(),
            _tokens: tokens,
        };
        assert!(port.is_some(), "the server did not listen: {endpoint:?}");
        server
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}
