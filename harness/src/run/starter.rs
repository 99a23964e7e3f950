//! `mcp-harness interface init --server CMD`: a commented starter interface file, guessed
//! from the server's own `tools/list` (tool names, input schemas) and verified where the
//! probe could (`probe::starter_seen`: a read of a file it made, a read of a missing one),
//! for the author to correct. Every guess is marked as one and every verified line says
//! what was seen; an operation no tool fits is declared absent with a sentence that says
//! so, so the file loads as written and the author sees why.

use serde_json::Value;

use crate::catalogue::profile::{FailureMarking, PageUnit, PagedRead};
use crate::reply::listing::input_schema_names;
use crate::reply::{self, Reply};
use crate::run::starter_schemas::FILLED_FROM;

/// The text of the file the probe reads back (`probe::starter_seen`).
pub const PROBE_TEXT: &str = "mcp-harness probe: first line\nsecond line\n";

/// What probing the server showed, written into the starter with a comment each.
#[derive(Debug, Clone, Default)]
pub struct Seen {
    /// The read tool tried, and how its text came back.
    pub read: Option<(String, ReadSeen)>,
    /// The path spelling that read the file: absolute (`true`) or relative to the root.
    pub absolute: Option<bool>,
    /// How a read of a missing file was refused.
    pub refusal: Option<RefusalSeen>,
    /// What an edit of a CRLF file through the guessed edit left on disk.
    pub crlf: Option<CrlfSeen>,
    /// How the read tool, which answered a page, was seen to give the whole file: the
    /// paging whose pages, joined, gave `PAGED_TEXT` back exactly.
    pub paged: Option<PagedRead>,
    /// The size caps a read, an edit and a write of the suite's largest file showed.
    pub limits: Option<super::starter_limits::LimitsSeen>,
}

/// The text of the file a paged read is verified on: long enough for several pages, its
/// letters beyond ASCII so that an offset in bytes and one in characters differ.
pub const PAGED_TEXT: &str = "pagé prøbe: ünïcödé fïrst lïné, ëvëry wörd ä lïttlé löngér\n\
                              sécönd lïné ïn thé mïddlé öf thé fïlé\nthïrd ànd läst lïné\n";

/// The CRLF round trip of the starter's probe: the file made on disk, and the edit asked
/// through the guessed edit tool (`two` → `TWO`), as the `edit-line-endings` cases do.
pub const CRLF_BEFORE: &str = "one\r\ntwo\r\nthree\r\n";
pub const CRLF_OLD: &str = "two";
pub const CRLF_NEW: &str = "TWO";

/// What an edit of a CRLF file left on disk, with the edit tool's name.
#[derive(Debug, Clone, PartialEq)]
pub enum CrlfSeen {
    /// Every untouched byte kept, CRLF endings among them.
    Kept(String),
    /// The whole file written back with LF endings.
    ToLf(String),
    /// Something else on disk (shown as a Rust string).
    Other(String, String),
    /// The file unchanged: the edit did not apply; the reply, described.
    NotApplied(String, String),
}

/// What the bytes on disk after the CRLF edit through `tool` say, given its `reply`.
pub fn crlf_seen(tool: &str, after: &[u8], reply: &str) -> CrlfSeen {
    let after_text = String::from_utf8_lossy(after).into_owned();
    let edited = CRLF_BEFORE.replace(CRLF_OLD, CRLF_NEW);
    match after_text {
        t if t == edited => CrlfSeen::Kept(tool.into()),
        t if t == edited.replace("\r\n", "\n") => CrlfSeen::ToLf(tool.into()),
        t if t == CRLF_BEFORE => CrlfSeen::NotApplied(tool.into(), reply.into()),
        t => CrlfSeen::Other(tool.into(), format!("{t:?}")),
    }
}

/// The comment of what the CRLF edit showed: never a `line_endings` declaration, which
/// needs the server's own documentation (docs/interfaces.md).
fn crlf_lines(seen: Option<&CrlfSeen>) -> String {
    let asked = format!(
        "an edit through {{}} of a file holding {CRLF_BEFORE:?} ({CRLF_OLD:?} -> {CRLF_NEW:?})"
    );
    let asked = |tool: &str| asked.replace("{}", tool);
    match seen {
        None => String::new(),
        Some(CrlfSeen::Kept(tool)) => format!(
            "# Seen: {} kept every CRLF: no `line_endings` needed (the default, preserves).\n",
            asked(tool)
        ),
        Some(CrlfSeen::ToLf(tool)) => format!(
            "# Seen: {} left {:?} on disk: every line ending\n\
             # rewritten to LF. Declare it only if the server's documentation says its edits do \
             so\n# (a setting, a stated rule), saying where:\n\
             #   line_endings: normalises_to_lf\n\
             # Otherwise it is a bug to report: the edit-line-endings cases fail it as core.\n",
            asked(tool),
            CRLF_BEFORE
                .replace(CRLF_OLD, CRLF_NEW)
                .replace("\r\n", "\n")
        ),
        Some(CrlfSeen::Other(tool, bytes)) => format!(
            "# Seen: {} left {bytes} on disk, neither the\n\
             # bytes kept nor LF throughout: check the server's edits of CRLF files.\n",
            asked(tool)
        ),
        Some(CrlfSeen::NotApplied(tool, reply)) => format!(
            "# NOT VERIFIED: {} changed nothing on disk\n\
             # (the guessed edit may be wrong); it answered: {reply}\n",
            asked(tool)
        ),
    }
}

/// Where a read's text came back.
#[derive(Debug, Clone, PartialEq)]
pub enum ReadSeen {
    /// In this field of the result object (structuredContent or a JSON text block).
    Field(String),
    /// As plain text blocks, after this header (empty when none).
    PlainText(String),
    /// Nowhere: why.
    Nothing(String),
}

/// How a read of a missing file came back.
#[derive(Debug, Clone, PartialEq)]
pub enum RefusalSeen {
    /// In a shape the harness knows: which, and the mark it carried.
    Usual(String, FailureMarking),
    /// As a result not flagged an error whose text starts with this word and colon
    /// (`Error:`), an in-band refusal.
    InBand(String),
    /// As a result not flagged an error, told from a success by a field of its own: the
    /// field's name, its value in a success, and each value seen in a refusal with the
    /// call that gave it (`status`: `ok`; `not_found` for a missing file).
    ByField(String, String, Vec<(String, String)>),
    /// As something the harness cannot tell from a success: what came back.
    NotTold(String),
}

/// The one field of the result object whose text differs between a success (`ok`) and a
/// refusal that the harness cannot otherwise tell (`refused`): `(field, value in the
/// success, value in the refusal)`, as `{"status": "ok"}` against `{"status":
/// "not_found"}`; `None` when no field, or more than one, does.
pub fn refusal_field(ok: &Reply, refused: &Reply) -> Option<(String, String, String)> {
    let (ok, refused) = (object_of(ok)?, object_of(refused)?);
    let differ: Vec<(String, String, String)> = ok
        .iter()
        .filter_map(|(k, v)| {
            let (a, b) = (v.as_str()?, refused.get(k)?.as_str()?);
            (a != b).then(|| (k.clone(), a.to_string(), b.to_string()))
        })
        .collect();
    match differ.as_slice() {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// The text at `field` of a reply's result object, when it has one.
pub fn field_value(reply: &Reply, field: &str) -> Option<String> {
    Some(object_of(reply)?.get(field)?.as_str()?.to_string())
}

fn object_of(reply: &Reply) -> Option<serde_json::Map<String, Value>> {
    match reply {
        Reply::Ok(v) if !reply::is_tool_error(v) => reply::result_object(v, None).ok(),
        _ => None,
    }
}

/// The field of a read's result that holds the probe file's start alone, and how many
/// bytes of it: a read that answers a page (`paged_read`).
pub fn page_field(reply: &Reply) -> Option<(String, usize)> {
    let obj = object_of(reply)?;
    obj.iter().find_map(|(key, f)| {
        let t = f.as_str()?;
        (!t.is_empty() && t.len() < PROBE_TEXT.len() && PROBE_TEXT.starts_with(t))
            .then(|| (key.clone(), t.len()))
    })
}

/// Argument names that say where a page starts, and how long it is.
const OFFSET_ARGS: &[&str] = &["offset", "start", "position", "char_offset", "byte_offset"];
const LENGTH_ARGS: &[&str] = &[
    "length",
    "limit",
    "count",
    "size",
    "max_length",
    "max_chars",
];
/// Words of a result field holding the next page's token, and of the argument taking it.
const TOKEN_WORDS: &[&str] = &["next", "cursor", "token", "continuation"];

/// The pagings a read tool may use, to be tried in order: by offset (and length) when the
/// tool takes them, in each unit, characters first; by a token when a field of its first
/// page (`first`, besides the page's own `text_field`) is named for one and the tool takes
/// an argument named for one.
pub fn paging_candidates(tool: &Value, first: &Reply, text_field: &str) -> Vec<PagedRead> {
    let props = input_schema_names(tool).1;
    let named = |names: &[&str]| {
        names
            .iter()
            .find(|n| props.contains(**n))
            .map(|n| n.to_string())
    };
    let mut out = Vec::new();
    if let Some(offset) = named(OFFSET_ARGS) {
        for unit in [PageUnit::Characters, PageUnit::Bytes, PageUnit::Lines] {
            out.push(PagedRead {
                offset: Some(offset.clone()),
                length: named(LENGTH_ARGS),
                page: None,
                unit: Some(unit),
                next: None,
                send_as: None,
            });
        }
    }
    let for_token = |name: &str| TOKEN_WORDS.iter().any(|w| says(&name_words(name), w));
    let fields: Vec<String> = object_of(first)
        .map(|o| {
            o.iter()
                .filter(|(k, v)| *k != text_field && (v.is_string() || v.is_number()))
                .filter(|(k, _)| for_token(k))
                .map(|(k, _)| k.clone())
                .collect()
        })
        .unwrap_or_default();
    for field in fields {
        for arg in props.iter().filter(|a| for_token(a)) {
            out.push(PagedRead {
                offset: None,
                length: None,
                page: None,
                unit: None,
                next: Some(format!("/{}", field.replace('~', "~0").replace('/', "~1"))),
                send_as: Some(arg.clone()),
            });
        }
    }
    out
}

/// A paging as the interface file's flow mapping.
fn paged_yaml(p: &PagedRead) -> String {
    let unit = |u: &PageUnit| match u {
        PageUnit::Characters => "characters",
        PageUnit::Bytes => "bytes",
        PageUnit::Lines => "lines",
    };
    let mut keys = Vec::new();
    if let Some(o) = &p.offset {
        keys.push(format!("offset: {o}"));
    }
    if let Some(l) = &p.length {
        keys.push(format!("length: {l}"));
    }
    if let Some(u) = &p.unit {
        keys.push(format!("unit: {}", unit(u)));
    }
    if let Some(n) = &p.next {
        keys.push(format!("next: {}", Value::from(n.as_str())));
    }
    if let Some(a) = &p.send_as {
        keys.push(format!("send_as: {a}"));
    }
    format!("{{{}}}", keys.join(", "))
}

/// The read operation's tool, its path argument and whether paths are guessed absolute,
/// when it takes the path as an argument of its own (the probe calls it); `None` for a
/// read that takes a list of files.
pub fn read_call(tools: &[Value]) -> Option<(String, String, bool)> {
    let (want, avoid, _) = read_words();
    let tool = best_tool("read", want, avoid, tools)?;
    if takes(tool) != Takes::Flat {
        return None;
    }
    let name = tool.get("name").and_then(Value::as_str)?.to_string();
    let absolute = tools.iter().any(mentions_absolute);
    Some((name, arg(tool, PATH_ARGS)?, absolute))
}

/// For each operation a starter maps, the listed tool whose name and schema fit it best,
/// if one does: what the server seems to offer. An interface file that declares such an
/// operation absent, without naming the tool, leaves it untested (`run/report/gaps.rs`).
pub fn operations_offered(tools: &[Value]) -> Vec<(String, String)> {
    GUESSES
        .iter()
        .filter_map(|(op, want, avoid, _)| {
            let tool = best_tool(op, want, avoid, tools)?;
            let name = tool.get("name").and_then(Value::as_str)?;
            Some((op.to_string(), name.to_string()))
        })
        .collect()
}

fn read_words() -> Words<'static> {
    GUESSES
        .iter()
        .find(|g| g.0 == "read")
        .map(|(_, w, a, what)| (*w, *a, *what))
        .unwrap_or((&[], &[], ""))
}

/// Where `reply` carries `PROBE_TEXT`: a field of its result object, else its text blocks.
pub fn read_seen(reply: &Reply) -> ReadSeen {
    let want = reply::values::split_lines(PROBE_TEXT);
    let v = match reply {
        Reply::Ok(v) if !reply::is_tool_error(v) => v,
        Reply::Ok(v) => {
            return ReadSeen::Nothing(format!(
                "refused: {}",
                reply::clip(&reply::text_blocks(v).join(" "), 200)
            ));
        }
        Reply::RpcError { code, message, .. } => {
            return ReadSeen::Nothing(format!("JSON-RPC error {code}: {message}"));
        }
        Reply::Broken(why) => return ReadSeen::Nothing(why.clone()),
    };
    if let Ok(obj) = reply::result_object(v, None) {
        let found = obj.iter().find(|(_, f)| {
            f.as_str()
                .is_some_and(|t| reply::values::split_lines(t) == want)
        });
        if let Some((key, _)) = found {
            return ReadSeen::Field(key.clone());
        }
        // The file's start alone: a read that answers a page (`paged_read`).
        if let Some((key, n)) = page_field(reply) {
            return ReadSeen::Nothing(format!(
                "the field `{key}` holds the probe file's first {n} bytes alone: the read looks \
                 paged; declare `paged_read` (docs/interfaces.md) and `reader_field: {key}`"
            ));
        }
    }
    let text = reply::text_blocks(v).join("\n");
    match text.find(&want[0]) {
        Some(at) if reply::values::split_lines(&text[at..]).starts_with(&want) => {
            ReadSeen::PlainText(text[..at].to_string())
        }
        _ => ReadSeen::Nothing(format!(
            "the probe file's text is in no field and no text block: {}",
            reply::describe_value(v)
        )),
    }
}

/// How a read of a missing file was refused.
pub fn refusal_seen(reply: &Reply) -> RefusalSeen {
    match reply {
        // An SDK may answer other failures with `isError`: either mark is declared.
        Reply::RpcError { code, .. } => RefusalSeen::Usual(
            format!("a JSON-RPC error {code}"),
            FailureMarking::IsErrorOrJsonRpc,
        ),
        Reply::Ok(v) if v.get("isError").and_then(Value::as_bool) == Some(true) => {
            RefusalSeen::Usual("`isError: true`".into(), FailureMarking::IsError)
        }
        Reply::Ok(v) if reply::is_tool_error(v) => RefusalSeen::Usual(
            "a `success: false` / `ok: false` envelope".into(),
            FailureMarking::Envelope,
        ),
        Reply::Ok(v) => {
            let text = reply::text_blocks(v).join("\n");
            let word = text.split_once(':').map(|(w, _)| w.trim_start());
            match word {
                Some(w) if !w.is_empty() && w.len() <= 20 && w.chars().all(char::is_alphabetic) => {
                    RefusalSeen::InBand(format!("{w}:"))
                }
                _ => RefusalSeen::NotTold(reply::describe_value(v)),
            }
        }
        Reply::Broken(why) => RefusalSeen::NotTold(why.clone()),
    }
}

/// The operations a starter maps, with the words of a tool name that suggest each, the
/// words that rule a tool out, and what the operation does (`specs/shared/checks.yaml`).
const GUESSES: &[(&str, &[&str], &[&str], &str)] = &[
    (
        "read",
        &["read", "get", "open", "view", "cat", "fetch"],
        &["multiple", "media", "dir", "list", "info", "image"],
        "read the whole text file",
    ),
    (
        "create",
        &["write", "create", "save", "put", "new", "store"],
        &["dir", "folder"],
        "create a new file with missing parents",
    ),
    (
        "overwrite",
        &["write", "save", "put", "replace", "store"],
        &["dir", "folder"],
        "replace a file's whole content",
    ),
    (
        "delete",
        &["delete", "remove", "rm", "unlink", "drop"],
        &["dir", "tree", "folder"],
        "delete one file",
    ),
    (
        "delete_tree",
        &["delete", "remove", "rm", "drop"],
        &[],
        "delete a directory with everything in it",
    ),
    (
        "list",
        &["list", "ls", "readdir", "dir", "entries"],
        &["allowed", "size", "tree", "tool"],
        "list a directory",
    ),
    (
        "move",
        &["move", "rename", "mv", "relocate"],
        &[],
        "move a file to a new path",
    ),
    (
        "edit",
        &["edit", "replace", "patch"],
        &["dir", "multiple", "media"],
        "replace a text that occurs once in a file",
    ),
];

/// Argument names that carry each parameter, in order of preference.
const PATH_ARGS: &[&str] = &[
    "path",
    "file_path",
    "filePath",
    "absolute_path",
    "absolutePath",
    "absolute_file_path",
    "absoluteFilePath",
    "relative_path",
    "relativePath",
    "dir_path",
    "dirPath",
    "file",
    "uri",
    "source",
    "from",
    "src",
    "filename",
];
/// Required arguments that name where the tools work rather than the file (a workspace, a
/// project root): filled with the root.
const CONTEXT_ARGS: &[&str] = &[
    "root",
    "root_path",
    "rootPath",
    "workspace",
    "workspace_root",
    "workspaceRoot",
    "workspace_path",
    "workspacePath",
    "project_root",
    "projectRoot",
    "project_path",
    "projectPath",
    "base_dir",
    "baseDir",
    "base_path",
    "basePath",
    "cwd",
    "working_directory",
    "workingDirectory",
];
/// Required boolean arguments that confirm a change (`force: true`): filled with `true`,
/// since a call without them is refused before it does anything.
const CONFIRM_ARGS: &[&str] = &[
    "force",
    "confirm",
    "confirmed",
    "confirm_delete",
    "yes",
    "overwrite",
];
const CONTENT_ARGS: &[&str] = &[
    "content",
    "contents",
    "text",
    "text_content",
    "file_content",
    "data",
    "body",
];
const TO_ARGS: &[&str] = &[
    "destination",
    "to",
    "target",
    "dest",
    "dst",
    "new_path",
    "new_relative_path",
    "newPath",
];
const OLD_ARGS: &[&str] = &[
    "old_string",
    "oldText",
    "old_text",
    "old",
    "search",
    "find",
    "match_text",
    "matchText",
    "search_text",
    "needle",
];
const NEW_ARGS: &[&str] = &[
    "new_string",
    "newText",
    "new_text",
    "new",
    "replace",
    "replacement",
    "replace_text",
    "replacement_text",
    "repl",
];

/// Whether a tool takes an edit's two texts: as arguments of their own, in a list of edits
/// (the official server's `edits: [{oldText, newText}]`), or in a list of files each with
/// its edits (`files: [{path, edits: [{old_text, new_text}]}]`).
fn takes_an_edit(tool: &Value) -> bool {
    edit_pairs(tool).is_some()
        || matches!(takes(tool), Takes::Objects(list) if edit_pairs(&item_schema(tool, &list)).is_some())
}

/// Where a tool (or one list item's schema, as `item_schema` gives it) takes an edit's two
/// texts, as `(name, YAML value)` pairs: its own two arguments, or one item of a list whose
/// items have both (`edits: [{oldText: "{old}", newText: "{new}"}]`); an `edits` list whose
/// items say nothing is guessed with the official server's names, marked for checking.
fn edit_pairs(tool: &Value) -> Option<Vec<(String, String)>> {
    if let (Some(old), Some(new)) = (arg(tool, OLD_ARGS), arg(tool, NEW_ARGS)) {
        return Some(vec![(old, "\"{old}\"".into()), (new, "\"{new}\"".into())]);
    }
    let one = |old: &str, new: &str| format!("[{{{old}: \"{{old}}\", {new}: \"{{new}}\"}}]");
    for list in properties(tool) {
        let item = item_schema(tool, &list);
        if let (Some(old), Some(new)) = (arg(&item, OLD_ARGS), arg(&item, NEW_ARGS)) {
            return Some(vec![(list, one(&old, &new))]);
        }
    }
    properties(tool).iter().any(|p| p == "edits").then(|| {
        let guess = one("oldText", "newText");
        vec![("edits".into(), format!("{guess}  # check the item's names"))]
    })
}

/// The starter file for a server whose `tools/list` entries are `tools`, from names and
/// schemas alone; `server` is its command line, quoted in the header.
pub fn starter(tools: &[Value], server: &str) -> String {
    starter_seen(tools, server, &Seen::default())
}

/// The starter file, with what the probe saw written as verified lines.
pub fn starter_seen(tools: &[Value], server: &str, seen: &Seen) -> String {
    let mut out = header(tools, server);
    out.push_str(&results_lines(seen));
    out.push_str("operations:\n");
    let absolute = seen
        .absolute
        .unwrap_or_else(|| tools.iter().any(mentions_absolute));
    for (op, want, avoid, what) in GUESSES {
        out.push_str(&operation(op, (want, avoid, what), tools, absolute));
    }
    out
}

fn header(tools: &[Value], server: &str) -> String {
    let mut out = String::from(
        "# A starter interface file, guessed by `mcp-harness interface init` from the tools\n\
         # the server lists. CHECK EVERY LINE: the guesses come from names and schemas alone.\n\
         # Format: docs/interfaces.md. Run: mcp-harness run --interface THIS-FILE --server CMD\n",
    );
    out.push_str(&format!(
        "# Server: {server}\n# Its tools (* marks a required argument):\n"
    ));
    for t in tools {
        match t.get(FILLED_FROM).and_then(Value::as_str) {
            Some(from) => out.push_str(&format!(
                "#   {}  (its schema names none: the `{from}` profile's)\n",
                signature(t)
            )),
            None => out.push_str(&format!("#   {}\n", signature(t))),
        }
    }
    out.push_str("interface: my-server\n");
    out
}

/// How results and refusals are read: verified lines where the probe saw them, else the
/// old guess (plain text) marked as one.
fn results_lines(seen: &Seen) -> String {
    let mut out = match &seen.read {
        Some((tool, ReadSeen::Field(f))) if seen.paged.is_some() => {
            let p = seen.paged.as_ref().map(paged_yaml).unwrap_or_default();
            format!(
                "# Seen: {tool} answered part of a file at a time, in the result's field \
                 `{f}`; asked page\n# after page as below, the pages joined gave a file of \
                 {} characters back exactly.\n{}paged_read: {p}\n",
                PAGED_TEXT.chars().count(),
                if f == "content" {
                    String::new()
                } else {
                    format!("reader_field: {f}\n")
                }
            )
        }
        Some((tool, ReadSeen::Field(f))) if f == "content" => format!(
            "# Seen: {tool} returned the probe file's text in the result's field `content` (a \
             JSON result),\n# so results are read as JSON: no `text_result`.\n"
        ),
        Some((tool, ReadSeen::Field(f))) => format!(
            "# Seen: {tool} returned the probe file's text in the result's field `{f}`.\n\
             reader_field: {f}\n"
        ),
        Some((tool, ReadSeen::PlainText(head))) => {
            let mut lines = format!(
                "# Seen: {tool} returned the probe file's text as plain text blocks.\n\
                 text_result: content\n"
            );
            if !head.trim().is_empty() {
                lines.push_str(&format!(
                    "# The text came after a header, {head:?}: add `text_header: '<a regular \
                     expression matching it>'`.\n"
                ));
            }
            lines
        }
        other => {
            let why = match other {
                Some((tool, ReadSeen::Nothing(why))) => format!("{tool}: {why}"),
                _ => "no read was probed: no read tool takes a path of its own".into(),
            };
            format!(
                "# NOT VERIFIED ({why}).\n\
                 # A guess: a result of text blocks alone is read as {{content: <the text>}}; for\n\
                 # a server that answers JSON, remove the next line.\n\
                 text_result: content\n"
            )
        }
    };
    out.push_str(&refusal_lines(seen.refusal.as_ref()));
    out.push_str(&crlf_lines(seen.crlf.as_ref()));
    if let Some(limits) = &seen.limits {
        out.push_str(&super::starter_limits::limits_lines(limits));
    }
    out
}

fn refusal_lines(seen: Option<&RefusalSeen>) -> String {
    let mut out = refusal_shape_lines(seen);
    out.push_str(&failures_line(seen));
    out
}

/// The `failures:` declaration of the mark the probe's refusal carried (`refusal_seen`),
/// which the `failure-marking` cases then check on a failure of each operation; a declared
/// shape is `refusal`.
fn failures_line(seen: Option<&RefusalSeen>) -> String {
    let marking = match seen {
        Some(RefusalSeen::Usual(_, FailureMarking::Envelope)) => {
            return "# Seen: that refusal carried no `isError: true`, which clients trust: \
                    declared as it is.\nfailures: envelope\n"
                .into();
        }
        Some(RefusalSeen::Usual(_, marking)) => *marking,
        Some(RefusalSeen::InBand(_) | RefusalSeen::ByField(..)) => FailureMarking::Refusal,
        Some(RefusalSeen::NotTold(_)) | None => return String::new(),
    };
    format!(
        "failures: {}   # how failures are marked, as seen\n",
        marking.as_str()
    )
}

fn refusal_shape_lines(seen: Option<&RefusalSeen>) -> String {
    match seen {
        Some(RefusalSeen::Usual(shape, _)) => format!(
            "# Seen: a read of a missing file was refused with {shape}, a shape the harness \
             knows.\n"
        ),
        Some(RefusalSeen::InBand(word)) => format!(
            "# Seen: a read of a missing file answered without `isError`, its text starting \
             {word:?}.\n\
             refusal: {{text_matches: \"^{}\"}}\n",
            regex::escape(word)
        ),
        Some(RefusalSeen::ByField(field, ok, values)) => {
            let mut out = format!(
                "# Seen: refusals answered without `isError`, told from a success by the \
                 field `{field}`\n# ({ok:?} in a success):\n"
            );
            for (value, asked) in values {
                out.push_str(&format!("#   {value:?}: {asked}\n"));
            }
            let equals: Vec<String> = values
                .iter()
                .map(|(v, _)| Value::from(v.as_str()).to_string())
                .collect();
            out.push_str(&format!(
                "# Values the probe did not provoke are not declared: add the server's others.\n\
                 refusal: {{field: {}, equals: [{}]}}\n",
                Value::from(format!("/{}", field.replace('~', "~0").replace('/', "~1"))),
                equals.join(", ")
            ));
            out
        }
        Some(RefusalSeen::NotTold(what)) => format!(
            "# Seen: a read of a missing file came back as something not told from a \
             success:\n#   {what}\n# Declare the server's refusal shape (`refusal`, \
             docs/interfaces.md).\n"
        ),
        None => String::new(),
    }
}

/// `read_file {path*, offset, length}`.
fn signature(tool: &Value) -> String {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or("?");
    format!("{name} {}", arguments(tool))
}

/// `{path*, offset}`: a schema's arguments, the required ones starred, and the items of a
/// list of objects in brackets (`{files*: [{content, path*}]}`).
fn arguments(schema: &Value) -> String {
    let (required, props) = input_schema_names(schema);
    let args: Vec<String> = props
        .into_iter()
        .map(|p| {
            let star = if required.contains(&p) { "*" } else { "" };
            let items = item_schema(schema, &p);
            if items.pointer("/inputSchema/properties").is_some() {
                format!("{p}{star}: [{}]", arguments(&items))
            } else {
                format!("{p}{star}")
            }
        })
        .collect();
    format!("{{{}}}", args.join(", "))
}

/// The argument names the guesses look at: the tool's own, or, for a tool that takes its
/// files in a list (`files: [{path, content}]`, `paths: [...]`), those of one item (a list
/// of paths stands for `path`) beside the tool's others.
fn properties(tool: &Value) -> Vec<String> {
    let own = input_schema_names(tool).1;
    match takes(tool) {
        Takes::Flat => own.into_iter().collect(),
        Takes::Objects(list) => {
            let items = input_schema_names(&item_schema(tool, &list)).1;
            own.into_iter()
                .filter(|p| *p != list)
                .chain(items)
                .collect()
        }
        Takes::Strings(list) => own
            .into_iter()
            .filter(|p| *p != list)
            .chain(["path".to_string()])
            .collect(),
    }
}

/// The tool's own required arguments (a list argument's items give theirs in the item).
fn required(tool: &Value) -> Vec<String> {
    input_schema_names(tool).0.into_iter().collect()
}

/// How a tool takes the file it works on.
#[derive(Debug, Clone, PartialEq)]
enum Takes {
    /// By arguments of its own (`path`, `content`).
    Flat,
    /// In a list argument of objects, one per file (`files: [{path, content}]`).
    Objects(String),
    /// In a list argument of paths (`paths: ["..."]`).
    Strings(String),
}

/// `Flat` when the tool has a path argument of its own, else the first list argument whose
/// items are objects with a path, or paths themselves (by the list's name).
fn takes(tool: &Value) -> Takes {
    let own = input_schema_names(tool).1;
    if PATH_ARGS.iter().any(|p| own.contains(*p)) {
        return Takes::Flat;
    }
    for name in own {
        let items = item_schema(tool, &name);
        let item_props = input_schema_names(&items).1;
        if PATH_ARGS.iter().any(|p| item_props.contains(*p)) {
            return Takes::Objects(name);
        }
        let named = name.to_ascii_lowercase();
        let of_paths = named.contains("path") || named.contains("file");
        let of_strings = items.pointer("/inputSchema/type").and_then(Value::as_str);
        if of_strings == Some("string") && of_paths {
            return Takes::Strings(name);
        }
    }
    Takes::Flat
}

/// The schema of one item of the list argument `list`, as a tool whose `inputSchema` it is
/// (so `input_schema_names` reads it); `Null` for an argument that is no list.
fn item_schema(tool: &Value, list: &str) -> Value {
    let pointer = format!("/inputSchema/properties/{list}/items");
    match tool.pointer(&pointer) {
        Some(items) => serde_json::json!({"inputSchema": items}),
        None => Value::Null,
    }
}

/// Whether a tool's description or schema speaks of absolute paths or allowed directories
/// (then every path of the server is guessed absolute, `${root}/{path}`).
fn mentions_absolute(tool: &Value) -> bool {
    let text = tool.to_string().to_ascii_lowercase();
    text.contains("absolute") || text.contains("allowed director")
}

/// The words that suggest an operation's tool, those that rule one out, and what it does.
type Words<'a> = (&'a [&'a str], &'a [&'a str], &'a str);

/// One operation's entry: the best-named tool with its arguments guessed, or absent.
fn operation(op: &str, (want, avoid, what): Words, tools: &[Value], absolute: bool) -> String {
    match best_tool(op, want, avoid, tools) {
        Some(tool) => template(op, what, tool, absolute),
        None => format!(
            "  # No tool's name and schema fit `{op}` ({what}): map one, or keep the sentence.\n  \
             {op}: \"the server has no tool to {what} (interface init found none; correct this)\"\n"
        ),
    }
}

/// The words of a tool name, lower case: split at `_`, `-`, `.`, `/` and where a capital
/// follows a small letter (`readFile` is `read`, `file`; `fs_rmtree` is `fs`, `rmtree`).
fn name_words(name: &str) -> Vec<String> {
    let mut words = vec![String::new()];
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_ascii_alphanumeric() {
            words.push(String::new());
        } else if c.is_ascii_uppercase() && prev_lower {
            words.push(c.to_ascii_lowercase().to_string());
        } else if let Some(last) = words.last_mut() {
            last.push(c.to_ascii_lowercase());
        }
        prev_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    words.retain(|w| !w.is_empty());
    words
}

/// Whether a word of the name begins or ends with `w` (`rmtree` says `rm` and `tree`), so
/// that a short word never matches inside another (`cat` is not in `relocate`).
fn says(words: &[String], w: &str) -> bool {
    words.iter().any(|x| x.starts_with(w) || x.ends_with(w))
}

/// The tool whose name and schema fit `op` best, if any does.
fn best_tool<'t>(op: &str, want: &[&str], avoid: &[&str], tools: &'t [Value]) -> Option<&'t Value> {
    let score = |t: &&Value| {
        let raw = t.get("name").and_then(Value::as_str).unwrap_or("");
        let words = name_words(raw);
        let name = raw.to_ascii_lowercase();
        // A create tool with an `overwrite` flag (@j0hanz's `create {files: [{overwrite}]}`)
        // overwrites with it set.
        let flag = op == "overwrite" && has_overwrite_flag(t);
        let hits = want.iter().filter(|w| says(&words, w)).count() + usize::from(flag);
        let ruled_out = avoid.iter().any(|a| says(&words, a));
        let fits = arg(t, PATH_ARGS).is_some()
            && (!matches!(op, "create" | "overwrite") || arg(t, CONTENT_ARGS).is_some())
            && (op != "move" || arg(t, TO_ARGS).is_some())
            && (op != "edit" || takes_an_edit(t))
            && (op != "delete_tree"
                || properties(t).iter().any(|p| p == "recursive")
                || ["dir", "tree", "folder"].iter().any(|w| says(&words, w)));
        // A tool named for files or text (write_file) beats one named for a format
        // (write_pdf); then the shorter name, the more general tool.
        let plain = name.contains("file") || name.contains("text");
        (hits > 0 && !ruled_out && fits).then_some((hits, plain, std::cmp::Reverse(name.len())))
    };
    tools
        .iter()
        .filter_map(|t| Some((score(&t)?, t)))
        .max_by_key(|(s, _)| *s)
        .map(|(_, t)| t)
}

/// Whether the tool (or the item of its list) takes an `overwrite` flag.
fn has_overwrite_flag(tool: &Value) -> bool {
    properties(tool).iter().any(|p| p == "overwrite")
}

/// Whether `name` is a boolean argument of `tool` that confirms a change (`force`).
fn is_confirmation(tool: &Value, name: &str) -> bool {
    let schema = tool
        .get("inputSchema")
        .and_then(|s| s.get("properties"))
        .and_then(|p| p.get(name));
    CONFIRM_ARGS.contains(&name)
        && schema.and_then(|s| s.get("type")).and_then(Value::as_str) == Some("boolean")
}

/// The first of `names` that the tool takes.
fn arg(tool: &Value, names: &[&str]) -> Option<String> {
    let props = properties(tool);
    names
        .iter()
        .find(|n| props.iter().any(|p| p == *n))
        .map(|n| n.to_string())
}

/// The guessed template, in block style with a comment per argument.
fn template(op: &str, what: &str, tool: &Value, absolute: bool) -> String {
    let name = tool.get("name").and_then(Value::as_str).unwrap_or("?");
    let path_arg = arg(tool, PATH_ARGS).unwrap_or_else(|| "path".into());
    // An argument that says it is absolute is (`absolute_file_path`).
    let absolute = absolute || path_arg.to_ascii_lowercase().starts_with("absolute");
    let (path, how) = spelling(&path_arg, absolute);
    let mut out = format!("  # {what}: a guess from {}\n", signature(tool));
    if let Some(from) = tool.get(FILLED_FROM).and_then(Value::as_str) {
        out.push_str(&format!(
            "  # {name}'s input schema names no argument: these are the built-in `{from}` \
             profile's\n  # for a tool of that name (its tool names are the server's).\n"
        ));
    }
    out.push_str(&format!("  {op}:\n    call: {name}\n    args:\n"));
    // Each value as YAML: strings quoted.
    let mut file_args = vec![(path_arg.clone(), format!("\"{path}\""))];
    if matches!(op, "create" | "overwrite") {
        let content = arg(tool, CONTENT_ARGS).unwrap_or_else(|| "content".into());
        file_args.push((content, "\"{content}\"".into()));
    }
    if op == "overwrite" && has_overwrite_flag(tool) {
        file_args.push(("overwrite".into(), "true".into()));
    }
    if op == "move" {
        let to = arg(tool, TO_ARGS).unwrap_or_else(|| "destination".into());
        let (to_path, _) = spelling(&to, absolute);
        file_args.push((to, format!("\"{}\"", to_path.replace("{path}", "{to}"))));
    }
    // An edit's texts go where the schema takes them: inside the file's list item when the
    // item has them (`files: [{path, edits: [...]}]`), else beside the file.
    let nested = match takes(tool) {
        Takes::Objects(list) if op == "edit" => edit_pairs(&item_schema(tool, &list)),
        _ => None,
    };
    let nested_edit = nested.is_some();
    file_args.extend(nested.into_iter().flatten());
    out.push_str(&file_lines(tool, &file_args, how));
    if op == "edit" && !nested_edit {
        for (name, value) in edit_pairs(tool).into_iter().flatten() {
            out.push_str(&format!("      {name}: {value}\n"));
        }
    }
    if op == "delete_tree" && properties(tool).iter().any(|p| p == "recursive") {
        out.push_str("      recursive: true\n");
    }
    // A delete that asks to be confirmed answers success and deletes nothing without it
    // (fast-filesystem-mcp's `force`): set even where optional.
    if op.starts_with("delete") {
        for flag in properties(tool).iter().filter(|p| is_confirmation(tool, p)) {
            out.push_str(&format!(
                "      {flag}: true  # a delete that asks to be confirmed (guessed from the name)\n"
            ));
        }
    }
    let missing: Vec<String> = required(tool)
        .into_iter()
        .filter(|r| !out.contains(&format!(" {r}:")))
        .collect();
    let (filled, missing): (Vec<String>, Vec<String>) = missing
        .into_iter()
        .partition(|r| CONTEXT_ARGS.contains(&r.as_str()) || is_confirmation(tool, r));
    for name in filled {
        out.push_str(&match CONTEXT_ARGS.contains(&name.as_str()) {
            true => format!("      {name}: \"${{root}}\"  # the root: where the tools work (guessed from the name)\n"),
            false => format!("      {name}: true  # required: the call is refused without it (guessed from the name)\n"),
        });
    }
    for other in missing {
        out.push_str(&format!(
            "      # {other}: ...  (required by the schema: give its value)\n"
        ));
    }
    out
}

/// The arguments naming the file (`(name, value)`, the path first): lines of their own, or
/// one item of the tool's list argument, with the item's other required names noted.
fn file_lines(tool: &Value, args: &[(String, String)], how: &str) -> String {
    let quoted = |(k, v): &(String, String)| format!("{k}: {v}");
    match takes(tool) {
        Takes::Flat => {
            let mut lines: Vec<String> = args
                .iter()
                .map(|a| format!("      {}\n", quoted(a)))
                .collect();
            lines[0] = format!("      {}  # {how}\n", quoted(&args[0]));
            lines.concat()
        }
        Takes::Objects(list) => {
            let items: Vec<String> = args.iter().map(quoted).collect();
            let item_required = input_schema_names(&item_schema(tool, &list)).0;
            let mut out = format!(
                "      {list}: [{{{}}}]  # a list of one file; paths {how}\n",
                items.join(", ")
            );
            for other in item_required
                .iter()
                .filter(|r| !args.iter().any(|(k, _)| k == *r))
            {
                out.push_str(&format!(
                    "      # {list}[].{other}: ...  (required in each item by the schema: give its value)\n"
                ));
            }
            out
        }
        Takes::Strings(list) => format!(
            "      {list}: [{}]  # a list of one path; {how}\n",
            args[0].1
        ),
    }
}

/// How a path argument is spelled: a URI (by its name), an absolute path (when the
/// server speaks of them), else relative to the root; and the comment naming the guess.
fn spelling(arg: &str, absolute: bool) -> (String, &'static str) {
    if arg.to_ascii_lowercase().contains("uri") {
        (
            "file://${root}/{path}".into(),
            "a file:// URI (guessed from the name)",
        )
    } else if absolute {
        (
            "${root}/{path}".into(),
            "absolute (the tools speak of absolute paths or allowed directories)",
        )
    } else {
        (
            "{path}".into(),
            "relative to the root; \"${root}/{path}\" if the server wants absolute paths",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn absolute_names_context_arguments_and_confirmations_are_filled() {
        let tools = vec![
            json!({"name": "read_file", "inputSchema": {"properties": {"absolute_file_path": {}, "workspace": {}}, "required": ["absolute_file_path", "workspace"]}}),
            json!({"name": "delete_file", "inputSchema": {"properties": {"path": {}, "force": {"type": "boolean"}, "confirm_delete": {"type": "boolean"}, "reason": {"type": "string"}}, "required": ["path", "reason"]}}),
            json!({"name": "write_file", "inputSchema": {"properties": {"path": {}, "content": {}, "confirm": {"type": "boolean"}}, "required": ["path", "content", "confirm"]}}),
        ];
        let text = starter(&tools, "srv");
        for expected in [
            "      absolute_file_path: \"${root}/{path}\"",
            "      workspace: \"${root}\"  # the root",
            "      force: true  # a delete that asks to be confirmed",
            "      confirm_delete: true  # a delete",
            "      confirm: true  # required: the call is refused without it",
            "      # reason: ...  (required by the schema",
        ] {
            assert!(text.contains(expected), "{expected:?} not in:\n{text}");
        }
    }

    #[test]
    fn names_and_schemas_make_the_guesses() {
        let tools = vec![
            json!({"name": "read_file", "description": "Read a file", "inputSchema": {"properties": {"path": {}}, "required": ["path"]}}),
            json!({"name": "write_file", "inputSchema": {"properties": {"path": {}, "content": {}, "mode": {}}, "required": ["path", "content", "mode"]}}),
            json!({"name": "move_file", "inputSchema": {"properties": {"source": {}, "destination": {}}}}),
            json!({"name": "list_allowed_directories", "inputSchema": {"properties": {}}}),
            json!({"name": "edit_block", "inputSchema": {"properties": {"file_path": {}, "old_string": {}, "new_string": {}}}}),
        ];
        let text = starter(&tools, "srv");
        for expected in [
            "  read:\n    call: read_file\n    args:\n      path: \"{path}\"",
            "  create:\n    call: write_file",
            "      # mode: ...  (required by the schema",
            "      source: \"{path}\"",
            "      destination: \"{to}\"",
            "  delete: \"the server has no tool to delete one file",
            "#   write_file {content*, mode*, path*}",
            "  edit:\n    call: edit_block\n    args:\n      file_path: \"{path}\"",
            "      old_string: \"{old}\"\n      new_string: \"{new}\"",
        ] {
            assert!(text.contains(expected), "{expected}\n{text}");
        }
        // The starter loads as written.
        crate::catalogue::interface::parse_interface(&text, "starter.yaml").unwrap();
    }

    /// Tools that take their files in a list (@j0hanz/filesystem-mcp's `create {files}`,
    /// `delete {paths}`, `move {moves}`; mcp-text-editor's `files: [{file_path, ranges}]`)
    /// are guessed with a list of one item.
    #[test]
    fn tools_taking_lists_are_guessed_with_one_item() {
        let list = |items: Value| json!({"type": "array", "items": items});
        let tools = vec![
            json!({"name": "create", "inputSchema": {"properties": {"files": list(json!({"type": "object", "properties": {"path": {}, "content": {}, "overwrite": {}}}))}, "required": ["files"]}}),
            json!({"name": "delete", "inputSchema": {"properties": {"paths": list(json!({"type": "string"})), "recursive": {}}}}),
            json!({"name": "move", "inputSchema": {"properties": {"moves": list(json!({"type": "object", "properties": {"source": {}, "destination": {}}}))}}}),
            json!({"name": "get_text_file_contents", "inputSchema": {"properties": {"files": list(json!({"type": "object", "properties": {"file_path": {}, "ranges": {}}, "required": ["file_path", "ranges"]}))}}}),
        ];
        let text = starter(&tools, "srv");
        for expected in [
            "  create:\n    call: create\n    args:\n      files: [{path: \"{path}\", content: \"{content}\"}]",
            "  delete:\n    call: delete\n    args:\n      paths: [\"{path}\"]",
            "  delete_tree:\n    call: delete\n    args:\n      paths: [\"{path}\"]",
            "      recursive: true",
            "      moves: [{source: \"{path}\", destination: \"{to}\"}]",
            "  read:\n    call: get_text_file_contents\n    args:\n      files: [{file_path: \"{path}\"}]",
            "#   create {files*: [{content, overwrite, path}]}",
            "  overwrite:\n    call: create\n    args:\n      files: [{path: \"{path}\", content: \"{content}\", overwrite: true}]",
            "      # files[].ranges: ...  (required in each item",
        ] {
            assert!(text.contains(expected), "{expected}\n{text}");
        }
        crate::catalogue::interface::parse_interface(&text, "starter.yaml").unwrap();
    }

    /// Edits in a list (`edits: [{old_text, new_text}]`) and in a list of files each with
    /// its edits (`files: [{path, edits: [{match_text, new_string}]}]`): the texts go in
    /// the item that takes them, with the item's own names.
    #[test]
    fn edits_in_nested_lists_are_placed_where_the_schema_takes_them() {
        let list = |items: Value| json!({"type": "array", "items": items});
        let obj = |props: Value| json!({"type": "object", "properties": props});
        let edits = list(obj(json!({"match_text": {}, "new_string": {}})));
        let tools = vec![
            json!({"name": "read_file", "inputSchema": {"properties": {"path": {}}}}),
            json!({"name": "edit_files", "inputSchema": {"properties": {"files": list(obj(json!({"path": {}, "edits": edits})))}}}),
        ];
        let text = starter(&tools, "srv");
        let want = "  edit:\n    call: edit_files\n    args:\n      files: [{path: \"{path}\", \
                    edits: [{match_text: \"{old}\", new_string: \"{new}\"}]}]";
        assert!(text.contains(want), "{want}\n{text}");
        assert!(!text.contains("oldText"), "{text}");
        let i = crate::catalogue::interface::parse_interface(&text, "starter.yaml")
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            i.catalogue.profile.operations["edit"]
                .get("call")
                .and_then(|c| c.as_str()),
            Some("edit_files")
        );

        let flat_list = list(obj(json!({"old_text": {}, "new_text": {}})));
        let tools = vec![
            json!({"name": "read_file", "inputSchema": {"properties": {"path": {}}}}),
            json!({"name": "apply_edits", "inputSchema": {"properties": {"path": {}, "edits": flat_list}}}),
        ];
        let text = starter(&tools, "srv");
        let want = "      path: \"{path}\"  # relative to the root; \"${root}/{path}\" if the server wants absolute paths\n      \
                    edits: [{old_text: \"{old}\", new_text: \"{new}\"}]\n";
        assert!(text.contains(want), "{want}\n{text}");
        crate::catalogue::interface::parse_interface(&text, "starter.yaml").unwrap();
    }

    /// The CRLF edit's bytes on disk decide the comment; it never declares `line_endings`,
    /// which needs the server's documentation.
    #[test]
    fn the_crlf_edit_is_seen_and_only_commented() {
        let after = |b: &str| crlf_seen("ed", b.as_bytes(), "{\"ok\":true}");
        assert_eq!(
            after("one\r\nTWO\r\nthree\r\n"),
            CrlfSeen::Kept("ed".into())
        );
        assert_eq!(after("one\nTWO\nthree\n"), CrlfSeen::ToLf("ed".into()));
        assert!(matches!(after(CRLF_BEFORE), CrlfSeen::NotApplied(..)));
        assert!(matches!(
            after("one\r\nTWO\nthree\r\n"),
            CrlfSeen::Other(..)
        ));
        for seen in [
            after("one\nTWO\nthree\n"),
            after("one\r\nTWO\r\nthree\r\n"),
            after(CRLF_BEFORE),
            after("x"),
        ] {
            let lines = crlf_lines(Some(&seen));
            assert!(lines.lines().all(|l| l.starts_with('#')), "{lines}");
            let file = format!("{}interface: x\noperations: {{}}\n", lines);
            let v: crate::catalogue::yaml::Value = crate::catalogue::yaml::from_str(&file).unwrap();
            assert!(v.get("line_endings").is_none(), "{lines}");
        }
        let lf = crlf_lines(Some(&after("one\nTWO\nthree\n")));
        assert!(
            lf.contains("#   line_endings: normalises_to_lf") && lf.contains("bug"),
            "{lf}"
        );
    }

    fn text(t: &str) -> Reply {
        Reply::Ok(json!({"content": [{"type": "text", "text": t}]}))
    }

    /// Where a read's text came back decides `text_result` and `reader_field`.
    #[test]
    fn the_read_is_seen_where_its_text_is() {
        let structured = Reply::Ok(json!({
            "content": [{"type": "text", "text": PROBE_TEXT}],
            "structuredContent": {"content": PROBE_TEXT}
        }));
        assert_eq!(read_seen(&structured), ReadSeen::Field("content".into()));
        let envelope = text(&json!({"ok": true, "data": PROBE_TEXT}).to_string());
        assert_eq!(read_seen(&envelope), ReadSeen::Field("data".into()));
        assert_eq!(
            read_seen(&text(PROBE_TEXT)),
            ReadSeen::PlainText(String::new())
        );
        let headed = text(&format!("[Reading 2 lines]\n\n{PROBE_TEXT}"));
        assert_eq!(
            read_seen(&headed),
            ReadSeen::PlainText("[Reading 2 lines]\n\n".into())
        );
        // FastMCP's echo of a string result is plain text.
        let echo = Reply::Ok(json!({
            "content": [{"type": "text", "text": PROBE_TEXT}],
            "structuredContent": {"result": PROBE_TEXT}
        }));
        assert_eq!(read_seen(&echo), ReadSeen::PlainText(String::new()));
        assert!(matches!(read_seen(&text("done")), ReadSeen::Nothing(_)));
        // The file's start alone, in a field: a paged read, said so.
        let page =
            Reply::Ok(json!({"structuredContent": {"text": &PROBE_TEXT[..9], "next": "c9"}}));
        match read_seen(&page) {
            ReadSeen::Nothing(why) => assert!(
                why.contains("looks paged") && why.contains("`text`"),
                "{why}"
            ),
            other => panic!("{other:?}"),
        }
        let seen = Seen {
            read: Some(("read_file".into(), ReadSeen::Field("content".into()))),
            ..Seen::default()
        };
        let file = starter_seen(&[], "srv", &seen);
        assert!(!file.contains("\ntext_result:"), "{file}");
        crate::catalogue::interface::parse_interface(&file, "starter.yaml").unwrap();
    }

    /// A refusal in a known shape is only noted; an in-band one is declared.
    #[test]
    fn the_refusal_is_seen_and_declared_when_in_band() {
        let in_band = text("Error: [Errno 2] No such file or directory: 'no-such-file.txt'");
        assert_eq!(refusal_seen(&in_band), RefusalSeen::InBand("Error:".into()));
        let flagged = Reply::Ok(json!({"isError": true, "content": []}));
        assert!(matches!(
            refusal_seen(&flagged),
            RefusalSeen::Usual(_, FailureMarking::IsError)
        ));
        assert!(matches!(refusal_seen(&text("")), RefusalSeen::NotTold(_)));
        let seen = Seen {
            read: Some(("read".into(), ReadSeen::PlainText(String::new()))),
            absolute: Some(false),
            refusal: Some(refusal_seen(&in_band)),
            crlf: None,
            paged: None,
            limits: None,
        };
        let file = starter_seen(&[], "srv", &seen);
        assert!(
            file.contains("refusal: {text_matches: \"^Error:\"}"),
            "{file}"
        );
        assert!(file.contains("text_result: content"), "{file}");
        let i = crate::catalogue::interface::parse_interface(&file, "starter.yaml").unwrap();
        let refusal = i.catalogue.profile.refusal.expect("declared");
        assert!(refusal.says_refused(None, "Error: [Errno 2] No such file"));
        use crate::catalogue::profile::FailureMarking as M;
        assert_eq!(i.catalogue.profile.failures, Some(M::Refusal));
        // The mark seen is declared, so the failure-marking cases check it.
        let rpc = Reply::RpcError {
            code: -32602,
            message: "no such file".into(),
            data: None,
        };
        let envelope = Reply::Ok(json!({"structuredContent": {"ok": false, "error": "no file"}}));
        for (reply, marking) in [
            (flagged, M::IsError),
            (rpc, M::IsErrorOrJsonRpc),
            (envelope, M::Envelope),
        ] {
            let seen = Seen {
                refusal: Some(refusal_seen(&reply)),
                ..seen.clone()
            };
            let file = starter_seen(&[], "srv", &seen);
            let i = crate::catalogue::interface::parse_interface(&file, "starter.yaml").unwrap();
            assert_eq!(i.catalogue.profile.failures, Some(marking), "{file}");
        }
    }

    /// Names are read by their words: `relocate` is no `cat`, `fs_rmtree` and `deleteTree`
    /// delete trees, and the argument names of other servers (`relative_path`, `dir_path`,
    /// `text_content`, `dst`) are taken.
    #[test]
    fn names_are_read_by_their_words() {
        assert_eq!(name_words("deleteTree"), vec!["delete", "tree"]);
        assert_eq!(name_words("fs_rmtree"), vec!["fs", "rmtree"]);
        assert_eq!(name_words("read-text.file"), vec!["read", "text", "file"]);
        let schema = |props: &[&str]| {
            let p: serde_json::Map<String, Value> =
                props.iter().map(|k| (k.to_string(), json!({}))).collect();
            json!({"properties": p, "required": props})
        };
        let tools = vec![
            json!({"name": "relocate", "inputSchema": schema(&["path", "new_path"])}),
            json!({"name": "fetch", "inputSchema": schema(&["relative_path"])}),
            json!({"name": "write_text", "inputSchema": schema(&["file_path", "text_content"])}),
            json!({"name": "fs_rmtree", "inputSchema": schema(&["dir_path"])}),
            json!({"name": "rename", "inputSchema": schema(&["src", "dst"])}),
            json!({"name": "replace_content", "inputSchema": schema(&["relative_path", "needle", "repl"])}),
        ];
        let text = starter(&tools, "srv");
        for expected in [
            "  read:\n    call: fetch\n    args:\n      relative_path: \"{path}\"",
            "  create:\n    call: write_text",
            "      text_content: \"{content}\"",
            "  delete_tree:\n    call: fs_rmtree",
            "  move:\n    call: rename\n    args:\n      src: \"{path}\"",
            "      dst: \"{to}\"",
            "  edit:\n    call: replace_content\n    args:\n      relative_path: \"{path}\"",
            "      needle: \"{old}\"\n      repl: \"{new}\"",
        ] {
            assert!(text.contains(expected), "{expected}\n{text}");
        }
        assert!(!text.contains("  delete:\n    call: fs_rmtree"), "{text}");
        crate::catalogue::interface::parse_interface(&text, "starter.yaml").unwrap();
    }

    fn structured(v: Value) -> Reply {
        Reply::Ok(
            json!({"content": [{"type": "text", "text": v.to_string()}], "structuredContent": v}),
        )
    }

    /// A refusal that shows only in a field of its own (`{"status": "not_found"}`, `isError`
    /// false) is found by the field that differs from a success, and declared with the
    /// values the probes provoked, each said; a success's value is never among them.
    #[test]
    fn refusals_told_by_a_field_are_declared_with_the_values_seen() {
        let ok = structured(json!({"status": "ok", "text": PROBE_TEXT}));
        let missing = structured(json!({"status": "not_found", "message": "x: no such file"}));
        assert!(matches!(refusal_seen(&missing), RefusalSeen::NotTold(_)));
        let found = refusal_field(&ok, &missing);
        assert_eq!(
            found,
            Some(("status".into(), "ok".into(), "not_found".into()))
        );
        // Two fields that differ (or none) tell nothing.
        let both = structured(json!({"status": "no", "kind": "x"}));
        let ok2 = structured(json!({"status": "ok", "kind": "y"}));
        assert_eq!(refusal_field(&ok2, &both), None);
        assert_eq!(refusal_field(&ok, &ok), None);
        assert_eq!(
            field_value(&structured(json!({"status": "count_mismatch"})), "status"),
            Some("count_mismatch".into())
        );
        let seen = Seen {
            read: Some(("fetch".into(), ReadSeen::Field("text".into()))),
            refusal: Some(RefusalSeen::ByField(
                "status".into(),
                "ok".into(),
                vec![
                    ("not_found".into(), "a read of a missing file".into()),
                    (
                        "count_mismatch".into(),
                        "an edit of a text held twice".into(),
                    ),
                ],
            )),
            ..Seen::default()
        };
        let file = starter_seen(&[], "srv", &seen);
        assert!(
            file.contains("#   \"count_mismatch\": an edit of a text held twice"),
            "{file}"
        );
        let i = crate::catalogue::interface::parse_interface(&file, "starter.yaml")
            .unwrap_or_else(|e| panic!("{e}\n{file}"));
        let refusal = i.catalogue.profile.refusal.expect("declared");
        let says = |status: &str| refusal.says_refused(Some(&json!({"status": status})), "");
        assert!(says("not_found") && says("count_mismatch"), "{file}");
        assert!(!says("ok") && !says("exists"), "{file}");
    }

    /// A read answering the file's start alone is paged: by offset (in each unit,
    /// characters first) when its schema takes one, by a token when its first page has a
    /// field named for one and the tool an argument named for one; a verified paging is
    /// declared with the page's field.
    #[test]
    fn a_paged_read_is_guessed_from_its_schema_and_first_page() {
        let schema = |props: &[&str]| {
            let p: serde_json::Map<String, Value> =
                props.iter().map(|k| (k.to_string(), json!({}))).collect();
            json!({"properties": p, "required": ["path"]})
        };
        let first = structured(json!({"text": &PROBE_TEXT[..9], "next_cursor": "c9"}));
        assert_eq!(page_field(&first), Some(("text".into(), 9)));
        assert_eq!(page_field(&structured(json!({"text": PROBE_TEXT}))), None);
        let by_offset =
            json!({"name": "read_part", "inputSchema": schema(&["path", "offset", "length"])});
        let c = paging_candidates(&by_offset, &structured(json!({"text": "mcp"})), "text");
        let units: Vec<_> = c.iter().map(|p| p.unit).collect();
        assert_eq!(
            units,
            vec![
                Some(PageUnit::Characters),
                Some(PageUnit::Bytes),
                Some(PageUnit::Lines)
            ]
        );
        assert!(c.iter().all(
            |p| p.offset.as_deref() == Some("offset") && p.length.as_deref() == Some("length")
        ));
        let by_token = json!({"name": "read_next", "inputSchema": schema(&["path", "cursor"])});
        let c = paging_candidates(&by_token, &first, "text");
        assert_eq!(c.len(), 1, "{c:?}");
        assert_eq!(c[0].next.as_deref(), Some("/next_cursor"));
        assert_eq!(c[0].send_as.as_deref(), Some("cursor"));
        // A tool taking neither gives nothing to try.
        let plain = json!({"name": "read_file", "inputSchema": schema(&["path"])});
        assert!(paging_candidates(&plain, &first, "text").is_empty());

        for paging in [
            c[0].clone(),
            paging_candidates(&by_offset, &first, "text")[1].clone(),
        ] {
            let seen = Seen {
                read: Some(("read_next".into(), ReadSeen::Field("text".into()))),
                paged: Some(paging.clone()),
                ..Seen::default()
            };
            let file = starter_seen(std::slice::from_ref(&by_token), "srv", &seen);
            assert!(file.contains("reader_field: text\n"), "{file}");
            let i = crate::catalogue::interface::parse_interface(&file, "starter.yaml")
                .unwrap_or_else(|e| panic!("{e}\n{file}"));
            assert_eq!(i.catalogue.profile.paged_read, Some(paging), "{file}");
        }
    }
}
