//! The comparison's model: runs merged by case id, rows grouped by their worst severity,
//! and the headline of safety classes broken per server; and its two renderings.

use super::*;
use crate::run::report::summary::{FORMAT, SummaryTotals};

fn case(id: &str, status: &str, severity: Option<Severity>, baseline: &str) -> SummaryCase {
    SummaryCase {
        id: id.into(),
        feature: "f.feature".into(),
        level: "must".into(),
        clarification: false,
        status: status.into(),
        severity: severity.map(|s| s.key().to_string()),
        baseline: baseline.into(),
        counts: status == "failed" && baseline != "expected",
    }
}

fn run(name: &str, cases: Vec<SummaryCase>) -> Summary {
    let failed = cases.iter().filter(|c| c.status == "failed").count();
    Summary {
        format: FORMAT.into(),
        harness_version: "0.1.0".into(),
        name: name.into(),
        server: format!("{name} {{root}}"),
        server_info: Some(format!("{name}-server 1.0.0")),
        profile: "filesystem".into(),
        protocol: "auto".into(),
        strict: false,
        result: if failed > 0 { "FAIL" } else { "PASS" }.into(),
        exit_code: u8::from(failed > 0),
        sentence: String::new(),
        totals: SummaryTotals {
            scenarios: cases.len(),
            passed: cases.len() - failed,
            failed,
            counted: failed,
            expected: 0,
            skipped: 0,
            stale: 0,
        },
        coverage: None,
        places: None,
        cases,
    }
}

fn two() -> Vec<Summary> {
    vec![
        run(
            "a",
            vec![
                case("READ-001", "passed", None, "none"),
                case("SAFE-001", "failed", Some(Severity::OutsideRead), "none"),
                case("EDIT-001", "failed", Some(Severity::Wrong), "none"),
            ],
        ),
        run(
            "b<x>",
            vec![
                case("READ-001", "passed", None, "none"),
                case("SAFE-001", "passed", None, "none"),
                case("EDIT-001", "failed", Some(Severity::DataLost), "expected"),
                case("ONLY-B", "skipped", None, "none"),
            ],
        ),
    ]
}

#[test]
fn runs_merge_by_case_id_with_a_cell_per_server() {
    let runs = two();
    let c = Comparison::of(&runs);
    let rows: Vec<&Row> = c.groups.iter().flat_map(|g| &g.rows).collect();
    assert_eq!(rows.len(), 4, "one row per id across the runs");
    let only_b = rows.iter().find(|r| r.id == "ONLY-B").unwrap();
    assert_eq!(only_b.cells, [Cell::Absent, Cell::Skipped]);
    let edit = rows.iter().find(|r| r.id == "EDIT-001").unwrap();
    assert_eq!(
        edit.worst,
        Some(Severity::DataLost),
        "the worst of the servers"
    );
    assert_eq!(edit.cells[1].mark(), "FAIL (expected)");
}

#[test]
fn groups_go_in_severity_order_escapes_first_clean_rows_last() {
    let runs = two();
    let c = Comparison::of(&runs);
    let order: Vec<Option<Severity>> = c.groups.iter().map(|g| g.severity).collect();
    assert_eq!(
        order,
        [Some(Severity::OutsideRead), Some(Severity::DataLost), None]
    );
    assert_eq!(
        c.groups[2].rows.len(),
        2,
        "READ-001 and ONLY-B failed nowhere"
    );
}

#[test]
fn the_headline_names_each_server_per_safety_class_expected_or_not() {
    let runs = two();
    let c = Comparison::of(&runs);
    assert_eq!(
        c.headline,
        [
            Breach {
                severity: Severity::OutsideRead,
                servers: vec![("a".into(), vec!["SAFE-001".into()])],
            },
            Breach {
                severity: Severity::DataLost,
                servers: vec![("b<x>".into(), vec!["EDIT-001".into()])],
            },
        ],
        "a wrong answer is no safety class; an expected data loss still is one"
    );
    let clean = [run("c", vec![case("READ-001", "passed", None, "none")])];
    assert!(Comparison::of(&clean).headline.is_empty());
}

#[test]
fn the_page_is_self_contained_escaped_and_shows_each_column() {
    let runs = two();
    let page = html::render(&Comparison::of(&runs));
    assert!(page.contains("b&lt;x&gt;") && !page.contains("b<x>"));
    assert!(
        page.contains("a-server 1.0.0"),
        "the server's own name and version"
    );
    assert!(!page.contains("http://") && !page.contains("https://") && !page.contains(" src="));
    assert_eq!(page.matches("<th class=\"server\"").count(), 2);
    assert_eq!(
        page.matches("data-col=\"0\" data-status=\"failed\"")
            .count(),
        2
    );
    assert!(page.find("id=\"headline\"") < page.find("id=\"comparison\""));
    assert!(!page.chars().any(|c| c as u32 >= 0x1F300), "no emoji");
}

#[test]
fn the_markdown_lists_failed_rows_and_counts_the_clean_ones() {
    let runs = two();
    let md = markdown::render(&Comparison::of(&runs));
    assert!(md.contains("| SAFE-001 | FAIL | pass |"), "{md}");
    assert!(md.contains("| EDIT-001 | FAIL | FAIL (expected) |"), "{md}");
    assert!(!md.contains("| READ-001 |"), "{md}");
    assert!(md.contains("2 more cases failed on no server."), "{md}");
    assert!(md.contains("- Data lost: b<x> (EDIT-001)"), "{md}");
    // Summaries written before coverage have none, and no section is made for them.
    assert!(!md.contains("## Coverage"), "{md}");
}

#[test]
fn each_servers_coverage_is_shown_when_its_summary_has_it() {
    let mut runs = two();
    runs[1].coverage = Some(crate::run::report::summary::SummaryCoverage {
        sentence: "Coverage: … `run_shell` was not tested and runs commands.".into(),
        listed: true,
        tested: vec!["read".into()],
        untested: Vec::new(),
        operations_untested: Vec::new(),
    });
    let c = Comparison::of(&runs);
    let md = markdown::render(&c);
    assert!(
        md.contains("- **b<x>**: Coverage: … `run_shell` was not tested and runs commands."),
        "{md}"
    );
    let page = html::render(&c);
    assert!(
        page.contains("<li><b>b&lt;x&gt;</b>: Coverage: … `run_shell` was not tested"),
        "{page}"
    );
    assert!(page.find("id=\"coverage\"") < page.find("id=\"comparison\""));
}
