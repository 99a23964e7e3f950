//! The comparison page (`compare --html FILE`): one self-contained page (no external
//! assets), the safety headline first, then one column per server (its name, command,
//! verdict and counts) and one row per case, grouped by severity. Results are words and
//! CSS colours, never emoji, so the page reads without an emoji font.
//!
//! The page's script counts the failed cells of each column from the table itself and
//! writes them to `<body>` as `data-failed-<column>`, then `data-script="ok"` (errors go
//! to `#script-errors`), so a headless browser can check the page against the summaries
//! (`.ci/check-compare-html.sh`).

use std::fmt::Write as _;

use super::{Cell, Comparison, Group};
use crate::run::report::html::escape;

const STYLE: &str = "body{font:14px/1.45 system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:.5em 0 1.5em}\
td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}\
th{background:#f3f3f3}.pass{color:#176f2c}.fail{color:#b00020;font-weight:bold}\
.xfail{color:#8a5a00}.skip,.absent{color:#666}td{white-space:nowrap}\
th.server small{font-weight:normal}th.group{background:#e8e8ee}.PASS{color:#176f2c}.FAIL{color:#b00020}.NOTHING,.INCOMPLETE{color:#8a5a00}\
.headline{border-left:6px solid #b00020;background:#fdeef0;padding:.4em .7em}\
.headline.clean{border-color:#176f2c;background:#eef8f0}";

/// Counts each column's failed cells from the table, for the headless check.
const SCRIPT: &str = r#"
window.addEventListener('error', function (e) {
  var p = document.getElementById('script-errors');
  if (p) { p.textContent += (e.message || 'error') + '\n'; }
});
(function () {
  var n = document.querySelectorAll('thead th.server').length;
  for (var i = 0; i < n; i++) {
    var failed = document.querySelectorAll('td[data-col="' + i + '"][data-status="failed"]');
    document.body.setAttribute('data-failed-' + i, String(failed.length));
  }
  document.body.setAttribute('data-columns', String(n));
  document.body.setAttribute('data-script', 'ok');
})();
"#;

/// The whole page.
pub fn render(c: &Comparison) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <title>Comparison of {} servers</title>\n<style>{STYLE}</style>\n</head>\n<body>\n\
         <h1>Comparison of {} servers</h1>\n",
        c.runs.len(),
        c.runs.len()
    );
    headline(&mut out, c);
    coverage(&mut out, c);
    out.push_str("<table id=\"comparison\">\n<thead>\n");
    header(&mut out, c);
    out.push_str("</thead>\n<tbody>\n");
    for g in &c.groups {
        group(&mut out, g, c.runs.len());
    }
    let _ = write!(
        out,
        "</tbody>\n</table>\n<pre id=\"script-errors\" hidden></pre>\n\
         <script>{SCRIPT}</script>\n</body>\n</html>\n"
    );
    out
}

fn headline(out: &mut String, c: &Comparison) {
    let lines = c.headline_lines();
    if lines.is_empty() {
        out.push_str(
            "<p id=\"headline\" class=\"headline clean\">No server broke a safety \
             requirement (confinement, data lost or corrupted).</p>\n",
        );
        return;
    }
    out.push_str("<div id=\"headline\" class=\"headline\"><b>Safety requirements broken</b><ul>\n");
    for l in lines {
        let _ = writeln!(out, "<li>{}</li>", escape(&l));
    }
    out.push_str("</ul></div>\n");
}

/// Each server's coverage sentence, from the summaries that carry one.
fn coverage(out: &mut String, c: &Comparison) {
    let said: Vec<(&str, &str)> = c
        .runs
        .iter()
        .filter_map(|r| Some((r.name.as_str(), r.coverage.as_ref()?.sentence.as_str())))
        .collect();
    if said.is_empty() {
        return;
    }
    out.push_str("<div id=\"coverage\"><b>Coverage of each server's tools</b><ul>\n");
    for (name, sentence) in said {
        let _ = writeln!(
            out,
            "<li><b>{}</b>: {}</li>",
            escape(name),
            escape(sentence)
        );
    }
    out.push_str("</ul></div>\n");
}

/// One header cell per server: name, command, verdict and counts.
fn header(out: &mut String, c: &Comparison) {
    out.push_str("<tr><th>case</th>");
    for (i, r) in c.runs.iter().enumerate() {
        let t = &r.totals;
        let _ = write!(
            out,
            "<th class=\"server\" data-col=\"{i}\">{}<br><small>{}<code>{}</code> · {} \
             · harness {}</small><br><b class=\"{}\" data-result=\"{i}\">{}</b><br><small>\
             <span data-passed=\"{i}\">{}</span> passed, <span data-failed=\"{i}\">{}</span> \
             failed ({} counted, {} expected), {} skipped</small></th>",
            escape(&r.name),
            r.server_info
                .as_deref()
                .map_or(String::new(), |v| format!("{} · ", escape(v))),
            escape(&r.server),
            escape(&r.profile),
            escape(&r.harness_version),
            r.result.split(' ').next().unwrap_or(""),
            escape(&r.result),
            t.passed,
            t.failed + t.expected,
            t.counted,
            t.expected,
            t.skipped,
        );
    }
    out.push_str("</tr>\n");
}

fn group(out: &mut String, g: &Group, columns: usize) {
    let title = g.severity.map_or("No server failed these", |s| s.title());
    let _ = writeln!(
        out,
        "<tr><th class=\"group\" colspan=\"{}\">{} ({})</th></tr>",
        columns + 1,
        escape(title),
        g.rows.len()
    );
    for r in &g.rows {
        let kind = if r.clarification {
            ", clarification"
        } else {
            ""
        };
        let _ = write!(
            out,
            "<tr><td><code>{}</code> <small>{}{kind}</small></td>",
            escape(&r.id),
            escape(&r.level)
        );
        for (i, cell) in r.cells.iter().enumerate() {
            let _ = write!(
                out,
                "<td data-col=\"{i}\" data-status=\"{}\" class=\"{}\">{}</td>",
                status(*cell),
                class(*cell),
                escape(cell.mark())
            );
        }
        out.push_str("</tr>\n");
    }
}

fn status(c: Cell) -> &'static str {
    match c {
        Cell::Passed => "passed",
        Cell::Failed { .. } => "failed",
        Cell::Skipped => "skipped",
        Cell::Absent => "absent",
    }
}

fn class(c: Cell) -> &'static str {
    match c {
        Cell::Passed => "pass",
        Cell::Failed { expected: true, .. } | Cell::Failed { counts: false, .. } => "xfail",
        Cell::Failed { .. } => "fail",
        Cell::Skipped => "skip",
        Cell::Absent => "absent",
    }
}
