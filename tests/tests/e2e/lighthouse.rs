//! The lighthouse profile over stdio (`--profile lighthouse`): each tool's success and
//! errors in the seed's `ToolResult` shape, path rules, the audit log (whole JSON lines,
//! also under concurrent calls) and a catastrophic regex that must simply complete.

use std::path::PathBuf;
use std::time::Instant;

use serde_json::{Value, json};

use crate::common::*;

async fn lighthouse(f: &Fixture, audit: Option<&PathBuf>) -> Client {
    let mut extra = vec!["--profile".to_owned(), "lighthouse".to_owned()];
    if let Some(a) = audit {
        extra.push("--audit-log".to_owned());
        extra.push(a.display().to_string());
    }
    let extra: Vec<&str> = extra.iter().map(String::as_str).collect();
    connect(&f.root, Era::Legacy, &extra).await
}

/// The text block of a result parsed as JSON must equal its structuredContent.
fn lh_ok(tool: &str, r: &Value) -> Value {
    assert_ne!(r.get("isError"), Some(&json!(true)), "{tool} failed: {r}");
    let sc = r["structuredContent"].clone();
    assert_eq!(sc["success"], true, "{tool}: {r}");
    let text: Value = serde_json::from_str(&single_text(tool, r)).unwrap();
    assert_eq!(text, sc, "{tool}: text block and structuredContent differ");
    sc["data"].clone()
}

/// An error result with `code`: the seed's error object, and a text block that is the
/// message followed by how to fix it.
fn lh_err(tool: &str, r: &Value, code: &str) -> Value {
    assert_eq!(
        r.get("isError"),
        Some(&json!(true)),
        "{tool}: expected {code}, got {r}"
    );
    let sc = &r["structuredContent"];
    assert_eq!(sc["success"], false, "{tool}: {r}");
    let e = sc["error"].clone();
    assert_eq!(e["code"], code, "{tool}: {r}");
    let (m, ai) = (
        e["message"].as_str().unwrap(),
        e["aiMessage"].as_str().unwrap(),
    );
    assert!(!m.is_empty() && !ai.is_empty(), "{tool}: {e}");
    assert_eq!(single_text(tool, r), format!("{m} {ai}"));
    let recoverable = !matches!(code, "PATH_OUTSIDE_PROJECT" | "IO_ERROR");
    assert_eq!(e["recoverable"], recoverable, "{tool}: {e}");
    e
}

async fn ok_call(c: &Client, tool: &str, args: Value) -> Value {
    lh_ok(tool, &call(c, tool, args).await)
}

async fn err_call(c: &Client, tool: &str, args: Value, code: &str) -> Value {
    lh_err(tool, &call(c, tool, args).await, code)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_the_seeds_four() {
    let f = Fixture::new();
    let c = lighthouse(&f, None).await;
    let tools = c.list_all_tools().await.unwrap();
    let mut names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    assert_eq!(names, ["delete", "edit", "read", "write"]);
    for t in &tools {
        let input = serde_json::to_value(&*t.input_schema).unwrap();
        assert!(
            input["required"]
                .as_array()
                .unwrap()
                .contains(&json!("path")),
            "{}",
            t.name
        );
        let out = serde_json::to_value(t.output_schema.as_deref().unwrap()).unwrap();
        assert!(
            out["properties"]["error"]["properties"]["aiMessage"].is_object(),
            "{}",
            t.name
        );
    }
    let read = tools.iter().find(|t| t.name == "read").unwrap();
    assert_eq!(
        read.input_schema["properties"]["startLine"]["type"],
        "number"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_slices_zero_indexed_end_exclusive() {
    let f = Fixture::new();
    let ten: String = (0..10).map(|i| format!("l{i}\r\n")).collect();
    f.write("src/ten.txt", &ten);
    let c = lighthouse(&f, None).await;
    let d = ok_call(
        &c,
        "read",
        json!({"path": "src/ten.txt", "startLine": 2, "endLine": 5}),
    )
    .await;
    assert_eq!(
        d,
        json!({"path": "src/ten.txt", "content": "l2\r\nl3\r\nl4\r\n", "lineCount": 3, "totalLines": 10})
    );
    let d = ok_call(&c, "read", json!({"path": "./src//ten.txt"})).await;
    assert_eq!(
        (d["content"].as_str().unwrap(), &d["lineCount"], &d["path"]),
        (ten.as_str(), &json!(10), &json!("./src//ten.txt"))
    );
    let d = ok_call(
        &c,
        "read",
        json!({"path": "src/ten.txt", "startLine": 8, "endLine": 99}),
    )
    .await;
    assert_eq!(
        (d["content"].as_str().unwrap(), &d["lineCount"]),
        ("l8\r\nl9\r\n", &json!(2))
    );
    let d = ok_call(
        &c,
        "read",
        json!({"path": "src/ten.txt", "startLine": 5, "endLine": 5}),
    )
    .await;
    assert_eq!(
        (d["content"].as_str().unwrap(), &d["lineCount"]),
        ("", &json!(0))
    );
    let e = err_call(
        &c,
        "read",
        json!({"path": "src/nope.txt"}),
        "FILE_NOT_FOUND",
    )
    .await;
    assert!(
        e["message"].as_str().unwrap().contains("src/nope.txt"),
        "{e}"
    );
    err_call(
        &c,
        "read",
        json!({"path": "src/ten.txt", "startLine": -1}),
        "INVALID_ARGUMENT",
    )
    .await;
    err_call(
        &c,
        "read",
        json!({"path": "src/ten.txt", "endLine": 1.5}),
        "INVALID_ARGUMENT",
    )
    .await;
    err_call(&c, "read", json!({}), "INVALID_ARGUMENT").await;
    err_call(&c, "read", json!({"path": "src"}), "NOT_A_FILE").await;
    f.write("bin", [0xff, 0xfe]);
    err_call(&c, "read", json!({"path": "bin"}), "NOT_TEXT").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn read_size_limits() {
    let f = Fixture::new();
    f.write("six.txt", "a\n".repeat(3 * 1024 * 1024));
    let big = std::fs::File::create(f.root.join("big.txt")).unwrap();
    big.set_len(10 * 1024 * 1024 + 1).unwrap();
    let c = lighthouse(&f, None).await;
    let d = ok_call(
        &c,
        "read",
        json!({"path": "six.txt", "startLine": 0, "endLine": 1}),
    )
    .await;
    assert_eq!(d["content"], "a\n");
    assert!(
        d["warning"].as_str().unwrap().contains("6291456"),
        "{}",
        d["warning"]
    );
    let d = ok_call(&c, "read", json!({"path": "six.txt", "endLine": 0})).await;
    assert_eq!(d["totalLines"], 3 * 1024 * 1024);
    let e = err_call(&c, "read", json!({"path": "big.txt"}), "FILE_TOO_LARGE").await;
    assert!(e["message"].as_str().unwrap().contains("10485761"), "{e}");
    let over = "x".repeat(10 * 1024 * 1024 + 1);
    err_call(
        &c,
        "write",
        json!({"path": "over.txt", "content": over}),
        "FILE_TOO_LARGE",
    )
    .await;
    assert!(!f.root.join("over.txt").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn paths_stay_in_the_project() {
    let f = Fixture::new();
    f.write("a.txt", "inside\n");
    std::os::unix::fs::symlink(&f.outside, f.root.join("out")).unwrap();
    std::os::unix::fs::symlink("nowhere", f.root.join("dangling")).unwrap();
    let before = f.outside_snapshot();
    let c = lighthouse(&f, None).await;
    let canon = std::fs::canonicalize(&f.root).unwrap();
    let abs = format!("{}/a.txt", canon.display());
    assert_eq!(
        ok_call(&c, "read", json!({"path": abs})).await["content"],
        "inside\n"
    );
    let evil = format!("{}_evil/secret", canon.display());
    for p in [
        evil.as_str(),
        "../root_evil/secret",
        "/etc/passwd",
        "out/secret",
        "a/../../root_evil/secret",
    ] {
        err_call(&c, "read", json!({"path": p}), "PATH_OUTSIDE_PROJECT").await;
        err_call(
            &c,
            "write",
            json!({"path": p, "content": "pwned"}),
            "PATH_OUTSIDE_PROJECT",
        )
        .await;
        err_call(&c, "delete", json!({"path": p}), "PATH_OUTSIDE_PROJECT").await;
    }
    err_call(
        &c,
        "write",
        json!({"path": "dangling", "content": "x"}),
        "PATH_OUTSIDE_PROJECT",
    )
    .await;
    err_call(
        &c,
        "write",
        json!({"path": "out/new", "content": "x"}),
        "PATH_OUTSIDE_PROJECT",
    )
    .await;
    for p in ["", "a\u{0}b", "src\\a.txt", "C:\\Windows\\System32"] {
        err_call(&c, "read", json!({"path": p}), "INVALID_PATH").await;
    }
    for p in [".", "", canon.to_str().unwrap()] {
        let e = err_call(
            &c,
            "delete",
            json!({"path": p, "recursive": true}),
            "INVALID_PATH",
        )
        .await;
        assert!(e["message"].as_str().unwrap().contains("root"), "{e}");
    }
    assert_eq!(f.outside_snapshot(), before);
    assert_eq!(f.text("a.txt"), "inside\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn write_creates_and_overwrites_exactly() {
    let f = Fixture::new();
    let c = lighthouse(&f, None).await;
    let d = ok_call(&c, "write", json!({"path": "new.txt", "content": "a\r\nb"})).await;
    assert_eq!(
        d,
        json!({"path": "new.txt", "bytesWritten": 4, "created": true})
    );
    assert_eq!(f.read("new.txt"), b"a\r\nb");
    let d = ok_call(&c, "write", json!({"path": "new.txt", "content": "é"})).await;
    assert_eq!(
        d,
        json!({"path": "new.txt", "bytesWritten": 2, "created": false})
    );
    assert_eq!(f.text("new.txt"), "é");
    let e = err_call(
        &c,
        "write",
        json!({"path": "x/y/z.txt", "content": "1"}),
        "DIRECTORY_NOT_FOUND",
    )
    .await;
    let text = format!(
        "{} {}",
        e["message"].as_str().unwrap(),
        e["aiMessage"].as_str().unwrap()
    );
    assert!(
        text.contains("\"x\"") && text.contains("createDirectories: true"),
        "{text}"
    );
    assert!(!f.root.join("x").exists());
    let d = ok_call(
        &c,
        "write",
        json!({"path": "x/y/z.txt", "content": "1", "createDirectories": true}),
    )
    .await;
    assert_eq!(d["created"], true);
    assert_eq!(f.text("x/y/z.txt"), "1");
    err_call(
        &c,
        "write",
        json!({"path": "x", "content": "1"}),
        "NOT_A_FILE",
    )
    .await;
    err_call(&c, "write", json!({"path": "n.txt"}), "INVALID_ARGUMENT").await;
    err_call(
        &c,
        "write",
        json!({"path": "n.txt", "content": "1", "createDirectories": "yes"}),
        "INVALID_ARGUMENT",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edit_literal_regex_and_no_match() {
    use std::os::unix::fs::MetadataExt;
    let f = Fixture::new();
    f.write("t.txt", "hello hello\r\nhello\r\n");
    let c = lighthouse(&f, None).await;
    let d = ok_call(
        &c,
        "edit",
        json!({"path": "t.txt", "search": "hello", "replace": "$1", "global": false}),
    )
    .await;
    assert_eq!(
        d,
        json!({"path": "t.txt", "replacements": 1, "originalContent": "hello hello\r\nhello\r\n"})
    );
    assert_eq!(f.text("t.txt"), "$1 hello\r\nhello\r\n");
    let d = ok_call(
        &c,
        "edit",
        json!({"path": "t.txt", "search": "h(el)lo", "replace": "<$1>", "isRegex": true}),
    )
    .await;
    assert_eq!(d["replacements"], 2);
    assert_eq!(f.text("t.txt"), "$1 <el>\r\n<el>\r\n");
    let ino = std::fs::metadata(f.root.join("t.txt")).unwrap().ino();
    let d = ok_call(
        &c,
        "edit",
        json!({"path": "t.txt", "search": "absent", "replace": "x"}),
    )
    .await;
    assert_eq!(
        (&d["replacements"], d["originalContent"].as_str().unwrap()),
        (&json!(0), "$1 <el>\r\n<el>\r\n")
    );
    assert_eq!(
        std::fs::metadata(f.root.join("t.txt")).unwrap().ino(),
        ino,
        "a no-match edit must not rewrite the file"
    );
    let e = err_call(
        &c,
        "edit",
        json!({"path": "t.txt", "search": "[invalid", "replace": "x", "isRegex": true}),
        "INVALID_REGEX",
    )
    .await;
    assert!(e["message"].as_str().unwrap().contains("[invalid"), "{e}");
    err_call(
        &c,
        "edit",
        json!({"path": "t.txt", "search": "", "replace": "x"}),
        "INVALID_ARGUMENT",
    )
    .await;
    err_call(
        &c,
        "edit",
        json!({"path": "none.txt", "search": "a", "replace": "b"}),
        "FILE_NOT_FOUND",
    )
    .await;
    assert_eq!(f.text("t.txt"), "$1 <el>\r\n<el>\r\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn catastrophic_regex_completes() {
    let f = Fixture::new();
    let mut text = "a".repeat(30_000);
    text.push('b');
    f.write("evil.txt", &text);
    let c = lighthouse(&f, None).await;
    let t = Instant::now();
    let d = ok_call(
        &c,
        "edit",
        json!({"path": "evil.txt", "search": "(a+)+$", "replace": "x", "isRegex": true}),
    )
    .await;
    println!("edit with (a+)+$ on 30 000 'a' + 'b': {:?}", t.elapsed());
    assert_eq!(d["replacements"], 0);
    assert_eq!(f.text("evil.txt"), text);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn delete_files_directories_and_trees() {
    let f = Fixture::new();
    f.write("a.txt", "a");
    f.write("d/1.txt", "1");
    f.write("d/2.txt", "2");
    std::fs::create_dir(f.root.join("empty")).unwrap();
    std::os::unix::fs::symlink(&f.outside, f.root.join("d/out")).unwrap();
    std::os::unix::fs::symlink("../root_evil/secret", f.root.join("link")).unwrap();
    let before = f.outside_snapshot();
    let c = lighthouse(&f, None).await;
    assert_eq!(
        ok_call(&c, "delete", json!({"path": "a.txt"})).await,
        json!({"path": "a.txt", "type": "file", "itemsDeleted": 1})
    );
    assert_eq!(
        ok_call(&c, "delete", json!({"path": "link"})).await["type"],
        "file"
    );
    assert_eq!(
        ok_call(&c, "delete", json!({"path": "empty"})).await,
        json!({"path": "empty", "type": "directory", "itemsDeleted": 1})
    );
    let e = err_call(&c, "delete", json!({"path": "d"}), "DIRECTORY_NOT_EMPTY").await;
    assert!(
        e["aiMessage"].as_str().unwrap().contains("recursive: true"),
        "{e}"
    );
    assert_eq!(f.text("d/1.txt"), "1");
    let d = ok_call(&c, "delete", json!({"path": "d", "recursive": true})).await;
    assert_eq!(
        d,
        json!({"path": "d", "type": "directory", "itemsDeleted": 4})
    );
    err_call(&c, "delete", json!({"path": "d"}), "FILE_NOT_FOUND").await;
    assert_eq!(std::fs::read_dir(&f.root).unwrap().count(), 0);
    assert_eq!(
        f.outside_snapshot(),
        before,
        "the link to the outside was removed, not followed"
    );
}

fn audit_lines(path: &std::path::Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("not a whole JSON line ({e}): {l:?}"))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn audit_log_has_one_json_line_per_call() {
    let f = Fixture::new();
    let log = f.root.parent().unwrap().join("audit.jsonl");
    f.write("a.txt", "secret content\n");
    let c = lighthouse(&f, Some(&log)).await;
    ok_call(&c, "read", json!({"path": "a.txt"})).await;
    err_call(
        &c,
        "write",
        json!({"path": "../root_evil/x", "content": "c"}),
        "PATH_OUTSIDE_PROJECT",
    )
    .await;
    err_call(
        &c,
        "edit",
        json!({"path": "missing.txt", "search": "a", "replace": "b"}),
        "FILE_NOT_FOUND",
    )
    .await;
    err_call(&c, "delete", json!({}), "INVALID_ARGUMENT").await;
    let lines = audit_lines(&log);
    assert_eq!(lines.len(), 4, "{lines:?}");
    let canon = std::fs::canonicalize(&f.root).unwrap();
    let keys = [
        "timestamp",
        "operation",
        "path",
        "resolvedPath",
        "success",
        "errorCode",
        "securityViolation",
    ];
    for l in &lines {
        let mut got: Vec<&str> = l.as_object().unwrap().keys().map(String::as_str).collect();
        got.sort();
        let mut want = keys.to_vec();
        want.sort();
        assert_eq!(got, want, "{l}");
        let ts = l["timestamp"].as_str().unwrap();
        assert!(
            ts.ends_with('Z') && ts.contains('T') && ts.len() == 24,
            "{ts}"
        );
    }
    assert_eq!(lines[0]["operation"], "read");
    assert_eq!(lines[0]["path"], "a.txt");
    assert_eq!(
        lines[0]["resolvedPath"],
        canon.join("a.txt").to_str().unwrap()
    );
    assert_eq!(
        (
            &lines[0]["success"],
            &lines[0]["errorCode"],
            &lines[0]["securityViolation"]
        ),
        (&json!(true), &Value::Null, &json!(false))
    );
    assert_eq!(lines[1]["operation"], "write");
    assert_eq!(
        (
            &lines[1]["errorCode"],
            &lines[1]["securityViolation"],
            &lines[1]["resolvedPath"]
        ),
        (&json!("PATH_OUTSIDE_PROJECT"), &json!(true), &Value::Null)
    );
    assert_eq!(
        (
            &lines[2]["operation"],
            &lines[2]["errorCode"],
            &lines[2]["securityViolation"]
        ),
        (&json!("edit"), &json!("FILE_NOT_FOUND"), &json!(false))
    );
    assert_eq!(
        lines[2]["resolvedPath"],
        canon.join("missing.txt").to_str().unwrap()
    );
    assert_eq!(
        (
            &lines[3]["operation"],
            &lines[3]["path"],
            &lines[3]["errorCode"]
        ),
        (&json!("delete"), &Value::Null, &json!("INVALID_ARGUMENT"))
    );
    assert!(
        !std::fs::read_to_string(&log)
            .unwrap()
            .contains("secret content"),
        "file contents never reach the log"
    );
    concurrent_calls_log_whole_lines(&c, &log).await;
}

/// Concurrent calls: every line whole, one per call (after the four lines already there).
async fn concurrent_calls_log_whole_lines(c: &Client, log: &std::path::Path) {
    const N: usize = 48;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let args = obj(
            json!({"path": format!("dir{}/f{i}.txt", i % 4), "content": "x".repeat(i * 100), "createDirectories": true}),
        );
        set.spawn(async move {
            let p = rmcp::model::CallToolRequestParams::new("write").with_arguments(args);
            peer.call_tool(p).await.expect("protocol error")
        });
    }
    while let Some(r) = set.join_next().await {
        lh_ok("write", &serde_json::to_value(r.unwrap()).unwrap());
    }
    let lines = audit_lines(log);
    assert_eq!(lines.len(), 4 + N);
    let mut paths: Vec<String> = lines[4..]
        .iter()
        .map(|l| {
            assert_eq!(
                (&l["operation"], &l["success"]),
                (&json!("write"), &json!(true)),
                "{l}"
            );
            l["path"].as_str().unwrap().to_owned()
        })
        .collect();
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), N);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_tool_is_a_protocol_error_and_rootspace_stays_default() {
    let f = Fixture::new();
    let c = lighthouse(&f, None).await;
    assert!(
        try_call(&c, "read_file", json!({"path": "a"}))
            .await
            .is_err()
    );
    let rs = f.connect().await;
    let names: Vec<String> = rs
        .list_all_tools()
        .await
        .unwrap()
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert!(
        names.contains(&"text.read".to_owned()) && !names.contains(&"read".to_owned()),
        "{names:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_edits_lose_no_update() {
    const N: usize = 8;
    let f = Fixture::new();
    f.write("c.txt", "END\n");
    let c = lighthouse(&f, None).await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let args = obj(json!({"path": "c.txt", "search": "END", "replace": format!("w{i}\nEND")}));
        set.spawn(async move {
            let p = rmcp::model::CallToolRequestParams::new("edit").with_arguments(args);
            peer.call_tool(p).await.expect("protocol error")
        });
    }
    while let Some(r) = set.join_next().await {
        let d = lh_ok("edit", &serde_json::to_value(r.unwrap()).unwrap());
        assert_eq!(d["replacements"], 1);
    }
    let text = f.text("c.txt");
    for i in 0..N {
        assert!(
            text.contains(&format!("w{i}\n")),
            "edit {i} was lost: {text:?}"
        );
    }
    assert!(
        text.ends_with("END\n") && text.lines().count() == N + 1,
        "{text:?}"
    );
}
