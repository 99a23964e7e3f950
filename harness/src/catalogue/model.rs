//! Serde types for the YAML catalogue (specs/README.md): requirements, clarifications,
//! and one area file per feature. Every struct denies unknown keys, so a typo is an error.

use std::collections::BTreeSet;
use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::one_of::{given_count, keys, one_of};

/// How strictly a requirement (or our reference, for a clarification) holds.
/// Declared weakest first so that `Ord` gives `Must > Should`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Level {
    #[serde(rename = "SHOULD")]
    Should,
    #[serde(rename = "MUST")]
    Must,
}

impl Level {
    /// `MUST` or `SHOULD`, as written in the catalogue.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::Must => "MUST",
            Level::Should => "SHOULD",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// `specs/requirements.yaml`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RequirementsFile {
    pub requirements: Vec<Requirement>,
}

/// One upstream requirement (MCP-0xx, AUTH-04x), restated.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    pub id: String,
    pub level: Level,
    pub source: String,
    pub statement: String,
    /// Why no case can check it in this project (e.g. HTTP-only); such entries need no case.
    #[serde(default)]
    pub not_applicable: Option<String>,
    /// The part of it that no case exercises, when its cases check only part of it; the
    /// reports then never show a plain pass for it.
    #[serde(default)]
    pub unexercised: Option<String>,
}

/// `specs/clarifications.yaml`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClarificationsFile {
    pub clarifications: Vec<Clarification>,
}

/// One decision we took where the upstream is silent (CLR-xxx).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clarification {
    pub id: String,
    /// Upstream requirement ids this decision refines.
    #[serde(default)]
    pub refines: Vec<String>,
    pub level: Level,
    pub title: String,
    pub choice: String,
    pub reason: String,
    /// The part of the choice that no case exercises (e.g. a race), when its cases check
    /// only part of it; the reports then never show a plain pass for it.
    #[serde(default)]
    pub unexercised: Option<String>,
}

/// `specs/<area>.yaml`; the area name equals the file stem and names `features/<area>.feature`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Area {
    pub area: String,
    pub title: String,
    pub cases: Vec<Case>,
    /// File name inside `specs/` (e.g. `read.yaml`); filled in by the loader.
    #[serde(skip)]
    pub file: String,
}

impl Area {
    /// `features/<area>.feature` file name (without directory).
    pub fn feature_file(&self) -> String {
        format!("{}.feature", self.area)
    }

    /// Where the area's cases are written, as shown to people: `specs/<profile>/read.yaml`,
    /// or for the shared checks `specs/shared/safety.yaml with the operations of ...`.
    pub fn source(&self, profile: &str) -> String {
        match self.file.strip_prefix("../shared/") {
            Some(shared) => {
                format!("specs/shared/{shared} with the operations of specs/{profile}/profile.yaml")
            }
            None => format!("specs/{profile}/{}", self.file),
        }
    }
}

/// One test case; becomes one Gherkin scenario.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Case {
    pub id: String,
    pub name: String,
    pub covers: Vec<String>,
    #[serde(default)]
    pub given: Vec<Fixture>,
    pub when: Vec<Step>,
    pub then: Then,
    /// The transports the case applies to; empty (the default) means every transport.
    #[serde(default)]
    pub transports: Vec<Transport>,
    /// The roots the client offers (the MCP `roots` capability), as absolute paths such as
    /// `${root}/a`, sent as `file://` URIs; none: the client offers no roots capability.
    #[serde(default)]
    pub roots: Option<Vec<String>>,
    /// The client's `roots/list` answer holds `roots` this many times over (a hostile
    /// client's very long answer); needs `roots`.
    #[serde(default)]
    pub roots_repeat: Option<u32>,
    /// The case needs a root on a filesystem that folds case (GHSA-4gxg-m5jx-9j57: `LINK`
    /// names `link`); tagged `@casefold-root`, it runs only where the harness's roots fold
    /// case, and other runs skip it and say why.
    #[serde(default)]
    pub root_folds_case: bool,
}

/// A transport a case can apply to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Transport {
    Stdio,
    Http,
}

impl Case {
    /// The case offers client roots (a case-level `roots` or a `set_roots` step).
    pub fn uses_roots(&self) -> bool {
        self.roots.is_some() || self.when.iter().any(|s| matches!(s, Step::SetRoots(_)))
    }

    /// A fixture is a device node, which only a privileged harness can make.
    pub fn makes_device(&self) -> bool {
        self.given.iter().any(|f| {
            matches!(
                f,
                Fixture::Special {
                    kind: SpecialKind::Device,
                    ..
                }
            )
        })
    }
}

/// Which session a raw HTTP request carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HttpSession {
    /// No `mcp-session-id` header.
    #[default]
    None,
    /// A session the harness has just opened with a raw `initialize`.
    New,
    /// A random UUID v4 no server handed out.
    Unknown,
    /// A session opened and then ended with DELETE.
    Ended,
}

/// Which bearer token a raw HTTP request carries (when the server was given
/// `{auth_tokens}`; otherwise none at all).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HttpToken {
    /// `files:read files:write`.
    #[default]
    Full,
    /// `files:read` only.
    Read,
    /// A token the server does not know.
    Bad,
    /// No `Authorization` header.
    None,
}

/// A raw HTTP request to the server's endpoint (HTTP-only cases).
#[derive(Debug, Clone, PartialEq, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpStep {
    /// POST (default), GET or DELETE.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default)]
    pub session: HttpSession,
    #[serde(default)]
    pub token: HttpToken,
    /// A JSON-RPC message as the body.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<Value>,
    /// A body given verbatim (e.g. text that is not JSON).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub raw_body: Option<String>,
    /// A body of this many bytes (for the size limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body_bytes: Option<u64>,
    /// Extra or replaced headers (`content-type`, `accept`, `origin`, ...); an empty
    /// value removes a default header.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub headers: std::collections::BTreeMap<String, String>,
}

/// What a raw HTTP response must show.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HttpCheck {
    pub status: u16,
    /// The `mcp-session-id` header is a UUID v4.
    #[serde(default)]
    pub session_id_uuid_v4: bool,
    /// Substring of the `WWW-Authenticate` header (which must be present).
    #[serde(default)]
    pub www_authenticate: Option<String>,
    /// The body carries a JSON-RPC result (not an error), as JSON or SSE.
    #[serde(default)]
    pub jsonrpc_result: bool,
}

impl Case {
    /// True when the case id is an upstream test id such as `T3.5.2`.
    pub fn is_upstream_test_id(&self) -> bool {
        is_t_id(&self.id)
    }

    /// The last `when` step, on which `then` is checked.
    pub fn last_step(&self) -> Option<&Step> {
        self.when.last()
    }
}

/// True for ids of the form `T<digits>.<digits>.<digits>`.
pub fn is_t_id(id: &str) -> bool {
    let Some(rest) = id.strip_prefix('T') else {
        return false;
    };
    let parts: Vec<&str> = rest.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// File content as given in the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Content {
    /// UTF-8 text, written byte-exact.
    Text(String),
    /// Standard base64 of the bytes.
    Base64(String),
    /// `text` repeated `times` times (large files without a large catalogue).
    Repeat { text: String, times: u64 },
}

/// `repeat: {text, times}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Repeat {
    pub text: String,
    pub times: u64,
}

/// A fixture the harness creates before the first step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RawFixture")]
pub enum Fixture {
    /// A file inside the root; `mode` sets permission bits after writing.
    File {
        path: String,
        content: Content,
        mode: Option<u32>,
    },
    Dir {
        path: String,
    },
    /// A symlink inside the root; `target` is raw (may hold `${root}` / `${outside}`).
    Symlink {
        path: String,
        target: String,
    },
    /// A hard link inside the root to an existing file; `target` is raw like a symlink's
    /// (`${outside}/secret`, `${root}/a.txt`), so the file may lie outside the root.
    HardLink {
        path: String,
        target: String,
    },
    /// A file in the outside area (a sibling of the root the server must never touch).
    OutsideFile {
        name: String,
        content: Content,
    },
    OutsideDir {
        name: String,
    },
    /// A variable of the scenario holding `text` repeated `times` times, for a large
    /// argument or expectation (`${name}`) without a large catalogue or feature file.
    Variable {
        name: String,
        text: String,
        times: u64,
    },
    /// A special file inside the root (a FIFO, a Unix socket nobody listens on, or a
    /// character device with /dev/zero's numbers).
    Special {
        path: String,
        kind: SpecialKind,
    },
}

/// The special files a fixture can make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpecialKind {
    Fifo,
    Socket,
    /// A character device with /dev/zero's numbers: a read never reaches an end.
    Device,
}

impl SpecialKind {
    /// The word of the fixture's Gherkin sentence (`a fifo "p"`).
    pub fn as_str(self) -> &'static str {
        match self {
            SpecialKind::Fifo => "fifo",
            SpecialKind::Socket => "socket",
            SpecialKind::Device => "device",
        }
    }
}

one_of! {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawFixture {
        alternatives {
            file: Option<String>,
            dir: Option<String>,
            symlink: Option<String>,
            hard_link: Option<String>,
            outside_file: Option<String>,
            outside_dir: Option<String>,
            fifo: Option<String>,
            socket: Option<String>,
            device: Option<String>,
            variable: Option<String>,
        }
        modifiers {
            text: Option<String>,
            base64: Option<String>,
            repeat: Option<Repeat>,
            mode: Option<u32>,
            target: Option<String>,
        }
    }
}

/// `Err` naming every alternative of `what` unless exactly one is given.
fn exactly_one(what: &str, alternatives: &[(&str, bool)]) -> Result<(), String> {
    if given_count(alternatives) == 1 {
        return Ok(());
    }
    let names = keys(alternatives.iter().map(|(k, _)| *k));
    Err(format!("{what} needs exactly one of {names}"))
}

fn content_of(
    text: Option<String>,
    base64: Option<String>,
    repeat: Option<Repeat>,
    what: &str,
) -> Result<Content, String> {
    match (text, base64, repeat) {
        (Some(t), None, None) => Ok(Content::Text(t)),
        (None, Some(b), None) => Ok(Content::Base64(b)),
        (None, None, Some(r)) => Ok(Content::Repeat {
            text: r.text,
            times: r.times,
        }),
        (None, None, None) => Err(format!("{what} needs one of `text`, `base64`, `repeat`")),
        _ => Err(format!(
            "{what} takes only one of `text`, `base64`, `repeat`"
        )),
    }
}

/// `variable: name` with `repeat: {text, times}` and nothing else (`others`).
fn variable_of(name: String, repeat: Option<Repeat>, others: bool) -> Result<Fixture, String> {
    match repeat {
        Some(Repeat { text, times }) if !others => Ok(Fixture::Variable { name, text, times }),
        _ => Err(format!(
            "variable fixture `{name}` takes `repeat: {{text, times}}` and nothing else"
        )),
    }
}

impl TryFrom<RawFixture> for Fixture {
    type Error = String;
    fn try_from(r: RawFixture) -> Result<Self, String> {
        exactly_one("a fixture", &r.alternatives())?;
        let has_content = r.text.is_some() || r.base64.is_some() || r.repeat.is_some();
        if let Some(path) = r.file {
            if r.target.is_some() {
                return Err(format!("file fixture `{path}` takes no `target`"));
            }
            let content = content_of(
                r.text,
                r.base64,
                r.repeat,
                &format!("file fixture `{path}`"),
            )?;
            return Ok(Fixture::File {
                path,
                content,
                mode: r.mode,
            });
        }
        if let Some(name) = r.outside_file {
            if r.target.is_some() || r.mode.is_some() {
                return Err(format!(
                    "outside_file fixture `{name}` takes only `text`, `base64` or `repeat`"
                ));
            }
            let content = content_of(
                r.text,
                r.base64,
                r.repeat,
                &format!("outside_file fixture `{name}`"),
            )?;
            return Ok(Fixture::OutsideFile { name, content });
        }
        if let Some(name) = r.variable {
            let others = r.text.is_some() || r.base64.is_some() || r.mode.is_some();
            return variable_of(name, r.repeat, others || r.target.is_some());
        }
        if has_content || r.mode.is_some() {
            return Err("only `file` and `outside_file` fixtures take content or `mode`".into());
        }
        if let Some(path) = r.symlink {
            let target = r
                .target
                .ok_or_else(|| format!("symlink fixture `{path}` needs a `target`"))?;
            return Ok(Fixture::Symlink { path, target });
        }
        if let Some(path) = r.hard_link {
            let target = r
                .target
                .ok_or_else(|| format!("hard_link fixture `{path}` needs a `target`"))?;
            return Ok(Fixture::HardLink { path, target });
        }
        if r.target.is_some() {
            return Err("only `symlink` and `hard_link` fixtures take a `target`".into());
        }
        if let Some(path) = r.dir {
            return Ok(Fixture::Dir { path });
        }
        if let Some(path) = r.fifo {
            let kind = SpecialKind::Fifo;
            return Ok(Fixture::Special { path, kind });
        }
        if let Some(path) = r.socket {
            let kind = SpecialKind::Socket;
            return Ok(Fixture::Special { path, kind });
        }
        if let Some(path) = r.device {
            let kind = SpecialKind::Device;
            return Ok(Fixture::Special { path, kind });
        }
        Ok(Fixture::OutsideDir {
            name: r.outside_dir.unwrap_or_default(),
        })
    }
}

/// An ordered map read from YAML, kept in catalogue order (so rendering follows the
/// author's order) and rejecting duplicate keys.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pairs<V>(pub Vec<(String, V)>);

impl<V> Default for Pairs<V> {
    fn default() -> Self {
        Pairs(Vec::new())
    }
}

impl<V> Pairs<V> {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = (&str, &V)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }
    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
    /// Renames the key `from` to `to` where it stands.
    pub fn rename(&mut self, from: &str, to: &str) {
        for (k, _) in &mut self.0 {
            if k == from {
                *k = to.to_string();
            }
        }
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Pairs<V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct PairsVisitor<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> Visitor<'de> for PairsVisitor<V> {
            type Value = Pairs<V>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut out: Vec<(String, V)> = Vec::new();
                let mut seen = BTreeSet::new();
                while let Some((k, v)) = map.next_entry::<String, V>()? {
                    if !seen.insert(k.clone()) {
                        return Err(de::Error::custom(format!("duplicate key `{k}`")));
                    }
                    out.push((k, v));
                }
                Ok(Pairs(out))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
                Ok(Pairs(Vec::new()))
            }
        }
        d.deserialize_map(PairsVisitor(std::marker::PhantomData))
    }
}

/// One `when` step.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "RawStep")]
pub enum Step {
    /// A tool call; `save` maps variable name → result field, in catalogue order. With
    /// `may_fail` a call before the last need not succeed, only be answered (an attack
    /// whose refusal is as good as its failure, e.g. reading a FIFO).
    Call {
        tool: String,
        args: Value,
        save: Pairs<String>,
        may_fail: bool,
        /// Another tool of the interface that does the same with the same arguments, called
        /// instead when the server lacks `tool` (a shared safety case on a server without
        /// the profile's usual reader, e.g. `read_file` for `read_text_file`).
        or: Option<String>,
    },
    /// A request of the interface's own JSON-RPC method (not `tools/call`), e.g. the
    /// editor profile's `file/open`; `save` as for `Call`.
    Rpc {
        method: String,
        params: Value,
        save: Pairs<String>,
    },
    /// The harness rewrites a root file between calls (text only).
    WriteOnDisk {
        file: String,
        text: String,
    },
    /// `resources/read` of a URI such as `list://notes/`.
    ReadResource(String),
    ListTools,
    ListResourceTemplates,
    /// `count` simultaneous calls; `${i}` in `args` is the call's index 0..count-1.
    /// With `processes` > 1 the calls go through that many server processes on the root.
    Concurrent {
        count: u32,
        call: String,
        args: Value,
        processes: u32,
    },
    /// One call; until its reply arrives the harness keeps calling the profile's reader tool
    /// (`text.read`, `read`) on `path`, with `{"path": path}` or, for a reader that names
    /// files otherwise, with `reader_args` (the editor's `{"uri": ...}`).
    ReadDuring {
        call: String,
        args: Value,
        path: String,
        reader_args: Option<Value>,
    },
    /// A raw HTTP request to the endpoint.
    Http(Box<HttpStep>),
    /// The client's roots become these (as the case-level `roots`): it sends
    /// `notifications/roots/list_changed` and waits until the server asks `roots/list`.
    SetRoots(Vec<String>),
    /// An attacker's race: while the harness keeps exchanging the root entry `swap` with a
    /// symlink to `with`, the client repeats `calls` in turn (each `{call, args}` or
    /// `{read_resource}`; `${i}` is the call's index) at least `attempts` times and for at
    /// least `seconds`, stopping at `run::steps::attack::RACE_CEILING` whatever is left.
    Race {
        swap: String,
        with: String,
        calls: Vec<Value>,
        attempts: u32,
        seconds: u32,
    },
    /// The sweep: every tool the server lists that takes a path, mapped or not, called on
    /// paths inside the root and sent every way out (`run::sweep`).
    Sweep,
}

impl Step {
    /// Short name of the step form, as written in YAML.
    pub fn kind(&self) -> &'static str {
        match self {
            Step::Call { .. } => "call",
            Step::Rpc { .. } => "rpc",
            Step::WriteOnDisk { .. } => "write_on_disk",
            Step::ReadResource(_) => "read_resource",
            Step::ListTools => "list_tools",
            Step::ListResourceTemplates => "list_resource_templates",
            Step::Concurrent { .. } => "concurrent",
            Step::ReadDuring { .. } => "read_during",
            Step::Http(_) => "http",
            Step::SetRoots(_) => "set_roots",
            Step::Race { .. } => "race",
            Step::Sweep => "sweep_tools",
        }
    }
}

one_of! {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawStep {
        alternatives {
            call: Option<String>,
            rpc: Option<String>,
            write_on_disk: Option<RawWrite>,
            read_resource: Option<String>,
            #[serde(default, deserialize_with = "present")]
            list_tools: bool,
            #[serde(default, deserialize_with = "present")]
            list_resource_templates: bool,
            concurrent: Option<RawConcurrent>,
            read_during: Option<RawReadDuring>,
            http: Option<HttpStep>,
            set_roots: Option<Vec<String>>,
            race: Option<RawRace>,
            #[serde(default, deserialize_with = "present")]
            sweep_tools: bool,
        }
        modifiers {
            args: Option<Value>,
            save: Option<Pairs<String>>,
            params: Option<Value>,
            may_fail: Option<bool>,
            or: Option<String>,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRace {
    swap: String,
    with: String,
    calls: Vec<Value>,
    #[serde(default = "race_attempts")]
    attempts: u32,
    #[serde(default = "race_seconds")]
    seconds: u32,
}

/// How many calls a race makes at least unless the case says otherwise: a check-then-use
/// bug of a slow server leaked 1 read in 200 by hand, which 2 s of calls at a load of 20
/// never reached; 400 attempts catch such a bug about 6 times in 7.
fn race_attempts() -> u32 {
    400
}

/// How long a race lasts unless the case says otherwise: the write races of the published
/// advisories show within a fraction of a second, the read and move ones in 7-15 % of calls.
fn race_seconds() -> u32 {
    2
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawReadDuring {
    call: String,
    #[serde(default)]
    args: Option<Value>,
    path: String,
    #[serde(default)]
    reader_args: Option<Value>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawWrite {
    file: String,
    text: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConcurrent {
    count: u32,
    call: String,
    #[serde(default)]
    args: Option<Value>,
    #[serde(default)]
    processes: Option<u32>,
}

/// `{}` (or nothing) for steps without parameters.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

/// True when the key is present, whether its value is `{}` or empty (YAML null).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Option::<Empty>::deserialize(d)?;
    Ok(true)
}

impl TryFrom<RawStep> for Step {
    type Error = String;
    fn try_from(r: RawStep) -> Result<Self, String> {
        let n = given_count(&r.alternatives());
        exactly_one("a step", &r.alternatives()).map_err(|e| format!("{e} (found {n})"))?;
        if r.call.is_none() && (r.may_fail.is_some() || r.or.is_some()) {
            return Err("`may_fail` and `or` belong to a `call` step".into());
        }
        if let Some(race) = r.race {
            return race_step(race);
        }
        if r.call.is_none() && r.args.is_some() {
            return Err("`args` belong to a `call` step".into());
        }
        if r.rpc.is_none() && r.params.is_some() {
            return Err("`params` belong to an `rpc` step".into());
        }
        if r.call.is_none() && r.rpc.is_none() && r.save.is_some() {
            return Err("`save` belongs to a `call` or `rpc` step".into());
        }
        if let Some(method) = r.rpc {
            let params = r
                .params
                .unwrap_or_else(|| Value::Object(Default::default()));
            if !params.is_object() {
                return Err(format!("`params` of rpc `{method}` must be a mapping"));
            }
            return Ok(Step::Rpc {
                method,
                params,
                save: r.save.unwrap_or_default(),
            });
        }
        if let Some(tool) = r.call {
            let args = r.args.unwrap_or_else(|| Value::Object(Default::default()));
            if !args.is_object() {
                return Err(format!("`args` of call `{tool}` must be a mapping"));
            }
            return Ok(Step::Call {
                tool,
                args,
                save: r.save.unwrap_or_default(),
                may_fail: r.may_fail.unwrap_or(false),
                or: r.or,
            });
        }
        if let Some(w) = r.write_on_disk {
            return Ok(Step::WriteOnDisk {
                file: w.file,
                text: w.text,
            });
        }
        if let Some(uri) = r.read_resource {
            return Ok(Step::ReadResource(uri));
        }
        if let Some(roots) = r.set_roots {
            return Ok(Step::SetRoots(roots));
        }
        if let Some(h) = r.http {
            let bodies = [
                h.message.is_some(),
                h.raw_body.is_some(),
                h.body_bytes.is_some(),
            ];
            if bodies.iter().filter(|b| **b).count() > 1 {
                return Err(
                    "an `http` step takes at most one of `message`, `raw_body`, `body_bytes`"
                        .into(),
                );
            }
            if let Some(m) = &h.method
                && !matches!(m.as_str(), "POST" | "GET" | "DELETE")
            {
                return Err(format!("`http` method {m:?}: use POST, GET or DELETE"));
            }
            return Ok(Step::Http(Box::new(h)));
        }
        if r.list_tools {
            return Ok(Step::ListTools);
        }
        if r.sweep_tools {
            return Ok(Step::Sweep);
        }
        if r.list_resource_templates {
            return Ok(Step::ListResourceTemplates);
        }
        if let Some(rd) = r.read_during {
            let args = rd.args.unwrap_or_else(|| Value::Object(Default::default()));
            if !args.is_object() {
                return Err(format!(
                    "`args` of read_during `{}` must be a mapping",
                    rd.call
                ));
            }
            if rd.reader_args.as_ref().is_some_and(|a| !a.is_object()) {
                return Err(format!(
                    "`reader_args` of read_during `{}` must be a mapping",
                    rd.call
                ));
            }
            return Ok(Step::ReadDuring {
                call: rd.call,
                args,
                path: rd.path,
                reader_args: rd.reader_args,
            });
        }
        let c = r.concurrent.expect("counted above");
        let args = c.args.unwrap_or_else(|| Value::Object(Default::default()));
        if !args.is_object() {
            return Err(format!(
                "`args` of concurrent `{}` must be a mapping",
                c.call
            ));
        }
        Ok(Step::Concurrent {
            count: c.count,
            call: c.call,
            args,
            processes: c.processes.unwrap_or(1).max(1),
        })
    }
}

/// A `race` step: at least one call, each a tool call or a resource read.
fn race_step(r: RawRace) -> Result<Step, String> {
    if r.calls.is_empty() {
        return Err(format!("the race on `{}` needs at least one call", r.swap));
    }
    if !(1..=30).contains(&r.seconds) {
        return Err(format!("a race lasts 1 to 30 seconds, not {}", r.seconds));
    }
    if !(1..=20_000).contains(&r.attempts) {
        return Err(format!(
            "a race makes 1 to 20000 attempts, not {}",
            r.attempts
        ));
    }
    for c in &r.calls {
        if !is_race_call(c) {
            return Err(format!(
                "a race call is `{{call: TOOL, args: {{...}}}}` or `{{read_resource: URI}}`, not {c}"
            ));
        }
    }
    Ok(Step::Race {
        swap: r.swap,
        with: r.with,
        calls: r.calls,
        attempts: r.attempts,
        seconds: r.seconds,
    })
}

/// A race call is read as a step, so its keys are the step's: a `call` (with `args` and
/// `or`, but no `save` or `may_fail`, which a repeated call has no use for) or a
/// `read_resource`.
fn is_race_call(c: &Value) -> bool {
    let Ok(r) = serde_json::from_value::<RawStep>(c.clone()) else {
        return false;
    };
    let repeatable = r.save.is_none() && r.may_fail.is_none();
    repeatable
        && matches!(
            Step::try_from(r),
            Ok(Step::Call { .. } | Step::ReadResource(_))
        )
}

/// Error kinds: the catalogue's error codes in lower case, or `any`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    Any,
    InvalidArgument,
    InvalidPath,
    PathEscape,
    NotFound,
    AlreadyExists,
    NotAFile,
    NotADirectory,
    NotText,
    StaleHash,
    ContentMismatch,
    AmbiguousMatch,
    InvalidRange,
    TooLarge,
    IoError,
    DirectoryNotFound,
    DirectoryNotEmpty,
    InvalidRegex,
}

impl ErrorKind {
    pub const ALL: [ErrorKind; 18] = [
        ErrorKind::Any,
        ErrorKind::InvalidArgument,
        ErrorKind::InvalidPath,
        ErrorKind::PathEscape,
        ErrorKind::NotFound,
        ErrorKind::AlreadyExists,
        ErrorKind::NotAFile,
        ErrorKind::NotADirectory,
        ErrorKind::NotText,
        ErrorKind::StaleHash,
        ErrorKind::ContentMismatch,
        ErrorKind::AmbiguousMatch,
        ErrorKind::InvalidRange,
        ErrorKind::TooLarge,
        ErrorKind::IoError,
        ErrorKind::DirectoryNotFound,
        ErrorKind::DirectoryNotEmpty,
        ErrorKind::InvalidRegex,
    ];

    /// Lower-case name as in the catalogue and the Gherkin (`stale_hash`, `any`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Any => "any",
            ErrorKind::InvalidArgument => "invalid_argument",
            ErrorKind::InvalidPath => "invalid_path",
            ErrorKind::PathEscape => "path_escape",
            ErrorKind::NotFound => "not_found",
            ErrorKind::AlreadyExists => "already_exists",
            ErrorKind::NotAFile => "not_a_file",
            ErrorKind::NotADirectory => "not_a_directory",
            ErrorKind::NotText => "not_text",
            ErrorKind::StaleHash => "stale_hash",
            ErrorKind::ContentMismatch => "content_mismatch",
            ErrorKind::AmbiguousMatch => "ambiguous_match",
            ErrorKind::InvalidRange => "invalid_range",
            ErrorKind::TooLarge => "too_large",
            ErrorKind::IoError => "io_error",
            ErrorKind::DirectoryNotFound => "directory_not_found",
            ErrorKind::DirectoryNotEmpty => "directory_not_empty",
            ErrorKind::InvalidRegex => "invalid_regex",
        }
    }

    /// The `structuredContent.code` value (`STALE_HASH`); `None` for `any`.
    pub fn code(self) -> Option<String> {
        (self != ErrorKind::Any).then(|| self.as_str().to_ascii_uppercase())
    }

    /// Parses the lower-case name used in the Gherkin.
    pub fn parse(s: &str) -> Option<ErrorKind> {
        ErrorKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

/// `then:` — exactly one primary expectation plus optional disk checks.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(try_from = "RawThen")]
pub struct Then {
    pub expect: Expect,
    pub disk: Vec<DiskCheck>,
    /// With `answered`: what the disk holds if the call succeeded (a file and its text), so
    /// that a success that did not do what it says fails, while a refusal may stand.
    pub if_succeeded: Vec<DiskCheck>,
    /// With `answered`: what the disk holds if the call was refused (a path absent).
    pub if_failed: Vec<DiskCheck>,
    /// Entries the server's audit log must hold after the last step, each given by some of
    /// its fields (exact JSON; strings interpolated). Only for a server started with
    /// `{audit_log}`; other runs skip the case.
    pub audit: Vec<serde_json::Map<String, Value>>,
}

impl Then {
    /// Every disk check, the conditional ones too.
    pub fn all_disk_checks(&self) -> impl Iterator<Item = &DiskCheck> {
        self.disk
            .iter()
            .chain(&self.if_succeeded)
            .chain(&self.if_failed)
    }
}

/// The primary expectation on the last step.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    Result(ResultCheck),
    Error(ErrorCheck),
    Listing(ListingCheck),
    Tools(Vec<ToolCheck>),
    Templates(Vec<String>),
    Concurrent(ConcurrentCheck),
    /// The `read_during` call succeeded, at least one read happened, and every read
    /// returned the file's content as it was just before the call or as it is after it.
    ReadsDuring(ReadsDuringCheck),
    /// The raw HTTP response of an `http` step.
    Http(HttpCheck),
    /// The last call was answered, with a result or an error that answers the request
    /// (not a timeout, a crash or "unknown tool"): the safe outcomes differ between
    /// servers, and the facts are checked on disk and outside.
    Answered,
    /// No reply of the last call (or of every call of a race) shows any of these texts.
    NeverShows(Vec<String>),
    /// What the server wrote to stdout over the whole session (stdio cases only).
    Stdout(StdoutCheck),
    /// What the sweep found (`sweep_tools`).
    Sweep(SweepCheck),
}

/// What the sweep must find.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SweepCheck {
    /// No reply shows the bait outside (its text, a name beside it, its size or its time)
    /// and the outside area is unchanged; at least one tool's benign call succeeded.
    NoWayOut,
}

/// What the server's stdout may hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StdoutCheck {
    /// JSON-RPC messages alone, one per line: no banner, no log line.
    OnlyMessages,
}

/// What the reads during a `read_during` call may see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadsDuringCheck {
    OldOrNew,
}

impl Expect {
    /// The YAML key of this expectation.
    pub fn kind(&self) -> &'static str {
        match self {
            Expect::Result(_) => "result",
            Expect::Error(_) => "error",
            Expect::Listing(_) => "listing",
            Expect::Tools(_) => "tools",
            Expect::Templates(_) => "templates",
            Expect::Concurrent(_) => "concurrent",
            Expect::ReadsDuring(_) => "reads_during",
            Expect::Http(_) => "http",
            Expect::Answered => "answered",
            Expect::NeverShows(_) => "never_shows",
            Expect::Stdout(_) => "stdout",
            Expect::Sweep(_) => "sweep",
        }
    }
}

one_of! {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawThen {
        alternatives {
            result: Option<ResultCheck>,
            error: Option<ErrorCheck>,
            listing: Option<ListingCheck>,
            tools: Option<Vec<ToolCheck>>,
            templates: Option<Vec<String>>,
            concurrent: Option<ConcurrentCheck>,
            reads_during: Option<ReadsDuringCheck>,
            http: Option<HttpCheck>,
            #[serde(default, deserialize_with = "present")]
            answered: bool,
            never_shows: Option<Vec<String>>,
            stdout: Option<StdoutCheck>,
            sweep: Option<SweepCheck>,
        }
        modifiers {
            #[serde(default)]
            disk: Vec<DiskCheck>,
            #[serde(default)]
            if_succeeded: Vec<DiskCheck>,
            #[serde(default)]
            if_failed: Vec<DiskCheck>,
            #[serde(default)]
            audit: Vec<serde_json::Map<String, Value>>,
        }
    }
}

impl TryFrom<RawThen> for Then {
    type Error = String;
    fn try_from(r: RawThen) -> Result<Self, String> {
        let alternatives = r.alternatives();
        if given_count(&alternatives) != 1 {
            let given: Vec<&str> = alternatives.iter().filter(|a| a.1).map(|a| a.0).collect();
            return Err(format!(
                "`then` needs exactly one of {}; found {}",
                keys(alternatives.iter().map(|a| a.0)),
                if given.is_empty() {
                    "none".to_string()
                } else {
                    given.join(", ")
                }
            ));
        }
        if r.audit.iter().any(|e| e.is_empty()) {
            return Err("an `audit` entry needs at least one field".into());
        }
        let conditional = !r.if_succeeded.is_empty() || !r.if_failed.is_empty();
        if conditional && !r.answered {
            return Err(
                "`if_succeeded` and `if_failed` go with `answered` alone (an outcome the case \
                 leaves open)"
                    .into(),
            );
        }
        // A success leaves what was asked for; a refusal leaves nothing behind.
        let after_success = |d: &DiskCheck| {
            matches!(
                d,
                DiskCheck::File {
                    content: Some(DiskContent::Text(_)),
                    mode: None,
                    ..
                }
            )
        };
        if !r.if_succeeded.iter().all(after_success)
            || !r
                .if_failed
                .iter()
                .all(|d| matches!(d, DiskCheck::Absent(_)))
        {
            return Err(
                "`if_succeeded` holds `file` with `text` alone, and `if_failed` `absent` alone"
                    .into(),
            );
        }
        Ok(Then {
            expect: (r.result.map(Expect::Result))
                .or(r.error.map(Expect::Error))
                .or(r.listing.map(Expect::Listing))
                .or(r.tools.map(Expect::Tools))
                .or(r.templates.map(Expect::Templates))
                .or(r.concurrent.map(Expect::Concurrent))
                .or(r.reads_during.map(Expect::ReadsDuring))
                .or(r.http.map(Expect::Http))
                .or(r.answered.then_some(Expect::Answered))
                .or(r.never_shows.map(Expect::NeverShows))
                .or(r.stdout.map(Expect::Stdout))
                .or(r.sweep.map(Expect::Sweep))
                .expect("exactly one is given"),
            disk: r.disk,
            if_succeeded: r.if_succeeded,
            if_failed: r.if_failed,
            audit: r.audit,
        })
    }
}

/// Checks on a successful call's structured result.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultCheck {
    /// Exact JSON equality per field.
    #[serde(default)]
    pub fields: Pairs<Value>,
    /// Field split into lines, terminator-insensitive.
    #[serde(default)]
    pub lines: Pairs<Vec<String>>,
    /// Regex per (string) field.
    #[serde(default)]
    pub matches: Pairs<String>,
    /// Field equals the SHA-256 of that root file on disk after the step.
    #[serde(default)]
    pub hash_of: Pairs<String>,
    /// Field equals a saved variable.
    #[serde(default)]
    pub equals_var: Pairs<String>,
    /// Field differs from a saved variable.
    #[serde(default)]
    pub differs_var: Pairs<String>,
}

/// Checks on a failed call.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ErrorCheck {
    #[serde(default = "any_kind")]
    pub kind: ErrorKind,
    /// All must appear in the message (case-insensitive).
    #[serde(default)]
    pub mentions: Vec<String>,
    /// At least one must appear.
    #[serde(default)]
    pub mentions_any: Vec<String>,
    /// The message carries the facts of `kind` (not_found: the path; stale_hash: the
    /// current hash or "read again"; content_mismatch: the text the lines really hold),
    /// in whatever words.
    #[serde(default)]
    pub facts: bool,
    /// Fields the error's JSON (structuredContent, a JSON text block, or a JSON-RPC
    /// error's data) must have, by dotted path, with their JSON type (`string`,
    /// `boolean`, `number`, `object`, `array`): the shape a source declares for errors.
    #[serde(default)]
    pub typed: Pairs<String>,
    /// The failure carries the mark the interface states for failures (its `failures:`,
    /// e.g. `isError: true`), not merely a shape the harness reads as a refusal.
    #[serde(default)]
    pub marked: bool,
}

impl ResultCheck {
    /// Renames the result field `from` to `to` in every check.
    pub fn rename_field(&mut self, from: &str, to: &str) {
        self.fields.rename(from, to);
        self.lines.rename(from, to);
        self.matches.rename(from, to);
        self.hash_of.rename(from, to);
        self.equals_var.rename(from, to);
        self.differs_var.rename(from, to);
    }
}

fn any_kind() -> ErrorKind {
    ErrorKind::Any
}

/// Checks on a `list://` resource read.
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListingCheck {
    /// Exactly these names, in this order.
    pub names: Option<Vec<String>>,
    pub directories: Option<Vec<String>>,
    pub files: Option<Vec<String>>,
    /// Exact JSON of the resource text (clarification cases only).
    pub json: Option<Value>,
}

/// One tool expected in `tools/list`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolCheck {
    pub name: String,
    #[serde(default)]
    pub required: Vec<String>,
    #[serde(default)]
    pub properties: Vec<String>,
}

/// Outcome of a `concurrent` step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConcurrentCheck {
    pub succeeded: u32,
    pub others: ErrorKind,
}

/// Expected content of a root file after the last step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DiskContent {
    Text(String),
    Base64(String),
    /// Text with `${winner}` = index of the successful concurrent call.
    TextWithVar(String),
}

/// One check of the root's state after the last step.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "RawDisk")]
pub enum DiskCheck {
    File {
        path: String,
        content: Option<DiskContent>,
        mode: Option<u32>,
    },
    Absent(String),
    Dir(String),
    /// The root holds exactly these entries (paths at any depth, directories included):
    /// nothing else appeared, whatever the server reports of it.
    Only(Vec<String>),
}

one_of! {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct RawDisk {
        alternatives {
            file: Option<String>,
            absent: Option<String>,
            dir: Option<String>,
            only: Option<Vec<String>>,
        }
        modifiers {
            text: Option<String>,
            base64: Option<String>,
            text_with_var: Option<String>,
            mode: Option<u32>,
        }
    }
}

impl TryFrom<RawDisk> for DiskCheck {
    type Error = String;
    fn try_from(r: RawDisk) -> Result<Self, String> {
        exactly_one("a disk check", &r.alternatives())?;
        let contents = [
            r.text.is_some(),
            r.base64.is_some(),
            r.text_with_var.is_some(),
        ];
        let n_contents = contents.iter().filter(|k| **k).count();
        if let Some(path) = r.file {
            if n_contents > 1 {
                return Err(format!(
                    "disk check of `{path}` takes only one of `text`, `base64`, `text_with_var`"
                ));
            }
            if n_contents == 0 && r.mode.is_none() {
                return Err(format!(
                    "disk check of `{path}` needs `text`, `base64`, `text_with_var` or `mode`"
                ));
            }
            let content = r
                .text
                .map(DiskContent::Text)
                .or(r.base64.map(DiskContent::Base64))
                .or(r.text_with_var.map(DiskContent::TextWithVar));
            return Ok(DiskCheck::File {
                path,
                content,
                mode: r.mode,
            });
        }
        if n_contents > 0 || r.mode.is_some() {
            return Err("only `file` disk checks take content or `mode`".into());
        }
        if let Some(p) = r.absent {
            return Ok(DiskCheck::Absent(p));
        }
        if let Some(all) = r.only {
            return Ok(DiskCheck::Only(all));
        }
        Ok(DiskCheck::Dir(r.dir.unwrap_or_default()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error_of<T: for<'de> Deserialize<'de> + fmt::Debug>(yaml: &str) -> String {
        crate::catalogue::yaml::from_str::<T>(yaml)
            .unwrap_err()
            .to_string()
    }

    /// One YAML of each step form, by its key.
    const STEPS: &[(&str, &str)] = &[
        ("call", "{call: t}"),
        ("rpc", "{rpc: m}"),
        ("write_on_disk", "{write_on_disk: {file: a, text: b}}"),
        ("read_resource", "{read_resource: u}"),
        ("list_tools", "{list_tools: {}}"),
        ("list_resource_templates", "{list_resource_templates: {}}"),
        ("concurrent", "{concurrent: {count: 2, call: t}}"),
        ("read_during", "{read_during: {call: t, path: p}}"),
        ("http", "{http: {}}"),
        ("set_roots", "{set_roots: []}"),
        (
            "race",
            "{race: {swap: a, with: b, calls: [{read_resource: u}]}}",
        ),
        ("sweep_tools", "{sweep_tools: {}}"),
    ];

    /// One YAML of each expectation, by its key.
    const EXPECTS: &[(&str, &str)] = &[
        ("result", "{result: {}}"),
        ("error", "{error: {}}"),
        ("listing", "{listing: {}}"),
        ("tools", "{tools: []}"),
        ("templates", "{templates: []}"),
        ("concurrent", "{concurrent: {succeeded: 1, others: any}}"),
        ("reads_during", "{reads_during: old_or_new}"),
        ("http", "{http: {status: 200}}"),
        ("answered", "{answered: {}}"),
        ("never_shows", "{never_shows: []}"),
        ("stdout", "{stdout: only_messages}"),
        ("sweep", "{sweep: no_way_out}"),
    ];

    /// The alternatives a raw struct declares are the keys serde reads (no field of them
    /// renamed), so an error's key list names what YAML may really say.
    #[test]
    fn the_alternative_keys_are_the_keys_serde_reads() {
        use super::super::one_of::serde_fields;
        fn check(name: &str, fields: &[&str], alternatives: &[&str]) {
            let read = &fields[..alternatives.len().min(fields.len())];
            assert_eq!(read, alternatives, "{name}: serde reads {fields:?}");
        }
        check("RawStep", serde_fields::<RawStep>(), RawStep::ALTERNATIVES);
        check(
            "RawFixture",
            serde_fields::<RawFixture>(),
            RawFixture::ALTERNATIVES,
        );
        check("RawThen", serde_fields::<RawThen>(), RawThen::ALTERNATIVES);
        check("RawDisk", serde_fields::<RawDisk>(), RawDisk::ALTERNATIVES);
    }

    /// `Step::kind` and `Expect::kind` name the key each form is written with, for every
    /// alternative: a form added to the raw struct needs a sample here and a kind there.
    #[test]
    fn every_form_is_named_by_its_key() {
        let keys: Vec<&str> = STEPS.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, RawStep::ALTERNATIVES);
        for (key, yaml) in STEPS {
            let step: Step =
                crate::catalogue::yaml::from_str(yaml).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(step.kind(), *key);
        }
        let keys: Vec<&str> = EXPECTS.iter().map(|(k, _)| *k).collect();
        assert_eq!(keys, RawThen::ALTERNATIVES);
        for (key, yaml) in EXPECTS {
            let then: Then =
                crate::catalogue::yaml::from_str(yaml).unwrap_or_else(|e| panic!("{yaml}: {e}"));
            assert_eq!(then.expect.kind(), *key);
        }
    }

    #[test]
    fn a_race_call_is_a_call_or_a_resource_read() {
        let race = |calls: &str| {
            crate::catalogue::yaml::from_str::<Step>(&format!(
                "{{race: {{swap: a, with: b, calls: {calls}}}}}"
            ))
        };
        assert!(race("[{call: t, args: {path: a}, or: u}, {read_resource: r}]").is_ok());
        for bad in [
            "[{call: t, save: {x: y}}]",
            "[{call: t, args: [1]}]",
            "[{read_resource: r, args: {}}]",
            "[{rpc: m}]",
            "[{call: t, read_resource: r}]",
            "[x]",
        ] {
            let e = race(bad).unwrap_err().to_string();
            assert!(e.contains("a race call is"), "{bad}: {e}");
        }
    }

    #[test]
    fn a_missing_or_doubled_form_names_every_alternative() {
        assert!(error_of::<Step>("{call: a, rpc: b}").starts_with(
            "a step needs exactly one of `call`, `rpc`, `write_on_disk`, `read_resource`, \
             `list_tools`, `list_resource_templates`, `concurrent`, `read_during`, `http`, \
             `set_roots`, `race`, `sweep_tools` (found 2)"
        ));
        assert!(error_of::<Fixture>("{mode: 1}").starts_with(
            "a fixture needs exactly one of `file`, `dir`, `symlink`, `hard_link`, \
             `outside_file`, `outside_dir`, `fifo`, `socket`, `device`"
        ));
        assert!(error_of::<Then>("{disk: []}").starts_with(
            "`then` needs exactly one of `result`, `error`, `listing`, `tools`, `templates`, \
             `concurrent`, `reads_during`, `http`, `answered`, `never_shows`, `stdout`, `sweep`; \
             found none"
        ));
        assert!(
            error_of::<DiskCheck>("{text: a}")
                .starts_with("a disk check needs exactly one of `file`, `absent`, `dir`, `only`")
        );
    }
}
