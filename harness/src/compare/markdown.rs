//! The comparison as Markdown (`compare --markdown FILE`), for a README or docs page:
//! the safety headline, one line per server (command, verdict, counts), each server's
//! coverage of its tools (from summaries that carry it), and the table of
//! the cases some server failed, grouped by severity (the rows every server passed are
//! only counted, so the table stays readable).

use std::fmt::Write as _;

use super::Comparison;

/// A table cell: no `|` or line break may end it early.
fn cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

pub fn render(c: &Comparison) -> String {
    let mut out = String::from("## Safety requirements broken\n\n");
    let lines = c.headline_lines();
    if lines.is_empty() {
        out.push_str(
            "No server broke a safety requirement (confinement, data lost or corrupted).\n",
        );
    }
    for l in lines {
        let _ = writeln!(out, "- {}", cell(&l));
    }
    out.push_str("\n## Servers\n\n| server | serverInfo | command | profile | result | passed | failed (counted, expected) | skipped |\n|---|---|---|---|---|---|---|---|\n");
    for r in c.runs {
        let t = &r.totals;
        let _ = writeln!(
            out,
            "| {} | {} | `{}` | {} | {} | {} | {} ({}, {}) | {} |",
            cell(&r.name),
            cell(r.server_info.as_deref().unwrap_or("–")),
            cell(&r.server),
            cell(&r.profile),
            r.result,
            t.passed,
            t.failed + t.expected,
            t.counted,
            t.expected,
            t.skipped
        );
    }
    coverage(&mut out, c);
    failures(&mut out, c);
    out
}

/// Each server's coverage sentence, from the summaries that carry one.
fn coverage(out: &mut String, c: &Comparison) {
    let said: Vec<(&str, &str)> = c
        .runs
        .iter()
        .filter_map(|r| Some((r.name.as_str(), r.coverage.as_ref()?.sentence.as_str())))
        .collect();
    if said.is_empty() {
        return;
    }
    out.push_str("\n## Coverage of each server's tools\n\n");
    for (name, sentence) in said {
        let _ = writeln!(out, "- **{}**: {}", cell(name), cell(sentence));
    }
}

/// The rows some server failed, by severity; a count of the rest.
fn failures(out: &mut String, c: &Comparison) {
    out.push_str("\n## Failures by severity\n\n| case |");
    for r in c.runs {
        let _ = write!(out, " {} |", cell(&r.name));
    }
    out.push_str("\n|---|");
    out.push_str(&"---|".repeat(c.runs.len()));
    out.push('\n');
    let mut clean = 0;
    for g in &c.groups {
        let Some(sev) = g.severity else {
            clean += g.rows.len();
            continue;
        };
        let _ = write!(out, "| **{}** |", sev.title());
        out.push_str(&" |".repeat(c.runs.len()));
        out.push('\n');
        for r in &g.rows {
            let _ = write!(out, "| {} |", cell(&r.id));
            for m in &r.cells {
                let _ = write!(out, " {} |", m.mark());
            }
            out.push('\n');
        }
    }
    let s = if clean == 1 { "" } else { "s" };
    let _ = writeln!(out, "\n{clean} more case{s} failed on no server.");
}
