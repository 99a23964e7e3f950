//! Renders one area of the catalogue as Gherkin, using exactly the step vocabulary of
//! contract section 3. Output is byte-for-byte deterministic: JSON objects are written
//! with sorted keys whatever serde_json's map order is in this build.

use serde_json::Value;

use crate::catalogue::{
    Area, Case, Catalogue, Content, DiskCheck, DiskContent, ErrorKind, Expect, Fixture,
    ReadsDuringCheck, StdoutCheck, Step,
};

/// The command that regenerates `features/`; named by every staleness message.
pub const FIX_COMMAND: &str = "cargo run -p mcp-harness -- generate";

/// The text of `features/<profile>/<area>.feature`.
pub fn render_feature(area: &Area, catalogue: &Catalogue) -> String {
    let source = area.source(&catalogue.profile.profile);
    let mut out = format!(
        "# Generated from {source} by `{FIX_COMMAND}`. Do not edit.\nFeature: {}\n",
        area.title
    );
    for case in &area.cases {
        out.push('\n');
        render_case(&mut out, case, catalogue);
    }
    out
}

/// Appends one scenario (tags line, header, steps) to `out`.
fn render_case(out: &mut String, case: &Case, catalogue: &Catalogue) {
    out.push_str("  ");
    out.push_str(&catalogue.tags(case).join(" "));
    out.push('\n');
    out.push_str(&format!("  Scenario: {} {}\n", case.id, case.name));
    for line in scenario_steps(case) {
        out.push_str("    ");
        out.push_str(&line);
        out.push('\n');
    }
}

/// Step lines with keywords: the first of each section gets Given/When/Then, the rest And.
pub fn scenario_steps(case: &Case) -> Vec<String> {
    let mut lines = Vec::new();
    push_section(&mut lines, "Given", given_steps(case));
    push_section(&mut lines, "When", when_steps(case));
    push_section(&mut lines, "Then", then_steps(case));
    lines
}

fn push_section(lines: &mut Vec<String>, keyword: &str, steps: Vec<String>) {
    for (i, s) in steps.into_iter().enumerate() {
        let kw = if i == 0 { keyword } else { "And" };
        lines.push(format!("{kw} {s}"));
    }
}

fn given_steps(case: &Case) -> Vec<String> {
    let mut v = Vec::new();
    for fx in &case.given {
        match fx {
            Fixture::File {
                path,
                content,
                mode,
            } => {
                v.push(match content {
                    Content::Text(t) => format!("a file \"{path}\" with text {}", js(t)),
                    Content::Base64(b) => format!("a file \"{path}\" with base64 \"{b}\""),
                    Content::Repeat { text, times } => {
                        format!("a file \"{path}\" made of {times} copies of {}", js(text))
                    }
                });
                if let Some(m) = mode {
                    v.push(format!("the file \"{path}\" has mode {}", mode_str(*m)));
                }
            }
            Fixture::Dir { path } => v.push(format!("a directory \"{path}\"")),
            Fixture::Symlink { path, target } => {
                v.push(format!("a symlink \"{path}\" pointing to \"{target}\""))
            }
            Fixture::HardLink { path, target } => {
                v.push(format!("a hard link \"{path}\" to the file \"{target}\""))
            }
            Fixture::OutsideFile { name, content } => v.push(match content {
                Content::Base64(b) => format!("an outside file \"{name}\" with base64 \"{b}\""),
                Content::Text(t) => format!("an outside file \"{name}\" with text {}", js(t)),
                // Rejected by validation; rendered as its full text so nothing is lost.
                Content::Repeat { text, times } => format!(
                    "an outside file \"{name}\" with text {}",
                    js(&text.repeat(*times as usize))
                ),
            }),
            Fixture::OutsideDir { name } => v.push(format!("an outside directory \"{name}\"")),
            Fixture::Special { path, kind } => v.push(format!("a {} \"{path}\"", kind.as_str())),
        }
    }
    if let Some(roots) = &case.roots {
        let repeat = case
            .roots_repeat
            .map(|n| format!(" each repeated {n} times"))
            .unwrap_or_default();
        v.push(format!(
            "the client offers the roots {}{repeat}",
            str_array(roots)
        ));
    }
    v
}

fn when_steps(case: &Case) -> Vec<String> {
    let mut v = Vec::new();
    let last = case.when.len().saturating_sub(1);
    for (i, step) in case.when.iter().enumerate() {
        match step {
            Step::Call {
                tool,
                args,
                save,
                may_fail,
                or,
            } => {
                v.push(match or {
                    None => format!("the client calls \"{tool}\" with {}", json(args)),
                    Some(alt) => format!(
                        "the client calls \"{tool}\" with {}, or \"{alt}\" where the server \
                         lacks it",
                        json(args)
                    ),
                });
                for (var, field) in save.iter() {
                    v.push(format!(
                        "the result field \"{field}\" is saved as \"{var}\""
                    ));
                }
                if i != last {
                    let then = if *may_fail {
                        ANSWERED
                    } else {
                        "the call succeeds"
                    };
                    v.push(then.to_string());
                }
            }
            Step::Race {
                swap,
                with,
                calls,
                seconds,
            } => v.push(format!(
                "the client repeats the calls {} for {seconds} s while \"{swap}\" is exchanged \
                 with a symlink to \"{with}\"",
                json(&Value::Array(calls.clone()))
            )),
            Step::Rpc {
                method,
                params,
                save,
            } => {
                v.push(format!(
                    "the client sends the request \"{method}\" with {}",
                    json(params)
                ));
                for (var, field) in save.iter() {
                    v.push(format!(
                        "the result field \"{field}\" is saved as \"{var}\""
                    ));
                }
                if i != last {
                    v.push("the call succeeds".to_string());
                }
            }
            Step::WriteOnDisk { file, text } => v.push(format!(
                "the file \"{file}\" is changed on disk to {}",
                js(text)
            )),
            Step::ReadResource(uri) => v.push(format!("the client reads the resource \"{uri}\"")),
            Step::SetRoots(roots) => v.push(format!(
                "the client changes its roots to {}",
                str_array(roots)
            )),
            Step::ListTools => v.push("the client lists the tools".to_string()),
            Step::ListResourceTemplates => {
                v.push("the client lists the resource templates".to_string())
            }
            Step::Concurrent {
                count,
                call,
                args,
                processes: 1,
            } => v.push(format!(
                "{count} clients call \"{call}\" concurrently with {}",
                json(args)
            )),
            Step::Concurrent {
                count,
                call,
                args,
                processes,
            } => v.push(format!(
                "{count} clients on {processes} server processes call \"{call}\" concurrently \
                 with {}",
                json(args)
            )),
            Step::Http(h) => v.push(format!(
                "the client sends the HTTP request {}",
                json(&serde_json::to_value(h).unwrap_or_default())
            )),
            Step::ReadDuring {
                call,
                args,
                path,
                reader_args: None,
            } => v.push(format!(
                "the client calls \"{call}\" with {} while reading \"{path}\" repeatedly",
                json(args)
            )),
            Step::ReadDuring {
                call,
                args,
                path,
                reader_args: Some(r),
            } => v.push(format!(
                "the client calls \"{call}\" with {} while reading \"{path}\" repeatedly \
                 with the reader arguments {} each time",
                json(args),
                json(r)
            )),
        }
    }
    v
}

/// The step that asks only for an answer (a result or an error that answers the call).
const ANSWERED: &str = "the server answers the call";

fn then_steps(case: &Case) -> Vec<String> {
    let mut v = Vec::new();
    match &case.then.expect {
        Expect::Http(h) => {
            v.push(format!("the HTTP status is {}", h.status));
            if h.session_id_uuid_v4 {
                v.push("the response header \"mcp-session-id\" is a UUID v4".to_string());
            }
            if let Some(w) = &h.www_authenticate {
                v.push(format!(
                    "the response header \"www-authenticate\" contains {}",
                    js(w)
                ));
            }
            if h.jsonrpc_result {
                v.push("the HTTP response carries a JSON-RPC result".to_string());
            }
        }
        Expect::Result(r) => {
            v.push("the call succeeds".to_string());
            for (f, val) in r.fields.iter() {
                v.push(format!("the result field \"{f}\" is {}", json(val)));
            }
            for (f, lines) in r.lines.iter() {
                v.push(format!(
                    "the result field \"{f}\" has the lines {}",
                    str_array(lines)
                ));
            }
            for (f, re) in r.matches.iter() {
                v.push(format!("the result field \"{f}\" matches {}", js(re)));
            }
            for (f, path) in r.hash_of.iter() {
                v.push(format!(
                    "the result field \"{f}\" is the hash of the file \"{path}\""
                ));
            }
            for (f, var) in r.equals_var.iter() {
                v.push(format!(
                    "the result field \"{f}\" equals the saved \"{var}\""
                ));
            }
            for (f, var) in r.differs_var.iter() {
                v.push(format!(
                    "the result field \"{f}\" differs from the saved \"{var}\""
                ));
            }
        }
        Expect::Error(e) => {
            v.push(match e.kind {
                ErrorKind::Any => "the call fails".to_string(),
                k => format!("the call fails with a {k} error"),
            });
            if !e.mentions.is_empty() {
                v.push(format!(
                    "the error message mentions {}",
                    str_array(&e.mentions)
                ));
            }
            if !e.mentions_any.is_empty() {
                v.push(format!(
                    "the error message mentions one of {}",
                    str_array(&e.mentions_any)
                ));
            }
            if e.facts {
                v.push(format!("the error carries the facts of a {} error", e.kind));
            }
            for (f, t) in e.typed.iter() {
                v.push(format!("the error has the field \"{f}\" of type {t}"));
            }
        }
        Expect::Listing(l) => {
            if let Some(n) = &l.names {
                v.push(format!("the listing names are {}", str_array(n)));
            }
            if let Some(d) = &l.directories {
                v.push(format!("the listing directories are {}", str_array(d)));
            }
            if let Some(f) = &l.files {
                v.push(format!("the listing files are {}", str_array(f)));
            }
            if let Some(j) = &l.json {
                v.push(format!("the listing JSON is {}", json(j)));
            }
        }
        Expect::Tools(tools) => {
            for t in tools {
                v.push(format!(
                    "the tool \"{}\" requires {} and has properties {}",
                    t.name,
                    str_array(&t.required),
                    str_array(&t.properties)
                ));
            }
        }
        Expect::Templates(ts) => {
            for t in ts {
                v.push(format!("the resource templates include \"{t}\""));
            }
        }
        Expect::Concurrent(c) => v.push(format!(
            "exactly {} of the concurrent calls succeed and the others fail with a {} error",
            c.succeeded, c.others
        )),
        Expect::Answered => v.push(ANSWERED.to_string()),
        Expect::NeverShows(texts) => v.push(format!(
            "no reply of the server shows any of {}",
            str_array(texts)
        )),
        Expect::ReadsDuring(ReadsDuringCheck::OldOrNew) => {
            v.push("the call succeeds".to_string());
            v.push("every read during the call returned the file's old or new content".to_string());
        }
        Expect::Stdout(StdoutCheck::OnlyMessages) => {
            v.push("the server wrote nothing but JSON-RPC messages to its stdout".to_string());
        }
    }
    for d in &case.then.disk {
        match d {
            DiskCheck::File {
                path,
                content,
                mode,
            } => {
                match content {
                    Some(DiskContent::Text(t)) => {
                        v.push(format!("the file \"{path}\" has text {}", js(t)))
                    }
                    Some(DiskContent::Base64(b)) => {
                        v.push(format!("the file \"{path}\" has base64 \"{b}\""))
                    }
                    Some(DiskContent::TextWithVar(t)) => v.push(format!(
                        "the file \"{path}\" has the winner's text {}",
                        js(t)
                    )),
                    None => {}
                }
                if let Some(m) = mode {
                    v.push(format!("the file \"{path}\" has mode {}", mode_str(*m)));
                }
            }
            DiskCheck::Absent(p) => v.push(format!("the path \"{p}\" does not exist")),
            DiskCheck::Dir(p) => v.push(format!("the directory \"{p}\" exists")),
            DiskCheck::Only(all) => v.push(format!("the root holds only {}", str_array(all))),
        }
    }
    for entry in &case.then.audit {
        v.push(format!(
            "the audit log has an entry with {}",
            json(&Value::Object(entry.clone()))
        ));
    }
    v.push("nothing outside the root has changed".to_string());
    v
}

/// Permission bits as `0o640` (at least three octal digits).
fn mode_str(m: u32) -> String {
    format!("0o{m:03o}")
}

/// A JSON string literal.
fn js(s: &str) -> String {
    serde_json::to_string(s).expect("strings always serialize")
}

fn str_array(items: &[String]) -> String {
    let parts: Vec<String> = items.iter().map(|s| js(s)).collect();
    format!("[{}]", parts.join(","))
}

/// Single-line JSON with object keys sorted, independent of serde_json features.
pub fn json(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let parts: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", js(k), json(&m[k])))
                .collect();
            format!("{{{}}}", parts.join(","))
        }
        Value::Array(a) => {
            let parts: Vec<String> = a.iter().map(json).collect();
            format!("[{}]", parts.join(","))
        }
        other => serde_json::to_string(other).expect("scalars always serialize"),
    }
}
