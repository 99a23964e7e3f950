//! Several server processes on one root, the same hash, the same moment: exactly one
//! mutation wins, every time, for every mutation kind (CLR-026, CLR-031). Eight long-lived
//! processes each get the mutation from their own thread, released by one barrier.

use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::*;
use crate::raw::Raw;

const PROCESSES: usize = 8;
const TRIALS: usize = 50;

fn args(kind: &str, hash: &str, k: usize) -> Value {
    match kind {
        "text.append" => {
            json!({"path": "f.txt", "hash": hash, "content": format!("from-process-{k}\n")})
        }
        "text.replace" => {
            json!({"path": "f.txt", "hash": hash, "lines": [1, 2], "old": "head", "new": format!("head-{k}")})
        }
        "text.insert" => {
            json!({"path": "f.txt", "hash": hash, "line": 1, "anchor": "head", "content": format!("ins-{k}")})
        }
        "file.remove" => json!({"path": "f.txt", "hash": hash}),
        "file.create" => json!({"path": "f.txt", "content": format!("created-by-{k}\n")}),
        _ => unreachable!(),
    }
}

#[test]
fn eight_processes_same_hash_exactly_one_winner() {
    let f = Fixture::new();
    let started = Instant::now();
    let mut servers: Vec<Raw> = (0..PROCESSES)
        .map(|_| {
            let mut r = Raw::spawn(&f.root, &[]);
            r.initialize();
            r
        })
        .collect();
    let mut losers_total = 0;
    for kind in [
        "text.append",
        "text.replace",
        "text.insert",
        "file.remove",
        "file.create",
    ] {
        for trial in 0..TRIALS {
            let base = "head\nbody\n";
            let _ = std::fs::remove_file(f.root.join("f.txt"));
            if kind != "file.create" {
                f.write("f.txt", base);
            }
            let hash = sha_hex(base.as_bytes());
            let barrier = Arc::new(Barrier::new(PROCESSES));
            let outcomes: Vec<(usize, Value)> = std::thread::scope(|s| {
                let handles: Vec<_> = servers
                    .iter_mut()
                    .enumerate()
                    .map(|(k, raw)| {
                        let (barrier, hash) = (barrier.clone(), hash.clone());
                        s.spawn(move || {
                            barrier.wait();
                            let id = raw.request_nowait(
                                "tools/call",
                                json!({"name": kind, "arguments": args(kind, &hash, k)}),
                            );
                            (k, raw.response(id, Duration::from_secs(30)))
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let winners: Vec<usize> = outcomes
                .iter()
                .filter(|(_, r)| r["result"]["isError"] != json!(true) && r.get("result").is_some())
                .map(|(k, _)| *k)
                .collect();
            assert_eq!(
                winners.len(),
                1,
                "{kind} trial {trial}: winners {winners:?}: {outcomes:?}"
            );
            let w = winners[0];
            for (k, r) in &outcomes {
                if *k == w {
                    continue;
                }
                let code = r["result"]["structuredContent"]["code"]
                    .as_str()
                    .unwrap_or("");
                let expected: &[&str] = match kind {
                    "file.create" => &["ALREADY_EXISTS"],
                    "file.remove" => &["STALE_HASH", "NOT_FOUND"],
                    _ => &["STALE_HASH"],
                };
                assert!(
                    expected.contains(&code),
                    "{kind} trial {trial}: loser {k} got {r}"
                );
                losers_total += 1;
            }
            let on_disk = std::fs::read_to_string(f.root.join("f.txt")).ok();
            let want = match kind {
                "text.append" => Some(format!("{base}from-process-{w}\n")),
                "text.replace" => Some(format!("head-{w}\nbody\n")),
                "text.insert" => Some(format!("ins-{w}\nhead\nbody\n")),
                "file.remove" => None,
                _ => Some(format!("created-by-{w}\n")),
            };
            assert_eq!(
                on_disk, want,
                "{kind} trial {trial}: the file holds exactly the winner's change"
            );
            let names: Vec<String> = std::fs::read_dir(&f.root)
                .unwrap()
                .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect();
            assert!(
                names.len() <= 1,
                "{kind} trial {trial}: leftovers {names:?}"
            );
        }
    }
    eprintln!(
        "multiprocess: {PROCESSES} processes x {TRIALS} trials x 5 kinds: exactly one winner in all {} trials, \
         {losers_total} losers told STALE_HASH/NOT_FOUND/ALREADY_EXISTS, {:.1} s",
        5 * TRIALS,
        started.elapsed().as_secs_f64()
    );
}
