//! Positive controls: a refusal counts only when the same call made benign succeeds in the
//! same run. A tool that refuses everything (broken, misconfigured, mapped wrong) would
//! otherwise pass every confinement case; such a case tested nothing.
//!
//! A call's *shape* is its tool, its argument names and the values of the arguments that
//! pick what the tool does (`Profile::selector_args`): a read of `../secret` and a read of
//! `a.txt` have one shape, a `{action: read}` and a `{action: write}` of one tool do not.
//! Each scenario's world notes the shapes that succeeded and those whose refusal a step
//! accepted; the `after` hook files them here; when the run ends, `apply` turns every
//! passed case whose refusals no success of the same shape backs into *not tested*.
//! The ledger is per suite: the suite's scenarios all run on its thread.

use std::cell::RefCell;
use std::collections::BTreeSet;

use serde_json::Value;

use super::outcome::{CaseResult, Outcome};
use crate::catalogue::Profile;

/// A call's shape: its tool, its argument names (sorted), and its selector arguments with
/// their values.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Shape {
    tool: String,
    names: Vec<String>,
    selectors: Vec<(String, String)>,
}

impl Shape {
    pub fn of(profile: &Profile, tool: &str, args: &Value) -> Shape {
        let object = args.as_object();
        let mut names: Vec<String> = object
            .map(|m| m.keys().cloned().collect())
            .unwrap_or_default();
        names.sort();
        let selectors = profile
            .selector_args(tool)
            .into_iter()
            .filter_map(|n| {
                let v = object?.get(&n)?.as_str()?.to_string();
                Some((n, v))
            })
            .collect();
        Shape {
            tool: tool.to_string(),
            names,
            selectors,
        }
    }

    /// The tool alone: the shape of a call refused for its arguments on purpose (an
    /// unknown action, a missing one), which any success of the tool backs.
    pub fn tool_only(self) -> Shape {
        Shape {
            tool: self.tool,
            names: Vec::new(),
            selectors: Vec::new(),
        }
    }

    /// Whether a success of `self` backs a refusal of `refused`: the same tool, its
    /// selector values, and every argument the refused call named (a success may add
    /// options).
    fn backs(&self, refused: &Shape) -> bool {
        self.tool == refused.tool
            && refused.selectors.iter().all(|s| self.selectors.contains(s))
            && refused.names.iter().all(|n| self.names.contains(n))
    }

    fn describe(&self) -> String {
        let mut parts: Vec<String> = self
            .selectors
            .iter()
            .map(|(n, v)| format!("{n}: {v:?}"))
            .collect();
        parts.extend(
            self.names
                .iter()
                .filter(|n| !self.selectors.iter().any(|(s, _)| s == *n))
                .cloned(),
        );
        format!("`{}` with {{{}}}", self.tool, parts.join(", "))
    }
}

/// What one scenario noted: the shapes that succeeded, and those whose refusal it counted.
#[derive(Debug, Default)]
pub struct Noted {
    pub succeeded: Vec<Shape>,
    pub refused: Vec<Shape>,
}

impl Noted {
    pub fn success(&mut self, shape: Shape) {
        if !self.succeeded.contains(&shape) {
            self.succeeded.push(shape);
        }
    }

    pub fn refusal(&mut self, shape: Shape) {
        if !self.refused.contains(&shape) {
            self.refused.push(shape);
        }
    }
}

#[derive(Default)]
struct Ledger {
    succeeded: BTreeSet<Shape>,
    /// (feature file, scenario name, the shapes whose refusals the scenario counted)
    refused: Vec<(String, String, Vec<Shape>)>,
}

thread_local! {
    static LEDGER: RefCell<Ledger> = RefCell::new(Ledger::default());
}

/// Start a suite's ledger on this thread (the previous suite's is dropped).
pub fn begin() {
    LEDGER.with(|l| *l.borrow_mut() = Ledger::default());
}

/// File what a scenario noted.
pub fn file(feature: &str, scenario: &str, noted: Noted) {
    LEDGER.with(|l| {
        let mut l = l.borrow_mut();
        l.succeeded.extend(noted.succeeded);
        if !noted.refused.is_empty() {
            l.refused
                .push((feature.to_string(), scenario.to_string(), noted.refused));
        }
    });
}

/// Turn each passed case whose counted refusals lack a control into not tested, and
/// return those cases' indices. Empties the ledger.
pub fn apply(results: &mut [CaseResult]) -> Vec<usize> {
    let ledger = LEDGER.with(|l| std::mem::take(&mut *l.borrow_mut()));
    let mut changed = Vec::new();
    for (at, r) in results.iter_mut().enumerate() {
        if !r.passed() {
            continue;
        }
        let unbacked = ledger
            .refused
            .iter()
            .filter(|(f, s, _)| *f == r.feature && *s == r.scenario)
            .flat_map(|(_, _, shapes)| shapes)
            .find(|s| !ledger.succeeded.iter().any(|ok| ok.backs(s)));
        if let Some(shape) = unbacked {
            r.outcome = Outcome::Skipped {
                reason: reason(shape),
            };
            changed.push(at);
        }
    }
    changed
}

fn reason(shape: &Shape) -> String {
    format!(
        "not tested: the case counted a refusal of {}, but no call of that shape \
         succeeded in this run, so the refusal may be the tool failing at everything (a \
         positive control: run the case with others that use the tool on a path inside the \
         root, and check the tool works)",
        shape.describe()
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn shape(tool: &str, args: Value) -> Shape {
        let profile: Profile = crate::catalogue::yaml::from_str(
            "profile: p\ntitle: t\nsource: s\ntools: [fs, rd]\n\
             operations: {read: {call: fs, args: {action: read, path: \"{path}\"}}, \
             write: {call: fs, args: {action: write, path: \"{path}\", content: \"{content}\"}}}\n",
        )
        .unwrap();
        Shape::of(&profile, tool, &args)
    }

    /// A fresh ledger in which scenario `W` succeeded with `ok` and `S` refused `refused`.
    fn ledger(ok: Vec<Shape>, refused: Vec<Shape>) {
        begin();
        file(
            "w.feature",
            "W",
            Noted {
                succeeded: ok,
                refused: Vec::new(),
            },
        );
        file(
            "s.feature",
            "S",
            Noted {
                succeeded: Vec::new(),
                refused,
            },
        );
    }

    fn result() -> CaseResult {
        CaseResult::describe("s.feature", "S", &[])
    }

    #[test]
    fn a_refusal_backed_by_a_success_of_its_shape_stays_passed() {
        let ok = shape("fs", json!({"action": "read", "path": "a", "n": 1}));
        ledger(
            vec![ok],
            vec![shape("fs", json!({"action": "read", "path": "../x"}))],
        );
        let mut results = vec![result()];
        assert!(apply(&mut results).is_empty());
        assert!(results[0].passed());
    }

    #[test]
    fn a_refusal_of_a_shape_that_never_succeeded_is_not_tested() {
        // Another selector, and another tool, back nothing.
        let ok = vec![
            shape("fs", json!({"action": "write", "path": "a"})),
            shape("rd", json!({"path": "a"})),
        ];
        ledger(
            ok,
            vec![shape("fs", json!({"action": "read", "path": "../x"}))],
        );
        let mut results = vec![result(), CaseResult::describe("s.feature", "T", &[])];
        assert_eq!(apply(&mut results), vec![0]);
        let Outcome::Skipped { reason } = &results[0].outcome else {
            panic!("{:?}", results[0].outcome)
        };
        assert!(
            reason.contains("`fs` with {action: \"read\", path}"),
            "{reason}"
        );
        assert!(results[1].passed());
    }

    #[test]
    fn a_refusal_of_the_arguments_themselves_needs_the_tool_to_work_at_all() {
        let unknown = shape("fs", json!({"action": "fly", "path": "a"})).tool_only();
        ledger(
            vec![shape("fs", json!({"action": "write", "path": "a"}))],
            vec![unknown],
        );
        assert!(apply(&mut [result()]).is_empty());
    }

    #[test]
    fn a_failed_case_stays_failed() {
        ledger(Vec::new(), vec![shape("rd", json!({"path": "../x"}))]);
        let mut r = result();
        r.outcome = Outcome::Failed {
            step: "s".into(),
            message: "m".into(),
        };
        let mut results = vec![r];
        assert!(apply(&mut results).is_empty());
        assert!(results[0].failed());
    }
}
