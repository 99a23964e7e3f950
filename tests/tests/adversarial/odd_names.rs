//! Special files and mistaken paths through every profile (issue 21): a FIFO and a socket
//! in the root are named as what they are (never "a directory", never an I/O error), a
//! read of a FIFO answers at once and the next call is served; and paths a model pastes
//! wrongly (a `file://` URI, a leading space, quotes) are refused without creating the
//! junk tree of directories a literal reading would make (CLR-036, LH-CLR-15, DV-CLR-08).

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::common::*;
use crate::raw::Raw;

/// A profile's call for a root-relative path: `(tool, arguments)`.
type Call = fn(&str, &str) -> (&'static str, Value);

/// One profile's calls: its name (to start it), and its read and write calls for a
/// root-relative path.
struct ProfileCalls {
    name: &'static str,
    read: Call,
    write: Option<Call>,
}

/// Every profile the reference serves (its registry, `mcp_reference::profiles::PROFILES`),
/// each with its calls: a profile added there fails here until it has them.
fn profiles() -> Vec<ProfileCalls> {
    let profiles: Vec<_> = mcp_reference::profiles::PROFILES
        .iter()
        .map(|p| calls(p.name))
        .collect();
    assert!(!profiles.is_empty(), "the reference registers no profile");
    profiles
}

/// The read and write calls of the profile `name`.
fn calls(name: &'static str) -> ProfileCalls {
    let (read, write): (Call, Option<Call>) = match name {
        "rootspace" => (
            |_, p| ("text.read", json!({"path": p})),
            Some(|_, p| ("file.create", json!({"path": p, "content": "x\n"}))),
        ),
        "lighthouse" => (
            |_, p| ("read", json!({"path": p})),
            Some(|_, p| {
                let args = json!({"path": p, "content": "x\n", "createDirectories": true});
                ("write", args)
            }),
        ),
        "devs" => (
            |_, p| ("filesystem_operation", json!({"action": "read", "path": p})),
            Some(|_, p| {
                let args = json!({"action": "write", "path": p, "content": "x\n"});
                ("filesystem_operation", args)
            }),
        ),
        // Its paths are file:// URIs by definition; the junk-name attack does not apply.
        "editor" => (
            |root, p| ("file_open", json!({"uri": format!("file://{root}/{p}")})),
            None,
        ),
        "filesystem" => (
            |root, p| ("read_text_file", json!({"path": format!("{root}/{p}")})),
            Some(|_, p| ("write_file", json!({"path": p, "content": "x\n"}))),
        ),
        other => panic!(
            "odd_names: the reference serves the profile {other:?}, which has no calls here; \
             add its read call (and its write call, or None) to `calls`"
        ),
    };
    ProfileCalls { name, read, write }
}

fn spawn(f: &Fixture, profile: &str) -> Raw {
    let mut raw = Raw::spawn(&f.root, &["--profile", profile]);
    raw.initialize();
    raw
}

/// A tools/call answered within `limit`; returns the result.
fn call_within(raw: &mut Raw, (tool, args): (&str, Value), limit: Duration) -> Value {
    let id = raw.request_nowait("tools/call", json!({"name": tool, "arguments": args}));
    let r = raw.response(id, limit);
    r.get("result")
        .cloned()
        .unwrap_or_else(|| panic!("{tool}: protocol error {r}"))
}

fn error_text(what: &str, r: &Value) -> String {
    assert_eq!(r["isError"], true, "{what}: expected an error, got {r}");
    r["content"][0]["text"].as_str().unwrap_or("").to_owned()
}

#[test]
fn fifos_and_sockets_are_named_and_never_block() {
    let f = Fixture::new();
    f.write("plain.txt", "plain\n");
    let made = std::process::Command::new("mkfifo")
        .arg(f.root.join("pipe"))
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    assert!(made, "mkfifo is needed for this attack");
    let _socket = std::os::unix::net::UnixListener::bind(f.root.join("sock")).unwrap();
    let root = f.root.to_str().unwrap().to_owned();
    let mut slowest = Duration::ZERO;
    let profiles = profiles();
    for p in &profiles {
        let mut raw = spawn(&f, p.name);
        for (entry, word) in [("pipe", "FIFO"), ("sock", "socket")] {
            let start = Instant::now();
            let r = call_within(&mut raw, (p.read)(&root, entry), Duration::from_secs(10));
            slowest = slowest.max(start.elapsed());
            let text = error_text(&format!("{} read {entry}", p.name), &r);
            assert!(text.contains(word), "{}: {entry}: {text}", p.name);
            for wrong in ["EISDIR", "is a directory", "I/O error", "ENOTDIR"] {
                assert!(
                    !text.contains(wrong),
                    "{}: {entry} called {wrong}: {text}",
                    p.name
                );
            }
        }
        // The server goes on serving: the next read is answered with the file.
        let r = call_within(&mut raw, (p.read)(&root, "plain.txt"), CALL_TIMEOUT);
        assert_ne!(r["isError"], true, "{}: after the FIFO: {r}", p.name);
    }
    use std::os::unix::fs::FileTypeExt;
    let ft = std::fs::symlink_metadata(f.root.join("pipe"))
        .unwrap()
        .file_type();
    assert!(ft.is_fifo(), "the FIFO was replaced");
    println!(
        "odd_names: FIFO and socket reads refused by name in {} profiles, slowest answer {} ms",
        profiles.len(),
        slowest.as_millis()
    );
}

/// The paths a model gets wrong, each with a name a literal reading would create.
fn mistaken(root: &str) -> Vec<(String, &'static str)> {
    vec![
        ("file:///junk/a.txt".into(), "file:"),
        (format!("file://{root}/junk/a.txt"), "file:"),
        ("FILE:junk/a.txt".into(), "FILE:junk"),
        (" junk/a.txt".into(), " junk"),
        ("\tjunk/a.txt".into(), "\tjunk"),
        ("\"junk/a.txt\"".into(), "\"junk"),
        ("'junk/a.txt'".into(), "'junk"),
        ("`junk/a.txt`".into(), "`junk"),
    ]
}

#[test]
fn pasted_uris_and_quoted_paths_make_no_junk_trees() {
    let f = Fixture::new();
    let root = f.root.to_str().unwrap().to_owned();
    let (mut refused, mut writers) = (0, 0);
    for p in profiles() {
        let Some(write) = p.write else {
            continue;
        };
        writers += 1;
        let mut raw = spawn(&f, p.name);
        for (path, junk) in mistaken(&root) {
            let r = call_within(&mut raw, write(&root, &path), CALL_TIMEOUT);
            let text = error_text(&format!("{} write {path:?}", p.name), &r);
            assert!(
                text.contains("junk/a.txt"),
                "{}: {path:?}: not told the meant path: {text}",
                p.name
            );
            assert!(
                !f.root.join(junk).exists(),
                "{}: {path:?} made {junk:?}",
                p.name
            );
            refused += 1;
        }
        let left: Vec<_> = std::fs::read_dir(&f.root).unwrap().collect();
        assert!(
            left.is_empty(),
            "{}: the root is no longer empty: {left:?}",
            p.name
        );
    }
    assert_eq!(f.outside_snapshot().len(), 1, "the outside area changed");
    println!("odd_names: {refused} mistaken paths refused in {writers} profiles, nothing created");
}

/// Issue 50: absolute paths (the filesystem profile's, the editor's URIs, lighthouse's) let
/// a client make a directory (or a file below one) named in the server's temp-file form,
/// which relative paths refuse in every profile: listings hide such files and the start-up
/// sweep removes them. Now refused in every part of an absolute path, naming the reserved
/// form, and nothing is made.
#[test]
fn the_temp_file_form_is_reserved_in_absolute_paths() {
    let f = Fixture::new();
    let root = f.root.to_str().unwrap().to_owned();
    let temp = ".mcp-tmp-0123456789abcdef0";
    let mut raw = spawn(&f, "filesystem");
    let calls = [
        (
            "create_directory",
            json!({"path": format!("{root}/{temp}")}),
        ),
        (
            "create_directory",
            json!({"path": format!("{root}/d/{temp}/e")}),
        ),
        (
            "write_file",
            json!({"path": format!("{root}/{temp}"), "content": "x\n"}),
        ),
        (
            "write_file",
            json!({"path": format!("{root}/{temp}/a.txt"), "content": "x\n"}),
        ),
    ];
    for (tool, args) in calls {
        let what = format!("{tool} {args}");
        let r = call_within(&mut raw, (tool, args), CALL_TIMEOUT);
        let text = error_text(&what, &r);
        assert_eq!(
            r["structuredContent"]["code"], "INVALID_PATH",
            "{what}: {r}"
        );
        assert!(text.contains(".mcp-tmp-"), "{what}: not told why: {text}");
    }
    // The editor's URIs and lighthouse's absolute paths likewise (their resolution is
    // shared): a save below such a directory made it before.
    let mut raw = spawn(&f, "editor");
    let uri = format!("file://{root}/{temp}/a.txt");
    let args = json!({"uri": uri, "content": "x\n", "create_if_not_exists": true});
    let r = call_within(&mut raw, ("file_save", args), CALL_TIMEOUT);
    assert!(
        error_text("editor file_save", &r).contains(".mcp-tmp-"),
        "{r}"
    );
    let mut raw = spawn(&f, "lighthouse");
    let args = json!({"path": format!("{root}/{temp}/a.txt"), "content": "x\n",
                      "createDirectories": true});
    let r = call_within(&mut raw, ("write", args), CALL_TIMEOUT);
    assert!(
        error_text("lighthouse write", &r).contains(".mcp-tmp-"),
        "{r}"
    );
    let left: Vec<_> = std::fs::read_dir(&f.root).unwrap().collect();
    assert!(left.is_empty(), "the root is no longer empty: {left:?}");
}

/// Issue 50: docs/reference-server.md says backslashes are refused, but the filesystem
/// profile's absolute paths took one as part of a name (`notes\\a.txt` made a file of that
/// name). Now every profile's write refuses it, saying so, and makes nothing.
#[test]
fn backslashes_are_refused_in_every_profile() {
    let f = Fixture::new();
    let root = f.root.to_str().unwrap().to_owned();
    let mut refused = 0;
    for p in profiles() {
        let Some(write) = p.write else {
            continue;
        };
        let mut raw = spawn(&f, p.name);
        for path in ["notes\\a.txt".to_string(), format!("{root}/notes\\a.txt")] {
            let (tool, mut args) = write(&root, &path);
            // The filesystem profile's write takes the path as given (absolute here).
            args["path"] = json!(path);
            let r = call_within(&mut raw, (tool, args), CALL_TIMEOUT);
            let text = error_text(&format!("{} {tool} {path:?}", p.name), &r);
            assert!(
                text.to_lowercase().contains("backslash"),
                "{}: {path:?}: not told why: {text}",
                p.name
            );
            refused += 1;
        }
        let left: Vec<_> = std::fs::read_dir(&f.root).unwrap().collect();
        assert!(left.is_empty(), "{}: made {left:?}", p.name);
    }
    assert!(refused >= 8, "{refused}");
}

#[test]
fn hard_links_to_outside_files_are_neither_read_nor_written() {
    use std::os::unix::fs::MetadataExt;
    let f = Fixture::new();
    std::fs::hard_link(f.outside.join("secret"), f.root.join("twin.txt")).unwrap();
    let root = f.root.to_str().unwrap().to_owned();
    let twin = format!("{root}/twin.txt");
    let writes: [(&str, &str, Value); 4] = [
        (
            "lighthouse",
            "write",
            json!({"path": "twin.txt", "content": "pwned\n"}),
        ),
        (
            "devs",
            "filesystem_operation",
            json!({"action": "write", "path": "twin.txt", "content": "pwned\n"}),
        ),
        (
            "filesystem",
            "write_file",
            json!({"path": twin, "content": "pwned\n"}),
        ),
        (
            "editor",
            "file_save",
            json!({"uri": format!("file://{twin}"), "content": "pwned\n"}),
        ),
    ];
    for (profile, tool, args) in writes {
        let mut raw = spawn(&f, profile);
        let r = call_within(&mut raw, (tool, args), CALL_TIMEOUT);
        let text = error_text(&format!("{profile} {tool}"), &r);
        assert!(
            text.contains("hard link") || text.contains("Permission denied"),
            "{profile}: {text}"
        );
        let p = calls(profile);
        let r = call_within(&mut raw, (p.read)(&root, "twin.txt"), CALL_TIMEOUT);
        let text = error_text(&format!("{profile} read"), &r);
        assert!(
            !text.contains("top secret"),
            "{profile} leaked the outside file: {text}"
        );
        let m = std::fs::metadata(f.root.join("twin.txt")).unwrap();
        assert_eq!(m.nlink(), 2, "{profile}: the link was split");
        assert_eq!(
            f.text("twin.txt"),
            "top secret\n",
            "{profile}: written through"
        );
    }
    println!("odd_names: hard link to an outside file refused by 4 profiles' writes and reads");
}
