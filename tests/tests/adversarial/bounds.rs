//! Every profile's work is bounded (issue 21, items 3 to 8; docs/limits.md): pipelined
//! large lines are all answered, large reads and walks of the filesystem profile stay
//! under the memory bound, CPU-heavy edits stop at their deadline and release the file,
//! and hostile globs are refused plainly. Peak memory is the server's VmHWM.

use std::io::Write;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::*;
use crate::memory::vm_kib;
use crate::raw::Raw;

/// The memory bound docs/limits.md states, in MiB.
const BOUND_MIB: u64 = 1024;

fn peak_mib(raw: &Raw) -> u64 {
    vm_kib(raw.child.id(), "VmHWM:") / 1024
}

/// A tools/call answered within `secs` seconds (longer than `Raw::request`'s 30 s, for a
/// debug build on a busy machine).
fn call_within(raw: &mut Raw, tool: &str, args: Value, secs: u64) -> Value {
    let id = raw.request_nowait("tools/call", json!({"name": tool, "arguments": args}));
    raw.response(id, Duration::from_secs(secs))
}

fn filesystem(f: &Fixture) -> Raw {
    let mut raw = Raw::spawn(&f.root, &["--profile", "filesystem"]);
    raw.initialize();
    raw
}

/// The text of a filesystem tool's reply, and whether it is an error.
fn text_of(r: &Value) -> (String, bool) {
    let result = &r["result"];
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    (text.to_owned(), result["isError"] == true)
}

/// A request line of a tool call, built without a JSON value for the large content.
fn create_line(id: u64, path: &str, content_len: usize) -> Vec<u8> {
    let mut line = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/call","params":{{"name":"file.create","arguments":{{"path":"{path}","content":""#
    )
    .into_bytes();
    line.resize(line.len() + content_len, b'a');
    line.extend_from_slice(b"\"}}}\n");
    line
}

/// Item 3: rmcp cancels the transport's `receive()` whenever a reply is ready; a complete
/// line waiting for line budget was kept in the cancelled future and glued to the next
/// one, so ids 2 and 3 were never answered.
#[test]
#[ignore = "slow attack (400 MB through a pipe): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn two_pipelined_200_mb_lines_and_a_ping_are_all_answered() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let mut stdin = raw.take_stdin();
    let start = Instant::now();
    let writer = std::thread::spawn(move || {
        for (id, path) in [(1, "one.txt"), (2, "two.txt")] {
            stdin
                .write_all(&create_line(id, path, 200_000_000))
                .unwrap();
        }
        stdin
            .write_all(b"{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}\n")
            .unwrap();
        stdin.flush().unwrap();
        stdin
    });
    let mut seen = Vec::new();
    while seen.len() < 3 {
        let m = raw
            .next_message(Duration::from_secs(300))
            .unwrap_or_else(|| panic!("only ids {seen:?} answered"));
        assert!(m.get("error").is_none(), "{m}");
        seen.push(m["id"].as_i64().unwrap_or(-1));
    }
    let hwm = peak_mib(&raw);
    drop(writer.join());
    eprintln!(
        "bounds: two pipelined 200 MB file.create lines and a ping: ids {seen:?} answered in \
         {:.1} s, peak RSS {hwm} MiB (bound {BOUND_MIB} MiB)",
        start.elapsed().as_secs_f64()
    );
    seen.sort();
    assert_eq!(seen, [1, 2, 3]);
    assert_eq!(
        std::fs::metadata(f.root.join("two.txt")).unwrap().len(),
        200_000_000
    );
    assert!(hwm < BOUND_MIB, "peak RSS {hwm} MiB");
}

/// Item 7: a line just under the line cap (200 MiB) stays under the bound.
#[test]
#[ignore = "slow attack (a 200 MiB line): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn a_line_just_under_the_cap_stays_under_the_bound() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let line = create_line(1, "big.txt", mcp_reference::limits::MAX_LINE - 200);
    raw.send_line(&line[..line.len() - 1]);
    drop(line);
    let m = raw.response(1, Duration::from_secs(300));
    let hwm = peak_mib(&raw);
    eprintln!(
        "bounds: one {} byte line: peak RSS {hwm} MiB",
        mcp_reference::limits::MAX_LINE - 200
    );
    assert!(m.get("error").is_none(), "{m}");
    assert!(hwm < BOUND_MIB, "peak RSS {hwm} MiB");
}

/// Item 7 as reported: a 380 MB line, just under the old 384 MiB cap, peaked at 1.87 GiB.
/// Now it is over the cap: answered (refused, or served) and the server stays under the
/// bound and answers the next request.
#[test]
#[ignore = "slow attack (a 380 MB line): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn a_380_mb_line_stays_under_the_bound() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let line = create_line(1000, "big.txt", 380_000_000);
    raw.send_line(&line[..line.len() - 1]);
    drop(line);
    let ping = raw.request_nowait("ping", json!({}));
    let (mut big, mut pong) = (None, None);
    let deadline = Instant::now() + Duration::from_secs(300);
    while big.is_none() || pong.is_none() {
        let left = deadline.saturating_duration_since(Instant::now());
        let Some(m) = raw.next_message(left) else {
            break;
        };
        if m["id"] == json!(ping) {
            pong = Some(m);
        } else if m["id"] == json!(1000) || m["id"].is_null() {
            big = Some(m);
        }
    }
    let hwm = peak_mib(&raw);
    eprintln!("bounds: one 380 MB line: peak RSS {hwm} MiB");
    assert!(big.is_some(), "the 380 MB line was never answered");
    assert!(
        pong.is_some_and(|m| m.get("result").is_some()),
        "the ping after it was not answered"
    );
    assert!(
        hwm < BOUND_MIB,
        "peak RSS {hwm} MiB (bound {BOUND_MIB} MiB)"
    );
}

/// Item 4: the filesystem profile had no work budget: read_multiple_files of a 100 MB
/// file 12 times passed 2 GiB, and 12 pipelined reads of it 1.16 GiB.
#[test]
fn large_reads_of_the_filesystem_profile_stay_bounded() {
    let f = Fixture::new();
    let line = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n";
    f.write("big.txt", line.repeat(100_000_000 / line.len()));
    let big = f.root.join("big.txt").display().to_string();
    let mut raw = filesystem(&f);
    let start = Instant::now();
    let r = raw.call(
        "read_multiple_files",
        json!({"paths": vec![big.clone(); 12]}),
    );
    let text = r["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.len() < 64 << 20, "a reply of {} bytes", text.len());
    assert!(
        text.contains("read it in parts") || text.contains("Read it in parts"),
        "{:.300}",
        text
    );
    let ids: Vec<i64> = (0..12)
        .map(|_| {
            raw.request_nowait(
                "tools/call",
                json!({"name": "read_text_file", "arguments": {"path": big}}),
            )
        })
        .collect();
    for id in ids {
        let m = raw.response(id, Duration::from_secs(120));
        let (text, is_error) = text_of(&m);
        assert!(is_error && text.contains("head or tail"), "{:.300}", text);
    }
    // A part that fits is served.
    let r = raw.call("read_text_file", json!({"path": big, "head": 3}));
    assert_eq!(r["content"][0]["text"], line.repeat(3));
    let hwm = peak_mib(&raw);
    eprintln!(
        "bounds: read_multiple_files of a 100 MB file x12 and 12 pipelined whole reads of it: \
         refused with advice in {:.1} s, peak RSS {hwm} MiB",
        start.elapsed().as_secs_f64()
    );
    assert!(hwm < BOUND_MIB, "peak RSS {hwm} MiB");
}

/// Item 5: directory_tree replies grew with depth squared: 4 chains of 2,000 nested
/// directories gave a 193 MB reply and 711 MiB.
#[test]
#[ignore = "slow attack (8,000 nested directories): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn deep_directory_chains_are_refused_with_advice() {
    let f = Fixture::new();
    for chain in 0..4 {
        let mut p = f.root.join(format!("c{chain}"));
        for _ in 0..2000 {
            p.push("d");
        }
        std::fs::create_dir_all(&p).unwrap();
    }
    let mut raw = filesystem(&f);
    let root = f.root.display().to_string();
    let start = Instant::now();
    for tool in ["directory_tree", "search_files"] {
        let m = call_within(
            &mut raw,
            tool,
            json!({"path": root, "pattern": "**/d"}),
            120,
        );
        let (text, is_error) = text_of(&m);
        assert!(is_error, "{tool}: {:.300}", text);
        assert!(
            text.contains("deep") && text.contains("excludePatterns"),
            "{tool}: {text:.400}"
        );
        assert!(text.len() < 2000, "{tool}: {} bytes of error", text.len());
    }
    // A start further down, with fewer levels below it, is served.
    let deeper = format!("{root}/c0{}", "/d".repeat(1800));
    let m = call_within(&mut raw, "directory_tree", json!({"path": deeper}), 120);
    let (text, is_error) = text_of(&m);
    assert!(
        !is_error && text.matches("\"directory\"").count() == 200,
        "{text:.300}"
    );
    let hwm = peak_mib(&raw);
    eprintln!(
        "bounds: directory_tree and search_files over 4 chains of 2,000 nested directories: \
         refused in {:.1} s, peak RSS {hwm} MiB",
        start.elapsed().as_secs_f64()
    );
    assert!(hwm < 256, "peak RSS {hwm} MiB");
}

/// Item 6: one edit_file rewriting a 100k-line file took 61 s of CPU (the diff), 100k
/// edits 75 s, holding the file's lock all that time.
#[test]
#[ignore = "slow attack (100k edits, a 100k-line rewrite): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn cpu_heavy_edits_stop_at_their_deadline_and_release_the_file() {
    let f = Fixture::new();
    let before: String = (0..100_000)
        .map(|i| format!("line {i} of the old text\n"))
        .collect();
    f.write("f.txt", &before);
    let path = f.root.join("f.txt").display().to_string();
    let mut raw = filesystem(&f);
    // 100k edits, each a search and a splice of the whole text.
    let edits: Vec<Value> = (0..100_000)
        .map(|i| json!({"oldText": format!("line {i} of the old text\n"), "newText": format!("line {i} of the new text\n")}))
        .collect();
    let start = Instant::now();
    let m = call_within(
        &mut raw,
        "edit_file",
        json!({"path": path, "edits": edits}),
        120,
    );
    let many = start.elapsed();
    let (text, is_error) = text_of(&m);
    assert!(is_error && text.contains("fewer edits"), "{text:.300}");
    assert_eq!(f.text("f.txt"), before, "a failed edit changed the file");
    // One edit rewriting every line: the diff's search is cut short, the edit is made.
    let after: String = (0..100_000)
        .map(|i| format!("row {i} of the new text\n"))
        .collect();
    let start = Instant::now();
    let m = call_within(
        &mut raw,
        "edit_file",
        json!({"path": path, "edits": [{"oldText": before, "newText": after}]}),
        120,
    );
    let rewrite = start.elapsed();
    let (text, is_error) = text_of(&m);
    assert!(!is_error, "{text:.300}");
    assert_eq!(f.text("f.txt"), after);
    // The lock was released: a small edit goes through at once.
    let m = raw.request(
        "tools/call",
        json!({"name": "edit_file", "arguments": {"path": path, "edits": [{"oldText": "row 7 of", "newText": "ROW 7 of"}]}}),
    );
    assert!(!text_of(&m).1, "{m}");
    eprintln!(
        "bounds: 100k edits refused after {:.1} s; a 100k-line rewrite answered in {:.1} s; \
         the file was free afterwards",
        many.as_secs_f64(),
        rewrite.as_secs_f64()
    );
    // The server's part is bounded by the deadlines (10 s, 2 s); the rest is a debug
    // build parsing 100k edits on a busy machine. Before: 75 s in a release build.
    assert!(many < Duration::from_secs(90), "{many:?}");
    assert!(rewrite < Duration::from_secs(90), "{rewrite:?}");
}

/// Item 8: a glob with 500 nested braces, or a 1 MB pattern, panicked a task and the
/// error echoed the whole generated regex.
#[test]
fn hostile_globs_are_plain_invalid_argument_errors() {
    let f = Fixture::new();
    f.write("a.txt", "x");
    let mut raw = filesystem(&f);
    let root = f.root.display().to_string();
    let nested = format!("{}x{}", "{a,".repeat(500), "}".repeat(500));
    let long = "a".repeat(1 << 20);
    for pattern in [&nested, &long] {
        for args in [
            json!({"path": root, "pattern": pattern}),
            json!({"path": root, "pattern": "*.txt", "excludePatterns": [pattern]}),
        ] {
            let m = raw.request(
                "tools/call",
                json!({"name": "search_files", "arguments": args}),
            );
            let (text, is_error) = text_of(&m);
            assert!(is_error, "{text:.300}");
            assert_eq!(
                m["result"]["structuredContent"]["code"], "INVALID_ARGUMENT",
                "{text:.300}"
            );
            assert!(
                text.len() < 1000,
                "an error of {} bytes: {text:.300}",
                text.len()
            );
        }
    }
    let m = raw.request(
        "tools/call",
        json!({"name": "directory_tree", "arguments": {"path": root, "excludePatterns": [nested]}}),
    );
    assert_eq!(
        m["result"]["structuredContent"]["code"], "INVALID_ARGUMENT",
        "{m:.300}"
    );
    // Still serving.
    let r = raw.call("search_files", json!({"path": root, "pattern": "*.txt"}));
    assert!(
        r["content"][0]["text"].as_str().unwrap().ends_with("a.txt"),
        "{r}"
    );
}

/// Issue 50, item 3: a search_files with 8,000 exclude patterns of 4 KB each took 86.8 s of
/// CPU and 1.2 GiB; directory_tree the same. The list is now capped before any matcher is
/// built (256 patterns, 64 KiB in all), refused with an error that names the limit, and a
/// list at the cap still works.
#[test]
fn exclude_pattern_lists_are_capped_before_the_walk() {
    let f = Fixture::new();
    f.write("a.txt", "x");
    f.write("skip/b.txt", "y");
    let mut raw = filesystem(&f);
    let root = f.root.display().to_string();
    let many: Vec<String> = (0..1000).map(|i| format!("**/never-{i}")).collect();
    let long: Vec<String> = (0..20)
        .map(|i| format!("{i}{}", "z".repeat(4000)))
        .collect();
    let at_cap: Vec<String> = (0..255)
        .map(|i| format!("**/never-{i}"))
        .chain(["skip".to_string()])
        .collect();
    for (tool, extra) in [
        ("search_files", json!({"pattern": "**/*.txt"})),
        ("directory_tree", json!({})),
    ] {
        for (patterns, what) in [(&many, "1000 patterns"), (&long, "80,000 bytes")] {
            let mut args = extra.clone();
            args["path"] = json!(root);
            args["excludePatterns"] = json!(patterns);
            let started = Instant::now();
            let m = call_within(&mut raw, tool, args, 60);
            let (text, is_error) = text_of(&m);
            assert!(is_error, "{tool}, {what}: {text:.300}");
            assert_eq!(
                m["result"]["structuredContent"]["code"], "INVALID_ARGUMENT",
                "{tool}, {what}: {text:.300}"
            );
            assert!(
                text.contains("256 patterns") && text.contains("65536 bytes"),
                "{tool}, {what}: the error names the limit: {text:.400}"
            );
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{tool}, {what}"
            );
        }
        let mut args = extra.clone();
        args["path"] = json!(root);
        args["excludePatterns"] = json!(at_cap);
        let m = call_within(&mut raw, tool, args, 60);
        let (text, is_error) = text_of(&m);
        assert!(!is_error, "{tool}, 256 patterns are taken: {text:.300}");
        assert!(
            text.contains("a.txt") && !text.contains("b.txt"),
            "{tool}: {text:.300}"
        );
    }
}

/// Issue 50, item 2: in the filesystem profile a path of 20,000 short segments cost 18 s of
/// server CPU (each prefix walked from the top) and had no length cap. A path over
/// `MAX_PATH` (4,096 bytes) is now refused before it is read, naming the limit, and a long
/// path that leaves the tree early stops being followed where it does.
#[test]
fn long_paths_are_capped_and_missing_prefixes_end_the_walk() {
    let f = Fixture::new();
    f.write("a.txt", "x");
    let mut raw = filesystem(&f);
    let root = f.root.display().to_string();
    let huge = format!("{root}/{}x.txt", "a/".repeat(20_000));
    let long = format!("{root}/{}x.txt", "a/".repeat(1_900));
    // The error for the missing file names the path as given (FS-CLR-10), so only the
    // refusal of the long one is short.
    for (path, code, words, short) in [
        (&huge, "INVALID_PATH", "at most 4096 bytes", true),
        (&long, "NOT_FOUND", "no such file", false),
    ] {
        let started = Instant::now();
        let m = call_within(&mut raw, "read_text_file", json!({"path": path}), 60);
        let elapsed = started.elapsed();
        let (text, is_error) = text_of(&m);
        assert!(is_error, "{text:.300}");
        assert_eq!(
            m["result"]["structuredContent"]["code"], code,
            "{text:.300}"
        );
        assert!(text.to_lowercase().contains(words), "{text:.300}");
        assert!(
            !short || text.len() < 1000,
            "an error of {} bytes",
            text.len()
        );
        // The server's part is a few milliseconds; the bound leaves a busy machine room.
        assert!(elapsed < Duration::from_secs(5), "{elapsed:?}: {text:.200}");
    }
    // The profiles of the shared host-path rules (lighthouse here) cap it too, quoting only
    // the path's start.
    let mut raw = Raw::spawn(&f.root, &["--profile", "lighthouse"]);
    raw.initialize();
    let m = call_within(&mut raw, "read", json!({"path": huge}), 60);
    let (text, is_error) = text_of(&m);
    assert!(
        is_error && text.contains("at most 4096 bytes"),
        "{text:.300}"
    );
    assert!(text.len() < 1000, "an error of {} bytes", text.len());
}

/// Issue 50, item 1: 250,000 `file/open` calls on distinct files, never closed, took the
/// editor to 1.2 GiB. A session holds at most 4,096 files open; the next open is refused
/// naming the limit and file/close, while reads and saves still work, and a close makes
/// room again. The calls are pipelined, so the test is quick even in a debug build.
#[test]
fn editor_sessions_hold_a_bounded_number_of_open_files() {
    const LIMIT: usize = 4096;
    let f = Fixture::new();
    for i in 0..=LIMIT {
        f.write(&format!("d/f{i}.txt"), "x\n");
    }
    let mut raw = Raw::spawn(&f.root, &["--profile", "editor"]);
    raw.initialize();
    let uri = |i: usize| format!("file://{}/d/f{i}.txt", f.root.display());
    let ids: Vec<i64> = (0..LIMIT)
        .map(|i| raw.request_nowait("file/open", json!({"uri": uri(i)})))
        .collect();
    for id in ids {
        let m = raw.response(id, Duration::from_secs(120));
        assert_eq!(m["result"]["success"], true, "{m}");
    }
    let refused = raw.request("file/open", json!({"uri": uri(LIMIT)}));
    let message = refused["error"]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("4096") && message.contains("file/close"),
        "the open past the limit: {refused}"
    );
    // Reading needs no buffer; a close makes room for the refused file.
    let read = raw.request("file/read", json!({"uri": uri(LIMIT)}));
    assert_eq!(read["result"]["content"], "x\n", "{read}");
    let closed = raw.request("file/close", json!({"uri": uri(0)}));
    assert_eq!(closed["result"]["success"], true, "{closed}");
    let opened = raw.request("file/open", json!({"uri": uri(LIMIT)}));
    assert_eq!(opened["result"]["success"], true, "{opened}");
    // Opening a file already open takes no new buffer.
    let again = raw.request("file/open", json!({"uri": uri(1)}));
    assert_eq!(again["result"]["success"], true, "{again}");
}

/// Issue 50, item 2: read_multiple_files multiplied a long path's cost by the number of
/// paths. The list is bounded before the first path is resolved (1,000 paths, 64 KiB in
/// all), refused naming both limits; a list within them is read.
#[test]
fn read_multiple_files_lists_are_bounded() {
    let f = Fixture::new();
    f.write("a.txt", "x");
    let mut raw = filesystem(&f);
    let root = f.root.display().to_string();
    let a = format!("{root}/a.txt");
    let many: Vec<String> = (0..1001).map(|_| a.clone()).collect();
    let long: Vec<String> = (0..20)
        .map(|i| format!("{root}/{}{i}", "z/".repeat(1990)))
        .collect();
    for (paths, what) in [(&many, "1001 paths"), (&long, "20 long paths")] {
        let m = call_within(&mut raw, "read_multiple_files", json!({"paths": paths}), 60);
        let (text, is_error) = text_of(&m);
        assert!(is_error, "{what}: {text:.300}");
        assert_eq!(
            m["result"]["structuredContent"]["code"], "INVALID_ARGUMENT",
            "{what}: {text:.300}"
        );
        assert!(
            text.contains("1000 paths") && text.contains("65536 bytes"),
            "{what}: {text:.300}"
        );
    }
    let fine: Vec<String> = (0..100).map(|_| a.clone()).collect();
    let m = call_within(&mut raw, "read_multiple_files", json!({"paths": fine}), 60);
    let (text, is_error) = text_of(&m);
    assert!(
        !is_error && text.matches("a.txt:\nx").count() == 100,
        "{text:.300}"
    );
}

/// Item 4 over HTTP: a 480-byte read_multiple_files with a read-only token passed 2 GiB;
/// eight of them at once, in one session, now stay under the bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn large_reads_over_http_with_a_read_only_token_stay_bounded() {
    use std::process::{Command, Stdio};
    let f = Fixture::new();
    let line = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-\n";
    f.write("big.txt", line.repeat(100_000_000 / line.len()));
    let tokens = f.root.parent().unwrap().join("tokens.txt");
    std::fs::write(&tokens, "ro files:read\n").unwrap();
    let mut child = Command::new(BIN)
        .arg("--root")
        .arg(&f.root)
        .args(["--profile", "filesystem", "--http", "127.0.0.1:0"])
        .args(["--auth-tokens", tokens.to_str().unwrap()])
        .stdin(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let url = e2e_tests::listen::announced_endpoint(&mut child)
        .expect("the server printed no address: it did not listen");
    let c = reqwest::Client::builder().no_proxy().build().unwrap();
    let post = |body: String, session: Option<String>| {
        let mut r = c
            .post(&url)
            .header("content-type", "application/json")
            .header("accept", "application/json, text/event-stream")
            .header("authorization", "Bearer ro");
        if let Some(id) = session {
            r = r.header("mcp-session-id", id);
        }
        r.body(body).send()
    };
    let init = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}"#;
    let r = post(init.to_owned(), None).await.unwrap();
    assert_eq!(r.status(), 200);
    let session = r.headers()["mcp-session-id"].to_str().unwrap().to_owned();
    let note = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    post(note.to_owned(), Some(session.clone())).await.unwrap();
    let big = f.root.join("big.txt").display().to_string();
    let start = Instant::now();
    let calls = (0..8).map(|i| {
        let body = json!({"jsonrpc": "2.0", "id": 10 + i, "method": "tools/call",
            "params": {"name": "read_multiple_files", "arguments": {"paths": vec![big.clone(); 12]}}});
        post(body.to_string(), Some(session.clone()))
    });
    let mut largest = 0;
    for r in futures_join(calls).await {
        let r = r.unwrap();
        assert_eq!(r.status(), 200);
        let body = r.text().await.unwrap();
        assert!(body.contains("head or tail"), "{body:.300}");
        largest = largest.max(body.len());
    }
    let hwm = vm_kib(child.id(), "VmHWM:") / 1024;
    let _ = child.kill();
    let _ = child.wait();
    eprintln!(
        "bounds: 8 concurrent read_multiple_files of a 100 MB file x12 over HTTP with a \
         read-only token: answered in {:.1} s, largest body {largest} bytes, peak RSS {hwm} MiB",
        start.elapsed().as_secs_f64()
    );
    assert!(hwm < BOUND_MIB, "peak RSS {hwm} MiB");
}

/// Awaits all the futures concurrently (no extra crate for one join).
async fn futures_join<F: Future + Send + 'static>(fs: impl Iterator<Item = F>) -> Vec<F::Output>
where
    F::Output: Send,
{
    let handles: Vec<_> = fs.map(tokio::spawn).collect();
    let mut out = Vec::new();
    for h in handles {
        out.push(h.await.unwrap());
    }
    out
}

/// An over-long line is answered so that its client can match the answer: with the
/// request's own id when the line's first bytes hold it (an integer, a string), and with
/// `"id": null` otherwise (JSON-RPC 2.0 section 5; CLR-032). Lines of `MAX_LINE` + 1 MiB
/// are streamed in 1 MiB writes, never built whole.
#[test]
#[ignore = "slow attack (600 MB through a pipe): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn over_long_lines_are_answered_with_their_own_id_or_null() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    let mut stdin = raw.take_stdin();
    let t = Instant::now();
    let writer = std::thread::spawn(move || {
        let pad = vec![b'a'; 1 << 20];
        let call = r#""method":"tools/call","params":{"name":"file.create","arguments":{"path":"big.txt","content":""#;
        let heads = [
            format!(r#"{{"jsonrpc":"2.0","id":77,{call}"#),
            format!(r#"{{"jsonrpc":"2.0","id":"long-line",{call}"#),
            format!(r#"{{"jsonrpc":"2.0",{call}"#),
        ];
        let tails = [r#""}}}"#, r#""}}}"#, r#""}},"id":79}"#];
        for (head, tail) in heads.iter().zip(tails) {
            stdin.write_all(head.as_bytes())?;
            for _ in 0..(mcp_reference::limits::MAX_LINE >> 20) + 1 {
                stdin.write_all(&pad)?;
            }
            stdin.write_all(tail.as_bytes())?;
            stdin.write_all(b"\n")?;
        }
        stdin.write_all(b"{\"jsonrpc\":\"2.0\",\"id\":80,\"method\":\"ping\"}\n")?;
        Ok::<_, std::io::Error>(stdin)
    });
    let mut replies = Vec::new();
    while replies.len() < 4 {
        let Some(m) = raw.next_message(Duration::from_secs(120)) else {
            break;
        };
        replies.push(m);
    }
    let _stdin = writer.join().unwrap().expect("the lines were written");
    let hwm = peak_mib(&raw);
    eprintln!(
        "bounds: three lines of 201 MiB and a ping: {} replies in {:.1} s, ids {:?}; peak RSS {hwm} MiB",
        replies.len(),
        t.elapsed().as_secs_f64(),
        replies.iter().map(|m| m.get("id")).collect::<Vec<_>>()
    );
    assert_eq!(replies.len(), 4, "{replies:#?}");
    for (m, id) in replies
        .iter()
        .zip([json!(77), json!("long-line"), Value::Null])
    {
        assert_eq!(m["error"]["code"], -32600, "{m}");
        // Present and null, not absent: a client matches on it.
        assert_eq!(m.get("id"), Some(&id), "{m}");
    }
    assert_eq!(replies[3]["id"], 80);
    assert!(replies[3].get("result").is_some(), "{}", replies[3]);
    assert!(
        hwm < BOUND_MIB,
        "peak RSS {hwm} MiB (bound {BOUND_MIB} MiB)"
    );
}

/// Lighthouse `edit`: a global replacement that multiplies a file (`a` to 1 KB in a 10 MB
/// file; `(?s).` to `$0` 1,000 times in a 2 MB one) is refused before its result is
/// built, with advice to do it in parts; before, the result was built first (past 4.5 GiB).
#[test]
fn lighthouse_edits_that_multiply_a_file_are_refused_before_they_are_built() {
    let f = Fixture::new();
    let ten = "a".repeat(10_000_000);
    f.write("ten.txt", &ten);
    f.write("two.txt", &ten[..2_000_000]);
    let mut raw = Raw::spawn(&f.root, &["--profile", "lighthouse"]);
    raw.initialize();
    let kb = "x".repeat(1000);
    let attacks = [
        (
            "ten.txt",
            json!({"path": "ten.txt", "search": "a", "replace": kb}),
        ),
        (
            "two.txt",
            json!({"path": "two.txt", "search": "(?s).", "replace": "$0".repeat(1000), "isRegex": true}),
        ),
    ];
    for (file, args) in attacks {
        let t = Instant::now();
        let r = call_within(&mut raw, "edit", args, 120);
        let text = r["result"]["content"][0]["text"]
            .as_str()
            .unwrap_or_default();
        let hwm = peak_mib(&raw);
        eprintln!(
            "bounds: lighthouse edit multiplying {file}: answered in {:.1} s, peak RSS {hwm} MiB: {:.300}",
            t.elapsed().as_secs_f64(),
            text
        );
        assert_eq!(r["result"]["isError"], true, "{r:.300}");
        assert!(
            text.contains("larger than the 10485760 byte") && text.contains("in parts"),
            "{text:.300}"
        );
        assert!(hwm < 256, "peak RSS {hwm} MiB");
    }
    let after = std::fs::read(f.root.join("ten.txt")).unwrap();
    assert!(after == ten.as_bytes(), "ten.txt changed");
}

/// devs `apply_surgical_edits` charges the work budget (three times the file): 8
/// concurrent edits of 8 different 64 MiB files stay under the bound (before: no charge,
/// and 8 edits of 255 MiB files reached 3.4 GiB).
#[test]
#[ignore = "slow attack (512 MB of files): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn concurrent_devs_edits_of_large_files_stay_under_the_bound() {
    let f = Fixture::new();
    let mut body = "line of filler text for a large file\n".repeat((64 << 20) / 37);
    body.push_str("MARK\n");
    for i in 0..8 {
        f.write(&format!("big{i}.txt"), &body);
    }
    drop(body);
    let mut raw = Raw::spawn(&f.root, &["--profile", "devs"]);
    raw.initialize();
    let t = Instant::now();
    let ids: Vec<i64> = (0..8)
        .map(|i| {
            let args =
                json!({"path": format!("big{i}.txt"), "edits": [{"old": "MARK", "new": "DONE"}]});
            raw.request_nowait(
                "tools/call",
                json!({"name": "apply_surgical_edits", "arguments": args}),
            )
        })
        .collect();
    let replies: Vec<Value> = ids
        .iter()
        .map(|id| raw.response(*id, Duration::from_secs(300)))
        .collect();
    let hwm = peak_mib(&raw);
    eprintln!(
        "bounds: 8 concurrent devs edits of 64 MiB files: answered in {:.1} s, peak RSS {hwm} MiB",
        t.elapsed().as_secs_f64()
    );
    for r in &replies {
        assert_eq!(r["result"]["structuredContent"]["ok"], true, "{r:.300}");
    }
    assert!(
        hwm < BOUND_MIB,
        "peak RSS {hwm} MiB (bound {BOUND_MIB} MiB)"
    );
}
