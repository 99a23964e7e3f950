//! The devs profile over stdio (`--profile devs`): the seed's result objects (`{ok, ...}`,
//! failures with the seed's exact error strings plus a code and a hint), the 500 KB read
//! limit on bytes, edits that are all-or-nothing, a move that never replaces anything (also
//! when racing), traversal refused on both tools, and concurrent edits that all land.

use serde_json::{Value, json};

use crate::common::*;

const FS: &str = "filesystem_operation";
const EDITS: &str = "apply_surgical_edits";

async fn devs(f: &Fixture) -> Client {
    connect(&f.root, Era::Legacy, &["--profile", "devs"]).await
}

/// A success: the seed's object, `ok: true`, and the same JSON in the text block.
fn dv_ok(tool: &str, r: &Value) -> Value {
    assert_ne!(r.get("isError"), Some(&json!(true)), "{tool} failed: {r}");
    let sc = r["structuredContent"].clone();
    assert_eq!(sc["ok"], true, "{tool}: {r}");
    let text: Value = serde_json::from_str(&single_text(tool, r)).unwrap();
    assert_eq!(text, sc, "{tool}: text block and structuredContent differ");
    sc
}

/// A failure with `code` and exactly the `error` string: isError, `{ok: false, error,
/// code, hint}` in structuredContent and the text block.
fn dv_err(tool: &str, r: &Value, code: &str, error: &str) -> Value {
    assert_eq!(
        r.get("isError"),
        Some(&json!(true)),
        "{tool}: expected {code}, got {r}"
    );
    let sc = r["structuredContent"].clone();
    assert_eq!(sc["ok"], false, "{tool}: {r}");
    assert_eq!(sc["code"], code, "{tool}: {r}");
    assert_eq!(sc["error"], error, "{tool}: {r}");
    assert!(!sc["hint"].as_str().unwrap().is_empty(), "{tool}: {r}");
    let text: Value = serde_json::from_str(&single_text(tool, r)).unwrap();
    assert_eq!(text, sc, "{tool}: text block and structuredContent differ");
    sc
}

async fn ok_call(c: &Client, tool: &str, args: Value) -> Value {
    dv_ok(tool, &call(c, tool, args).await)
}

async fn err_call(c: &Client, tool: &str, args: Value, code: &str, error: &str) -> Value {
    dv_err(tool, &call(c, tool, args).await, code, error)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_the_seeds_two() {
    let f = Fixture::new();
    let c = devs(&f).await;
    let tools = c.list_all_tools().await.unwrap();
    let mut names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    names.sort();
    assert_eq!(names, [EDITS, FS]);
    let fs = tools.iter().find(|t| t.name == FS).unwrap();
    assert_eq!(
        fs.input_schema["properties"]["action"]["enum"],
        json!(["read", "write", "list", "move"])
    );
    assert_eq!(fs.input_schema["required"], json!(["action", "path"]));
    let ed = tools.iter().find(|t| t.name == EDITS).unwrap();
    assert_eq!(
        ed.input_schema["properties"]["edits"]["items"]["required"],
        json!(["old", "new"])
    );
    for t in &tools {
        let out = serde_json::to_value(t.output_schema.as_deref().unwrap()).unwrap();
        assert!(out["properties"]["code"]["enum"].is_array(), "{}", t.name);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn write_read_list_move_round_trip() {
    let f = Fixture::new();
    let before = f.outside_snapshot();
    let c = devs(&f).await;
    let r = ok_call(
        &c,
        FS,
        json!({"action": "write", "path": "src/new/a.ts", "content": "é\r\nb"}),
    )
    .await;
    assert_eq!(r, json!({"ok": true}));
    assert_eq!(f.read("src/new/a.ts"), "é\r\nb".as_bytes());
    let r = ok_call(&c, FS, json!({"action": "read", "path": "src/new/a.ts"})).await;
    assert_eq!(r, json!({"ok": true, "data": "é\r\nb", "bytesRead": 5}));
    f.write("src/new/B.ts", "b");
    std::fs::create_dir(f.root.join("src/new/c")).unwrap();
    let r = ok_call(&c, FS, json!({"action": "list", "path": "src/new"})).await;
    assert_eq!(r["data"], json!(["B.ts", "a.ts", "c"]));
    // A move never replaces: the destination exists, so both files stay.
    err_call(
        &c,
        FS,
        json!({"action": "move", "path": "src/new/a.ts", "destination": "src/new/B.ts"}),
        "ALREADY_EXISTS",
        "Destination already exists",
    )
    .await;
    assert_eq!(f.text("src/new/B.ts"), "b");
    ok_call(
        &c,
        FS,
        json!({"action": "move", "path": "src/new", "destination": "lib/moved"}),
    )
    .await;
    assert_eq!(f.read("lib/moved/a.ts"), "é\r\nb".as_bytes());
    assert!(!f.root.join("src/new").exists());
    let e = err_call(
        &c,
        FS,
        json!({"action": "read", "path": "src/new/a.ts"}),
        "NOT_FOUND",
        "File not found",
    )
    .await;
    // The hint names the path as given, never the host's layout.
    let hint = e["hint"].as_str().unwrap();
    assert!(
        hint.contains("src/new/a.ts") && !hint.contains(&*f.root.to_string_lossy()),
        "{e}"
    );
    assert_eq!(f.outside_snapshot(), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_read_limit_counts_bytes() {
    let f = Fixture::new();
    f.write("edge.txt", "x".repeat(512_000));
    f.write("over.txt", "x".repeat(512_001));
    f.write("accents.txt", "é".repeat(256_001));
    let c = devs(&f).await;
    let r = ok_call(&c, FS, json!({"action": "read", "path": "edge.txt"})).await;
    assert_eq!(r["bytesRead"], 512_000);
    for p in ["over.txt", "accents.txt"] {
        let e = err_call(
            &c,
            FS,
            json!({"action": "read", "path": p}),
            "FILE_TOO_LARGE",
            "File exceeds 500KB limit",
        )
        .await;
        assert!(e["hint"].as_str().unwrap().contains(p), "{e}");
    }
    // Edits are not limited: the 512,002-byte file can still be changed.
    let r = ok_call(
        &c,
        EDITS,
        json!({"path": "accents.txt", "edits": [{"old": "éé", "new": "e"}]}),
    )
    .await;
    assert_eq!(r, json!({"ok": true, "appliedEdits": 1}));
    assert_eq!(f.read("accents.txt").len(), 512_002 - 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn edits_apply_in_order_and_all_or_nothing() {
    let f = Fixture::new();
    f.write("a.rs", "fn a() {}\nfn a() {}\n");
    let c = devs(&f).await;
    let r = ok_call(
        &c,
        EDITS,
        json!({"path": "a.rs", "edits": [{"old": "fn a", "new": "fn b"}, {"old": "fn a", "new": "fn c"}, {"old": "fn b() {}", "new": "fn b() { $& }"}]}),
    )
    .await;
    assert_eq!(r["appliedEdits"], 3);
    assert_eq!(f.text("a.rs"), "fn b() { $& }\nfn c() {}\n");
    let before = f.read("a.rs");
    let e = err_call(
        &c,
        EDITS,
        json!({"path": "a.rs", "edits": [{"old": "fn b", "new": "fn x"}, {"old": "fn zz", "new": "y"}]}),
        "EDIT_TARGET_NOT_FOUND",
        "Edit target not found: fn zz",
    )
    .await;
    assert!(e["hint"].as_str().unwrap().contains("Edit 2"), "{e}");
    assert_eq!(
        f.read("a.rs"),
        before,
        "nothing is written when an edit is missing"
    );
    err_call(
        &c,
        EDITS,
        json!({"path": "nope.rs", "edits": [{"old": "a", "new": "b"}]}),
        "NOT_FOUND",
        "File not found",
    )
    .await;
    let e = err_call(
        &c,
        EDITS,
        json!({"path": "a.rs", "edits": [{"old": "", "new": "b"}]}),
        "INVALID_ARGUMENT",
        "Invalid argument edits[0].old: it is empty, which matches everywhere",
    )
    .await;
    assert!(e["hint"].as_str().unwrap().contains("edits[0].old"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn traversal_is_refused_on_both_tools() {
    let f = Fixture::new();
    f.write("a.txt", "a\n");
    std::os::unix::fs::symlink(f.outside.join("secret"), f.root.join("link")).unwrap();
    let before = f.outside_snapshot();
    let evil = f.outside.join("secret").display().to_string();
    let c = devs(&f).await;
    let fs_calls = [
        json!({"action": "read", "path": "../root_evil/secret"}),
        json!({"action": "read", "path": evil}),
        json!({"action": "read", "path": "link"}),
        json!({"action": "write", "path": "../root_evil/secret", "content": "pwned"}),
        json!({"action": "write", "path": "link", "content": "pwned"}),
        json!({"action": "list", "path": "../root_evil"}),
        json!({"action": "move", "path": "a.txt", "destination": "../root_evil/a.txt"}),
        json!({"action": "move", "path": "../root_evil/secret", "destination": "loot"}),
    ];
    for args in fs_calls {
        let r = call(&c, FS, args.clone()).await;
        dv_err(FS, &r, "PATH_TRAVERSAL", "Path traversal detected");
        assert!(!r.to_string().contains("top secret"), "{args}: {r}");
    }
    for p in ["../root_evil/secret", "link", "../../etc/passwd"] {
        err_call(
            &c,
            EDITS,
            json!({"path": p, "edits": [{"old": "top", "new": "no"}]}),
            "PATH_TRAVERSAL",
            "Path traversal detected",
        )
        .await;
    }
    assert_eq!(f.outside_snapshot(), before);
    assert_eq!(f.text("a.txt"), "a\n");
    assert!(!f.root.join("loot").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn racing_moves_to_one_name_have_one_winner() {
    const N: usize = 8;
    let f = Fixture::new();
    for i in 0..N {
        f.write(&format!("m{i}.txt"), format!("file {i}\n"));
    }
    let c = devs(&f).await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let args = obj(
            json!({"action": "move", "path": format!("m{i}.txt"), "destination": "target.txt"}),
        );
        set.spawn(async move {
            let p = rmcp::model::CallToolRequestParams::new(FS).with_arguments(args);
            serde_json::to_value(peer.call_tool(p).await.expect("protocol error")).unwrap()
        });
    }
    let mut winners = 0;
    while let Some(r) = set.join_next().await {
        let r = r.unwrap();
        if r.get("isError") == Some(&json!(true)) {
            dv_err(FS, &r, "ALREADY_EXISTS", "Destination already exists");
        } else {
            winners += 1;
        }
    }
    assert_eq!(winners, 1);
    // No file was lost: N - 1 sources remain and the target holds the winner's content.
    let left = (0..N)
        .filter(|i| f.root.join(format!("m{i}.txt")).exists())
        .count();
    assert_eq!(left, N - 1);
    assert!(f.text("target.txt").starts_with("file "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_edits_lose_no_update() {
    const N: usize = 8;
    let f = Fixture::new();
    f.write("c.txt", "END\n");
    let c = devs(&f).await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let args =
            obj(json!({"path": "c.txt", "edits": [{"old": "END", "new": format!("w{i}\nEND")}]}));
        set.spawn(async move {
            let p = rmcp::model::CallToolRequestParams::new(EDITS).with_arguments(args);
            peer.call_tool(p).await.expect("protocol error")
        });
    }
    while let Some(r) = set.join_next().await {
        let d = dv_ok(EDITS, &serde_json::to_value(r.unwrap()).unwrap());
        assert_eq!(d["appliedEdits"], 1);
    }
    let text = f.text("c.txt");
    for i in 0..N {
        assert!(
            text.contains(&format!("w{i}\n")),
            "edit {i} was lost: {text:?}"
        );
    }
    assert_eq!(text.lines().count(), N + 1, "{text:?}");
}
