//! Load-time validation of the catalogue: the fixture catalogue loads, and each kind of
//! mistake is rejected with a message naming the file and the case (or entry) id.

use mcp_harness::catalogue::tag::ControlTag;
use mcp_harness::catalogue::{self, Catalogue, Level};

const REQUIREMENTS: &str = include_str!("fixtures/specs/fixture/requirements.yaml");
const CLARIFICATIONS: &str = include_str!("fixtures/specs/fixture/clarifications.yaml");
const READ: &str = include_str!("fixtures/specs/fixture/read.yaml");
const MISC: &str = include_str!("fixtures/specs/fixture/misc.yaml");
const PROFILE: &str = include_str!("fixtures/specs/fixture/profile.yaml");

fn fixture() -> Vec<(String, String)> {
    [
        ("requirements.yaml", REQUIREMENTS),
        ("clarifications.yaml", CLARIFICATIONS),
        ("read.yaml", READ),
        ("misc.yaml", MISC),
        ("profile.yaml", PROFILE),
    ]
    .iter()
    .map(|(n, t)| (n.to_string(), t.to_string()))
    .collect()
}

/// The fixture with `file` replaced (or added).
fn with(file: &str, text: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> =
        fixture().into_iter().filter(|(n, _)| n != file).collect();
    files.push((file.to_string(), text.to_string()));
    files
}

/// An extra area file `extra.yaml` holding one case given as YAML lines (indented 4).
fn extra_case(case: &str) -> Vec<(String, String)> {
    with(
        "extra.yaml",
        &format!("area: extra\ntitle: \"Extra\"\ncases:\n  - id: X-001\n{case}"),
    )
}

/// A well-formed case body with `covers`, `when` and `then` replaceable.
const OK_CASE: &str = "    name: \"a read\"\n    covers: [MCP-012]\n    when:\n      - call: text.read\n        args: {path: a.txt}\n    then:\n      result: {}\n";

fn load(files: &[(String, String)]) -> Result<Catalogue, Vec<String>> {
    catalogue::load_sources(files, "specs/")
        .map_err(|e| e.problems.iter().map(|p| p.to_string()).collect())
}

/// Loading fails and one problem mentions every needle.
#[track_caller]
fn rejects(files: Vec<(String, String)>, needles: &[&str]) {
    let problems = match load(&files) {
        Ok(_) => panic!("expected a rejection mentioning {needles:?}, but the catalogue loaded"),
        Err(p) => p,
    };
    assert!(
        problems
            .iter()
            .any(|p| needles.iter().all(|n| p.contains(n))),
        "no problem mentions all of {needles:?}; got:\n{}",
        problems.join("\n")
    );
}

#[test]
fn fixture_loads_with_helpers() {
    let cat = load(&fixture()).unwrap_or_else(|p| panic!("{}", p.join("\n")));
    assert_eq!(cat.requirements.len(), 4);
    assert_eq!(cat.cases().count(), 8);
    // Areas come sorted by file name, with their file recorded.
    let files: Vec<&str> = cat.areas.iter().map(|a| a.file.as_str()).collect();
    assert_eq!(files, ["misc.yaml", "read.yaml"]);
    let (_, read) = cat.case("READ-001").expect("case exists");
    assert_eq!(
        cat.case_level(read),
        Level::Must,
        "MUST of MCP-034 beats SHOULD of CLR-001"
    );
    assert!(cat.is_clarification(read));
    let (_, list) = cat.case("T5.3.1").expect("case exists");
    assert_eq!(cat.case_level(list), Level::Should);
    assert!(cat.is_core(list));
    assert_eq!(cat.tags(list), ["@MCP-020", "@T5.3.1", "@should"]);
    assert_eq!(
        cat.requirement_of("MCP-034").map(|r| r.level),
        Some(Level::Must)
    );
    assert!(cat.requirement_of("CLR-001").is_none());
}

#[test]
fn octal_modes_are_read() {
    let cat = load(&fixture()).unwrap_or_else(|p| panic!("{}", p.join("\n")));
    let (_, c) = cat.case("T3.5.2").expect("case exists");
    assert!(matches!(
        &c.given[0],
        catalogue::Fixture::File {
            mode: Some(0o640),
            ..
        }
    ));
}

#[test]
fn unknown_key_in_a_case() {
    let case = OK_CASE.replace("    name:", "    nmae: x\n    name:");
    rejects(extra_case(&case), &["specs/extra.yaml", "X-001", "nmae"]);
}

#[test]
fn unknown_key_deep_inside_then() {
    let case = OK_CASE.replace("result: {}", "result: {feilds: {a: 1}}");
    rejects(extra_case(&case), &["specs/extra.yaml", "X-001", "feilds"]);
}

#[test]
fn unknown_key_in_a_requirement() {
    let text = REQUIREMENTS.replace(
        "    source: \"fixture\"\n    statement: \"HTTP",
        "    sauce: x\n    source: \"fixture\"\n    statement: \"HTTP",
    );
    rejects(
        with("requirements.yaml", &text),
        &["specs/requirements.yaml", "sauce"],
    );
}

#[test]
fn duplicate_id_across_files() {
    // READ-002 already exists in read.yaml.
    let text = format!("area: extra\ntitle: \"Extra\"\ncases:\n  - id: READ-002\n{OK_CASE}");
    rejects(
        with("extra.yaml", &text),
        &["specs/extra.yaml", "READ-002", "duplicate", "read.yaml"],
    );
}

#[test]
fn duplicate_id_within_a_file() {
    let text = format!(
        "area: extra\ntitle: \"Extra\"\ncases:\n  - id: X-001\n{OK_CASE}  - id: X-001\n{OK_CASE}"
    );
    rejects(
        with("extra.yaml", &text),
        &["specs/extra.yaml", "X-001", "duplicate"],
    );
}

#[test]
fn dangling_covers() {
    rejects(
        extra_case(&OK_CASE.replace("[MCP-012]", "[MCP-012, MCP-999]")),
        &["specs/extra.yaml", "X-001", "MCP-999"],
    );
}

#[test]
fn dangling_refines() {
    let text = CLARIFICATIONS.replace("refines: [MCP-012]", "refines: [MCP-777]");
    rejects(
        with("clarifications.yaml", &text),
        &["specs/clarifications.yaml", "CLR-001", "MCP-777"],
    );
}

#[test]
fn case_without_covers() {
    rejects(
        extra_case(&OK_CASE.replace("[MCP-012]", "[]")),
        &["specs/extra.yaml", "X-001", "covers"],
    );
    rejects(
        extra_case(&OK_CASE.replace("    covers: [MCP-012]\n", "")),
        &["specs/extra.yaml", "X-001", "covers"],
    );
}

#[test]
fn covering_a_not_applicable_requirement() {
    rejects(
        extra_case(&OK_CASE.replace("[MCP-012]", "[MCP-005]")),
        &["X-001", "MCP-005", "not_applicable"],
    );
}

#[test]
fn two_primary_expectations() {
    let case = OK_CASE.replace("result: {}", "result: {}\n      error: {kind: not_found}");
    rejects(
        extra_case(&case),
        &["specs/extra.yaml", "X-001", "exactly one", "result, error"],
    );
}

#[test]
fn no_primary_expectation() {
    let case = OK_CASE.replace("result: {}", "disk: [{absent: a.txt}]");
    rejects(
        extra_case(&case),
        &["specs/extra.yaml", "X-001", "exactly one", "none"],
    );
}

#[test]
fn expectation_that_does_not_fit_the_last_step() {
    let case = OK_CASE.replace("result: {}", "listing: {names: []}");
    rejects(extra_case(&case), &["X-001", "then.listing", "call"]);
}

#[test]
fn variable_never_saved() {
    let case = OK_CASE.replace("{path: a.txt}", "{path: a.txt, hash: \"${h}\"}");
    rejects(extra_case(&case), &["specs/extra.yaml", "X-001", "${h}"]);
}

#[test]
fn variable_saved_only_by_the_same_step() {
    let case = OK_CASE.replace(
        "{path: a.txt}",
        "{path: a.txt, hash: \"${h}\"}\n        save: {h: hash}",
    );
    rejects(extra_case(&case), &["X-001", "${h}"]);
}

#[test]
fn comparison_with_an_unsaved_variable() {
    let case = OK_CASE.replace("result: {}", "result: {equals_var: {hash: h}}");
    rejects(extra_case(&case), &["X-001", "`h`"]);
}

#[test]
fn index_and_winner_outside_their_places() {
    let case = OK_CASE.replace("{path: a.txt}", "{path: \"a${i}.txt\"}");
    rejects(extra_case(&case), &["X-001", "${i}"]);
    let case = OK_CASE.replace(
        "result: {}",
        "result: {}\n      disk: [{file: a.txt, text: \"${winner}\"}]",
    );
    rejects(extra_case(&case), &["X-001", "${winner}"]);
}

#[test]
fn unterminated_interpolation() {
    let case = OK_CASE.replace("{path: a.txt}", "{path: \"${oops\"}");
    rejects(extra_case(&case), &["X-001", "unterminated"]);
}

#[test]
fn name_too_long() {
    let long = "x".repeat(61);
    rejects(
        extra_case(&OK_CASE.replace("a read", &long)),
        &["specs/extra.yaml", "X-001", "61 characters"],
    );
    // Exactly 60 characters (not bytes) is fine.
    let sixty = "é".repeat(60);
    assert!(load(&extra_case(&OK_CASE.replace("a read", &sixty))).is_ok());
}

#[test]
fn clarification_without_reason() {
    let missing = CLARIFICATIONS.replace(
        "    reason: \"It matches what editors show a model.\"\n",
        "",
    );
    rejects(
        with("clarifications.yaml", &missing),
        &["specs/clarifications.yaml", "reason"],
    );
    let empty = CLARIFICATIONS.replace("\"It matches what editors show a model.\"", "\"  \"");
    rejects(
        with("clarifications.yaml", &empty),
        &["specs/clarifications.yaml", "CLR-001", "reason"],
    );
}

#[test]
fn area_must_match_file_stem() {
    let text = format!("area: other\ntitle: \"Extra\"\ncases:\n  - id: X-001\n{OK_CASE}");
    rejects(
        with("extra.yaml", &text),
        &["specs/extra.yaml", "file stem"],
    );
}

#[test]
fn step_with_two_forms() {
    let case = OK_CASE.replace(
        "        args: {path: a.txt}",
        "        args: {path: a.txt}\n        read_resource: \"list://\"",
    );
    rejects(
        extra_case(&case),
        &["specs/extra.yaml", "X-001", "exactly one of `call`"],
    );
}

#[test]
fn unrenderable_and_unsafe_paths() {
    let quote = OK_CASE.replace(
        "    when:",
        "    given:\n      - dir: \"a\\\"b\"\n    when:",
    );
    rejects(extra_case(&quote), &["X-001", "cannot be rendered"]);
    let absolute = OK_CASE.replace("    when:", "    given:\n      - dir: /abs\n    when:");
    rejects(extra_case(&absolute), &["X-001", "must be relative"]);
    let climbing = OK_CASE.replace("result: {}", "result: {}\n      disk: [{absent: ../x}]");
    rejects(extra_case(&climbing), &["X-001", "must be relative"]);
}

#[test]
fn invalid_base64_and_mode() {
    let b64 = OK_CASE.replace(
        "    when:",
        "    given:\n      - file: a.txt\n        base64: \"not base64!\"\n    when:",
    );
    rejects(extra_case(&b64), &["X-001", "invalid base64"]);
    let mode = OK_CASE.replace(
        "    when:",
        "    given:\n      - file: a.txt\n        text: \"\"\n        mode: 0o17777\n    when:",
    );
    rejects(extra_case(&mode), &["X-001", "mode"]);
}

#[test]
fn regex_that_does_not_compile() {
    let case = OK_CASE.replace("result: {}", "result: {matches: {hash: \"^[0-9\"}}");
    rejects(
        extra_case(&case),
        &["specs/extra.yaml", "X-001", "`hash`", "does not compile"],
    );
}

#[test]
fn unknown_error_kind() {
    let case = OK_CASE.replace("result: {}", "error: {kind: stale}");
    rejects(extra_case(&case), &["specs/extra.yaml", "X-001", "stale"]);
}

#[test]
fn concurrent_must_be_last() {
    let case = OK_CASE.replace(
        "    when:\n",
        "    when:\n      - concurrent: {count: 2, call: text.read, args: {path: a.txt}}\n",
    );
    rejects(extra_case(&case), &["X-001", "must be the last step"]);
}

#[test]
fn bad_id_formats() {
    let text = REQUIREMENTS.replace("id: MCP-034", "id: mcp 34");
    rejects(
        with("requirements.yaml", &text),
        &["requirements.yaml", "mcp 34", "MCP-012"],
    );
    let text = format!("area: extra\ntitle: \"Extra\"\ncases:\n  - id: \"X 1\"\n{OK_CASE}");
    rejects(
        with("extra.yaml", &text),
        &["extra.yaml", "X 1", "case ids"],
    );
}

#[test]
fn missing_requirements_file() {
    let files: Vec<(String, String)> = fixture()
        .into_iter()
        .filter(|(n, _)| n != "requirements.yaml")
        .collect();
    rejects(files, &["specs/requirements.yaml", "missing"]);
}

#[test]
fn every_problem_is_reported_at_once() {
    let case = OK_CASE
        .replace("[MCP-012]", "[MCP-998]")
        .replace("a read", &"y".repeat(70));
    let problems = load(&extra_case(&case)).expect_err("two problems");
    assert!(problems.len() >= 2, "{problems:?}");
}

const READ_DURING_CASE: &str = "    name: \"reads during a replace\"\n    covers: [MCP-012]\n    when:\n      - read_during: {call: text.replace, args: {path: a.txt, hash: h, lines: [1, 2], old: a, new: b}, path: a.txt}\n    then:\n      reads_during: old_or_new\n";

#[test]
fn read_during_loads_and_renders() {
    let cat = load(&extra_case(READ_DURING_CASE)).expect("a read_during case loads");
    let text = mcp_harness::generate::render_feature(cat.area("extra").expect("area"), &cat);
    assert!(text.contains(
        "When the client calls \"text.replace\" with {\"hash\":\"h\",\"lines\":[1,2],\"new\":\"b\",\"old\":\"a\",\"path\":\"a.txt\"} while reading \"a.txt\" repeatedly\n"
    ), "{text}");
    assert!(text.contains("Then the call succeeds\n"), "{text}");
    assert!(
        text.contains("And every read during the call returned the file's old or new content\n"),
        "{text}"
    );
}

#[test]
fn read_during_must_be_last_and_fit_its_expectation() {
    let early = READ_DURING_CASE.replace(
        "    then:\n",
        "      - call: text.read\n        args: {path: a.txt}\n    then:\n",
    );
    rejects(
        extra_case(&early),
        &["X-001", "`read_during` must be the last step"],
    );
    let misfit = OK_CASE.replace("result: {}", "reads_during: old_or_new");
    rejects(extra_case(&misfit), &["X-001", "reads_during", "call"]);
    let bad = READ_DURING_CASE.replace("old_or_new", "anything");
    rejects(extra_case(&bad), &["X-001", "anything"]);
    let unknown = READ_DURING_CASE.replace("path: a.txt}\n", "path: a.txt, times: 3}\n");
    rejects(extra_case(&unknown), &["X-001", "times"]);
}

#[test]
fn facts_only_for_kinds_the_harness_knows_facts_of() {
    rejects(
        extra_case(
            "    name: \"facts of a range error\"\n    covers: [MCP-012]\n    when:\n      - call: text.read\n        args: {path: a.txt, lines: [9, 10]}\n    then:\n      error: {kind: invalid_range, facts: true}\n",
        ),
        &["X-001", "facts", "invalid_range"],
    );
    let ok = extra_case(
        "    name: \"facts of a missing file\"\n    covers: [MCP-012]\n    when:\n      - call: text.read\n        args: {path: nope.txt}\n    then:\n      error: {kind: not_found, facts: true}\n",
    );
    assert!(load(&ok).is_ok(), "{:?}", load(&ok).err());
}

#[test]
fn http_steps_need_the_http_transport() {
    let http_case = "    name: \"a raw request\"\n    covers: [MCP-012]\n    when:\n      - http:\n          message: {jsonrpc: \"2.0\", id: 1, method: ping}\n    then:\n      http: {status: 200}\n";
    rejects(extra_case(http_case), &["X-001", "transports: [http]"]);
    let ok = format!("{http_case}    transports: [http]\n");
    let cat = load(&extra_case(&ok)).unwrap_or_else(|p| panic!("{p:?}"));
    let case = cat
        .cases()
        .find(|(_, c)| c.id == "X-001")
        .map(|(_, c)| c.clone());
    let case = case.expect("the case loads");
    assert_eq!(case.transport_tag(), Some(ControlTag::HttpOnly));
    assert!(cat.tags(&case).contains(&"@http-only".to_string()));
    rejects(
        extra_case(
            "    name: \"bad\"\n    covers: [MCP-012]\n    when:\n      - http: {method: PUT}\n    then:\n      http: {status: 200}\n    transports: [http]\n",
        ),
        &["X-001", "PUT"],
    );
    rejects(
        extra_case(
            "    name: \"bad\"\n    covers: [MCP-012]\n    transports: [carrier-pigeon]\n    when:\n      - call: text.read\n        args: {path: a.txt}\n    then:\n      result: {}\n",
        ),
        &["X-001"],
    );
}

#[test]
fn rpc_steps_load_and_their_mistakes_are_named() {
    let ok = "    name: \"a direct request\"\n    covers: [MCP-012]\n    when:\n      - rpc: file/open\n        params: {uri: \"file://${root}/a.txt\"}\n        save: {line: line}\n      - rpc: file/read\n        params: {uri: \"file://${root}/a.txt\", n: \"${line}\"}\n    then:\n      result: {fields: {lines: 1}}\n";
    assert!(
        load(&extra_case(ok)).is_ok(),
        "{:?}",
        load(&extra_case(ok)).err()
    );
    rejects(
        extra_case(
            "    name: \"x\"\n    covers: [MCP-012]\n    when:\n      - rpc: file/open\n        params: [1]\n    then:\n      result: {}\n",
        ),
        &["X-001", "`params` of rpc `file/open` must be a mapping"],
    );
    rejects(
        extra_case(
            "    name: \"x\"\n    covers: [MCP-012]\n    when:\n      - call: text.read\n        params: {uri: a}\n    then:\n      result: {}\n",
        ),
        &["X-001", "`params` belong to an `rpc` step"],
    );
    rejects(
        extra_case(
            "    name: \"x\"\n    covers: [MCP-012]\n    when:\n      - rpc: file/read\n        params: {uri: \"${nope}\"}\n    then:\n      result: {}\n",
        ),
        &["X-001", "nope"],
    );
}

#[test]
fn client_roots_load_render_and_their_mistakes_are_named() {
    let ok = "    name: \"roots\"\n    covers: [MCP-012]\n    roots: [\"${root}/a\", \"${outside}\"]\n    when:\n      - set_roots: [\"${root}/b/c\"]\n      - call: text.read\n        args: {path: a.txt}\n    then:\n      result: {}\n";
    let cat = load(&extra_case(ok)).unwrap_or_else(|p| panic!("{p:?}"));
    let (area, case) = cat.case("X-001").expect("the case loads");
    assert_eq!(
        case.roots.as_deref(),
        Some(&["${root}/a".to_string(), "${outside}".to_string()][..])
    );
    assert!(cat.tags(case).contains(&"@client-roots".to_string()));
    let text = mcp_harness::generate::render_feature(area, &cat);
    assert!(
        text.contains("    Given the client offers the roots [\"${root}/a\",\"${outside}\"]\n"),
        "{text}"
    );
    assert!(
        text.contains("    When the client changes its roots to [\"${root}/b/c\"]\n"),
        "{text}"
    );
    // A hostile client's roots: through `..`, the whole disk, and a very long answer.
    let hostile = ok.replace("\"${root}/a\", \"${outside}\"", "\"${root}/../x\", \"/\"");
    let hostile = format!("{hostile}    roots_repeat: 25000\n");
    let cat = load(&extra_case(&hostile)).unwrap_or_else(|p| panic!("{p:?}"));
    let (area, case) = cat.case("X-001").expect("the case loads");
    assert_eq!(case.roots_repeat, Some(25000));
    let text = mcp_harness::generate::render_feature(area, &cat);
    assert!(
        text.contains(
            "    Given the client offers the roots [\"${root}/../x\",\"/\"] each repeated 25000 times\n"
        ),
        "{text}"
    );
    for bad in ["    roots_repeat: 1\n", "    roots_repeat: 100001\n"] {
        rejects(
            extra_case(&format!("{ok}{bad}")),
            &["X-001", "roots_repeat"],
        );
    }
    // A root that is not a directory of the scenario, given as `${root}`/`${outside}`.
    for bad in [
        "/etc",
        "${root}/./x",
        "${root}a",
        "${root}/a//b",
        "${var}/a",
        "file:///x",
    ] {
        let case = ok.replace("\"${root}/a\"", &format!("{bad:?}"));
        rejects(extra_case(&case), &["X-001", "root", "or `${root}`"]);
    }
    // set_roots without roots offered at start, as the last step, or over HTTP alone.
    rejects(
        extra_case(&ok.replace("    roots: [\"${root}/a\", \"${outside}\"]\n", "")),
        &["X-001", "`set_roots` needs a case-level `roots`"],
    );
    rejects(
        extra_case(
            "    name: \"roots\"\n    covers: [MCP-012]\n    roots: []\n    when:\n      - set_roots: []\n    then:\n      result: {}\n",
        ),
        &["X-001", "not set_roots"],
    );
    rejects(
        extra_case(&format!("{ok}    transports: [http]\n")),
        &["X-001", "stdio only"],
    );
    rejects(
        extra_case(&ok.replace("set_roots: [\"${root}/b/c\"]", "set_roots: {a: 1}")),
        &["X-001"],
    );
}
