//! The report files a run writes (`--json`, `--junit`, `--report`, `--html`, `--summary`): each is
//! created before the run, so that a bad path is refused at once rather than after minutes
//! of testing, and filled after it; or, when no case could run, filled with the reason.

use std::fs::File;
use std::io::Write as _;
use std::path::PathBuf;

use super::report::{cucumber_json, html, junit, summary};
use super::request::RunRequest;

pub struct Outputs {
    /// Cucumber JSON, written by cucumber's writer during the run.
    pub json: Option<File>,
    pub junit: Option<File>,
    /// The Markdown report.
    pub report: Option<File>,
    pub html: Option<File>,
    pub summary: Option<File>,
    /// The summary's name for the server, should the run stop before any case.
    name: String,
}

fn open(p: &Option<PathBuf>) -> Result<Option<File>, String> {
    p.as_ref()
        .map(|p| File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display())))
        .transpose()
}

impl Outputs {
    /// Creates every file `req` names; `Err` names the first that cannot be written.
    pub fn create(req: &RunRequest) -> Result<Outputs, String> {
        let (json, junit, report) = match (open(&req.json), open(&req.junit), open(&req.report)) {
            (Ok(j), Ok(u), Ok(r)) => (j, u, r),
            (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => return Err(e),
        };
        let html = open(&req.html)?;
        let summary = open(&req.summary)?;
        let paths = [&req.json, &req.junit, &req.report, &req.html, &req.summary];
        super::interrupt::reports_pending(paths.into_iter().flatten().cloned());
        Ok(Outputs {
            json,
            junit,
            report,
            html,
            summary,
            name: req
                .label
                .clone()
                .or_else(|| req.server.clone())
                .or_else(|| req.url.clone())
                .unwrap_or_else(|| "built-in reference".into()),
        })
    }

    /// No case can run: says why once, and leaves reports that parse and say the same.
    /// The exit code is 2.
    pub fn abort(&self, paragraph: &str) -> u8 {
        eprintln!("mcp-harness: {paragraph}");
        if let Some(f) = &self.json {
            let _ = (&*f).write_all(cucumber_json::aborted(paragraph).as_bytes());
        }
        if let Some(f) = &self.junit {
            let _ = junit::write(&junit::aborted(paragraph), f);
        }
        if let Some(f) = &self.report {
            let _ = write!(
                &*f,
                "# Conformance report\n\nNo case was run. {paragraph}\n"
            );
        }
        if let Some(f) = &self.html {
            let _ = (&*f).write_all(html::aborted(paragraph).as_bytes());
        }
        if let Some(f) = &self.summary {
            let _ = serde_json::to_writer_pretty(f, &summary::aborted(&self.name, paragraph));
        }
        2
    }
}
