//! What running one scenario produced, independent of cucumber's event types.

use std::time::Duration;

use crate::catalogue::ControlTag;
pub use crate::catalogue::model::Level;

/// A tag the first runner set aside with the control tags, though no catalogue renders it;
/// kept out of a case's covered ids still, so foreign features that use it read as before.
const UNUSED_SERIAL: &str = "serial";

#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Passed,
    Failed {
        step: String,
        message: String,
    },
    /// Not run, for the reason given (e.g. an HTTP-only case over stdio). Neither passed
    /// nor failed, and never counted as either.
    Skipped {
        reason: String,
    },
}

#[derive(Debug, Clone)]
pub struct CaseResult {
    /// Feature file name, e.g. `read.feature`.
    pub feature: String,
    /// Full scenario name, starting with the case id.
    pub scenario: String,
    pub case_id: String,
    /// Requirement and clarification ids the case covers (from its tags).
    pub covers: Vec<String>,
    pub level: Level,
    pub clarification: bool,
    pub outcome: Outcome,
    pub duration: Duration,
    /// The case's step sentences, without keywords (background first): what its severity
    /// is judged from (`report::severity`). Empty for a case decided before the run.
    pub steps: Vec<String>,
}

impl CaseResult {
    /// Run and passed (a skipped case has not passed).
    pub fn passed(&self) -> bool {
        self.outcome == Outcome::Passed
    }

    /// Run and failed (a skipped case has not failed).
    pub fn failed(&self) -> bool {
        matches!(self.outcome, Outcome::Failed { .. })
    }

    pub fn skipped(&self) -> bool {
        matches!(self.outcome, Outcome::Skipped { .. })
    }

    /// Whether a step of the case asks the server to do something to the root: a tool
    /// call, a race, concurrent calls, a resource read or a direct request. STDIO-001, which
    /// only lists the tools, does not: a run of it alone has tested no operation. Nor does
    /// the sweep (SWEEP-001), which calls tools no operation maps: a starter that maps
    /// nothing is not tested, however well its tools stay in the root.
    pub fn acts_on_files(&self) -> bool {
        use crate::catalogue::vocabulary as form;
        static ACTIONS: std::sync::LazyLock<Vec<regex::Regex>> = std::sync::LazyLock::new(|| {
            [
                form::CALL,
                form::CALL_OR,
                form::RPC,
                form::READ_RESOURCE,
                form::CONCURRENT,
                form::CONCURRENT_PROCESSES,
                form::READ_DURING,
                form::READ_DURING_WITH_READER,
                form::RACE,
            ]
            .iter()
            .map(|f| f.regex().expect("the vocabulary's templates compile"))
            .collect()
        });
        self.steps
            .iter()
            .any(|s| ACTIONS.iter().any(|re| re.is_match(s)))
    }

    /// Build from a scenario's name and tags (tags without the `@`).
    pub fn describe(feature: &str, scenario: &str, tags: &[String]) -> CaseResult {
        let case_id = case_id_of(scenario);
        let level = if ControlTag::Must.on(tags) {
            Level::Must
        } else {
            Level::Should
        };
        let clarification = ControlTag::Clarification.on(tags);
        let covers = tags
            .iter()
            .filter(|t| ControlTag::parse(t).is_none() && *t != UNUSED_SERIAL && **t != case_id)
            .cloned()
            .collect();
        CaseResult {
            feature: feature.to_string(),
            scenario: scenario.to_string(),
            case_id,
            covers,
            level,
            clarification,
            outcome: Outcome::Passed,
            duration: Duration::ZERO,
            steps: Vec::new(),
        }
    }
}

/// Scenario names start with the case id.
pub fn case_id_of(scenario: &str) -> String {
    scenario.split_whitespace().next().unwrap_or("").to_string()
}
