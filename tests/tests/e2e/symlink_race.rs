//! A real symlink race: a thread keeps swapping `root/d` between a real directory and a
//! symlink to the outside area while the client hammers reads, appends and creates through
//! `d/`. Nothing outside may be read, written or created, whatever the interleaving.

use std::os::unix::fs::symlink;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn swapping_a_directory_for_an_outside_symlink_never_escapes() {
    let f = Fixture::new();
    f.write("d/f", "inside\n");
    // The outside twin of d/f: same name, secret content; a leak would read it or write here.
    std::fs::write(f.outside.join("f"), "SECRET\n").unwrap();
    let before = f.outside_snapshot();
    let c = f.connect().await;

    let stop = Arc::new(AtomicBool::new(false));
    let swaps = Arc::new(AtomicUsize::new(0));
    let swapper = {
        let (root, outside, stop, swaps) = (
            f.root.clone(),
            f.outside.clone(),
            stop.clone(),
            swaps.clone(),
        );
        std::thread::spawn(move || {
            let (d, parked) = (root.join("d"), root.join("d.parked"));
            // Two ready-made links, one absolute and one relative, both leading outside.
            let links = [root.join("d.abs"), root.join("d.rel")];
            symlink(&outside, &links[0]).unwrap();
            symlink("../root_evil", &links[1]).unwrap();
            // While `d` is briefly missing the server may legitimately create it as a real
            // directory (create makes parents); such a dir is thrown away to keep swapping.
            let put = |from: &std::path::Path, to: &std::path::Path| {
                while std::fs::rename(from, to).is_err() {
                    let _ = std::fs::remove_dir_all(to);
                }
            };
            let mut k = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let link = &links[k % 2];
                put(&d, &parked);
                put(link, &d);
                std::thread::yield_now();
                put(&d, link);
                put(&parked, &d);
                std::thread::yield_now();
                k += 1;
                swaps.fetch_add(1, Ordering::Relaxed);
            }
        })
    };

    let deadline = Instant::now() + Duration::from_millis(2500);
    let (mut reads_ok, mut writes_ok, mut i) = (0, 0, 0);
    while Instant::now() < deadline {
        i += 1;
        let r = call(&c, "text.read", json!({"path": "d/f"})).await;
        let text = r.to_string();
        assert!(
            !text.contains("SECRET"),
            "read outside content through the swapped link: {text}"
        );
        if r.get("isError") != Some(&json!(true)) {
            assert_eq!(
                r["structuredContent"]["content"]
                    .as_str()
                    .unwrap_or_default()
                    .lines()
                    .next(),
                Some("inside")
            );
            reads_ok += 1;
        }
        let r = call(
            &c,
            "file.create",
            json!({"path": format!("d/new{i}"), "content": "x"}),
        )
        .await;
        if r.get("isError") != Some(&json!(true)) {
            writes_ok += 1;
        }
        let h = sha_hex(b"SECRET\n");
        let r = call(
            &c,
            "text.append",
            json!({"path": "d/f", "hash": h, "content": "pwned"}),
        )
        .await;
        assert_eq!(
            r.get("isError"),
            Some(&json!(true)),
            "append with the outside file's hash succeeded: {r}"
        );
    }
    stop.store(true, Ordering::Relaxed);
    swapper.join().unwrap();
    c.cancel().await.unwrap();

    assert!(
        swaps.load(Ordering::Relaxed) > 100,
        "the swapper barely ran"
    );
    assert!(
        reads_ok > 0 && writes_ok > 0,
        "no call ever went through the real dir ({reads_ok} reads, {writes_ok} creates)"
    );
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
    let inside = f.text("d/f");
    assert!(
        inside.starts_with("inside\n") && !inside.contains("pwned"),
        "d/f: {inside:?}"
    );
}
