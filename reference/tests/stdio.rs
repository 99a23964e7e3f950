//! End-to-end checks of the `mcp-reference` binary over raw JSON-RPC lines on a pipe, in
//! both protocol eras (2025-11-25 `initialize`, 2026-07-28 `server/discover` with
//! per-request `_meta`), plus CLI errors and robustness against bad input.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_mcp-reference");

struct Server {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
    next_id: i64,
    new_era: bool,
}

fn meta() -> Value {
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientCapabilities": {},
        "io.modelcontextprotocol/clientInfo": {"name": "t", "version": "1"}
    })
}

impl Server {
    fn start(root: &std::path::Path, extra: &[&str], new_era: bool) -> Server {
        let mut child = Command::new(BIN)
            .arg("--root")
            .arg(root)
            .args(extra)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut s = Server {
            child,
            stdin,
            stdout,
            next_id: 0,
            new_era,
        };
        if new_era {
            let r = s.request("server/discover", json!({}));
            assert!(
                r["result"]["supportedVersions"]
                    .as_array()
                    .unwrap()
                    .contains(&json!("2026-07-28")),
                "{r}"
            );
            let info = &r["result"]["_meta"]["io.modelcontextprotocol/serverInfo"];
            assert_eq!(info["name"], "mcp-reference", "{r}");
        } else {
            let r = s.request(
                "initialize",
                json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}),
            );
            assert_eq!(r["result"]["serverInfo"]["name"], "mcp-reference", "{r}");
            assert_eq!(
                r["result"]["serverInfo"]["version"],
                env!("CARGO_PKG_VERSION")
            );
            s.send_raw(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n");
        }
        s
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let w = self.stdin.as_mut().unwrap();
        w.write_all(bytes).unwrap();
        w.flush().unwrap();
    }

    fn read_msg(&mut self) -> Value {
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("bad line {line:?}: {e}"))
    }

    fn send_request(&mut self, method: &str, mut params: Value) -> i64 {
        self.next_id += 1;
        if self.new_era {
            params["_meta"] = meta();
        }
        let msg = json!({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params});
        let mut line = serde_json::to_vec(&msg).unwrap();
        line.push(b'\n');
        self.send_raw(&line);
        self.next_id
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.send_request(method, params);
        loop {
            let m = self.read_msg();
            if m["id"] == id {
                return m;
            }
        }
    }

    /// Calls a tool; returns the result object (panics on protocol errors).
    fn call(&mut self, name: &str, args: Value) -> Value {
        let r = self.request("tools/call", json!({"name": name, "arguments": args}));
        let result = r["result"].clone();
        assert!(result.is_object(), "protocol error: {r}");
        // structuredContent and the text block carry the same JSON on success; text.read's
        // text block is its other fields as a JSON line, then the text (CLR-037).
        if result["isError"] != true {
            let text = result["content"][0]["text"].as_str().unwrap();
            let mut structured = result["structuredContent"].clone();
            if matches!(name, "text.read" | "text_read") {
                let content = structured["content"].take();
                structured.as_object_mut().unwrap().remove("content");
                let (head, rest) = text.split_once('\n').unwrap();
                assert_eq!(rest, content.as_str().unwrap());
                assert_eq!(serde_json::from_str::<Value>(head).unwrap(), structured);
            } else {
                assert_eq!(serde_json::from_str::<Value>(text).unwrap(), structured);
            }
        } else {
            assert_eq!(
                result["content"][0]["text"],
                result["structuredContent"]["message"]
            );
        }
        result
    }

    fn finish(mut self) -> (i32, String) {
        drop(self.stdin.take());
        let out = self.child.wait_with_output().unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }
}

fn ok(r: &Value) -> &Value {
    assert_ne!(r["isError"], true, "unexpected tool error: {r}");
    &r["structuredContent"]
}

fn err_code(r: &Value) -> &str {
    assert_eq!(r["isError"], true, "expected a tool error: {r}");
    r["structuredContent"]["code"].as_str().unwrap()
}

fn workspace() -> (tempfile::TempDir, std::path::PathBuf) {
    let t = tempfile::tempdir().unwrap();
    let root = t.path().join("root");
    std::fs::create_dir_all(root.join("notes/sub")).unwrap();
    std::fs::write(root.join("notes/a.md"), "one\ntwo\nthree\n").unwrap();
    std::fs::create_dir_all(t.path().join("root_evil")).unwrap();
    std::fs::write(t.path().join("root_evil/secret"), "top secret").unwrap();
    (t, root)
}

fn full_session(new_era: bool) {
    let (_t, root) = workspace();
    let mut s = Server::start(&root, &[], new_era);
    let tools = s.request("tools/list", json!({}));
    let names: Vec<&str> = tools["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "file.create",
            "file.remove",
            "text.read",
            "text.replace",
            "text.insert",
            "text.append"
        ]
    );
    for t in tools["result"]["tools"].as_array().unwrap() {
        assert!(t["outputSchema"].is_object(), "{t}");
        assert_eq!(t["annotations"]["openWorldHint"], false, "{t}");
        assert!(
            t["inputSchema"]["required"]
                .as_array()
                .unwrap()
                .contains(&json!("path"))
        );
    }
    let templates = s.request("resources/templates/list", json!({}));
    assert_eq!(
        templates["result"]["resourceTemplates"][0]["uriTemplate"],
        "list://{path}"
    );

    let r = s.call("text.read", json!({"path": "/notes/a.md"}));
    let h = ok(&r)["hash"].as_str().unwrap().to_owned();
    assert_eq!(ok(&r)["total_lines"], 3);
    let r = s.call(
        "text.read",
        json!({"path": "notes//./a.md", "lines": [-2, 0]}),
    );
    assert_eq!(ok(&r)["content"], "two\nthree\n");
    let r = s.call("text.replace", json!({"path": "/notes/a.md", "hash": h.to_uppercase(), "lines": [2, 3], "old": "two", "new": "2\n2b"}));
    let h2 = ok(&r)["hash"].as_str().unwrap().to_owned();
    assert_eq!(ok(&r)["total_lines"], 4);
    let r = s.call(
        "text.insert",
        json!({"path": "/notes/a.md", "hash": h, "line": 1, "anchor": "one", "content": "zero"}),
    );
    assert_eq!(err_code(&r), "STALE_HASH");
    assert!(
        r["structuredContent"]["message"]
            .as_str()
            .unwrap()
            .contains(&h2)
    );
    let r = s.call(
        "text.insert",
        json!({"path": "/notes/a.md", "hash": h2, "line": 1, "anchor": "one", "content": "zero"}),
    );
    let h3 = ok(&r)["hash"].as_str().unwrap().to_owned();
    let r = s.call(
        "text.append",
        json!({"path": "/notes/a.md", "hash": h3, "content": "four"}),
    );
    let h4 = ok(&r)["hash"].as_str().unwrap().to_owned();
    assert_eq!(
        std::fs::read_to_string(root.join("notes/a.md")).unwrap(),
        "zero\none\n2\n2b\nthree\nfour\n"
    );
    let r = s.call(
        "file.create",
        json!({"path": "/x/y.bin", "content": "AAEC/w==", "encoding": "base64"}),
    );
    ok(&r);
    assert_eq!(std::fs::read(root.join("x/y.bin")).unwrap(), [0, 1, 2, 255]);
    let r = s.call("text.read", json!({"path": "/x/y.bin"}));
    assert_eq!(err_code(&r), "NOT_TEXT");
    let r = s.call("file.remove", json!({"path": "/notes/a.md", "hash": h4}));
    assert_eq!(ok(&r), &json!({}));
    argument_problems(&mut s);
    listings(&mut s, new_era);
    let (code, stderr) = s.finish();
    assert_eq!(code, 0, "{stderr}");
}

/// Argument problems are tool errors the model can read; an unknown tool is a protocol error.
fn argument_problems(s: &mut Server) {
    for (args, field) in [
        (json!({}), "path"),
        (json!({"path": 3}), "path"),
        (json!({"path": "/x/y.bin", "lines": [1]}), "lines"),
        (json!({"path": "/x/y.bin", "lines": "1-2"}), "lines"),
    ] {
        let r = s.call("text.read", args);
        assert_eq!(err_code(&r), "INVALID_ARGUMENT");
        assert_eq!(r["structuredContent"]["field"], field);
    }
    let r = s.call(
        "file.create",
        json!({"path": "/q", "content": "x", "encoding": "latin1"}),
    );
    assert_eq!(err_code(&r), "INVALID_ARGUMENT");
    let r = s.call(
        "file.create",
        json!({"path": "/q", "content": "!!", "encoding": "base64"}),
    );
    assert_eq!(err_code(&r), "INVALID_ARGUMENT");
    // unknown tool: protocol error
    let r = s.request("tools/call", json!({"name": "nope", "arguments": {}}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
}

/// The `list://` resource: a directory's entries, and the errors of what is not one.
fn listings(s: &mut Server, new_era: bool) {
    let r = s.request("resources/read", json!({"uri": "list://notes/"}));
    let text = r["result"]["contents"][0]["text"].as_str().unwrap();
    assert_eq!(r["result"]["contents"][0]["mimeType"], "application/json");
    assert_eq!(
        serde_json::from_str::<Value>(text).unwrap(),
        json!({"path": "/notes", "entries": [{"name": "sub", "type": "directory"}]})
    );
    let r = s.request("resources/read", json!({"uri": "list://missing"}));
    let expected = if new_era { -32602 } else { -32002 };
    assert_eq!(r["error"]["code"], expected, "{r}");
    let r = s.request("resources/read", json!({"uri": "list://x/y.bin"}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("text.read")
    );
}

#[test]
fn session_2025_11_25() {
    full_session(false);
}

#[test]
fn session_2026_07_28() {
    full_session(true);
}

#[test]
fn symlink_escapes_are_refused() {
    use std::os::unix::fs::symlink;
    let (t, root) = workspace();
    symlink("../../root_evil/secret", root.join("notes/evil")).unwrap();
    symlink(t.path().join("root_evil"), root.join("abs")).unwrap();
    symlink("a.md", root.join("notes/good")).unwrap();
    let mut s = Server::start(&root, &[], false);
    assert_eq!(
        err_code(&s.call("text.read", json!({"path": "/notes/evil"}))),
        "PATH_ESCAPE"
    );
    assert_eq!(
        err_code(&s.call("text.read", json!({"path": "/abs/secret"}))),
        "PATH_ESCAPE"
    );
    assert_eq!(
        err_code(&s.call("file.create", json!({"path": "/abs/new", "content": "x"}))),
        "PATH_ESCAPE"
    );
    assert_eq!(
        err_code(&s.call("text.read", json!({"path": "/../root_evil/secret"}))),
        "PATH_ESCAPE"
    );
    assert_eq!(
        err_code(&s.call("text.read", json!({"path": "C:\\Users\\x"}))),
        "INVALID_PATH"
    );
    assert_eq!(
        ok(&s.call("text.read", json!({"path": "/notes/good"})))["total_lines"],
        3
    );
    let r = s.request("resources/read", json!({"uri": "list://abs"}));
    assert_eq!(r["error"]["code"], -32602, "{r}");
    s.finish();
    assert_eq!(
        std::fs::read_dir(t.path().join("root_evil"))
            .unwrap()
            .count(),
        1
    );
}

#[test]
fn concurrent_same_hash_edits_have_exactly_one_winner() {
    let (_t, root) = workspace();
    let mut s = Server::start(&root, &[], false);
    let h = ok(&s.call("text.read", json!({"path": "/notes/a.md"})))["hash"]
        .as_str()
        .unwrap()
        .to_owned();
    let n = 12;
    let first = s.next_id + 1;
    for i in 0..n {
        s.send_request("tools/call", json!({"name": "text.append", "arguments": {"path": "/notes/a.md", "hash": h, "content": format!("w{i}")}}));
    }
    let mut wins = vec![];
    for _ in 0..n {
        let m = s.read_msg();
        let i = m["id"].as_i64().unwrap() - first;
        if m["result"]["isError"] == true {
            assert_eq!(
                m["result"]["structuredContent"]["code"], "STALE_HASH",
                "{m}"
            );
        } else {
            wins.push(i);
        }
    }
    assert_eq!(wins.len(), 1, "{wins:?}");
    assert_eq!(
        std::fs::read_to_string(root.join("notes/a.md")).unwrap(),
        format!("one\ntwo\nthree\nw{}\n", wins[0])
    );
    s.finish();
}

#[test]
fn garbage_and_huge_lines_do_not_end_the_session() {
    let (_t, root) = workspace();
    let mut s = Server::start(&root, &[], false);
    s.send_raw(b"this is not json\n");
    let m = s.read_msg();
    assert_eq!(m["error"]["code"], -32700, "{m}");
    s.send_raw(b"\xff\xfe\n");
    assert_eq!(s.read_msg()["error"]["code"], -32700);
    s.send_raw(b"{\"jsonrpc\":\"2.0\",\"id\":99,\"method\":17}\n");
    let m = s.read_msg();
    assert_eq!(
        (m["id"].clone(), m["error"]["code"].clone()),
        (json!(99), json!(-32600)),
        "{m}"
    );
    // 20 MB of content in one argument (above rmcp's default 16 MiB line cap)
    let big = "0123456789abcde\n".repeat(20 << 16);
    let r = s.call("file.create", json!({"path": "/big.txt", "content": big}));
    ok(&r);
    let r = s.call("text.read", json!({"path": "/big.txt", "lines": [-1, 0]}));
    assert_eq!(ok(&r)["content"], "0123456789abcde\n");
    assert_eq!(ok(&r)["total_lines"], 20 << 16);
    let (code, _) = s.finish();
    assert_eq!(code, 0);
}

#[test]
fn underscore_names() {
    let (_t, root) = workspace();
    let mut s = Server::start(&root, &["--tool-names", "underscore"], false);
    let r = s.call("text_read", json!({"path": "/notes/a.md"}));
    assert_eq!(ok(&r)["total_lines"], 3);
    let r = s.request(
        "tools/call",
        json!({"name": "text.read", "arguments": {"path": "/notes/a.md"}}),
    );
    assert!(r["error"].is_object(), "{r}");
    s.finish();
}

#[test]
fn cli_errors_are_one_line_and_exit_2() {
    let (t, _root) = workspace();
    for args in [
        vec![
            "--root".to_owned(),
            t.path().join("missing").display().to_string(),
        ],
        vec![
            "--root".to_owned(),
            t.path().join("root/notes/a.md").display().to_string(),
        ],
        vec![
            "--root".to_owned(),
            t.path().display().to_string(),
            "--bogus".to_owned(),
        ],
        vec![
            "--root".to_owned(),
            t.path().display().to_string(),
            "--tool-names".to_owned(),
            "x".to_owned(),
        ],
        vec![],
    ] {
        let out = Command::new(BIN)
            .args(&args)
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("mcp-reference: error: "), "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = Command::new(BIN).arg("--version").output().unwrap();
    assert!(out.status.success());
    assert!(
        String::from_utf8(out.stdout)
            .unwrap()
            .contains(env!("CARGO_PKG_VERSION"))
    );
}
