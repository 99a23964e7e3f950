//! Writes the Cucumber JSON report (`--json FILE`) as the scenarios run: one feature per
//! feature file, one element per scenario, each step with its status, duration in
//! nanoseconds and error. It is the format of cucumber-rs's own JSON writer (the Cucumber
//! JSON schema) less what the harness never produces (rules, attachments), written here so
//! that the harness does not build that writer's dependencies (a second base64 among
//! them). `cucumber_json.rs` then completes the file from the run's verdict.

use std::collections::HashMap;
use std::io::Write;
use std::time::Instant;

use cucumber::event::{Hook, HookType, Scenario, Step, StepError};
use cucumber::gherkin;
use serde::Serialize;

/// The features recorded so far, written out when the run finishes.
pub struct CucumberJsonWriter<Out: Write> {
    out: Out,
    features: Vec<Feature>,
    /// When each running scenario's current step or hook started (scenarios run at once).
    started: HashMap<(usize, usize), Instant>,
}

#[derive(Serialize)]
struct Feature {
    uri: Option<String>,
    keyword: String,
    name: String,
    tags: Vec<Tag>,
    elements: Vec<Element>,
}

#[derive(Serialize)]
struct Tag {
    name: String,
    line: usize,
}

#[derive(Serialize)]
struct Element {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    after: Vec<HookResult>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    before: Vec<HookResult>,
    keyword: String,
    r#type: &'static str,
    id: String,
    line: usize,
    name: String,
    tags: Vec<Tag>,
    steps: Vec<StepResult>,
}

#[derive(Serialize)]
struct HookResult {
    result: RunResult,
}

#[derive(Serialize)]
struct StepResult {
    keyword: String,
    line: usize,
    name: String,
    result: RunResult,
}

#[derive(Serialize)]
struct RunResult {
    status: &'static str,
    duration: u128,
    #[serde(skip_serializing_if = "Option::is_none")]
    error_message: Option<String>,
}

impl<Out: Write> CucumberJsonWriter<Out> {
    pub fn new(out: Out) -> Self {
        CucumberJsonWriter {
            out,
            features: Vec::new(),
            started: HashMap::new(),
        }
    }

    /// Records one event of `scenario` in `feature`.
    pub fn on_scenario<W>(
        &mut self,
        feature: &gherkin::Feature,
        scenario: &gherkin::Scenario,
        event: &Scenario<W>,
    ) {
        let at = self.element_at(feature, scenario);
        match event {
            Scenario::Step(step, e) | Scenario::Background(step, e) => {
                self.on_step(at, step, e);
            }
            Scenario::Hook(kind, e) => self.on_hook(at, *kind, e),
            Scenario::Finished => {
                self.started.remove(&at);
            }
            _ => {}
        }
    }

    /// Writes the report; the run has finished.
    pub fn finish(&mut self) -> std::io::Result<()> {
        let text = serde_json::to_string(&self.features)?;
        self.out.write_all(text.as_bytes())?;
        self.out.flush()
    }

    fn on_step<W>(&mut self, at: (usize, usize), step: &gherkin::Step, event: &Step<W>) {
        let (status, error_message) = match event {
            Step::Started => {
                self.started.insert(at, Instant::now());
                return;
            }
            Step::Passed(..) => ("passed", None),
            Step::Skipped => ("skipped", None),
            Step::Failed(_, location, _, error) => {
                let matched = location
                    .map(|l| format!("Matched: {}:{}:{}\n", l.path, l.line, l.column))
                    .unwrap_or_default();
                // A step that tested nothing says why in its own words, not as a panic.
                let text = match error {
                    StepError::Panic(info) => not_tested(info),
                    _ => None,
                };
                let text = text.unwrap_or_else(|| error.to_string());
                (step_status(error), Some(format!("{matched}{text}")))
            }
        };
        let result = self.result(at, status, error_message);
        self.element(at).steps.push(StepResult {
            keyword: step.keyword.clone(),
            line: step.position.line,
            name: step.value.clone(),
            result,
        });
    }

    fn on_hook<W>(&mut self, at: (usize, usize), kind: HookType, event: &Hook<W>) {
        let result = match event {
            Hook::Started => {
                self.started.insert(at, Instant::now());
                return;
            }
            Hook::Passed => self.result(at, "passed", None),
            Hook::Failed(_, info) => self.result(at, "failed", Some(panic_text(info))),
        };
        let element = self.element(at);
        match kind {
            HookType::Before => element.before.push(HookResult { result }),
            HookType::After => element.after.push(HookResult { result }),
        }
    }

    fn result(
        &mut self,
        at: (usize, usize),
        status: &'static str,
        error_message: Option<String>,
    ) -> RunResult {
        let duration = self
            .started
            .remove(&at)
            .map_or(0, |t| t.elapsed().as_nanos());
        RunResult {
            status,
            duration,
            error_message,
        }
    }

    fn element(&mut self, (f, e): (usize, usize)) -> &mut Element {
        &mut self.features[f].elements[e]
    }

    /// The index of `feature` and of `scenario`'s element in it, added when new.
    fn element_at(
        &mut self,
        feature: &gherkin::Feature,
        scenario: &gherkin::Scenario,
    ) -> (usize, usize) {
        let uri = feature_uri(feature);
        let f = match self.features.iter().position(|x| x.uri == uri) {
            Some(f) => f,
            None => {
                self.features.push(Feature::new(feature, uri));
                self.features.len() - 1
            }
        };
        let elements = &mut self.features[f].elements;
        let line = scenario.position.line;
        let e = match elements
            .iter()
            .position(|x| x.line == line && x.name == scenario.name)
        {
            Some(e) => e,
            None => {
                elements.push(Element::new(feature, scenario));
                elements.len() - 1
            }
        };
        (f, e)
    }
}

impl Feature {
    fn new(feature: &gherkin::Feature, uri: Option<String>) -> Feature {
        Feature {
            uri,
            keyword: feature.keyword.clone(),
            name: feature.name.clone(),
            tags: tags(&feature.tags, feature.position.line),
            elements: Vec::new(),
        }
    }
}

impl Element {
    fn new(feature: &gherkin::Feature, scenario: &gherkin::Scenario) -> Element {
        Element {
            after: Vec::new(),
            before: Vec::new(),
            keyword: scenario.keyword.clone(),
            r#type: "scenario",
            id: format!("{}/{}", kebab(&feature.name), kebab(&scenario.name)),
            line: scenario.position.line,
            name: scenario.name.clone(),
            tags: tags(&scenario.tags, scenario.position.line),
            steps: Vec::new(),
        }
    }
}

fn tags(names: &[String], line: usize) -> Vec<Tag> {
    names
        .iter()
        .map(|name| Tag {
            name: name.clone(),
            line,
        })
        .collect()
}

/// The feature's path relative to the working directory, as cucumber-rs writes it.
fn feature_uri(feature: &gherkin::Feature) -> Option<String> {
    let path = feature.path.as_ref()?.to_str()?;
    let cwd = std::env::current_dir()
        .map(|d| d.display().to_string())
        .unwrap_or_default();
    let relative = path.strip_prefix(cwd.as_str()).unwrap_or(path);
    Some(relative.trim_start_matches('/').to_string())
}

/// The message a failed step or hook panicked with.
pub fn panic_text(info: &cucumber::event::Info) -> String {
    if let Some(why) = not_tested(info) {
        return why;
    }
    info.downcast_ref::<String>()
        .cloned()
        .or_else(|| info.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "(the step failed without a message)".into())
}

/// The reason of a step that tested nothing (`panics::NotTested`), prefixed "not tested: ".
pub fn not_tested(info: &cucumber::event::Info) -> Option<String> {
    let crate::run::panics::NotTested(why) = info.downcast_ref()?;
    Some(format!("not tested: {why}"))
}

fn step_status(error: &StepError) -> &'static str {
    match error {
        StepError::Panic(info) if not_tested(info).is_some() => "skipped",
        StepError::NotFound => "undefined",
        StepError::AmbiguousMatch(_) => "ambiguous",
        StepError::Panic(_) => "failed",
    }
}

/// `Read a file` → `read-a-file`: lower-case words of letters and digits joined by `-`.
fn kebab(text: &str) -> String {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join("-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use cucumber::event::Source;

    #[test]
    fn steps_are_recorded_with_their_status_and_error() {
        let text = "Feature: Read\n  @must\n  Scenario: A-1 reads\n    Given a file\n    When it is read\n";
        let feature = gherkin::Feature::parse(text, gherkin::GherkinEnv::default()).unwrap();
        let scenario = &feature.scenarios[0];
        let (given, when) = (&scenario.steps[0], &scenario.steps[1]);
        let mut out = Vec::new();
        let mut w = CucumberJsonWriter::new(&mut out);
        let boom: cucumber::event::Info = std::sync::Arc::new("the file differs".to_string());
        let (given, when) = (Source::new(given.clone()), Source::new(when.clone()));
        let captures = regex::Regex::new("")
            .map(|r| r.capture_locations())
            .unwrap();
        let events: [Scenario<()>; 5] = [
            Scenario::Step(given.clone(), Step::Started),
            Scenario::Step(given, Step::Passed(captures, None)),
            Scenario::Step(when.clone(), Step::Started),
            Scenario::Step(when, Step::Failed(None, None, None, StepError::Panic(boom))),
            Scenario::Finished,
        ];
        for e in &events {
            w.on_scenario(&feature, scenario, e);
        }
        w.finish().unwrap();
        let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let element = &v[0]["elements"][0];
        assert_eq!(element["name"], "A-1 reads", "{v}");
        assert_eq!(element["tags"][0]["name"], "must", "{v}");
        assert_eq!(element["steps"][0]["result"]["status"], "passed", "{v}");
        assert_eq!(element["steps"][1]["result"]["status"], "failed", "{v}");
        assert!(
            element["steps"][1]["result"]["error_message"]
                .as_str()
                .is_some_and(|m| m.contains("the file differs")),
            "{v}"
        );
    }

    #[test]
    fn kebab_joins_lower_case_words() {
        assert_eq!(
            kebab("FSC-READ-001 reads a file, whole"),
            "fsc-read-001-reads-a-file-whole"
        );
        assert_eq!(kebab("  "), "");
    }
}
