//! `specs/<profile>/profile.yaml`: what one interface is, for the harness. A profile names
//! its tools (so the harness can tell which interface a server speaks), its resources, and
//! how its error codes are spelled, so that the cases can speak of error kinds.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::model::ErrorKind;

/// One interface: `rootspace`, `lighthouse`, ...
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    /// The profile's name, equal to its folder's name.
    pub profile: String,
    pub title: String,
    /// Where the interface is described (the document it restates).
    pub source: String,
    /// Every tool of the interface, in the catalogue's spelling.
    pub tools: Vec<String>,
    /// The tool that reads a whole file from `{"path": ...}` into a `content` field; the
    /// `read_during` step calls it (`text.read`, `read`).
    #[serde(default)]
    pub reader: Option<String>,
    /// Arguments the reader takes besides `path` (e.g. `{action: read}` for a tool that
    /// does several things).
    #[serde(default)]
    pub reader_args: BTreeMap<String, serde_json::Value>,
    /// The result field the reader puts the file's text in, when not `content`.
    #[serde(default)]
    pub reader_field: Option<String>,
    /// For an interface whose results are plain text: the field a result of text blocks
    /// alone (no structuredContent, no JSON object in a text block) stands for, e.g.
    /// `content`, so that cases check `content` whether or not the server also sends it
    /// as structuredContent.
    #[serde(default)]
    pub text_result: Option<String>,
    /// For such an interface: a header its text results start with (a regular expression
    /// matched at the start), left out before the text is checked; Desktop Commander's
    /// `read_file` puts `[Reading N lines from start ...]` and an empty line before the text.
    #[serde(default)]
    pub text_header: Option<String>,
    /// How the interface's own refusal shape reads, when it is none of the usual ones
    /// (`isError`, a JSON-RPC error, an `ok`/`success: false` envelope): a result whose
    /// value at `field` equals `equals` is taken as `isError: true` (an interface file's
    /// `refusal:`).
    #[serde(default)]
    pub refusal: Option<Refusal>,
    /// How the interface marks a failed call, as its catalogue states (or an interface file
    /// declares): the `failure-marking` cases check exactly this mark, while every other case
    /// reads a refusal in any of the usual shapes (`reply::refusal`). `None`: not stated, and
    /// those cases are left out.
    #[serde(default)]
    pub failures: Option<FailureMarking>,
    /// How the reader answers part of a file and how to ask for the rest, when it does
    /// (an interface file's `paged_read:`): the harness joins the pages into the whole text.
    #[serde(default)]
    pub paged_read: Option<PagedRead>,
    /// Resource templates the interface offers, e.g. `list://{path}`.
    #[serde(default)]
    pub resources: Vec<String>,
    /// Error kinds whose code is spelled differently from the kind in upper case, e.g.
    /// `not_found: FILE_NOT_FOUND`.
    #[serde(default)]
    pub codes: BTreeMap<ErrorKind, String>,
    /// The clarification that fixes the shape of every tool result, if the interface has
    /// one: the cases covering it check that shape on each result they read (rootspace:
    /// CLR-023, structuredContent and the same JSON as one text block).
    #[serde(default)]
    pub result_shape: Option<String>,
    /// The clarification that fixes the reader's text block, if the interface has one: the
    /// cases covering it check that block (rootspace: CLR-037, a JSON line, then the text).
    #[serde(default)]
    pub read_shape: Option<String>,
    /// The tool, called without arguments, whose answer names the directories the server
    /// allows (filesystem: `list_allowed_directories`). After the client's roots change,
    /// the harness reads it back until it names them (bounded: `ROOTS_APPLY_LIMIT`).
    #[serde(default)]
    pub roots_read: Option<String>,
    /// What the core-rule lint (`lint::core_rule_problems`) must know of the interface.
    #[serde(default)]
    pub core_rule: CoreRule,
    /// Arguments that make the built-in reference serve this interface.
    #[serde(default)]
    pub reference_args: Vec<String>,
    /// How the shared safety checks (`specs/shared/`) do each abstract operation here: a
    /// step template (`{call: read, args: {path: "{path}"}}`), or a sentence saying why the
    /// interface has no such operation (its shared cases are then left out).
    #[serde(default)]
    pub operations: BTreeMap<String, crate::catalogue::yaml::Value>,
    /// For each shared check, the ids of this profile it rests on (requirements, or
    /// clarifications where the source is silent).
    #[serde(default)]
    pub shared_covers: BTreeMap<String, Vec<String>>,
    /// Shared checks whose cases this profile leaves out although it has their operations,
    /// each with the reason (a clarification of the profile that chose the opposite, e.g.
    /// devs refuses every absolute link target, DV-CLR-07).
    #[serde(default)]
    pub shared_skips: BTreeMap<String, String>,
    /// Made from an interface file, not a catalogue folder: the call shapes are the file's
    /// guess, so an argument error on a call meant to succeed says the mapping is wrong (the
    /// case tested nothing), where on a catalogued profile it is the server's failure.
    #[serde(skip)]
    pub mapped: bool,
}

/// How an interface marks a failed tool call: what a client that trusts only that mark needs
/// to see to hand the failure to the model as one (`reply::refusal::check_marking`). A
/// resource read or a direct JSON-RPC request has no other channel than a JSON-RPC error.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureMarking {
    /// A tool result with `isError: true` (the MCP specification's tool execution error).
    IsError,
    /// A tool result with `isError: true`, or a JSON-RPC error response.
    IsErrorOrJsonRpc,
    /// A JSON-RPC error response.
    JsonRpc,
    /// A result whose envelope says `success: false` or `ok: false`, whatever `isError` says.
    Envelope,
    /// The interface's own refusal shape, declared in `refusal:`, or `isError: true`.
    Refusal,
}

impl FailureMarking {
    /// The spelling in YAML and in messages.
    pub fn as_str(self) -> &'static str {
        match self {
            FailureMarking::IsError => "is_error",
            FailureMarking::IsErrorOrJsonRpc => "is_error_or_json_rpc",
            FailureMarking::JsonRpc => "json_rpc",
            FailureMarking::Envelope => "envelope",
            FailureMarking::Refusal => "refusal",
        }
    }

    /// What the mark is, in words.
    pub fn described(self) -> &'static str {
        match self {
            FailureMarking::IsError => "a tool result with `isError: true`",
            FailureMarking::IsErrorOrJsonRpc => {
                "a tool result with `isError: true` or a JSON-RPC error"
            }
            FailureMarking::JsonRpc => "a JSON-RPC error",
            FailureMarking::Envelope => {
                "a result whose envelope says `success: false` or `ok: false`"
            }
            FailureMarking::Refusal => {
                "the interface's declared refusal shape (`refusal:`) or `isError: true`"
            }
        }
    }
}

/// A reader that answers a file in pages, and how the next page is asked for: by an offset
/// argument advanced by each page's length in `unit` (with `length` asking `page` units a
/// call), the read ending at an empty page; or by a continuation token at the JSON pointer
/// `next` of each page's result object, sent back as the argument `send_as`, the read ending
/// at a page without one.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PagedRead {
    #[serde(default)]
    pub offset: Option<String>,
    #[serde(default)]
    pub length: Option<String>,
    #[serde(default)]
    pub page: Option<u64>,
    #[serde(default)]
    pub unit: Option<PageUnit>,
    #[serde(default)]
    pub next: Option<String>,
    #[serde(default)]
    pub send_as: Option<String>,
}

/// What an offset counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PageUnit {
    Characters,
    Bytes,
    Lines,
}

impl PagedRead {
    /// The units asked for a page when `length` is given and `page` is not: 1 MiB.
    pub const DEFAULT_PAGE: u64 = 1 << 20;
}

/// A refusal shape of the interface's own, however the server flags the result
/// (`isError: false` included): the result object (structuredContent, else the first text
/// block holding a JSON object) has `equals` at the JSON pointer `field`, whose `*` matches
/// any key (mcp-text-editor: `{field: /*/result, equals: error}`), and a list of values
/// means any of them (`equals: [not_found, count_mismatch]`); or the text blocks start with
/// a match of `text_matches`, a regular expression (`"^Error: "`). Either form refuses.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Refusal {
    #[serde(default)]
    pub field: Option<String>,
    #[serde(default)]
    pub equals: Option<serde_json::Value>,
    #[serde(default)]
    pub text_matches: Option<String>,
}

impl Refusal {
    /// Whether a result says the call was refused: its result object (`None` when it has
    /// none) or its text (the text blocks joined).
    pub fn says_refused(&self, result: Option<&serde_json::Value>, text: &str) -> bool {
        self.value_refuses(result) || self.text_refuses(text)
    }

    fn value_refuses(&self, result: Option<&serde_json::Value>) -> bool {
        let (Some(field), Some(equals), Some(result)) = (&self.field, &self.equals, result) else {
            return false;
        };
        let refusing = |v: &serde_json::Value| match equals {
            serde_json::Value::Array(any) => any.contains(v),
            one => v == one,
        };
        super::pointer::values_at(result, field)
            .iter()
            .any(|v| refusing(v))
    }

    fn text_refuses(&self, text: &str) -> bool {
        self.text_matches
            .as_deref()
            .and_then(|p| regex::Regex::new(p).ok())
            .and_then(|re| re.find(text))
            .is_some_and(|m| m.start() == 0)
    }
}

/// The interface's tools and ids the core-rule lint needs: which calls are hash-guarded
/// mutations, which edit lines, and which requirement lets a core case check an error's
/// wording. Every list names tools of `tools`; a profile without this section gets the lint's
/// checks that need no tool (listing shape, exact content, literal hashes, wording, races,
/// permission bits, line counts).
#[derive(Debug, Clone, PartialEq, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CoreRule {
    /// The requirements whose text fixes what an error says (rootspace: MCP-052, errors
    /// teach; devs: the rows that quote the message, e.g. "Path traversal detected"): only a
    /// core case covering one of them may check an error's wording.
    #[serde(default)]
    pub wording: Vec<String>,
    /// Mutations that carry the hash of the content they were based on: of N such calls
    /// with one hash, exactly one wins, as the source decides.
    #[serde(default)]
    pub hash_guarded: Vec<String>,
    /// Tools that edit a file by lines (`old`, `new`, `content` line texts): their handling
    /// of `\r`, and of an empty text, is a clarification.
    #[serde(default)]
    pub line_edits: Vec<String>,
    /// The tool that inserts at a 1-based `line`: zero or below is a clarification.
    #[serde(default)]
    pub insert: Option<String>,
    /// The tool that appends lines: to a file without a final newline is a clarification.
    #[serde(default)]
    pub append: Option<String>,
    /// The source says a read without a range returns the file's whole text, so a core
    /// case may check the exact text of the `read` operation's call (ROUND-). False where
    /// the source leaves the line model open (rootspace: a clarification decides).
    #[serde(default)]
    pub exact_whole_read: bool,
}

impl CoreRule {
    /// Every tool and id the section names, each with the key naming it.
    pub fn named(&self) -> Vec<(&'static str, &str)> {
        let mut out: Vec<(&'static str, &str)> = Vec::new();
        out.extend(
            self.hash_guarded
                .iter()
                .map(|t| ("hash_guarded", t.as_str())),
        );
        out.extend(self.line_edits.iter().map(|t| ("line_edits", t.as_str())));
        out.extend(self.insert.iter().map(|t| ("insert", t.as_str())));
        out.extend(self.append.iter().map(|t| ("append", t.as_str())));
        out
    }
}

impl Profile {
    /// The code this profile uses for `kind` (`None` for `any`).
    pub fn code(&self, kind: ErrorKind) -> Option<String> {
        self.codes.get(&kind).cloned().or_else(|| kind.code())
    }

    /// The result field holding the text the reader returns.
    pub fn reader_field(&self) -> &str {
        self.reader_field.as_deref().unwrap_or("content")
    }

    /// `obj` (a result read by `text_result`) with the `text_header` left out of its text.
    pub fn without_text_header(
        &self,
        mut obj: serde_json::Map<String, serde_json::Value>,
    ) -> serde_json::Map<String, serde_json::Value> {
        let (Some(field), Some(header)) = (&self.text_result, self.text_header_regex()) else {
            return obj;
        };
        if let Some(serde_json::Value::String(text)) = obj.get_mut(field)
            && let Some(m) = header.find(text)
        {
            text.replace_range(..m.end(), "");
        }
        obj
    }

    /// `text_header` anchored at the start of the text; `None` without one (or an invalid
    /// one, which loading refuses).
    pub fn text_header_regex(&self) -> Option<regex::Regex> {
        let header = self.text_header.as_deref()?;
        regex::Regex::new(&format!(r"\A(?:{header})")).ok()
    }

    /// Whether `tool` called with `args` is this profile's whole-file read: the `read`
    /// operation's tool (or its alternative) with just that operation's argument names.
    pub fn is_whole_read(
        &self,
        tool: &str,
        args: &serde_json::Map<String, serde_json::Value>,
    ) -> bool {
        let Some(op) = self.operations.get("read") else {
            return false;
        };
        let named = op
            .get("call")
            .and_then(crate::catalogue::yaml::Value::as_str)
            == Some(tool)
            || self.read_or() == Some(tool);
        let keys = op
            .get("args")
            .and_then(crate::catalogue::yaml::Value::as_mapping);
        named
            && keys.is_some_and(|k| {
                k.len() == args.len()
                    && k.keys()
                        .all(|n| n.as_str().is_some_and(|n| args.contains_key(n)))
            })
    }

    /// The arguments that pick what `tool` does rather than where: those an operation
    /// calling `tool` gives a constant string (`action: read` of a tool that does several
    /// things). A positive control (`run::controls`) must match their values too.
    pub fn selector_args(&self, tool: &str) -> Vec<String> {
        use crate::catalogue::yaml::Value;
        let mut names: Vec<String> = Vec::new();
        for op in self.operations.values() {
            let calls = ["call", "or"]
                .iter()
                .any(|k| op.get(*k).and_then(Value::as_str) == Some(tool));
            let Some(args) = op.get("args").and_then(Value::as_mapping).filter(|_| calls) else {
                continue;
            };
            for (name, value) in args {
                let constant = value.as_str().is_some_and(|v| !v.contains('{'));
                if let (Some(name), true) = (name.as_str(), constant)
                    && !names.iter().any(|n| n == name)
                {
                    names.push(name.to_string());
                }
            }
        }
        names
    }

    /// The tool the `read` operation names with `or:`, called instead of its own tool by a
    /// server that lacks it (filesystem: `read_file` for `read_text_file`).
    pub fn read_or(&self) -> Option<&str> {
        self.operations.get("read")?.get("or")?.as_str()
    }

    /// Whether the interface lists directories through the `list://` resource.
    pub fn has_listing(&self) -> bool {
        self.resources.iter().any(|r| r.starts_with("list://"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_default_to_the_kind_in_upper_case() {
        let p: Profile = crate::catalogue::yaml::from_str(
            "profile: x\ntitle: X\nsource: s\ntools: [read]\ncodes: {not_found: FILE_NOT_FOUND}\n",
        )
        .unwrap();
        assert_eq!(
            p.code(ErrorKind::NotFound).as_deref(),
            Some("FILE_NOT_FOUND")
        );
        assert_eq!(p.code(ErrorKind::StaleHash).as_deref(), Some("STALE_HASH"));
        assert_eq!(p.code(ErrorKind::Any), None);
        assert!(!p.has_listing());
        let bad = crate::catalogue::yaml::from_str::<Profile>(
            "profile: x\ntitle: X\nsource: s\ntools: []\nbogus: 1\n",
        );
        assert!(bad.is_err());
    }

    #[test]
    fn a_whole_read_is_the_read_operation_with_its_own_arguments() {
        let p: Profile = crate::catalogue::yaml::from_str(
            "profile: x\ntitle: X\nsource: s\ntools: [rd, rd2]\n\
             operations: {read: {call: rd, args: {path: \"{path}\"}, or: rd2}}\n",
        )
        .unwrap();
        let args = |v: serde_json::Value| v.as_object().unwrap().clone();
        let whole = args(serde_json::json!({"path": "a.txt"}));
        assert!(p.is_whole_read("rd", &whole));
        assert!(p.is_whole_read("rd2", &whole));
        assert!(!p.is_whole_read("other", &whole));
        // A range, or any other argument, makes it something else.
        assert!(!p.is_whole_read("rd", &args(serde_json::json!({"path": "a", "head": 2}))));
        assert!(!p.is_whole_read("rd", &args(serde_json::json!({"file": "a"}))));
    }

    #[test]
    fn read_call_uses_the_read_operation_else_the_reader() {
        let p: Profile = crate::catalogue::yaml::from_str(
            "profile: x\ntitle: X\nsource: s\ntools: [rd]\nreader: rd\n\
             operations: {read: {call: rd2, args: {path: \"${root}/{path}\", n: 1}}}\n",
        )
        .unwrap();
        assert_eq!(
            p.read_call("a/b.txt"),
            Some((
                "rd2".into(),
                serde_json::json!({"path": "${root}/a/b.txt", "n": 1})
            ))
        );
        let p: Profile = crate::catalogue::yaml::from_str(
            "profile: x\ntitle: X\nsource: s\ntools: [rd]\nreader: rd\n",
        )
        .unwrap();
        assert_eq!(
            p.read_call("a.txt"),
            Some(("rd".into(), serde_json::json!({"path": "a.txt"})))
        );
        assert_eq!(Profile::default().read_call("a.txt"), None);
    }

    #[test]
    fn read_or_is_the_read_operations_alternative() {
        let p: Profile = crate::catalogue::yaml::from_str(
            "profile: x\ntitle: X\nsource: s\ntools: [rd, rd2]\n\
             operations: {read: {call: rd, args: {path: \"{path}\"}, or: rd2}}\n",
        )
        .unwrap();
        assert_eq!(p.read_or(), Some("rd2"));
        assert_eq!(Profile::default().read_or(), None);
    }
}
