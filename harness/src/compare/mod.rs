//! `mcp-harness compare`: many servers' run summaries (`run --summary`) merged into one
//! comparison, one column per server and one row per case, rows grouped by the worst
//! failure's severity (escapes first), with a headline of which servers break which
//! safety requirements. `html.rs` and `markdown.rs` only render it.

pub mod html;
pub mod markdown;

use std::collections::BTreeMap;

use crate::run::report::severity::Severity;
use crate::run::report::summary::{Summary, SummaryCase};

/// One server's result for one case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cell {
    Passed,
    /// Failed: its class, whether the server's baseline expects it, whether it fails
    /// the run.
    Failed {
        severity: Option<Severity>,
        expected: bool,
        counts: bool,
    },
    Skipped,
    /// The run has no such case (another profile, or a `--name`/`--tags` selection).
    Absent,
}

impl Cell {
    fn of(c: &SummaryCase) -> Cell {
        match c.status.as_str() {
            "passed" => Cell::Passed,
            "failed" => Cell::Failed {
                severity: c.severity(),
                expected: c.baseline == "expected",
                counts: c.counts,
            },
            _ => Cell::Skipped,
        }
    }

    /// A short text mark, readable without colour or an emoji font.
    pub fn mark(self) -> &'static str {
        match self {
            Cell::Passed => "pass",
            Cell::Failed { expected: true, .. } => "FAIL (expected)",
            Cell::Failed { counts: false, .. } => "FAIL (not counted)",
            Cell::Failed { .. } => "FAIL",
            Cell::Skipped => "skip",
            Cell::Absent => "–",
        }
    }

    fn severity(self) -> Option<Severity> {
        match self {
            Cell::Failed { severity, .. } => severity,
            _ => None,
        }
    }
}

/// One case across the servers.
#[derive(Debug, Clone)]
pub struct Row {
    pub id: String,
    pub feature: String,
    pub level: String,
    pub clarification: bool,
    /// One cell per run, in the order of the runs.
    pub cells: Vec<Cell>,
    /// The worst failure of the row; `None` when no server failed it.
    pub worst: Option<Severity>,
}

/// Rows of one severity (`None`: no server failed them).
#[derive(Debug, Clone)]
pub struct Group {
    pub severity: Option<Severity>,
    pub rows: Vec<Row>,
}

/// A safety class some servers break, and the cases each broke.
#[derive(Debug, Clone, PartialEq)]
pub struct Breach {
    pub severity: Severity,
    /// (server name, case ids), in the order of the runs.
    pub servers: Vec<(String, Vec<String>)>,
}

/// The merged runs.
#[derive(Debug, Clone)]
pub struct Comparison<'a> {
    pub runs: &'a [Summary],
    pub groups: Vec<Group>,
    pub headline: Vec<Breach>,
}

/// The classes the headline names: a way out of the root, or data lost or changed.
pub fn is_safety(s: Severity) -> bool {
    s < Severity::Hung
}

impl<'a> Comparison<'a> {
    pub fn of(runs: &'a [Summary]) -> Comparison<'a> {
        let rows = rows(runs);
        let headline = headline(runs, &rows);
        Comparison {
            runs,
            groups: groups(rows),
            headline,
        }
    }

    /// The headline in sentences: "Confinement: …: srv-a (HARD-004), srv-b (SAFE-001)".
    pub fn headline_lines(&self) -> Vec<String> {
        self.headline
            .iter()
            .map(|b| {
                let who: Vec<String> = b
                    .servers
                    .iter()
                    .map(|(name, ids)| format!("{name} ({})", ids.join(", ")))
                    .collect();
                format!("{}: {}", b.severity.title(), who.join("; "))
            })
            .collect()
    }
}

/// Every case id of every run, once, with each run's cell.
fn rows(runs: &[Summary]) -> Vec<Row> {
    let mut by_id: BTreeMap<&str, Row> = BTreeMap::new();
    for (i, run) in runs.iter().enumerate() {
        for c in &run.cases {
            let row = by_id.entry(&c.id).or_insert_with(|| Row {
                id: c.id.clone(),
                feature: c.feature.clone(),
                level: c.level.clone(),
                clarification: c.clarification,
                cells: vec![Cell::Absent; runs.len()],
                worst: None,
            });
            row.cells[i] = Cell::of(c);
        }
    }
    by_id
        .into_values()
        .map(|mut r| {
            r.worst = r.cells.iter().filter_map(|c| c.severity()).min();
            r
        })
        .collect()
}

/// The rows by their worst severity, most severe first, the rows no server failed last.
fn groups(rows: Vec<Row>) -> Vec<Group> {
    let classes = Severity::ALL.into_iter().map(Some).chain([None]);
    classes
        .filter_map(|sev| {
            let of: Vec<Row> = rows.iter().filter(|r| r.worst == sev).cloned().collect();
            (!of.is_empty()).then_some(Group {
                severity: sev,
                rows: of,
            })
        })
        .collect()
}

/// Per safety class, the servers that failed a case of it (expected failures too: a
/// baseline tolerates a break, it does not mend it).
fn headline(runs: &[Summary], rows: &[Row]) -> Vec<Breach> {
    Severity::ALL
        .into_iter()
        .filter(|&s| is_safety(s))
        .filter_map(|sev| {
            let servers: Vec<(String, Vec<String>)> = runs
                .iter()
                .enumerate()
                .filter_map(|(i, run)| {
                    let ids: Vec<String> = rows
                        .iter()
                        .filter(|r| r.cells[i].severity() == Some(sev))
                        .map(|r| r.id.clone())
                        .collect();
                    (!ids.is_empty()).then(|| (run.name.clone(), ids))
                })
                .collect();
            (!servers.is_empty()).then_some(Breach {
                severity: sev,
                servers,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
