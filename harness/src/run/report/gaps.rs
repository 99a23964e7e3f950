//! The operations an interface run left untested although the server offers them: one the
//! interface file declares absent while a listed tool fits it (and the file's sentence
//! does not name that tool), or one it maps whose every selected case went unrun. A run
//! with such a gap is INCOMPLETE, never PASS: a pass covers what the server offers.

use std::collections::{BTreeMap, BTreeSet};

use super::coverage::mentions_word;
use crate::run::outcome::{CaseResult, Outcome};

/// An operation of `specs/shared/checks.yaml` the run did not test.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperationGap {
    pub operation: String,
    pub why: GapWhy,
}

/// Why an operation went untested.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GapWhy {
    /// The file declares it absent, but the server lists `tool`, whose name and schema fit
    /// it.
    DeclaredAbsent { tool: String },
    /// The file maps it, but none of the `cases` selected cases that use it ran; `reason`
    /// is the first one's reason for not running.
    NoCaseRan { cases: usize, reason: String },
}

impl OperationGap {
    /// "`delete` (the server lists `delete_file`, which fits it, but the interface file
    /// declares it absent)".
    pub fn said(&self) -> String {
        let why = match &self.why {
            GapWhy::DeclaredAbsent { tool } => format!(
                "the server lists `{tool}`, which fits it, but the interface file declares \
                 it absent"
            ),
            GapWhy::NoCaseRan { cases, reason } => format!(
                "none of its {cases} selected case{} ran: {reason}",
                if *cases == 1 { "" } else { "s" }
            ),
        };
        format!("`{}` ({why})", self.operation)
    }

    /// The key in the JSON reports.
    pub fn key(&self) -> &'static str {
        match self.why {
            GapWhy::DeclaredAbsent { .. } => "declared_absent",
            GapWhy::NoCaseRan { .. } => "no_case_ran",
        }
    }
}

/// What the interface file says of each operation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Mapping {
    /// A step template: the operation is mapped.
    Mapped,
    /// The file's sentence on why the server has none.
    Absent(String),
}

/// The gaps of a run: `operations`, the file's operations in order; `offered`, each
/// operation with the listed tool that fits it (`starter::operations_offered`); `results`,
/// the run's cases; `used`, the operations each case uses, by case id.
pub fn of(
    operations: &[(String, Mapping)],
    offered: &[(String, String)],
    results: &[CaseResult],
    used: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<OperationGap> {
    operations
        .iter()
        .filter_map(|(op, mapping)| {
            let why = match mapping {
                Mapping::Absent(sentence) => absent_but_offered(op, sentence, offered)?,
                Mapping::Mapped => none_ran(op, results, used)?,
            };
            Some(OperationGap {
                operation: op.clone(),
                why,
            })
        })
        .collect()
}

/// A listed tool fits an operation declared absent, and the sentence does not name it (a
/// sentence that names the tool says why it is not this operation).
fn absent_but_offered(op: &str, sentence: &str, offered: &[(String, String)]) -> Option<GapWhy> {
    let (_, tool) = offered.iter().find(|(o, _)| o == op)?;
    (!mentions_word(sentence, tool)).then(|| GapWhy::DeclaredAbsent { tool: tool.clone() })
}

/// Selected cases use the operation and none of them ran.
fn none_ran(
    op: &str,
    results: &[CaseResult],
    used: &BTreeMap<String, BTreeSet<String>>,
) -> Option<GapWhy> {
    let cases: Vec<&CaseResult> = results
        .iter()
        .filter(|r| used.get(&r.case_id).is_some_and(|ops| ops.contains(op)))
        .collect();
    if cases.is_empty() || cases.iter().any(|r| !r.skipped()) {
        return None;
    }
    let reason = match &cases[0].outcome {
        Outcome::Skipped { reason } => reason.clone(),
        _ => String::new(),
    };
    Some(GapWhy::NoCaseRan {
        cases: cases.len(),
        reason,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::run::outcome::Level;

    fn result(id: &str, outcome: Outcome) -> CaseResult {
        CaseResult {
            feature: "f.feature".into(),
            scenario: format!("{id} x"),
            case_id: id.into(),
            covers: Vec::new(),
            level: Level::Must,
            clarification: false,
            outcome,
            duration: Duration::ZERO,
            steps: Vec::new(),
        }
    }

    fn skipped(id: &str) -> CaseResult {
        result(
            id,
            Outcome::Skipped {
                reason: "not tested: no control".into(),
            },
        )
    }

    fn used() -> BTreeMap<String, BTreeSet<String>> {
        [("s/A", "delete"), ("s/B", "delete"), ("s/C", "read")]
            .iter()
            .map(|(id, op)| (id.to_string(), BTreeSet::from([op.to_string()])))
            .collect()
    }

    fn ops(delete: Mapping) -> Vec<(String, Mapping)> {
        vec![("read".into(), Mapping::Mapped), ("delete".into(), delete)]
    }

    #[test]
    fn an_absent_operation_a_listed_tool_fits_is_a_gap_unless_the_sentence_names_it() {
        let offered = vec![("delete".to_string(), "remove_file".to_string())];
        let results = vec![result("s/C", Outcome::Passed)];
        let absent = |s: &str| ops(Mapping::Absent(s.into()));
        let gaps = of(&absent("no delete tool"), &offered, &results, &used());
        assert_eq!(gaps.len(), 1);
        assert_eq!(
            gaps[0].why,
            GapWhy::DeclaredAbsent {
                tool: "remove_file".into()
            }
        );
        assert!(
            gaps[0].said().contains("`remove_file`"),
            "{}",
            gaps[0].said()
        );
        let named = absent("remove_file only clears a cache; nothing deletes a file");
        assert!(of(&named, &offered, &results, &used()).is_empty());
        // A longer name that merely contains the tool's is no mention of it.
        let other = absent("remove_file_cache deletes nothing");
        assert_eq!(of(&other, &offered, &results, &used()).len(), 1);
        assert!(of(&absent("none"), &[], &results, &used()).is_empty());
    }

    #[test]
    fn a_mapped_operation_whose_every_selected_case_went_unrun_is_a_gap() {
        let all_skipped = vec![
            result("s/C", Outcome::Passed),
            skipped("s/A"),
            skipped("s/B"),
        ];
        let gaps = of(&ops(Mapping::Mapped), &[], &all_skipped, &used());
        assert_eq!(
            gaps,
            vec![OperationGap {
                operation: "delete".into(),
                why: GapWhy::NoCaseRan {
                    cases: 2,
                    reason: "not tested: no control".into()
                }
            }]
        );
        // One that ran, even failed, tested it; one not selected says nothing.
        let one_ran = vec![
            skipped("s/A"),
            result(
                "s/B",
                Outcome::Failed {
                    step: "s".into(),
                    message: "m".into(),
                },
            ),
        ];
        assert!(of(&ops(Mapping::Mapped), &[], &one_ran, &used()).is_empty());
        let narrowed = vec![result("s/C", Outcome::Passed)];
        assert!(of(&ops(Mapping::Mapped), &[], &narrowed, &used()).is_empty());
    }
}
