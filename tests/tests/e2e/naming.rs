//! `--tool-names underscore`: same tools under file_create… names, same behaviour; the dotted
//! names are then unknown. Also runs the rmcp client in the 2026-07-28 era.

use serde_json::json;

use crate::common::*;
use crate::tools_list::check_tools;

#[tokio::test]
async fn underscore_names_behave_identically() {
    let f = Fixture::new();
    let c = connect(&f.root, Era::Legacy, &["--tool-names", "underscore"]).await;
    let v = serde_json::to_value(c.list_tools(None).await.unwrap()).unwrap();
    check_tools(&v["tools"], |n| n.replace('.', "_"));
    let h = call_ok(
        &c,
        "file_create",
        json!({"path": "u.txt", "content": "a\n"}),
    )
    .await["hash"]
        .clone();
    let r = call_ok(
        &c,
        "text_append",
        json!({"path": "u.txt", "hash": h, "content": "b"}),
    )
    .await;
    let r = call_ok(
        &c,
        "text_insert",
        json!({"path": "u.txt", "hash": r["hash"], "line": 1, "anchor": "a", "content": "0"}),
    )
    .await;
    let r = call_ok(
        &c,
        "text_replace",
        json!({"path": "u.txt", "hash": r["hash"], "lines": [1, 2], "old": "0", "new": "zero"}),
    )
    .await;
    assert_eq!(
        call_ok(&c, "text_read", json!({"path": "u.txt"})).await["content"],
        "zero\na\nb\n"
    );
    call_ok(
        &c,
        "file_remove",
        json!({"path": "u.txt", "hash": r["hash"]}),
    )
    .await;
    assert!(
        try_call(&c, "text.read", json!({"path": "x"}))
            .await
            .is_err(),
        "dotted names are unknown in underscore mode"
    );
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn underscore_mode_names_callable_tools_in_messages_and_descriptions() {
    let f = Fixture::new();
    f.write("a.txt", "one\n");
    let c = connect(&f.root, Era::Legacy, &["--tool-names", "underscore"]).await;
    let e = call_err(
        &c,
        "text_append",
        json!({"path": "a.txt", "hash": "0".repeat(64), "content": "x"}),
        "STALE_HASH",
    )
    .await;
    let m = msg(&e);
    assert!(
        m.contains("text_read") && !m.contains("text.read"),
        "stale-hash message must name text_read: {m}"
    );
    let tools = serde_json::to_string(&c.list_tools(None).await.unwrap()).unwrap();
    for dotted in [
        "file.create",
        "file.remove",
        "text.read",
        "text.replace",
        "text.insert",
        "text.append",
    ] {
        assert!(
            !tools.contains(dotted),
            "tool list mentions {dotted} in underscore mode"
        );
    }
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn explicit_dotted_mode_and_modern_era_client() {
    let f = Fixture::new();
    f.write("a.txt", "one\n");
    let c = connect(&f.root, Era::Modern, &["--tool-names", "dotted"]).await;
    let info = c.peer_info().expect("peer info");
    let info = serde_json::to_value(&*info).unwrap();
    assert_eq!(info["protocolVersion"], "2026-07-28", "{info}");
    assert_eq!(info["serverInfo"]["name"], "mcp-reference", "{info}");
    let v = serde_json::to_value(c.list_tools(None).await.unwrap()).unwrap();
    check_tools(&v["tools"], |n| n.to_string());
    let r = call_ok(
        &c,
        "text.append",
        json!({"path": "a.txt", "hash": f.sha("a.txt"), "content": "two"}),
    )
    .await;
    assert_eq!(r["total_lines"], 2);
    call_err(
        &c,
        "text.append",
        json!({"path": "a.txt", "hash": "0".repeat(64), "content": "x"}),
        "STALE_HASH",
    )
    .await;
    let l = listing(&c, "list://").await;
    assert_eq!(names(&l), ["a.txt"]);
    let e = read_resource(&c, "list://missing")
        .await
        .expect_err("missing dir");
    assert_eq!(
        e.code.0, -32602,
        "2026-07-28 maps resource-not-found to invalid params: {e:?}"
    );
    c.cancel().await.unwrap();
}
