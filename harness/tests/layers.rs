//! The import direction of the harness's layers, read from the sources: the reply layer
//! (`reply/`) reads replies with nothing but the catalogue; the catalogue imports no
//! runner; the session layer (the server process, its transport and client) imports no
//! step, World, report or command. ARCHITECTURE.md draws the same picture.

use std::path::{Path, PathBuf};

use regex::Regex;

/// `(module path of a source file, the module paths it names)`.
fn imports(src: &Path) -> Vec<(String, Vec<String>)> {
    let path_re =
        Regex::new(r"\b(crate|super)((?:::super)*)::([a-z_][a-z0-9_]*)(?:::([a-z_][a-z0-9_]*))?")
            .expect("a valid pattern");
    let mut out = Vec::new();
    for file in rust_files(src) {
        let module = module_of(src, &file);
        let text = std::fs::read_to_string(&file).expect("readable source");
        let mut named = Vec::new();
        for c in path_re.captures_iter(&text) {
            let ups = 1 + c[2].matches("super").count();
            let base: Vec<&str> = if &c[1] == "crate" {
                Vec::new()
            } else {
                let parts: Vec<&str> = module.split("::").filter(|p| !p.is_empty()).collect();
                // A mod.rs's `super` is its folder's parent, as for any other file.
                parts[..parts.len().saturating_sub(ups)].to_vec()
            };
            let mut full: Vec<String> = base.iter().map(|s| s.to_string()).collect();
            full.push(c[3].to_string());
            if let Some(m) = c.get(4) {
                full.push(m.as_str().to_string());
            }
            named.push(full.join("::"));
        }
        out.push((module, named));
    }
    out
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let p = entry.path();
        if p.is_dir() {
            files.extend(rust_files(&p));
        } else if p.extension().is_some_and(|e| e == "rs") {
            files.push(p);
        }
    }
    files
}

/// `src/run/steps/results.rs` → `run::steps::results`; a `mod.rs` is its folder.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts.join("::")
}

fn violations(layer: &str, forbidden: &[&str]) -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut bad = Vec::new();
    for (module, named) in imports(&src) {
        if !(module == layer || module.starts_with(&format!("{layer}::"))) {
            continue;
        }
        for n in named {
            if forbidden
                .iter()
                .any(|f| n == *f || n.starts_with(&format!("{f}::")))
            {
                bad.push(format!("{module} names {n}"));
            }
        }
    }
    bad.sort();
    bad.dedup();
    bad
}

#[test]
fn the_reply_layer_needs_only_the_catalogue() {
    let bad = violations("reply", &["run", "cli", "generate"]);
    assert!(bad.is_empty(), "reply/ must stay pure: {bad:#?}");
}

#[test]
fn the_catalogue_imports_no_runner() {
    let bad = violations("catalogue", &["run", "reply", "cli"]);
    assert!(bad.is_empty(), "{bad:#?}");
}

#[test]
fn the_session_layer_imports_no_step_world_or_report() {
    let upper = [
        "run::steps",
        "run::world",
        "run::report",
        "run::command",
        "run::collect",
    ];
    for session in [
        "run::server",
        "run::transport",
        "run::exchange",
        "run::client",
        "run::http",
    ] {
        let bad = violations(session, &upper);
        assert!(bad.is_empty(), "{bad:#?}");
    }
}

/// The checker itself: a `super` path is resolved from the file's module.
#[test]
fn super_paths_resolve_from_the_file() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let all = imports(&src);
    let (_, results) = all
        .iter()
        .find(|(m, _)| m == "run::steps::results")
        .expect("the results steps");
    assert!(results.iter().any(|n| n == "reply::facts"), "{results:?}");
    assert!(
        results.iter().any(|n| n.starts_with("run::steps::")),
        "{results:?}"
    );
}
