//! SIGKILL at random moments during large replaces, 100 times: the file always holds the
//! old or the new bytes, a listing never shows a temp file, and the temp files a killed
//! write leaves are removed by the next server's start-up sweep.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::raw::Raw;

const TRIALS: usize = 100;

fn content(first: &str) -> Vec<u8> {
    let mut v = format!("{first}\n").into_bytes();
    while v.len() < 4 << 20 {
        v.extend_from_slice(b"the quick brown fox jumps over the lazy dog, again and again\n");
    }
    v
}

/// The temporary files the reference left in `root` (`.mcp-tmp-*`).
pub(crate) fn temp_files(root: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".mcp-tmp-"))
        .collect()
}

#[test]
#[ignore = "slow attack (tens of seconds): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn hundred_sigkills_never_tear_a_file_and_temps_are_swept() {
    let f = Fixture::new();
    let (a, b) = (content("alpha"), content("omega"));
    let (ha, hb) = (sha_hex(&a), sha_hex(&b));
    f.write("big.txt", &a);
    // A user's own file that merely looks like ours must survive every sweep.
    f.write(".mcp-tmp-notes", "mine");

    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let t = Instant::now();
    let r = raw.call(
        "text.replace",
        json!({"path": "big.txt", "hash": ha, "lines": [1, 2], "old": "alpha", "new": "omega"}),
    );
    assert_eq!(r["structuredContent"]["hash"], json!(hb), "{r:.300}");
    let full = t.elapsed();
    drop(raw);

    let mut seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
        | 1;
    eprintln!("sigkill: one replace of 4 MiB takes {full:?}; seed {seed}");
    let window = full.as_micros() as u64 * 3 / 2 + 1;
    let (mut old, mut new, mut leftovers) = (0, 0, 0);
    let start = Instant::now();
    for trial in 0..TRIALS {
        let was_a = f.read("big.txt") == a;
        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        // Temp files left by the previous kill are swept at this start-up (in the
        // background): wait for it, bounded.
        let deadline = Instant::now() + Duration::from_secs(5);
        while temp_files(&f.root).len() > 1 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(
            temp_files(&f.root),
            vec![".mcp-tmp-notes".to_string()],
            "trial {trial}: stale temp files not swept"
        );
        let (from, to, h) = if was_a {
            ("alpha", "omega", &ha)
        } else {
            ("omega", "alpha", &hb)
        };
        raw.request_nowait(
            "tools/call",
            json!({"name": "text.replace", "arguments":
            {"path": "big.txt", "hash": h, "lines": [1, 2], "old": from, "new": to}}),
        );
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        std::thread::sleep(Duration::from_micros(seed % window));
        raw.kill();
        let bytes = f.read("big.txt");
        assert!(
            bytes == a || bytes == b,
            "trial {trial}: torn file ({} bytes), seed {seed}",
            bytes.len()
        );
        if (bytes == a) == was_a {
            old += 1
        } else {
            new += 1
        }
        leftovers += temp_files(&f.root).len() - 1;

        let mut raw = Raw::spawn(&f.root, &[]);
        raw.initialize();
        let l = raw.request("resources/read", json!({"uri": "list://"}));
        let text = l["result"]["contents"][0]["text"]
            .as_str()
            .unwrap_or_else(|| panic!("{l}"))
            .to_string();
        let listing: serde_json::Value = serde_json::from_str(&text).unwrap();
        let names: Vec<&str> = listing["entries"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            vec![".mcp-tmp-notes", "big.txt"],
            "trial {trial}: {text}"
        );
    }
    assert_eq!(f.text(".mcp-tmp-notes"), "mine");
    eprintln!(
        "sigkill: {TRIALS} kills in {:.1} s: 0 torn files, {old} left the old bytes, {new} the new; \
         {leftovers} temp files left by kills, every one removed by the next start-up's sweep",
        start.elapsed().as_secs_f64()
    );
}

/// Issue 50, item 4: the start-up sweep held an open handle for every sibling directory it
/// had still to visit, so a wide tree took every descriptor the server had (30,000 sibling
/// directories: EMFILE on every read for 30 s) and the directories past the limit were never
/// swept. With 64 descriptors and 300 sibling directories, each holding a stale temp file,
/// the sweep now removes every one.
#[test]
fn the_sweep_of_a_wide_tree_fits_in_few_descriptors() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let f = Fixture::new();
    let stale = ".mcp-tmp-0123456789abcdef0";
    for i in 0..300 {
        f.write(&format!("d{i:03}/{stale}"), "x");
    }
    let remaining = |root: &std::path::Path| {
        (0..300)
            .filter(|i| root.join(format!("d{i:03}/{stale}")).exists())
            .count()
    };
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -n 64 && exec \"$0\" --root \"$1\"", BIN])
        .arg(&f.root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr_cfg())
        .spawn()
        .expect("spawn the server under a limit of 64 descriptors");
    let mut stdin = child.stdin.take().unwrap();
    let init = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-11-25", "capabilities": {},
        "clientInfo": {"name": "sweep", "version": "1"}}});
    writeln!(stdin, "{init}").unwrap();
    // Kept open to the end: a server whose client closed its stdout exits.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.contains("\"result\""), "{line}");
    // The first reply starts the sweep, in the background: wait for it, bounded.
    let deadline = Instant::now() + Duration::from_secs(30);
    while remaining(&f.root) > 0 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(stdin);
    let _ = child.wait();
    drop(stdout);
    assert_eq!(
        remaining(&f.root),
        0,
        "stale temp files left in sibling directories the sweep could not open"
    );
}
