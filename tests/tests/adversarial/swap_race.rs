//! The symlink-swap race, 30 s: a thread keeps swapping `root/d` between a real directory
//! and a symlink to the outside while the client reads, appends and creates through `d/`.
//! Nothing outside may be read, written or created.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::swapper::Swapper;

const SECONDS: u64 = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow attack (tens of seconds): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
async fn thirty_seconds_of_symlink_swaps_never_escape() {
    let f = Fixture::new();
    f.write("d/f", "inside\n");
    std::fs::write(f.outside.join("f"), "SECRET\n").unwrap();
    let before = f.outside_snapshot();
    let c = f.connect().await;
    let swapper = Swapper::start(&f.root, &f.outside);
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let (mut calls, mut ok, mut i) = (0usize, 0usize, 0usize);
    while Instant::now() < deadline {
        i += 1;
        let r = call(&c, "text.read", json!({"path": "d/f"})).await;
        assert!(
            !r.to_string().contains("SECRET"),
            "read leaked the outside: {r}"
        );
        calls += 1;
        if let Some(h) = r["structuredContent"]["hash"].as_str() {
            ok += 1;
            let r = call(
                &c,
                "text.append",
                json!({"path": "d/f", "hash": h, "content": format!("a{i}\n")}),
            )
            .await;
            assert!(!r.to_string().contains("SECRET"), "{r}");
            calls += 1;
        }
        let r = call(
            &c,
            "file.create",
            json!({"path": format!("d/new{i}.txt"), "content": "x"}),
        )
        .await;
        assert!(!r.to_string().contains("SECRET"), "{r}");
        calls += 1;
    }
    let swaps = swapper.finish();
    c.cancel().await.unwrap();
    let after = f.outside_snapshot();
    assert_eq!(after, before, "the outside area changed during the race");
    eprintln!(
        "swap race: {SECONDS} s, {} swaps, {calls} calls ({ok} reads succeeded inside), 0 outside files touched",
        swaps
    );
}
