//! Escapes: traversal spellings, symlink chains, absolute links, devices, hard links to
//! outside files and very long paths, through every tool and the listing. Nothing outside
//! the root may be read into a reply, changed or created.

use std::os::unix::fs::symlink;

use serde_json::{Value, json};

use crate::common::*;

#[tokio::test]
async fn no_path_leads_out_of_the_root() {
    let f = Fixture::new();
    f.write("in/a.txt", "inside\n");
    symlink("../../root_evil/secret", f.root.join("in/rel")).unwrap();
    symlink(f.outside.join("secret"), f.root.join("in/abs")).unwrap();
    symlink("../root_evil", f.root.join("out")).unwrap();
    symlink("chain2", f.root.join("chain1")).unwrap();
    symlink("out/secret", f.root.join("chain2")).unwrap();
    symlink("/etc/passwd", f.root.join("passwd")).unwrap();
    symlink("/dev/zero", f.root.join("zero")).unwrap();
    // A hard link inside the root to an outside file (same filesystem).
    let linked = std::fs::hard_link(f.outside.join("secret"), f.root.join("hard")).is_ok();
    let before = f.outside_snapshot();
    let c = f.connect().await;
    let secret_hash = sha_hex(b"top secret\n");

    let mut paths: Vec<String> = vec![
        "../root_evil/secret".into(),
        "/../root_evil/secret".into(),
        "in/../../root_evil/secret".into(),
        "..".into(),
        "/..".into(),
        "./../root_evil".into(),
        "in/rel".into(),
        "in/abs".into(),
        "out/secret".into(),
        "chain1".into(),
        "chain2".into(),
        "passwd".into(),
        "zero".into(),
        "hard".into(),
        "C:\\root_evil\\secret".into(),
        "\\\\host\\share\\secret".into(),
        "in\\..\\..\\root_evil\\secret".into(),
        "in/a.txt\0/../../root_evil/secret".into(),
        "/proc/self/root/etc/passwd".into(),
        "/dev/zero".into(),
        "%2e%2e/root_evil/secret".into(),
        "..%2froot_evil%2fsecret".into(),
        "out/new.txt".into(),
        "out/deeper/new.txt".into(),
    ];
    paths.push(format!("{}root_evil/secret", "../".repeat(50)));
    paths.push("a/".repeat(60_000));
    paths.push(format!("in/{}", "x".repeat(100_000)));
    let mut attempts = 0;
    let mut leaks = Vec::new();
    for p in &paths {
        let calls: Vec<(&str, Value)> = vec![
            ("text.read", json!({"path": p})),
            ("text.read", json!({"path": p, "lines": [1, 2]})),
            (
                "text.append",
                json!({"path": p, "hash": secret_hash, "content": "pwned"}),
            ),
            (
                "text.replace",
                json!({"path": p, "hash": secret_hash, "lines": [1, 2], "old": "x", "new": "pwned"}),
            ),
            (
                "text.insert",
                json!({"path": p, "hash": secret_hash, "line": 1, "anchor": "x", "content": "pwned"}),
            ),
            ("file.remove", json!({"path": p, "hash": secret_hash})),
            ("file.create", json!({"path": p, "content": "pwned"})),
        ];
        for (tool, args) in calls {
            attempts += 1;
            let r = call(&c, tool, args).await;
            let text = r.to_string();
            if text.contains("top secret") || text.contains("root:x:0") {
                leaks.push(format!("{tool} {:.60}: {:.200}", p, text));
            }
            if r["isError"] != json!(true) {
                // Only creating a new name can succeed, and only inside the root.
                assert!(
                    tool == "file.create",
                    "{tool} {:.80} succeeded: {:.300}",
                    p,
                    text
                );
            }
            assert!(
                text.len() < 8192,
                "{tool}: a {} byte answer to a {} byte path",
                text.len(),
                p.len()
            );
        }
        attempts += 1;
        let uri = format!("list://{p}");
        let l = c
            .read_resource(rmcp::model::ReadResourceRequestParams::new(uri))
            .await;
        if let Ok(l) = l {
            let text = serde_json::to_string(&l).unwrap();
            assert!(
                !text.contains("\"secret\""),
                "listing {:.60} shows the outside: {text:.300}",
                p
            );
        }
    }
    assert!(leaks.is_empty(), "leaks: {leaks:#?}");
    assert_eq!(f.outside_snapshot(), before, "the outside area changed");
    assert!(!f.root.join("root_evil").exists());
    c.cancel().await.unwrap();
    eprintln!(
        "escapes: {attempts} attempts over {} paths (hard link inside to outside: {}), 0 leaks, outside unchanged",
        paths.len(),
        if linked {
            "refused"
        } else {
            "not possible here"
        }
    );
}
