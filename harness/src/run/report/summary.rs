//! The run summary (`--summary FILE`): the verdict as JSON, one record per case with its
//! result, severity and baseline status, and the coverage of the server's tools. Cucumber
//! JSON (`--json`) carries the same verdict but not the server's name; `mcp-harness
//! compare` merges these summaries into one page.

use serde::{Deserialize, Serialize};

use super::severity::Severity;
use super::verdict::{Baselined, CaseVerdict, RunVerdict};
use crate::run::outcome::{Level, Outcome};

/// The format's name and version, so a reader can refuse another.
pub const FORMAT: &str = "mcp-harness-summary/1";

/// One run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    pub format: String,
    pub harness_version: String,
    /// The server's name on a comparison page (`--label`, else `--server-name`, else the
    /// command).
    pub name: String,
    /// The command that started it, or its URL.
    pub server: String,
    /// The name and version the server gave in its handshake (`serverInfo`).
    pub server_info: Option<String>,
    pub profile: String,
    pub protocol: String,
    pub strict: bool,
    /// PASS, FAIL, INCOMPLETE or NOTHING TESTED.
    pub result: String,
    pub exit_code: u8,
    /// The verdict in one line, as the console ends.
    pub sentence: String,
    pub totals: SummaryTotals,
    /// Which of the server's tools the run tested (absent in summaries written before it).
    #[serde(default)]
    pub coverage: Option<SummaryCoverage>,
    /// Where the roots and outside areas were made (absent in summaries written before it).
    #[serde(default)]
    pub places: Option<String>,
    pub cases: Vec<SummaryCase>,
}

/// The run's coverage of the server's tools (`coverage.rs`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryCoverage {
    /// The sentence every report carries.
    pub sentence: String,
    /// Whether the server's tool list was had.
    pub listed: bool,
    /// The server's tools the mapped operations call.
    pub tested: Vec<String>,
    /// The others, each with its side door (`command`, `script`, `url`, `glob`) if any.
    pub untested: Vec<SummaryUntested>,
    /// The operations the server offers that an interface run left untested, which make
    /// it INCOMPLETE; written only when there are some.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub operations_untested: Vec<SummaryGap>,
}

/// An operation left untested (`gaps.rs`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryGap {
    pub operation: String,
    /// `declared_absent` (a listed tool fits it) or `no_case_ran`.
    pub why: String,
    /// What the reports say of it.
    pub said: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryUntested {
    pub name: String,
    pub side_door: Option<String>,
    /// What the sweep did with it: `attacked`, or `uncontrolled` (sent the ways out, no
    /// call on a path inside succeeded); absent when the sweep did not reach it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub swept: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryTotals {
    pub scenarios: usize,
    pub passed: usize,
    /// Failed and not expected by the baseline.
    pub failed: usize,
    /// Of `failed`, those that fail the run.
    pub counted: usize,
    pub expected: usize,
    pub skipped: usize,
    pub stale: usize,
}

/// One case of the run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SummaryCase {
    pub id: String,
    pub feature: String,
    /// `must` or `should`.
    pub level: String,
    pub clarification: bool,
    /// `passed`, `failed` or `skipped`.
    pub status: String,
    /// A failure's class (`Severity::key`), most severe first in the reports.
    pub severity: Option<String>,
    /// `none`, `expected`, `stale` or `new` (see `Baselined`).
    pub baseline: String,
    /// Whether it fails the run.
    pub counts: bool,
}

/// What the summary says of the run besides the verdict.
pub struct Identity<'a> {
    pub name: &'a str,
    pub server: &'a str,
    pub server_info: Option<&'a str>,
    pub profile: &'a str,
    pub protocol: &'a str,
}

/// The summary of `verdict`.
pub fn of(verdict: &RunVerdict, who: &Identity) -> Summary {
    Summary {
        format: FORMAT.into(),
        harness_version: env!("CARGO_PKG_VERSION").into(),
        name: who.name.into(),
        server: who.server.into(),
        server_info: who.server_info.map(str::to_string),
        profile: who.profile.into(),
        protocol: who.protocol.into(),
        strict: verdict.strict,
        result: verdict.result.word().into(),
        exit_code: verdict.exit_code(),
        sentence: verdict.sentence(),
        totals: totals(verdict),
        coverage: coverage(verdict),
        places: verdict.places.clone(),
        cases: verdict.cases.iter().map(case).collect(),
    }
}

/// The verdict's totals as the JSON reports give them.
pub fn totals(verdict: &RunVerdict) -> SummaryTotals {
    let t = &verdict.totals;
    SummaryTotals {
        scenarios: t.scenarios,
        passed: t.passed,
        failed: t.failed,
        counted: t.counted,
        expected: t.expected,
        skipped: t.skipped_total(),
        stale: t.stale,
    }
}

/// The verdict's coverage as the JSON reports give it.
pub fn coverage(verdict: &RunVerdict) -> Option<SummaryCoverage> {
    let c = verdict.coverage.as_ref()?;
    Some(SummaryCoverage {
        sentence: verdict.coverage_sentence().unwrap_or_default(),
        listed: c.listed,
        tested: c.tested.clone(),
        untested: c
            .untested
            .iter()
            .map(|u| SummaryUntested {
                name: u.name.clone(),
                side_door: u.side_door.map(|d| d.key().to_string()),
                swept: u.swept.as_ref().map(|s| match s {
                    super::coverage::Swept::Attacked => "attacked".to_string(),
                    super::coverage::Swept::Uncontrolled(_) => "uncontrolled".to_string(),
                }),
            })
            .collect(),
        operations_untested: verdict
            .gaps
            .iter()
            .map(|g| SummaryGap {
                operation: g.operation.clone(),
                why: g.key().to_string(),
                said: g.said(),
            })
            .collect(),
    })
}

/// One case as the JSON reports give it.
pub fn case(c: &CaseVerdict) -> SummaryCase {
    let r = c.result;
    SummaryCase {
        id: r.case_id.clone(),
        feature: r.feature.clone(),
        level: match r.level {
            Level::Must => "must",
            Level::Should => "should",
        }
        .into(),
        clarification: r.clarification,
        status: match r.outcome {
            Outcome::Passed => "passed",
            Outcome::Failed { .. } => "failed",
            Outcome::Skipped { .. } => "skipped",
        }
        .into(),
        severity: c.severity.map(|s| s.key().to_string()),
        baseline: match c.baseline {
            Baselined::None => "none",
            Baselined::Expected => "expected",
            Baselined::Stale => "stale",
            Baselined::New => "new",
        }
        .into(),
        counts: c.counts,
    }
}

/// The summary of a run that stopped before any case: nothing tested, exit code 2.
pub fn aborted(name: &str, paragraph: &str) -> Summary {
    Summary {
        format: FORMAT.into(),
        harness_version: env!("CARGO_PKG_VERSION").into(),
        name: name.into(),
        server: name.into(),
        server_info: None,
        profile: String::new(),
        protocol: String::new(),
        strict: false,
        result: "NOTHING TESTED".into(),
        exit_code: 2,
        sentence: format!("No case was run. {paragraph}"),
        totals: SummaryTotals {
            scenarios: 0,
            passed: 0,
            failed: 0,
            counted: 0,
            expected: 0,
            skipped: 0,
            stale: 0,
        },
        coverage: None,
        places: None,
        cases: Vec::new(),
    }
}

/// Reads a summary; refuses another format.
pub fn read(path: &std::path::Path) -> Result<Summary, String> {
    let what = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let text = std::fs::read_to_string(path).map_err(|e| what(&e))?;
    let s: Summary = serde_json::from_str(&text).map_err(|e| what(&e))?;
    if s.format != FORMAT {
        return Err(what(&format!(
            "format {:?}, not {FORMAT:?} (write it with `mcp-harness run --summary FILE`)",
            s.format
        )));
    }
    Ok(s)
}

impl SummaryCase {
    /// The failure's class, if it failed.
    pub fn severity(&self) -> Option<Severity> {
        let key = self.severity.as_deref()?;
        Severity::ALL.into_iter().find(|s| s.key() == key)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::run::outcome::CaseResult;
    use crate::run::report::expect_fail::Baseline;

    #[test]
    fn a_summary_keeps_the_verdict_and_reads_back() {
        let passed = CaseResult::describe("read.feature", "A-1 reads", &["must".into()]);
        let mut failed = CaseResult::describe("write.feature", "B-2 writes", &["must".into()]);
        failed.outcome = Outcome::Failed {
            step: "Then the call fails".into(),
            message: "it succeeded".into(),
        };
        let results = [passed, failed];
        let verdict = RunVerdict::of(
            &results,
            &Baseline::default(),
            false,
            &HashMap::new(),
            0,
            false,
        );
        let who = Identity {
            name: "srv",
            server: "srv {root}",
            server_info: Some("srv 1.2.3"),
            profile: "rootspace",
            protocol: "auto",
        };
        let s = of(&verdict, &who);
        assert_eq!((s.result.as_str(), s.exit_code), ("FAIL", 1));
        assert_eq!((s.totals.passed, s.totals.counted), (1, 1));
        assert_eq!(s.cases[1].status, "failed");
        assert_eq!(s.server_info.as_deref(), Some("srv 1.2.3"));
        assert!(s.cases[1].severity().is_some() && s.cases[1].counts);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.json");
        std::fs::write(&path, serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(read(&path).unwrap(), s);
        std::fs::write(&path, r#"{"format":"other"}"#).unwrap();
        assert!(read(&path).is_err());
    }
}
