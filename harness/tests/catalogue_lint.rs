//! Lints over the real catalogue in `specs/` (and the tags in `features/`): for every
//! profile, coverage of every requirement and clarification, short names, the names its
//! profile.yaml gives, and the mechanical part of the core rule; for rootspace, every
//! upstream test id and the case-count floor.
//! Load-time validation (unique ids, no dangling references, `covers` present, one
//! expectation, variables defined, names ≤ 60 characters) runs first, in `catalogues()`.

use std::path::{Path, PathBuf};

use mcp_harness::catalogue::{self, Catalogue, Problem, lint};
use mcp_harness::generate;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("harness/ sits in the workspace")
        .to_path_buf()
}

/// Every profile's catalogue.
fn catalogues() -> Vec<Catalogue> {
    catalogue::load_all(&workspace().join("specs")).unwrap_or_else(|e| panic!("{e}"))
}

/// The rootspace catalogue, whose upstream has numbered test cases.
fn catalogue() -> Catalogue {
    catalogue::load(&workspace().join("specs/rootspace")).unwrap_or_else(|e| panic!("{e}"))
}

#[track_caller]
fn none(what: &str, problems: Vec<Problem>) {
    let lines: Vec<String> = problems.iter().map(|p| format!("  {p}")).collect();
    assert!(lines.is_empty(), "{what}:\n{}", lines.join("\n"));
}

#[test]
fn catalogue_loads_and_validates() {
    // Unique ids, known references, covers present, exactly one expectation, variables
    // saved before use, names short: all checked by the loader.
    let cats = catalogues();
    assert!(cats.len() >= 2, "rootspace and lighthouse at least");
    for cat in &cats {
        let name = &cat.profile.profile;
        assert!(!cat.requirements.is_empty(), "{name}: no requirements");
        assert!(!cat.clarifications.is_empty(), "{name}: no clarifications");
        assert!(!cat.profile.tools.is_empty(), "{name}: no tools");
    }
}

#[test]
fn names_are_short() {
    let long: Vec<String> = catalogues()
        .iter()
        .flat_map(|cat| cat.cases().map(|(_, c)| c.clone()).collect::<Vec<_>>())
        .filter(|c| c.name.chars().count() > 60)
        .map(|c| c.id.clone())
        .collect();
    assert!(long.is_empty(), "names over 60 characters: {long:?}");
}

#[test]
fn every_requirement_is_covered_or_not_applicable() {
    for cat in catalogues() {
        none(
            "requirements without cases",
            lint::uncovered_requirements(&cat),
        );
    }
}

#[test]
fn every_clarification_is_reasoned_and_covered() {
    for cat in catalogues() {
        none("clarification problems", lint::clarification_problems(&cat));
    }
}

#[test]
fn every_upstream_test_id_is_present() {
    let cat = catalogue();
    let missing = lint::missing_t_ids(&cat);
    assert!(
        missing.is_empty(),
        "upstream test ids without a case: {missing:?}"
    );
    none("unknown T-ids", lint::unknown_t_ids(&cat));
}

#[test]
fn upstream_test_id_list_is_complete() {
    // 6+1+8+3+6+3+6+7+6+5+6+5+2+4 ids, first and last as stated upstream.
    let ids = lint::upstream_t_ids();
    assert_eq!(ids.len(), 68);
    assert_eq!(ids.first().map(String::as_str), Some("T2.3.1"));
    assert!(ids.contains(&"T4.1.7".to_string()) && !ids.contains(&"T4.1.8".to_string()));
    assert_eq!(ids.last().map(String::as_str), Some("T5.3.4"));
}

#[test]
fn enough_cases() {
    let n = catalogue().cases().count();
    assert!(
        n >= lint::MIN_CASES,
        "{n} cases; at least {} expected",
        lint::MIN_CASES
    );
}

#[test]
fn core_cases_expect_only_what_the_upstream_requires() {
    // Every profile, with the tools and ids its profile.yaml names; all problems at once.
    let problems = catalogues()
        .iter()
        .flat_map(|cat| {
            lint::core_rule_problems(cat).into_iter().map(|mut p| {
                p.file = format!("{} ({})", p.file, cat.profile.profile);
                p
            })
        })
        .collect();
    none("core cases that depend on clarifications", problems);
}

#[test]
fn profiles_name_their_own_tools_and_ids() {
    for cat in catalogues() {
        none(
            &format!("{}: profile.yaml names", cat.profile.profile),
            lint::profile_name_problems(&cat),
        );
    }
}

#[test]
fn every_feature_tag_exists_in_specs() {
    let features =
        generate::read_features(&workspace().join("features")).unwrap_or_else(|e| panic!("{e}"));
    for cat in catalogues() {
        let prefix = format!("{}/", cat.profile.profile);
        let own: Vec<(String, String)> = features
            .iter()
            .filter(|(n, _)| n.starts_with(&prefix))
            .cloned()
            .collect();
        assert!(
            !own.is_empty(),
            "features/{prefix} is empty; run `{}`",
            generate::FIX_COMMAND
        );
        let unknown = lint::unknown_feature_tags(&cat, &own);
        assert!(
            unknown.is_empty(),
            "tags naming nothing in specs/{prefix}: {unknown:?}"
        );
    }
}
