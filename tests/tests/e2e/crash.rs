//! Crash safety (CLR 16): SIGKILL the server at random moments during a replace in a ~24 MB
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
    while v.len() < 24 << 20 {
        v.extend_from_slice(line);
    }
    v
}

#[test]
fn sigkill_during_large_replace_leaves_old_or_new() {
    let f = Fixture::new();
    let (a, b) = (content("alpha"), content("omega"));
    let (ha, hb) = (sha_hex(&a), sha_hex(&b));
    f.write("big.txt", &a);

    let replace = |raw: &mut Raw, cur: &str| -> i64 {
        let (old, new, h) = if cur == ha { ("alpha", "omega", &ha) } else { ("omega", "alpha", &hb) };
        raw.request_nowait("tools/call", json!({"name": "text.replace", "arguments":
            {"path": "big.txt", "hash": h, "lines": [1, 2], "old": old, "new": new}}))
    };

    // One uninterrupted replace tells how long the window is.
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let t = Instant::now();
    let id = replace(&mut raw, &ha);
    let r = raw.response(id, Duration::from_secs(30));
    let full = t.elapsed();
    assert_eq!(r["result"]["structuredContent"]["hash"], hb, "{r:.300}");
    drop(raw);

    let mut seed = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64 | 1;
    eprintln!("crash test: full replace {full:?}, seed {seed}");
    let window = full.as_micros() as u64 * 12 / 10 + 1;
    let mut outcomes = (0, 0);
    for round in 0..6 {
        let cur = f.sha("big.txt");
        assert!(cur == ha || cur == hb, "round {round}: file is neither old nor new");
        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        replace(&mut raw, &cur);
        std::thread::sleep(Duration::from_micros(next(&mut seed) % window));
        raw.kill();
        let after = f.sha("big.txt");
        assert!(after == ha || after == hb, "round {round}: torn file after SIGKILL (seed {seed})");
        if after == cur { outcomes.0 += 1 } else { outcomes.1 += 1 }

        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        let l = raw.request("resources/read", json!({"uri": "list://"}));
        let text = l["result"]["contents"][0]["text"].as_str().unwrap_or_else(|| panic!("{l}")).to_string();
        let listing: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(listing["entries"], json!([{"name": "big.txt", "type": "file"}]), "round {round}: {text}");
    }
    eprintln!("crash test: kept old {} times, got new {} times", outcomes.0, outcomes.1);
}
