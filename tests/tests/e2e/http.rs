//! The reference over Streamable HTTP, below what the catalogue checks: the session cap,
//! protected-resource metadata, a Host that is not loopback, and the scope of the editor
//! profile's direct `file/save`.

use std::process::{Child, Command, Stdio};

use crate::common::{BIN, Fixture};

struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the reference on a port of its own choosing (`:0`) and takes its address from
/// the line it prints once it listens, so no other process can hold the port in between.
fn start(fx: &Fixture, extra: &[&str]) -> Server {
    let mut child = Command::new(BIN)
        .arg("--root")
        .arg(&fx.root)
        .args(["--http", "127.0.0.1:0"])
        .args(extra)
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let url = e2e_tests::listen::announced_endpoint(&mut child)
        .expect("the server printed no address: it did not listen");
    let url = url.trim_end_matches("/mcp").to_string();
    Server { child, url }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("client")
}

const INIT: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}"#;

async fn initialize(c: &reqwest::Client, url: &str) -> reqwest::Response {
    c.post(format!("{url}/mcp"))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .body(INIT)
        .send()
        .await
        .expect("initialize")
}

#[tokio::test]
async fn sessions_beyond_the_cap_get_503_until_one_ends() {
    let fx = Fixture::new();
    let s = start(&fx, &["--max-sessions", "2"]);
    let c = client();
    let mut ids = Vec::new();
    for _ in 0..2 {
        let r = initialize(&c, &s.url).await;
        assert_eq!(r.status(), 200);
        ids.push(r.headers()["mcp-session-id"].to_str().unwrap().to_string());
    }
    let r = initialize(&c, &s.url).await;
    assert_eq!(r.status(), 503);
    assert!(r.headers().contains_key("retry-after"));
    let body = r.text().await.unwrap();
    assert!(
        body.contains("--max-sessions 2") && body.contains("DELETE"),
        "{body}"
    );
    let r = c
        .delete(format!("{}/mcp", s.url))
        .header("mcp-session-id", &ids[0])
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let r = initialize(&c, &s.url).await;
    assert_eq!(r.status(), 200, "a slot is free again after DELETE");
}

#[tokio::test]
async fn tokens_metadata_and_hosts() {
    let fx = Fixture::new();
    let tokens = fx.root.parent().unwrap().join("tokens.txt");
    std::fs::write(&tokens, "secret-token files:read\n").unwrap();
    let s = start(&fx, &["--auth-tokens", tokens.to_str().unwrap()]);
    let c = client();
    // 401 names the metadata; the metadata names the resource and the scopes.
    let r = initialize(&c, &s.url).await;
    assert_eq!(r.status(), 401);
    let challenge = r.headers()["www-authenticate"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(challenge.contains("resource_metadata="), "{challenge}");
    let r = c
        .get(format!(
            "{}/.well-known/oauth-protected-resource/mcp",
            s.url
        ))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let meta: serde_json::Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
    assert!(
        meta["resource"].as_str().unwrap().ends_with("/mcp"),
        "{meta}"
    );
    assert_eq!(meta["scopes_supported"][1], "files:write");
    // The token is accepted and never appears in a reply.
    let r = c
        .post(format!("{}/mcp", s.url))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("authorization", "Bearer secret-token")
        .body(INIT)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    // A Host that is neither loopback nor allowed is refused (DNS rebinding).
    let r = c
        .post(format!("{}/mcp", s.url))
        .header("host", "evil.example")
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("authorization", "Bearer secret-token")
        .body(INIT)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    // Any other path is 404 with the endpoint named.
    let r = c.get(format!("{}/other", s.url)).send().await.unwrap();
    assert_eq!(r.status(), 404);
    assert!(r.text().await.unwrap().contains("/mcp"));
}

/// The editor profile's `file/save`, called directly as a JSON-RPC method, is a mutation:
/// a read-only token gets 403 and the file stays; `file/read` is served.
#[tokio::test]
async fn editor_direct_save_needs_the_write_scope() {
    let fx = Fixture::new();
    std::fs::write(fx.root.join("a.txt"), "keep\n").unwrap();
    let tokens = fx.root.parent().unwrap().join("tokens.txt");
    std::fs::write(&tokens, "ro files:read\n").unwrap();
    let s = start(
        &fx,
        &[
            "--profile",
            "editor",
            "--auth-tokens",
            tokens.to_str().unwrap(),
        ],
    );
    let c = client();
    let post = |body: String, session: Option<String>| {
        let mut r = c
            .post(format!("{}/mcp", s.url))
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("authorization", "Bearer ro");
        if let Some(id) = session {
            r = r.header("mcp-session-id", id);
        }
        r.body(body).send()
    };
    let r = post(INIT.to_string(), None).await.unwrap();
    assert_eq!(r.status(), 200);
    let id = r.headers()["mcp-session-id"].to_str().unwrap().to_string();
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    post(note.to_string(), Some(id.clone())).await.unwrap();
    let uri = format!("file://{}/a.txt", fx.root.display());
    let save = serde_json::json!({"jsonrpc": "2.0", "id": 2, "method": "file/save",
        "params": {"uri": uri, "content": "pwned\n"}});
    let r = post(save.to_string(), Some(id.clone())).await.unwrap();
    assert_eq!(r.status(), 403);
    let body = r.text().await.unwrap();
    assert!(body.contains("files:write"), "{body}");
    assert_eq!(
        std::fs::read_to_string(fx.root.join("a.txt")).unwrap(),
        "keep\n"
    );
    let read = serde_json::json!({"jsonrpc": "2.0", "id": 3, "method": "file/read",
        "params": {"uri": uri}});
    let r = post(read.to_string(), Some(id)).await.unwrap();
    assert_eq!(r.status(), 200);
    let body = r.text().await.unwrap();
    assert!(body.contains(r#""content":"keep\n""#), "{body}");
}
