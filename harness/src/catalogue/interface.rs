//! An interface file (`mcp-harness run --interface FILE`): a server author's mapping of
//! the shared checks' abstract operations onto the server's own tools, in the same
//! `operations` format as a `profile.yaml`, plus how a read's text comes back. It becomes a
//! catalogue of the shared cases alone (`<interface>/SAFE-nnn`), whose every check rests on
//! one universal requirement (`UNIVERSAL-<CHECK>`, MUST, core), so no Rust and no rebuild is
//! needed to test a server of an interface the harness has no profile for.
//!
//! The file is checked strictly, and every mistake is named with the file and its line.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::path::Path;

use crate::catalogue::yaml::Value;
use regex::Regex;
use serde::Deserialize;

use super::limits::{DECLARED_LIMITS, Limits};
use super::model::{self, Level, Requirement};
use super::operation::Operation;
use super::pointer;
use super::profile::{FailureMarking, PagedRead, Profile, Refusal};
use super::shared::{self, Described, LeftOut, SharedIndex};
use super::{Catalogue, validate};

/// What the author writes. The keys besides `interface` and `title` are those of a
/// `profile.yaml` and mean the same (`specs/README.md`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterfaceFile {
    /// A short name for the server's interface (`my-server`): the prefix of its case ids.
    pub interface: String,
    #[serde(default)]
    pub title: Option<String>,
    /// Each abstract operation of `specs/shared/checks.yaml`: a step template, or a sentence
    /// saying why the interface has no such operation.
    pub operations: BTreeMap<String, Value>,
    /// The result field that holds a read's text, when not `content` (`data` in an
    /// `{ok, data}` envelope); or a JSON pointer to it, whose `*` matches any key
    /// (`/*/ranges/0/content` for a result keyed by the file's path).
    #[serde(default)]
    pub reader_field: Option<String>,
    /// For results of plain text: the field a result of text blocks alone stands for.
    #[serde(default)]
    pub text_result: Option<String>,
    /// For results of plain text: a header (a regular expression) their text starts with,
    /// left out before checks.
    #[serde(default)]
    pub text_header: Option<String>,
    /// The server's own refusal shape, when it is none of the usual ones: a JSON pointer
    /// into the result and the value there that means refused.
    #[serde(default)]
    pub refusal: Option<Refusal>,
    /// How the server marks a failed call (`is_error`, `is_error_or_json_rpc`, `json_rpc`,
    /// `envelope`, or `refusal` for the shape declared in `refusal:`): the `failure-marking`
    /// cases check that mark. Without it those cases are left out.
    #[serde(default)]
    pub failures: Option<FailureMarking>,
    /// What the server's edits do to line endings, when its own documentation says they are
    /// rewritten: the `edit-line-endings` cases then report a declared interface difference.
    #[serde(default)]
    pub line_endings: Option<LineEndings>,
    /// The sizes the server's documentation caps (`limits.rs`): the cases beyond a cap
    /// report a declared interface difference.
    #[serde(default)]
    pub limits: Option<Limits>,
    /// How the read tool answers part of a file and how to ask for the rest: the harness
    /// joins the pages and checks the whole text.
    #[serde(default)]
    pub paged_read: Option<PagedRead>,
    /// What an edit whose text occurs twice does, as the server's documentation says:
    /// refused (the default), or the first or every occurrence replaced. The cases of that
    /// choice run, the others are left out saying so.
    #[serde(default)]
    pub repeated_edits: RepeatedEdits,
}

/// An edit of a text found more than once: the `repeated-edit` checks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RepeatedEdits {
    /// Refused, the file unchanged (what `repeated-edit` checks when nothing is declared).
    #[default]
    Refused,
    /// The first occurrence replaced (`repeated-edit-first`).
    First,
    /// Every occurrence replaced (`repeated-edit-every`).
    Every,
}

impl RepeatedEdits {
    const CHOICES: [(RepeatedEdits, &'static str); 3] = [
        (RepeatedEdits::Refused, "repeated-edit"),
        (RepeatedEdits::First, "repeated-edit-first"),
        (RepeatedEdits::Every, "repeated-edit-every"),
    ];

    /// The checks of the choices not made, each with why it is left out.
    fn skipped(self) -> Vec<(String, String)> {
        let said = match self {
            RepeatedEdits::Refused => {
                "declares no `repeated_edits:`, so such an edit must be refused".to_string()
            }
            other => format!("declares `repeated_edits: {}`", other.word()),
        };
        Self::CHOICES
            .iter()
            .filter(|(c, _)| *c != self)
            .map(|(_, check)| (check.to_string(), format!("the interface file {said}")))
            .collect()
    }

    fn word(self) -> &'static str {
        match self {
            RepeatedEdits::Refused => "refused",
            RepeatedEdits::First => "first",
            RepeatedEdits::Every => "every",
        }
    }
}

/// The line-ending policy of a server's edits, as its documentation states it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineEndings {
    /// Bytes the edit does not name are kept, line endings among them (the default; what
    /// `UNIVERSAL-EDIT-LINE-ENDINGS` checks).
    Preserves,
    /// Every edit writes the whole file with `\n` endings (a documented setting or rule).
    NormalisesToLf,
}

/// A loaded interface: its catalogue (the shared cases on its tools) and the shared cases
/// left out because they need an operation it declares absent.
#[derive(Debug, Clone)]
pub struct Interface {
    pub catalogue: Catalogue,
    pub left_out: Vec<LeftOut>,
    /// The operations each case's steps use, by its id in this interface
    /// (`my-server/SAFE-001` → `read`).
    pub operations_of: BTreeMap<String, BTreeSet<String>>,
}

/// Every mistake found in an interface file, each `FILE:LINE: message`.
#[derive(Debug, Clone, PartialEq)]
pub struct InterfaceError {
    pub problems: Vec<String>,
}

impl fmt::Display for InterfaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "the interface file has {} problem(s):",
            self.problems.len()
        )?;
        for p in &self.problems {
            writeln!(f, "  {p}")?;
        }
        write!(
            f,
            "The format is in docs/interfaces.md; `mcp-harness interface init --server CMD` \
             writes a starter file."
        )
    }
}

/// The prefix of every requirement an interface's checks rest on.
pub const UNIVERSAL: &str = "UNIVERSAL-";

/// The prefix of a requirement the interface file declares the server differs in
/// (`UNIVERSAL-DECLARED-EDIT-LINE-ENDINGS`): its cases still run, and a failure is an
/// interface difference at SHOULD level, not a core failure.
pub const DECLARED: &str = "UNIVERSAL-DECLARED-";

/// The check whose cases need a declared `failures:` mark.
const MARKING_CHECK: &str = "failure-marking";

/// The check a `line_endings: normalises_to_lf` declaration sets apart.
const LINE_ENDINGS_CHECK: &str = "edit-line-endings";

/// Whether `id` is a requirement an interface file declared a difference in.
pub fn is_declared(id: &str) -> bool {
    id.starts_with(DECLARED)
}

/// The requirement a declared difference in `check` rests on.
fn declared_id(check: &str) -> String {
    format!("{DECLARED}{}", check.to_ascii_uppercase())
}

/// Reads, checks and expands the interface file at `path`.
pub fn load_interface(path: &Path) -> Result<Interface, InterfaceError> {
    let shown = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| InterfaceError {
        problems: vec![format!("{shown}: cannot read: {e}")],
    })?;
    parse_interface(&text, &shown)
}

/// `load_interface` for a file's text; `shown` names it in messages.
pub fn parse_interface(text: &str, shown: &str) -> Result<Interface, InterfaceError> {
    let fail = |problems: Vec<String>| InterfaceError { problems };
    let file: InterfaceFile = crate::catalogue::yaml::from_str(text).map_err(|e| {
        let at = e
            .location()
            .map_or(String::new(), |l| format!("{}:{}", l.line(), l.column()));
        fail(vec![format!("{shown}:{at}: {}", without_location(&e))])
    })?;
    let index = shared_index().map_err(|e| fail(vec![e]))?;
    let problems = check(&file, &index, text, shown);
    if !problems.is_empty() {
        return Err(fail(problems));
    }
    build(&file, &index, shown).map_err(fail)
}

/// The YAML parser's message without its trailing " at line L column C" (shown before it).
fn without_location(e: &crate::catalogue::yaml::Error) -> String {
    let m = e.to_string();
    match m.rfind(" at line ") {
        Some(i) => m[..i].to_string(),
        None => m,
    }
}

/// The shared files compiled into the binary, `(name, text)`.
fn shared_files() -> Vec<(String, String)> {
    super::embedded::SPECS
        .iter()
        .filter_map(|(n, t)| Some((n.strip_prefix("shared/")?.to_string(), t.to_string())))
        .collect()
}

/// `specs/shared/checks.yaml`: the checks and the operations.
fn shared_index() -> Result<SharedIndex, String> {
    let text = shared_files()
        .into_iter()
        .find(|(n, _)| n == "checks.yaml")
        .map(|(_, t)| t)
        .ok_or("internal: specs/shared/checks.yaml is not compiled in")?;
    crate::catalogue::yaml::from_str(&text).map_err(|e| format!("specs/shared/checks.yaml: {e}"))
}

/// The parameters an operation gives its template: the `{name}`s its meaning names
/// (`{hash}` too where it gives `{believed}`).
fn params_of(operation: &Described) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = Operation::parameter_names()
        .filter(|p| operation.meaning.contains(&format!("{{{p}}}")))
        .map(|p| p.to_string())
        .collect();
    if out.contains("believed") {
        out.insert("hash".into());
    }
    out
}

/// Every semantic mistake, each with its line.
fn check(file: &InterfaceFile, index: &SharedIndex, text: &str, shown: &str) -> Vec<String> {
    let at = |keys: &[&str]| format!("{shown}:{}", line_of(text, keys));
    let mut out = Vec::new();
    let name_ok = Regex::new(r"^[a-z][a-z0-9-]{0,39}$").expect("valid regex");
    if !name_ok.is_match(&file.interface) {
        out.push(format!(
            "{}: `interface: {}`: a name of lower-case letters, digits and `-`, starting with a \
             letter, at most 40 characters (e.g. `my-server`)",
            at(&["interface"]),
            file.interface
        ));
    }
    for op in &index.operations {
        if !file.operations.contains_key(&op.id) {
            out.push(format!(
                "{}: `operations` lacks `{}` ({}): add `{}: {{call: TOOL, args: {{...}}}}`, or \
                 `{}: \"why the server has no such operation\"`",
                at(&["operations"]),
                op.id,
                op.meaning,
                op.id,
                op.id
            ));
        }
    }
    for (name, value) in &file.operations {
        let here = at(&["operations", name]);
        match index.operations.iter().find(|o| &o.id == name) {
            None => out.push(format!(
                "{here}: `operations` names `{name}`, which is no operation; they are {}",
                names(&index.operations)
            )),
            Some(op) => out.extend(
                check_operation(op, value)
                    .into_iter()
                    .map(|m| format!("{here}: operation `{name}`: {m}")),
            ),
        }
    }
    for (key, value) in [
        ("reader_field", &file.reader_field),
        ("text_result", &file.text_result),
    ] {
        if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
            out.push(format!("{}: `{key}` names no field", at(&[key])));
        }
    }
    out.extend(header_problems(file, &at));
    out.extend(pointer_problems(file, &at));
    out.extend(paging_problems(file, &at));
    out.extend(marking_problems(file, &at));
    for (key, problem) in file.limits.iter().flat_map(Limits::problems) {
        out.push(format!("{}: {problem}", at(&["limits", key])));
    }
    out
}

/// `failures: refusal` needs the shape `refusal:` declares; with that shape declared, the
/// harness marks a matching result `isError: true` itself (`reply::mark_refusal`), so only
/// `refusal` can be checked against what the server really sent.
fn marking_problems(file: &InterfaceFile, at: &impl Fn(&[&str]) -> String) -> Vec<String> {
    match (file.failures, &file.refusal) {
        (Some(FailureMarking::Refusal), None) => vec![format!(
            "{}: `failures: refusal` names the shape declared in `refusal:`, but the file \
             declares none",
            at(&["failures"])
        )],
        (Some(m), Some(_)) if m != FailureMarking::Refusal => vec![format!(
            "{}: `failures: {}` beside a `refusal:` shape: a server whose failures match that \
             shape marks them with it, so write `failures: refusal` (or remove `refusal:`)",
            at(&["failures"]),
            m.as_str()
        )],
        _ => Vec::new(),
    }
}

/// `refusal.field` must be a JSON pointer (a `reader_field` is one only when it starts with
/// `/`, else a field name).
fn pointer_problems(file: &InterfaceFile, at: &impl Fn(&[&str]) -> String) -> Vec<String> {
    let Some(r) = &file.refusal else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Some(p) = r.field.as_deref().and_then(pointer::problem) {
        out.push(format!(
            "{}: `refusal.field`: {p}",
            at(&["refusal", "field"])
        ));
    }
    match (&r.field, &r.equals, &r.text_matches) {
        (Some(_), None, _) => out.push(format!(
            "{}: `refusal`: missing field `equals` beside `field` (the value, or a list of \
             values, that means refused)",
            at(&["refusal"])
        )),
        (None, Some(_), _) => out.push(format!(
            "{}: `refusal`: missing field `field` beside `equals` (the JSON pointer where the \
             value is)",
            at(&["refusal"])
        )),
        (None, None, None) => out.push(format!(
            "{}: `refusal`: give `field` and `equals`, or `text_matches`",
            at(&["refusal"])
        )),
        _ => {}
    }
    if let Some(Err(e)) = r.text_matches.as_deref().map(Regex::new) {
        out.push(format!(
            "{}: `refusal.text_matches` is not a regular expression: {e}",
            at(&["refusal", "text_matches"])
        ));
    }
    out
}

/// `paged_read` is one of its two forms, whole: `offset` (with `unit`, and `length` with an
/// optional `page`), or `next` (a JSON pointer) with `send_as`; and there is a read to page.
fn paging_problems(file: &InterfaceFile, at: &impl Fn(&[&str]) -> String) -> Vec<String> {
    let Some(p) = &file.paged_read else {
        return Vec::new();
    };
    let here = at(&["paged_read"]);
    let by_offset =
        p.offset.is_some() || p.length.is_some() || p.page.is_some() || p.unit.is_some();
    let by_token = p.next.is_some() || p.send_as.is_some();
    let mut out = Vec::new();
    let mut say = |m: &str| out.push(format!("{here}: `paged_read`: {m}"));
    match (by_offset, by_token) {
        (true, true) => say(
            "give `offset` (with `unit`, and `length` if the read takes one) or `next` with \
             `send_as`, not both",
        ),
        (false, false) => say(
            "give `offset: ARG` and `unit: characters|bytes|lines` (a page asked by its \
             offset), or `next: POINTER` and `send_as: ARG` (a continuation token)",
        ),
        (true, false) => {
            if p.offset.is_none() {
                say("missing field `offset`, the argument that takes where a page starts");
            }
            if p.unit.is_none() {
                say("missing field `unit`: what the offset counts (characters, bytes or lines)");
            }
            if p.page.is_some() && p.length.is_none() {
                say("`page` needs `length`, the argument that takes it");
            }
            if p.page == Some(0) {
                say("`page: 0` asks for nothing; give the units a call asks for");
            }
        }
        (false, true) => {
            if p.send_as.is_none() {
                say("missing field `send_as`, the argument that sends the token back");
            }
            match p.next.as_deref().map(|n| (n, pointer::problem(n))) {
                None => say("missing field `next`, the JSON pointer to the token in a page"),
                Some((_, Some(problem))) => say(&format!("`next`: {problem}")),
                Some(_) => {}
            }
        }
    }
    if file
        .operations
        .get("read")
        .is_none_or(|r| r.get("call").is_none())
    {
        say("the `read` operation must call a tool for its pages to be joined");
    }
    out
}

/// `text_header` must be a regular expression, and it reads only `text_result`'s text.
fn header_problems(file: &InterfaceFile, at: &impl Fn(&[&str]) -> String) -> Vec<String> {
    let Some(header) = &file.text_header else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if let Err(e) = Regex::new(header) {
        out.push(format!(
            "{}: `text_header` is not a regular expression: {e}",
            at(&["text_header"])
        ));
    }
    if file.text_result.is_none() {
        out.push(format!(
            "{}: `text_header` needs `text_result` (it is left out of a plain-text result's text)",
            at(&["text_header"])
        ));
    }
    out
}

fn names(list: &[Described]) -> String {
    list.iter()
        .map(|d| format!("`{}`", d.id))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What is wrong with one operation's entry: a sentence (absent), or a template of the
/// keys `call`, `args` and `or`, or `read_resource`, whose placeholders the operation gives.
fn check_operation(op: &Described, value: &Value) -> Vec<String> {
    let template = match value {
        Value::String(s) if s.trim().is_empty() => {
            return vec!["an absent operation needs a sentence saying why".into()];
        }
        Value::String(_) => return Vec::new(),
        Value::Mapping(m) => m,
        _ => {
            return vec![
                "give a step template `{call: TOOL, args: {...}}` or a sentence saying why \
                 the server has no such operation"
                    .into(),
            ];
        }
    };
    let mut out = Vec::new();
    for key in template.keys() {
        let key = key.as_str().unwrap_or("?");
        if !["call", "args", "or", "read_resource"].contains(&key) {
            out.push(format!(
                "unknown key `{key}`; a template has `call` (the tool), `args` (its arguments) \
                 and optionally `or` (another tool taking the same arguments), or \
                 `read_resource` (a resource URI)"
            ));
        }
    }
    let call = template.get("call").and_then(Value::as_str);
    let resource = template.get("read_resource").and_then(Value::as_str);
    if call.is_none() == resource.is_none() {
        out.push("give exactly one of `call: TOOL` (a tool name) or `read_resource: URI`".into());
    }
    if call.is_some() && !template.get("args").is_some_and(Value::is_mapping) {
        out.push(
            "`args` must map each argument name to its value, e.g. `{path: \"{path}\"}`".into(),
        );
    }
    out.extend(check_placeholders(op, value));
    out
}

/// Placeholders: `{name}` of the operation's parameters, and `${root}` (the root's
/// absolute path, for servers that take absolute paths or `file://` URIs).
fn check_placeholders(op: &Described, value: &Value) -> Vec<String> {
    let given = params_of(op);
    let mut used = BTreeSet::new();
    let mut out = Vec::new();
    let placeholder = Regex::new(r"(\$?)\{([^{}]*)\}").expect("valid regex");
    for s in strings(value) {
        for c in placeholder.captures_iter(&s) {
            let (dollar, name) = (&c[1], &c[2]);
            if dollar == "$" {
                if name != "root" {
                    out.push(format!(
                        "`${{{name}}}` is no placeholder; `${{root}}` is the root's absolute path"
                    ));
                }
            } else if given.contains(name) {
                used.insert(name.to_string());
            } else {
                out.push(format!(
                    "`{{{name}}}` is not a parameter of this operation; it gives {}",
                    given
                        .iter()
                        .map(|p| format!("`{{{p}}}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
        }
    }
    for needed in given
        .iter()
        .filter(|p| !matches!(p.as_str(), "believed" | "hash"))
    {
        if !used.contains(needed) {
            out.push(format!(
                "the template never uses `{{{needed}}}`, so the server would not get it"
            ));
        }
    }
    out
}

/// Every string in a YAML value (the tool name too: a placeholder there is a mistake).
fn strings(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => vec![s.clone()],
        Value::Sequence(seq) => seq.iter().flat_map(strings).collect(),
        Value::Mapping(m) => m.values().flat_map(strings).collect(),
        _ => Vec::new(),
    }
}

/// The 1-based line of the nested key `keys` (each deeper than the one before, in block
/// style), else of the deepest one found, else 1.
pub fn line_of(text: &str, keys: &[&str]) -> usize {
    let mut found = 1;
    let mut indent: Option<usize> = None;
    let mut lines = text.lines().enumerate();
    for key in keys {
        let hit = lines.by_ref().find(|(_, l)| {
            let trimmed = l.trim_start();
            let depth = l.len() - trimmed.len();
            let key_here = [
                format!("{key}:"),
                format!("\"{key}\":"),
                format!("'{key}':"),
            ]
            .iter()
            .any(|k| trimmed.starts_with(k.as_str()));
            key_here && indent.is_none_or(|i| depth > i)
        });
        match hit {
            Some((n, l)) => {
                found = n + 1;
                indent = Some(l.len() - l.trim_start().len());
            }
            None => break,
        }
    }
    found
}

/// The catalogue: a profile made of the file, one universal requirement per check, and the
/// shared cases on the interface's tools.
fn build(file: &InterfaceFile, index: &SharedIndex, shown: &str) -> Result<Interface, Vec<String>> {
    let mut profile = profile_of(file, index, shown);
    let declared = (file.line_endings == Some(LineEndings::NormalisesToLf))
        .then(|| index.checks.iter().find(|c| c.id == LINE_ENDINGS_CHECK))
        .flatten();
    if let Some(check) = declared {
        profile
            .shared_covers
            .insert(check.id.clone(), vec![declared_id(&check.id)]);
    }
    let (mut areas, left_out) =
        shared::expand_reporting(&profile, &shared_files(), "specs/shared/").map_err(|ps| {
            ps.iter()
                .map(|p| format!("{shown}: {p}"))
                .collect::<Vec<_>>()
        })?;
    // An area whose every case needs an absent operation has nothing to run; its cases
    // are in `left_out`.
    areas.retain(|a| !a.cases.is_empty());
    if let Some(limits) = &file.limits {
        declare_beyond_limits(limits, &mut areas, &file.interface);
    }
    let covered: BTreeSet<&String> = areas
        .iter()
        .flat_map(|a| a.cases.iter().flat_map(|c| &c.covers))
        .collect();
    let mut requirements: Vec<Requirement> = index
        .checks
        .iter()
        .filter(|c| c.choice.is_none())
        .map(|c| match declared {
            Some(d) if d.id == c.id => {
                declared_requirement(c, covered.contains(&declared_id(&c.id)))
            }
            _ => universal_requirement(c, covered.contains(&universal_id(&c.id))),
        })
        .collect();
    if let Some(limits) = file
        .limits
        .filter(|_| covered.contains(&DECLARED_LIMITS.to_string()))
    {
        requirements.push(limits_requirement(&limits));
    }
    let clarifications = universal_choices(index);
    let catalogue = Catalogue {
        profile,
        requirements,
        clarifications,
        areas,
    };
    let problems = validate::validate(&catalogue, &format!("{shown} with specs/shared/"));
    if !problems.is_empty() {
        return Err(problems.iter().map(ToString::to_string).collect());
    }
    let operations_of = shared::operations_by_case(&shared_files())
        .into_iter()
        .map(|(id, ops)| (format!("{}/{id}", file.interface), ops))
        .collect();
    Ok(Interface {
        catalogue,
        left_out,
        operations_of,
    })
}

/// `UNIVERSAL-PREFIX-SIBLING` for the check `prefix-sibling`.
pub fn universal_id(check: &str) -> String {
    format!("{UNIVERSAL}{}", check.to_ascii_uppercase())
}

/// The id each check rests on in an interface file: `UNIVERSAL-<CHECK>`, or for a check
/// whose behaviour is a choice (`choice` in checks.yaml) `UNIVERSAL-CLR-nn`, numbered in
/// the order of checks.yaml (a new choice check goes after the others).
pub fn universal_covers(index: &SharedIndex) -> BTreeMap<String, String> {
    let mut n = 0;
    let mut out = BTreeMap::new();
    for c in &index.checks {
        let id = match c.choice {
            Some(_) => {
                n += 1;
                format!("{UNIVERSAL}CLR-{n:02}")
            }
            None => universal_id(&c.id),
        };
        out.insert(c.id.clone(), id);
    }
    out
}

/// A check that is a server's choice is a clarification the author can baseline, never a
/// core requirement: a server that chose otherwise still follows every source.
fn universal_choices(index: &SharedIndex) -> Vec<model::Clarification> {
    let ids = universal_covers(index);
    index
        .checks
        .iter()
        .filter_map(|c| {
            Some(model::Clarification {
                id: ids[&c.id].clone(),
                refines: Vec::new(),
                level: Level::Must,
                title: c.id.clone(),
                choice: c.meaning.clone(),
                reason: c.choice.clone()?,
                unexercised: None,
            })
        })
        .collect()
}

/// Every check that is no choice holds for any file server, so each is a MUST and its
/// cases are core.
fn universal_requirement(check: &Described, covered: bool) -> Requirement {
    Requirement {
        id: universal_id(&check.id),
        level: Level::Must,
        source: "specs/shared/checks.yaml".into(),
        statement: check.meaning.clone(),
        not_applicable: (!covered).then(|| {
            "every shared case of this check is skipped: it needs an operation the interface \
             declares absent, or gives no believed content the mapping's template needs (or \
             goes beyond a cap the file declares in `limits`, and rests on \
             UNIVERSAL-DECLARED-LIMITS)"
                .into()
        }),
        unexercised: None,
    }
}

/// A check the file declares the server differs in (`line_endings: normalises_to_lf`): a
/// SHOULD, so its cases are reported (as an interface difference) without failing the run.
fn declared_requirement(check: &Described, covered: bool) -> Requirement {
    Requirement {
        statement: format!(
            "declared by the interface file (`line_endings: normalises_to_lf`): the server's \
             edits rewrite line endings to LF, so this is not checked as a core requirement: \
             {}",
            check.meaning
        ),
        id: declared_id(&check.id),
        level: Level::Should,
        ..universal_requirement(check, covered)
    }
}

/// Each case that goes beyond a declared cap rests on `UNIVERSAL-DECLARED-LIMITS` alone, so
/// its failure is an interface difference (`limits.rs`).
fn declare_beyond_limits(limits: &Limits, areas: &mut [model::Area], interface: &str) {
    let mut beyond = BTreeSet::new();
    for (name, text) in shared_files() {
        let Ok(v) = crate::catalogue::yaml::from_str::<Value>(&text) else {
            continue;
        };
        let cases = v.get("cases").and_then(Value::as_sequence).cloned();
        for case in cases.into_iter().flatten() {
            if name != "checks.yaml"
                && limits.beyond(&case).is_some()
                && let Some(id) = case.get("id").and_then(Value::as_str)
            {
                beyond.insert(format!("{interface}/{id}"));
            }
        }
    }
    for case in areas.iter_mut().flat_map(|a| a.cases.iter_mut()) {
        if beyond.contains(&case.id) {
            case.covers = vec![DECLARED_LIMITS.to_string()];
        }
    }
}

/// The requirement of the cases beyond a declared cap: a SHOULD, reported as an interface
/// difference without failing the run.
fn limits_requirement(limits: &Limits) -> Requirement {
    Requirement {
        id: DECLARED_LIMITS.into(),
        level: Level::Should,
        source: "the interface file's `limits`".into(),
        statement: format!(
            "declared by the interface file (`limits`): the server's documentation allows \
             {}, so a case that goes beyond a cap is not checked as a core requirement: the \
             server may refuse it, or answer it in part",
            limits.described()
        ),
        not_applicable: None,
        unexercised: None,
    }
}

/// The profile the file describes: its operations, the tools they call, and every check
/// mapped to its universal requirement.
fn profile_of(file: &InterfaceFile, index: &SharedIndex, shown: &str) -> Profile {
    let mut tools: Vec<String> = Vec::new();
    for value in file.operations.values() {
        for key in ["call", "or"] {
            if let Some(t) = value.get(key).and_then(Value::as_str)
                && !tools.iter().any(|x| x == t)
            {
                tools.push(t.to_string());
            }
        }
    }
    Profile {
        profile: file.interface.clone(),
        title: file
            .title
            .clone()
            .unwrap_or_else(|| format!("the interface of {shown}")),
        source: shown.to_string(),
        tools,
        // `read_during` reads with the `read` operation's template (`Profile::read_call`);
        // the reader names its tool.
        reader: file
            .operations
            .get("read")
            .and_then(|r| r.get("call"))
            .and_then(Value::as_str)
            .map(str::to_string),
        reader_field: file.reader_field.clone(),
        text_result: file.text_result.clone(),
        text_header: file.text_header.clone(),
        refusal: file.refusal.clone(),
        failures: file.failures,
        paged_read: file.paged_read.clone(),
        operations: file.operations.clone(),
        mapped: true,
        shared_skips: file
            .failures
            .is_none()
            .then(|| {
                (
                    MARKING_CHECK.to_string(),
                    "the interface file declares no `failures:` (how the server marks a failed \
                     call), so there is no mark to check"
                        .to_string(),
                )
            })
            .into_iter()
            .chain(file.repeated_edits.skipped())
            .collect(),
        shared_covers: universal_covers(index)
            .into_iter()
            .map(|(check, id)| (check, vec![id]))
            .collect(),
        ..Profile::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "interface: my-server\n\
        operations:\n  \
          read: {call: rd, args: {path: \"{path}\"}}\n  \
          create: {call: wr, args: {path: \"${root}/{path}\", text: \"{content}\"}}\n  \
          overwrite: {call: wr, args: {path: \"${root}/{path}\", text: \"{content}\"}}\n  \
          delete: \"no delete\"\n  \
          delete_tree: \"no delete\"\n  \
          list: {call: ls, args: {uri: \"file://${root}/{path}\"}}\n  \
          move: {call: mv, args: {from: \"{path}\", to: \"{to}\"}}\n  \
          edit: \"no edit\"\n";

    fn problems(text: &str) -> Vec<String> {
        parse_interface(text, "my.yaml").unwrap_err().problems
    }

    /// Every one of `expected` is among the file's problems.
    fn assert_named(text: &str, expected: &[&str]) {
        let p = problems(text).join("\n");
        for e in expected {
            assert!(p.contains(e), "{e}\n{p}");
        }
    }

    #[test]
    fn a_text_header_is_read_past_and_checked() {
        let with = |header: &str| {
            GOOD.replace(
                "operations:",
                &format!("text_result: content\ntext_header: '{header}'\noperations:"),
            )
        };
        let i = parse_interface(&with(r"\[Reading [^\]\n]*\]\n\n"), "my.yaml").unwrap();
        let read = |text: &str| {
            let obj = serde_json::Map::from_iter([("content".to_string(), text.into())]);
            i.catalogue.profile.without_text_header(obj)["content"].clone()
        };
        assert_eq!(read("[Reading 2 lines from start]\n\na\nb"), "a\nb");
        // Only at the start, and a text without it is read whole.
        assert_eq!(
            read("a\n[Reading 2 lines]\n\nb"),
            "a\n[Reading 2 lines]\n\nb"
        );
        assert_named(
            &with("[unclosed"),
            &["my.yaml:3: `text_header` is not a regular expression"],
        );
        let no_text_result = GOOD.replace("operations:", "text_header: 'x'\noperations:");
        assert_named(&no_text_result, &["`text_header` needs `text_result`"]);
    }

    #[test]
    fn a_good_file_maps_the_shared_cases_and_leaves_out_the_absent_ones() {
        let i = parse_interface(GOOD, "my.yaml").unwrap();
        // In the order of the operations (create, ..., read).
        assert_eq!(i.catalogue.profile.tools, ["wr", "ls", "mv", "rd"]);
        assert_eq!(i.catalogue.profile.reader.as_deref(), Some("rd"));
        let ids: Vec<&str> = i.catalogue.cases().map(|(_, c)| c.id.as_str()).collect();
        assert!(ids.contains(&"my-server/SAFE-001"), "{ids:?}");
        // SAFE-003 deletes: left out, with the author's reason, never run.
        assert!(!ids.contains(&"my-server/SAFE-003"), "{ids:?}");
        let left = i.left_out.iter().find(|l| l.id == "my-server/SAFE-003");
        let left = left.expect("SAFE-003 is reported as left out");
        assert_eq!(
            (left.operation.as_str(), left.reason.as_str()),
            ("delete", "no delete")
        );
        // Every case is core (it covers universal requirements alone), except those of a
        // check that is a choice: a clarification (`UNIVERSAL-CLR-nn`) the author can
        // baseline, whose failure says a server chose otherwise, not that it is wrong.
        for (_, c) in i.catalogue.cases() {
            let choice = c.covers.iter().any(|id| id.starts_with("UNIVERSAL-CLR-"));
            assert_eq!(i.catalogue.is_core(c), !choice, "{}: {:?}", c.id, c.covers);
        }
        let ids: Vec<&str> = i.catalogue.cases().map(|(_, c)| c.id.as_str()).collect();
        assert!(ids.contains(&"my-server/LINK-006"), "{ids:?}");
        let link = i
            .catalogue
            .cases()
            .find(|(_, c)| c.id == "my-server/LINK-006");
        assert!(
            !i.catalogue.is_core(link.unwrap().1),
            "a choice is no core case"
        );
        let id = &i.catalogue.clarifications[0];
        assert_eq!(
            (id.id.as_str(), id.title.as_str()),
            ("UNIVERSAL-CLR-01", "symlinks-inside")
        );
    }

    #[test]
    fn a_declared_line_ending_policy_makes_its_cases_a_should_of_their_own() {
        let edits = GOOD.replace(
            "edit: \"no edit\"",
            "edit: {call: ed, args: {path: \"{path}\", old: \"{old}\", new: \"{new}\"}}",
        );
        let covers = |text: &str, id: &str| {
            let i = parse_interface(text, "my.yaml").unwrap();
            let (_, case) = i.catalogue.cases().find(|(_, c)| c.id == id).unwrap();
            let level = i.catalogue.requirement_of(&case.covers[0]).unwrap().level;
            (case.covers.clone(), level)
        };
        let must = |id: &str| (vec![id.to_string()], Level::Must);
        assert_eq!(
            covers(&edits, "my-server/EDIT-010"),
            must("UNIVERSAL-EDIT-LINE-ENDINGS")
        );
        let declare =
            |v: &str| edits.replace("operations:", &format!("line_endings: {v}\noperations:"));
        assert_eq!(
            covers(&declare("preserves"), "my-server/EDIT-010"),
            must("UNIVERSAL-EDIT-LINE-ENDINGS")
        );
        let normalises = declare("normalises_to_lf");
        let (ids, level) = covers(&normalises, "my-server/EDIT-011");
        assert_eq!(ids, ["UNIVERSAL-DECLARED-EDIT-LINE-ENDINGS"]);
        assert!(is_declared(&ids[0]) && level == Level::Should);
        // The other edit cases are untouched by the declaration.
        assert_eq!(
            covers(&normalises, "my-server/EDIT-001"),
            must("UNIVERSAL-EXACT-EDIT")
        );
        assert_named(&declare("crlf"), &["my.yaml:2:", "unknown variant `crlf`"]);
    }

    #[test]
    fn cases_beyond_a_declared_limit_rest_on_a_should_of_their_own() {
        let covers = |text: &str, id: &str| {
            let i = parse_interface(text, "my.yaml").unwrap_or_else(|e| panic!("{e}"));
            let (_, case) = i.catalogue.cases().find(|(_, c)| c.id == id).unwrap();
            let level = i.catalogue.requirement_of(&case.covers[0]).unwrap().level;
            (case.covers.clone(), level)
        };
        let must = |id: &str| (vec![id.to_string()], Level::Must);
        let large = must("UNIVERSAL-LARGE-FILES");
        assert_eq!(covers(GOOD, "my-server/ROUND-015"), large);
        let declare = |v: &str| GOOD.replace("operations:", &format!("limits: {v}\noperations:"));
        // A 2 MiB read cap: the 10 MB read goes beyond it, the 10 MB writes do not.
        let reads = declare("{largest_read: 2097152}");
        let (ids, level) = covers(&reads, "my-server/ROUND-015");
        assert_eq!(ids, [DECLARED_LIMITS]);
        assert!(is_declared(&ids[0]) && level == Level::Should);
        assert_eq!(covers(&reads, "my-server/ROUND-014"), large);
        assert_eq!(
            covers(&reads, "my-server/ROUND-001"),
            must("UNIVERSAL-EXACT-WRITE")
        );
        // A write cap takes the writes, and the large-files check is then partly declared.
        let writes = declare("{largest_write: 2097152}");
        assert_eq!(covers(&writes, "my-server/ROUND-014").0, [DECLARED_LIMITS]);
        assert_eq!(covers(&writes, "my-server/ROUND-016").0, [DECLARED_LIMITS]);
        assert_eq!(covers(&writes, "my-server/ROUND-015"), large);
        // A cap above every case's size declares nothing, and adds no requirement.
        let i = parse_interface(&declare("{largest_read: 100000000}"), "my.yaml").unwrap();
        assert!(i.catalogue.requirement_of(DECLARED_LIMITS).is_none());
        // Mistakes are named with their line.
        assert_named(
            &declare("{largest_read: 0}"),
            &["my.yaml:2: `limits.largest_read: 0` allows nothing"],
        );
        assert_named(
            &declare("{biggest_read: 5}"),
            &["my.yaml:2:", "unknown field `biggest_read`"],
        );
        assert_named(&declare("{largest_read: \"2 MB\"}"), &["my.yaml:2:"]);
    }

    #[test]
    fn a_paged_read_is_declared_in_one_of_its_two_forms() {
        let declare =
            |v: &str| GOOD.replace("operations:", &format!("paged_read: {v}\noperations:"));
        let offset = "{offset: offset, length: length, page: 4096, unit: characters}";
        let i = parse_interface(&declare(offset), "my.yaml").unwrap_or_else(|e| panic!("{e}"));
        let paging = i.catalogue.profile.paged_read.expect("declared");
        assert_eq!(paging.offset.as_deref(), Some("offset"));
        let token = "{next: /next_cursor, send_as: cursor}";
        assert!(parse_interface(&declare(token), "my.yaml").is_ok());
        assert_named(
            &declare("{offset: offset, next: /n, send_as: c}"),
            &["my.yaml:2: `paged_read`: give `offset`", "not both"],
        );
        assert_named(&declare("{offset: offset}"), &["missing field `unit`"]);
        assert_named(&declare("{next: /n}"), &["missing field `send_as`"]);
        assert_named(
            &declare("{next: n, send_as: c}"),
            &["`paged_read`: `next`:"],
        );
        assert_named(&declare("{}"), &["give `offset: ARG`"]);
        assert_named(
            &declare("{offset: o, unit: pages}"),
            &["my.yaml:2:", "unknown variant `pages`"],
        );
    }

    #[test]
    fn the_example_files_load() {
        for (name, text) in [
            (
                "filesystem",
                include_str!("../../interfaces/reference-filesystem.yaml"),
            ),
            ("devs", include_str!("../../interfaces/reference-devs.yaml")),
            (
                "lighthouse",
                include_str!("../../interfaces/reference-lighthouse.yaml"),
            ),
            (
                "editor",
                include_str!("../../interfaces/reference-editor.yaml"),
            ),
        ] {
            assert!(parse_interface(text, name).is_ok(), "{name}");
        }
    }

    #[test]
    fn an_unknown_key_names_its_line_and_column() {
        let text = GOOD.replace("operations:", "titel: x\noperations:");
        let p = problems(&text);
        assert!(
            p[0].starts_with("my.yaml:2:1: unknown field `titel`"),
            "{p:?}"
        );
    }

    #[test]
    fn a_missing_operation_names_the_operations_line() {
        let text = GOOD.replace(
            "  move: {call: mv, args: {from: \"{path}\", to: \"{to}\"}}\n",
            "",
        );
        let p = problems(&text);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(
            p[0].starts_with("my.yaml:2: `operations` lacks `move`"),
            "{p:?}"
        );
        assert!(
            p[0].contains("move: \"why the server has no such operation\""),
            "{p:?}"
        );
    }

    #[test]
    fn bad_placeholders_and_keys_name_the_operations_line() {
        let text = GOOD
            .replace("{path: \"{path}\"}}", "{path: \"{file}\"}, retry: 2}")
            .replace("from: \"{path}\"", "from: \"${cwd}/{path}\"");
        assert_named(
            &text,
            &[
                "my.yaml:3: operation `read`: unknown key `retry`",
                "my.yaml:3: operation `read`: `{file}` is not a parameter of this operation; it gives `{path}`",
                "my.yaml:3: operation `read`: the template never uses `{path}`",
                "my.yaml:9: operation `move`: `${cwd}` is no placeholder",
            ],
        );
    }

    #[test]
    fn wrong_names_and_shapes_are_named() {
        let text = GOOD
            .replace("my-server", "My Server")
            .replace("delete: \"no delete\"", "delete: 3")
            .replace("  list:", "  lst: \"x\"\n  list:");
        assert_named(
            &text,
            &[
                "my.yaml:1: `interface: My Server`",
                "my.yaml:6: operation `delete`: give a step template",
                "my.yaml:8: `operations` names `lst`, which is no operation",
            ],
        );
    }

    #[test]
    fn a_refusal_shape_is_loaded_and_its_pointer_checked() {
        let with = |field: &str| {
            GOOD.replace(
                "operations:",
                &format!("refusal:\n  field: \"{field}\"\n  equals: error\noperations:"),
            )
        };
        let i = parse_interface(&with("/*/result"), "my.yaml").unwrap();
        let r = i
            .catalogue
            .profile
            .refusal
            .expect("the refusal is in the profile");
        assert!(r.says_refused(Some(&serde_json::json!({"/r/a": {"result": "error"}})), ""));
        assert_named(
            &with("result"),
            &["my.yaml:3: `refusal.field`: `result` is no JSON pointer"],
        );
        let no_value = GOOD.replace("operations:", "refusal: {field: /x}\noperations:");
        assert_named(&no_value, &["my.yaml:2:", "missing field `equals`"]);
        let nothing = GOOD.replace("operations:", "refusal: {}\noperations:");
        assert_named(
            &nothing,
            &["my.yaml:2:", "give `field` and `equals`, or `text_matches`"],
        );
        let bad_re = GOOD.replace("operations:", "refusal: {text_matches: \"(\"}\noperations:");
        assert_named(&bad_re, &["my.yaml:2:", "not a regular expression"]);
    }

    /// A declared `failures:` mark brings the failure-marking cases, resting on a
    /// clarification of the interface's own; without it they are left out, saying why.
    #[test]
    fn a_declared_failure_mark_brings_its_cases() {
        let marked = |i: &Interface| -> Vec<String> {
            let cases = i.catalogue.areas.iter().flat_map(|a| &a.cases);
            cases
                .filter(|c| c.id.contains("/MARK-"))
                .map(|c| c.covers.join(","))
                .collect()
        };
        let without = parse_interface(GOOD, "my.yaml").unwrap();
        assert!(marked(&without).is_empty());
        let left: Vec<&LeftOut> = without
            .left_out
            .iter()
            .filter(|l| l.id.contains("/MARK-"))
            .collect();
        assert!(!left.is_empty());
        // A case of an absent operation says so first; the others name the missing mark.
        assert!(
            left.iter()
                .all(|l| l.operation != MARKING_CHECK || l.reason.contains("no `failures:`")),
            "{left:?}"
        );
        assert_eq!(
            left.iter().filter(|l| l.operation == MARKING_CHECK).count(),
            5
        );
        let with = GOOD.replace("operations:", "failures: is_error\noperations:");
        let i = parse_interface(&with, "my.yaml").unwrap();
        let covers = marked(&i);
        // read, create, overwrite, list and move are mapped; delete, delete_tree and edit not.
        assert_eq!(covers.len(), 5, "{covers:?}");
        assert!(
            covers.iter().all(|c| c.starts_with("UNIVERSAL-CLR-")),
            "{covers:?}"
        );
        assert_eq!(i.catalogue.profile.failures, Some(FailureMarking::IsError));
        let no_shape = GOOD.replace("operations:", "failures: refusal\noperations:");
        assert_named(&no_shape, &["my.yaml:2:", "declares none"]);
        let both = GOOD.replace(
            "operations:",
            "refusal: {text_matches: \"^Error\"}\nfailures: is_error\noperations:",
        );
        assert_named(&both, &["my.yaml:3:", "write `failures: refusal`"]);
        let unknown = GOOD.replace("operations:", "failures: flagged\noperations:");
        assert_named(&unknown, &["my.yaml:", "unknown variant `flagged`"]);
    }

    /// Several refusal values, and an in-band text refusal (`isError: false`, the text
    /// saying `Error: ...`).
    #[test]
    fn refusals_by_several_values_or_by_text() {
        let with = |block: &str| GOOD.replace("operations:", &format!("{block}\noperations:"));
        let many = parse_interface(
            &with("refusal: {field: /status, equals: [not_found, count_mismatch]}"),
            "my.yaml",
        )
        .unwrap()
        .catalogue
        .profile
        .refusal
        .expect("a refusal");
        for status in ["not_found", "count_mismatch"] {
            assert!(many.says_refused(Some(&serde_json::json!({"status": status})), ""));
        }
        assert!(!many.says_refused(Some(&serde_json::json!({"status": "ok"})), ""));
        let text = parse_interface(&with("refusal: {text_matches: \"^Error: \"}"), "my.yaml")
            .unwrap()
            .catalogue
            .profile
            .refusal
            .expect("a refusal");
        assert!(text.says_refused(None, "Error: [Errno 2] No such file: 'a.txt'"));
        assert!(!text.says_refused(None, "line 1: Error: is in the file"));
    }

    #[test]
    fn broken_yaml_names_its_line() {
        let p = problems("interface: x\noperations: {read: [\n");
        assert!(p[0].starts_with("my.yaml:3:"), "{p:?}");
    }

    #[test]
    fn line_of_follows_nesting() {
        let text = "a:\n  read: 1\nb:\n  read: 2\n";
        assert_eq!(line_of(text, &["b", "read"]), 4);
        assert_eq!(line_of(text, &["a", "read"]), 2);
        assert_eq!(line_of(text, &["c"]), 1);
    }
}
