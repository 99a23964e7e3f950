//! Path normalization and static symlink rules: escapes are refused, inside links work,
//! and nothing in the outside area is read or written.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn normalization_and_invalid_paths() {
    let f = Fixture::new();
    f.write("notes/a.md", "hi\n");
    let c = f.connect().await;
    for p in ["notes/a.md", "/notes/a.md", "notes//a.md", "./notes/./a.md", "x/../notes/a.md", "notes/a.md/"] {
        let r = call_ok(&c, "text.read", json!({"path": p})).await;
        assert_eq!(r["content"], "hi\n", "path {p:?}");
    }
    for p in ["", "a\\b.md", "C:/x.md", "c:", "\\\\server\\share\\x", "a\u{0}b"] {
        call_err(&c, "text.read", json!({"path": p}), "INVALID_PATH").await;
    }
    for p in ["..", "../root_evil/secret", "notes/../../root_evil/secret", "/../x"] {
        call_err(&c, "text.read", json!({"path": p}), "PATH_ESCAPE").await;
        call_err(&c, "file.create", json!({"path": p, "content": "pwned"}), "PATH_ESCAPE").await;
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

    assert_eq!(call_ok(&c, "text.read", json!({"path": "rel_ok"})).await["content"], "inside\n");
    assert_eq!(call_ok(&c, "text.read", json!({"path": "dir_ok/a.txt"})).await["content"], "inside\n");
    let h = f.sha("real/a.txt");
    for p in ["rel_out", "abs_out", "abs_in", "dir_out/secret"] {
        let e = call_err(&c, "text.read", json!({"path": p}), "PATH_ESCAPE").await;
        assert!(!msg(&e).contains("top secret"), "leaked outside content: {}", msg(&e));
        call_err(&c, "text.append", json!({"path": p, "hash": h, "content": "pwned"}), "PATH_ESCAPE").await;
        call_err(&c, "file.remove", json!({"path": p, "hash": sha_hex(b"top secret\n")}), "PATH_ESCAPE").await;
    }
    call_err(&c, "file.create", json!({"path": "dir_out/new.txt", "content": "pwned"}), "PATH_ESCAPE").await;
    call_err(&c, "file.create", json!({"path": "dangling", "content": "pwned"}), "PATH_ESCAPE").await;
    c.cancel().await.unwrap();
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
    assert!(!f.root.join("nowhere").exists(), "create through a dangling link made its target");
}
