//! Shared helpers: a fresh root with an "outside" sibling, an rmcp client on the server,
//! and assertions on tool results (success shape, error shape) as the catalogue states
//! them (CLR-020, CLR-023).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Stdio;

use rmcp::model::{
    CallToolRequestParams, ClientConfig, ErrorData, ProtocolVersion, ReadResourceRequestParams,
};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt, RunningService};
use rmcp::{RoleClient, ServiceError, ServiceExt};
use serde_json::Value;
use sha2::{Digest, Sha256};

pub const BIN: &str = env!("CARGO_BIN_EXE_mcp-reference-e2e");

pub type Client = RunningService<RoleClient, ClientConfig>;

pub const CALL_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// A temporary directory holding `root/` (served) and `root_evil/` (must never be touched).
pub struct Fixture {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
    pub outside: PathBuf,
}

impl Fixture {
    pub fn new() -> Self {
        Self::in_dir(tempfile::tempdir().expect("tempdir"))
    }

    /// A fixture in memory (`/dev/shm`) where there is one: for attacks that make many
    /// thousands of files, which a loaded disk makes slowly.
    pub fn in_memory() -> Self {
        match tempfile::tempdir_in("/dev/shm") {
            Ok(dir) => Self::in_dir(dir),
            Err(_) => Self::new(),
        }
    }

    fn in_dir(dir: tempfile::TempDir) -> Self {
        let root = dir.path().join("root");
        let outside = dir.path().join("root_evil");
        std::fs::create_dir(&root).unwrap();
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("secret"), "top secret\n").unwrap();
        Self {
            _dir: dir,
            root,
            outside,
        }
    }

    pub fn write(&self, rel: &str, bytes: impl AsRef<[u8]>) {
        let p = self.root.join(rel);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap();
        }
        std::fs::write(p, bytes).unwrap();
    }

    pub fn read(&self, rel: &str) -> Vec<u8> {
        std::fs::read(self.root.join(rel)).unwrap_or_else(|e| panic!("reading {rel}: {e}"))
    }

    pub fn text(&self, rel: &str) -> String {
        String::from_utf8(self.read(rel)).unwrap()
    }

    pub fn sha(&self, rel: &str) -> String {
        sha_hex(&self.read(rel))
    }

    /// Snapshot of the outside area (relative path → bytes) to prove it stayed unchanged.
    pub fn outside_snapshot(&self) -> Vec<(PathBuf, Vec<u8>)> {
        let mut out = Vec::new();
        walk(&self.outside, &self.outside, &mut out);
        out.sort();
        out
    }

    pub async fn connect(&self) -> Client {
        connect(&self.root, Era::Legacy, &[]).await
    }
}

fn walk(base: &Path, dir: &Path, out: &mut Vec<(PathBuf, Vec<u8>)>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let e = e.unwrap();
        let p = e.path();
        let rel = p.strip_prefix(base).unwrap().to_path_buf();
        let ft = e.file_type().unwrap();
        if ft.is_dir() {
            out.push((rel, b"<dir>".to_vec()));
            walk(base, &p, out);
        } else if ft.is_symlink() {
            out.push((
                rel,
                std::fs::read_link(&p)
                    .unwrap()
                    .into_os_string()
                    .into_encoded_bytes(),
            ));
        } else {
            out.push((rel, std::fs::read(&p).unwrap()));
        }
    }
}

pub fn sha_hex(bytes: &[u8]) -> String {
    let d = Sha256::digest(bytes);
    d.iter().map(|b| format!("{b:02x}")).collect()
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Era {
    /// 2025-11-25: `initialize` handshake.
    Legacy,
    /// 2026-07-28: `server/discover` and per-request `_meta`.
    Modern,
}

pub fn server_command(root: &Path, extra: &[&str]) -> tokio::process::Command {
    let mut cmd = tokio::process::Command::new(BIN);
    cmd.arg("--root").arg(root).args(extra);
    cmd
}

/// Server stderr is discarded unless E2E_SERVER_STDERR is set (it is only for debugging).
pub fn stderr_cfg() -> Stdio {
    if std::env::var_os("E2E_SERVER_STDERR").is_some() {
        Stdio::inherit()
    } else {
        Stdio::null()
    }
}

/// The stdio of the server `cmd` starts, as rmcp's `(read, write)` transport, and its pid.
/// The server ends at its stdin's end, when the client goes, and is killed when the test's
/// runtime ends (the task that waits on it is dropped). Plain pipes rather than rmcp's
/// child-process transport: that feature alone made `cargo run -p mcp-harness` after the
/// workspace's tests rebuild rmcp, tokio and libc with other features.
pub fn spawn_stdio(
    mut cmd: tokio::process::Command,
) -> (
    (tokio::process::ChildStdout, tokio::process::ChildStdin),
    u32,
) {
    cmd.stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr_cfg())
        .kill_on_drop(true);
    let mut child = cmd.spawn().expect("spawn server");
    let pid = child.id().expect("the server's pid");
    let stdout = child.stdout.take().expect("piped stdout");
    let stdin = child.stdin.take().expect("piped stdin");
    tokio::spawn(async move {
        let _ = child.wait().await;
    });
    ((stdout, stdin), pid)
}

pub async fn connect(root: &Path, era: Era, extra: &[&str]) -> Client {
    let (transport, _) = spawn_stdio(server_command(root, extra));
    let config = ClientConfig::default();
    let fut = match era {
        Era::Legacy => {
            let config = config.with_protocol_version(ProtocolVersion::V_2025_11_25);
            tokio::time::timeout(std::time::Duration::from_secs(20), config.serve(transport)).await
        }
        Era::Modern => {
            let mode = ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            };
            tokio::time::timeout(
                std::time::Duration::from_secs(20),
                config.serve_with_lifecycle(transport, mode),
            )
            .await
        }
    };
    fut.expect("handshake timed out").expect("handshake failed")
}

pub fn obj(v: Value) -> serde_json::Map<String, Value> {
    match v {
        Value::Object(m) => m,
        other => panic!("arguments must be an object, got {other}"),
    }
}

/// Calls a tool; Ok(result JSON) or Err(protocol error).
pub async fn try_call(c: &Client, tool: &str, args: Value) -> Result<Value, ErrorData> {
    let params = CallToolRequestParams::new(tool.to_string()).with_arguments(obj(args));
    // A hung server must fail the test, not hang the suite.
    let r = tokio::time::timeout(CALL_TIMEOUT, c.call_tool(params)).await;
    match r.unwrap_or_else(|_| panic!("{tool}: no reply within {CALL_TIMEOUT:?}")) {
        Ok(r) => Ok(serde_json::to_value(r).unwrap()),
        Err(ServiceError::McpError(e)) => Err(e),
        Err(e) => panic!("{tool}: transport-level failure: {e}"),
    }
}

/// Calls a tool expecting a tool result (success or isError), never a protocol error.
pub async fn call(c: &Client, tool: &str, args: Value) -> Value {
    let shown = args.to_string();
    match try_call(c, tool, args).await {
        Ok(v) => v,
        Err(e) => panic!("{tool} {shown}: unexpected protocol error {e:?}"),
    }
}

/// Asserts success; checks that structuredContent equals the JSON of the single text block.
pub fn ok(tool: &str, r: &Value) -> Value {
    assert_ne!(
        r.get("isError"),
        Some(&Value::Bool(true)),
        "{tool} failed: {r}"
    );
    let sc = r
        .get("structuredContent")
        .cloned()
        .unwrap_or_else(|| panic!("{tool}: no structuredContent: {r}"));
    let text = single_text(tool, r);
    assert_eq!(
        text_fields(tool, &text),
        sc,
        "{tool}: text block and structuredContent differ"
    );
    sc
}

/// The fields a success's text block carries: its JSON, or for text.read (CLR-037) the
/// other fields as a JSON line with the text after it as `content`.
fn text_fields(tool: &str, text: &str) -> Value {
    let json = |t: &str| -> Value {
        serde_json::from_str(t)
            .unwrap_or_else(|e| panic!("{tool}: text block is not JSON ({e}): {t:.300}"))
    };
    if !matches!(tool, "text.read" | "text_read") {
        return json(text);
    }
    let (head, rest) = text
        .split_once('\n')
        .unwrap_or_else(|| panic!("{tool}: no JSON line before the text: {text:.300}"));
    let mut fields = json(head);
    fields["content"] = Value::String(rest.to_owned());
    fields
}

pub async fn call_ok(c: &Client, tool: &str, args: Value) -> Value {
    let r = call(c, tool, args).await;
    ok(tool, &r)
}

/// Asserts a tool error with the given code; returns structuredContent.
pub fn err(tool: &str, r: &Value, code: &str) -> Value {
    assert_eq!(
        r.get("isError"),
        Some(&Value::Bool(true)),
        "{tool}: expected {code}, got success {r}"
    );
    let sc = r
        .get("structuredContent")
        .cloned()
        .unwrap_or_else(|| panic!("{tool}: error without structuredContent: {r}"));
    assert_eq!(sc["code"], code, "{tool}: wrong code in {sc}");
    let text = single_text(tool, r);
    assert_eq!(
        sc["message"].as_str(),
        Some(text.as_str()),
        "{tool}: message differs from text block"
    );
    assert!(
        sc["recoverable"].is_boolean(),
        "{tool}: recoverable must be a bool: {sc}"
    );
    assert!(!text.trim().is_empty(), "{tool}: empty error message");
    sc
}

pub async fn call_err(c: &Client, tool: &str, args: Value, code: &str) -> Value {
    let r = call(c, tool, args).await;
    err(tool, &r, code)
}

pub fn single_text(tool: &str, r: &Value) -> String {
    let content = r["content"]
        .as_array()
        .unwrap_or_else(|| panic!("{tool}: no content array: {r}"));
    assert_eq!(
        content.len(),
        1,
        "{tool}: expected exactly one content block: {r}"
    );
    assert_eq!(content[0]["type"], "text", "{tool}: block is not text: {r}");
    content[0]["text"].as_str().unwrap().to_string()
}

pub fn msg(sc: &Value) -> String {
    sc["message"].as_str().unwrap_or_default().to_string()
}

/// Asserts the message contains every needle (case-insensitive).
pub fn mentions(sc: &Value, needles: &[&str]) {
    let m = msg(sc).to_lowercase();
    for n in needles {
        assert!(
            m.contains(&n.to_lowercase()),
            "message should mention {n:?}: {}",
            msg(sc)
        );
    }
}

pub async fn read_resource(c: &Client, uri: &str) -> Result<Value, ErrorData> {
    let r = tokio::time::timeout(
        CALL_TIMEOUT,
        c.read_resource(ReadResourceRequestParams::new(uri)),
    )
    .await;
    match r.unwrap_or_else(|_| panic!("{uri}: no reply within {CALL_TIMEOUT:?}")) {
        Ok(r) => Ok(serde_json::to_value(r).unwrap()),
        Err(ServiceError::McpError(e)) => Err(e),
        Err(e) => panic!("{uri}: transport-level failure: {e}"),
    }
}

/// Reads a listing and returns its parsed JSON text (checking the one-content, mimeType shape).
pub async fn listing(c: &Client, uri: &str) -> Value {
    let r = read_resource(c, uri)
        .await
        .unwrap_or_else(|e| panic!("{uri}: {e:?}"));
    let contents = r["contents"].as_array().unwrap();
    assert_eq!(contents.len(), 1, "{uri}: one content expected: {r}");
    assert_eq!(contents[0]["mimeType"], "application/json", "{uri}: {r}");
    serde_json::from_str(contents[0]["text"].as_str().unwrap()).unwrap()
}

pub fn names(listing: &Value) -> Vec<String> {
    listing["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect()
}

pub async fn read_hash(c: &Client, path: &str) -> String {
    call_ok(c, "text.read", serde_json::json!({"path": path})).await["hash"]
        .as_str()
        .unwrap()
        .to_string()
}
