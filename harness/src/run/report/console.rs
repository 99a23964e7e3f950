//! Console output: one block per failing case (or one line for a failure the baseline
//! expects), the end-of-run summary per requirement, what to fix first, and the totals.
//!
//! Text is styled with ANSI codes (`anstyle`); it is printed through `anstream`, which
//! drops them when the stream is not a terminal or `NO_COLOR` is set.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use anstyle::{AnsiColor, Style};

use super::severity::Severity;
pub use super::totals::{Totals, plural};
use super::verdict::{self, Baselined, RunVerdict};
use crate::catalogue::Catalogue;
use crate::run::outcome::{CaseResult, Level, Outcome};

pub const RED: Style = AnsiColor::Red.on_default().bold();
pub const GREEN: Style = AnsiColor::Green.on_default();
pub const YELLOW: Style = AnsiColor::Yellow.on_default();
pub const BOLD: Style = Style::new().bold();
pub const DIM: Style = Style::new().dimmed();

/// `text` in `style` (plain once `anstream` strips the codes).
pub fn paint(style: Style, text: &str) -> String {
    format!("{style}{text}{style:#}")
}

/// Longest line a failure block shows whole without `--verbose`; a longer one is cut to
/// `LINE_CUT` characters (not just short of the limit, which would save nothing).
const LINE_LIMIT: usize = 400;
const LINE_CUT: usize = 300;

/// Methods of the start-up handshake, folded in a failure block without `--verbose`.
const HANDSHAKE: [&str; 3] = ["initialize", "notifications/initialized", "server/discover"];

/// A failing case: ids, the failing step, the reason, the exchange of the failing call
/// (its handshake folded unless `verbose`) and the server's stderr.
pub fn failure_block(r: &CaseResult, note: Option<&str>, verbose: bool) -> String {
    let Outcome::Failed { step, message } = &r.outcome else {
        return String::new();
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} {} ({}, {}{}; covers {})",
        paint(RED, "FAIL"),
        paint(BOLD, &r.scenario),
        r.feature,
        r.level.as_str(),
        if r.clarification {
            ", clarification"
        } else {
            ""
        },
        if r.covers.is_empty() {
            "-".to_string()
        } else {
            r.covers.join(", ")
        }
    );
    if let Some(n) = note {
        let _ = writeln!(out, "  note: {n}");
    }
    let _ = writeln!(out, "  step: {step}");
    for line in fold_message(message, verbose) {
        let _ = writeln!(out, "  {line}");
    }
    out.push('\n');
    out
}

/// A failure the baseline expects: one line, the reason's first line.
pub fn expected_line(r: &CaseResult) -> String {
    let reason = match &r.outcome {
        Outcome::Failed { message, .. } => message.lines().next().unwrap_or(""),
        _ => "",
    };
    format!(
        "{} {} (expected by the baseline): {}\n",
        paint(YELLOW, "XFAIL"),
        r.case_id,
        clip_line(reason, 160, "")
    )
}

/// `line` cut at `limit` characters, saying how many were left out.
fn clip_line(line: &str, limit: usize, hint: &str) -> String {
    let n = line.chars().count();
    if n <= limit {
        return line.to_string();
    }
    let cut = if limit == LINE_LIMIT { LINE_CUT } else { limit };
    let head: String = line.chars().take(cut).collect();
    format!("{head}… ({} more characters{hint})", n - cut)
}

/// The method a transcript line (`    -> {...}`) names, if any.
fn method_of(line: &str) -> Option<&str> {
    let rest = &line[line.find("\"method\":\"")? + 10..];
    rest.split('"').next()
}

fn is_transcript(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with("-> ") || t.starts_with("<- ")
}

/// The failure message as shown: without `verbose`, the handshake that opens a transcript
/// is one line (unless the failure is in the handshake itself, or the server wrote
/// something that is not JSON-RPC there), and long lines are cut.
pub fn fold_message(message: &str, verbose: bool) -> Vec<String> {
    if verbose {
        return message.lines().map(str::to_string).collect();
    }
    let hint = "; --verbose shows all";
    let mut out = Vec::new();
    let mut held: Vec<&str> = Vec::new();
    let mut in_handshake = false;
    for line in message.lines() {
        if !is_transcript(line) {
            out.extend(
                held.drain(..)
                    .map(|l| clip_line(&fold_meta(l), LINE_LIMIT, hint)),
            );
            in_handshake = line.trim_end().ends_with("exchange of the step:")
                || line.trim_end().ends_with("exchange:");
            out.push(clip_line(line, LINE_LIMIT, hint));
            continue;
        }
        if in_handshake {
            let noise = line.contains("(not JSON)") || line.contains("(malformed)");
            let call = line.trim_start().starts_with("-> ")
                && method_of(line).is_some_and(|m| !HANDSHAKE.contains(&m));
            if call || noise {
                in_handshake = false;
                if !held.is_empty() && !noise {
                    out.push(format!(
                        "    {}",
                        paint(
                            DIM,
                            &format!(
                                "(the handshake, {}, folded{hint})",
                                plural(held.len(), "message", "messages")
                            )
                        )
                    ));
                    held.clear();
                }
                out.extend(
                    held.drain(..)
                        .map(|l| clip_line(&fold_meta(l), LINE_LIMIT, hint)),
                );
            } else {
                held.push(line);
                continue;
            }
        }
        out.push(clip_line(&fold_meta(line), LINE_LIMIT, hint));
    }
    out.extend(
        held.drain(..)
            .map(|l| clip_line(&fold_meta(l), LINE_LIMIT, hint)),
    );
    fold_long_runs(out, hint)
}

/// The message as the HTML page shows it: whole lines (the page pretty-prints them), but
/// each request's `_meta` and the middle of a long exchange folded, so that a page of 500
/// cases, races among them, stays a reasonable size.
pub fn fold_for_page(message: &str) -> String {
    let lines = message.lines().map(fold_meta).collect();
    let hint = "; a console run with --verbose shows all";
    let folded = fold_long_runs(lines, hint);
    anstream::adapter::strip_str(&folded.join("\n")).to_string()
}

/// A request's `"_meta":{...}` (the client's capabilities, info and protocol version, some
/// 230 characters the same in every request) folded to `"_meta":{…}`; `--verbose` shows it.
pub fn fold_meta(line: &str) -> String {
    const KEY: &str = "\"_meta\":{";
    let Some(at) = line.find(KEY).filter(|_| is_transcript(line)) else {
        return line.to_string();
    };
    let open = at + KEY.len() - 1;
    match object_end(&line[open..]) {
        Some(len) => format!(
            "{}{{…}}{}",
            &line[..at + KEY.len() - 1],
            &line[open + len..]
        ),
        None => line.to_string(),
    }
}

/// The length of the JSON object `s` starts with (through its closing brace), strings
/// and their escapes skipped; `None` when it does not close.
fn object_end(s: &str) -> Option<usize> {
    let (mut depth, mut in_string, mut escaped) = (0usize, false, false);
    for (i, c) in s.char_indices() {
        if in_string {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Transcript lines kept at the start and at the end of a long exchange (a race makes
/// hundreds of calls; the failure message already quotes the reply that matters).
const RUN_HEAD: usize = 6;
const RUN_TAIL: usize = 20;

/// Transcript lines kept on each side of a line that shows the leaked text.
const NEIGHBOURS: usize = 3;

/// The text the failure says a reply showed (`shows "X"`, as a race's or a read's failure
/// puts it): the line that holds it is the call to keep in view when its run is folded.
fn leaked_text(lines: &[String]) -> Option<String> {
    lines.iter().filter(|l| !is_transcript(l)).find_map(|l| {
        let rest = &l[l.find("shows \"")? + 7..];
        let text = &rest[..rest.find('"')?];
        (!text.is_empty()).then(|| text.to_string())
    })
}

/// Which lines of a long run stay in view: its first ones and, when a line shows the
/// leaked text, that line with its neighbours and the run's last line; otherwise its
/// last ones (a race makes hundreds of calls, and the one that leaked is what matters).
fn kept_lines(run: &[String], leaked: Option<&str>) -> Vec<bool> {
    let mut keep = vec![false; run.len()];
    keep[..RUN_HEAD].iter_mut().for_each(|k| *k = true);
    let hits: Vec<usize> = leaked
        .map(|t| (0..run.len()).filter(|&i| run[i].contains(t)).collect())
        .unwrap_or_default();
    if hits.is_empty() {
        keep[run.len() - RUN_TAIL..]
            .iter_mut()
            .for_each(|k| *k = true);
        return keep;
    }
    for i in hits.into_iter().take(3) {
        let end = (i + NEIGHBOURS + 1).min(run.len());
        keep[i.saturating_sub(NEIGHBOURS)..end]
            .iter_mut()
            .for_each(|k| *k = true);
    }
    keep[run.len() - 1] = true;
    keep
}

/// Every run of more than `RUN_HEAD + RUN_TAIL` transcript lines, folded to the lines
/// `kept_lines` keeps, each gap one line that says how many were left out.
fn fold_long_runs(lines: Vec<String>, hint: &str) -> Vec<String> {
    let leaked = leaked_text(&lines);
    let mut out = Vec::with_capacity(lines.len());
    let mut run: Vec<String> = Vec::new();
    let flush = |run: &mut Vec<String>, out: &mut Vec<String>| {
        if run.len() <= RUN_HEAD + RUN_TAIL {
            out.append(run);
            return;
        }
        let keep = kept_lines(run, leaked.as_deref());
        let indent: String = run[0].chars().take_while(|c| c.is_whitespace()).collect();
        let mut gap = 0;
        for (line, kept) in run.drain(..).zip(keep) {
            if !kept {
                gap += 1;
                continue;
            }
            if gap > 0 {
                let what = format!("({} folded{hint})", plural(gap, "message", "messages"));
                out.push(format!("{indent}{}", paint(DIM, &what)));
                gap = 0;
            }
            out.push(line);
        }
    };
    for line in lines {
        if is_transcript(&line) {
            run.push(line);
        } else {
            flush(&mut run, &mut out);
            out.push(line);
        }
    }
    flush(&mut run, &mut out);
    out
}

/// Per requirement (or clarification) id: level, passed, failed and skipped case ids.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub level: Option<Level>,
    pub passed: Vec<String>,
    pub failed: Vec<String>,
    /// Cases not run (an operation the interface lacks, another transport): a row of
    /// skipped cases alone tested nothing, and the summary says so.
    pub skipped: Vec<String>,
}

/// Group the results by covered id (ids sorted).
pub fn tally<'a>(results: impl IntoIterator<Item = &'a CaseResult>) -> BTreeMap<String, Tally> {
    let mut map: BTreeMap<String, Tally> = BTreeMap::new();
    for r in results {
        for id in &r.covers {
            let t = map.entry(id.clone()).or_default();
            if r.skipped() {
                t.skipped.push(r.case_id.clone());
                continue;
            }
            t.level = Some(t.level.map_or(r.level, |l| l.max(r.level)));
            if r.passed() {
                t.passed.push(r.case_id.clone());
            } else {
                t.failed.push(r.case_id.clone());
            }
        }
    }
    map
}

/// Whether `id` is one of our clarifications: from the catalogue, or, for foreign
/// features, by its spelling (CLR-001, FS-CLR-01, LH-CLR-02, ...).
pub fn is_clarification_id(id: &str, catalogue: Option<&Catalogue>) -> bool {
    match catalogue {
        Some(c) => c.clarification_of(id).is_some(),
        None => id.starts_with("CLR-") || id.contains("-CLR-"),
    }
}

/// The summary printed at the end of a run: upstream requirements first, counted on the
/// core cases alone (a clarification case that covers a requirement too is a choice of
/// ours, so its failure shows under its clarification, not as a break of the source), then
/// our clarifications apart, as in the Markdown report. A row whose failures the baseline
/// all expects says XFAIL, so a fully baselined run shows no FAIL. Each id shows its own
/// level from the catalogue (the level `list` and the report show), not the level of the
/// cases covering it; without a catalogue (foreign features) the cases' level stands in.
pub fn summary(
    results: &[CaseResult],
    catalogue: Option<&Catalogue>,
    expected: &dyn Fn(&str) -> bool,
) -> String {
    let mut out = String::new();
    let level = |id: &str, t: &Tally| {
        catalogue
            .and_then(|c| c.entry(id))
            .map(|e| e.level())
            .or(t.level)
            .map_or("", Level::as_str)
    };
    let core = tally(results.iter().filter(|r| !r.clarification));
    let all = tally(results);
    let groups = [
        (
            "Summary per upstream requirement (core cases):",
            false,
            &core,
        ),
        (
            "Summary per clarification (our decisions; a server that chose otherwise may still \
             follow the upstream):",
            true,
            &all,
        ),
    ];
    for (title, clarifications, t) in groups {
        let rows: Vec<_> = t
            .iter()
            .filter(|(id, _)| is_clarification_id(id, catalogue) == clarifications)
            .collect();
        if rows.is_empty() {
            continue;
        }
        let _ = writeln!(out, "{title}");
        for (id, t) in rows {
            let _ = write!(
                out,
                "  {} {id:<9} {:<6} {:>3} passed {:>3} failed",
                row_status(t, expected),
                level(id, t),
                t.passed.len(),
                t.failed.len()
            );
            if !t.failed.is_empty() {
                let _ = write!(out, "  ({})", t.failed.join(", "));
            }
            if !t.skipped.is_empty() {
                let nothing = t.passed.is_empty() && t.failed.is_empty();
                let _ = write!(
                    out,
                    "  {} skipped{}",
                    t.skipped.len(),
                    if nothing { ": nothing tested" } else { "" }
                );
            }
            out.push('\n');
        }
    }
    out
}

/// `ok`, `FAIL`, `XFAIL` when the baseline expects every failure of the row, or `skip`
/// when none of its cases ran.
fn row_status(t: &Tally, expected: &dyn Fn(&str) -> bool) -> String {
    if t.passed.is_empty() && t.failed.is_empty() {
        paint(DIM, "skip ")
    } else if t.failed.is_empty() {
        paint(GREEN, "ok   ")
    } else if t.failed.iter().all(|id| expected(id)) {
        paint(YELLOW, "XFAIL")
    } else {
        paint(RED, "FAIL ")
    }
}

/// The headline: one line per severity class that failed, most severe first; empty when
/// nothing failed.
pub fn headline(verdict: &RunVerdict) -> String {
    let lines = verdict.headline();
    if lines.is_empty() {
        return String::new();
    }
    let mut out = format!("\n{}\n", paint(BOLD, "Headline:"));
    for (line, sev) in lines.iter().zip(failed_classes(verdict)) {
        let style = if sev <= Severity::Hung { RED } else { YELLOW };
        let _ = writeln!(out, "  {}", paint(style, line));
    }
    out.push('\n');
    out
}

/// The coverage sentence (which of the server's tools no case tried), yellow when an
/// untested tool is a side door around confinement; empty when the run does not know it.
pub fn coverage(verdict: &RunVerdict) -> String {
    let Some(sentence) = verdict.coverage_sentence() else {
        return String::new();
    };
    let doors = verdict
        .coverage
        .as_ref()
        .is_some_and(|c| c.side_doors().next().is_some())
        || !verdict.gaps.is_empty();
    let style = if doors { YELLOW } else { Style::new() };
    let mut out = format!("{}\n", paint(style, &sentence));
    if let Some(places) = &verdict.places {
        let _ = writeln!(out, "{places}");
    }
    out
}

/// The severity classes that failed, in the headline's order.
fn failed_classes(verdict: &RunVerdict) -> Vec<Severity> {
    Severity::ALL
        .into_iter()
        .filter(|s| verdict.failures().any(|c| c.severity == Some(*s)))
        .collect()
}

/// What to fix first: each cause (failures of one class and one check), most severe first
/// and, within a class, the most shared first, with the case that shows it, what was
/// expected and what came, and the command that reruns just that case; then how to set the
/// choices aside (never an escape: FSC-ROOTS-013, HARD-004 are clarification cases too),
/// and the failures the baseline expects. Empty when nothing failed.
pub fn fix_first(verdict: &RunVerdict, profile: &str, args: &[String]) -> String {
    let expected: Vec<&str> = verdict
        .failures()
        .filter(|c| c.baseline == Baselined::Expected)
        .map(|c| c.result.case_id.as_str())
        .collect();
    let causes = verdict.fix_first();
    if causes.is_empty() && expected.is_empty() {
        return String::new();
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{}",
        paint(BOLD, &format!("What to fix first ({profile}):"))
    );
    for (i, cause) in causes.iter().enumerate() {
        let style = if cause.severity <= Severity::Hung {
            RED
        } else {
            YELLOW
        };
        let ids: Vec<&str> = cause.cases.iter().map(|r| r.case_id.as_str()).collect();
        let _ = writeln!(
            out,
            "  {}. {} ({}: {})",
            i + 1,
            paint(style, &cause.title),
            plural(cause.cases.len(), "case", "cases"),
            ids.join(", ")
        );
        let (want, got) = cause.expected_actual();
        let ex = cause.example();
        let _ = writeln!(out, "     shown by: {}", ex.scenario);
        let _ = writeln!(out, "     expected: {want}");
        // A result quoted as JSON is folded: its failure block above shows it whole.
        let actual = match verdict::shorten_actual(&got, 160) {
            Some((shown, _)) if shown.ends_with("{…}") => {
                format!("{shown} (the failure block above shows it)")
            }
            _ => clip_line(&got, 160, ""),
        };
        let _ = writeln!(out, "     actual:   {actual}");
        let _ = writeln!(out, "     rerun:    {}", verdict::rerun(args, &ex.case_id));
    }
    let choices = verdict.open_choices();
    if !choices.is_empty() {
        let ids: Vec<&str> = choices.iter().map(|r| r.case_id.as_str()).collect();
        let _ = writeln!(
            out,
            "  {} our choices where the source is silent (a server may choose otherwise); \
             to set them aside, list their ids in a file given to --expect-fail: {}",
            plural(choices.len(), "failure is one of", "failures are"),
            ids.join(", ")
        );
    }
    if !expected.is_empty() {
        let _ = writeln!(
            out,
            "  {} expected by the baseline (not counted): {}",
            plural(expected.len(), "failure", "failures"),
            expected.join(", ")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn failed(id: &str, tags: &[&str]) -> CaseResult {
        let tags: Vec<String> = tags.iter().map(|t| t.to_string()).collect();
        let mut r = CaseResult::describe("a.feature", &format!("{id} does a thing"), &tags);
        r.outcome = Outcome::Failed {
            step: "Then it works".into(),
            message: "expected 4, got 3".into(),
        };
        r
    }

    fn plain(s: &str) -> String {
        anstream::adapter::strip_str(s).to_string()
    }

    #[test]
    fn the_handshake_is_folded_and_the_call_shown() {
        let msg = "expected 4, got 3\n  JSON-RPC exchange of the step:\n    \
                   -> {\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\"}\n    \
                   <- {\"jsonrpc\":\"2.0\",\"id\":0,\"result\":{}}\n    \
                   -> {\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n    \
                   -> {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\"}\n    \
                   <- {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}";
        let folded = plain(&fold_message(msg, false).join("\n"));
        assert!(
            folded.contains("(the handshake, 3 messages, folded"),
            "{folded}"
        );
        assert!(!folded.contains("\"initialize\""), "{folded}");
        assert!(folded.contains("tools/call"), "{folded}");
        let all = fold_message(msg, true).join("\n");
        assert!(all.contains("\"initialize\""), "{all}");
    }

    #[test]
    fn a_long_exchange_keeps_its_first_and_last_messages() {
        let mut msg = String::from("reply 90 shows the bait\n  JSON-RPC exchange of the step:");
        for i in 1..=100 {
            msg.push_str(&format!(
                "\n    -> {{\"id\":{i},\"method\":\"tools/call\"}}"
            ));
        }
        msg.push_str("\n  server stderr (tail):\n    started");
        let folded = plain(&fold_message(&msg, false).join("\n"));
        assert!(folded.contains("\"id\":6,"), "{folded}");
        assert!(!folded.contains("\"id\":7,"), "{folded}");
        assert!(
            folded.contains("(74 messages folded; --verbose shows all)"),
            "{folded}"
        );
        assert!(
            folded.contains("\"id\":81,") && folded.contains("\"id\":100,"),
            "{folded}"
        );
        assert!(!folded.contains("\"id\":80,"), "{folded}");
        assert!(folded.ends_with("started"), "{folded}");
        assert!(fold_message(&msg, true).join("\n").contains("\"id\":50,"));
    }

    #[test]
    fn a_long_exchange_keeps_the_call_that_leaked_and_its_neighbours() {
        let mut msg = String::from(
            "reply 51 of 100 calls shows \"outside-bait\"\n  JSON-RPC exchange of the step:",
        );
        for i in 1..=100 {
            let text = if i == 51 { "outside-bait" } else { "inside" };
            msg.push_str(&format!("\n    <- {{\"id\":{i},\"text\":\"{text}\"}}"));
        }
        let folded = plain(&fold_message(&msg, false).join("\n"));
        for id in [1, 6, 48, 51, 54, 100] {
            assert!(folded.contains(&format!("\"id\":{id},")), "{id}: {folded}");
        }
        for id in [7, 47, 55, 81, 99] {
            assert!(!folded.contains(&format!("\"id\":{id},")), "{id}: {folded}");
        }
        assert!(folded.contains("(41 messages folded"), "{folded}");
        assert!(folded.contains("(45 messages folded"), "{folded}");
    }

    #[test]
    fn a_failure_in_the_handshake_or_noise_is_not_folded() {
        let msg = "no answer\n  exchange:\n    -> {\"method\":\"initialize\"}";
        assert!(fold_message(msg, false).join("\n").contains("initialize"));
        let msg = "bad\n  JSON-RPC exchange of the step:\n    \
                   -> {\"method\":\"initialize\"}\n    <- (not JSON) hello";
        let shown = fold_message(msg, false).join("\n");
        assert!(
            shown.contains("initialize") && shown.contains("hello"),
            "{shown}"
        );
    }

    #[test]
    fn the_meta_of_a_request_is_folded_unless_verbose() {
        let line = "    -> {\"id\":2,\"method\":\"tools/call\",\"params\":{\"_meta\":{\"a\":{\"b\":\"}{\\\"\"},\"c\":1},\
                    \"arguments\":{\"path\":\"x\"}}}";
        assert_eq!(
            fold_meta(line),
            "    -> {\"id\":2,\"method\":\"tools/call\",\"params\":{\"_meta\":{…},\"arguments\":{\"path\":\"x\"}}}"
        );
        let msg = format!("bad\n  JSON-RPC exchange of the step:\n{line}");
        assert!(!fold_message(&msg, false).join("\n").contains("\"c\":1"));
        assert!(fold_message(&msg, true).join("\n").contains("\"c\":1"));
        assert_eq!(fold_meta("-> {\"_meta\":{"), "-> {\"_meta\":{");
    }

    #[test]
    fn long_lines_are_cut_unless_verbose() {
        let long = "x".repeat(1200);
        let shown = plain(&fold_message(&long, false).join("\n"));
        assert!(shown.len() < 400, "{shown}");
        assert!(
            shown.contains("900 more characters; --verbose shows all"),
            "{shown}"
        );
        assert_eq!(fold_message(&long, true), vec![long]);
    }

    #[test]
    fn causes_come_by_severity_and_an_escape_is_never_a_choice() {
        let mut escape = failed("ES-1", &["must", "CLR-002", "clarification"]);
        escape.steps =
            vec!["the client calls \"read_file\" with {\"path\":\"${outside}/s\"}".into()];
        escape.outcome = Outcome::Failed {
            step: "Then the call fails".into(),
            message: format!(
                "the call succeeded but should have failed; result: {{\"text\":\"{}\"}}; {}",
                "=".repeat(200),
                crate::run::report::severity::BAIT_SHOWN
            ),
        };
        let results = [
            failed("CL-1", &["must", "CLR-001", "clarification"]),
            failed("CO-1", &["must", "MCP-001"]),
            failed("XF-1", &["must", "MCP-002"]),
            escape,
        ];
        let baseline = crate::run::report::expect_fail::Baseline::parse("XF-1\n");
        let v = RunVerdict::of(&results, &baseline, false, &Default::default(), 0, false);
        let args = vec!["run".to_string(), "--html".into(), "x.html".into()];
        let text = plain(&fix_first(&v, "rootspace", &args));
        let escape = text.find("1. Confinement: data read").expect(&text);
        let core = text.find("2. Wrong answer").expect(&text);
        let clar = text.find("3. A choice").expect(&text);
        let base = text
            .find("1 failure expected by the baseline (not counted): XF-1")
            .expect(&text);
        assert!(escape < core && core < clar && clar < base, "{text}");
        assert!(!text.contains("--tags 'not @clarification'"), "{text}");
        assert!(
            text.contains("list their ids in a file given to --expect-fail: CL-1\n"),
            "only the choice may be set aside: {text}"
        );
        assert!(
            text.contains("rerun:    mcp-harness run --name '^CO-1 '"),
            "{text}"
        );
        assert!(text.contains("actual:   expected 4, got 3"), "{text}");
        // A long result quoted as JSON is folded, not cut inside a run of `=`.
        assert!(
            text.contains(
                "actual:   the call succeeded but should have failed; result: {…} (the failure \
                 block above shows it)"
            ),
            "{text}"
        );
        let head = plain(&headline(&v));
        assert!(head.contains("Confinement: 1 way out"), "{head}");
        let none = RunVerdict::of(
            &results[..0],
            &baseline,
            false,
            &Default::default(),
            0,
            false,
        );
        assert!(fix_first(&none, "rootspace", &args).is_empty());
    }

    #[test]
    fn the_summary_counts_core_cases_and_marks_what_the_baseline_expects() {
        let results = [
            failed("CL-1", &["must", "MCP-001", "CLR-001", "clarification"]),
            failed("CO-1", &["must", "MCP-002"]),
            failed("XF-1", &["must", "MCP-003"]),
        ];
        let text = plain(&summary(&results, None, &|id| id == "XF-1"));
        let clar = text.find("Summary per clarification").expect(&text);
        let (upstream, clarifications) = text.split_at(clar);
        // The clarification case's failure shows under CLR-001 only.
        assert!(!upstream.contains("MCP-001"), "{text}");
        assert!(clarifications.contains("FAIL  CLR-001"), "{text}");
        assert!(upstream.contains("FAIL  MCP-002"), "{text}");
        assert!(upstream.contains("XFAIL MCP-003"), "{text}");
        let all_expected = plain(&summary(&results, None, &|_| true));
        assert!(
            !all_expected
                .lines()
                .any(|l| l.trim_start().starts_with("FAIL")),
            "{all_expected}"
        );
        assert_eq!(all_expected.matches("XFAIL").count(), 3, "{all_expected}");
    }
}
