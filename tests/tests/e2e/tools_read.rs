//! text.read and file.create/file.remove over the wire: happy paths, line model, ranges, errors.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn create_read_remove_round_trip() {
    let f = Fixture::new();
    let c = f.connect().await;
    let r = call_ok(
        &c,
        "file.create",
        json!({"path": "notes/deep/a.md", "content": "one\ntwo\nthree\n"}),
    )
    .await;
    assert_eq!(
        f.text("notes/deep/a.md"),
        "one\ntwo\nthree\n",
        "parents are created"
    );
    assert_eq!(r["hash"], f.sha("notes/deep/a.md"));
    assert!(
        r["hash"]
            .as_str()
            .unwrap()
            .chars()
            .all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase())
    );

    let r = call_ok(&c, "text.read", json!({"path": "/notes/deep/a.md"})).await;
    assert_eq!(r["content"], "one\ntwo\nthree\n");
    assert_eq!(r["total_lines"], 3);
    assert_eq!(r["hash"], f.sha("notes/deep/a.md"));

    // Hash input is case-insensitive (CLR 9).
    let upper = r["hash"].as_str().unwrap().to_uppercase();
    let r = call_ok(
        &c,
        "file.remove",
        json!({"path": "notes/deep/a.md", "hash": upper}),
    )
    .await;
    assert_eq!(r, json!({}));
    assert!(!f.root.join("notes/deep/a.md").exists());
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn create_base64_is_byte_exact_and_text_read_refuses_it() {
    let f = Fixture::new();
    let c = f.connect().await;
    let bytes = [0u8, 0xff, 0xfe, b'\n', 0x80];
    use base64::Engine;
    let b64 = base64::engine::general_purpose::STANDARD.encode(bytes);
    let r = call_ok(
        &c,
        "file.create",
        json!({"path": "bin.dat", "content": b64, "encoding": "base64"}),
    )
    .await;
    assert_eq!(f.read("bin.dat"), bytes);
    assert_eq!(r["hash"], sha_hex(&bytes));
    let e = call_err(&c, "text.read", json!({"path": "bin.dat"}), "NOT_TEXT").await;
    mentions(&e, &["base64"]);
    // Binary files can still be removed (with their hash).
    call_ok(
        &c,
        "file.remove",
        json!({"path": "bin.dat", "hash": sha_hex(&bytes)}),
    )
    .await;
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn total_lines_follow_the_line_model() {
    let f = Fixture::new();
    let cases: &[(&str, i64)] = &[
        ("", 0),
        ("a", 1),
        ("a\n", 1),
        ("\n", 1),
        ("a\nb", 2),
        ("a\n\n", 2),
        ("a\r\nb\r\n", 2),
        ("a\rb", 1),
    ];
    for (i, (text, _)) in cases.iter().enumerate() {
        f.write(&format!("f{i}.txt"), text);
    }
    let c = f.connect().await;
    for (i, (text, n)) in cases.iter().enumerate() {
        let r = call_ok(&c, "text.read", json!({"path": format!("f{i}.txt")})).await;
        assert_eq!(r["total_lines"], *n, "total_lines of {text:?}");
        assert_eq!(r["content"], *text, "whole read is the whole file");
    }
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn ranges_resolve_half_open_with_negatives_and_zero() {
    let f = Fixture::new();
    f.write("a.txt", "one\r\ntwo\nthree\nfour");
    let c = f.connect().await;
    let cases = [
        (json!([1, 3]), "one\r\ntwo\n"),
        (json!([2, 3]), "two\n"),
        (json!([-1, 0]), "four"),
        (json!([0, 0]), "one\r\ntwo\nthree\nfour"),
        (json!([-2, -1]), "three\n"),
        (json!([3, 0]), "three\nfour"),
        (json!([0, 2]), "one\r\n"),
        (json!([2, 2]), ""),
        (json!([5, 5]), ""),
    ];
    for (lines, want) in cases {
        let r = call_ok(&c, "text.read", json!({"path": "a.txt", "lines": lines})).await;
        assert_eq!(r["content"], want, "lines {lines}");
        assert_eq!(r["total_lines"], 4);
        assert_eq!(
            r["hash"],
            f.sha("a.txt"),
            "hash is of the whole file even for a range"
        );
    }
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn bad_ranges_are_invalid_range_without_clamping() {
    let f = Fixture::new();
    f.write("a.txt", "one\ntwo\nthree\n");
    let c = f.connect().await;
    for lines in [json!([2, 9]), json!([3, 2]), json!([-9, 0]), json!([6, 0])] {
        let e = call_err(
            &c,
            "text.read",
            json!({"path": "a.txt", "lines": lines}),
            "INVALID_RANGE",
        )
        .await;
        mentions(&e, &["3"]); // the message gives total_lines
    }
    for lines in [
        json!([1]),
        json!([1, 2, 3]),
        json!("1-2"),
        json!([1.5, 2]),
        json!(["1", "2"]),
    ] {
        call_err(
            &c,
            "text.read",
            json!({"path": "a.txt", "lines": lines}),
            "INVALID_ARGUMENT",
        )
        .await;
    }
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn read_and_remove_errors() {
    let f = Fixture::new();
    f.write("a.txt", "x\n");
    std::fs::create_dir(f.root.join("dir")).unwrap();
    let c = f.connect().await;
    let e = call_err(
        &c,
        "text.read",
        json!({"path": "nope/../missing.txt"}),
        "NOT_FOUND",
    )
    .await;
    mentions(&e, &["missing.txt"]);
    assert!(
        !msg(&e).contains("nope"),
        "NOT_FOUND names the normalized path: {}",
        msg(&e)
    );
    call_err(&c, "text.read", json!({"path": "dir"}), "NOT_A_FILE").await;
    call_err(&c, "text.read", json!({"path": "/"}), "NOT_A_FILE").await;
    call_err(
        &c,
        "file.remove",
        json!({"path": "dir", "hash": "0".repeat(64)}),
        "NOT_A_FILE",
    )
    .await;
    call_err(
        &c,
        "file.remove",
        json!({"path": "missing", "hash": "0".repeat(64)}),
        "NOT_FOUND",
    )
    .await;
    for bad in ["abc", &"g".repeat(64), &"0".repeat(63)] {
        call_err(
            &c,
            "file.remove",
            json!({"path": "a.txt", "hash": bad}),
            "INVALID_ARGUMENT",
        )
        .await;
    }
    let e = call_err(
        &c,
        "file.remove",
        json!({"path": "a.txt", "hash": "0".repeat(64)}),
        "STALE_HASH",
    )
    .await;
    mentions(&e, &[&f.sha("a.txt"), "call text.read"]);
    assert_eq!(e["current_hash"], f.sha("a.txt"));
    assert!(
        f.root.join("a.txt").exists(),
        "a stale remove must not remove"
    );
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn create_errors() {
    let f = Fixture::new();
    f.write("a.txt", "x\n");
    std::fs::create_dir(f.root.join("dir")).unwrap();
    let c = f.connect().await;
    call_err(
        &c,
        "file.create",
        json!({"path": "a.txt", "content": "y"}),
        "ALREADY_EXISTS",
    )
    .await;
    call_err(
        &c,
        "file.create",
        json!({"path": "dir", "content": "y"}),
        "ALREADY_EXISTS",
    )
    .await;
    call_err(
        &c,
        "file.create",
        json!({"path": "a.txt/b.txt", "content": "y"}),
        "NOT_A_DIRECTORY",
    )
    .await;
    call_err(
        &c,
        "file.create",
        json!({"path": "/", "content": "y"}),
        "NOT_A_FILE",
    )
    .await;
    assert_eq!(
        f.text("a.txt"),
        "x\n",
        "a refused create leaves the file alone"
    );
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn too_large_files_are_refused() {
    let f = Fixture::new();
    // Sparse: 256 MiB + 1 byte costs no disk space.
    let file = std::fs::File::create(f.root.join("big.txt")).unwrap();
    file.set_len(256 * 1024 * 1024 + 1).unwrap();
    let c = f.connect().await;
    call_err(&c, "text.read", json!({"path": "big.txt"}), "TOO_LARGE").await;
    c.cancel().await.unwrap();
}
