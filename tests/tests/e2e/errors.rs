//! Error plumbing: argument validation is a tool error (SEP-1303), an unknown tool is a
//! protocol error, and every tool error carries the code/message/recoverable shape.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn missing_or_mistyped_arguments_are_tool_errors_naming_the_field() {
    let f = Fixture::new();
    f.write("a.txt", "x\n");
    let c = f.connect().await;
    let h = f.sha("a.txt");
    let cases = [
        ("file.create", json!({"content": "x"}), "path"),
        ("file.create", json!({"path": "b.txt"}), "content"),
        ("file.create", json!({"path": 5, "content": "x"}), "path"),
        (
            "file.create",
            json!({"path": "b.txt", "content": "x", "encoding": "latin-1"}),
            "encoding",
        ),
        ("file.remove", json!({"path": "a.txt"}), "hash"),
        ("text.read", json!({}), "path"),
        ("text.read", json!({"path": ["a.txt"]}), "path"),
        (
            "text.replace",
            json!({"path": "a.txt", "hash": h, "lines": [1, 2], "new": "y"}),
            "old",
        ),
        (
            "text.insert",
            json!({"path": "a.txt", "hash": h, "anchor": "x", "content": "y"}),
            "line",
        ),
        (
            "text.insert",
            json!({"path": "a.txt", "hash": h, "line": "1", "anchor": "x", "content": "y"}),
            "line",
        ),
        (
            "text.append",
            json!({"path": "a.txt", "hash": h}),
            "content",
        ),
        (
            "text.append",
            json!({"path": "a.txt", "hash": 7, "content": "y"}),
            "hash",
        ),
    ];
    for (tool, args, field) in cases {
        let r = call(&c, tool, args.clone()).await;
        let e = err(tool, &r, "INVALID_ARGUMENT");
        assert!(
            msg(&e).contains(field),
            "{tool} {args}: message should name {field:?}: {}",
            msg(&e)
        );
    }
    assert_eq!(f.text("a.txt"), "x\n");
    assert!(!f.root.join("b.txt").exists());
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn unknown_tool_is_a_protocol_error() {
    let f = Fixture::new();
    let c = f.connect().await;
    let e = try_call(&c, "file.explode", json!({"path": "a"}))
        .await
        .expect_err("unknown tool must be a protocol error");
    assert!(
        e.code.0 == -32602 || e.code.0 == -32601,
        "unexpected code {e:?}"
    );
    // The server still works afterwards.
    call_ok(&c, "file.create", json!({"path": "a", "content": ""})).await;
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn stale_and_mismatch_errors_are_recoverable_with_details() {
    let f = Fixture::new();
    f.write("a.txt", "one\ntwo\n");
    let c = f.connect().await;
    let e = call_err(
        &c,
        "text.append",
        json!({"path": "a.txt", "hash": "0".repeat(64), "content": "x"}),
        "STALE_HASH",
    )
    .await;
    assert_eq!(e["recoverable"], true);
    let e = call_err(&c, "text.insert", json!({"path": "a.txt", "hash": f.sha("a.txt"), "line": 2, "anchor": "one", "content": "x"}), "CONTENT_MISMATCH").await;
    assert_eq!(e["recoverable"], true);
    mentions(&e, &["line 2", "two", "one"]);
    c.cancel().await.unwrap();
}
