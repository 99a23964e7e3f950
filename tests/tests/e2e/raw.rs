//! A raw JSON-RPC client over the child's pipes (no SDK), for era handshakes, malformed input,
//! crash tests and checking that stdout carries nothing but JSON-RPC.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

pub const MODERN: &str = "2026-07-28";
pub const LEGACY: &str = "2025-11-25";

pub struct Raw {
    pub child: Child,
    stdin: Option<ChildStdin>,
    lines: mpsc::Receiver<String>,
    next_id: i64,
    /// The protocol era; for MODERN every request carries the per-request `_meta`.
    pub era: &'static str,
    /// Messages read while waiting for another id, kept for a later `response` call.
    stash: Vec<Value>,
}

impl Raw {
    pub fn spawn(root: &Path, extra: &[&str]) -> Self {
        let mut child = Command::new(super::common::BIN)
            .arg("--root")
            .arg(root)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(super::common::stderr_cfg())
            .spawn()
            .expect("spawn server");
        let stdout: ChildStdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        // A reader thread lets every wait have a timeout, so a silent server fails the test
        // instead of hanging it. Each stdout line must be one JSON-RPC message.
        std::thread::spawn(move || {
            let mut r = BufReader::with_capacity(1 << 20, stdout);
            loop {
                let mut line = String::new();
                match r.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let stdin = child.stdin.take();
        Self {
            child,
            stdin,
            lines: rx,
            next_id: 1,
            era: LEGACY,
            stash: Vec::new(),
        }
    }

    pub fn send_line(&mut self, line: &[u8]) {
        let w = self.stdin.as_mut().expect("stdin open");
        w.write_all(line).unwrap();
        w.write_all(b"\n").unwrap();
        w.flush().unwrap();
    }

    pub fn send(&mut self, msg: &Value) {
        self.send_line(serde_json::to_string(msg).unwrap().as_bytes());
    }

    /// Everything read but not yet claimed by `response`.
    pub fn take_stash(&mut self) -> Vec<Value> {
        std::mem::take(&mut self.stash)
    }

    /// Takes the server's stdin, to write to it from another thread.
    pub fn take_stdin(&mut self) -> ChildStdin {
        self.stdin.take().expect("stdin open")
    }

    pub fn close_stdin(&mut self) {
        self.stdin = None;
    }

    /// Next stdout line, unparsed (for replies too large to parse cheaply in a debug build).
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Next stdout line as JSON; panics if it is not a JSON-RPC 2.0 message.
    pub fn next_message(&mut self, timeout: Duration) -> Option<Value> {
        let line = self.lines.recv_timeout(timeout).ok()?;
        let v: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("stdout line is not JSON ({e}): {:.200}", line));
        assert_eq!(v["jsonrpc"], "2.0", "stdout line is not JSON-RPC 2.0: {v}");
        Some(v)
    }

    /// Waits for the response with this id; other messages are stashed for later.
    pub fn response(&mut self, id: i64, timeout: Duration) -> Value {
        if let Some(i) = self
            .stash
            .iter()
            .position(|m| m.get("id") == Some(&json!(id)))
        {
            return self.stash.remove(i);
        }
        let deadline = std::time::Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let m = self
                .next_message(left)
                .unwrap_or_else(|| panic!("no response to id {id} within {timeout:?}"));
            if m.get("id") == Some(&json!(id)) {
                return m;
            }
            self.stash.push(m);
        }
    }

    pub fn meta(&self) -> Value {
        json!({
            "io.modelcontextprotocol/protocolVersion": MODERN,
            "io.modelcontextprotocol/clientCapabilities": {},
            "io.modelcontextprotocol/clientInfo": {"name": "e2e-raw", "version": "0"}
        })
    }

    /// Sends a request (adding `_meta` in the modern era) and returns its id.
    pub fn request_nowait(&mut self, method: &str, mut params: Value) -> i64 {
        let id = self.next_id;
        self.next_id += 1;
        if self.era == MODERN {
            params
                .as_object_mut()
                .unwrap()
                .insert("_meta".into(), self.meta());
        }
        self.send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        id
    }

    pub fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.request_nowait(method, params);
        self.response(id, Duration::from_secs(30))
    }

    /// 2025-11-25 handshake: initialize + notifications/initialized. Returns the result.
    pub fn initialize(&mut self) -> Value {
        self.era = LEGACY;
        let r = self.request(
            "initialize",
            json!({"protocolVersion": LEGACY, "capabilities": {}, "clientInfo": {"name": "e2e-raw", "version": "0"}}),
        );
        self.send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        r
    }

    /// 2026-07-28 start: server/discover; every later request carries `_meta`.
    pub fn discover(&mut self) -> Value {
        self.era = MODERN;
        self.request("server/discover", json!({}))
    }

    /// tools/call; returns the JSON-RPC `result` (panics on a protocol error).
    pub fn call(&mut self, tool: &str, args: Value) -> Value {
        let r = self.request("tools/call", json!({"name": tool, "arguments": args}));
        r.get("result")
            .cloned()
            .unwrap_or_else(|| panic!("{tool}: protocol error {r}"))
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Raw {
    fn drop(&mut self) {
        self.kill();
    }
}
