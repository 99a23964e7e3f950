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

/// The official server's argv (issue 23): `mcp-server-filesystem DIR [DIR ...]` copied to
/// `mcp-reference --profile filesystem DIR [DIR ...]` serves every directory.
#[tokio::test]
async fn the_filesystem_profile_takes_directories_as_server_filesystem_does() {
    use rmcp::ServiceExt;
    let f = Fixture::new();
    let second = f.outside.join("second");
    std::fs::create_dir(&second).unwrap();
    let mut cmd = tokio::process::Command::new(BIN);
    cmd.args(["--profile", "filesystem"])
        .arg(&f.root)
        .arg(&second);
    let (transport, _) = spawn_stdio(cmd);
    let config = rmcp::model::ClientConfig::default()
        .with_protocol_version(rmcp::model::ProtocolVersion::V_2025_11_25);
    let c = config.serve(transport).await.expect("handshake");
    let r = call(&c, "list_allowed_directories", serde_json::json!({})).await;
    let canon = |p: &std::path::Path| std::fs::canonicalize(p).unwrap().display().to_string();
    assert_eq!(
        r["structuredContent"]["content"],
        serde_json::json!(format!(
            "Allowed directories:\n{}\n{}",
            canon(&f.root),
            canon(&second)
        )),
        "{r}"
    );
    let path = format!("{}/x.txt", canon(&second));
    let r = call(
        &c,
        "write_file",
        serde_json::json!({"path": path, "content": "two\n"}),
    )
    .await;
    assert_ne!(r["isError"], serde_json::json!(true), "{r}");
    assert_eq!(
        std::fs::read_to_string(second.join("x.txt")).unwrap(),
        "two\n"
    );
    let _ = c.cancel().await;
    // Several directories are the filesystem profile's alone.
    assert_usage_error(&[f.root.to_str().unwrap(), second.to_str().unwrap()]);
}
