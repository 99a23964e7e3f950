//! Hostile MCP roots (issue 21, items 1 and 2; FS-CLR-06): a client answers `roots/list`
//! with roots that leave the server's directory (`file:///`, a directory outside, `..`, a
//! symlink out) or with 25,000 roots, over stdio and over HTTP with any token. Nothing
//! outside may be read or written, the server keeps its directory, it holds few
//! descriptors, and during a 25,000-roots answer another session is still served.

use std::os::unix::fs::symlink;
use std::sync::Arc;
use std::time::{Duration, Instant};

use mcp_harness::run::client::{HarnessClient, Roots, file_uri};
use rmcp::model::{CallToolRequestParams, ClientConfig, ProtocolVersion};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};

use crate::common::*;
use crate::http_server::{HttpServer, READER, WRITER};

type RootsClient = RunningService<RoleClient, HarnessClient>;

/// Descriptors the server may hold besides the client roots an answer can open (64).
const FD_BOUND: usize = 160;

fn roots_client_info() -> ClientConfig {
    HarnessClient::info().with_protocol_version(ProtocolVersion::V_2025_11_25)
}

/// Waits until the server has asked `roots/list`; its tool calls wait until it applied them.
async fn wait_asked(roots: &Roots, what: &str) {
    assert!(
        roots.wait_asked_after(0, Duration::from_secs(20)).await,
        "{what}: the server never asked roots/list"
    );
}

async fn tool(
    c: &RunningService<RoleClient, impl rmcp::ClientHandler>,
    name: &str,
    args: Value,
) -> Value {
    let params = CallToolRequestParams::new(name.to_string()).with_arguments(obj(args));
    let r = tokio::time::timeout(CALL_TIMEOUT, c.call_tool(params))
        .await
        .unwrap_or_else(|_| panic!("{name}: no reply within {CALL_TIMEOUT:?}"));
    match r {
        Ok(r) => serde_json::to_value(r).unwrap(),
        // A protocol error is a refusal too; keep its text for the leak check.
        Err(e) => json!({"isError": true, "protocolError": e.to_string()}),
    }
}

fn open_descriptors(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// The hostile answers, each with what it is.
fn hostile_answers(f: &Fixture) -> Vec<(&'static str, Vec<String>)> {
    vec![
        ("file:///", vec!["file:///".into()]),
        ("a directory outside", vec![file_uri(&f.outside)]),
        (
            "the root's parent through ..",
            vec![format!("{}/..", file_uri(&f.root))],
        ),
        ("a symlink out", vec![file_uri(&f.root.join("link"))]),
        ("25,000 copies of the root", vec![file_uri(&f.root); 25_000]),
        (
            "25,000 copies of outside",
            vec![file_uri(&f.outside); 25_000],
        ),
    ]
}

/// Through a session that offered hostile roots: the outside area can be neither read
/// nor written, and the allowed directory is still the server's own.
async fn assert_confined(
    c: &RunningService<RoleClient, impl rmcp::ClientHandler>,
    f: &Fixture,
    what: &str,
    may_write: bool,
) {
    let outside = f.outside.display().to_string();
    let r = tool(
        c,
        "read_text_file",
        json!({"path": format!("{outside}/secret")}),
    )
    .await;
    assert!(
        !r.to_string().contains("top secret"),
        "{what}: read outside: {r}"
    );
    assert_eq!(r["isError"], json!(true), "{what}: read outside: {r}");
    if may_write {
        let r = tool(
            c,
            "write_file",
            json!({"path": format!("{outside}/new.txt"), "content": "pwned"}),
        )
        .await;
        assert_eq!(r["isError"], json!(true), "{what}: write outside: {r}");
    }
    let r = tool(c, "list_allowed_directories", json!({})).await;
    let root = std::fs::canonicalize(&f.root).unwrap();
    assert_eq!(
        r["structuredContent"]["content"],
        json!(format!("Allowed directories:\n{}", root.display())),
        "{what}: the server's directory must be kept: {r}"
    );
}

fn fixture() -> Fixture {
    let f = Fixture::new();
    f.write("in.txt", "inside\n");
    symlink(&f.outside, f.root.join("link")).unwrap();
    f
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_roots_over_stdio_lead_nowhere_outside() {
    let f = fixture();
    let before = f.outside_snapshot();
    for (what, uris) in hostile_answers(&f) {
        let started = Instant::now();
        let roots = Roots::new(uris);
        let cmd = server_command(&f.root, &["--profile", "filesystem"]);
        let (transport, pid) = spawn_stdio(cmd);
        let client = HarnessClient::new(roots_client_info(), Some(roots.clone()));
        let c = tokio::time::timeout(Duration::from_secs(20), client.serve(transport))
            .await
            .expect("handshake timed out")
            .expect("handshake failed");
        wait_asked(&roots, what).await;
        assert_confined(&c, &f, what, true).await;
        let fds = open_descriptors(pid);
        assert!(fds < FD_BOUND, "{what}: the server holds {fds} descriptors");
        println!(
            "hostile roots over stdio, {what}: nothing outside; {fds} descriptors open; {} ms",
            started.elapsed().as_millis()
        );
        let _ = c.cancel().await;
    }
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
}

/// A session over HTTP with `token` that offers `uris` as its roots.
async fn http_roots_session(
    s: &HttpServer,
    token: &str,
    uris: Vec<String>,
) -> (RootsClient, Arc<Roots>) {
    let roots = Roots::new(uris);
    let client = HarnessClient::new(roots_client_info(), Some(roots.clone()));
    let transport = mcp_harness::run::http::transport(&s.endpoint(), Some(token));
    let c = tokio::time::timeout(Duration::from_secs(30), client.serve(transport))
        .await
        .expect("handshake timed out")
        .expect("handshake failed");
    (c, roots)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_roots_over_http_lead_nowhere_outside_with_any_token() {
    let f = fixture();
    let before = f.outside_snapshot();
    let s = HttpServer::start(&f.root, &["--profile", "filesystem"]);
    for (what, uris) in hostile_answers(&f)
        .into_iter()
        .filter(|(_, u)| u.len() == 1)
    {
        for (token, may_write) in [(READER, false), (WRITER, true)] {
            let (c, roots) = http_roots_session(&s, token, uris.clone()).await;
            wait_asked(&roots, what).await;
            assert_confined(&c, &f, what, may_write).await;
            let _ = c.cancel().await;
        }
    }
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
    let fds = open_descriptors(s.pid());
    assert!(fds < FD_BOUND, "the server holds {fds} descriptors");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_session_is_served_during_a_25000_roots_answer() {
    let f = fixture();
    let s = HttpServer::start(&f.root, &["--profile", "filesystem"]);
    let (attacker, roots) = http_roots_session(&s, READER, vec![file_uri(&f.root); 25_000]).await;
    wait_asked(&roots, "25,000 roots").await;
    let started = Instant::now();
    let transport = mcp_harness::run::http::transport(&s.endpoint(), Some(WRITER));
    let info = ClientConfig::default().with_protocol_version(ProtocolVersion::V_2025_11_25);
    let victim = tokio::time::timeout(Duration::from_secs(10), info.serve(transport))
        .await
        .expect("a new session timed out during the attack")
        .expect("a new session failed during the attack");
    let r = tool(
        &victim,
        "read_text_file",
        json!({"path": format!("{}/in.txt", f.root.display())}),
    )
    .await;
    assert_eq!(r["content"][0]["text"], json!("inside\n"), "{r}");
    let served = started.elapsed();
    assert!(served < Duration::from_secs(10), "served after {served:?}");
    // The attacker's own session still works, narrowed to nothing wider than the root.
    assert_confined(&attacker, &f, "25,000 roots", false).await;
    let fds = open_descriptors(s.pid());
    assert!(fds < FD_BOUND, "the server holds {fds} descriptors");
    println!(
        "25,000-roots answer over HTTP: another session served in {} ms; {fds} descriptors open",
        served.as_millis()
    );
    let _ = victim.cancel().await;
    let _ = attacker.cancel().await;
}
