//! The expected-failures baseline (`--expect-fail FILE`).
//!
//! File format: one case id per line (the first word of the scenario name, e.g. `T3.5.2`
//! or `SEC-012`); anything after the id on the same line is a free-text note; blank lines
//! and lines starting with `#` are ignored. Example:
//!
//! ```text
//! # Known failures of acme-fs 1.4
//! T3.5.2     ranges are clamped instead of rejected
//! SEC-012    follows absolute symlinks inside the root
//! ```
//!
//! The baseline is strict both ways: a listed case that fails is tolerated, a listed case
//! that passes is *stale* and fails the run (so the file shrinks as the server improves),
//! and an id that names no case at all is a usage error.

use std::collections::BTreeSet;

use crate::run::outcome::CaseResult;

#[derive(Debug, Clone, Default)]
pub struct Baseline {
    pub ids: BTreeSet<String>,
}

impl Baseline {
    pub fn parse(text: &str) -> Baseline {
        let ids = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .filter_map(|l| l.split_whitespace().next())
            .map(str::to_string)
            .collect();
        Baseline { ids }
    }

    pub fn load(path: &std::path::Path) -> Result<Baseline, String> {
        std::fs::read_to_string(path)
            .map(|t| Baseline::parse(&t))
            .map_err(|e| {
                format!(
                    "cannot read the expected-failures file {}: {e}",
                    path.display()
                )
            })
    }

    /// Ids that name no scenario among `known` (all scenarios, before filtering).
    pub fn unknown<'a>(&'a self, known: &BTreeSet<String>) -> Vec<&'a str> {
        self.ids
            .iter()
            .filter(|id| !known.contains(*id))
            .map(String::as_str)
            .collect()
    }

    pub fn lists(&self, id: &str) -> bool {
        self.ids.contains(id)
    }

    /// Listed cases that ran and passed.
    pub fn stale<'a>(&self, results: &'a [CaseResult]) -> Vec<&'a CaseResult> {
        results
            .iter()
            .filter(|r| {
                r.outcome == super::super::outcome::Outcome::Passed && self.lists(&r.case_id)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::outcome::{CaseResult, Outcome};

    #[test]
    fn parses_ids_notes_and_comments() {
        let b = Baseline::parse("# header\n\nT3.5.2   clamps ranges\n  SEC-012\n#SEC-013\n");
        assert_eq!(
            b.ids.iter().map(String::as_str).collect::<Vec<_>>(),
            vec!["SEC-012", "T3.5.2"]
        );
        let known: BTreeSet<String> = ["T3.5.2".to_string()].into();
        assert_eq!(b.unknown(&known), vec!["SEC-012"]);
    }

    #[test]
    fn a_listed_case_that_passes_is_stale() {
        let b = Baseline::parse("A-1\nA-2\n");
        let mut pass = CaseResult::describe("f", "A-1 passes", &["must".into()]);
        pass.outcome = Outcome::Passed;
        let mut fail = CaseResult::describe("f", "A-2 fails", &["must".into()]);
        fail.outcome = Outcome::Failed {
            step: "s".into(),
            message: "m".into(),
        };
        let results = [pass, fail];
        let stale: Vec<&str> = b
            .stale(&results)
            .iter()
            .map(|r| r.case_id.as_str())
            .collect();
        assert_eq!(stale, vec!["A-1"]);
    }
}
