//! Metadata and odd files (CLR-027, CLR-031, CLR-032): an edit never leaves a set-id bit,
//! keeps owner, group, mode and extended attributes; read-only files and files with
//! several hard links are refused; FIFOs list as "other"; names that are not UTF-8 are
//! left out of listings; a file over the size limit can still be removed; reserved temp
//! names cannot be made by clients.

use std::os::unix::fs::{MetadataExt, PermissionsExt};

use serde_json::json;

use crate::common::*;

fn set_mode(p: &std::path::Path, mode: u32) {
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[tokio::test]
async fn edits_keep_safe_metadata_and_refuse_what_may_not_change() {
    let f = Fixture::new();
    let c = f.connect().await;
    let mut checks = Vec::new();
    mode_owner_and_xattrs_kept(&f, &c, &mut checks).await;
    read_only_refused(&f, &c, &mut checks).await;
    hard_links_refused(&f, &c, &mut checks).await;
    fifos_and_odd_names(&f, &c, &mut checks).await;
    over_limit_file_removed(&f, &c, &mut checks).await;
    temp_names_reserved(&c, &mut checks).await;

    // Durability of new directories is a power-cut property; here we check the result.
    call_ok(
        &c,
        "file.create",
        json!({"path": "a/b/c/new.txt", "content": "n"}),
    )
    .await;
    assert_eq!(f.text("a/b/c/new.txt"), "n");
    c.cancel().await.unwrap();
    eprintln!(
        "metadata: {} checks passed: {}",
        checks.len(),
        checks.join("; ")
    );
}

/// Set-id bits are cleared; other bits and (when we may) owner and group are kept.
async fn mode_owner_and_xattrs_kept(f: &Fixture, c: &Client, checks: &mut Vec<&str>) {
    f.write("tool.sh", "#!/bin/sh\necho hi\n");
    let p = f.root.join("tool.sh");
    set_mode(&p, 0o6755);
    let is_root = unsafe_geteuid() == 0;
    if is_root {
        std::os::unix::fs::chown(&p, Some(65534), Some(65534)).unwrap();
    }
    // Python's os.setxattr (CI has Python 3); false where the filesystem has no user xattrs.
    let xattr = |code: &str| {
        std::process::Command::new("python3")
            .args(["-c", code])
            .arg(&p)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let xattr_set =
        xattr("import os,sys; os.setxattr(sys.argv[1], 'user.origin', b'kept')").is_some();
    let r = call_ok(
        c,
        "text.append",
        json!({"path": "tool.sh", "hash": f.sha("tool.sh"), "content": "echo more\n"}),
    )
    .await;
    assert!(r["hash"].is_string());
    let m = std::fs::metadata(&p).unwrap();
    assert_eq!(
        m.mode() & 0o7777,
        0o755,
        "set-id bits must be cleared, the rest kept"
    );
    checks.push("set-id cleared, mode kept");
    if is_root {
        assert_eq!((m.uid(), m.gid()), (65534, 65534), "owner and group kept");
        checks.push("owner/group kept (as root)");
    }
    if xattr_set {
        let got =
            xattr("import os,sys; print(os.getxattr(sys.argv[1], 'user.origin').decode(), end='')");
        assert_eq!(got.as_deref(), Some("kept"), "extended attribute lost");
        checks.push("xattr kept");
    } else {
        eprintln!(
            "metadata: NOTE extended attributes not checked: this filesystem has no user xattrs"
        );
    }
}

/// Read-only files are neither edited nor removed.
async fn read_only_refused(f: &Fixture, c: &Client, checks: &mut Vec<&str>) {
    f.write("ro.txt", "frozen\n");
    set_mode(&f.root.join("ro.txt"), 0o444);
    let h = f.sha("ro.txt");
    for (tool, args) in [
        (
            "text.append",
            json!({"path": "ro.txt", "hash": h, "content": "x"}),
        ),
        (
            "text.replace",
            json!({"path": "ro.txt", "hash": h, "lines": [1, 2], "old": "frozen", "new": "x"}),
        ),
        ("file.remove", json!({"path": "ro.txt", "hash": h})),
    ] {
        let e = call_err(c, tool, args, "PERMISSION_DENIED").await;
        assert!(e["message"].as_str().unwrap().contains("read-only"), "{e}");
    }
    assert_eq!(f.text("ro.txt"), "frozen\n");
    checks.push("read-only refused");
}

/// Hard links: neither read nor written through.
async fn hard_links_refused(f: &Fixture, c: &Client, checks: &mut Vec<&str>) {
    f.write("orig.txt", "shared\n");
    std::fs::hard_link(f.root.join("orig.txt"), f.root.join("twin.txt")).unwrap();
    let e = call_err(
        c,
        "text.read",
        json!({"path": "twin.txt"}),
        "PERMISSION_DENIED",
    )
    .await;
    assert!(e["message"].as_str().unwrap().contains("hard link"), "{e}");
    call_err(
        c,
        "text.append",
        json!({"path": "orig.txt", "hash": f.sha("orig.txt"), "content": "x"}),
        "PERMISSION_DENIED",
    )
    .await;
    assert_eq!(
        std::fs::metadata(f.root.join("orig.txt")).unwrap().nlink(),
        2,
        "the link was not split"
    );
    checks.push("hard links refused");
}

/// FIFOs list as "other" and are refused without hanging; non-UTF-8 names are left out.
async fn fifos_and_odd_names(f: &Fixture, c: &Client, checks: &mut Vec<&str>) {
    let fifo = std::process::Command::new("mkfifo")
        .arg(f.root.join("pipe"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(fifo, "mkfifo is needed for this check");
    use std::os::unix::ffi::OsStrExt;
    std::fs::write(
        f.root.join(std::ffi::OsStr::from_bytes(b"bad\xffname")),
        "x",
    )
    .unwrap();
    let l = c
        .read_resource(rmcp::model::ReadResourceRequestParams::new("list://"))
        .await
        .unwrap();
    let text = match &l.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => text.clone(),
        other => panic!("{other:?}"),
    };
    let listing: serde_json::Value = serde_json::from_str(&text).unwrap();
    let entries = listing["entries"].as_array().unwrap();
    assert!(
        entries.contains(&json!({"name": "pipe", "type": "other"})),
        "{text}"
    );
    assert!(!text.contains("bad"), "a non-UTF-8 name was listed: {text}");
    call_err(c, "text.read", json!({"path": "pipe"}), "NOT_A_FILE").await;
    checks.push("FIFO listed as other, non-UTF-8 names left out");
}

/// A sparse file over the size limit can be removed with its hash.
async fn over_limit_file_removed(f: &Fixture, c: &Client, checks: &mut Vec<&str>) {
    let big = std::fs::File::create(f.root.join("big.bin")).unwrap();
    big.set_len(257 << 20).unwrap();
    drop(big);
    call_err(c, "text.read", json!({"path": "big.bin"}), "TOO_LARGE").await;
    let zeros = vec![0u8; 257 << 20];
    let hash = sha_hex(&zeros);
    drop(zeros);
    call_ok(c, "file.remove", json!({"path": "big.bin", "hash": hash})).await;
    assert!(!f.root.join("big.bin").exists());
    checks.push("over-limit file removed");
}

/// Reserved temp names, in any segment, cannot be made by clients.
async fn temp_names_reserved(c: &Client, checks: &mut Vec<&str>) {
    for p in [
        ".mcp-tmp-0123456789abcdef0",
        "d/.mcp-tmp-0123456789abcdef0/x.txt",
    ] {
        call_err(
            c,
            "file.create",
            json!({"path": p, "content": "x"}),
            "INVALID_PATH",
        )
        .await;
    }
    call_ok(
        c,
        "file.create",
        json!({"path": ".mcp-tmp-notes", "content": "mine"}),
    )
    .await;
    checks.push("temp names reserved");
}

fn unsafe_geteuid() -> u32 {
    std::fs::metadata("/proc/self")
        .map(|m| m.uid())
        .unwrap_or(u32::MAX)
}
