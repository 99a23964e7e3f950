//! The HTML report (`--html FILE`): one self-contained page (no external assets) with the
//! run's verdict and headline first, what to fix first, the totals, each failure with its
//! whole exchange grouped by severity (linked from its requirement rows), the requirement
//! matrix, and filters for core cases and clarifications. Results are words, never emoji
//! alone, so the page reads without an emoji font.
//!
//! The page's script marks the document when it has run (`data-script="ok"` on `<body>`,
//! with the rows each filter shows as `data-rows-<filter>`) and writes any error it meets
//! into `#script-errors`, so a headless browser can check it (`.ci/check-html-report.sh`).

use std::fmt::Write as _;

use super::console::{Tally, Totals, fold_for_page, is_clarification_id, tally};
use super::markdown::{RunFacts, Verdict};
use super::severity::Severity;
use super::verdict::{self, Baselined, CaseVerdict, RunVerdict};
use crate::catalogue::Catalogue;
use crate::run::outcome::{Level, Outcome};

/// Everything the page shows.
pub struct Page<'a> {
    pub verdict: &'a RunVerdict<'a>,
    pub catalogue: Option<&'a Catalogue>,
    pub facts: &'a RunFacts,
}

/// `s` with the five HTML special characters escaped.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;width:100%;margin:.5em 0 1.5em}\
td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}\
th{background:#f3f3f3}.pass{color:#176f2c}.fail{color:#b00020;font-weight:bold}\
.partly{color:#8a5a00}.norun,.na{color:#666}.totals span{margin-right:1.2em}\
pre{background:#f7f7f7;padding:.6em;overflow-x:auto;white-space:pre-wrap}\
details{margin:.4em 0}summary{cursor:pointer}.filters button{margin-right:.4em}\
.filters button.on{font-weight:bold}[hidden]{display:none}\
td:first-child,td.pass,td.fail,td.norun{white-space:nowrap}\
.verdict{font-size:1.3em;padding:.4em .7em;border-left:6px solid}\
.verdict.PASS{border-color:#176f2c;background:#eef8f0}\
.verdict.FAIL{border-color:#b00020;background:#fdeef0}\
.verdict.NOTHING,.verdict.INCOMPLETE{border-color:#8a5a00;background:#fff6e5}\
.xfail{color:#8a5a00}.sev-high{color:#b00020}.sev-low{color:#8a5a00}\
ol.fix li{margin-bottom:.6em}ol.fix code{background:#f3f3f3;padding:0 .2em}\
details.actual{margin:.2em 0}details.actual+br{display:none}\
#coverage.doors{border-left:6px solid #8a5a00;padding-left:.6em}";

/// Shows the rows and failures of the chosen kind, and counts what is shown.
const SCRIPT: &str = r#"
window.addEventListener('error', function (e) {
  var p = document.getElementById('script-errors');
  if (p) { p.textContent += (e.message || 'error') + '\n'; }
});
(function () {
  var items = document.querySelectorAll('[data-kind]');
  var buttons = document.querySelectorAll('.filters button');
  function show(kind) {
    var rows = 0;
    items.forEach(function (el) {
      el.hidden = !(kind === 'all' || el.getAttribute('data-kind') === kind);
      if (!el.hidden && el.tagName === 'TR') { rows += 1; }
    });
    buttons.forEach(function (b) {
      b.classList.toggle('on', b.getAttribute('data-show') === kind);
    });
    document.getElementById('shown').textContent = rows + ' rows shown';
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () { show(b.getAttribute('data-show')); });
  });
  // Each filter once, so that a headless browser can check what they show.
  ['core', 'clarification', 'all'].forEach(function (kind) {
    show(kind);
    document.body.setAttribute('data-rows-' + kind,
      document.getElementById('shown').textContent.split(' ')[0]);
  });
  document.body.setAttribute('data-script', 'ok');
})();
"#;

/// The whole page: the verdict and the headline first, what to fix first, the totals,
/// the failures grouped by severity, and the matrix.
pub fn render(p: &Page) -> String {
    let v = p.verdict;
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Conformance report: {}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>Conformance report</h1>\n",
        v.result.word()
    );
    let _ = writeln!(
        out,
        "<p id=\"verdict\" class=\"verdict {}\"><b>Result: {}</b></p>",
        v.result.word().split(' ').next().unwrap_or(""),
        escape(&v.sentence())
    );
    let _ = writeln!(
        out,
        "<p>Server: <code>{}</code> · protocol: {}{}</p>",
        escape(&p.facts.server),
        escape(&p.facts.protocol),
        if p.facts.strict {
            " · strict (SHOULD failures count)"
        } else {
            ""
        }
    );
    if let Some(sentence) = v.coverage_sentence() {
        // Marked when an untested tool is a side door around confinement.
        let doors = v
            .coverage
            .as_ref()
            .is_some_and(|c| c.side_doors().next().is_some());
        let _ = writeln!(
            out,
            "<p id=\"coverage\"{}>{}</p>",
            if doors { " class=\"doors\"" } else { "" },
            code_spans(&sentence)
        );
    }
    if let Some(places) = &v.places {
        let _ = writeln!(out, "<p id=\"places\">{}</p>", escape(places));
    }
    headline(&mut out, v);
    fix_first(&mut out, p);
    totals(&mut out, &v.totals);
    let _ = writeln!(
        out,
        "<p class=\"filters\">Show: <button data-show=\"all\">all</button>\
         <button data-show=\"core\">core (the source's requirements)</button>\
         <button data-show=\"clarification\">clarifications (our choices)</button> \
         <span id=\"shown\"></span></p>"
    );
    // The failures first: they are what a reader acts on.
    failures(&mut out, p);
    matrix(&mut out, p);
    let _ = write!(
        out,
        "<pre id=\"script-errors\" hidden></pre>\n<script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

/// `s` escaped, with each `name` in backticks set as code.
fn code_spans(s: &str) -> String {
    escape(s)
        .split('`')
        .enumerate()
        .map(|(i, part)| {
            if i % 2 == 1 {
                format!("<code>{part}</code>")
            } else {
                part.to_string()
            }
        })
        .collect()
}

/// The CSS class of a severity: the first five classes are grave.
fn sev_class(s: Severity) -> &'static str {
    if s <= Severity::Hung {
        "sev-high"
    } else {
        "sev-low"
    }
}

/// The id of a case's failure block, linked from its rows.
fn anchor(case_id: &str) -> String {
    format!("case-{}", escape(case_id))
}

fn headline(out: &mut String, v: &RunVerdict) {
    let lines = v.headline();
    if lines.is_empty() {
        return;
    }
    out.push_str("<ul id=\"headline\">\n");
    for (line, sev) in lines.iter().zip(
        Severity::ALL
            .into_iter()
            .filter(|s| v.failures().any(|c| c.severity == Some(*s))),
    ) {
        let _ = writeln!(
            out,
            "<li class=\"{}\">{}</li>",
            sev_class(sev),
            escape(line)
        );
    }
    out.push_str("</ul>\n");
}

fn fix_first(out: &mut String, p: &Page) {
    let causes = p.verdict.fix_first();
    if causes.is_empty() {
        return;
    }
    out.push_str("<h2>What to fix first</h2>\n<ol class=\"fix\" id=\"fix-first\">\n");
    for c in &causes {
        let (want, got) = c.expected_actual();
        let ex = c.example();
        let others: Vec<String> = c
            .cases
            .iter()
            .map(|r| {
                format!(
                    "<a href=\"#{}\">{}</a>",
                    anchor(&r.case_id),
                    escape(&r.case_id)
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "<li><b class=\"{}\">{}</b> ({} case{}: {})<br>Shown by <a href=\"#{}\">{}</a>: \
             expected <code>{}</code>; actual: {}<br>Rerun: <code>{}</code></li>",
            sev_class(c.severity),
            escape(&c.title),
            c.cases.len(),
            if c.cases.len() == 1 { "" } else { "s" },
            others.join(", "),
            anchor(&ex.case_id),
            escape(&ex.scenario),
            escape(&want),
            actual(&got),
            escape(&verdict::rerun(&p.facts.args, &ex.case_id))
        );
    }
    out.push_str("</ol>\n");
}

/// Longest "actual" shown whole in the list of causes.
const ACTUAL_SHOWN: usize = 160;

/// What a cause's example got: whole when short, else cut at a word with the whole text
/// (its JSON pretty-printed) folded beneath, as a diff of FSC-EDIT-008 runs to many lines.
fn actual(got: &str) -> String {
    let Some((shown, whole)) = verdict::shorten_actual(got, ACTUAL_SHOWN) else {
        return escape(got);
    };
    format!(
        "{}<details class=\"actual\"><summary>the whole text ({} characters)</summary>\
         <pre>{}</pre></details>",
        escape(&shown),
        got.chars().count(),
        escape(&whole)
    )
}

/// The figures of the console's totals line, each in an element with an id.
fn totals(out: &mut String, t: &Totals) {
    let figures = [
        ("scenarios", "scenarios", t.scenarios),
        ("passed", "passed", t.passed),
        ("failed", "failed", t.failed),
        ("counted", "counted against the run", t.counted),
        ("expected", "expected by the baseline", t.expected),
        ("skipped", "skipped", t.skipped_total()),
        ("stale", "stale baseline entries", t.stale),
    ];
    out.push_str("<p class=\"totals\">");
    for (id, label, n) in figures {
        let _ = write!(out, "<span><b id=\"count-{id}\">{n}</b> {label}</span>");
    }
    out.push_str("</p>\n");
}

fn row(out: &mut String, kind: &str, cells: &[String], verdict: &Verdict, cases: &str) {
    let _ = write!(out, "<tr data-kind=\"{kind}\">");
    for c in cells {
        let _ = write!(out, "<td>{c}</td>");
    }
    let _ = writeln!(
        out,
        "<td class=\"{}\">{}</td><td>{cases}</td></tr>",
        verdict.kind(),
        escape(&verdict.words())
    );
}

fn cases(t: Option<&Tally>, expected: &dyn Fn(&str) -> bool) -> String {
    let Some(t) = t else { return String::new() };
    let mut ids: Vec<String> = t
        .failed
        .iter()
        .map(|id| {
            let class = if expected(id) { "xfail" } else { "fail" };
            format!(
                "<a href=\"#{}\"><b class=\"{class}\">{}</b></a>",
                anchor(id),
                escape(id)
            )
        })
        .collect();
    ids.extend(t.passed.iter().map(|id| escape(id)));
    ids.join(", ")
}

/// The requirement matrix, upstream requirements and clarifications apart. Upstream rows
/// count core cases alone, as the console and the Markdown report do.
fn matrix(out: &mut String, p: &Page) {
    let v = p.verdict;
    let ran = || v.results.iter().filter(|r| !r.skipped());
    let core = tally(ran().filter(|r| !r.clarification));
    let t = tally(ran());
    let expected = |id: &str| v.expected(id);
    let cases = |tl: Option<&Tally>| cases(tl, &expected);
    out.push_str(
        "<h2>Requirements and clarifications</h2>\n<table>\n<tr><th>Id</th><th>Level</th>\
         <th>Statement or decision</th><th>Result</th><th>Cases (failing in bold)</th></tr>\n",
    );
    match p.catalogue {
        Some(cat) => {
            for r in &cat.requirements {
                let tl = core.get(&r.id);
                let v = Verdict::of(tl, r.not_applicable.as_deref(), r.unexercised.as_deref())
                    .with_baseline(tl, &expected);
                let cells = [escape(&r.id), r.level.to_string(), escape(&r.statement)];
                row(out, "core", &cells, &v, &cases(tl));
            }
            for c in &cat.clarifications {
                let tl = t.get(&c.id);
                let v =
                    Verdict::of(tl, None, c.unexercised.as_deref()).with_baseline(tl, &expected);
                let decision = format!("<b>{}</b>: {}", escape(&c.title), escape(&c.choice));
                let cells = [escape(&c.id), c.level.to_string(), decision];
                row(out, "clarification", &cells, &v, &cases(tl));
            }
        }
        None => {
            for (id, all) in &t {
                let (kind, tl) = if is_clarification_id(id, None) {
                    ("clarification", Some(all))
                } else {
                    ("core", core.get(id))
                };
                let level = all.level.map_or("", Level::as_str).to_string();
                let v = Verdict::of(tl, None, None).with_baseline(tl, &expected);
                row(
                    out,
                    kind,
                    &[escape(id), level, String::new()],
                    &v,
                    &cases(tl),
                );
            }
        }
    }
    out.push_str("</table>\n");
}

/// Each failure with its step and whole message (exchange and stderr included, JSON
/// pretty-printed), grouped by severity, most severe first.
fn failures(out: &mut String, p: &Page) {
    let v = p.verdict;
    let n = v.failures().count();
    let _ = writeln!(out, "<h2>Failures ({n})</h2>");
    if n == 0 {
        out.push_str("<p>None.</p>\n");
    }
    for sev in Severity::ALL {
        let of: Vec<&CaseVerdict> = v.failures().filter(|c| c.severity == Some(sev)).collect();
        if of.is_empty() {
            continue;
        }
        let _ = writeln!(
            out,
            "<h3 class=\"{}\" id=\"sev-{}\">{} ({})</h3>",
            sev_class(sev),
            sev.key(),
            escape(sev.title()),
            of.len()
        );
        for c in of {
            failure(out, c, p.facts.strict);
        }
    }
}

fn failure(out: &mut String, c: &CaseVerdict, strict: bool) {
    let r = c.result;
    let Outcome::Failed { step, message } = &r.outcome else {
        return;
    };
    let kind = if r.clarification {
        "clarification"
    } else {
        "core"
    };
    let (word, class) = if c.baseline == Baselined::Expected {
        ("XFAIL", "xfail")
    } else {
        ("FAIL", "fail")
    };
    let note = c
        .note(strict)
        .map_or(String::new(), |n| format!(" · {}", escape(n)));
    let _ = writeln!(
        out,
        "<details class=\"failure\" id=\"{}\" data-kind=\"{kind}\"><summary><span class=\"{class}\">\
         {word}</span> {} ({}, {}{}; covers {}){note}</summary>\n<pre>step: {}\n{}</pre>\
         </details>",
        anchor(&r.case_id),
        escape(&r.scenario),
        escape(&r.feature),
        r.level.as_str(),
        if r.clarification {
            ", clarification"
        } else {
            ""
        },
        escape(&r.covers.join(", ")),
        escape(step),
        escape(&pretty(&fold_for_page(message)))
    );
}

const FOLDED: &str = "\"_meta\":{…}";
/// A JSON string no message holds, as `serde_json` writes it.
const PLACEHOLDER: &str = "\"\\u0000folded\"";

/// The message with each JSON-RPC message of its exchange pretty-printed (indented under
/// its arrow), so a long request reads at a glance.
fn pretty(message: &str) -> String {
    let mut out = Vec::new();
    for line in message.lines() {
        let t = line.trim_start();
        let indent = &line[..line.len() - t.len()];
        let parsed = ["-> ", "<- "].iter().find_map(|arrow| {
            // A folded `_meta` (`{…}`) is not JSON: a placeholder stands in while parsing.
            let body = t
                .strip_prefix(arrow)?
                .replace(FOLDED, &format!("\"_meta\":{PLACEHOLDER}"));
            let v: serde_json::Value = serde_json::from_str(&body).ok()?;
            let text = serde_json::to_string_pretty(&v)
                .ok()?
                .replace(PLACEHOLDER, "{…}");
            Some(format!(
                "{indent}{arrow}{}",
                text.replace('\n', &format!("\n{indent}   "))
            ))
        });
        out.push(parsed.unwrap_or_else(|| line.to_string()));
    }
    out.join("\n")
}

/// The page of a run that stopped before any case, with the reason.
pub fn aborted(paragraph: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Conformance report</title>\n</head>\n<body>\n<h1>Conformance report</h1>\n\
         <p>No case was run.</p>\n<pre>{}</pre>\n</body>\n</html>\n",
        escape(paragraph)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::outcome::CaseResult;

    fn facts() -> RunFacts {
        RunFacts {
            server: "srv <x>".into(),
            protocol: "auto".into(),
            strict: false,
            args: vec!["run".into()],
        }
    }

    fn page_of(results: &[CaseResult], baseline: &str) -> String {
        let baseline = crate::run::report::expect_fail::Baseline::parse(baseline);
        let v = RunVerdict::of(results, &baseline, false, &Default::default(), 0, false);
        render(&Page {
            verdict: &v,
            catalogue: None,
            facts: &facts(),
        })
    }

    #[test]
    fn the_page_is_self_contained_and_escapes_what_it_quotes() {
        let mut failed = CaseResult::describe(
            "a.feature",
            "A-1 <b>bold</b> & more",
            &["must".into(), "MCP-001".into()],
        );
        failed.outcome = Outcome::Failed {
            step: "Then it works".into(),
            message: "-> {\"method\":\"tools/call\"}\n<- <script>alert(1)</script>".into(),
        };
        let results = [failed];
        let page = page_of(&results, "");
        assert!(
            page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{page}"
        );
        assert!(
            page.contains("A-1 &lt;b&gt;bold&lt;/b&gt; &amp; more"),
            "{page}"
        );
        assert!(page.contains("<b id=\"count-failed\">1</b>"), "{page}");
        assert!(page.contains("data-kind=\"core\""), "{page}");
        assert!(!page.contains("src="), "no external asset");
        // Links lead within the page: a failing row to its failure block.
        assert!(
            page.split("href=\"").skip(1).all(|h| h.starts_with('#')),
            "{page}"
        );
        assert!(page.contains("<a href=\"#case-A-1\">"), "{page}");
        assert!(page.contains("id=\"case-A-1\""), "{page}");
        assert!(
            page.contains("<b>Result: FAIL: 0 passed; 1 failed</b>"),
            "{page}"
        );
        assert_eq!(page.matches("<script>").count(), 1, "{page}");
        // Results in words: no emoji a browser without an emoji font draws as a box.
        assert!(!page.contains('✅') && !page.contains('❌'), "{page}");
    }

    #[test]
    fn a_failing_clarification_case_fails_its_clarification_not_the_upstream_row() {
        let tags = |t: &[&str]| t.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let core = CaseResult::describe("w.feature", "W-1 writes", &tags(&["must", "FS-W-1"]));
        let mut clar = CaseResult::describe(
            "w.feature",
            "W-5 writes atomically",
            &tags(&["must", "clarification", "FS-W-1", "FS-CLR-02"]),
        );
        clar.outcome = Outcome::Failed {
            step: "Then it is atomic".into(),
            message: "torn".into(),
        };
        let results = [core, clar];
        let page = page_of(&results, "");
        let row = |id: &str| {
            page.lines()
                .find(|l| l.contains(&format!("<td>{id}</td>")))
                .unwrap_or_else(|| panic!("no row {id} in\n{page}"))
                .to_string()
        };
        assert!(!row("FS-W-1").contains("W-5"), "{page}");
        assert!(
            row("FS-CLR-02").contains("<b class=\"fail\">W-5</b>"),
            "{page}"
        );
        // With the baseline expecting it, the run passes and nothing is red.
        let passing = page_of(&results, "W-5\n");
        assert!(passing.contains("class=\"verdict PASS\""), "{passing}");
        assert!(passing.contains("<b class=\"xfail\">W-5</b>"), "{passing}");
        assert!(!passing.contains("class=\"fail\""), "{passing}");
    }

    #[test]
    fn json_messages_are_pretty_printed_and_failures_grouped_by_severity() {
        let shown = pretty("bad\n    -> {\"id\":1,\"method\":\"tools/call\"}\n    <- not json");
        assert!(shown.contains("    -> {\n         \"id\": 1,"), "{shown}");
        assert!(shown.ends_with("    <- not json"), "{shown}");
        let mut bait = CaseResult::describe("h.feature", "H-4 hard link", &["must".into()]);
        let mut race = String::from("bait shown\n  JSON-RPC exchange of the step:");
        for i in 1..=300 {
            race.push_str(&format!(
                "\n    -> {{\"id\":{i},\"method\":\"tools/call\",\"params\":{{\"_meta\":{{\"k\":\"v\"}}}}}}"
            ));
        }
        bait.outcome = Outcome::Failed {
            step: "Then no reply of the server shows any of [\"top secret\"]".into(),
            message: race,
        };
        let page = page_of(&[bait], "");
        assert!(
            page.contains("(274 messages folded; a console run with --verbose shows all)"),
            "{page}"
        );
        assert!(
            page.contains("&quot;id&quot;: 300") && !page.contains("&quot;id&quot;: 100,"),
            "{page}"
        );
        assert!(page.contains("&quot;id&quot;: 6,"), "{page}");
        assert!(
            !page.contains("&quot;k&quot;"),
            "the _meta is folded: {page}"
        );
        assert!(
            page.contains("&quot;_meta&quot;: {…}"),
            "and pretty-printed: {page}"
        );
        assert!(page.contains("id=\"sev-outside-read\""), "{page}");
        assert!(page.contains("<ul id=\"headline\">"), "{page}");
        assert!(page.contains("id=\"fix-first\""), "{page}");
    }

    /// A run of `n` cases, each covering two requirements, the first `failing` failed with
    /// an exchange of `messages` requests of about 400 characters.
    fn big_run(n: usize, failing: usize, messages: usize) -> Vec<CaseResult> {
        (0..n)
            .map(|i| {
                let tags = [
                    "must".to_string(),
                    format!("FS-AREA-{:03}", i % 60),
                    format!("FS-CLR-{:02}", i % 12),
                ];
                let name = format!("C-{i:03} a case that checks one thing the source asks for");
                let mut r = CaseResult::describe("area.feature", &name, &tags);
                if i < failing {
                    let mut m = String::from("the call succeeded\n  JSON-RPC exchange of the step:");
                    for k in 0..messages {
                        m.push_str(&format!(
                            "\n    -> {{\"id\":{k},\"method\":\"tools/call\",\"params\":{{\"name\":\"read_text_file\",\"arguments\":{{\"path\":\"{}\"}}}}}}",
                            "/tmp/mcp-harness-root/".repeat(14)
                        ));
                    }
                    r.outcome = Outcome::Failed {
                        step: "Then the call fails".into(),
                        message: m,
                    };
                }
                r
            })
            .collect()
    }

    #[test]
    fn a_500_case_page_stays_small() {
        let passing = page_of(&big_run(500, 0, 0), "");
        assert!(passing.len() < 150_000, "{} bytes", passing.len());
        // 50 failures with exchanges longer than the fold: each keeps its ends.
        let failing = page_of(&big_run(500, 50, 60), "");
        assert!(failing.len() < 1_000_000, "{} bytes", failing.len());
        eprintln!(
            "500 cases: passing {} bytes, 50 failing {} bytes",
            passing.len(),
            failing.len()
        );
    }

    #[test]
    fn a_long_actual_is_cut_at_a_word_with_the_whole_text_folded() {
        let mut r = CaseResult::describe("e.feature", "E-8 twice", &["must".into()]);
        let diff = format!(
            "```diff\nIndex: e.txt\n{}\n--- e.txt\toriginal\n+++ e.txt\tmodified\n@@ -1,3 +1,3 @@\n-x\n+y\n x\n x\n```\n\n",
            "=".repeat(67)
        );
        let result = serde_json::json!({"content": [{"type": "text", "text": diff}]});
        r.outcome = Outcome::Failed {
            step: "Then the call fails".into(),
            message: format!("the call succeeded but should have failed; result: {result}"),
        };
        let page = page_of(&[r], "");
        let fix = page
            .split("id=\"fix-first\"")
            .nth(1)
            .and_then(|s| s.split("</ol>").next())
            .unwrap_or_default();
        assert!(fix.contains("<details class=\"actual\">"), "{fix}");
        let shown = fix.split("<details").next().unwrap_or_default();
        assert!(!shown.contains("====="), "the diff is folded: {shown}");
        assert!(
            fix.contains("&quot;content&quot;: ["),
            "pretty-printed whole: {fix}"
        );
        assert!(fix.contains("Wrong answer: the call fails</b> ("), "{fix}");
        assert!(
            shown.contains("actual: the call succeeded but should have failed; result: {…}"),
            "{shown}"
        );
    }
}
