//! text.replace, text.insert and text.append over the wire: results, bytes on disk, errors.

use serde_json::json;

use crate::common::*;

const ABC: &str = "one\ntwo\nthree\n";

#[tokio::test]
async fn replace_happy_paths() {
    let f = Fixture::new();
    f.write("a.txt", ABC);
    let c = f.connect().await;
    let h = read_hash(&c, "a.txt").await;
    let r = call_ok(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "lines": [1, 4], "old": "two", "new": "2a\n2b\n"}),
    )
    .await;
    assert_eq!(f.text("a.txt"), "one\n2a\n2b\nthree\n");
    assert_eq!(r["hash"], f.sha("a.txt"));
    assert_eq!(r["total_lines"], 4);

    // "" deletes; a multi-line old matches consecutive whole lines.
    let r = call_ok(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": r["hash"], "lines": [0, 0], "old": "2a\n2b", "new": ""}),
    )
    .await;
    assert_eq!(f.text("a.txt"), "one\nthree\n");
    assert_eq!(r["total_lines"], 2);
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn replace_keeps_crlf_and_missing_final_terminator() {
    let f = Fixture::new();
    f.write("crlf.txt", "a\r\nb\r\nc");
    f.write("lf.txt", "a\nb");
    let c = f.connect().await;
    let h = f.sha("crlf.txt");
    call_ok(
        &c,
        "text.replace",
        json!({"path": "crlf.txt", "hash": h, "lines": [2, 3], "old": "b", "new": "x\ny"}),
    )
    .await;
    assert_eq!(
        f.text("crlf.txt"),
        "a\r\nx\r\ny\r\nc",
        "new lines take the file's CRLF"
    );
    let h = f.sha("crlf.txt");
    call_ok(
        &c,
        "text.replace",
        json!({"path": "crlf.txt", "hash": h, "lines": [-1, 0], "old": "c", "new": "z1\nz2\n"}),
    )
    .await;
    assert_eq!(
        f.text("crlf.txt"),
        "a\r\nx\r\ny\r\nz1\r\nz2",
        "a run at EOF without terminator stays without one"
    );
    let h = f.sha("lf.txt");
    call_ok(
        &c,
        "text.replace",
        json!({"path": "lf.txt", "hash": h, "lines": [2, 3], "old": "b\r\n", "new": "c"}),
    )
    .await;
    assert_eq!(f.text("lf.txt"), "a\nc");
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn replace_errors() {
    let f = Fixture::new();
    f.write("a.txt", "x\ny\nx\nz\n");
    let c = f.connect().await;
    let h = f.sha("a.txt");
    let e = call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "lines": [1, 5], "old": "x", "new": "q"}),
        "AMBIGUOUS_MATCH",
    )
    .await;
    mentions(&e, &["1", "3"]);
    let e = call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "lines": [1, 3], "old": "z", "new": "q"}),
        "CONTENT_MISMATCH",
    )
    .await;
    mentions(&e, &["x", "4"]); // quotes the range's first line, says where "z" really is
    call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "lines": [1, 3], "old": "", "new": "q"}),
        "INVALID_ARGUMENT",
    )
    .await;
    call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "lines": [1, 9], "old": "x", "new": "q"}),
        "INVALID_RANGE",
    )
    .await;
    call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": h, "old": "x", "new": "q"}),
        "INVALID_ARGUMENT",
    )
    .await;
    let e = call_err(
        &c,
        "text.replace",
        json!({"path": "a.txt", "hash": "1".repeat(64), "lines": [1, 2], "old": "x", "new": "q"}),
        "STALE_HASH",
    )
    .await;
    mentions(&e, &[&h, "call text.read"]);
    assert_eq!(
        f.text("a.txt"),
        "x\ny\nx\nz\n",
        "failed replaces change nothing"
    );
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn insert_happy_and_errors() {
    let f = Fixture::new();
    f.write("a.txt", ABC);
    f.write("empty.txt", "");
    let c = f.connect().await;
    let h = f.sha("a.txt");
    let r = call_ok(
        &c,
        "text.insert",
        json!({"path": "a.txt", "hash": h, "line": 2, "anchor": "two", "content": "1.5\n"}),
    )
    .await;
    assert_eq!(f.text("a.txt"), "one\n1.5\ntwo\nthree\n");
    assert_eq!(r["total_lines"], 4);
    assert_eq!(r["hash"], f.sha("a.txt"));
    let r = call_ok(&c, "text.insert", json!({"path": "a.txt", "hash": r["hash"], "line": -1, "anchor": "three", "content": "2.5a\n2.5b"})).await;
    assert_eq!(f.text("a.txt"), "one\n1.5\ntwo\n2.5a\n2.5b\nthree\n");
    let h = r["hash"].clone();

    let e = call_err(
        &c,
        "text.insert",
        json!({"path": "a.txt", "hash": h, "line": 1, "anchor": "three", "content": "q"}),
        "CONTENT_MISMATCH",
    )
    .await;
    mentions(&e, &["line 1", "one", "6"]);
    call_err(
        &c,
        "text.insert",
        json!({"path": "a.txt", "hash": h, "line": 0, "anchor": "one", "content": "q"}),
        "INVALID_RANGE",
    )
    .await;
    call_err(
        &c,
        "text.insert",
        json!({"path": "a.txt", "hash": h, "line": 7, "anchor": "one", "content": "q"}),
        "INVALID_RANGE",
    )
    .await;
    let eh = f.sha("empty.txt");
    let e = call_err(
        &c,
        "text.insert",
        json!({"path": "empty.txt", "hash": eh, "line": 1, "anchor": "", "content": "q"}),
        "INVALID_RANGE",
    )
    .await;
    mentions(&e, &["text.append"]);
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn append_rules() {
    let f = Fixture::new();
    f.write("open.txt", "a");
    f.write("crlf.txt", "a\r\n");
    f.write("empty.txt", "");
    let c = f.connect().await;
    let r = call_ok(
        &c,
        "text.append",
        json!({"path": "open.txt", "hash": f.sha("open.txt"), "content": "b\nc"}),
    )
    .await;
    assert_eq!(
        f.text("open.txt"),
        "a\nb\nc\n",
        "a terminator goes first, every appended line ends with one"
    );
    assert_eq!(r["total_lines"], 3);
    assert_eq!(r["hash"], f.sha("open.txt"));
    call_ok(
        &c,
        "text.append",
        json!({"path": "crlf.txt", "hash": f.sha("crlf.txt"), "content": "b\n"}),
    )
    .await;
    assert_eq!(f.text("crlf.txt"), "a\r\nb\r\n");
    call_ok(
        &c,
        "text.append",
        json!({"path": "empty.txt", "hash": f.sha("empty.txt"), "content": "\n"}),
    )
    .await;
    assert_eq!(f.text("empty.txt"), "\n", "\"\\n\" is one empty line");
    let before = f.sha("open.txt");
    let r = call_ok(
        &c,
        "text.append",
        json!({"path": "open.txt", "hash": before, "content": ""}),
    )
    .await;
    assert_eq!(r["hash"], before, "appending nothing changes nothing");
    let e = call_err(
        &c,
        "text.append",
        json!({"path": "open.txt", "hash": "A".repeat(64), "content": "z"}),
        "STALE_HASH",
    )
    .await;
    assert_eq!(e["current_hash"], before);
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn mutations_keep_permission_bits() {
    use std::os::unix::fs::PermissionsExt;
    let f = Fixture::new();
    f.write("m.txt", ABC);
    std::fs::set_permissions(f.root.join("m.txt"), std::fs::Permissions::from_mode(0o640)).unwrap();
    let c = f.connect().await;
    call_ok(
        &c,
        "text.append",
        json!({"path": "m.txt", "hash": f.sha("m.txt"), "content": "four"}),
    )
    .await;
    let mode = std::fs::metadata(f.root.join("m.txt"))
        .unwrap()
        .permissions()
        .mode()
        & 0o777;
    assert_eq!(mode, 0o640);
    c.cancel().await.unwrap();
}
