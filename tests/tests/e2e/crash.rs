//! Crash safety (CLR 16): SIGKILL the server at random moments during a replace in a ~20 MB
//! file, several times. The file must always hold exactly the old or the new bytes, and
//! list:// must never show the temp file a killed write may leave behind.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::raw::Raw;

/// xorshift: random kill moments without a rand dependency; the seed is printed for replay.
fn next(seed: &mut u64) -> u64 {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    *seed
}

fn content(first: &str) -> Vec<u8> {
    let mut v = format!("{first}\n").into_bytes();
    let line = b"the quick brown fox jumps over the lazy dog, again and again and again\n";
    while v.len() < 20 << 20 {
        v.extend_from_slice(line);
    }
    v
}

/// Sends (without waiting) the replace that turns the file into the other version.
fn replace(raw: &mut Raw, from_alpha: bool, hash: &str) -> i64 {
    let (old, new) = if from_alpha {
        ("alpha", "omega")
    } else {
        ("omega", "alpha")
    };
    raw.request_nowait(
        "tools/call",
        json!({"name": "text.replace", "arguments":
        {"path": "big.txt", "hash": hash, "lines": [1, 2], "old": old, "new": new}}),
    )
}

#[test]
fn sigkill_during_large_replace_leaves_old_or_new() {
    let f = Fixture::new();
    let (a, b) = (content("alpha"), content("omega"));
    f.write("big.txt", &a);

    // One uninterrupted replace tells how long the window is. The hashes come from the
    // server (hashing 40 MB in this debug-built test would be slow); bytes are the judge.
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let r = raw.call("text.read", json!({"path": "big.txt", "lines": [1, 2]}));
    let ha = r["structuredContent"]["hash"].as_str().unwrap().to_string();
    let t = Instant::now();
    let id = replace(&mut raw, true, &ha);
    let r = raw.response(id, Duration::from_secs(30));
    let full = t.elapsed();
    let hb = r["result"]["structuredContent"]["hash"]
        .as_str()
        .unwrap_or_else(|| panic!("{r:.300}"))
        .to_string();
    assert!(
        f.read("big.txt") == b,
        "an uninterrupted replace must give the new bytes"
    );
    drop(raw);

    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("crash test: full replace {full:?}, seed {seed}");
    let window = full.as_micros() as u64 * 12 / 10 + 1;
    let mut outcomes = (0, 0, 0);
    for round in 0..5 {
        let was_alpha = f.read("big.txt") == a;
        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        replace(&mut raw, was_alpha, if was_alpha { &ha } else { &hb });
        std::thread::sleep(Duration::from_micros(next(&mut seed) % window));
        raw.kill();
        let bytes = f.read("big.txt");
        assert!(
            bytes == a || bytes == b,
            "round {round}: torn file after SIGKILL (seed {seed}), {} bytes",
            bytes.len()
        );
        if (bytes == a) == was_alpha {
            outcomes.0 += 1
        } else {
            outcomes.1 += 1
        }
        let leftovers = std::fs::read_dir(&f.root).unwrap().filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".mcp-tmp-")
        });
        outcomes.2 += leftovers.count();

        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        let l = raw.request("resources/read", json!({"uri": "list://"}));
        let text = l["result"]["contents"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{l}"))
            .to_string();
        let listing: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            listing["entries"],
            json!([{"name": "big.txt", "type": "file"}]),
            "round {round}: {text}"
        );
    }
    eprintln!(
        "crash test: kept old {} times, got new {} times; temp files left on disk: {}",
        outcomes.0, outcomes.1, outcomes.2
    );
}
