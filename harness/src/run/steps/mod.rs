//! Step definitions, grouped by domain, matching the vocabulary of CONTRACT section 3.
//!
//! Steps are plain `async fn(&mut HarnessWorld, &[String]) -> Result<(), String>`; the
//! `step!` macro wraps each into cucumber's function-pointer form and turns an `Err` into
//! the step failure (cucumber's only failure channel is a panic, whose message carries
//! the reason, the JSON-RPC exchange and the server's stderr).

pub mod attack;
pub mod audit;
pub mod calls;
pub mod codes;
pub mod concurrency;
pub mod disk;
pub mod facts;
pub mod fixtures;
pub mod http;
pub mod listing;
pub mod results;
pub mod roots;
pub mod stdio;

use cucumber::step::Collection;
use regex::Regex;

use super::world::HarnessWorld;

/// Which Gherkin keywords a step is registered under (`And` inherits the previous one).
#[derive(Clone, Copy)]
pub enum Kinds {
    Given,
    When,
    Then,
    WhenThen,
}

pub type StepFn = cucumber::Step<HarnessWorld>;

/// Wrap `handler` (an async fn taking the world and the regex captures) as a cucumber step.
macro_rules! step {
    ($handler:path) => {{
        fn wrapper<'a>(
            w: &'a mut $crate::run::world::HarnessWorld,
            ctx: cucumber::step::Context,
        ) -> futures::future::LocalBoxFuture<'a, ()> {
            Box::pin(async move {
                let args: Vec<String> = ctx.matches.into_iter().skip(1).map(|(_, v)| v).collect();
                if let Err(reason) = $handler(w, &args).await {
                    let text = w.failure(reason);
                    $crate::run::panics::fail_step(text);
                }
            })
        }
        wrapper as $crate::run::steps::StepFn
    }};
}
pub(crate) use step;

/// All steps of the vocabulary.
pub fn collection() -> Collection<HarnessWorld> {
    let mut all: Vec<(Kinds, &'static str, StepFn)> = Vec::new();
    all.extend(fixtures::steps());
    all.extend(calls::steps());
    all.extend(concurrency::steps());
    all.extend(results::steps());
    all.extend(listing::steps());
    all.extend(disk::steps());
    all.extend(audit::steps());
    all.extend(http::steps());
    all.extend(roots::steps());
    all.extend(attack::steps());
    all.extend(stdio::steps());
    let mut c = Collection::new();
    for (kinds, re, f) in all {
        // The patterns are literals in this crate; a bad one is a bug caught by the tests.
        let Ok(re) = Regex::new(re) else {
            continue;
        };
        match kinds {
            Kinds::Given => c = c.given(None, re, f),
            Kinds::When => c = c.when(None, re, f),
            Kinds::Then => c = c.then(None, re, f),
            Kinds::WhenThen => c = c.when(None, re.clone(), f).then(None, re, f),
        }
    }
    c
}

/// Parse a JSON literal argument.
pub fn json_arg(s: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(s).map_err(|e| format!("internal: step argument {s} is not JSON: {e}"))
}

/// Parse a JSON string literal argument.
pub fn json_string(s: &str) -> Result<String, String> {
    match json_arg(s)? {
        serde_json::Value::String(t) => Ok(t),
        other => Err(format!(
            "internal: step argument {other} is not a JSON string"
        )),
    }
}

/// Parse a JSON array of strings.
pub fn json_strings(s: &str) -> Result<Vec<String>, String> {
    match json_arg(s)? {
        serde_json::Value::Array(a) => a
            .into_iter()
            .map(|v| match v {
                serde_json::Value::String(t) => Ok(t),
                other => Err(format!("internal: {other} in {s} is not a string")),
            })
            .collect(),
        other => Err(format!(
            "internal: step argument {other} is not a JSON array"
        )),
    }
}

/// `0o640` → 0o640.
pub fn mode_arg(s: &str) -> Result<u32, String> {
    u32::from_str_radix(s.trim_start_matches("0o"), 8)
        .map_err(|_| format!("internal: bad mode {s}"))
}

pub fn arg(args: &[String], i: usize) -> Result<&str, String> {
    args.get(i)
        .map(String::as_str)
        .ok_or_else(|| format!("internal: missing capture {i}"))
}

/// Show a byte string readably in a message.
pub fn show_bytes(b: &[u8]) -> String {
    match std::str::from_utf8(b) {
        Ok(s) => super::exchange::clip(&format!("{s:?}"), 600),
        Err(_) => format!("{} bytes, not UTF-8", b.len()),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_step_pattern_compiles_and_is_anchored() {
        let all = [
            super::fixtures::steps(),
            super::calls::steps(),
            super::concurrency::steps(),
            super::results::steps(),
            super::listing::steps(),
            super::disk::steps(),
            super::roots::steps(),
            super::attack::steps(),
        ];
        for (_, re, _) in all.iter().flatten() {
            assert!(regex::Regex::new(re).is_ok(), "{re}");
            assert!(re.starts_with('^') && re.ends_with('$'), "{re}");
        }
    }
}
