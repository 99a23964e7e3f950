//! Path normalization and static symlink rules: escapes are refused, inside links work,
//! and nothing in the outside area is read or written.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn normalization_and_invalid_paths() {
    let f = Fixture::new();
    f.write("notes/a.md", "hi\n");
    let c = f.connect().await;
    for p in [
        "notes/a.md",
        "/notes/a.md",
        "notes//a.md",
        "./notes/./a.md",
        "x/../notes/a.md",
        "notes/a.md/",
    ] {
        let r = call_ok(&c, "text.read", json!({"path": p})).await;
        assert_eq!(r["content"], "hi\n", "path {p:?}");
    }
    for p in [
        "",
        "a\\b.md",
        "C:/x.md",
        "c:",
        "\\\\server\\share\\x",
        "a\u{0}b",
    ] {
        call_err(&c, "text.read", json!({"path": p}), "INVALID_PATH").await;
    }
    for p in [
        "..",
        "../root_evil/secret",
        "notes/../../root_evil/secret",
        "/../x",
    ] {
        call_err(&c, "text.read", json!({"path": p}), "PATH_ESCAPE").await;
        call_err(
            &c,
            "file.create",
            json!({"path": p, "content": "pwned"}),
            "PATH_ESCAPE",
        )
        .await;
    }
    c.cancel().await.unwrap();
    assert_eq!(f.outside_snapshot().len(), 1, "nothing appeared outside");
}

#[tokio::test]
async fn symlinks_inside_work_and_escaping_ones_do_not() {
    use std::os::unix::fs::symlink;
    let f = Fixture::new();
    f.write("real/a.txt", "inside\n");
    symlink("real/a.txt", f.root.join("rel_ok")).unwrap();
    symlink("real", f.root.join("dir_ok")).unwrap();
    symlink("../root_evil/secret", f.root.join("rel_out")).unwrap();
    symlink(f.outside.join("secret"), f.root.join("abs_out")).unwrap();
    symlink(f.root.join("real/a.txt"), f.root.join("abs_in")).unwrap();
    symlink(&f.outside, f.root.join("dir_out")).unwrap();
    symlink("nowhere/x", f.root.join("dangling")).unwrap();
    let before = f.outside_snapshot();
    let c = f.connect().await;

    assert_eq!(
        call_ok(&c, "text.read", json!({"path": "rel_ok"})).await["content"],
        "inside\n"
    );
    assert_eq!(
        call_ok(&c, "text.read", json!({"path": "dir_ok/a.txt"})).await["content"],
        "inside\n"
    );
    let h = f.sha("real/a.txt");
    for p in ["rel_out", "abs_out", "abs_in", "dir_out/secret"] {
        let e = call_err(&c, "text.read", json!({"path": p}), "PATH_ESCAPE").await;
        assert!(
            !msg(&e).contains("top secret"),
            "leaked outside content: {}",
            msg(&e)
        );
        call_err(
            &c,
            "text.append",
            json!({"path": p, "hash": h, "content": "pwned"}),
            "PATH_ESCAPE",
        )
        .await;
        call_err(
            &c,
            "file.remove",
            json!({"path": p, "hash": sha_hex(b"top secret\n")}),
            "PATH_ESCAPE",
        )
        .await;
    }
    call_err(
        &c,
        "file.create",
        json!({"path": "dir_out/new.txt", "content": "pwned"}),
        "PATH_ESCAPE",
    )
    .await;
    call_err(
        &c,
        "file.create",
        json!({"path": "dangling", "content": "pwned"}),
        "PATH_ESCAPE",
    )
    .await;
    c.cancel().await.unwrap();
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
    assert!(
        !f.root.join("nowhere").exists(),
        "create through a dangling link made its target"
    );
}

/// A named pipe is not a regular file: opening it for reading would block until a writer
/// appears, so the server must refuse it (CLR 13 spirit, never hang on bad input) and keep
/// answering other requests.
#[test]
fn fifo_is_refused_promptly_and_does_not_stall_the_server() {
    use std::time::Duration;
    let f = Fixture::new();
    f.write("ok.txt", "ok\n");
    let fifo = f.root.join("fifo");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo");
    assert!(status.success());
    let mut raw = crate::raw::Raw::spawn(&f.root, &[]);
    raw.initialize();
    // Three at once: more than the server's worker threads, if opens block them.
    let ids: Vec<i64> = (0..3)
        .map(|_| {
            raw.request_nowait(
                "tools/call",
                json!({"name": "text.read", "arguments": {"path": "fifo"}}),
            )
        })
        .collect();
    let ok = raw.request_nowait(
        "tools/call",
        json!({"name": "text.read", "arguments": {"path": "ok.txt"}}),
    );
    let r = raw.response(ok, Duration::from_secs(5));
    assert_eq!(r["result"]["structuredContent"]["content"], "ok\n", "{r}");
    for id in ids {
        let r = raw.response(id, Duration::from_secs(5));
        let code = r["result"]["structuredContent"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        assert!(
            code == "NOT_A_FILE" || code == "IO_ERROR",
            "text.read of a FIFO: {r}"
        );
    }
}
