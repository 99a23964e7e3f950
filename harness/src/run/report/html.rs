//! The HTML report (`--html FILE`): one self-contained page (no external assets) with the
//! run's totals, the requirement matrix, and each failure with its whole exchange, and
//! filters for core cases and clarifications.
//!
//! The page's script marks the document when it has run (`data-script="ok"` on `<body>`,
//! with the rows each filter shows as `data-rows-<filter>`) and writes any error it meets
//! into `#script-errors`, so a headless browser can check it (`.ci/check-html-report.sh`).

use std::fmt::Write as _;

use super::console::{Tally, Totals, is_clarification_id, tally};
use super::markdown::{RunFacts, Verdict};
use crate::catalogue::Catalogue;
use crate::run::outcome::{CaseResult, Level, Outcome};

/// Everything the page shows.
pub struct Page<'a> {
    pub results: &'a [CaseResult],
    pub catalogue: Option<&'a Catalogue>,
    pub facts: &'a RunFacts,
    pub totals: &'a Totals,
    /// Whether the baseline expects a case to fail.
    pub expected: &'a dyn Fn(&CaseResult) -> bool,
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
td:first-child,td.pass,td.fail,td.norun{white-space:nowrap}";

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

/// The whole page.
pub fn render(p: &Page) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Conformance report</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>Conformance report</h1>\n"
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
    totals(&mut out, p.totals);
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
        escape(&verdict.text())
    );
}

fn cases(t: Option<&Tally>) -> String {
    let Some(t) = t else { return String::new() };
    let mut ids: Vec<String> = t
        .failed
        .iter()
        .map(|id| format!("<b class=\"fail\">{}</b>", escape(id)))
        .collect();
    ids.extend(t.passed.iter().map(|id| escape(id)));
    ids.join(", ")
}

/// The requirement matrix, upstream requirements and clarifications apart. Upstream rows
/// count core cases alone, as the console and the Markdown report do.
fn matrix(out: &mut String, p: &Page) {
    let core = tally(p.results.iter().filter(|r| !r.clarification));
    let t = tally(p.results);
    out.push_str(
        "<h2>Requirements and clarifications</h2>\n<table>\n<tr><th>Id</th><th>Level</th>\
         <th>Statement or decision</th><th>Result</th><th>Cases (failing in bold)</th></tr>\n",
    );
    match p.catalogue {
        Some(cat) => {
            for r in &cat.requirements {
                let tl = core.get(&r.id);
                let v = Verdict::of(tl, r.not_applicable.as_deref(), r.unexercised.as_deref());
                let cells = [escape(&r.id), r.level.to_string(), escape(&r.statement)];
                row(out, "core", &cells, &v, &cases(tl));
            }
            for c in &cat.clarifications {
                let tl = t.get(&c.id);
                let v = Verdict::of(tl, None, c.unexercised.as_deref());
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
                let v = Verdict::of(tl, None, None);
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

/// Each failure with its step and whole message (exchange and stderr included).
fn failures(out: &mut String, p: &Page) {
    let failed: Vec<&CaseResult> = p
        .results
        .iter()
        .filter(|r| matches!(r.outcome, Outcome::Failed { .. }))
        .collect();
    let _ = writeln!(out, "<h2>Failures ({})</h2>", failed.len());
    if failed.is_empty() {
        out.push_str("<p>None.</p>\n");
    }
    for r in failed {
        let Outcome::Failed { step, message } = &r.outcome else {
            continue;
        };
        let kind = if r.clarification {
            "clarification"
        } else {
            "core"
        };
        let note = if (p.expected)(r) {
            " · expected by the baseline"
        } else if r.level == Level::Should && !p.facts.strict {
            " · SHOULD-level, not counted without --strict"
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<details class=\"failure\" data-kind=\"{kind}\"><summary><span class=\"fail\">\
             FAIL</span> {} ({}, {}{}; covers {}){note}</summary>\n<pre>step: {}\n{}</pre>\
             </details>",
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
            escape(message)
        );
    }
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

    fn facts() -> RunFacts {
        RunFacts {
            server: "srv <x>".into(),
            protocol: "auto".into(),
            strict: false,
        }
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
        let totals = Totals {
            scenarios: 1,
            failed: 1,
            counted: 1,
            ..Totals::default()
        };
        let page = render(&Page {
            results: &results,
            catalogue: None,
            facts: &facts(),
            totals: &totals,
            expected: &|_| false,
        });
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
        assert!(
            !page.contains("src=") && !page.contains("href="),
            "no external asset"
        );
        assert_eq!(page.matches("<script>").count(), 1, "{page}");
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
        let totals = Totals::default();
        let page = render(&Page {
            results: &results,
            catalogue: None,
            facts: &facts(),
            totals: &totals,
            expected: &|_| false,
        });
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
    }
}
