//! A server whose client is gone exits, in every profile: both pipes closed with 100
//! requests in flight (more than `MAX_IN_FLIGHT`, so the reader waits for a slot that only
//! a written reply frees), stdout closed alone (busy or idle, stdin left open), and stdin
//! closed alone (every reply still delivered). Large replies half written when the pipes
//! close, and mutations in flight, leave no temporary file. Each case prints its exit time.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::common::*;
use crate::sigkill::temp_files;

/// How long a server may take to notice and exit: rmcp gives handlers in flight up to 5 s
/// to answer once the input ends, then the runtime gives blocking work (a mutation
/// finishing its rename) up to 2 s; a little more for a loaded machine.
const EXIT_WITHIN: Duration = Duration::from_secs(10);

/// The requests in flight when the client goes away.
const IN_FLIGHT: usize = 100;

/// Every profile the reference serves, from its own table.
fn profiles() -> impl Iterator<Item = &'static str> {
    mcp_reference::profiles::PROFILES.iter().map(|p| p.name)
}

fn spawn(root: &std::path::Path, profile: &str) -> (Child, ChildStdin, ChildStdout) {
    let mut child = Command::new(BIN)
        .arg("--root")
        .arg(root)
        .args(["--profile", profile])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(stderr_cfg())
        .spawn()
        .expect("spawn server");
    let stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    (child, stdin, stdout)
}

/// The handshake and `n` requests made by `request(id)`, as one block of lines.
fn session(n: usize, request: impl Fn(usize) -> serde_json::Value) -> Vec<u8> {
    let mut out = Vec::new();
    let init = json!({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params":
        {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "gone", "version": "0"}}});
    let inited = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    for msg in [init, inited].into_iter().chain((1..=n).map(request)) {
        out.extend_from_slice(msg.to_string().as_bytes());
        out.push(b'\n');
    }
    out
}

fn tools_list(id: usize) -> serde_json::Value {
    json!({"jsonrpc": "2.0", "id": id, "method": "tools/list"})
}

/// Waits up to `EXIT_WITHIN` for the child to exit; kills it after. The time it took, or
/// None if it had to be killed.
fn exit_time(child: &mut Child, since: Instant) -> Option<Duration> {
    exit_time_within(child, since, EXIT_WITHIN)
}

/// `exit_time` with a bound of its own.
fn exit_time_within(child: &mut Child, since: Instant, bound: Duration) -> Option<Duration> {
    while since.elapsed() < bound {
        if child.try_wait().unwrap().is_some() {
            return Some(since.elapsed());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

#[test]
fn both_pipes_closed_with_requests_in_flight_ends_the_server_in_every_profile() {
    let mut failed = Vec::new();
    for profile in profiles() {
        let f = Fixture::new();
        let (mut child, mut stdin, stdout) = spawn(&f.root, profile);
        stdin.write_all(&session(IN_FLIGHT, tools_list)).unwrap();
        drop(stdin);
        drop(stdout);
        let t = Instant::now();
        let took = exit_time(&mut child, t);
        eprintln!(
            "client_gone: {profile}: {IN_FLIGHT} tools/list in flight, both pipes closed: exit after {took:?}"
        );
        if took.is_none() {
            failed.push(profile);
        }
    }
    assert!(
        failed.is_empty(),
        "still running after {EXIT_WITHIN:?}, killed: {failed:?}"
    );
}

#[test]
fn stdout_closed_alone_ends_the_server_busy_or_idle_in_every_profile() {
    let mut failed = Vec::new();
    for profile in profiles() {
        let f = Fixture::new();
        // Busy: requests in flight, stdin left open.
        let (mut child, mut stdin, stdout) = spawn(&f.root, profile);
        stdin.write_all(&session(IN_FLIGHT, tools_list)).unwrap();
        drop(stdout);
        let busy = exit_time(&mut child, Instant::now());
        drop(stdin);
        // Idle: the handshake answered and left unread in the pipe, then nothing more;
        // no write can fail, so only watching stdout tells.
        let (mut child, mut stdin, stdout) = spawn(&f.root, profile);
        stdin.write_all(&session(0, tools_list)).unwrap();
        let mut first = String::new();
        let mut reader = BufReader::new(stdout);
        reader.read_line(&mut first).unwrap();
        assert!(first.contains("\"id\":0"), "{profile}: {first:.200}");
        drop(reader);
        let idle = exit_time(&mut child, Instant::now());
        drop(stdin);
        eprintln!(
            "client_gone: {profile}: stdout closed, stdin open: exit after {busy:?} with \
             {IN_FLIGHT} requests in flight, {idle:?} idle"
        );
        if busy.is_none() || idle.is_none() {
            failed.push(profile);
        }
    }
    assert!(
        failed.is_empty(),
        "still running after {EXIT_WITHIN:?}, killed: {failed:?}"
    );
}

#[test]
fn stdin_closed_alone_delivers_every_reply_then_exits_in_every_profile() {
    let mut failed = Vec::new();
    for profile in profiles() {
        let f = Fixture::new();
        let (mut child, mut stdin, stdout) = spawn(&f.root, profile);
        stdin.write_all(&session(IN_FLIGHT, tools_list)).unwrap();
        drop(stdin);
        let t = Instant::now();
        let lines = std::thread::spawn(move || BufReader::new(stdout).lines().count());
        let took = exit_time(&mut child, t);
        let replies = lines.join().unwrap();
        eprintln!(
            "client_gone: {profile}: stdin closed, stdout read: {replies} replies, exit after {took:?}"
        );
        assert_eq!(replies, IN_FLIGHT + 1, "{profile}: every request answered");
        if took.is_none() {
            failed.push(profile);
        }
    }
    assert!(
        failed.is_empty(),
        "still running after {EXIT_WITHIN:?}, killed: {failed:?}"
    );
}

/// Issue 50, item 5: stdin ending with a call still running that takes its whole deadline
/// (an edit_file of 100k edits: 10 s, then refused) lost that reply: the server exited about
/// 7 s after stdin closed (rmcp's 5 s for handlers, then 2 s). The end of stdin now waits for
/// the calls in flight (`END_OF_INPUT_GRACE`, 15 s), so the reply is delivered.
#[test]
#[ignore = "slow attack (a call that runs to its 10 s deadline): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn stdin_closed_during_a_call_at_its_deadline_still_delivers_its_reply() {
    let f = Fixture::new();
    let text: String = (0..100_000)
        .map(|i| format!("line {i} of the old text\n"))
        .collect();
    f.write("f.txt", &text);
    let path = f.root.join("f.txt").display().to_string();
    let edits: Vec<serde_json::Value> = (0..100_000)
        .map(|i| json!({"oldText": format!("line {i} of the old text\n"), "newText": "x\n"}))
        .collect();
    let (mut child, mut stdin, stdout) = spawn(&f.root, "filesystem");
    let call = |_| {
        json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call",
               "params": {"name": "edit_file", "arguments": {"path": path, "edits": edits}}})
    };
    stdin.write_all(&session(1, call)).unwrap();
    drop(stdin);
    let t = Instant::now();
    let lines = std::thread::spawn(move || {
        BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    let took = exit_time_within(&mut child, t, Duration::from_secs(40));
    let lines = lines.join().unwrap();
    let reply = lines
        .iter()
        .find(|l| l.contains("\"id\":1"))
        .unwrap_or_else(|| panic!("the call's reply was lost; exit after {took:?}: {lines:?}"));
    assert!(reply.contains("fewer edits"), "{reply:.300}");
    eprintln!(
        "client_gone: stdin closed during a 10 s call: its reply delivered, exit after {took:?}"
    );
    assert!(took.is_some(), "still running after 40 s");
}

/// Large replies half written and mutations in flight when both pipes close (rootspace:
/// 4 MiB reads and replaces): the server exits and leaves no temporary file.
#[test]
fn pipes_closed_mid_reply_and_mid_write_leave_no_temporary_file() {
    let f = Fixture::new();
    let mut big = String::new();
    while big.len() < 4 << 20 {
        big.push_str("the quick brown fox jumps over the lazy dog\n");
    }
    for i in 0..4 {
        f.write(&format!("big{i}.txt"), &big);
    }
    let (mut child, mut stdin, stdout) = spawn(&f.root, "rootspace");
    let request = |id: usize| {
        let path = format!("big{}.txt", id % 4);
        if id.is_multiple_of(10) {
            let content = format!("new {id}\n");
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params":
                {"name": "file.create", "arguments": {"path": format!("n{id}.txt"), "content": content}}})
        } else {
            json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params":
                {"name": "text.read", "arguments": {"path": path}}})
        }
    };
    stdin.write_all(&session(IN_FLIGHT, request)).unwrap();
    // Let the first replies start: the pipe fills and the writer blocks mid-reply.
    let mut reader = BufReader::new(stdout);
    let mut first = String::new();
    reader.read_line(&mut first).unwrap();
    let mut partial = [0u8; 4096];
    std::io::Read::read_exact(&mut reader, &mut partial).unwrap();
    drop(stdin);
    drop(reader);
    let took = exit_time(&mut child, Instant::now());
    let temps = temp_files(&f.root);
    eprintln!(
        "client_gone: rootspace: 4 MiB reads and creates in flight, a reply half read, both \
         pipes closed: exit after {took:?}, {} temporary files left",
        temps.len()
    );
    assert!(
        took.is_some(),
        "still running after {EXIT_WITHIN:?}, killed"
    );
    assert!(temps.is_empty(), "{temps:?}");
}
