//! What running one scenario produced, independent of cucumber's event types.

use std::time::Duration;

pub use crate::catalogue::model::Level;

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
}

impl CaseResult {
    /// Passed, or skipped: nothing against the server.
    pub fn passed(&self) -> bool {
        matches!(self.outcome, Outcome::Passed | Outcome::Skipped { .. })
    }

    pub fn skipped(&self) -> bool {
        matches!(self.outcome, Outcome::Skipped { .. })
    }

    /// Build from a scenario's name and tags (tags without the `@`).
    pub fn describe(feature: &str, scenario: &str, tags: &[String]) -> CaseResult {
        let case_id = case_id_of(scenario);
        let level = if tags.iter().any(|t| t == "must") {
            Level::Must
        } else {
            Level::Should
        };
        let clarification = tags.iter().any(|t| t == "clarification");
        let covers = tags
            .iter()
            .filter(|t| {
                !matches!(
                    t.as_str(),
                    "must"
                        | "should"
                        | "clarification"
                        | "serial"
                        | "http-only"
                        | "stdio-only"
                        | "audit-log"
                        | "client-roots"
                        | "casefold-root"
                        | "device"
                ) && **t != case_id
            })
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
        }
    }
}

/// Scenario names start with the case id.
pub fn case_id_of(scenario: &str) -> String {
    scenario.split_whitespace().next().unwrap_or("").to_string()
}
