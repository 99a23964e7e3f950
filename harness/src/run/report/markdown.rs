//! The Markdown requirement matrix (`--report FILE`), ready to paste into a README: one
//! row per upstream requirement, and the clarifications in a table of their own.

use std::fmt::Write as _;

use super::console::{Tally, tally};
use crate::catalogue::Catalogue;
use crate::run::outcome::CaseResult;

/// Header facts about the run.
pub struct RunFacts {
    pub server: String,
    pub protocol: String,
    pub strict: bool,
}

fn cell(s: &str) -> String {
    let one_line = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let clipped = if one_line.chars().count() > 110 {
        format!("{}…", one_line.chars().take(109).collect::<String>())
    } else {
        one_line
    };
    clipped.replace('|', "\\|")
}

fn status(t: Option<&Tally>) -> String {
    match t {
        None => "not run".into(),
        Some(t) if t.passed.is_empty() && t.failed.is_empty() => "not run".into(),
        Some(t) if t.failed.is_empty() => format!("✅ passed ({})", t.passed.len()),
        Some(t) => format!(
            "❌ failed {} of {}",
            t.failed.len(),
            t.failed.len() + t.passed.len()
        ),
    }
}

fn cases(t: Option<&Tally>) -> String {
    let Some(t) = t else { return String::new() };
    let mut ids: Vec<String> = t.failed.iter().map(|id| format!("**{id}**")).collect();
    ids.extend(t.passed.iter().cloned());
    ids.join(", ")
}

pub fn render(results: &[CaseResult], catalogue: Option<&Catalogue>, facts: &RunFacts) -> String {
    let t = tally(results);
    let skipped = results.iter().filter(|r| r.skipped()).count();
    let results: Vec<CaseResult> = results.iter().filter(|r| !r.skipped()).cloned().collect();
    let results = results.as_slice();
    let passed = results.iter().filter(|r| r.passed()).count();
    let mut out = String::new();
    let _ = writeln!(out, "# Conformance report\n");
    let _ = writeln!(
        out,
        "Server: `{}` · protocol: {} · {} cases run: {} passed, {} failed{}{}.\n",
        facts.server,
        facts.protocol,
        results.len(),
        passed,
        results.len() - passed,
        if skipped > 0 {
            format!(
                " · {skipped} skipped (another transport, no audit log, or client roots not offered)"
            )
        } else {
            String::new()
        },
        if facts.strict {
            " · strict (SHOULD failures count)"
        } else {
            ""
        }
    );
    let _ = writeln!(out, "Failing case ids are in **bold**.\n");
    let _ = writeln!(out, "## Upstream requirements\n");
    let _ = writeln!(out, "| Requirement | Level | Result | Cases | Statement |");
    let _ = writeln!(out, "|---|---|---|---|---|");
    match catalogue {
        Some(cat) => {
            for r in &cat.requirements {
                let tl = t.get(&r.id);
                let result = match &r.not_applicable {
                    Some(why) if tl.is_none() => format!("not applicable: {}", cell(why)),
                    _ => status(tl),
                };
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} |",
                    r.id,
                    r.level,
                    result,
                    cases(tl),
                    cell(&r.statement)
                );
            }
        }
        None => {
            for (id, tl) in t.iter().filter(|(id, _)| !id.starts_with("CLR-")) {
                let level = tl.level.map_or("", |l| l.as_str());
                let _ = writeln!(
                    out,
                    "| {id} | {level} | {} | {} | |",
                    status(Some(tl)),
                    cases(Some(tl))
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "\n## Clarifications (our decisions where the upstream is silent)\n"
    );
    let _ = writeln!(
        out,
        "| Clarification | Level | Refines | Result | Cases | Decision |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    match catalogue {
        Some(cat) => {
            for c in &cat.clarifications {
                let tl = t.get(&c.id);
                let _ = writeln!(
                    out,
                    "| {} | {} | {} | {} | {} | {}: {} |",
                    c.id,
                    c.level,
                    c.refines.join(", "),
                    status(tl),
                    cases(tl),
                    cell(&c.title),
                    cell(&c.choice)
                );
            }
        }
        None => {
            for (id, tl) in t.iter().filter(|(id, _)| id.starts_with("CLR-")) {
                let level = tl.level.map_or("", |l| l.as_str());
                let _ = writeln!(
                    out,
                    "| {id} | {level} | | {} | {} | |",
                    status(Some(tl)),
                    cases(Some(tl))
                );
            }
        }
    }
    out
}
