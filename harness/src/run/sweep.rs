//! The sweep (SWEEP-001, check `path-tools`): every tool the server lists that takes a
//! path, whether an operation maps it or not, is found from its input schema and sent paths
//! that lead out of the root. The pure parts are here: which arguments take a path, how
//! the other arguments are filled, the benign calls that control each tool, the battery of
//! ways out, and what in a reply proves a read outside. The step that runs them is
//! `steps::sweep`.
//!
//! The bait outside has a text, a size and a modification time of its own, and a file
//! beside it whose name no call sends. So a listing or an info tool that follows a link
//! out is caught by the size or the time it shows, not only a reader by the text.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Mutex;

use std::path::Path;

use serde_json::{Map, Value, json};

use super::client::file_uri;
use super::report::coverage::{SideDoor, ToolSeen, side_door, words};

/// The directory of the root the sweep works in, and the one outside it.
pub const DIR: &str = "sweep";
/// A text no argument carries: only the bait outside holds it.
pub const BAIT_TOKEN: &str = "sweep-bait-5c1e";
/// A file beside the bait outside whose name no call sends.
pub const HIDDEN_NAME: &str = "sweep-hidden-5c1e.txt";
/// The bait's size in bytes: a number a reply has no other reason to show.
pub const BAIT_SIZE: usize = 48_271;
/// The bait's modification time, 2001-09-09T12:00:00Z, in seconds since the epoch.
pub const BAIT_MTIME: u64 = 1_000_036_800;
/// The forms a reply shows that time in (ISO, seconds and milliseconds since the epoch,
/// JavaScript's `Date` strings, `toLocaleString` in en-US); noon keeps the date in every
/// time zone.
const BAIT_TIMES: [&str; 5] = [
    "2001-09-09",
    "1000036800",
    "sep 09 2001",
    "9/9/2001",
    "09 sep 2001",
];
/// Most tools one sweep attacks.
pub const MAX_TOOLS: usize = 40;

/// The bait's bytes: lines holding `BAIT_TOKEN`, exactly `BAIT_SIZE` long.
pub fn bait_bytes() -> Vec<u8> {
    let line = format!("{BAIT_TOKEN} outside the root\n");
    let mut out = line.repeat(BAIT_SIZE / line.len() + 1).into_bytes();
    out.truncate(BAIT_SIZE - 1);
    out.push(b'\n');
    out
}

/// What in `text` (a whole reply) only the outside bait could have given: its text, the
/// name of the file beside it, its size or its time.
pub fn evidence(text: &str) -> Option<String> {
    let text = text.to_lowercase();
    if text.contains(BAIT_TOKEN) {
        return Some(format!("the bait's text ({BAIT_TOKEN:?})"));
    }
    if text.contains(HIDDEN_NAME) {
        return Some(format!(
            "the name {HIDDEN_NAME:?}, which only a listing of the directory outside shows"
        ));
    }
    let size = BAIT_SIZE.to_string();
    let grouped = format!("{},{:03}", BAIT_SIZE / 1000, BAIT_SIZE % 1000);
    if let Some(s) = [size, grouped].into_iter().find(|s| has_number(&text, s)) {
        return Some(format!("the bait's size ({s} bytes)"));
    }
    BAIT_TIMES
        .iter()
        .find(|t| has_number(&text, t))
        .map(|t| format!("the bait's modification time ({t})"))
}

/// Whether `text` holds `number` with no digit on either side.
fn has_number(text: &str, number: &str) -> bool {
    let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
    text.match_indices(number).any(|(i, _)| {
        !digit(text[..i].chars().next_back()) && !digit(text[i + number.len()..].chars().next())
    })
}

/// An argument that takes a path.
#[derive(Debug, Clone, PartialEq)]
pub struct PathArg {
    pub name: String,
    pub shape: PathShape,
}

/// Where in its argument the path goes.
#[derive(Debug, Clone, PartialEq)]
pub enum PathShape {
    /// The argument is the path.
    Plain,
    /// A list of paths (`paths`): a list of one.
    List,
    /// A list of objects, each naming its file in `field` (`files: [{file_path, ranges}]`):
    /// a list of one, `item` holding the object's other required values.
    InItems {
        field: String,
        item: Map<String, Value>,
    },
}

/// A tool the sweep attacks: its path arguments, and the others filled so that a call on
/// paths inside the root can succeed.
#[derive(Debug, Clone, PartialEq)]
pub struct Target {
    pub tool: String,
    pub path_args: Vec<PathArg>,
    pub others: Map<String, Value>,
}

/// What the sweep makes of a tool list: the tools it attacks, and those it must not call
/// because they run commands, fetch URLs or widen the allowed directories (the coverage
/// line flags them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Plan {
    pub targets: Vec<Target>,
    pub doors: Vec<(String, SideDoor)>,
}

/// The plan for `tools` (a `tools/list` result's entries).
pub fn plan(tools: &[Value]) -> Plan {
    let mut plan = Plan::default();
    for tool in tools {
        let Some(seen) = ToolSeen::of(tool) else {
            continue;
        };
        match side_door(&seen) {
            Some(d @ (SideDoor::Command | SideDoor::Script | SideDoor::Url | SideDoor::Widens)) => {
                plan.doors.push((seen.name, d));
            }
            _ => {
                if let Some(t) = target(&seen.name, tool)
                    && plan.targets.len() < MAX_TOOLS
                {
                    plan.targets.push(t);
                }
            }
        }
    }
    plan
}

fn target(name: &str, tool: &Value) -> Option<Target> {
    let schema = tool.get("inputSchema")?;
    let props = schema.get("properties")?.as_object()?;
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut path_args = Vec::new();
    let mut others = Map::new();
    for (arg, s) in props {
        if let Some(shape) = takes_path(arg, s).or_else(|| in_items(s)) {
            path_args.push(PathArg {
                name: arg.clone(),
                shape,
            });
        } else if let Some(v) = filler(arg, s, required.contains(&arg.as_str())) {
            others.insert(arg.clone(), v);
        }
    }
    (!path_args.is_empty()).then(|| Target {
        tool: name.to_string(),
        path_args,
        others,
    })
}

/// Words of an argument's name that say it holds something else than a path.
const NOT_PATH: [&str; 14] = [
    "content", "contents", "text", "string", "str", "pattern", "patterns", "glob", "query",
    "regex", "encoding", "mode", "url", "command",
];
/// Words of an argument's name that say it holds a path.
const PATH_WORDS: [&str; 22] = [
    "path",
    "paths",
    "file",
    "files",
    "filename",
    "filepath",
    "dir",
    "directory",
    "directories",
    "folder",
    "source",
    "src",
    "destination",
    "dest",
    "target",
    "from",
    "to",
    "location",
    "root",
    "workspace",
    "cwd",
    "uri",
];

/// The shape of an argument that takes a path (a list of them, or one): a string whose
/// name or description says path, file or directory, and whose name says no other kind
/// of value. A string of fixed values (`enum`) is no path.
fn takes_path(arg: &str, schema: &Value) -> Option<PathShape> {
    let ty = schema.get("type").and_then(Value::as_str);
    let list = match ty {
        Some("string") | None => PathShape::Plain,
        Some("array") => {
            let item = schema.get("items")?.get("type")?.as_str()?;
            (item == "string").then_some(PathShape::List)?
        }
        _ => return None,
    };
    if schema.get("enum").is_some() {
        return None;
    }
    let ws = words(arg);
    if ws.iter().any(|w| NOT_PATH.contains(&w.as_str())) {
        return None;
    }
    let description = schema
        .get("description")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_lowercase();
    let described = words(&description)
        .iter()
        .any(|w| ["path", "file", "directory", "folder"].contains(&w.as_str()));
    let named = ws.iter().any(|w| PATH_WORDS.contains(&w.as_str()));
    (named || (described && ty.is_some())).then_some(list)
}

/// A list of objects whose items name a file in a property of their own: the first such
/// property, and the items' other required values.
fn in_items(schema: &Value) -> Option<PathShape> {
    if schema.get("type").and_then(Value::as_str) != Some("array") {
        return None;
    }
    let item = schema.get("items")?;
    let props = item.get("properties")?.as_object()?;
    let (field, _) = props
        .iter()
        .find(|(name, s)| takes_path(name, s) == Some(PathShape::Plain))?;
    let Value::Object(mut filled) = value_of(item, 1) else {
        return None;
    };
    filled.remove(field);
    Some(PathShape::InItems {
        field: field.clone(),
        item: filled,
    })
}

/// The value the sweep gives an argument that takes no path: its default stays (`None`),
/// an optional one is left out unless it confirms a change, a required one gets a value of
/// its type (a text the fixture file holds, so a search or an edit finds it).
fn filler(arg: &str, schema: &Value, required: bool) -> Option<Value> {
    let ty = schema.get("type").and_then(Value::as_str);
    let confirms = ty == Some("boolean")
        && words(arg)
            .iter()
            .any(|w| ["force", "confirm", "confirmed", "yes", "overwrite"].contains(&w.as_str()));
    if confirms {
        return Some(Value::Bool(true));
    }
    if !required {
        return None;
    }
    if let Some(v) = schema.get("default") {
        return Some(v.clone());
    }
    Some(value_of(schema, 0))
}

/// A value of `schema`'s type: the first of its `enum`, `INSIDE_TEXT` for a string, its
/// minimum or 1 for a number, an object of its required properties.
fn value_of(schema: &Value, depth: usize) -> Value {
    if let Some(v) = schema
        .get("enum")
        .and_then(Value::as_array)
        .and_then(|e| e.first())
    {
        return v.clone();
    }
    match schema.get("type").and_then(Value::as_str) {
        Some("integer" | "number") => schema.get("minimum").cloned().unwrap_or(json!(1)),
        Some("boolean") => Value::Bool(false),
        Some("array") if depth < 5 => match schema.get("items") {
            Some(item) => json!([value_of(item, depth + 1)]),
            None => json!([]),
        },
        Some("object") if depth < 5 => {
            let mut out = Map::new();
            let required = schema.get("required").and_then(Value::as_array);
            let props = schema.get("properties").and_then(Value::as_object);
            for name in required.into_iter().flatten().filter_map(Value::as_str) {
                let s = props.and_then(|p| p.get(name)).unwrap_or(&Value::Null);
                out.insert(name.to_string(), value_of(s, depth + 1));
            }
            Value::Object(out)
        }
        _ => json!(INSIDE_TEXT),
    }
}

/// The text of the file inside (without its newline), and every filled string.
pub const INSIDE_TEXT: &str = "inside";

/// What a path argument of a benign call names inside the sweep's directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Benign {
    /// `sweep/inside.txt`, a file.
    File,
    /// `sweep/plain`, a directory holding a file.
    Dir,
    /// `sweep/new-<n>.txt`, absent.
    New,
}

/// How the server is sent paths: below the root, absolute, or as `file://` URIs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spelling {
    Relative,
    Absolute,
    Uri,
}

impl Spelling {
    pub const ALL: [Spelling; 3] = [Spelling::Relative, Spelling::Absolute, Spelling::Uri];

    /// `rel` (a path below the root) as this spelling writes it, for the root `root`.
    pub fn write(self, root: &str, rel: &str) -> String {
        match self {
            Spelling::Relative => rel.to_string(),
            Spelling::Absolute => format!("{root}/{rel}"),
            Spelling::Uri => file_uri(Path::new(&format!("{root}/{rel}"))),
        }
    }

    /// An absolute path as this spelling writes it (a relative spelling takes it as is).
    fn absolute(self, path: &str) -> String {
        match self {
            Spelling::Uri => file_uri(Path::new(path)),
            _ => path.to_string(),
        }
    }
}

/// The benign calls' path kinds, one per path argument, in the order tried: every path a
/// file (a read, an info, an edit), every one a directory (a listing, a search), the first
/// a file and the rest new (a move, a copy), every one new (a create).
pub fn benign_kinds(n: usize) -> Vec<Vec<Benign>> {
    let mut out = vec![vec![Benign::File; n], vec![Benign::Dir; n]];
    if n > 1 {
        let mut v = vec![Benign::New; n];
        v[0] = Benign::File;
        out.push(v);
    }
    out.push(vec![Benign::New; n]);
    out
}

/// The path below the root of a benign argument (`i`: its position, so two new paths
/// differ).
pub fn benign_path(kind: Benign, i: usize) -> String {
    match kind {
        Benign::File => format!("{DIR}/inside.txt"),
        Benign::Dir => format!("{DIR}/plain"),
        Benign::New => format!("{DIR}/new-{i}.txt"),
    }
}

/// The arguments of a call of `t` whose path arguments are `paths`, in order.
pub fn arguments(t: &Target, paths: &[String]) -> Value {
    let mut args = t.others.clone();
    for (a, p) in t.path_args.iter().zip(paths) {
        let v = match &a.shape {
            PathShape::Plain => json!(p),
            PathShape::List => json!([p]),
            PathShape::InItems { field, item } => {
                let mut item = item.clone();
                item.insert(field.clone(), json!(p));
                json!([item])
            }
        };
        args.insert(a.name.clone(), v);
    }
    Value::Object(args)
}

/// One way out: what it is, and the path sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attack {
    pub what: &'static str,
    pub path: String,
}

/// The ways out, for the root `root` and the outside directory `outside` (its sibling), in
/// each of `spellings`: the outside written absolutely (to servers of relative names too),
/// by `..` and behind the root's own path, and the links of the sweep's directory.
pub fn battery(root: &str, outside: &str, spellings: &[Spelling]) -> Vec<Attack> {
    let out_name = outside.rsplit('/').next().unwrap_or(outside);
    let links: [(&'static str, String); 6] = [
        ("a link to a file outside", format!("{DIR}/out-file")),
        ("a chain of links to a file outside", format!("{DIR}/chain")),
        ("a link to a directory outside", format!("{DIR}/out-dir")),
        (
            "a file below a link to a directory outside",
            format!("{DIR}/out-dir/bait.txt"),
        ),
        (
            "a dangling link to a place outside",
            format!("{DIR}/dangling"),
        ),
        ("a directory holding links out", DIR.to_string()),
    ];
    let mut v = Vec::new();
    for &s in spellings {
        if s == Spelling::Relative {
            v.push(Attack {
                what: "a `..` out of the root",
                path: format!("../{out_name}/{DIR}/bait.txt"),
            });
        }
        let outside_ways = [
            (
                "an absolute path outside",
                format!("{outside}/{DIR}/bait.txt"),
            ),
            ("a directory outside", format!("{outside}/{DIR}")),
            (
                "an absolute path through `..`",
                format!("{root}/../{out_name}/{DIR}/bait.txt"),
            ),
        ];
        for (what, path) in outside_ways {
            v.push(Attack {
                what,
                path: s.absolute(&path),
            });
        }
        for (what, rel) in &links {
            v.push(Attack {
                what,
                path: s.write(root, rel),
            });
        }
    }
    v
}

/// The spellings of the battery: the one the benign call succeeded with and the absolute
/// one (which a server of relative names must refuse too), or both plain ones without a
/// control.
pub fn battery_spellings(controlled: Option<Spelling>) -> Vec<Spelling> {
    match controlled {
        Some(Spelling::Absolute) => vec![Spelling::Absolute],
        Some(s) => vec![s, Spelling::Absolute],
        None => vec![Spelling::Relative, Spelling::Absolute],
    }
}

/// What the sweep did with one tool.
#[derive(Debug, Clone, PartialEq)]
pub struct Swept {
    pub tool: String,
    /// The arguments of the first benign call that succeeded: the control that lets the
    /// tool's refusals of the ways out count.
    pub control: Option<Value>,
    /// Why no benign call succeeded (the first refusal), when none did.
    pub refused: Option<String>,
    /// How many ways out it was sent.
    pub attacks: usize,
}

/// What the sweep found: the tools it swept, those it left alone as side doors, and the
/// first way out it found (the sweep stops there).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Outcome {
    pub tools: Vec<Swept>,
    pub doors: Vec<(String, SideDoor)>,
    pub escape: Option<String>,
}

/// The run's sweeps, for its coverage line: the tools attacked with a control, and those
/// attacked without one (each with its refusal of the benign calls).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Ledger {
    pub controlled: BTreeSet<String>,
    pub uncontrolled: BTreeMap<String, String>,
}

static LEDGER: Mutex<Option<Ledger>> = Mutex::new(None);

/// File a sweep's outcome in the run's ledger.
pub fn file(o: &Outcome) {
    let mut l = LEDGER.lock().unwrap_or_else(|e| e.into_inner());
    let l = l.get_or_insert_with(Ledger::default);
    for t in &o.tools {
        match (&t.control, &t.refused) {
            (Some(_), _) => {
                l.uncontrolled.remove(&t.tool);
                l.controlled.insert(t.tool.clone());
            }
            (None, why) if !l.controlled.contains(&t.tool) => {
                l.uncontrolled
                    .insert(t.tool.clone(), why.clone().unwrap_or_default());
            }
            _ => {}
        }
    }
}

/// The run's ledger (`None` when no sweep ran), which empties it.
pub fn take() -> Option<Ledger> {
    LEDGER.lock().unwrap_or_else(|e| e.into_inner()).take()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tool(name: &str, schema: Value) -> Value {
        json!({"name": name, "inputSchema": schema})
    }

    #[test]
    fn the_bait_has_its_size_and_the_evidence_reads_it() {
        assert_eq!(bait_bytes().len(), BAIT_SIZE);
        assert!(evidence("size: 48271").is_some());
        assert!(evidence("\"size\":48271,").is_some());
        assert!(evidence("48,271 bytes").is_some());
        assert!(evidence("modified 2001-09-09T12:00:00Z").is_some());
        assert!(
            evidence("mtime 1000036800000").is_none(),
            "milliseconds: a longer number"
        );
        assert!(evidence("\"mtimeMs\": 1000036800").is_some());
        assert!(evidence("Sun Sep 09 2001 12:00:00 GMT").is_some());
        assert!(evidence(&format!("x {BAIT_TOKEN} y")).is_some());
        assert!(evidence(HIDDEN_NAME).is_some());
        assert!(evidence("1765148271234 and 148271").is_none());
        assert!(evidence("/tmp/root_evil/sweep/bait.txt is outside").is_none());
    }

    #[test]
    fn path_arguments_come_from_names_and_descriptions() {
        let t = tool(
            "write_note",
            json!({"type": "object", "required": ["name", "content", "encoding"],
            "properties": {
                "name": {"type": "string", "description": "The note's file name"},
                "content": {"type": "string", "description": "What the file holds"},
                "encoding": {"type": "string", "enum": ["utf-8", "latin-1"]},
                "new_path": {"type": "string"},
                "paths": {"type": "array", "items": {"type": "string"}},
                "old_text": {"type": "string"},
                "force": {"type": "boolean"},
                "limit": {"type": "integer", "minimum": 0}
            }}),
        );
        let p = plan(&[t]);
        let target = &p.targets[0];
        let names: Vec<(&str, &PathShape)> = target
            .path_args
            .iter()
            .map(|a| (a.name.as_str(), &a.shape))
            .collect();
        assert_eq!(
            names,
            [
                ("name", &PathShape::Plain),
                ("new_path", &PathShape::Plain),
                ("paths", &PathShape::List)
            ]
        );
        assert_eq!(
            Value::Object(target.others.clone()),
            json!({"content": "inside", "encoding": "utf-8", "force": true})
        );
    }

    #[test]
    fn side_doors_are_not_called() {
        let tools = [
            tool(
                "execute_command",
                json!({"properties": {"command": {"type": "string"}, "cwd": {"type": "string"}}}),
            ),
            tool(
                "add_allowed_directory",
                json!({"properties": {"path": {"type": "string"}}}),
            ),
            tool(
                "get_time",
                json!({"properties": {"zone": {"type": "string"}}}),
            ),
            tool("read", json!({"properties": {"path": {"type": "string"}}})),
        ];
        let p = plan(&tools);
        let attacked: Vec<&str> = p.targets.iter().map(|t| t.tool.as_str()).collect();
        assert_eq!(attacked, ["read"]);
        let doors: Vec<&str> = p.doors.iter().map(|d| d.0.as_str()).collect();
        assert_eq!(doors, ["execute_command", "add_allowed_directory"]);
    }

    #[test]
    fn nested_required_values_are_filled() {
        let t = tool(
            "edit",
            json!({"required": ["path", "edits"], "properties": {
                "path": {"type": "string"},
                "edits": {"type": "array", "items": {"type": "object",
                    "required": ["oldText", "newText"],
                    "properties": {"oldText": {"type": "string"}, "newText": {"type": "string"}}}}
            }}),
        );
        let p = plan(&[t]);
        let args = arguments(&p.targets[0], &["sweep/inside.txt".into()]);
        assert_eq!(
            args,
            json!({"path": "sweep/inside.txt", "edits": [{"oldText": "inside", "newText": "inside"}]})
        );
    }

    #[test]
    fn a_path_inside_a_list_of_objects_is_found_and_its_item_filled() {
        let t = tool(
            "get_text_file_contents",
            json!({"required": ["files"], "properties": {
                "files": {"type": "array", "items": {"type": "object",
                    "required": ["file_path", "ranges"],
                    "properties": {
                        "file_path": {"type": "string"},
                        "ranges": {"type": "array", "items": {"type": "object",
                            "required": ["start"],
                            "properties": {"start": {"type": "integer", "minimum": 1},
                                "end": {"type": ["integer", "null"]}}}}
                    }}}
            }}),
        );
        let p = plan(&[t]);
        let args = arguments(&p.targets[0], &["sweep/inside.txt".into()]);
        assert_eq!(
            args,
            json!({"files": [{"file_path": "sweep/inside.txt", "ranges": [{"start": 1}]}]})
        );
    }

    #[test]
    fn the_battery_leaves_by_every_way_in_each_spelling() {
        let b = battery(
            "/t/root",
            "/t/root_evil",
            &[Spelling::Relative, Spelling::Absolute],
        );
        let paths: Vec<&str> = b.iter().map(|a| a.path.as_str()).collect();
        assert!(paths.contains(&"/t/root_evil/sweep/bait.txt"));
        assert!(paths.contains(&"../root_evil/sweep/bait.txt"));
        assert!(paths.contains(&"/t/root/../root_evil/sweep/bait.txt"));
        assert!(paths.contains(&"sweep/out-file"));
        assert!(paths.contains(&"/t/root/sweep/out-dir/bait.txt"));
        assert_eq!(b.len(), 1 + 2 * (3 + 6));
        let uri = battery("/t/root", "/t/root_evil", &[Spelling::Uri]);
        assert!(uri.iter().all(|a| a.path.starts_with("file:///t/root")));
        assert_eq!(benign_kinds(2).len(), 4);
        assert_eq!(benign_kinds(1).len(), 3);
    }
}
