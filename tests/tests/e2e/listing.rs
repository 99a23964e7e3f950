//! The `list://{path}` resource: template advertised, order and types of entries, errors.

use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn template_is_advertised() {
    let f = Fixture::new();
    let c = f.connect().await;
    let r = c.list_resource_templates(None).await.unwrap();
    let v = serde_json::to_value(&r).unwrap();
    let uris: Vec<&str> = v["resourceTemplates"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["uriTemplate"].as_str())
        .collect();
    assert!(uris.contains(&"list://{path}"), "templates: {v}");
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn root_listing_orders_dirs_first_by_bytes_and_hides_temp_files() {
    use std::os::unix::fs::symlink;
    let f = Fixture::new();
    f.write("b.md", "");
    f.write("B.md", "");
    f.write(".hidden", "");
    f.write(".mcp-tmp-0123456789abcdef7", "junk");
    f.write("zdir/x", "");
    f.write("Adir/x", "");
    symlink(&f.outside, f.root.join("link")).unwrap();
    let c = f.connect().await;
    let want = json!({"path": "/", "entries": [
        {"name": "Adir", "type": "directory"},
        {"name": "zdir", "type": "directory"},
        {"name": ".hidden", "type": "file"},
        {"name": "B.md", "type": "file"},
        {"name": "b.md", "type": "file"},
        {"name": "link", "type": "symlink"},
    ]});
    for uri in ["list://", "list:///"] {
        let l = listing(&c, uri).await;
        // Files and symlinks are one group after directories, sorted by byte order.
        let got_names = names(&l);
        assert_eq!(
            got_names,
            ["Adir", "zdir", ".hidden", "B.md", "b.md", "link"],
            "{uri}: {l}"
        );
        assert_eq!(l, want, "{uri}");
    }
    c.cancel().await.unwrap();
}

#[tokio::test]
async fn subdirectory_listing_and_errors() {
    let f = Fixture::new();
    f.write("notes/a.md", "");
    f.write("notes/sub/x", "");
    std::os::unix::fs::symlink(&f.outside, f.root.join("out")).unwrap();
    std::os::unix::fs::symlink("notes", f.root.join("in")).unwrap();
    let c = f.connect().await;
    let want = json!({"path": "/notes", "entries": [{"name": "sub", "type": "directory"}, {"name": "a.md", "type": "file"}]});
    for uri in ["list://notes", "list:///notes", "list://notes/"] {
        assert_eq!(listing(&c, uri).await, want, "{uri}");
    }
    let e = read_resource(&c, "list://missing")
        .await
        .expect_err("missing dir");
    assert_eq!(e.code.0, -32002, "2025-11-25 resource-not-found: {e:?}");
    let e = read_resource(&c, "list://notes/a.md")
        .await
        .expect_err("file, not dir");
    assert_eq!(e.code.0, -32602, "{e:?}");
    assert!(
        e.message.contains("text.read"),
        "should point to text.read: {e:?}"
    );
    for uri in ["list://../root_evil", "list://out", "list://out/"] {
        let e = read_resource(&c, uri).await.expect_err("escape");
        assert!(
            !format!("{e:?}").contains("secret"),
            "{uri}: leaked outside names: {e:?}"
        );
    }
    // A link that stays inside is followed when it is the directory being listed.
    assert_eq!(names(&listing(&c, "list://in").await), ["sub", "a.md"]);
    c.cancel().await.unwrap();
}
