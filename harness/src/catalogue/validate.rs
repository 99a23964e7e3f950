//! Consistency checks run on every load: id formats, duplicate ids, dangling references,
//! step/expectation compatibility, variables used before they are saved, and anything
//! that could not be rendered as one Gherkin step line.

use std::collections::{BTreeMap, BTreeSet};

use base64::Engine as _;
use serde_json::Value;

use super::model::*;
use super::tag::ControlTag;
use super::vocabulary;
use super::{Catalogue, Problem};

/// Longest allowed case name, in characters (scenario names must stay readable in reports).
pub const MAX_NAME_CHARS: usize = 60;

pub(crate) fn validate(cat: &Catalogue, prefix: &str) -> Vec<Problem> {
    let mut v = Validator {
        cat,
        prefix,
        out: Vec::new(),
    };
    v.ids();
    for r in &cat.requirements {
        v.requirement(r);
    }
    for c in &cat.clarifications {
        v.clarification(c);
    }
    for a in &cat.areas {
        v.area(a);
    }
    v.out
}

struct Validator<'a> {
    cat: &'a Catalogue,
    prefix: &'a str,
    out: Vec<Problem>,
}

/// Built-in interpolations available everywhere (`${sha256:<path>}` is handled apart).
const BUILTINS: [&str; 2] = ["root", "outside"];

impl Validator<'_> {
    fn push(&mut self, file: &str, id: &str, message: impl Into<String>) {
        self.out.push(Problem::new(
            format!("{}{}", self.prefix, file),
            Some(id),
            message,
        ));
    }

    /// Every id (requirement, clarification, case) is unique across all files.
    fn ids(&mut self) {
        let mut seen: BTreeMap<&str, &str> = BTreeMap::new();
        let mut all: Vec<(&str, &str)> = Vec::new();
        all.extend(
            self.cat
                .requirements
                .iter()
                .map(|r| ("requirements.yaml", r.id.as_str())),
        );
        all.extend(
            self.cat
                .clarifications
                .iter()
                .map(|c| ("clarifications.yaml", c.id.as_str())),
        );
        for a in &self.cat.areas {
            all.extend(a.cases.iter().map(|c| (a.file.as_str(), c.id.as_str())));
        }
        for (file, id) in all {
            if let Some(first) = seen.get(id) {
                let msg = format!("duplicate id (first defined in {}{first})", self.prefix);
                self.push(file, id, msg);
            } else {
                seen.insert(id, file);
            }
        }
    }

    fn requirement(&mut self, r: &Requirement) {
        let f = "requirements.yaml";
        if !is_requirement_id(&r.id) {
            self.push(
                f,
                &r.id,
                "requirement ids look like MCP-012, AUTH-040 or FR-3.1.1",
            );
        }
        if r.statement.trim().is_empty() {
            self.push(f, &r.id, "empty `statement`");
        }
        if r.source.trim().is_empty() {
            self.push(f, &r.id, "empty `source`");
        }
        if r.not_applicable
            .as_deref()
            .is_some_and(|s| s.trim().is_empty())
        {
            self.push(
                f,
                &r.id,
                "`not_applicable` needs the reason it cannot be tested",
            );
        }
    }

    fn clarification(&mut self, c: &Clarification) {
        let f = "clarifications.yaml";
        if !is_clarification_id(&c.id) {
            self.push(f, &c.id, "clarification ids look like CLR-001 or LH-CLR-01");
        }
        for (field, text) in [
            ("title", &c.title),
            ("choice", &c.choice),
            ("reason", &c.reason),
        ] {
            if text.trim().is_empty() {
                self.push(f, &c.id, format!("empty `{field}`"));
            }
        }
        for r in &c.refines {
            if self.cat.requirement_of(r).is_none() {
                self.push(f, &c.id, format!("`refines` names unknown requirement {r}"));
            }
        }
    }

    fn area(&mut self, a: &Area) {
        let f = a.file.as_str();
        let base = f.rsplit('/').next().unwrap_or(f);
        let stem = base.strip_suffix(".yaml").unwrap_or(base);
        if a.area != stem {
            self.push(
                f,
                &a.area,
                format!("`area` must equal the file stem `{stem}`"),
            );
        }
        if a.area.is_empty()
            || !a
                .area
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
        {
            self.push(f, &a.area, "area names use a-z, 0-9, `_` and `-` only");
        }
        if a.title.trim().is_empty() || a.title.contains('\n') {
            self.push(f, &a.area, "`title` must be one non-empty line");
        }
        if a.cases.is_empty() {
            self.push(f, &a.area, "an area needs at least one case");
        }
        for c in &a.cases {
            self.case(f, c);
        }
    }

    fn case(&mut self, f: &str, c: &Case) {
        let id = c.id.as_str();
        if !is_case_id(id) {
            self.push(
                f,
                id,
                "case ids use letters, digits, `.`, `_`, `-` (e.g. T3.5.2, READ-007)",
            );
        }
        if is_clarification_id(id) || self.cat.entry(id).is_some() {
            self.push(
                f,
                id,
                "a case id must not be (or look like) a requirement or clarification id",
            );
        }
        let n = c.name.chars().count();
        if n > MAX_NAME_CHARS {
            self.push(
                f,
                id,
                format!("name has {n} characters; at most {MAX_NAME_CHARS}"),
            );
        }
        if c.name.trim().is_empty() || c.name.chars().any(char::is_control) {
            self.push(f, id, "`name` must be one non-empty line");
        }
        self.covers(f, c);
        self.fixtures(f, c);
        self.roots(f, c);
        self.steps(f, c);
        self.then(f, c);
        self.variables(f, c);
    }

    fn covers(&mut self, f: &str, c: &Case) {
        if c.covers.is_empty() {
            self.push(
                f,
                &c.id,
                "`covers` must name at least one requirement or clarification",
            );
        }
        let mut seen = BTreeSet::new();
        for r in &c.covers {
            if !seen.insert(r) {
                self.push(f, &c.id, format!("`covers` lists {r} twice"));
            }
            match self.cat.entry(r) {
                None => self.push(f, &c.id, format!("`covers` names unknown id {r}")),
                Some(super::Entry::Requirement(req)) if req.not_applicable.is_some() => self.push(
                    f,
                    &c.id,
                    format!("`covers` names {r}, which is marked not_applicable"),
                ),
                Some(_) => {}
            }
        }
    }

    fn fixtures(&mut self, f: &str, c: &Case) {
        for fx in &c.given {
            match fx {
                Fixture::File {
                    path,
                    content,
                    mode,
                } => {
                    self.rel_path(f, &c.id, path);
                    self.content(f, &c.id, content);
                    if let Some(m) = mode {
                        self.mode(f, &c.id, *m);
                    }
                }
                Fixture::Dir { path } => self.rel_path(f, &c.id, path),
                Fixture::Variable { name, text, times } => {
                    self.variable(f, &c.id, name, text, *times)
                }
                Fixture::Symlink { path, target } => {
                    self.rel_path(f, &c.id, path);
                    self.quotable(f, &c.id, "symlink target", target);
                    if target.is_empty() {
                        self.push(f, &c.id, format!("symlink `{path}` has an empty target"));
                    }
                }
                Fixture::HardLink { path, target } => {
                    self.rel_path(f, &c.id, path);
                    self.quotable(f, &c.id, "hard link target", target);
                    if !target.starts_with("${root}/") && !target.starts_with("${outside}/") {
                        self.push(
                            f,
                            &c.id,
                            format!(
                                "hard link `{path}` needs a target of the form ${{root}}/x or \
                                 ${{outside}}/x, a file made by an earlier fixture"
                            ),
                        );
                    }
                }
                Fixture::OutsideFile { name, content } => {
                    self.rel_path(f, &c.id, name);
                    if matches!(content, Content::Repeat { .. }) {
                        self.push(
                            f,
                            &c.id,
                            "outside files take `text` or `base64`, not `repeat`",
                        );
                    }
                    self.content(f, &c.id, content);
                }
                Fixture::OutsideDir { name } => self.rel_path(f, &c.id, name),
                Fixture::Special { path, .. } => self.rel_path(f, &c.id, path),
            }
        }
    }

    fn content(&mut self, f: &str, id: &str, content: &Content) {
        match content {
            Content::Text(_) => {}
            Content::Base64(b) => self.base64(f, id, b),
            Content::Repeat { text, times } => {
                if text.is_empty() || *times == 0 {
                    self.push(f, id, "`repeat` needs non-empty `text` and `times` ≥ 1");
                }
            }
        }
    }

    /// A variable fixture: a plain name no built-in has, and text the harness takes as it
    /// is (it is not interpolated, so it holds no `${`).
    fn variable(&mut self, f: &str, id: &str, name: &str, text: &str, times: u64) {
        let plain = !name.is_empty()
            && name
                .chars()
                .all(|ch| ch.is_ascii_alphanumeric() || ch == '_');
        if !plain || BUILTINS.contains(&name) || name == "i" || name == "winner" {
            self.push(
                f,
                id,
                format!(
                    "variable `{name}` needs a name of letters, digits and `_` that is no \
                     built-in"
                ),
            );
        }
        if text.is_empty() || times == 0 || text.contains("${") {
            self.push(
                f,
                id,
                "a variable's `repeat` needs non-empty `text` without `${` and `times` ≥ 1",
            );
        }
    }

    fn base64(&mut self, f: &str, id: &str, b: &str) {
        if base64::engine::general_purpose::STANDARD.decode(b).is_err() {
            self.push(f, id, format!("invalid base64 {b:?}"));
        }
    }

    fn mode(&mut self, f: &str, id: &str, m: u32) {
        if m > 0o7777 {
            self.push(
                f,
                id,
                format!("mode {m:#o} is not a permission mode (≤ 0o7777)"),
            );
        }
    }

    /// A root-relative path as used by fixtures and disk checks.
    fn rel_path(&mut self, f: &str, id: &str, path: &str) {
        self.quotable(f, id, "path", path);
        if path.is_empty() || path.starts_with('/') || path.split('/').any(|s| s == "..") {
            self.push(
                f,
                id,
                format!("fixture/disk path `{path}` must be relative, non-empty and without `..`"),
            );
        }
    }

    /// Text rendered between double quotes in a step must not break the line or the quotes.
    fn quotable(&mut self, f: &str, id: &str, what: &str, s: &str) {
        if !vocabulary::quotable(s) {
            self.push(
                f,
                id,
                format!(
                    "{what} {s:?} cannot be rendered in a Gherkin step (quote or control character)"
                ),
            );
        }
    }

    /// Client roots: each a directory of the scenario given as `${root}` or `${outside}`
    /// and a relative path (`..` allowed, for a hostile root), or `/`; only where the client
    /// can offer them.
    fn roots(&mut self, f: &str, c: &Case) {
        let id = c.id.as_str();
        let offered = c.roots.iter().flatten();
        let changed = c.when.iter().flat_map(|s| match s {
            Step::SetRoots(r) => r.as_slice(),
            _ => &[],
        });
        for r in offered.chain(changed) {
            if !is_root_path(r) {
                self.push(
                    f,
                    id,
                    format!(
                        "root {r:?} must be `/`, or `${{root}}` or `${{outside}}` optionally \
                         followed by `/` and a relative path without `.` or empty segments \
                         (e.g. `${{root}}/a`, `${{root}}/../x`)"
                    ),
                );
            }
        }
        if let Some(n) = c.roots_repeat
            && (c.roots.as_ref().is_none_or(Vec::is_empty) || !(2..=100_000).contains(&n))
        {
            self.push(
                f,
                id,
                format!(
                    "`roots_repeat: {n}` needs a non-empty case-level `roots` and a count from 2 \
                     to 100000"
                ),
            );
        }
        if c.uses_roots() && c.roots.is_none() {
            self.push(
                f,
                id,
                "`set_roots` needs a case-level `roots` (the roots offered at start, possibly \
                 `[]`): the client declares the roots capability when it connects",
            );
        }
        if c.uses_roots() && c.transport_tag() == Some(ControlTag::HttpOnly) {
            self.push(
                f,
                id,
                "client roots are offered over stdio only (roots/list is a server-to-client \
                 request); the case cannot have `transports: [http]`",
            );
        }
    }

    fn steps(&mut self, f: &str, c: &Case) {
        let id = c.id.as_str();
        if c.when.is_empty() {
            self.push(f, id, "`when` needs at least one step");
            return;
        }
        let last = c.when.len() - 1;
        for (i, step) in c.when.iter().enumerate() {
            match step {
                Step::Http(_) => {
                    if c.transport_tag() != Some(ControlTag::HttpOnly) {
                        self.push(
                            f,
                            id,
                            "an `http` step needs `transports: [http]`: it cannot run over stdio",
                        );
                    }
                }
                Step::Call { tool, save, .. }
                | Step::Rpc {
                    method: tool, save, ..
                } => {
                    self.quotable(f, id, "tool name", tool);
                    for (var, field) in save.iter() {
                        if !is_var_name(var)
                            || BUILTINS.contains(&var)
                            || var == "i"
                            || var == "winner"
                        {
                            self.push(f, id, format!("`{var}` is not a usable variable name"));
                        }
                        self.quotable(f, id, "field", field);
                    }
                }
                Step::WriteOnDisk { file, .. } => {
                    self.rel_path(f, id, file);
                    if i == last {
                        self.push(
                            f,
                            id,
                            "the last step must be one the `then` can check, not write_on_disk",
                        );
                    }
                }
                Step::ReadResource(uri) => self.quotable(f, id, "uri", uri),
                Step::ListTools | Step::ListResourceTemplates => {}
                Step::Sweep => {
                    if i != last {
                        self.push(f, id, "`sweep_tools` must be the last step");
                    }
                }
                Step::SetRoots(_) => {
                    if i == last {
                        self.push(
                            f,
                            id,
                            "the last step must be one the `then` can check, not set_roots",
                        );
                    }
                }
                Step::Concurrent { count, call, .. } => {
                    self.quotable(f, id, "tool name", call);
                    if *count == 0 {
                        self.push(f, id, "`concurrent` needs count ≥ 1");
                    }
                    if i != last {
                        self.push(f, id, "`concurrent` must be the last step");
                    }
                }
                Step::ReadDuring { call, path, .. } => {
                    self.quotable(f, id, "tool name", call);
                    self.rel_path(f, id, path);
                    if i != last {
                        self.push(f, id, "`read_during` must be the last step");
                    }
                }
                Step::Race { swap, with, .. } => {
                    self.rel_path(f, id, swap);
                    self.quotable(f, id, "race target", with);
                    if i != last {
                        self.push(f, id, "`race` must be the last step");
                    }
                }
            }
        }
    }

    fn then(&mut self, f: &str, c: &Case) {
        let id = c.id.as_str();
        let Some(last) = c.last_step() else { return };
        let fits = matches!(
            (&c.then.expect, last),
            (Expect::Result(_), Step::Call { .. } | Step::Rpc { .. })
                | (
                    Expect::Error(_),
                    Step::Call { .. } | Step::Rpc { .. } | Step::ReadResource(_)
                )
                | (Expect::Listing(_), Step::ReadResource(_))
                | (Expect::Tools(_), Step::ListTools)
                | (Expect::Templates(_), Step::ListResourceTemplates)
                | (Expect::Concurrent(_), Step::Concurrent { .. })
                | (Expect::ReadsDuring(_), Step::ReadDuring { .. })
                | (Expect::Http(_), Step::Http(_))
                | (Expect::Answered, Step::Call { .. } | Step::Rpc { .. })
                | (
                    Expect::NeverShows(_),
                    Step::Call { .. }
                        | Step::Rpc { .. }
                        | Step::Race { .. }
                        | Step::ReadResource(_)
                )
                | (Expect::Sweep(_), Step::Sweep)
                | (
                    Expect::Stdout(_),
                    Step::ListTools | Step::Call { .. } | Step::Rpc { .. } | Step::ReadResource(_)
                )
        );
        if !fits {
            self.push(
                f,
                id,
                format!(
                    "`then.{}` cannot check a last step of kind `{}`",
                    c.then.expect.kind(),
                    last.kind()
                ),
            );
        }
        self.expectation(f, c, last);
        self.disk_checks(f, c);
    }

    /// What `then`'s expectation names is well formed for its kind.
    fn expectation(&mut self, f: &str, c: &Case, last: &Step) {
        let id = c.id.as_str();
        match &c.then.expect {
            Expect::Result(r) => {
                let fields: Vec<&String> = r
                    .fields
                    .0
                    .iter()
                    .map(|(k, _)| k)
                    .chain(r.lines.0.iter().map(|(k, _)| k))
                    .chain(r.matches.0.iter().map(|(k, _)| k))
                    .chain(r.hash_of.0.iter().map(|(k, _)| k))
                    .chain(r.equals_var.0.iter().map(|(k, _)| k))
                    .chain(r.differs_var.0.iter().map(|(k, _)| k))
                    .collect();
                for field in fields {
                    self.quotable(f, id, "field", field);
                }
                for (_, path) in r.hash_of.iter() {
                    self.rel_path(f, id, path);
                }
                for (field, re) in r.matches.iter() {
                    if re.is_empty() {
                        self.push(f, id, format!("empty regex for `{field}` in `matches`"));
                    } else if let Err(e) = regex::Regex::new(re) {
                        self.push(f, id, format!("regex for `{field}` does not compile: {e}"));
                    }
                }
            }
            Expect::Error(e) => {
                if e.marked && self.cat.profile.failures.is_none() {
                    self.push(
                        f,
                        id,
                        "`marked` checks the mark the interface states for failures, but its \
                         profile states none (`failures:` in profile.yaml)",
                    );
                }
                for (field, ty) in e.typed.iter() {
                    self.quotable(f, id, "field", field);
                    let known = ["string", "boolean", "number", "object", "array"];
                    if !known.contains(&ty.as_str()) {
                        self.push(
                            f,
                            id,
                            format!("`typed` {field}: {ty} is not one of {}", known.join(", ")),
                        );
                    }
                }
            }
            Expect::Listing(l) => {
                if l.names.is_none()
                    && l.directories.is_none()
                    && l.files.is_none()
                    && l.json.is_none()
                {
                    self.push(
                        f,
                        id,
                        "`listing` needs at least one of names, directories, files, json",
                    );
                }
            }
            Expect::Tools(tools) => {
                if tools.is_empty() {
                    self.push(f, id, "`tools` needs at least one tool");
                }
                for t in tools {
                    self.quotable(f, id, "tool name", &t.name);
                }
            }
            Expect::Templates(ts) => {
                if ts.is_empty() {
                    self.push(f, id, "`templates` needs at least one template");
                }
                for t in ts {
                    self.quotable(f, id, "template", t);
                }
            }
            Expect::Concurrent(cc) => {
                if let Step::Concurrent { count, .. } = last
                    && cc.succeeded > *count
                {
                    self.push(
                        f,
                        id,
                        format!("{} successes expected of {count} calls", cc.succeeded),
                    );
                }
            }
            Expect::ReadsDuring(_) | Expect::Http(_) | Expect::Answered | Expect::Sweep(_) => {}
            Expect::NeverShows(texts) => {
                for t in texts {
                    self.quotable(f, id, "text", t);
                }
            }
            Expect::Stdout(_) => {
                if c.transport_tag() != Some(ControlTag::StdioOnly) {
                    self.push(
                        f,
                        id,
                        "`then.stdout` needs `transports: [stdio]`: over HTTP stdout is no \
                         protocol stream",
                    );
                }
            }
        }
    }

    /// The disk checks name paths inside the root, modes and contents that can be made.
    fn disk_checks(&mut self, f: &str, c: &Case) {
        let id = c.id.as_str();
        for d in c.then.all_disk_checks() {
            match d {
                DiskCheck::File {
                    path,
                    content,
                    mode,
                } => {
                    self.rel_path(f, id, path);
                    if let Some(m) = mode {
                        self.mode(f, id, *m);
                    }
                    match content {
                        Some(DiskContent::Base64(b)) => self.base64(f, id, b),
                        Some(DiskContent::TextWithVar(_))
                            if !matches!(c.then.expect, Expect::Concurrent(_)) =>
                        {
                            self.push(f, id, "`text_with_var` needs a `concurrent` expectation");
                        }
                        _ => {}
                    }
                }
                DiskCheck::Absent(p) | DiskCheck::Dir(p) => self.rel_path(f, id, p),
                DiskCheck::Only(all) => {
                    for p in all {
                        self.rel_path(f, id, p);
                        self.quotable(f, id, "path", p);
                    }
                }
            }
        }
    }

    /// Every `${var}` refers to a variable saved by an earlier step, or to a built-in that
    /// is available at that place.
    fn variables(&mut self, f: &str, c: &Case) {
        let mut problems = Vec::new();
        fixture_refs(c, &mut problems);
        let defined = step_refs(c, &mut problems);
        expectation_refs(c, &defined, &mut problems);
        disk_refs(c, &defined, &mut problems);
        for p in problems {
            self.push(f, c.id.as_str(), p);
        }
    }
}

/// A fixture's texts may name built-ins alone: no variable is saved before the first step.
fn fixture_refs(c: &Case, problems: &mut Vec<String>) {
    for fx in &c.given {
        let texts: Vec<&str> = match fx {
            Fixture::File {
                content: Content::Text(t),
                ..
            }
            | Fixture::File {
                content: Content::Repeat { text: t, .. },
                ..
            }
            | Fixture::OutsideFile {
                content: Content::Text(t),
                ..
            }
            | Fixture::Symlink { target: t, .. }
            | Fixture::HardLink { target: t, .. } => vec![t],
            _ => vec![],
        };
        for t in texts {
            check_refs(t, &BTreeSet::new(), &[], "a fixture", problems);
        }
    }
}

/// The steps' references, each to a variable saved before it; gives every variable saved.
fn step_refs(c: &Case, problems: &mut Vec<String>) -> BTreeSet<String> {
    // Variable fixtures are set before the first step.
    let mut defined: BTreeSet<String> = c
        .given
        .iter()
        .filter_map(|fx| match fx {
            Fixture::Variable { name, .. } => Some(name.clone()),
            _ => None,
        })
        .collect();
    for (n, step) in c.when.iter().enumerate() {
        let place = format!("step {}", n + 1);
        match step {
            Step::Call { args, save, .. }
            | Step::Rpc {
                params: args, save, ..
            } => {
                check_json(args, &defined, &[], &place, problems);
                defined.extend(save.iter().map(|(k, _)| k.to_string()));
            }
            Step::WriteOnDisk { text, .. } => check_refs(text, &defined, &[], &place, problems),
            Step::ReadResource(uri) => check_refs(uri, &defined, &[], &place, problems),
            Step::Concurrent { args, .. } => check_json(args, &defined, &["i"], &place, problems),
            Step::ReadDuring {
                args, reader_args, ..
            } => {
                check_json(args, &defined, &[], &place, problems);
                if let Some(r) = reader_args {
                    check_json(r, &defined, &[], &place, problems);
                }
            }
            Step::Race { calls, with, .. } => {
                check_refs(with, &defined, &[], &place, problems);
                for call in calls {
                    check_json(call, &defined, &["i"], &place, problems);
                }
            }
            // Roots are checked whole by `roots`.
            Step::ListTools
            | Step::ListResourceTemplates
            | Step::Http(_)
            | Step::SetRoots(_)
            | Step::Sweep => {}
        }
    }
    defined
}

/// The expectation's references, to variables the steps saved.
fn expectation_refs(c: &Case, defined: &BTreeSet<String>, problems: &mut Vec<String>) {
    match &c.then.expect {
        Expect::Result(r) => {
            for (_, v) in r.fields.iter() {
                check_json(v, defined, &[], "then.result.fields", problems);
            }
            for (_, lines) in r.lines.iter() {
                for l in lines {
                    check_refs(l, defined, &[], "then.result.lines", problems);
                }
            }
            for (_, var) in r.equals_var.iter().chain(r.differs_var.iter()) {
                if !defined.contains(var) {
                    problems.push(format!(
                        "then.result compares with `{var}`, which no earlier step saves"
                    ));
                }
            }
        }
        Expect::Error(e) => {
            for m in e.mentions.iter().chain(e.mentions_any.iter()) {
                check_refs(m, defined, &[], "then.error", problems);
            }
            let with_facts = [
                ErrorKind::NotFound,
                ErrorKind::StaleHash,
                ErrorKind::ContentMismatch,
            ];
            if e.facts && !with_facts.contains(&e.kind) {
                problems.push(format!(
                    "then.error asks for `facts`, but the harness knows facts only of \
                     not_found, stale_hash and content_mismatch errors, not {}",
                    e.kind
                ));
            }
        }
        Expect::Listing(l) => {
            if let Some(j) = &l.json {
                check_json(j, defined, &[], "then.listing.json", problems);
            }
        }
        _ => {}
    }
}

/// The disk checks' references, to variables the steps saved (and `winner`).
fn disk_refs(c: &Case, defined: &BTreeSet<String>, problems: &mut Vec<String>) {
    for d in c.then.all_disk_checks() {
        if let DiskCheck::File {
            content: Some(content),
            ..
        } = d
        {
            match content {
                DiskContent::Text(t) => check_refs(t, defined, &[], "then.disk", problems),
                DiskContent::TextWithVar(t) => {
                    check_refs(t, defined, &["winner"], "then.disk", problems)
                }
                DiskContent::Base64(_) => {}
            }
        }
    }
}

fn check_json(
    v: &Value,
    defined: &BTreeSet<String>,
    extra: &[&str],
    place: &str,
    out: &mut Vec<String>,
) {
    match v {
        Value::String(s) => check_refs(s, defined, extra, place, out),
        Value::Array(a) => a
            .iter()
            .for_each(|x| check_json(x, defined, extra, place, out)),
        Value::Object(o) => o
            .values()
            .for_each(|x| check_json(x, defined, extra, place, out)),
        _ => {}
    }
}

/// `${root}` or `${outside}`, then nothing or `/` and plain relative segments (no `.`,
/// `..`, empty segment, further `${`, quote or control character).
fn is_root_path(r: &str) -> bool {
    if r == "/" {
        return true;
    }
    let Some(rest) = r
        .strip_prefix("${root}")
        .or_else(|| r.strip_prefix("${outside}"))
    else {
        return false;
    };
    if rest.is_empty() {
        return true;
    }
    let Some(rel) = rest.strip_prefix('/') else {
        return false;
    };
    rel.split('/').all(|seg| {
        !seg.is_empty()
            && seg != "."
            && !seg.contains("${")
            && !seg.contains(|c: char| c == '"' || c.is_control())
    })
}

/// Checks each `${…}` in `s`.
fn check_refs(
    s: &str,
    defined: &BTreeSet<String>,
    extra: &[&str],
    place: &str,
    out: &mut Vec<String>,
) {
    let mut rest = s;
    while let Some(start) = rest.find("${") {
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            out.push(format!("{place}: unterminated `${{` in {s:?}"));
            return;
        };
        let name = &after[..end];
        let ok = defined.contains(name)
            || BUILTINS.contains(&name)
            || extra.contains(&name)
            || name.strip_prefix("sha256:").is_some_and(|p| !p.is_empty());
        if !ok {
            out.push(format!(
                "{place}: `${{{name}}}` is not a variable saved by an earlier step nor a built-in"
            ));
        }
        rest = &after[end + 1..];
    }
}

/// An upstream id as its source spells it: a prefix of upper-case letters (possibly with
/// digits and `_`, as in `3_MCP`), then `-` and segments of upper-case letters, digits and
/// dots (`MCP-012`, `AUTH-040`, `FR-3.1.1`, `NFR-3.1-SIZE`, `3_MCP-TAS-079`), and not a
/// clarification id.
pub fn is_requirement_id(id: &str) -> bool {
    let mut parts = id.split('-');
    let head = parts.next().unwrap_or_default();
    let rest: Vec<&str> = parts.collect();
    head.bytes().any(|b| b.is_ascii_uppercase())
        && head
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
        && !rest.is_empty()
        && rest.iter().all(|p| {
            !p.is_empty()
                && p.bytes()
                    .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'.')
        })
        && head != "CLR"
        && !id.contains("-CLR-")
}

/// `CLR-001`, or with a profile's prefix, `LH-CLR-01`.
pub fn is_clarification_id(id: &str) -> bool {
    let tail = match id.split_once("-CLR-") {
        Some((prefix, n)) if prefix.bytes().all(|b| b.is_ascii_uppercase()) => n,
        _ => match id.strip_prefix("CLR-") {
            Some(n) => n,
            None => return false,
        },
    };
    tail.len() >= 2 && tail.bytes().all(|b| b.is_ascii_digit())
}

/// `T3.5.2`, `READ-007`; a shared case carries its profile, or the name of an interface
/// file (`catalogue/interface.rs`): `lighthouse/SAFE-004`, `my-server/SAFE-004`.
fn is_case_id(id: &str) -> bool {
    let local = match id.split_once('/') {
        Some((profile, rest))
            if profile.starts_with(|c: char| c.is_ascii_lowercase())
                && profile
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') =>
        {
            rest
        }
        Some(_) => return false,
        None => id,
    };
    !local.is_empty()
        && local
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_' || b == b'-')
}

fn is_var_name(v: &str) -> bool {
    let mut bytes = v.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_of_every_profile() {
        for id in [
            "MCP-012",
            "AUTH-040",
            "FR-3.1.1",
            "NFR-3.1-SIZE",
            "R-3.1.2",
            "AC-3.1.26",
            "3_MCP-TAS-079",
            "3_MCP-TAS-079-EDIT-MISSING",
        ] {
            assert!(is_requirement_id(id), "{id}");
            assert!(!is_clarification_id(id), "{id}");
        }
        for id in ["CLR-001", "LH-CLR-01"] {
            assert!(is_clarification_id(id), "{id}");
            assert!(!is_requirement_id(id), "{id}");
        }
        for id in [
            "mcp-012",
            "MCP",
            "MCP-",
            "FR-3.1.x",
            "CLR-1",
            "lh-CLR-01",
            "X-CLR-0a",
            "3_-TAS",
            "3_mcp-TAS-079",
        ] {
            assert!(!is_requirement_id(id) && !is_clarification_id(id), "{id}");
        }
    }
}
