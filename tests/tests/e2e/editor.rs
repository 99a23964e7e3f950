//! The editor profile over stdio (`--profile editor`), with raw JSON-RPC lines: the seed's
//! methods called directly (`file/open`, ...) with their exact result shapes and error
//! codes in both protocol eras, tools and methods sharing one session's buffers, a reload
//! conflict between two server processes, and backups in `--backup-dir` only.

use serde_json::{Value, json};

use crate::common::*;
use crate::raw::Raw;

const EDITOR: &[&str] = &["--profile", "editor"];

/// The `file://` URI of a root file (the fixture's paths need no percent-encoding, apart
/// from what `rel` brings).
fn uri(f: &Fixture, rel: &str) -> String {
    format!("file://{}/{rel}", f.root.display())
}

fn result(r: &Value) -> Value {
    assert!(r.get("error").is_none(), "expected a result, got {r}");
    r["result"].clone()
}

/// A JSON-RPC error with the seed's code; returns its message.
fn error(r: &Value, code: i64, data_code: &str) -> String {
    assert!(r.get("result").is_none(), "expected an error, got {r}");
    assert_eq!(r["error"]["code"], code, "{r}");
    assert_eq!(r["error"]["data"]["code"], data_code, "{r}");
    r["error"]["message"].as_str().unwrap().to_owned()
}

#[test]
fn direct_methods_answer_the_seeds_shapes() {
    let f = Fixture::new();
    f.write("src/a b.el", "(one)\n(two)\n(three)\n");
    let before = f.outside_snapshot();
    let mut s = Raw::spawn(&f.root, EDITOR);
    s.initialize();
    let a = uri(&f, "src/a%20b.el");
    let r = s.request("file/open", json!({"uri": a, "line": 2, "column": 3}));
    assert_eq!(
        result(&r),
        json!({"success": true, "buffer": "a b.el", "line": 2, "column": 3})
    );
    let r = s.request("file/open", json!({"uri": a, "line": 1000, "column": 1000}));
    assert_eq!(
        result(&r),
        json!({"success": true, "buffer": "a b.el", "line": 3, "column": 8})
    );
    let r = s.request(
        "file/read",
        json!({"uri": a, "start_line": 2, "end_line": 3}),
    );
    assert_eq!(
        result(&r),
        json!({"content": "(two)\n(three)\n", "lines": 2, "encoding": "utf-8"})
    );
    let r = s.request("file/save", json!({"uri": a, "content": "(é)\n"}));
    assert_eq!(
        result(&r),
        json!({"success": true, "bytes_written": 5, "backup_created": false})
    );
    assert_eq!(f.text("src/a b.el"), "(é)\n");
    let r = s.request("file/close", json!({"uri": a, "save_if_modified": true}));
    assert_eq!(result(&r), json!({"success": true, "was_modified": true}));

    // The seed's error table: -32602 for a missing file and a bad URI; outside the root
    // is refused the same way and nothing there is read or written.
    let r = s.request("file/read", json!({"uri": uri(&f, "missing.el")}));
    assert!(error(&r, -32602, "FILE_NOT_FOUND").starts_with("File not found"));
    let r = s.request("file/open", json!({"uri": "src/a b.el"}));
    assert!(error(&r, -32602, "INVALID_URI").starts_with("Invalid URI"));
    let r = s.request("file/open", json!({"uri": "https://example.com/a.el"}));
    error(&r, -32602, "INVALID_URI");
    let evil = format!("file://{}/secret", f.outside.display());
    let r = s.request("file/read", json!({"uri": evil}));
    error(&r, -32602, "OUTSIDE_ROOT");
    let r = s.request(
        "file/save",
        json!({"uri": uri(&f, "../root_evil/secret"), "content": "pwned"}),
    );
    error(&r, -32602, "OUTSIDE_ROOT");
    let r = s.request("file/save", json!({"uri": a}));
    error(&r, -32602, "INVALID_PARAMS");
    let r = s.request("file/nonexistent", json!({"uri": a}));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    assert_eq!(f.outside_snapshot(), before);
}

#[test]
fn direct_methods_work_in_the_modern_era() {
    let f = Fixture::new();
    f.write("a.txt", "x\ny\n");
    let mut s = Raw::spawn(&f.root, EDITOR);
    s.discover();
    // Every request of this era carries `_meta` in its params; the methods ignore it.
    let r = s.request("file/read", json!({"uri": uri(&f, "a.txt")}));
    assert_eq!(
        result(&r),
        json!({"content": "x\ny\n", "lines": 2, "encoding": "utf-8"})
    );
}

#[test]
fn tools_and_methods_share_the_session() {
    let f = Fixture::new();
    f.write("a.txt", "old\n");
    let mut s = Raw::spawn(&f.root, EDITOR);
    s.initialize();
    let a = uri(&f, "a.txt");
    result(&s.request("file/open", json!({"uri": a})));
    let t = s.call("file_save", json!({"uri": a, "content": "new\n"}));
    assert_ne!(t.get("isError"), Some(&json!(true)), "{t}");
    assert_eq!(
        t["structuredContent"],
        json!({"success": true, "bytes_written": 4, "backup_created": false})
    );
    let text: Value = serde_json::from_str(t["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(text, t["structuredContent"]);
    let r = s.request("file/close", json!({"uri": a}));
    assert_eq!(result(&r), json!({"success": true, "was_modified": true}));
    // A tool error carries the same facts as the method's JSON-RPC error.
    let t = s.call("file_read", json!({"uri": uri(&f, "nope.txt")}));
    assert_eq!(t["isError"], true, "{t}");
    assert_eq!(t["structuredContent"]["code"], "FILE_NOT_FOUND");
    assert_eq!(t["structuredContent"]["jsonrpcCode"], -32602);
}

#[test]
fn a_save_over_another_sessions_change_is_a_conflict() {
    let f = Fixture::new();
    f.write("a.txt", "base\n");
    let a = uri(&f, "a.txt");
    let (mut one, mut two) = (Raw::spawn(&f.root, EDITOR), Raw::spawn(&f.root, EDITOR));
    one.initialize();
    two.initialize();
    result(&one.request("file/open", json!({"uri": a})));
    result(&two.request("file/open", json!({"uri": a})));
    result(&two.request("file/save", json!({"uri": a, "content": "two\n"})));
    let r = one.request("file/save", json!({"uri": a, "content": "one\n"}));
    assert!(error(&r, -32602, "CONFLICT").contains("file/read"));
    assert_eq!(
        f.text("a.txt"),
        "two\n",
        "the other session's save was lost"
    );
    // After reading the current text, the save goes through.
    let r = one.request("file/read", json!({"uri": a}));
    assert_eq!(result(&r)["content"], "two\n");
    result(&one.request("file/save", json!({"uri": a, "content": "two\none\n"})));
    assert_eq!(f.text("a.txt"), "two\none\n");
}

#[test]
fn backups_go_to_the_backup_dir_only() {
    let f = Fixture::new();
    let backups = tempfile::tempdir().unwrap();
    f.write("src/main.rs", "fn main() {}\n");
    let dir = backups.path().display().to_string();
    let mut s = Raw::spawn(&f.root, &["--profile", "editor", "--backup-dir", &dir]);
    s.initialize();
    let m = uri(&f, "src/main.rs");
    let r = s.request(
        "file/save",
        json!({"uri": m, "content": "fn main() { 1; }\n"}),
    );
    assert_eq!(result(&r)["backup_created"], true);
    let r = s.request(
        "file/save",
        json!({"uri": m, "content": "fn main() { 2; }\n"}),
    );
    assert_eq!(
        result(&r)["backup_created"],
        false,
        "one backup per session"
    );
    let r = s.request(
        "file/save",
        json!({"uri": uri(&f, "new.rs"), "content": "x", "create_if_not_exists": true}),
    );
    assert_eq!(result(&r)["backup_created"], false, "nothing to back up");
    assert_eq!(
        std::fs::read_to_string(backups.path().join("!src!main.rs~")).unwrap(),
        "fn main() {}\n"
    );
    let mut in_root: Vec<String> = walk_names(&f.root);
    in_root.sort();
    assert_eq!(in_root, ["new.rs", "src", "src/main.rs"]);

    // A backup directory inside the root is refused at start-up, in one line.
    let inside = f.root.join("bak");
    std::fs::create_dir(&inside).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_mcp-reference-e2e"))
        .args(["--root", f.root.to_str().unwrap(), "--profile", "editor"])
        .args(["--backup-dir", inside.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("must lie outside --root"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

/// Every path below `dir`, relative, with `/`.
fn walk_names(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            out.push(p.strip_prefix(dir).unwrap().to_string_lossy().into_owned());
            if e.file_type().unwrap().is_dir() {
                stack.push(p);
            }
        }
    }
    out
}
