//! The catalogue lints themselves, on the fixture catalogue plus crafted cases: each rule
//! flags what it should and leaves clarification cases alone.

use mcp_harness::catalogue::{self, Catalogue, lint};

const REQUIREMENTS: &str = include_str!("fixtures/specs/fixture/requirements.yaml");
const CLARIFICATIONS: &str = include_str!("fixtures/specs/fixture/clarifications.yaml");
const READ: &str = include_str!("fixtures/specs/fixture/read.yaml");
const MISC: &str = include_str!("fixtures/specs/fixture/misc.yaml");
const PROFILE: &str = include_str!("fixtures/specs/fixture/profile.yaml");
/// The core-rule section of rootspace's profile.yaml, which the crafted cases are written for.
const CORE_RULE: &str = "core_rule:
  wording: [MCP-052]
  hash_guarded: [file.remove, text.replace, text.insert, text.append]
  line_edits: [text.replace, text.insert, text.append]
  insert: text.insert
  append: text.append
";

fn load(extra: &[(&str, &str)]) -> Catalogue {
    let mut files: Vec<(String, String)> = [
        ("requirements.yaml", REQUIREMENTS),
        ("clarifications.yaml", CLARIFICATIONS),
        ("read.yaml", READ),
        ("misc.yaml", MISC),
        ("profile.yaml", PROFILE),
    ]
    .iter()
    .map(|(n, t)| (n.to_string(), t.to_string()))
    .collect();
    files[4].1.push_str(CORE_RULE);
    for (name, text) in extra {
        files.retain(|(n, _)| n != name);
        files.push((name.to_string(), text.to_string()));
    }
    catalogue::load_sources(&files, "specs/").unwrap_or_else(|e| panic!("{e}"))
}

/// Area `core.yaml` with one case per violation; `covers` is substituted.
fn core_area(covers: &str) -> String {
    let case = |id: &str, when: &str, then: &str| {
        format!(
            "  - id: {id}\n    name: \"{id}\"\n    covers: [{covers}]\n    given:\n      - file: a.txt\n        text: \"a\\n\"\n    when:\n{when}    then:\n{then}"
        )
    };
    format!(
        "area: core\ntitle: \"Core\"\ncases:\n{}",
        core_cases(case).concat()
    )
}

/// The cases of the core area the rules are tried on, each built by `case`.
fn core_cases(case: impl Fn(&str, &str, &str) -> String) -> Vec<String> {
    let read = "      - call: text.read\n        args: {path: a.txt}\n";
    vec![
        case(
            "C-JSON",
            "      - read_resource: \"list://\"\n",
            "      listing: {json: {entries: []}}\n",
        ),
        case(
            "C-CONTENT",
            read,
            "      result: {fields: {content: \"a\\n\"}}\n",
        ),
        case("C-EMPTY", read, "      result: {fields: {content: \"\"}}\n"),
        case(
            "C-HEX",
            read,
            "      result: {fields: {hash: \"87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7\"}}\n",
        ),
        case(
            "C-LOWER",
            read,
            "      result: {matches: {hash: \"^[0-9a-f]{64}$\"}}\n",
        ),
        case(
            "C-ANYCASE",
            read,
            "      result: {matches: {hash: \"^[0-9a-fA-F]{64}$\"}}\n",
        ),
        case(
            "C-MENTIONS",
            "      - call: text.read\n        args: {path: b.txt}\n",
            "      error: {kind: not_found, mentions: [\"b.txt\"]}\n",
        ),
        case(
            "C-ANY",
            "      - call: text.read\n        args: {path: b.txt}\n",
            "      error: {kind: not_found, mentions_any: [\"missing\"]}\n",
        ),
        case(
            "C-MODE",
            read,
            "      result: {}\n      disk: [{file: a.txt, mode: 0o644}]\n",
        ),
        case(
            "C-CONC",
            "      - concurrent: {count: 2, call: text.read, args: {path: a.txt}}\n",
            "      concurrent: {succeeded: 1, others: stale_hash}\n",
        ),
        case(
            "C-LOSERKIND",
            "      - call: text.read\n        args: {path: a.txt}\n        save: {h: hash}\n      - concurrent: {count: 2, call: text.append, args: {path: a.txt, hash: \"${h}\", content: \"x\\n\"}}\n",
            "      concurrent: {succeeded: 1, others: stale_hash}\n",
        ),
        case(
            "C-ONEWINS",
            "      - call: text.read\n        args: {path: a.txt}\n        save: {h: hash}\n      - concurrent: {count: 2, call: text.append, args: {path: a.txt, hash: \"${h}\", content: \"x\\n\"}}\n",
            "      concurrent: {succeeded: 1, others: any}\n",
        ),
        case(
            "C-ALLWIN",
            "      - concurrent: {count: 2, call: text.read, args: {path: a.txt}}\n",
            "      concurrent: {succeeded: 2, others: any}\n",
        ),
        case(
            "C-ZERO",
            "      - call: text.read\n        args: {path: a.txt, lines: [0, 0]}\n",
            "      result: {}\n",
        ),
        case(
            "C-NEG",
            "      - call: text.insert\n        args: {path: a.txt, hash: x, line: -1, anchor: a, content: b}\n",
            "      result: {}\n",
        ),
        case(
            "C-ZEROLINE",
            "      - call: text.insert\n        args: {path: a.txt, hash: x, line: 0, anchor: a, content: b}\n",
            "      result: {}\n",
        ),
        case(
            "C-SHAHASH",
            "      - call: text.append\n        args: {path: a.txt, hash: \"${sha256:a.txt}\", content: b}\n",
            "      result: {}\n",
        ),
        case(
            "C-SHAREAD",
            "      - call: text.read\n        args: {path: a.txt}\n",
            "      error: {kind: any, mentions_any: []}\n",
        ),
        case(
            "C-TOTAL",
            "      - write_on_disk: {file: a.txt, text: \"a\\n\\n\"}\n      - call: text.read\n        args: {path: a.txt}\n",
            "      result: {fields: {total_lines: 2}}\n",
        ),
        case(
            "C-TOTALOK",
            read,
            "      result: {fields: {total_lines: 1}}\n",
        ),
        case(
            "C-CRLF",
            "      - write_on_disk: {file: a.txt, text: \"a\\r\\n\"}\n      - call: text.append\n        args: {path: /a.txt, hash: x, content: b}\n",
            "      result: {}\n",
        ),
        case(
            "C-UNTERM",
            "      - write_on_disk: {file: a.txt, text: \"a\"}\n      - call: text_append\n        args: {path: a.txt, hash: x, content: b}\n",
            "      result: {}\n",
        ),
        case(
            "C-EMPTYNEW",
            "      - call: text_replace\n        args: {path: a.txt, hash: x, lines: [1, 2], old: a, new: \"\"}\n",
            "      result: {}\n",
        ),
    ]
}

fn flagged(cat: &Catalogue) -> Vec<String> {
    lint::core_rule_problems(cat)
        .into_iter()
        .filter_map(|p| p.id)
        .collect()
}

#[test]
fn core_rule_flags_each_violation() {
    let cat = load(&[("core.yaml", &core_area("MCP-012"))]);
    let ids = flagged(&cat);
    for id in [
        "C-JSON",
        "C-CONTENT",
        "C-HEX",
        "C-LOWER",
        "C-MENTIONS",
        "C-ANY",
        "C-MODE",
        "C-CONC",
        "C-LOSERKIND",
        "C-ZERO",
        "C-NEG",
        "C-EMPTYNEW",
        "C-ZEROLINE",
        "C-SHAHASH",
        "C-TOTAL",
        "C-CRLF",
        "C-UNTERM",
    ] {
        assert!(
            ids.iter().any(|x| x == id),
            "{id} not flagged; flagged: {ids:?}"
        );
    }
    for id in [
        "C-EMPTY",
        "C-ANYCASE",
        "C-ALLWIN",
        "C-ONEWINS",
        "C-SHAREAD",
        "C-TOTALOK",
    ] {
        assert!(!ids.iter().any(|x| x == id), "{id} wrongly flagged");
    }
    // The fixture's own core cases are clean.
    assert!(!ids.iter().any(|x| !x.starts_with("C-")), "{ids:?}");
}

#[test]
fn core_rule_allows_wording_checks_when_covering_errors_teach() {
    let reqs = format!(
        "{REQUIREMENTS}  - id: MCP-052\n    level: MUST\n    source: \"fixture\"\n    statement: \"Errors teach.\"\n"
    );
    let cat = load(&[
        ("requirements.yaml", &reqs),
        ("core.yaml", &core_area("MCP-012, MCP-052")),
    ]);
    let ids = flagged(&cat);
    assert!(
        !ids.iter().any(|x| x == "C-ANY" || x == "C-MENTIONS"),
        "{ids:?}"
    );
    assert!(
        ids.iter().any(|x| x == "C-JSON"),
        "other rules still apply: {ids:?}"
    );
}

#[test]
fn clarification_cases_may_check_anything() {
    let cat = load(&[("core.yaml", &core_area("MCP-012, CLR-001"))]);
    assert!(flagged(&cat).is_empty(), "{:?}", flagged(&cat));
}

#[test]
fn uncovered_requirements_and_clarifications_are_flagged() {
    let cat = load(&[]);
    assert!(
        lint::uncovered_requirements(&cat).is_empty(),
        "MCP-005 is not_applicable"
    );
    assert!(lint::clarification_problems(&cat).is_empty());

    let reqs = format!(
        "{REQUIREMENTS}  - id: MCP-099\n    level: SHOULD\n    source: \"fixture\"\n    statement: \"Nobody checks this.\"\n"
    );
    let clrs = format!(
        "{CLARIFICATIONS}  - id: CLR-002\n    level: MUST\n    title: \"t\"\n    choice: \"c\"\n    reason: \"because\"\n"
    );
    let cat = load(&[("requirements.yaml", &reqs), ("clarifications.yaml", &clrs)]);
    let un: Vec<String> = lint::uncovered_requirements(&cat)
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert_eq!(un.len(), 1);
    assert!(un[0].contains("specs/requirements.yaml: MCP-099"), "{un:?}");
    let cl: Vec<String> = lint::clarification_problems(&cat)
        .iter()
        .map(|p| p.to_string())
        .collect();
    assert!(
        cl.iter()
            .any(|p| p.contains("CLR-002") && p.contains("no case covers it")),
        "{cl:?}"
    );
    assert!(
        cl.iter()
            .any(|p| p.contains("CLR-002") && p.contains("reason")),
        "{cl:?}"
    );
}

#[test]
fn t_ids_are_checked_against_the_upstream_list() {
    let cat = load(&[]);
    let missing = lint::missing_t_ids(&cat);
    assert_eq!(missing.len(), lint::upstream_t_ids().len() - 4);
    for present in ["T3.5.2", "T5.3.1", "T2.3.1", "T2.4.1"] {
        assert!(!missing.iter().any(|m| m == present));
    }
    assert!(lint::unknown_t_ids(&cat).is_empty());
    let bogus = MISC.replace("id: T2.4.1", "id: T2.4.9");
    let cat = load(&[("misc.yaml", &bogus)]);
    let unknown = lint::unknown_t_ids(&cat);
    assert_eq!(unknown.len(), 1);
    assert_eq!(unknown[0].id.as_deref(), Some("T2.4.9"));
}

#[test]
fn feature_tags_must_name_catalogue_entries() {
    let cat = load(&[]);
    let good = mcp_harness::generate::render_all(std::slice::from_ref(&cat))
        .into_iter()
        .collect::<Vec<(String, String)>>();
    assert!(lint::unknown_feature_tags(&cat, &good).is_empty());
    let bad = vec![(
        "x.feature".to_string(),
        "Feature: x\n  @MCP-012 @MCP-404 @must\n  Scenario: y\n".to_string(),
    )];
    assert_eq!(
        lint::unknown_feature_tags(&cat, &bad),
        ["x.feature: @MCP-404"]
    );
}

#[test]
fn case_count_floor_is_reported() {
    let problems = lint::all(&load(&[]));
    assert!(
        problems.iter().any(|p| p.message.contains("at least 150")),
        "{problems:?}"
    );
}

#[test]
fn core_rule_without_a_section_still_flags_what_needs_no_tool() {
    // A profile.yaml with no `core_rule`: no requirement fixes an error's wording, and no
    // tool is known to edit lines, so wording checks are flagged and line-edit checks are not.
    let cat = load(&[
        ("profile.yaml", PROFILE),
        ("core.yaml", &core_area("MCP-012")),
    ]);
    let ids = flagged(&cat);
    for id in [
        "C-JSON",
        "C-CONTENT",
        "C-HEX",
        "C-MENTIONS",
        "C-ANY",
        "C-MODE",
    ] {
        assert!(
            ids.iter().any(|x| x == id),
            "{id} not flagged; flagged: {ids:?}"
        );
    }
    assert!(!ids.iter().any(|x| x == "C-NEG"), "{ids:?}");
}
