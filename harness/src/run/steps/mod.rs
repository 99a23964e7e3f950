//! Step handlers, grouped by domain; each module pairs its handlers with their forms in
//! the step vocabulary (`catalogue::vocabulary`), whose templates give the matchers.
//!
//! Why the pairing is here and not at the template: cucumber-rs puts a matcher at its
//! handler only through its `#[given]`/`#[when]`/`#[then]` attributes (cucumber-codegen,
//! which this crate leaves out), and those take a string literal, parsed when the macro
//! expands, so they cannot take a template defined elsewhere or a regex derived from one:
//! each sentence would be written twice. And a handler in the vocabulary's `Form` is a
//! `cucumber::Step<HarnessWorld>`, so `catalogue`, which the generator, the validator and
//! the lints use without any server, would import the runner's World, and `catalogue` and
//! `run` would import each other. So a form is defined once, in the vocabulary, registered
//! once, here, and `every_form_has_exactly_one_handler` fails on a form with no handler or
//! with two.
//!
//! Steps are plain `async fn(&mut HarnessWorld, &[String]) -> Result<(), String>`; the
//! `step!` macro wraps each into cucumber's function-pointer form and turns an `Err` into
//! the step failure (cucumber's only failure channel is a panic, whose message carries
//! the reason, the JSON-RPC exchange and the server's stderr).

pub mod attack;
pub mod audit;
pub mod calls;
pub mod concurrency;
pub mod disk;
pub mod fixtures;
pub mod http;
pub mod listing;
pub mod results;
pub mod roots;
pub mod stdio;
pub mod sweep;

use cucumber::step::Collection;

use super::world::HarnessWorld;
use crate::catalogue::vocabulary::{Form, Keyword};

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
                    if let Some(why) = $crate::run::panics::not_tested_reason(&reason) {
                        $crate::run::panics::skip_step(why);
                    }
                    let text = w.failure(reason);
                    $crate::run::panics::fail_step(text);
                }
            })
        }
        wrapper as $crate::run::steps::StepFn
    }};
}
pub(crate) use step;

/// Every step form of the vocabulary with its handler.
pub fn handlers() -> Vec<(Form, StepFn)> {
    [
        fixtures::steps(),
        calls::steps(),
        concurrency::steps(),
        results::steps(),
        listing::steps(),
        disk::steps(),
        audit::steps(),
        http::steps(),
        roots::steps(),
        attack::steps(),
        stdio::steps(),
        sweep::steps(),
    ]
    .concat()
}

/// All steps of the vocabulary, each matched by the regex its template derives.
///
/// # Panics
/// On a bad template: the vocabulary is fixed at build time and its tests compile every
/// template, so this is a bug that must not pass unnoticed.
pub fn collection() -> Collection<HarnessWorld> {
    let mut c = Collection::new();
    for (form, f) in handlers() {
        let re = form.regex().unwrap_or_else(|e| panic!("{e}"));
        c = match form.keyword {
            Keyword::Given => c.given(None, re, f),
            Keyword::When => c.when(None, re, f),
            Keyword::Then => c.then(None, re, f),
            Keyword::WhenThen => c.when(None, re.clone(), f).then(None, re, f),
        };
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

/// Show a byte string readably in a message; a long one only by its beginning and size,
/// clipped before it is escaped (a 10 MB text is never copied whole into a message).
pub fn show_bytes(b: &[u8]) -> String {
    const SHOWN: usize = 600;
    match std::str::from_utf8(b) {
        Ok(s) if s.len() <= SHOWN => crate::reply::clip(&format!("{s:?}"), SHOWN),
        Ok(s) => {
            let head = crate::reply::clip(&format!("{:?}", &s[..floor_char(s, SHOWN)]), SHOWN);
            format!("{head}... ({} bytes in all)", b.len())
        }
        Err(_) => format!("{} bytes, not UTF-8", b.len()),
    }
}

/// The largest char boundary of `s` at or below `at`.
fn floor_char(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

/// "expected X, got Y" for two texts that differ; for long ones the sizes and the first
/// difference with a little text around it (ROUND-014's 10 MB file), never the whole text.
pub fn show_mismatch(want: &[u8], got: &[u8]) -> String {
    if want.len() <= 600 && got.len() <= 600 {
        return format!("expected {}, got {}", show_bytes(want), show_bytes(got));
    }
    let at = want.iter().zip(got).take_while(|(a, b)| a == b).count();
    let line = want[..at].iter().filter(|&&c| c == b'\n').count() + 1;
    // Both agree before `at`; start on a character of theirs, not inside one.
    let mut from = at.saturating_sub(24);
    while from > 0 && want.get(from).is_some_and(|c| c & 0xC0 == 0x80) {
        from -= 1;
    }
    let around = |b: &[u8]| {
        let slice = &b[from.min(b.len())..(at + 40).min(b.len())];
        format!("{:?}", String::from_utf8_lossy(slice))
    };
    format!(
        "expected {} bytes, got {} bytes; they first differ at byte {at} (line {line}): from \
         byte {from} expected {}, got {}",
        want.len(),
        got.len(),
        around(want),
        around(got)
    )
}

#[cfg(test)]
mod tests {
    use crate::catalogue::{load_embedded_all, vocabulary};
    use crate::generate::scenario_steps;

    #[test]
    fn every_form_has_exactly_one_handler() {
        let registered: Vec<&str> = super::handlers().iter().map(|(f, _)| f.name).collect();
        for form in vocabulary::ALL {
            let n = registered.iter().filter(|name| **name == form.name).count();
            assert_eq!(n, 1, "{} is registered {n} times", form.name);
        }
        assert_eq!(registered.len(), vocabulary::ALL.len());
    }

    /// A 10 MB mismatch names the sizes and the first difference, never the whole text.
    #[test]
    fn a_long_mismatch_says_where_and_stays_short() {
        let want = "héllo ✓\n".repeat(100_000);
        let mut got = want.clone().into_bytes();
        got.truncate(1024 * 1024 + 1);
        let m = super::show_mismatch(want.as_bytes(), &got);
        assert!(m.len() < 400, "{m}");
        assert!(
            m.contains(&format!("expected {} bytes, got 1048577 bytes", want.len())),
            "{m}"
        );
        assert!(m.contains("first differ at byte 1048577"), "{m}");
        assert!(
            !m.contains("expected \"\u{fffd}"),
            "starts inside a character: {m}"
        );
        assert!(
            super::show_bytes(want.as_bytes()).ends_with(&format!("({} bytes in all)", want.len()))
        );
        assert_eq!(
            super::show_mismatch(b"a", b"b"),
            "expected \"a\", got \"b\""
        );
    }

    #[test]
    fn the_collection_builds() {
        super::collection();
    }

    /// A case for the forms the catalogue does not use today.
    const UNUSED_FORMS: &str = r#"
id: X-001
name: forms no catalogue case uses
covers: [X]
given: [{outside_file: s, base64: "AA=="}]
when: [{list_tools: {}}]
then: {tools: []}
"#;

    /// Every sentence of every case of every profile is matched by exactly one handler's
    /// form, under its keyword, and every form is written by some case.
    #[test]
    fn every_rendered_sentence_matches_exactly_one_handler() {
        let forms: Vec<_> = super::handlers()
            .into_iter()
            .map(|(f, _)| (f, f.regex().unwrap()))
            .collect();
        let mut used = std::collections::BTreeSet::new();
        let extra: crate::catalogue::Case = crate::catalogue::yaml::from_str(UNUSED_FORMS).unwrap();
        let catalogues = load_embedded_all().expect("the embedded catalogues load");
        let cases = catalogues
            .iter()
            .flat_map(|c| c.cases().map(|(_, case)| case));
        for case in cases.chain([&extra]) {
            let mut keyword = String::new();
            for line in scenario_steps(case) {
                let (word, sentence) = line.split_once(' ').unwrap();
                if word != "And" {
                    keyword = word.to_string();
                }
                let matching: Vec<_> = forms
                    .iter()
                    .filter(|(f, re)| f.keyword.admits(&keyword) && re.is_match(sentence))
                    .map(|(f, _)| f.name)
                    .collect();
                assert_eq!(
                    matching.len(),
                    1,
                    "{}: {line:?} matches {matching:?}",
                    case.id
                );
                used.insert(matching[0]);
            }
        }
        let unused: Vec<_> = forms
            .iter()
            .map(|(f, _)| f.name)
            .filter(|name| !used.contains(name))
            .collect();
        assert!(unused.is_empty(), "no case writes {unused:?}");
    }
}
