//! The symlink-swap race on the filesystem profile, 10 s: a thread keeps swapping
//! `root/d` between a real directory and an *absolute* symlink to the outside, while the
//! client reads, writes and edits through `<root>/d/` by absolute path. The profile follows
//! absolute links that stay inside (FSC-SEC-019), so this attacks that resolution: nothing
//! outside may be read, written or created (FS-CLR-03).

use std::os::unix::fs::symlink;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::swapper::Swapper;

const SECONDS: u64 = 10;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow attack (10 s): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
async fn absolute_symlink_swaps_never_escape_the_filesystem_profile() {
    let f = Fixture::new();
    f.write("d/f", "inside\n");
    // An inside link with an absolute target, which the profile must follow.
    symlink(f.root.join("d"), f.root.join("alias")).unwrap();
    std::fs::write(f.outside.join("f"), "SECRET\n").unwrap();
    let before = f.outside_snapshot();
    let c = connect(&f.root, Era::Legacy, &["--profile", "filesystem"]).await;
    let swapper = Swapper::start(&f.root, &f.outside);
    let root = f.root.display().to_string();
    let deadline = Instant::now() + Duration::from_secs(SECONDS);
    let (mut calls, mut inside, mut i) = (0usize, 0usize, 0usize);
    while Instant::now() < deadline {
        i += 1;
        for dir in ["d", "alias"] {
            let r = call(
                &c,
                "read_text_file",
                json!({"path": format!("{root}/{dir}/f")}),
            )
            .await;
            assert!(
                !r.to_string().contains("SECRET"),
                "read leaked the outside: {r}"
            );
            if r["isError"] != json!(true) {
                inside += 1;
            }
            let r = call(
                &c,
                "write_file",
                json!({"path": format!("{root}/{dir}/new{i}.txt"), "content": "x"}),
            )
            .await;
            assert!(!r.to_string().contains("SECRET"), "{r}");
            let r = call(
                &c,
                "edit_file",
                json!({"path": format!("{root}/{dir}/f"), "edits": [{"oldText": "inside", "newText": "inside"}]}),
            )
            .await;
            assert!(!r.to_string().contains("SECRET"), "{r}");
            calls += 3;
        }
    }
    let swaps = swapper.finish();
    c.cancel().await.unwrap();
    let after = f.outside_snapshot();
    assert_eq!(after, before, "the outside area changed during the race");
    assert!(
        inside > 0,
        "no read succeeded inside: the attack did not exercise the server"
    );
    eprintln!(
        "filesystem swap race: {SECONDS} s, {} swaps, {calls} calls ({inside} reads succeeded inside), 0 outside files touched",
        swaps
    );
}
