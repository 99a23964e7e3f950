//! ARCHITECTURE.md stays a true map: every file or folder path it names exists in the
//! repository, and it names every top-level module of the harness and the reference.

use std::collections::BTreeSet;
use std::path::Path;

use regex::Regex;

fn repo() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn architecture() -> String {
    std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// Every path below the repository (folders with a trailing `/`), relative to it, build
/// output and dependencies left out.
fn repo_paths(dir: &Path, rel: &str, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if matches!(name.as_str(), "target" | ".git" | "node_modules") {
            continue;
        }
        let path = format!("{rel}{name}");
        if e.path().is_dir() {
            out.insert(format!("{path}/"));
            repo_paths(&e.path(), &format!("{path}/"), out);
        } else {
            out.insert(path);
        }
    }
}

/// A backticked mention that names a file or folder: a `/` in it, and a trailing `/` or
/// a file extension; placeholders, globs, packages and JSON-RPC methods are not paths.
fn mentioned_paths(text: &str) -> BTreeSet<String> {
    let tick = Regex::new(r"`([^`\s]+)`").expect("a valid pattern");
    let file = Regex::new(r"\.(rs|ya?ml|md|sh|py|toml|json|feature|mjs|js|txt|baseline)$")
        .expect("a valid pattern");
    tick.captures_iter(text)
        .map(|c| c[1].trim_start_matches("./").to_string())
        .filter(|p| p.contains('/') && !p.starts_with('@'))
        .filter(|p| !p.contains(['<', '>', '*', '{', '}', '$', ':']))
        .filter(|p| p.ends_with('/') || file.is_match(p))
        .collect()
}

#[test]
fn every_path_the_map_names_exists() {
    let mut paths = BTreeSet::new();
    repo_paths(repo(), "", &mut paths);
    let missing: Vec<String> = mentioned_paths(&architecture())
        .into_iter()
        .filter(|m| {
            !paths
                .iter()
                .any(|p| p == m || p.ends_with(&format!("/{m}")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that do not exist (moved or removed?): {missing:?}"
    );
}

#[test]
fn every_top_level_module_is_on_the_map() {
    let text = architecture();
    let mut omitted = Vec::new();
    for crate_src in ["harness/src", "reference/src"] {
        let entries = std::fs::read_dir(repo().join(crate_src)).expect("a crate's src");
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let module = name.trim_end_matches(".rs");
            if matches!(module, "main" | "lib") {
                continue;
            }
            let named = [format!("`{module}.rs`"), format!("`{module}/`")]
                .iter()
                .chain(&[format!("`src/{module}.rs`"), format!("`src/{module}/`")])
                .any(|m| text.contains(m.as_str()));
            if !named {
                omitted.push(format!("{crate_src}/{name}"));
            }
        }
    }
    assert!(
        omitted.is_empty(),
        "ARCHITECTURE.md omits these modules: {omitted:?}"
    );
}

/// The checker itself: a moved file is caught, a method name is no path.
#[test]
fn the_checker_tells_paths_from_other_words() {
    let found = mentioned_paths("`src/reply/mod.rs`, `tools/list`, `<profile>/SAFE-001`, `docs/`");
    assert_eq!(
        found.into_iter().collect::<Vec<_>>(),
        vec!["docs/".to_string(), "src/reply/mod.rs".to_string()]
    );
}
