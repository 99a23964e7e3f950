//! The reference served over Streamable HTTP for the HTTP attacks: a loopback port of its
//! own choosing (announced on stderr),
//! a token file with a read-only and a read-write token, and the child ended on drop.

use crate::common::BIN;
use std::path::Path;
use std::process::{Child, Command, Stdio};

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
