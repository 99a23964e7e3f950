//! Catalogue-wide lints beyond load-time validation: coverage of every requirement and
//! clarification, presence of every upstream T-id, tags in the features, and the
//! mechanical part of the core rule. `harness/tests/catalogue_lint.rs` runs them on the
//! real `specs/`; each returns problems rather than panicking so all are shown at once.

use std::collections::BTreeSet;

use serde_json::Value;

use super::model::*;
use super::profile::CoreRule;
use super::{Catalogue, Problem, Profile};

/// The catalogue must hold at least this many cases.
pub const MIN_CASES: usize = 150;

/// Upstream test-case ids as (section, how many): T2.3.1–T2.3.6, T2.4.1, ….
const UPSTREAM_SECTIONS: [(&str, u32); 14] = [
    ("T2.3", 6),
    ("T2.4", 1),
    ("T3.1", 8),
    ("T3.2", 3),
    ("T3.3", 6),
    ("T3.4", 3),
    ("T3.5", 6),
    ("T4.1", 7),
    ("T4.2", 6),
    ("T4.3", 5),
    ("T4.4", 6),
    ("T5.1", 5),
    ("T5.2", 2),
    ("T5.3", 4),
];

/// Every upstream T-id, in upstream order.
pub fn upstream_t_ids() -> Vec<String> {
    UPSTREAM_SECTIONS
        .iter()
        .flat_map(|(s, n)| (1..=*n).map(move |i| format!("{s}.{i}")))
        .collect()
}

/// Upstream T-ids with no case of that id.
pub fn missing_t_ids(cat: &Catalogue) -> Vec<String> {
    upstream_t_ids()
        .into_iter()
        .filter(|t| cat.case(t).is_none())
        .collect()
}

/// Case ids that look like T-ids but are not upstream ones (probably typos).
pub fn unknown_t_ids(cat: &Catalogue) -> Vec<Problem> {
    let known: BTreeSet<String> = upstream_t_ids().into_iter().collect();
    cat.cases()
        .filter(|(_, c)| c.is_upstream_test_id() && !known.contains(&c.id))
        .map(|(a, c)| {
            p(
                a,
                &c.id,
                "looks like an upstream T-id but the upstream has no such test",
            )
        })
        .collect()
}

/// Requirements that are neither covered by a case nor marked not_applicable.
pub fn uncovered_requirements(cat: &Catalogue) -> Vec<Problem> {
    cat.requirements
        .iter()
        .filter(|r| r.not_applicable.is_none() && cat.cases_covering(&r.id).next().is_none())
        .map(|r| {
            Problem::new(
                "specs/requirements.yaml",
                Some(&r.id),
                "no case covers it; add a case or a `not_applicable` reason",
            )
        })
        .collect()
}

/// Clarifications without a real reason, or covered by no case.
pub fn clarification_problems(cat: &Catalogue) -> Vec<Problem> {
    let mut out = Vec::new();
    for c in &cat.clarifications {
        let f = "specs/clarifications.yaml";
        if c.reason.split_whitespace().count() < 5 {
            out.push(Problem::new(
                f,
                Some(&c.id),
                "`reason` must explain the choice (≥ 5 words)",
            ));
        }
        if c.reason.trim() == c.choice.trim() {
            out.push(Problem::new(
                f,
                Some(&c.id),
                "`reason` only repeats `choice`",
            ));
        }
        if cat.cases_covering(&c.id).next().is_none() {
            out.push(Problem::new(f, Some(&c.id), "no case covers it"));
        }
    }
    out
}

/// Names in `profile.yaml` that the lints and the runner rely on but that name nothing: a
/// `core_rule` tool that is not one of `tools`, a `core_rule.wording` id that is no
/// requirement, a `result_shape` or `read_shape` that is no clarification.
pub fn profile_name_problems(cat: &Catalogue) -> Vec<Problem> {
    let f = format!("specs/{}/profile.yaml", cat.profile.profile);
    let mut out = Vec::new();
    for (key, tool) in cat.profile.core_rule.named() {
        if !cat.profile.tools.iter().any(|t| t == tool) {
            out.push(Problem::new(
                &f,
                None,
                format!("core_rule.{key} names `{tool}`, which is not one of `tools`"),
            ));
        }
    }
    for id in &cat.profile.core_rule.wording {
        if !cat.requirements.iter().any(|r| &r.id == id) {
            out.push(Problem::new(
                &f,
                Some(id),
                "core_rule.wording names no requirement of the profile",
            ));
        }
    }
    for (key, id) in [
        ("result_shape", &cat.profile.result_shape),
        ("read_shape", &cat.profile.read_shape),
    ] {
        if let Some(id) = id
            && !cat.clarifications.iter().any(|c| &c.id == id)
        {
            out.push(Problem::new(
                &f,
                Some(id),
                format!("{key} names no clarification of the profile"),
            ));
        }
    }
    out
}

/// Tags in feature texts that name nothing in the catalogue. `features` holds
/// `(file name, text)` pairs; the result holds `file: @tag` strings.
pub fn unknown_feature_tags(cat: &Catalogue, features: &[(String, String)]) -> Vec<String> {
    let mut known: BTreeSet<String> = super::ControlTag::ALL
        .iter()
        .map(|t| t.name().to_string())
        .collect();
    known.extend(cat.requirements.iter().map(|r| r.id.clone()));
    known.extend(cat.clarifications.iter().map(|c| c.id.clone()));
    known.extend(cat.cases().map(|(_, c)| c.id.clone()));
    let mut out = Vec::new();
    for (file, text) in features {
        for line in text.lines().map(str::trim).filter(|l| l.starts_with('@')) {
            for tag in line.split_whitespace() {
                let name = tag.trim_start_matches('@');
                if !tag.starts_with('@') || !known.contains(name) {
                    out.push(format!("{file}: {tag}"));
                }
            }
        }
    }
    out
}

/// The mechanical part of the core rule: a core case (covering only upstream ids) must
/// expect nothing that only our clarifications define, so any correct server passes it.
/// The tools and ids each check needs come from the profile's `core_rule` section
/// (`profile.yaml`; rootspace's are named in brackets below), so it holds for every profile.
///
/// Checked for core cases:
/// - no `listing.json` (the listing's JSON shape is ours);
/// - no `content` (the reader's field) in `result.fields` or `equals_var` (exact bytes; use
///   `lines`) except the empty string (an empty read is empty whatever the line model) and
///   a whole read where the source says it is the file's text (`exact_whole_read`); no
///   64-hex literal in `fields` (hash letter case is ours; use `hash_of` / `equals_var`);
/// - `error` checks the kind only, unless the case covers one of the `wording`
///   requirements, whose text fixes what an error says ("errors teach", MCP-052, whose
///   upstream example quotes the line): only then `mentions` / `mentions_any`;
/// - no `matches` regex that accepts only lower-case hex;
/// - no race with losers, except the one the upstream decides: of N `hash_guarded`
///   mutations (file.remove, text.*-edits) carrying one hash, exactly one succeeds and the
///   others fail in any way (MCP-032/034: once one succeeded, every other hash is stale).
///   Which call wins, and the losers' error kind, are ours;
/// - no `mode` check on disk (permission preservation is ours);
/// - no `lines` argument with 0 as start, no zero or negative `line` for the `insert` tool,
///   no empty `old` / `new` / `content` line text for `line_edits` (the upstream leaves
///   these open), no `${sha256:…}` as a `hash` argument (its letter case is ours) but the
///   reader's;
/// - no `total_lines` check when a file's line count depends on the line model (text that
///   is "\n", lacks a final newline, ends in a blank line, or holds `\r`);
/// - no `line_edits` edit of a file holding `\r` (CRLF handling), no `append` to a file
///   without a final newline.
pub fn core_rule_problems(cat: &Catalogue) -> Vec<Problem> {
    let rule = &cat.profile.core_rule;
    let mut out = Vec::new();
    for (a, c) in cat.cases() {
        if !cat.is_core(c) {
            continue;
        }
        let mut why = core_expect_problems(&cat.profile, c);
        for d in &c.then.disk {
            if let DiskCheck::File { mode: Some(_), .. } = d {
                why.push("checks permission bits; their preservation is a clarification".into());
            }
        }
        for step in &c.when {
            if let Step::Call { tool, args, .. } = step {
                why.extend(core_arg_problems(&cat.profile, tool, args));
            }
        }
        why.extend(core_line_model_problems(rule, c));
        for w in why {
            out.push(p(a, &c.id, &format!("core case (covers no CLR id) {w}")));
        }
    }
    out
}

/// Whether every call of `c` is the profile's whole-file read.
fn only_whole_reads(profile: &Profile, c: &Case) -> bool {
    c.when.iter().all(|s| match s {
        Step::Call {
            tool,
            args: Value::Object(args),
            ..
        } => profile.is_whole_read(tool, args),
        _ => false,
    })
}

/// What a core case's expectation checks beyond the source.
fn core_expect_problems(profile: &Profile, c: &Case) -> Vec<String> {
    let rule = &profile.core_rule;
    let mut why: Vec<String> = Vec::new();
    match &c.then.expect {
        Expect::Listing(l) if l.json.is_some() => {
            why.push("checks `listing.json`; the exact JSON shape is a clarification".into())
        }
        Expect::Result(r) => {
            let text = profile.reader_field();
            // A saved variable's text (`equals_var`, a 10 MB read) is as exact as a literal.
            let exact = r.fields.get(text).is_some_and(|v| v.as_str() != Some(""))
                || r.equals_var.get(text).is_some();
            if exact && !(rule.exact_whole_read && only_whole_reads(profile, c)) {
                why.push(format!(
                    "checks exact `{text}` in `fields` or `equals_var` beyond a whole read the \
                     source makes exact (`core_rule.exact_whole_read`); use `lines`"
                ));
            }
            for (k, v) in r.fields.iter() {
                if v.as_str().is_some_and(is_hex64) {
                    why.push(format!(
                        "compares `{k}` with a literal hash; use `hash_of` or `equals_var`"
                    ));
                }
            }
            for (k, re) in r.matches.iter() {
                if re.contains("a-f") && !re.contains("A-F") && !re.contains("(?i)") {
                    why.push(format!("regex for `{k}` accepts only lower-case hex"));
                }
            }
        }
        Expect::Error(e) => {
            let wording = !e.mentions.is_empty() || !e.mentions_any.is_empty();
            if wording && !rule.wording.iter().any(|t| c.covers.contains(t)) {
                why.push(if rule.wording.is_empty() {
                    "checks the error's wording, which the source leaves open; core cases \
                     check the kind only"
                        .into()
                } else {
                    format!(
                        "checks the error's wording but covers none of {} (the requirements \
                         that fix it); otherwise core cases check the kind only",
                        rule.wording.join(", ")
                    )
                });
            }
        }
        Expect::Concurrent(cc) => {
            let (count, call, args) = match c.last_step() {
                Some(Step::Concurrent {
                    count, call, args, ..
                }) => (*count, call.as_str(), args),
                _ => (0, "", &Value::Null),
            };
            let one_hash = args.get("hash").is_some_and(|h| {
                h.as_str()
                    .is_some_and(|s| s.starts_with("${") && !s.contains("${i}"))
            });
            let exclusive = cc.succeeded == 1
                && cc.others == ErrorKind::Any
                && rule.hash_guarded.iter().any(|t| same_tool(t, call))
                && one_hash;
            if cc.succeeded != count && !exclusive {
                why.push(
                    "expects some concurrent calls to lose; beyond \"exactly one of N \
                     same-hash mutations wins, the others fail in any way\", race \
                     outcomes are a clarification"
                        .into(),
                );
            }
        }
        _ => {}
    }
    why
}

/// Whether `a` and `b` name one tool, in either spelling (`text.read`, `text_read`).
fn same_tool(a: &str, b: &str) -> bool {
    a.replace('_', ".") == b.replace('_', ".")
}

/// Whether `tool` is the one `named` names.
fn is(named: Option<&String>, tool: &str) -> bool {
    named.is_some_and(|n| same_tool(n, tool))
}

fn core_arg_problems(profile: &Profile, tool: &str, args: &Value) -> Vec<String> {
    let rule = &profile.core_rule;
    let mut why = Vec::new();
    let start = args
        .get("lines")
        .and_then(Value::as_array)
        .and_then(|a| a.first());
    if start.and_then(Value::as_i64) == Some(0) {
        why.push(format!(
            "passes 0 as a range start to {tool}; its meaning is a clarification"
        ));
    }
    if is(rule.insert.as_ref(), tool)
        && args
            .get("line")
            .and_then(Value::as_i64)
            .is_some_and(|l| l <= 0)
    {
        why.push(format!(
            "passes a zero or negative `line` to {tool}; the upstream leaves that open"
        ));
    }
    if !is(profile.reader.as_ref(), tool)
        && args
            .get("hash")
            .and_then(Value::as_str)
            .is_some_and(|h| h.contains("${sha256:"))
    {
        why.push(format!(
            "passes `${{sha256:…}}` as the hash to {tool}; take it from an earlier read"
        ));
    }
    if rule.line_edits.iter().any(|t| same_tool(t, tool)) {
        for key in ["old", "new", "content"] {
            if args.get(key).and_then(Value::as_str) == Some("") {
                why.push(format!(
                    "passes an empty `{key}` to {tool}; its meaning is a clarification"
                ));
            }
        }
    }
    why
}

/// Checks whose outcome depends on how lines and terminators are read.
fn core_line_model_problems(rule: &CoreRule, c: &Case) -> Vec<String> {
    let mut why = Vec::new();
    // Root files as the case writes them: fixtures, then changes on disk.
    let mut files: Vec<(&str, &str)> = Vec::new();
    for f in &c.given {
        if let Fixture::File {
            path,
            content: Content::Text(t),
            ..
        } = f
        {
            files.push((path.trim_start_matches('/'), t));
        }
    }
    for s in &c.when {
        if let Step::WriteOnDisk { file, text } = s {
            files.push((file.trim_start_matches('/'), text));
        }
    }
    let ambiguous = |t: &str| {
        t == "\n"
            || (!t.is_empty() && !t.ends_with('\n'))
            || t.ends_with("\n\n")
            || t.contains('\r')
    };
    if let Expect::Result(r) = &c.then.expect
        && r.fields.get("total_lines").is_some()
        && files.iter().any(|(_, t)| ambiguous(t))
    {
        why.push(
            "checks `total_lines` of a file whose line count depends on the line model".into(),
        );
    }
    // Walk the steps keeping each file's latest known text (fixture, then changes on disk).
    let mut current: std::collections::BTreeMap<&str, &str> = std::collections::BTreeMap::new();
    for f in &c.given {
        if let Fixture::File {
            path,
            content: Content::Text(t),
            ..
        } = f
        {
            current.insert(path.trim_start_matches('/'), t);
        }
    }
    for s in &c.when {
        if let Step::WriteOnDisk { file, text } = s {
            current.insert(file.trim_start_matches('/'), text);
        }
        let Step::Call { tool, args, .. } = s else {
            continue;
        };
        let target = args
            .get("path")
            .and_then(Value::as_str)
            .map(|p| p.trim_start_matches('/'));
        let text_of = target.and_then(|p| current.get(p).copied());
        let Some(text) = text_of else { continue };
        if rule.line_edits.iter().any(|t| same_tool(t, tool)) && text.contains('\r') {
            why.push(format!(
                "edits a file holding `\\r` with {tool}; CRLF handling is a clarification"
            ));
        }
        if is(rule.append.as_ref(), tool) && !text.is_empty() && !text.ends_with('\n') {
            why.push("appends to a file without a final newline; that is a clarification".into());
        }
    }
    why
}

fn is_hex64(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

fn p(a: &Area, id: &str, msg: &str) -> Problem {
    Problem::new(format!("specs/{}", a.file), Some(id), msg)
}

/// Every lint over the catalogue alone (not the features) with the case-count floor.
pub fn all(cat: &Catalogue) -> Vec<Problem> {
    let mut out = Vec::new();
    out.extend(uncovered_requirements(cat));
    out.extend(clarification_problems(cat));
    out.extend(
        missing_t_ids(cat)
            .into_iter()
            .map(|t| Problem::new("specs/", Some(&t), "upstream test id has no case")),
    );
    out.extend(unknown_t_ids(cat));
    out.extend(core_rule_problems(cat));
    let n = cat.cases().count();
    if n < MIN_CASES {
        out.push(Problem::new(
            "specs/",
            None,
            format!("{n} cases; at least {MIN_CASES} expected"),
        ));
    }
    out
}
