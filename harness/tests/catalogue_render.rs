//! Rendering and `generate` on the fixture catalogue: golden feature files, determinism,
//! writing/removing/checking a features directory, and the `list` overview.
//! Set UPDATE_EXPECT=1 to rewrite the golden files after an intended change.

use std::path::{Path, PathBuf};

use mcp_harness::catalogue;
use mcp_harness::generate::{self, FIX_COMMAND, GenerateError};

/// The fixture catalogue (one profile, `fixture`).
fn fixture_specs() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/specs")
}

fn fixture_dir() -> PathBuf {
    fixture_specs().join("fixture")
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/features")
}

fn fixture() -> catalogue::Catalogue {
    catalogue::load(&fixture_dir()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn renders_the_golden_features() {
    let rendered = generate::render_all(&[fixture()]);
    assert_eq!(
        rendered.keys().collect::<Vec<_>>(),
        ["fixture/misc.feature", "fixture/read.feature"]
    );
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    for (name, text) in &rendered {
        let path = golden_dir().join(name);
        if update {
            std::fs::write(&path, text).expect("golden dir is writable");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            *text == want,
            "{name} differs from {}; if intended, rerun with UPDATE_EXPECT=1.\n--- rendered ---\n{text}",
            path.display()
        );
    }
}

#[test]
fn header_and_scenario_names_follow_the_house_style() {
    let cat = fixture();
    let text = generate::render_feature(cat.area("read").expect("area"), &cat);
    let first = text.lines().next().expect("non-empty");
    assert_eq!(
        first,
        "# Generated from specs/fixture/read.yaml by `cargo run -p mcp-harness -- generate`. Do not edit."
    );
    let scenarios: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("Scenario:"))
        .collect();
    assert_eq!(scenarios.len(), 3);
    for (line, case) in scenarios.iter().zip(&cat.area("read").expect("area").cases) {
        assert!(
            line.trim_start()
                .starts_with(&format!("Scenario: {} ", case.id)),
            "{line}"
        );
    }
    // Every scenario ends with the outside-area check.
    let closing = text
        .matches("And nothing outside the root has changed\n")
        .count();
    assert_eq!(closing, 3);
    assert!(text.ends_with("changed\n") && !text.ends_with("\n\n"));
}

#[test]
fn output_does_not_depend_on_yaml_key_order() {
    let cat = fixture();
    let a = generate::render_all(std::slice::from_ref(&cat));
    assert_eq!(
        a,
        generate::render_all(std::slice::from_ref(&cat)),
        "same input, same bytes"
    );
    // Reorder keys inside `args` and the case's own keys: the Gherkin must not change.
    let dir = tempfile::tempdir().expect("tempdir");
    for entry in std::fs::read_dir(fixture_dir()).expect("fixture dir") {
        let p = entry.expect("entry").path();
        let mut text = std::fs::read_to_string(&p).expect("readable");
        text = text.replace(
            "args: {path: /notes/a.md, lines: [1, 3]}",
            "args: {lines: [1, 3], path: /notes/a.md}",
        );
        std::fs::write(dir.path().join(p.file_name().expect("name")), text).expect("write");
    }
    let b = generate::render_all(&[catalogue::load(dir.path()).unwrap_or_else(|e| panic!("{e}"))]);
    assert_eq!(a, b);
}

#[test]
fn generate_writes_checks_and_removes() {
    let out = tempfile::tempdir().expect("tempdir");
    let features = out.path().join("features");
    // Missing directory: check reports every file missing and names the fix.
    let err =
        generate::generate(&fixture_specs(), &features, true).expect_err("nothing generated yet");
    let msg = err.to_string();
    assert!(
        matches!(err, GenerateError::Stale(ref d) if d.missing.len() == 2),
        "{msg}"
    );
    assert!(
        msg.contains(FIX_COMMAND) && msg.contains("missing: features/fixture/read.feature"),
        "{msg}"
    );
    assert!(!features.exists(), "check must not write");

    // Write; an extra feature file goes, other files stay.
    std::fs::create_dir_all(features.join("fixture")).expect("mkdir");
    std::fs::write(features.join("fixture/old.feature"), "Feature: old\n").expect("write");
    std::fs::write(features.join("README.md"), "notes\n").expect("write");
    let done = generate::generate(&fixture_specs(), &features, false).expect("generate");
    assert_eq!(
        done.written,
        ["fixture/misc.feature", "fixture/read.feature"]
    );
    assert_eq!(done.removed, ["fixture/old.feature"]);
    assert!(!features.join("fixture/old.feature").exists());
    assert!(features.join("README.md").exists());
    assert_eq!(
        std::fs::read_to_string(features.join("fixture/read.feature")).expect("written"),
        std::fs::read_to_string(golden_dir().join("fixture/read.feature")).expect("golden")
    );

    // Fresh now.
    let ok = generate::generate(&fixture_specs(), &features, true).expect("fresh");
    assert_eq!(ok.unchanged.len(), 2);

    // A hand edit is stale; an added feature file is extra.
    std::fs::write(features.join("fixture/read.feature"), "edited\n").expect("write");
    std::fs::write(features.join("fixture/new.feature"), "Feature: x\n").expect("write");
    let err = generate::generate(&fixture_specs(), &features, true).expect_err("stale");
    let GenerateError::Stale(d) = &err else {
        panic!("{err}")
    };
    assert_eq!(d.stale, ["fixture/read.feature"]);
    assert_eq!(d.extra, ["fixture/new.feature"]);
    assert!(d.missing.is_empty());
    assert!(err.to_string().contains(FIX_COMMAND));

    // Generating again is idempotent after repair.
    let fixed = generate::generate(&fixture_specs(), &features, false).expect("generate");
    assert_eq!(fixed.written, ["fixture/read.feature"]);
    assert_eq!(fixed.removed, ["fixture/new.feature"]);
    let again = generate::generate(&fixture_specs(), &features, false).expect("generate");
    assert!(again.written.is_empty() && again.removed.is_empty());
}

#[test]
fn generate_reports_catalogue_problems() {
    let specs = tempfile::tempdir().expect("tempdir");
    let profile = specs.path().join("fixture");
    std::fs::create_dir(&profile).expect("mkdir");
    for entry in std::fs::read_dir(fixture_dir()).expect("fixture dir") {
        let p = entry.expect("entry").path();
        let text = std::fs::read_to_string(&p)
            .expect("readable")
            .replace("[MCP-034, CLR-001]", "[MCP-404]");
        std::fs::write(profile.join(p.file_name().expect("name")), text).expect("write");
    }
    let out = tempfile::tempdir().expect("tempdir");
    let err = generate::generate(specs.path(), out.path(), false).expect_err("dangling covers");
    assert!(matches!(err, GenerateError::Catalogue(_)));
    assert!(
        err.to_string().contains("READ-001") && err.to_string().contains("MCP-404"),
        "{err}"
    );
}

#[test]
fn list_shows_requirements_and_cases_with_tags() {
    let text = generate::list(&fixture());
    for needle in [
        "MCP-012",
        "text.read returns content, hash and total_lines.",
        "not applicable: stdio only",
        "CLR-001",
        "What a line is",
        "READ-001",
        "stale hash after a change on disk",
        "@MCP-034 @CLR-001 @must @clarification",
        "Cases (8)",
    ] {
        assert!(text.contains(needle), "list lacks {needle:?}:\n{text}");
    }
}

#[test]
fn rendered_features_parse_as_gherkin_with_their_tags() {
    use cucumber::gherkin::{Feature, GherkinEnv};
    let cat = fixture();
    for area in &cat.areas {
        let text = generate::render_feature(area, &cat);
        let feature = Feature::parse(&text, GherkinEnv::default())
            .unwrap_or_else(|e| panic!("{} does not parse: {e}\n{text}", area.feature_file()));
        assert_eq!(feature.name, area.title);
        assert_eq!(feature.scenarios.len(), area.cases.len());
        for (sc, case) in feature.scenarios.iter().zip(&area.cases) {
            assert_eq!(sc.name, format!("{} {}", case.id, case.name));
            let want: Vec<String> = cat.tags(case).iter().map(|t| t[1..].to_string()).collect();
            assert_eq!(sc.tags, want, "{}", case.id);
            let last = sc.steps.last().expect("steps");
            assert_eq!(last.value, "nothing outside the root has changed");
        }
    }
}
