//! The command line: bad invocations give exactly one stderr line and exit 2 with nothing on
//! stdout; --help and --version work; a clean EOF on stdin ends the server with status 0.

use std::process::{Command, Stdio};

use crate::common::*;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(BIN)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run binary")
}

fn assert_usage_error(args: &[&str]) {
    let out = run(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "{args:?}: exit status, stderr {stderr:?}"
    );
    assert!(
        out.stdout.is_empty(),
        "{args:?}: stdout must stay empty, got {:?}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(
        stderr.trim_end().lines().count(),
        1,
        "{args:?}: exactly one stderr line, got {stderr:?}"
    );
    assert!(
        stderr.len() > 10,
        "{args:?}: the line should say what is wrong: {stderr:?}"
    );
}

#[test]
fn bad_invocations_exit_2_with_one_line() {
    let f = Fixture::new();
    f.write("file.txt", "x");
    let file = f.root.join("file.txt");
    let missing = f.root.join("missing");
    assert_usage_error(&[]);
    assert_usage_error(&["--root", missing.to_str().unwrap()]);
    assert_usage_error(&["--root", file.to_str().unwrap()]);
    assert_usage_error(&["--root", f.root.to_str().unwrap(), "--frobnicate"]);
    assert_usage_error(&["--root", f.root.to_str().unwrap(), "--tool-names", "camel"]);
}

#[test]
fn help_and_version() {
    let out = run(&["--help"]);
    assert_eq!(out.status.code(), Some(0));
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("--root") && help.contains("--tool-names"),
        "{help}"
    );
    let out = run(&["--version"]);
    assert_eq!(out.status.code(), Some(0));
    let v = String::from_utf8_lossy(&out.stdout);
    assert!(
        v.contains("mcp-reference") && v.contains(env!("CARGO_PKG_VERSION")),
        "{v:?}"
    );
}

#[test]
fn eof_on_stdin_ends_the_server_cleanly_and_stdout_stays_pure() {
    let f = Fixture::new();
    let mut raw = crate::raw::Raw::spawn(&f.root, &[]);
    raw.initialize();
    raw.call("text.read", serde_json::json!({"path": "nope"}));
    raw.close_stdin();
    // Every remaining stdout line must still be JSON-RPC (next_message asserts it).
    while raw
        .next_message(std::time::Duration::from_secs(5))
        .is_some()
    {}
    let status = raw.child.wait().unwrap();
    assert_eq!(status.code(), Some(0), "EOF is a normal end");
}
