//! The cucumber `Writer` of the harness: collects one `CaseResult` per scenario, prints
//! failures and live progress, and feeds the optional Cucumber JSON writer
//! (`report::cucumber_json_writer`). (JUnit is
//! written from the results afterwards: `report::junit`.)

use std::collections::HashMap;
use std::fs::File;
use std::io::{IsTerminal as _, Write as _};
use std::time::Instant;

use cucumber::event::{self, Cucumber, Feature, RetryableScenario, Rule, Scenario, StepError};
use cucumber::writer;
use cucumber::{Event, Writer, parser};

use super::outcome::{CaseResult, Outcome};
use super::report::console;
use super::report::cucumber_json_writer::{CucumberJsonWriter, not_tested, panic_text};
use super::world::HarnessWorld;

/// How a failing case is shown as it happens (see `Echo`); without one, the full block.
pub type Annotate = std::sync::Arc<dyn Fn(&CaseResult) -> Echo>;

/// What to print for a failing case as it happens.
pub enum Echo {
    /// A failure: this text (the failure block), counted as failed in the progress line.
    Failure(String),
    /// A failure the baseline expects: this text (one line), counted apart.
    Expected(String),
}

pub struct Collector {
    pub annotate: Option<Annotate>,
    pub results: Vec<CaseResult>,
    pub parse_errors: Vec<String>,
    running: HashMap<(String, String), (CaseResult, Instant)>,
    total: usize,
    done: usize,
    failed: usize,
    expected: usize,
    /// Print each failure in full as it happens (the CLI); the test target prints its own.
    pub echo_failures: bool,
    pub progress: bool,
    tty: bool,
    json: Option<CucumberJsonWriter<File>>,
}

impl Collector {
    pub fn new(json: Option<File>, echo_failures: bool, progress: bool) -> Collector {
        Collector {
            annotate: None,
            results: Vec::new(),
            parse_errors: Vec::new(),
            running: HashMap::new(),
            total: 0,
            done: 0,
            failed: 0,
            expected: 0,
            echo_failures,
            progress,
            tty: std::io::stderr().is_terminal(),
            json: json.map(CucumberJsonWriter::new),
        }
    }

    fn key(
        feat: &cucumber::gherkin::Feature,
        sc: &cucumber::gherkin::Scenario,
    ) -> (String, String) {
        (
            feature_name(feat),
            format!("{}:{}", sc.position.line, sc.name),
        )
    }

    fn on_scenario(
        &mut self,
        feat: &cucumber::gherkin::Feature,
        sc: &cucumber::gherkin::Scenario,
        ev: &RetryableScenario<HarnessWorld>,
    ) {
        let key = Self::key(feat, sc);
        match &ev.event {
            Scenario::Started => {
                let mut r = CaseResult::describe(&feature_name(feat), &sc.name, &sc.tags);
                let background = feat.background.iter().flat_map(|b| &b.steps);
                r.steps = background
                    .chain(&sc.steps)
                    .map(|s| s.value.clone())
                    .collect();
                self.running.insert(key, (r, Instant::now()));
            }
            Scenario::Hook(_, event::Hook::Failed(_, info)) => {
                self.fail(&key, "(scenario set-up)".into(), panic_text(info));
            }
            Scenario::Step(_, event::Step::Failed(_, _, _, StepError::Panic(info)))
            | Scenario::Background(_, event::Step::Failed(_, _, _, StepError::Panic(info)))
                if not_tested(info).is_some() =>
            {
                self.untested(&key, not_tested(info).unwrap_or_default());
            }
            Scenario::Step(step, event::Step::Failed(_, _, _, err))
            | Scenario::Background(step, event::Step::Failed(_, _, _, err)) => {
                let msg = match err {
                    StepError::Panic(info) => panic_text(info),
                    StepError::NotFound => {
                        "this step is not part of the harness's vocabulary".into()
                    }
                    StepError::AmbiguousMatch(e) => format!("internal: ambiguous step: {e}"),
                };
                self.fail(&key, format!("{} {}", step.keyword.trim(), step.value), msg);
            }
            Scenario::Step(step, event::Step::Skipped)
            | Scenario::Background(step, event::Step::Skipped) => {
                // cucumber skips a step no definition matches; for a conformance run that
                // is a failure (the feature and the harness disagree), not a pass.
                self.fail(
                    &key,
                    format!("{} {}", step.keyword.trim(), step.value),
                    "this step is not part of the harness's vocabulary (regenerate the features?)"
                        .into(),
                );
            }
            Scenario::Finished => {
                if let Some((mut r, started)) = self.running.remove(&key) {
                    r.duration = started.elapsed();
                    self.finish(r);
                }
            }
            _ => {}
        }
    }

    /// The case tested nothing (a step said so: `panics::NotTested`): skipped, with why.
    /// (A baseline cannot expect it: a case that never ran its check has nothing to expect.)
    fn untested(&mut self, key: &(String, String), reason: String) {
        if let Some((r, _)) = self.running.get_mut(key)
            && r.outcome == Outcome::Passed
        {
            r.outcome = Outcome::Skipped { reason };
        }
    }

    fn fail(&mut self, key: &(String, String), step: String, message: String) {
        if let Some((r, _)) = self.running.get_mut(key)
            && r.outcome == Outcome::Passed
        {
            r.outcome = Outcome::Failed { step, message };
        }
    }

    fn finish(&mut self, r: CaseResult) {
        self.done += 1;
        if r.failed() {
            let echo = match &self.annotate {
                Some(f) => f(&r),
                None => Echo::Failure(console::failure_block(&r, None, false)),
            };
            let text = match echo {
                Echo::Failure(text) => {
                    self.failed += 1;
                    text
                }
                Echo::Expected(text) => {
                    self.expected += 1;
                    text
                }
            };
            if self.echo_failures {
                self.clear_progress();
                // Colour on a terminal only; a closed pipe is not an error worth a panic.
                let mut out = anstream::stdout().lock();
                let _ = write!(out, "{text}");
                let _ = out.flush();
            }
        }
        if self.echo_failures {
            self.print_not_tested(&r);
        }
        self.results.push(r);
        self.show_progress();
    }

    /// A case that tested nothing says why where failures are shown: it is no pass.
    pub fn print_not_tested(&self, r: &CaseResult) {
        if let Outcome::Skipped { reason } = &r.outcome
            && reason.starts_with("not tested: ")
        {
            self.clear_progress();
            let mut out = anstream::stdout().lock();
            let _ = writeln!(out, "NOT TESTED {}: {}", r.scenario, clip_line(reason, 400));
            let _ = out.flush();
        }
    }

    fn show_progress(&self) {
        if !self.progress {
            return;
        }
        let mut line = format!(
            "[{:>4}/{}] scenarios run, {} failed",
            self.done,
            self.total.max(self.done),
            self.failed
        );
        if self.expected > 0 {
            line.push_str(&format!(", {} expected by the baseline", self.expected));
        }
        if self.tty {
            eprint!("\r{line}");
        } else if self.done == self.total || self.done.is_multiple_of(100) {
            eprintln!("{line}");
        }
    }

    fn clear_progress(&self) {
        if self.progress && self.tty {
            eprint!("\r{:60}\r", "");
        }
    }

    pub fn end_progress(&self) {
        if self.progress && self.tty {
            eprintln!();
        }
    }
}

pub fn feature_name(feat: &cucumber::gherkin::Feature) -> String {
    feat.path
        .as_ref()
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| feat.name.clone())
}

impl Writer<HarnessWorld> for Collector {
    type Cli = cucumber::cli::Empty;

    async fn handle_event(
        &mut self,
        ev: parser::Result<Event<Cucumber<HarnessWorld>>>,
        _cli: &Self::Cli,
    ) {
        match &ev {
            Err(e) => self.parse_errors.push(e.to_string()),
            Ok(e) => match &e.value {
                Cucumber::ParsingFinished { scenarios, .. } => self.total = *scenarios,
                Cucumber::Feature(feat, Feature::Scenario(sc, rev))
                | Cucumber::Feature(feat, Feature::Rule(_, Rule::Scenario(sc, rev))) => {
                    self.on_scenario(feat, sc, rev);
                    if let Some(j) = &mut self.json {
                        j.on_scenario(feat, sc, &rev.event);
                    }
                }
                Cucumber::Finished => {
                    if let Some(j) = &mut self.json
                        && let Err(e) = j.finish()
                    {
                        eprintln!("mcp-harness: cannot write the Cucumber JSON report: {e}");
                    }
                }
                _ => {}
            },
        }
    }
}

// The run's exit status is computed from `results`; these only satisfy cucumber's API.
impl writer::Stats<HarnessWorld> for Collector {
    fn passed_steps(&self) -> usize {
        0
    }
    fn skipped_steps(&self) -> usize {
        0
    }
    fn failed_steps(&self) -> usize {
        self.failed
    }
    fn retried_steps(&self) -> usize {
        0
    }
    fn parsing_errors(&self) -> usize {
        self.parse_errors.len()
    }
    fn hook_errors(&self) -> usize {
        0
    }
}

/// `text` on one line, at most `max` characters.
fn clip_line(text: &str, max: usize) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    match one.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &one[..at]),
        None => one,
    }
}
