//! Console output: one block per failing case, and the end-of-run summary per requirement.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::catalogue::Catalogue;
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
    for r in results.iter().filter(|r| !r.skipped()) {
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

/// The summary printed at the end of a run: upstream requirements first, then our
/// clarifications apart, as in the Markdown report. Each id shows its own level from the
/// catalogue (the level `list` and the report show), not the level of the cases covering
/// it; without a catalogue (foreign features) the cases' level stands in.
pub fn summary(results: &[CaseResult], catalogue: Option<&Catalogue>) -> String {
    let mut out = String::new();
    let t = tally(results);
    if t.is_empty() {
        return out;
    }
    let level = |id: &str, t: &Tally| {
        catalogue
            .and_then(|c| c.entry(id))
            .map(|e| e.level())
            .or(t.level)
            .map_or("", Level::as_str)
    };
    let groups = [
        ("Summary per upstream requirement:", false),
        (
            "Summary per clarification (our decisions; a server that chose otherwise may still \
             follow the upstream):",
            true,
        ),
    ];
    for (title, clarifications) in groups {
        let rows: Vec<_> = t
            .iter()
            .filter(|(id, _)| id.starts_with("CLR-") == clarifications)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{title}");
        for (id, t) in rows {
            let status = if t.failed.is_empty() { "ok  " } else { "FAIL" };
            let _ = write!(
                out,
                "  {status} {id:<9} {:<6} {:>3} passed {:>3} failed",
                level(id, t),
                t.passed.len(),
                t.failed.len()
            );
            if !t.failed.is_empty() {
                let _ = write!(out, "  ({})", t.failed.join(", "));
            }
            out.push('\n');
        }
    }
    out
}
