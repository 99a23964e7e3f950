//! The import direction of the harness's layers, read from the sources: the reply layer
//! (`reply/`) reads replies with nothing but the catalogue; the catalogue imports no
//! runner; the session layer (the server process, its transport and client) imports no
//! step, World, report or command; and no modules of the harness or of the reference
//! import one another in a circle. ARCHITECTURE.md draws the same picture.

use std::collections::{BTreeMap, BTreeSet};
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

/// `serde_yaml` is archived: one module reads YAML, so a fork replaces it in one place.
#[test]
fn yaml_is_read_through_one_module() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let door = src.join("catalogue/yaml.rs");
    let others: Vec<PathBuf> = rust_files(&src)
        .into_iter()
        .filter(|f| *f != door)
        .filter(|f| std::fs::read_to_string(f).is_ok_and(|t| t.contains("serde_yaml")))
        .collect();
    assert!(
        others.is_empty(),
        "name the YAML parser only in catalogue/yaml.rs (use crate::catalogue::yaml): {others:#?}"
    );
}

/// One version each of the hashing and encoding crates: two would compile twice and let
/// the harness and the reference disagree on an encoding. Read from the lockfile, which
/// `cargo tree -d` reads too.
#[test]
fn one_version_of_sha2_and_base64_is_locked() {
    let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
    let text = std::fs::read_to_string(&lock).expect("the workspace's Cargo.lock");
    for name in ["sha2", "base64"] {
        let versions: Vec<&str> = text
            .split("[[package]]")
            .filter(|p| p.contains(&format!("\nname = \"{name}\"\n")))
            .filter_map(|p| p.lines().find_map(|l| l.strip_prefix("version = ")))
            .collect();
        assert_eq!(
            versions.len(),
            1,
            "{name} is locked at {versions:?}; `cargo tree -i {name}` shows who pulls in each"
        );
    }
}

/// Each package of `cargo tree` (`name vX [features]`), for a build of `args`.
fn tree(args: &[&str]) -> BTreeSet<String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args(["tree", "--offline", "--prefix", "none", "-f", "{p} [{f}]"])
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "cargo tree {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| l.trim_end_matches(" (*)").to_string())
        .collect()
}

/// The README's two commands share one build: every package `cargo run -p mcp-harness`
/// builds has the features `cargo test --workspace` built it with, so the second compiles
/// nothing (CI runs both; a feature a dev-dependency turns on once cost a second build of
/// rmcp, the reference and the harness). A difference names the package to align.
#[test]
fn one_build_serves_the_readme_commands() {
    let run = tree(&["-p", "mcp-harness", "-e", "normal,build"]);
    let test = tree(&["--workspace", "-e", "normal,build,dev"]);
    let name = |l: &str| l.split(" [").next().unwrap_or_default().to_string();
    let differ: Vec<String> = run
        .iter()
        .filter(|l| !test.contains(*l) && test.iter().any(|t| name(t) == name(l)))
        .map(|l| {
            let other = test.iter().find(|t| name(t) == name(l)).cloned();
            format!("{l} (run) against {} (test)", other.unwrap_or_default())
        })
        .collect();
    assert!(
        differ.is_empty(),
        "packages built with other features by the two README commands (align them in \
         harness/Cargo.toml; `cargo tree --workspace -e features -i NAME` shows who turns each \
         on):\n{}",
        differ.join("\n")
    );
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

// Import circles. A module graph of a crate's sources: a node per module (file, folder, or
// inline `mod NAME {` block), an edge per `use`/path that names another module through
// `crate::`, `super::` or `self::`. Each edge is lifted to the two sibling modules below the
// modules' common parent (`run::steps::x → run::report::y` is `run::steps → run::report`);
// a module naming its own ancestor or descendant is no edge (a folder's files use what its
// `mod.rs` defines, and the `mod.rs` uses its files). A circle is a set of siblings that
// reach one another.

/// Circles in harness/src that stand for now, each as its sorted members and why; any
/// other circle fails `no_import_circles_in_the_harness`, and so does a listed one that is
/// gone (take it off the list).
const KNOWN_CIRCLES: &[(&[&str], &str)] = &[];

type Graph = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

/// The module graph of the crate in `src`: `from → to → the modules whose paths made it`.
fn module_graph(src: &Path) -> Graph {
    let chunks: Vec<(String, String)> = rust_files(src)
        .iter()
        .flat_map(|f| {
            let text = std::fs::read_to_string(f).expect("readable source");
            inline_modules(&module_of(src, f), &text)
        })
        .collect();
    let modules: BTreeSet<String> = chunks.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = Graph::new();
    for (module, text) in &chunks {
        for path in named_paths(text) {
            let Some(target) = resolve(module, &path, &modules) else {
                continue;
            };
            if let Some((a, b)) = lift(module, &target) {
                graph
                    .entry(a)
                    .or_default()
                    .entry(b)
                    .or_default()
                    .insert(module.clone());
            }
        }
    }
    graph
}

/// A file's text split into its module and its inline modules (`mod NAME {` at the start
/// of a line up to the `}` that starts a line, as rustfmt lays them out), comments cut.
fn inline_modules(module: &str, text: &str) -> Vec<(String, String)> {
    let open = Regex::new(r"^(?:pub(?:\([a-z]+\))? )?mod ([a-z_][a-z0-9_]*) \{").expect("pattern");
    let mut chunks = vec![(module.to_string(), String::new())];
    let mut inner: Option<usize> = None;
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or_default();
        if let Some(c) = open.captures(line).filter(|_| inner.is_none()) {
            chunks.push((join(module, &c[1]), String::new()));
            inner = Some(chunks.len() - 1);
        } else if inner.is_some() && line.starts_with('}') {
            inner = None;
        } else {
            chunks[inner.unwrap_or(0)].1.push_str(code);
            chunks[inner.unwrap_or(0)].1.push('\n');
        }
    }
    chunks
}

fn join(module: &str, name: &str) -> String {
    if module.is_empty() {
        name.to_string()
    } else {
        format!("{module}::{name}")
    }
}

/// Every path in `text` that starts at `crate`, `super` or `self`: those of `use` trees,
/// braces expanded, and those written in the code.
fn named_paths(text: &str) -> Vec<String> {
    let use_re = Regex::new(r"(?m)^\s*(?:pub(?:\([a-z]+\))?\s+)?use\s+([^;]+);").expect("pattern");
    let inline_re =
        Regex::new(r"\b(?:crate|super|self)(?:::[A-Za-z_][A-Za-z0-9_]*)+").expect("pattern");
    let mut paths: Vec<String> = use_re
        .captures_iter(text)
        .flat_map(|c| expand_use("", &c[1]))
        .collect();
    paths.extend(inline_re.find_iter(text).map(|m| m.as_str().to_string()));
    paths
}

/// `super::{a, b::{self, C}}` → `super::a`, `super::b`, `super::b::C`.
fn expand_use(prefix: &str, tree: &str) -> Vec<String> {
    let tree: String = tree.split_whitespace().collect::<Vec<_>>().join(" ");
    let Some(open) = tree.find('{') else {
        let leaf = tree.split(" as ").next().unwrap_or_default().trim();
        let full = format!("{prefix}{leaf}");
        let full = full.trim_end_matches("::*").trim_end_matches("::self");
        return vec![full.to_string()];
    };
    let head = format!("{prefix}{}", tree[..open].trim());
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    split_top_level(inner)
        .iter()
        .filter(|item| !item.trim().is_empty())
        .flat_map(|item| expand_use(&head, item))
        .collect()
}

/// `a, b::{c, d}, e` → `a`, `b::{c, d}`, `e`.
fn split_top_level(list: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0usize, 0, Vec::new());
    for (i, ch) in list.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                items.push(&list[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&list[start..]);
    items
}

/// The module a path from `module` lands in: the longest known module its absolute form
/// starts with (`""`, the crate root, when none). `None` for paths outside the crate.
fn resolve(module: &str, path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let mut segments = path.split("::").peekable();
    let mut base: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
    match segments.next()? {
        "crate" => base.clear(),
        "self" => {}
        "super" => {
            base.pop();
        }
        _ => return None,
    }
    while segments.peek() == Some(&"super") {
        segments.next();
        base.pop();
    }
    let full: Vec<&str> = base.into_iter().chain(segments).collect();
    (0..=full.len())
        .rev()
        .map(|n| full[..n].join("::"))
        .find(|m| m.is_empty() || modules.contains(m))
}

/// The edge `from → to` between the siblings below their common parent; `None` when one
/// contains the other.
fn lift(from: &str, to: &str) -> Option<(String, String)> {
    let a: Vec<&str> = from.split("::").filter(|s| !s.is_empty()).collect();
    let b: Vec<&str> = to.split("::").filter(|s| !s.is_empty()).collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == a.len() || common == b.len() {
        return None;
    }
    Some((a[..=common].join("::"), b[..=common].join("::")))
}

/// The circles of `graph`: each set of modules that reach one another, sorted.
fn circles(graph: &Graph) -> Vec<Vec<String>> {
    let reach = |start: &str| {
        let mut seen = BTreeSet::new();
        let mut todo = vec![start.to_string()];
        while let Some(m) = todo.pop() {
            for next in graph.get(&m).into_iter().flat_map(|e| e.keys()) {
                if seen.insert(next.clone()) {
                    todo.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&String, BTreeSet<String>> =
        graph.keys().map(|m| (m, reach(m))).collect();
    let mut found: BTreeSet<Vec<String>> = BTreeSet::new();
    for (m, r) in &reaches {
        let members: Vec<String> = r
            .iter()
            .filter(|o| reaches.get(o).is_some_and(|back| back.contains(*m)))
            .cloned()
            .collect();
        if members.len() > 1 {
            found.insert(members);
        }
    }
    found.into_iter().collect()
}

/// A circle and the imports that make it, for a failure message.
fn describe(graph: &Graph, circle: &[String]) -> String {
    let mut lines = vec![circle.join(" ↔ ")];
    for from in circle {
        for (to, by) in graph.get(from).into_iter().flatten() {
            if circle.contains(to) {
                let by: Vec<&str> = by.iter().map(String::as_str).collect();
                lines.push(format!("  {from} → {to} (in {})", by.join(", ")));
            }
        }
    }
    lines.join("\n")
}

/// The circles of the crate in `src` that `known` does not list, and the listed ones that
/// are gone.
fn unexpected_circles(src: &Path, known: &[(&[&str], &str)]) -> Vec<String> {
    let graph = module_graph(src);
    let found = circles(&graph);
    let mut bad: Vec<String> = found
        .iter()
        .filter(|c| !known.iter().any(|(k, _)| k == c))
        .map(|c| format!("an import circle: {}", describe(&graph, c)))
        .collect();
    for (k, _) in known {
        if !found.iter().any(|c| c == k) {
            bad.push(format!(
                "no longer a circle, take it off KNOWN_CIRCLES: {k:?}"
            ));
        }
    }
    bad
}

#[test]
fn no_import_circles_in_the_reference() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../reference/src");
    let bad = unexpected_circles(&src, &[]);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn no_import_circles_in_the_harness() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bad = unexpected_circles(&src, KNOWN_CIRCLES);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// The checker itself: braces expand, and a circle through a sub-module is found and named.
#[test]
fn the_circle_checker_finds_a_circle() {
    assert_eq!(
        expand_use("", "super::{Ctx, dirs, edit::{self, X as Y}}"),
        ["super::Ctx", "super::dirs", "super::edit", "super::edit::X"]
    );
    let dir = tempfile::tempdir().expect("a temporary directory");
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::create_dir_all(p.parent().expect("a parent")).expect("a folder");
        std::fs::write(p, text).expect("a source file");
    };
    write("lib.rs", "mod a;\nmod b;\n");
    write("a/mod.rs", "mod inner;\npub struct Top;\n");
    write("a/inner.rs", "use super::Top;\nuse crate::b::{self, B};\n");
    write(
        "b.rs",
        "// use crate::a::Top; in a comment is no import\npub struct B;\n\
         #[cfg(test)]\nmod tests {\n    use super::*;\n}\nfn f() { crate::a::Top; }\n",
    );
    let graph = module_graph(dir.path());
    assert_eq!(circles(&graph), [["a", "b"]], "{graph:#?}");
    write("b.rs", "pub struct B;\n");
    assert!(circles(&module_graph(dir.path())).is_empty());
}
