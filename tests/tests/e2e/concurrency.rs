//! The per-file serialization rule (CLR 16): of N concurrent same-hash mutations exactly one
//! wins and the rest get STALE_HASH; mutations of different files all proceed in parallel.

use serde_json::{Value, json};

use crate::common::*;

const N: usize = 8;

/// Runs N concurrent calls; exactly one may succeed, the others must fail with STALE_HASH
/// (or `also`, for a remove whose losers may find the file already gone).
async fn race(
    c: &Client,
    tool: &'static str,
    also: Option<&str>,
    args: impl Fn(usize) -> Value,
) -> (usize, Vec<Value>) {
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let a = obj(args(i));
        set.spawn(async move {
            let p = rmcp::model::CallToolRequestParams::new(tool).with_arguments(a);
            (
                i,
                serde_json::to_value(peer.call_tool(p).await.expect("protocol error")).unwrap(),
            )
        });
    }
    let mut results = vec![Value::Null; N];
    while let Some(r) = set.join_next().await {
        let (i, v) = r.unwrap();
        results[i] = v;
    }
    let winners: Vec<usize> = (0..N)
        .filter(|&i| results[i].get("isError") != Some(&json!(true)))
        .collect();
    assert_eq!(
        winners.len(),
        1,
        "{tool}: exactly one of {N} must succeed, got {winners:?}: {results:?}"
    );
    for (i, r) in results.iter().enumerate() {
        if i != winners[0] {
            let code = r["structuredContent"]["code"].as_str().unwrap_or_default();
            if also == Some(code) {
                err(tool, r, code);
                continue;
            }
            let e = err(tool, r, "STALE_HASH");
            assert!(
                msg(&e).to_lowercase().contains("call text.read"),
                "{}",
                msg(&e)
            );
        }
    }
    (winners[0], results)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn same_hash_mutations_have_exactly_one_winner() {
    let f = Fixture::new();
    f.write("a.txt", "base\n");
    let c = f.connect().await;
    for round in 0..3 {
        let h = f.sha("a.txt");
        let before = f.text("a.txt");
        let (w, res) = race(
            &c,
            "text.append",
            None,
            |i| json!({"path": "a.txt", "hash": h, "content": format!("w{i}\n")}),
        )
        .await;
        assert_eq!(
            f.text("a.txt"),
            format!("{before}w{w}\n"),
            "round {round}: file must hold exactly the winner's change"
        );
        let sc = ok("text.append", &res[w]);
        assert_eq!(sc["hash"], f.sha("a.txt"));
    }
    let h = f.sha("a.txt");
    let (w, _) = race(&c, "text.replace", None, |i| json!({"path": "a.txt", "hash": h, "lines": [1, 2], "old": "base", "new": format!("r{i}")})).await;
    assert!(f.text("a.txt").starts_with(&format!("r{w}\n")));
    let h = f.sha("a.txt");
    race(
        &c,
        "file.remove",
        Some("NOT_FOUND"),
        |_| json!({"path": "a.txt", "hash": h}),
    )
    .await;
    assert!(!f.root.join("a.txt").exists());
    c.cancel().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn different_files_proceed_in_parallel() {
    let f = Fixture::new();
    for i in 0..N {
        f.write(&format!("d/f{i}.txt"), format!("file {i}\n"));
    }
    let c = f.connect().await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        let h = f.sha(&format!("d/f{i}.txt"));
        set.spawn(async move {
            let mut h = h;
            for k in 0..5 {
                let a = obj(
                    json!({"path": format!("d/f{i}.txt"), "hash": h, "content": format!("k{k}")}),
                );
                let p = rmcp::model::CallToolRequestParams::new("text.append").with_arguments(a);
                let v = serde_json::to_value(peer.call_tool(p).await.unwrap()).unwrap();
                h = ok("text.append", &v)["hash"].as_str().unwrap().to_string();
            }
        });
    }
    while let Some(r) = set.join_next().await {
        r.unwrap();
    }
    for i in 0..N {
        assert_eq!(
            f.text(&format!("d/f{i}.txt")),
            format!("file {i}\nk0\nk1\nk2\nk3\nk4\n")
        );
    }
    // Concurrent creates of distinct files in one new directory all succeed.
    let mut set = tokio::task::JoinSet::new();
    for i in 0..N {
        let peer = c.peer().clone();
        set.spawn(async move {
            let a = obj(json!({"path": format!("new/sub/c{i}.txt"), "content": format!("{i}")}));
            let p = rmcp::model::CallToolRequestParams::new("file.create").with_arguments(a);
            serde_json::to_value(peer.call_tool(p).await.unwrap()).unwrap()
        });
    }
    while let Some(r) = set.join_next().await {
        ok("file.create", &r.unwrap());
    }
    let l = listing(&c, "list://new/sub").await;
    assert_eq!(names(&l).len(), N);
    c.cancel().await.unwrap();
}
