//! docs/advisories.md holds together: every row of its advisory table names, in its
//! "cases" column, only case ids the catalogue has (a profile's own, `<profile>/<id>` for
//! the shared ones, and those of the interface files under tests/third-party/), and, in its
//! "affected release run" and "fixed release run" columns, only package releases
//! (`` `name@version` ``) that a script under tests/third-party/ or CI's own scripts
//! (`.ci/run`, `.ci/*.sh`) pins; a column that names no release says `none` and why.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use mcp_harness::catalogue;
use regex::Regex;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ sits in the workspace")
        .to_path_buf()
}

/// The header of the advisory table, exactly; the test finds the table by it.
const HEADER: &str = "| advisory | package | what goes wrong | cases | affected release run | fixed release run | proved |";

/// Every case id of the catalogue (all profiles, shared cases as `<profile>/<id>`) and of
/// the interface files under tests/third-party/.
fn case_ids(root: &Path) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for cat in catalogue::load_all(&root.join("specs")).unwrap_or_else(|e| panic!("{e}")) {
        for area in &cat.areas {
            ids.extend(area.cases.iter().map(|c| c.id.clone()));
        }
    }
    let third = root.join("tests/third-party");
    for entry in std::fs::read_dir(&third).expect("tests/third-party/") {
        let file = entry.expect("entry").path().join("interface.yaml");
        if file.is_file() {
            let interface = catalogue::interface::load_interface(&file)
                .unwrap_or_else(|e| panic!("{}: {e:?}", file.display()));
            for area in &interface.catalogue.areas {
                ids.extend(area.cases.iter().map(|c| c.id.clone()));
            }
        }
    }
    ids
}

/// The text of every script under tests/third-party/ (`*.sh`, and the pinned
/// `requirements.txt` files the scripts install from) and of CI's own (`.ci/run`,
/// `.ci/*.sh`), with its path.
fn scripts(root: &Path) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let ci = root.join(".ci/run");
    out.push((
        ci.display().to_string(),
        std::fs::read_to_string(&ci).expect(".ci/run"),
    ));
    let mut dirs = vec![root.join("tests/third-party"), root.join(".ci")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("directory") {
            let path = entry.expect("entry").path();
            let name = path
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .to_string();
            if path.is_dir() {
                dirs.push(path);
            } else if name.ends_with(".sh") || name.ends_with("requirements.txt") {
                let text = std::fs::read_to_string(&path).expect("script");
                out.push((path.display().to_string(), text));
            }
        }
    }
    out
}

/// Whether `version` stands as a whole token (not part of a longer version) in `text`.
fn has_version(text: &str, version: &str) -> bool {
    let re = Regex::new(&format!(
        r"(^|[^0-9A-Za-z.]){}($|[^0-9A-Za-z.])",
        regex::escape(version)
    ))
    .expect("regex");
    re.is_match(text)
}

/// A release is run when a script (or requirements file) that names the package also pins
/// the version.
fn release_is_pinned(scripts: &[(String, String)], package: &str, version: &str) -> bool {
    scripts
        .iter()
        .any(|(_, text)| text.contains(package) && has_version(text, version))
}

/// The problems of the page's table, one line each.
fn check(page: &str, ids: &BTreeSet<String>, scripts: &[(String, String)]) -> Vec<String> {
    let mut problems = Vec::new();
    let lines: Vec<&str> = page.lines().collect();
    let Some(start) = lines.iter().position(|l| l.trim() == HEADER) else {
        return vec![format!("no table with the header {HEADER}")];
    };
    let case_re =
        Regex::new(r"\b(?:[a-z][a-z0-9-]*/)?[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d{3}\b").expect("regex");
    let release_re =
        Regex::new(r"`((?:@[A-Za-z0-9._-]+/)?[A-Za-z0-9._-]+)@([0-9][0-9A-Za-z.+-]*)`")
            .expect("regex");
    let rows: Vec<&str> = lines[start + 2..]
        .iter()
        .take_while(|l| l.starts_with('|'))
        .copied()
        .collect();
    if rows.is_empty() {
        problems.push("the advisory table has no rows".into());
    }
    for (n, row) in rows.iter().enumerate() {
        let cells: Vec<&str> = row
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        let label = format!("row {} ({})", n + 1, cells.first().unwrap_or(&"?"));
        if cells.len() != 7 {
            problems.push(format!("{label}: {} cells, the header has 7", cells.len()));
            continue;
        }
        let cases = cells[3].replace('`', "");
        let found: Vec<&str> = case_re.find_iter(&cases).map(|m| m.as_str()).collect();
        if found.is_empty() && !cells[3].starts_with("none") {
            problems.push(format!(
                "{label}: the cases column names no case and does not say none"
            ));
        }
        for id in found {
            if !ids.contains(id) {
                problems.push(format!("{label}: {id} is not a case of the catalogue"));
            }
        }
        for (column, cell) in [
            ("affected release run", cells[4]),
            ("fixed release run", cells[5]),
        ] {
            let releases: Vec<_> = release_re.captures_iter(cell).collect();
            if releases.is_empty() && !cell.starts_with("none") {
                problems.push(format!(
                    "{label}: {column} names no `package@version` and does not say none"
                ));
            }
            for cap in releases {
                let (package, version) = (&cap[1], &cap[2]);
                if !release_is_pinned(scripts, package, version) {
                    problems.push(format!(
                        "{label}: {column} names {package}@{version}, which no script under tests/third-party/ or .ci/ pins"
                    ));
                }
            }
        }
    }
    problems
}

#[test]
fn every_row_names_real_cases_and_pinned_releases() {
    let root = workspace();
    let page =
        std::fs::read_to_string(root.join("docs/advisories.md")).expect("docs/advisories.md");
    let problems = check(&page, &case_ids(&root), &scripts(&root));
    assert!(
        problems.is_empty(),
        "docs/advisories.md:\n  {}",
        problems.join("\n  ")
    );
}

/// The check itself catches what it is for: an id the catalogue lacks, a release no script
/// pins, an empty column.
#[test]
fn the_check_catches_a_bad_row() {
    let root = workspace();
    let ids = case_ids(&root);
    assert!(
        ids.contains("filesystem/SAFE-002"),
        "shared cases are loaded per profile"
    );
    assert!(ids.contains("FSC-SEC-012"), "profile cases are loaded");
    assert!(
        ids.iter().any(|i| i.starts_with("desktop-commander/")),
        "interface files' cases are loaded"
    );
    let scripts = scripts(&root);
    let page = format!(
        "{HEADER}\n|---|---|---|---|---|---|---|\n\
         | X-1 | p | w | `filesystem/SAFE-999`, `FSC-SEC-012` | `@modelcontextprotocol/server-filesystem@9.9.9` | `@modelcontextprotocol/server-filesystem@2.0.1` | p |\n\
         | X-2 | p | w | nothing | later | none: not published |  p |\n"
    );
    let problems = check(&page, &ids, &scripts).join("\n");
    for needle in [
        "filesystem/SAFE-999 is not a case",
        "server-filesystem@9.9.9, which no script",
        "row 2 (X-2): the cases column names no case",
        "row 2 (X-2): affected release run names no",
    ] {
        assert!(
            problems.contains(needle),
            "expected {needle:?} in:\n{problems}"
        );
    }
    assert!(
        !problems.contains("FSC-SEC-012"),
        "a real case passes:\n{problems}"
    );
    assert!(
        !problems.contains("@2.0.1"),
        "a pinned release passes:\n{problems}"
    );
    assert!(
        !problems.contains("row 2 (X-2): fixed"),
        "none passes:\n{problems}"
    );
}
