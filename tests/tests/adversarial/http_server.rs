//! The reference served over Streamable HTTP for the HTTP attacks: a free loopback port,
//! a token file with a read-only and a read-write token, and the child ended on drop.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use crate::common::{BIN, stderr_cfg};

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
    /// `mcp-reference --root ROOT --http PORT --auth-tokens FILE EXTRA...`, listening.
    pub fn start(root: &Path, extra: &[&str]) -> HttpServer {
        let tokens = tempfile::NamedTempFile::new().expect("token file");
        std::fs::write(
            tokens.path(),
            format!("{READER} files:read\n{WRITER} files:read files:write\n"),
        )
        .expect("token file");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("free port");
        let child = Command::new(BIN)
            .arg("--root")
            .arg(root)
            .args(["--http", &format!("127.0.0.1:{port}")])
            .arg("--auth-tokens")
            .arg(tokens.path())
            .args(extra)
            .stdin(Stdio::null())
            .stderr(stderr_cfg())
            .spawn()
            .expect("spawn");
        let server = HttpServer {
            child,
            port,
            _tokens: tokens,
        };
        for _ in 0..1000 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return server;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        panic!("the server did not listen");
    }

    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}
