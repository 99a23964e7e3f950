//! Memory stays bounded whatever the client sends (CLR-033): pipelined reads of a 10 MB
//! file sent in one write, a flood of garbage while the client does not read stdout, and
//! an oversized file.create. Peak memory is the server's VmHWM from /proc.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::raw::Raw;

/// The bound the README states, in MiB, for these attacks.
const BOUND_MIB: u64 = 768;

pub(crate) fn vm_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn threads(pid: u32) -> u64 {
    vm_kib(pid, "Threads:")
}

#[test]
#[ignore = "slow attack (tens of seconds): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn two_thousand_pipelined_reads_of_a_10_mb_file() {
    let f = Fixture::new();
    let mut text = String::new();
    while text.len() < 10_000_000 {
        text.push_str("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n");
    }
    f.write("big.txt", &text);
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let pid = raw.child.id();
    let mut batch = Vec::new();
    for id in 1000..3000 {
        let m = json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {"name": "text.read", "arguments": {"path": "big.txt"}}});
        batch.extend_from_slice(m.to_string().as_bytes());
        batch.push(b'\n');
    }
    // One write from another thread (the server stops reading while at its cap, so this
    // write may block until replies are consumed).
    let mut stdin = raw.take_stdin();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&batch).unwrap();
        stdin.flush().unwrap();
        stdin
    });
    let start = Instant::now();
    let (mut answered, mut peak_threads) = (0, 0);
    // Read slowly at first: the server must not buffer what it cannot send.
    std::thread::sleep(Duration::from_secs(2));
    let early_hwm = vm_kib(pid, "VmHWM:");
    peak_threads = peak_threads.max(threads(pid));
    // Twice the in-flight cap: enough to see the steady state (a debug build is slow).
    while answered < 2 * mcp_reference::limits::MAX_IN_FLIGHT {
        let line = raw
            .next_line(Duration::from_secs(60))
            .expect("a reply within 60 s");
        assert!(
            line.len() > 2 * text.len() && line.contains("\"content\":\"0123456789"),
            "{:.200}",
            line
        );
        answered += 1;
        peak_threads = peak_threads.max(threads(pid));
    }
    let hwm = vm_kib(pid, "VmHWM:");
    raw.kill();
    let _ = writer.join();
    eprintln!(
        "memory: 2000 pipelined 10 MB reads in one write: {answered} replies read in {:.1} s; \
         peak RSS {} MiB after 2 s of not reading, {} MiB after {answered} replies; at most {peak_threads} threads \
         (bound {BOUND_MIB} MiB)",
        start.elapsed().as_secs_f64(),
        early_hwm / 1024,
        hwm / 1024
    );
    assert!(
        hwm / 1024 < BOUND_MIB,
        "peak RSS {} MiB over the bound",
        hwm / 1024
    );
}

#[test]
fn garbage_flood_while_stdout_is_not_read() {
    use std::process::{Command, Stdio};
    let f = Fixture::new();
    // Nobody ever reads this server's stdout.
    let mut child = Command::new(BIN)
        .arg("--root")
        .arg(&f.root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let d = done.clone();
    let writer = std::thread::spawn(move || {
        let chunk = "this is not json at all\n".repeat(4096);
        let mut sent = 0u64;
        while !d.load(std::sync::atomic::Ordering::Relaxed) {
            if stdin.write_all(chunk.as_bytes()).is_err() {
                break;
            }
            sent += 4096;
        }
        sent
    });
    std::thread::sleep(Duration::from_secs(3));
    let hwm = vm_kib(pid, "VmHWM:");
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    let _ = child.kill();
    let _ = child.wait();
    let sent = writer.join().unwrap();
    eprintln!(
        "memory: garbage flood with stdout never read: the server took at most {sent} lines in 3 s \
         (then stopped reading), peak RSS {} MiB",
        hwm / 1024
    );
    assert!(
        hwm / 1024 < 64,
        "peak RSS {} MiB: replies are queued without bound",
        hwm / 1024
    );
    assert!(
        sent < 1_000_000,
        "the server kept reading although nobody read its replies ({sent} lines)"
    );
}

#[test]
fn oversized_create_is_refused_without_buffering_it() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let pid = raw.child.id();
    let mut stdin = raw.take_stdin();
    let start = Instant::now();
    let writer = std::thread::spawn(move || {
        stdin.write_all(br#"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":{"name":"file.create","arguments":{"path":"huge.txt","content":""#).unwrap();
        let mb = vec![b'a'; 1 << 20];
        for _ in 0..1000 {
            if stdin.write_all(&mb).is_err() {
                return stdin;
            }
        }
        stdin.write_all(b"\"}}}\n").unwrap();
        stdin
    });
    let m = raw
        .next_message(Duration::from_secs(120))
        .expect("an answer");
    let took = start.elapsed();
    let hwm = vm_kib(pid, "VmHWM:");
    let mut stdin = writer.join().unwrap();
    // The server goes on serving afterwards.
    stdin
        .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":78,\"method\":\"tools/list\"}\n")
        .unwrap();
    let after = raw
        .next_message(Duration::from_secs(30))
        .expect("still serving");
    raw.kill();
    eprintln!(
        "memory: 1000 MB file.create refused in {:.1} s, peak RSS {} MiB: {:.160}",
        took.as_secs_f64(),
        hwm / 1024,
        m.to_string()
    );
    assert_eq!(m["error"]["code"], -32600, "{m}");
    assert!(
        m["error"]["message"].as_str().unwrap().contains("in parts"),
        "{m}"
    );
    assert_eq!(after["id"], 78);
    assert!(!f.root.join("huge.txt").exists());
    assert!(hwm / 1024 < BOUND_MIB, "peak RSS {} MiB", hwm / 1024);
}
