//! The user-facing documentation holds together: every relative link in README.md and
//! docs/ (recursively) leads to a file or directory that exists, every table row renders
//! inside its table, the README's two commands are the ones CI runs, and every path the
//! code map in ARCHITECTURE.md names exists.

use std::ops::Range;
use std::path::{Path, PathBuf};

use pulldown_cmark::{Event, Options, Parser, Tag};

/// Relative links allowed to point nowhere. Keep it empty: a page that is linked must exist.
const ALLOWED_MISSING: &[&str] = &[];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ sits in the workspace")
        .to_path_buf()
}

/// README.md and every Markdown file under docs/.
fn documentation_files(root: &Path) -> Vec<PathBuf> {
    let mut files = vec![root.join("README.md")];
    let mut dirs = vec![root.join("docs")];
    while let Some(dir) = dirs.pop() {
        let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The destinations of a Markdown file's links and images, as the CommonMark parser reads
/// them (so a link inside a code block is not one).
fn link_destinations(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) => {
                Some(dest_url.into_string())
            }
            _ => None,
        })
        .collect()
}

/// The file part of a relative link (`docs/usage.md#exit-codes` -> `docs/usage.md`); None
/// for a URL with a scheme or an anchor in the same page.
fn relative_target(dest: &str) -> Option<&str> {
    let path = dest.split(['#', '?']).next().unwrap_or_default();
    let has_scheme = path
        .split_once(':')
        .is_some_and(|(scheme, _)| !scheme.is_empty() && !scheme.contains('/'));
    (!path.is_empty() && !has_scheme).then_some(path)
}

#[test]
fn relative_links_lead_to_files_that_exist() {
    let root = workspace();
    let mut broken = Vec::new();
    for file in documentation_files(&root) {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let dir = file.parent().expect("a file has a parent");
        for dest in link_destinations(&text) {
            let Some(target) = relative_target(&dest) else {
                continue;
            };
            if !dir.join(target).exists() && !ALLOWED_MISSING.contains(&target) {
                let shown = file.strip_prefix(&root).unwrap_or(&file);
                broken.push(format!("{}: ({dest})", shown.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links to files that do not exist:\n  {}\n",
        broken.join("\n  ")
    );
}

/// Lines that look like table rows (`|` first) but that a GFM renderer does not put in a
/// table, e.g. a row at column 0 after a table indented inside a list item, which ends the
/// list and shows as a paragraph of pipes.
fn stray_table_rows(markdown: &str) -> Vec<String> {
    let mut tables: Vec<Range<usize>> = Vec::new();
    let mut code: Vec<Range<usize>> = Vec::new();
    for (event, range) in Parser::new_ext(markdown, Options::ENABLE_TABLES).into_offset_iter() {
        match event {
            Event::Start(Tag::Table(_)) => tables.push(range),
            Event::Start(Tag::CodeBlock(_)) => code.push(range),
            _ => {}
        }
    }
    let inside = |ranges: &[Range<usize>], at: usize| ranges.iter().any(|r| r.contains(&at));
    let mut stray = Vec::new();
    let mut offset = 0;
    for line in markdown.split_inclusive('\n') {
        let row_at = offset + line.len() - line.trim_start().len();
        if line.trim_start().starts_with('|') && !inside(&code, row_at) && !inside(&tables, row_at)
        {
            stray.push(line.trim_end().to_string());
        }
        offset += line.len();
    }
    stray
}

#[test]
fn table_rows_render_inside_their_tables() {
    let root = workspace();
    let mut stray = Vec::new();
    for file in documentation_files(&root) {
        let text =
            std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let shown = file
            .strip_prefix(&root)
            .unwrap_or(&file)
            .display()
            .to_string();
        stray.extend(
            stray_table_rows(&text)
                .into_iter()
                .map(|row| format!("{shown}: {row}")),
        );
    }
    assert!(
        stray.is_empty(),
        "table rows outside any table:\n  {}\n",
        stray.join("\n  ")
    );
}

#[test]
fn a_row_at_column_0_after_an_indented_table_is_stray() {
    let broken = "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n| 3 | 4 |\n";
    assert_eq!(stray_table_rows(broken), ["| 3 | 4 |"]);
    let fine = "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n  | 3 | 4 |\n\n```\n| x |\n```\n";
    assert!(stray_table_rows(fine).is_empty());
}

#[test]
fn link_targets_are_read_as_the_parser_sees_them() {
    let dests = link_destinations(
        "[a](docs/usage.md#exit-codes) [b](https://example.com/x) [c](#top)\n\n\
         ```sh\n[not a link](nowhere.md)\n```\n![img](pic.png)\n",
    );
    let targets: Vec<_> = dests.iter().filter_map(|d| relative_target(d)).collect();
    assert_eq!(targets, ["docs/usage.md", "pic.png"]);
}

/// The commands of the first code block of a Markdown text, comments and blank lines left out.
fn first_code_block_commands(markdown: &str) -> Vec<String> {
    let mut in_block = false;
    let mut text = String::new();
    for event in Parser::new(markdown) {
        match event {
            Event::Start(Tag::CodeBlock(_)) => in_block = true,
            Event::End(pulldown_cmark::TagEnd::CodeBlock) => break,
            Event::Text(t) if in_block => text.push_str(&t),
            _ => {}
        }
    }
    text.lines()
        .map(|line| {
            line.split('#')
                .next()
                .unwrap_or_default()
                .trim()
                .to_string()
        })
        .filter(|command| !command.is_empty())
        .collect()
}

#[test]
fn readme_commands_are_the_ones_ci_runs() {
    let root = workspace();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let ci = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run");
    let expected = [
        "cargo run --release -p mcp-harness",
        "cargo test --workspace",
    ];
    let commands = first_code_block_commands(&readme);
    assert_eq!(
        commands.get(..2),
        Some(&expected.map(String::from)[..]),
        "README.md's first two commands must run the suite against the reference and the tests"
    );
    // CI runs the main command in the dev profile: every step after its build step runs
    // that step's build (.ci/run, MCP_HARNESS_CARGO_PROFILE), and no code of ours depends
    // on the profile (no cfg on debug assertions; `the_code_does_not_depend_on_the_profile`).
    let in_ci = ["cargo run -p mcp-harness", "cargo test --workspace"];
    for command in in_ci {
        assert!(ci.contains(command), ".ci/run does not run `{command}`");
    }
}

/// What lets CI run the README's main command in the dev profile rather than release: the
/// two profiles differ in optimisation alone, so the suite's verdict cannot differ.
#[test]
fn the_code_does_not_depend_on_the_profile() {
    let root = workspace();
    let mut offenders = Vec::new();
    for dir in ["harness", "reference", "tests"] {
        for file in rust_sources(&root.join(dir)) {
            let text = std::fs::read_to_string(&file).unwrap_or_default();
            if text.contains(concat!("debug_", "assertions")) {
                offenders.push(file.display().to_string());
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "code that differs between the dev and release profiles: CI runs the README's main \
         command in the dev profile, so keep behaviour out of a debug-assertions cfg: {offenders:?}"
    );
}

/// Every `.rs` file below `dir` (target/ and node_modules/ left out).
fn rust_sources(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return out;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if path.is_dir() && name != "target" && name != "node_modules" {
            out.extend(rust_sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out
}

/// Every file under `root` (target/, .git/ and node_modules/ left out), as paths relative
/// to it with `/` separators; directories end with `/`.
fn tree_paths(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("directory entry").path();
            let name = path
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default();
            if matches!(name, "target" | ".git" | "node_modules") {
                continue;
            }
            let rel = path
                .strip_prefix(root)
                .expect("under root")
                .to_string_lossy();
            if path.is_dir() {
                out.push(format!("{rel}/"));
                dirs.push(path);
            } else {
                out.push(rel.into_owned());
            }
        }
    }
    out
}

/// The code spans of ARCHITECTURE.md that name a file or folder of the repository: no
/// spaces, no URI or protocol method, ending in a source or doc extension or in `/`.
fn named_paths(markdown: &str) -> Vec<String> {
    let is_path = |s: &str| {
        let ends = [".rs", ".sh", ".md", ".yaml", ".toml", "/"];
        !s.contains([' ', '<', '@', ':', '*'])
            && s.contains('/')
            && ends.iter().any(|e| s.ends_with(e))
            && s != "/"
    };
    Parser::new(markdown)
        .filter_map(|event| match event {
            Event::Code(code) if is_path(&code) => Some(code.into_string()),
            _ => None,
        })
        .collect()
}

/// The code map stays true: every path ARCHITECTURE.md names in code (`src/run/collect.rs`,
/// `sandbox/info.rs`, `docs/`) is the end of a path in the repository. It names paths
/// relative to the crate or folder its section is about, so a suffix is enough.
#[test]
fn architecture_names_only_paths_that_exist() {
    let root = workspace();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let tree = tree_paths(&root);
    let names = named_paths(&text);
    assert!(names.len() > 40, "too few paths found: {names:?}");
    let missing: Vec<&String> = names
        .iter()
        .filter(|name| {
            let name = name.trim_start_matches("./");
            !tree
                .iter()
                .any(|p| p == name || p.ends_with(&format!("/{name}")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names paths that are not in the repository: {missing:?}"
    );
}

#[test]
fn named_paths_are_code_spans_that_look_like_paths() {
    let md = "See `src/run/collect.rs`, `docs/`, `list://`, `file/open`, `a b/c.rs`, and \
              [a link](src/x.rs) and `<profile>/SAFE-nnn`.";
    assert_eq!(named_paths(md), vec!["src/run/collect.rs", "docs/"]);
}

/// The code map names every top-level module of the harness and the reference (`reply/`,
/// `bulk.rs`, ...), so a new one cannot go unmapped.
#[test]
fn architecture_names_every_top_level_module() {
    let root = workspace();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let mut omitted = Vec::new();
    for crate_src in ["harness/src", "reference/src"] {
        let entries = std::fs::read_dir(root.join(crate_src)).expect("a crate's src");
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let module = name.trim_end_matches(".rs");
            if matches!(module, "main" | "lib") {
                continue;
            }
            let spellings = [
                format!("`{module}.rs`"),
                format!("`{module}/`"),
                format!("`src/{module}.rs`"),
                format!("`src/{module}/`"),
            ];
            if !spellings.iter().any(|s| text.contains(s.as_str())) {
                omitted.push(format!("{crate_src}/{name}"));
            }
        }
    }
    assert!(
        omitted.is_empty(),
        "ARCHITECTURE.md omits these modules: {omitted:?}"
    );
}

/// The README's case count of each profile is the catalogue's (shared cases included), so
/// a new case cannot leave it stale.
#[test]
fn readme_case_counts_are_the_catalogues() {
    let root = workspace();
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let line = regex::Regex::new(
        r"(?m)^- \[`([a-z]+)`\]\(docs/profiles\.md#[a-z]+\):.*\((\d+) cases\)\.$",
    )
    .expect("a valid pattern");
    let catalogues = mcp_harness::catalogue::load_all(&root.join("specs")).expect("the catalogue");
    let mut seen = 0;
    for c in line.captures_iter(&readme) {
        let cat = catalogues
            .iter()
            .find(|cat| cat.profile.profile == c[1])
            .unwrap_or_else(|| panic!("README names a profile {} the catalogue has not", &c[1]));
        let cases: usize = cat.areas.iter().map(|a| a.cases.len()).sum();
        assert_eq!(
            c[2].parse::<usize>().ok(),
            Some(cases),
            "README's count for {}",
            &c[1]
        );
        seen += 1;
    }
    assert_eq!(
        seen,
        catalogues.len(),
        "README gives a count for every profile"
    );
}
