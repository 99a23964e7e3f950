//! Console output: one block per failing case, and the end-of-run summary per requirement.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::run::outcome::{CaseResult, Level, Outcome};

/// A failing case: ids, the failing step, expected vs actual, exchange and stderr.
pub fn failure_block(r: &CaseResult, note: Option<&str>) -> String {
    let Outcome::Failed { step, message } = &r.outcome else {
        return String::new();
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "FAIL {} ({}, {}{}; covers {})",
        r.scenario,
        r.feature,
        r.level.as_str(),
        if r.clarification {
            ", clarification"
        } else {
            ""
        },
        if r.covers.is_empty() {
            "-".to_string()
        } else {
            r.covers.join(", ")
        }
    );
    if let Some(n) = note {
        let _ = writeln!(out, "  note: {n}");
    }
    let _ = writeln!(out, "  step: {step}");
    for line in message.lines() {
        let _ = writeln!(out, "  {line}");
    }
    out.push('\n');
    out
}

/// Per requirement (or clarification) id: level, passed and failed case ids.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub level: Option<Level>,
    pub passed: Vec<String>,
    pub failed: Vec<String>,
}

/// Group the results by covered id (ids sorted).
pub fn tally(results: &[CaseResult]) -> BTreeMap<String, Tally> {
    let mut map: BTreeMap<String, Tally> = BTreeMap::new();
    for r in results {
        for id in &r.covers {
            let t = map.entry(id.clone()).or_default();
            t.level = Some(t.level.map_or(r.level, |l| l.max(r.level)));
            if r.passed() {
                t.passed.push(r.case_id.clone());
            } else {
                t.failed.push(r.case_id.clone());
            }
        }
    }
    map
}

/// The per-requirement summary printed at the end of a run.
pub fn summary(results: &[CaseResult]) -> String {
    let mut out = String::new();
    let t = tally(results);
    if t.is_empty() {
        return out;
    }
    let _ = writeln!(out, "Summary per requirement:");
    for (id, t) in &t {
        let status = if t.failed.is_empty() { "ok  " } else { "FAIL" };
        let _ = write!(
            out,
            "  {status} {id:<9} {:<6} {:>3} passed {:>3} failed",
            t.level.map_or("", Level::as_str),
            t.passed.len(),
            t.failed.len()
        );
        if !t.failed.is_empty() {
            let _ = write!(out, "  ({})", t.failed.join(", "));
        }
        out.push('\n');
    }
    out
}
