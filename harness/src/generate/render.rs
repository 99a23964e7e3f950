//! Renders one area of the catalogue as Gherkin, each sentence from its form in the step
//! vocabulary (`catalogue::vocabulary`). Output is byte-for-byte deterministic: JSON
//! objects are written with sorted keys whatever serde_json's map order is in this build.

use serde_json::Value;

pub use crate::catalogue::vocabulary::json;
use crate::catalogue::vocabulary::{self as form, Arg, Arg::*, Form};
use crate::catalogue::{
    Area, Case, Catalogue, Content, DiskCheck, DiskContent, ErrorCheck, ErrorKind, Expect, Fixture,
    HttpCheck, ListingCheck, Pairs, ReadsDuringCheck, ResultCheck, SpecialKind, StdoutCheck, Step,
    SweepCheck,
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
        v.extend(fixture_steps(fx));
    }
    if let Some(roots) = &case.roots {
        v.push(match case.roots_repeat {
            None => form::OFFER_ROOTS.render(&[Strings(roots)]),
            Some(n) => form::OFFER_ROOTS_REPEATED.render(&[Strings(roots), Number(n.into())]),
        });
    }
    v
}

fn fixture_steps(fx: &Fixture) -> Vec<String> {
    match fx {
        Fixture::File {
            path,
            content,
            mode,
        } => {
            let mut v = vec![match content {
                Content::Text(t) => form::FILE_WITH_TEXT.render(&[Quoted(path), JsonString(t)]),
                Content::Base64(b) => form::FILE_WITH_BASE64.render(&[Quoted(path), Quoted(b)]),
                Content::Repeat { text, times } => {
                    form::FILE_OF_COPIES.render(&[Quoted(path), Number(*times), JsonString(text)])
                }
            }];
            if let Some(m) = mode {
                v.push(form::FILE_GETS_MODE.render(&[Quoted(path), Mode(*m)]));
            }
            v
        }
        Fixture::Dir { path } => vec![form::DIRECTORY.render(&[Quoted(path)])],
        Fixture::Variable { name, text, times } => {
            vec![form::VARIABLE_OF_COPIES.render(&[Quoted(name), Number(*times), JsonString(text)])]
        }
        Fixture::Symlink { path, target } => {
            vec![form::SYMLINK.render(&[Quoted(path), Quoted(target)])]
        }
        Fixture::HardLink { path, target } => {
            vec![form::HARD_LINK.render(&[Quoted(path), Quoted(target)])]
        }
        Fixture::OutsideFile { name, content } => vec![match content {
            Content::Base64(b) => form::OUTSIDE_FILE_WITH_BASE64.render(&[Quoted(name), Quoted(b)]),
            Content::Text(t) => form::OUTSIDE_FILE_WITH_TEXT.render(&[Quoted(name), JsonString(t)]),
            // Rejected by validation; rendered as its full text so nothing is lost.
            Content::Repeat { text, times } => form::OUTSIDE_FILE_WITH_TEXT
                .render(&[Quoted(name), JsonString(&text.repeat(*times as usize))]),
        }],
        Fixture::OutsideDir { name } => vec![form::OUTSIDE_DIRECTORY.render(&[Quoted(name)])],
        Fixture::Special { path, kind } => {
            let form = match kind {
                SpecialKind::Fifo => form::FIFO,
                SpecialKind::Socket => form::SOCKET,
                SpecialKind::Device => form::DEVICE,
            };
            vec![form.render(&[Quoted(path)])]
        }
    }
}

fn when_steps(case: &Case) -> Vec<String> {
    let mut v = Vec::new();
    let last = case.when.len().saturating_sub(1);
    for (i, step) in case.when.iter().enumerate() {
        v.extend(action_steps(step, i == last));
    }
    v
}

/// The sentences of one `when` step; one that is not the last also says how it must end.
fn action_steps(step: &Step, is_last: bool) -> Vec<String> {
    match step {
        Step::Call {
            tool,
            args,
            save,
            may_fail,
            or,
        } => {
            let mut v = vec![match or {
                None => form::CALL.render(&[Quoted(tool), Json(args)]),
                Some(alt) => form::CALL_OR.render(&[Quoted(tool), Json(args), Quoted(alt)]),
            }];
            v.extend(save_steps(save));
            if !is_last {
                let then = if *may_fail {
                    form::SERVER_ANSWERS
                } else {
                    form::CALL_SUCCEEDS
                };
                v.push(then.render(&[]));
            }
            v
        }
        Step::Rpc {
            method,
            params,
            save,
        } => {
            let mut v = vec![form::RPC.render(&[Quoted(method), Json(params)])];
            v.extend(save_steps(save));
            if !is_last {
                v.push(form::CALL_SUCCEEDS.render(&[]));
            }
            v
        }
        other => vec![single_action(other)],
    }
}

/// The sentence of a `when` step that is always one sentence.
fn single_action(step: &Step) -> String {
    match step {
        Step::Race {
            swap,
            with,
            calls,
            attempts,
            seconds,
        } => form::RACE.render(&[
            Json(&Value::Array(calls.clone())),
            Number((*attempts).into()),
            Number((*seconds).into()),
            Quoted(swap),
            Quoted(with),
        ]),
        Step::WriteOnDisk { file, text } => {
            form::CHANGE_ON_DISK.render(&[Quoted(file), JsonString(text)])
        }
        Step::ReadResource(uri) => form::READ_RESOURCE.render(&[Quoted(uri)]),
        Step::SetRoots(roots) => form::CHANGE_ROOTS.render(&[Strings(roots)]),
        Step::ListTools => form::LIST_TOOLS.render(&[]),
        Step::Sweep => form::SWEEP.render(&[]),
        Step::ListResourceTemplates => form::LIST_TEMPLATES.render(&[]),
        Step::Concurrent {
            count,
            call,
            args,
            processes: 1,
        } => form::CONCURRENT.render(&[Number((*count).into()), Quoted(call), Json(args)]),
        Step::Concurrent {
            count,
            call,
            args,
            processes,
        } => form::CONCURRENT_PROCESSES.render(&[
            Number((*count).into()),
            Number((*processes).into()),
            Quoted(call),
            Json(args),
        ]),
        Step::Http(h) => {
            form::HTTP_REQUEST.render(&[Json(&serde_json::to_value(h).unwrap_or_default())])
        }
        Step::ReadDuring {
            call,
            args,
            path,
            reader_args: None,
        } => form::READ_DURING.render(&[Quoted(call), Json(args), Quoted(path)]),
        Step::ReadDuring {
            call,
            args,
            path,
            reader_args: Some(r),
        } => {
            form::READ_DURING_WITH_READER.render(&[Quoted(call), Json(args), Quoted(path), Json(r)])
        }
        Step::Call { .. } | Step::Rpc { .. } => unreachable!("rendered by action_steps"),
    }
}

fn save_steps(save: &Pairs<String>) -> Vec<String> {
    save.iter()
        .map(|(var, field)| form::SAVE_FIELD.render(&[Quoted(field), Quoted(var)]))
        .collect()
}

fn then_steps(case: &Case) -> Vec<String> {
    let mut v = expect_steps(&case.then.expect);
    for d in &case.then.disk {
        v.extend(disk_steps(d));
    }
    for d in &case.then.if_succeeded {
        v.extend(conditional_step(d, true));
    }
    for d in &case.then.if_failed {
        v.extend(conditional_step(d, false));
    }
    for entry in &case.then.audit {
        v.push(form::AUDIT_ENTRY.render(&[Json(&Value::Object(entry.clone()))]));
    }
    v.push(form::OUTSIDE_UNCHANGED.render(&[]));
    v
}

fn expect_steps(expect: &Expect) -> Vec<String> {
    match expect {
        Expect::Http(h) => http_steps(h),
        Expect::Result(r) => result_steps(r),
        Expect::Error(e) => error_steps(e),
        Expect::Listing(l) => listing_steps(l),
        Expect::Tools(tools) => tools
            .iter()
            .map(|t| {
                form::TOOL_SCHEMA.render(&[
                    Quoted(&t.name),
                    Strings(&t.required),
                    Strings(&t.properties),
                ])
            })
            .collect(),
        Expect::Templates(ts) => ts
            .iter()
            .map(|t| form::TEMPLATE_INCLUDED.render(&[Quoted(t)]))
            .collect(),
        Expect::Concurrent(c) => vec![
            form::CONCURRENT_OUTCOME.render(&[Number(c.succeeded.into()), Word(c.others.as_str())]),
        ],
        Expect::Answered => vec![form::SERVER_ANSWERS.render(&[])],
        Expect::NeverShows(texts) => vec![form::NEVER_SHOWS.render(&[Strings(texts)])],
        Expect::ReadsDuring(ReadsDuringCheck::OldOrNew) => vec![
            form::CALL_SUCCEEDS.render(&[]),
            form::READS_OLD_OR_NEW.render(&[]),
        ],
        Expect::Stdout(StdoutCheck::OnlyMessages) => vec![form::ONLY_MESSAGES.render(&[])],
        Expect::Sweep(SweepCheck::NoWayOut) => vec![form::SWEEP_NO_WAY_OUT.render(&[])],
    }
}

fn http_steps(h: &HttpCheck) -> Vec<String> {
    let mut v = vec![form::HTTP_STATUS.render(&[Number(h.status.into())])];
    if h.session_id_uuid_v4 {
        v.push(form::SESSION_ID_UUID.render(&[]));
    }
    if let Some(w) = &h.www_authenticate {
        v.push(form::WWW_AUTHENTICATE.render(&[JsonString(w)]));
    }
    if h.jsonrpc_result {
        v.push(form::JSONRPC_RESULT.render(&[]));
    }
    v
}

fn result_steps(r: &ResultCheck) -> Vec<String> {
    let mut v = vec![form::CALL_SUCCEEDS.render(&[])];
    let field = |form: Form, f: &str, arg: Arg| form.render(&[Quoted(f), arg]);
    v.extend(
        r.fields
            .iter()
            .map(|(f, val)| field(form::FIELD_IS, f, Json(val))),
    );
    v.extend(
        r.lines
            .iter()
            .map(|(f, l)| field(form::FIELD_HAS_LINES, f, Strings(l))),
    );
    v.extend(
        r.matches
            .iter()
            .map(|(f, re)| field(form::FIELD_MATCHES, f, JsonString(re))),
    );
    v.extend(
        r.hash_of
            .iter()
            .map(|(f, p)| field(form::FIELD_IS_HASH_OF, f, Quoted(p))),
    );
    v.extend(
        r.equals_var
            .iter()
            .map(|(f, var)| field(form::FIELD_EQUALS_SAVED, f, Quoted(var))),
    );
    v.extend(
        r.differs_var
            .iter()
            .map(|(f, var)| field(form::FIELD_DIFFERS_FROM_SAVED, f, Quoted(var))),
    );
    v
}

fn error_steps(e: &ErrorCheck) -> Vec<String> {
    let mut v = vec![match e.kind {
        ErrorKind::Any => form::CALL_FAILS.render(&[]),
        k => form::CALL_FAILS_WITH.render(&[Word(k.as_str())]),
    }];
    if !e.mentions.is_empty() {
        v.push(form::ERROR_MENTIONS.render(&[Strings(&e.mentions)]));
    }
    if !e.mentions_any.is_empty() {
        v.push(form::ERROR_MENTIONS_ONE_OF.render(&[Strings(&e.mentions_any)]));
    }
    if e.facts {
        v.push(form::ERROR_CARRIES_FACTS.render(&[Word(e.kind.as_str())]));
    }
    for (f, t) in e.typed.iter() {
        v.push(form::ERROR_FIELD_TYPED.render(&[Quoted(f), Word(t)]));
    }
    if e.marked {
        v.push(form::ERROR_MARKED.render(&[]));
    }
    v
}

fn listing_steps(l: &ListingCheck) -> Vec<String> {
    let mut v = Vec::new();
    if let Some(n) = &l.names {
        v.push(form::LISTING_NAMES.render(&[Strings(n)]));
    }
    if let Some(d) = &l.directories {
        v.push(form::LISTING_DIRECTORIES.render(&[Strings(d)]));
    }
    if let Some(f) = &l.files {
        v.push(form::LISTING_FILES.render(&[Strings(f)]));
    }
    if let Some(j) = &l.json {
        v.push(form::LISTING_JSON.render(&[Json(j)]));
    }
    v
}

/// A disk check that holds after a success (`succeeded`: a file's text) or after a refusal
/// (an absent path); the loader admits no other.
fn conditional_step(d: &DiskCheck, succeeded: bool) -> Option<String> {
    match (d, succeeded) {
        (
            DiskCheck::File {
                path,
                content: Some(DiskContent::Text(t)),
                ..
            },
            true,
        ) => Some(form::IF_SUCCEEDED_FILE_HAS_TEXT.render(&[Quoted(path), JsonString(t)])),
        (DiskCheck::Absent(p), false) => Some(form::IF_FAILED_PATH_ABSENT.render(&[Quoted(p)])),
        _ => None,
    }
}

fn disk_steps(d: &DiskCheck) -> Vec<String> {
    match d {
        DiskCheck::File {
            path,
            content,
            mode,
        } => {
            let mut v = Vec::new();
            match content {
                Some(DiskContent::Text(t)) => {
                    v.push(form::FILE_HAS_TEXT.render(&[Quoted(path), JsonString(t)]))
                }
                Some(DiskContent::Base64(b)) => {
                    v.push(form::FILE_HAS_BASE64.render(&[Quoted(path), Quoted(b)]))
                }
                Some(DiskContent::TextWithVar(t)) => {
                    v.push(form::FILE_HAS_WINNERS_TEXT.render(&[Quoted(path), JsonString(t)]))
                }
                None => {}
            }
            if let Some(m) = mode {
                v.push(form::FILE_HAS_MODE.render(&[Quoted(path), Mode(*m)]));
            }
            v
        }
        DiskCheck::Absent(p) => vec![form::PATH_ABSENT.render(&[Quoted(p)])],
        DiskCheck::Dir(p) => vec![form::DIRECTORY_EXISTS.render(&[Quoted(p)])],
        DiskCheck::Only(all) => vec![form::ROOT_HOLDS_ONLY.render(&[Strings(all)])],
    }
}
