//! The foreign interfaces of the wire proxy: interfaces the harness has no profile for,
//! made from a reference profile (`filesystem`, or `lighthouse` for the one that deletes
//! trees; issue 22's proof that a mapping file is all the harness needs). Every tool is
//! renamed `fs_<name>` and the path arguments are `file`, `from` and `to`; each *reading*
//! (`mcp-faulty --variant foreign-…`) then spells paths, results and refusals its own way
//! (`Shape`), and has its own mapping file in
//! tests/tests/e2e/. `foreign-interface`: paths relative to the root, a result one text
//! block holding `{"ok": true, "data": {...}}`, a refusal one holding
//! `{"ok": false, "error": "..."}` without `isError`.

use std::path::Path;

use serde_json::{Map, Value, json};

/// The foreign tools' prefix.
const PREFIX: &str = "fs_";

/// The foreign argument names and the server's, for paths.
const PATH_ARGS: [(&str, &str); 3] = [("file", "path"), ("from", "source"), ("to", "destination")];

/// How a reading's paths are spelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Paths {
    /// Relative to the root (the proxy makes them absolute for the server behind it).
    Relative,
    /// Absolute, as the server behind takes them.
    Absolute,
    /// `file://` URIs of absolute paths (the proxy strips the scheme; nothing is decoded).
    Uri,
}

/// Where a reading's result is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Results {
    /// One text block holding `{"ok": true, "data": {...}}`.
    OkJsonText,
    /// `structuredContent` `{"success": true, "data": {...}}` (and the same JSON as text).
    SuccessStructured,
    /// The server's plain text blocks alone, no `structuredContent`.
    PlainText,
}

/// How a reading's refusal shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusals {
    /// One text block holding `{"ok": false, "error": "..."}`, without `isError`.
    OkFalse,
    /// `structuredContent` `{"success": false, "error": "..."}`, without `isError`.
    SuccessFalse,
    /// `isError: true` and the message as plain text.
    IsError,
    /// A JSON-RPC error -32602 with the message, instead of a result.
    RpcError,
}

/// One foreign interface's spelling of paths, results and refusals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    pub paths: Paths,
    pub results: Results,
    pub refusals: Refusals,
}

/// A foreign interface the proxy can put in front of the reference, with its mapping file
/// (relative to the e2e-tests crate) and what it is.
#[derive(Debug, Clone, Copy)]
pub struct Reading {
    pub name: &'static str,
    /// The reference profile behind the proxy (a fault behind it must be of this profile).
    pub behind: &'static str,
    pub mapping: &'static str,
    pub shape: Shape,
    pub what: &'static str,
}

/// Every foreign interface; the first is the one whose mapping lists the checks.
/// Together they spell each path, result and refusal shape of docs/interfaces.md once.
pub const READINGS: &[Reading] = &[
    Reading {
        name: "foreign-interface",
        behind: "filesystem",
        mapping: "tests/e2e/foreign-interface.yaml",
        shape: Shape {
            paths: Paths::Relative,
            results: Results::OkJsonText,
            refusals: Refusals::OkFalse,
        },
        what: "relative paths; results `{ok: true, data}` and refusals `{ok: false, error}` in a JSON text block",
    },
    Reading {
        name: "foreign-structured",
        behind: "filesystem",
        mapping: "tests/e2e/foreign-structured.yaml",
        shape: Shape {
            paths: Paths::Absolute,
            results: Results::SuccessStructured,
            refusals: Refusals::SuccessFalse,
        },
        what: "absolute paths; results `{success: true, data}` and refusals `{success: false, error}` in structuredContent, no isError",
    },
    Reading {
        name: "foreign-plain",
        behind: "filesystem",
        mapping: "tests/e2e/foreign-plain.yaml",
        shape: Shape {
            paths: Paths::Uri,
            results: Results::PlainText,
            refusals: Refusals::IsError,
        },
        what: "`file://` URIs; results plain text blocks (`text_result: content`), refusals isError with plain text",
    },
    Reading {
        name: "foreign-rpc-errors",
        behind: "filesystem",
        mapping: "tests/e2e/foreign-rpc-errors.yaml",
        shape: Shape {
            paths: Paths::Relative,
            results: Results::OkJsonText,
            refusals: Refusals::RpcError,
        },
        what: "relative paths; results `{ok: true, data}` in a JSON text block, refusals JSON-RPC errors (-32602)",
    },
    Reading {
        name: "foreign-lighthouse",
        behind: "lighthouse",
        mapping: "tests/e2e/foreign-lighthouse.yaml",
        shape: Shape {
            paths: Paths::Relative,
            results: Results::OkJsonText,
            refusals: Refusals::IsError,
        },
        what: "the lighthouse reference (it deletes trees) behind: relative paths; results `{ok: true, data: {success: true, data: {content}}}` in a JSON text block (`reader_field: /data/content`), refusals isError with the server's JSON as text; its choice symlinks-absolute-inside is left out (the lighthouse reference refuses every absolute link target, LH-CLR-12)",
    },
];

/// For each universal check (specs/shared/checks.yaml), the fault of a reference profile
/// that harness_power.rs puts behind a foreign interface of that profile (the third name)
/// to be caught by that check's cases through its mapping alone. The faults are spread over
/// the readings, so each shape of paths, results and refusals shows faults too.
///
/// A check that is a choice (`choice` in checks.yaml) is a clarification of an interface
/// file (`UNIVERSAL-CLR-nn`), not one of its requirements; its fault must fail a case
/// covering that clarification.
pub const MAPPING_FAULTS: &[(&str, &str, &str)] = &[
    ("confinement", "fs-percent-decoded", "foreign-plain"),
    ("prefix-sibling", "fs-prefix-sibling", "foreign-structured"),
    ("symlinks", "fs-symlink-escape", "foreign-rpc-errors"),
    ("atomic-write", "fs-torn-write", "foreign-interface"),
    ("races", "fs-read-check-then-use", "foreign-interface"),
    ("special-files", "fs-fifo-blocks", "foreign-plain"),
    ("name-tricks", "fs-strip-trailing", "foreign-structured"),
    ("exact-write", "fs-write-lf", "foreign-structured"),
    ("nested-create", "fs-create-no-parents", "foreign-plain"),
    ("works-inside", "fs-move-refused", "foreign-structured"),
    // A tool the reading leaves unmapped: only the sweep calls it.
    ("path-tools", "fs-sizes-follow-links", "foreign-plain"),
    (
        "repeated-edit",
        "fs-edit-first-of-two",
        "foreign-rpc-errors",
    ),
    // The lighthouse reading declares `repeated_edits: every`; the fault edits the first.
    (
        "repeated-edit-every",
        "lh-global-ignored",
        "foreign-lighthouse",
    ),
    ("exact-read", "fs-read-adds-newline", "foreign-plain"),
    ("exact-edit", "fs-edit-in-place", "foreign-rpc-errors"),
    ("edit-line-endings", "lh-edit-lf", "foreign-lighthouse"),
    ("bad-input", "fs-nul-truncates", "foreign-rpc-errors"),
    ("stdio-messages", "fs-stdout-banner", "foreign-interface"),
    ("no-lost-update", "fs-edit-stale", "foreign-structured"),
    ("large-files", "fs-read-cut-8mib", "foreign-plain"),
    // The filesystem reference has no delete tool.
    (
        "tree-delete",
        "lh-delete-follows-links",
        "foreign-lighthouse",
    ),
    // Its trial makes the roots on the FUSE mount that folds case (crate::casefold).
    ("case-folding", "fs-case-blind-links", "foreign-plain"),
    // The choices.
    ("symlinks-inside", "fs-links-refused", "foreign-rpc-errors"),
    (
        "symlinks-absolute-inside",
        "fs-absolute-link-refused",
        "foreign-structured",
    ),
    ("concurrent-edits", "fs-lost-update", "foreign-interface"),
    ("hard-link-writes", "fs-hard-link-in-place", "foreign-plain"),
    ("hard-link-reads", "fs-hard-link-read", "foreign-structured"),
    (
        "error-names-path",
        "fs-error-drops-path",
        "foreign-rpc-errors",
    ),
    // A proxy fault behind the reading's proxy: failures leave it unmarked, and the reading
    // spells them as its successes.
    ("failure-marking", "fs-failures-unmarked", "foreign-plain"),
];

/// The checks whose cases do run through the mapping but that no fault is put behind it
/// for yet, and why (harness_power.rs's doc says so; a check in neither list fails there).
pub const MAPPING_NO_FAULT: &[(&str, &str)] = &[(
    "repeated-edit-first",
    "no reading declares `repeated_edits: first`, whose case runs only where it is declared; \
         the zoo's fault first-of-two, declared so, must pass EDIT-018 (tests/zoo/run.sh), \
         and reference-devs.yaml declares it and passes (harness/tests/interface_cli.rs)",
)];

/// The foreign interface named `name`, if it is one.
pub fn reading(name: &str) -> Option<&'static Reading> {
    READINGS.iter().find(|r| r.name == name)
}

/// A `tools/call` as the server behind the proxy takes it: its own tool name, its argument
/// names, absolute paths under `root`. Other messages pass unchanged.
pub fn rewrite_request(line: &str, root: &Path, shape: Shape) -> String {
    let Ok(mut msg) = serde_json::from_str::<Value>(line) else {
        return line.to_string();
    };
    if msg.get("method").and_then(Value::as_str) != Some("tools/call") {
        return line.to_string();
    }
    let Some(params) = msg.get_mut("params").and_then(Value::as_object_mut) else {
        return line.to_string();
    };
    if let Some(name) = params.get("name").and_then(Value::as_str) {
        let own = name.strip_prefix(PREFIX).unwrap_or(name).to_string();
        params.insert("name".into(), json!(own));
    }
    if let Some(args) = params.get_mut("arguments").and_then(Value::as_object_mut) {
        for (foreign, own) in PATH_ARGS {
            if let Some(Value::String(p)) = args.remove(foreign) {
                args.insert(own.into(), json!(own_path(&p, root, shape.paths)));
            }
        }
    }
    msg.to_string()
}

/// A foreign path as the server behind takes it. A path not spelled as the reading says
/// (an absolute one where relative ones are expected, one without the scheme) is passed on
/// as it is, so the server judges it.
fn own_path(path: &str, root: &Path, paths: Paths) -> String {
    match paths {
        Paths::Relative if !path.starts_with('/') => format!("{}/{path}", root.display()),
        Paths::Uri => path.strip_prefix("file://").unwrap_or(path).to_string(),
        _ => path.to_string(),
    }
}

/// A reply in the foreign interface's shape: tool names prefixed in `tools/list`, results
/// and refusals as `shape` spells them.
pub fn rewrite_reply(msg: &mut Value, shape: Shape) {
    let Some(result) = msg.get_mut("result").and_then(Value::as_object_mut) else {
        return;
    };
    if let Some(Value::Array(tools)) = result.get_mut("tools") {
        tools.iter_mut().for_each(rename_tool);
        return;
    }
    if !result.contains_key("content") {
        return;
    }
    let refused = result.get("isError").and_then(Value::as_bool) == Some(true);
    let text = text_of(result);
    if refused {
        if shape.refusals == Refusals::RpcError {
            let obj = msg
                .as_object_mut()
                .expect("a reply with a result is an object");
            obj.remove("result");
            obj.insert("error".into(), json!({"code": -32602, "message": text}));
            return;
        }
        *result = refusal(&text, shape.refusals);
    } else {
        *result = success(result, text, shape.results);
    }
}

/// `read_file {path}` becomes `fs_read_file {file}` (and `source`, `destination` become
/// `from`, `to`), in its name and input schema.
fn rename_tool(tool: &mut Value) {
    if let Some(Value::String(name)) = tool.get_mut("name") {
        *name = format!("{PREFIX}{name}");
    }
    let Some(schema) = tool.get_mut("inputSchema").and_then(Value::as_object_mut) else {
        return;
    };
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        for (foreign, own) in PATH_ARGS {
            if let Some(p) = props.remove(own) {
                props.insert(foreign.into(), p);
            }
        }
    }
    if let Some(Value::Array(required)) = schema.get_mut("required") {
        for r in required.iter_mut() {
            if let Some((foreign, _)) = PATH_ARGS.iter().find(|(_, own)| r == own) {
                *r = json!(foreign);
            }
        }
    }
}

/// The text of a result's text blocks, joined.
fn text_of(result: &Map<String, Value>) -> String {
    let text: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .map(|blocks| {
            blocks
                .iter()
                .filter_map(|b| b.get("text").and_then(Value::as_str))
                .collect()
        })
        .unwrap_or_default();
    text.join("\n")
}

/// A result of one text block holding `value` as JSON (and `value` as structuredContent
/// when `structured`).
fn json_result(value: Value, structured: bool) -> Map<String, Value> {
    let mut out = Map::new();
    out.insert(
        "content".into(),
        json!([{"type": "text", "text": value.to_string()}]),
    );
    if structured {
        out.insert("structuredContent".into(), value);
    }
    out
}

/// A tool error with the message `text`, as `refusals` spells it (not the JSON-RPC error,
/// which replaces the result).
fn refusal(text: &str, refusals: Refusals) -> Map<String, Value> {
    match refusals {
        Refusals::SuccessFalse => json_result(json!({"success": false, "error": text}), true),
        Refusals::IsError => {
            let mut out = Map::new();
            out.insert("content".into(), json!([{"type": "text", "text": text}]));
            out.insert("isError".into(), json!(true));
            out
        }
        Refusals::OkFalse | Refusals::RpcError => {
            json_result(json!({"ok": false, "error": text}), false)
        }
    }
}

/// A successful result as `results` spells it; its data is the server's structuredContent,
/// else `{content: <the text>}`.
fn success(result: &Map<String, Value>, text: String, results: Results) -> Map<String, Value> {
    let data = match result.get("structuredContent") {
        Some(Value::Object(s)) => Value::Object(s.clone()),
        _ => json!({ "content": text }),
    };
    match results {
        Results::OkJsonText => json_result(json!({"ok": true, "data": data}), false),
        Results::SuccessStructured => json_result(json!({"success": true, "data": data}), true),
        Results::PlainText => {
            let mut out = Map::new();
            out.insert("content".into(), json!([{"type": "text", "text": text}]));
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(name: &str) -> Shape {
        reading(name).unwrap().shape
    }

    #[test]
    fn calls_and_results_are_translated() {
        let base = shape("foreign-interface");
        let call = r#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fs_move_file","arguments":{"from":"a.txt","to":"/abs/b.txt"}}}"#;
        let own: Value =
            serde_json::from_str(&rewrite_request(call, Path::new("/r"), base)).unwrap();
        assert_eq!(own["params"]["name"], "move_file");
        assert_eq!(own["params"]["arguments"]["source"], "/r/a.txt");
        assert_eq!(own["params"]["arguments"]["destination"], "/abs/b.txt");
        let mut reply = json!({"id": 3, "result": {"content": [{"type": "text", "text": "Error: no"}], "isError": true}});
        rewrite_reply(&mut reply, base);
        assert_eq!(
            reply["result"],
            json!({"content": [{"type": "text", "text": "{\"error\":\"Error: no\",\"ok\":false}"}]})
        );
        let mut tools = json!({"result": {"tools": [{"name": "read_file", "inputSchema": {"properties": {"path": {}}, "required": ["path"]}}]}});
        rewrite_reply(&mut tools, base);
        assert_eq!(tools["result"]["tools"][0]["name"], "fs_read_file");
        assert_eq!(
            tools["result"]["tools"][0]["inputSchema"]["required"],
            json!(["file"])
        );
    }

    #[test]
    fn each_reading_spells_paths_results_and_refusals_its_way() {
        let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fs_read_text_file","arguments":{"file":"file:///r/a.txt"}}}"#;
        let own: Value = serde_json::from_str(&rewrite_request(
            call,
            Path::new("/r"),
            shape("foreign-plain"),
        ))
        .unwrap();
        assert_eq!(own["params"]["arguments"]["path"], "/r/a.txt");
        let ok = json!({"id": 1, "result": {"content": [{"type": "text", "text": "hi"}], "structuredContent": {"content": "hi"}}});
        let mut r = ok.clone();
        rewrite_reply(&mut r, shape("foreign-structured"));
        assert_eq!(
            r["result"]["structuredContent"],
            json!({"success": true, "data": {"content": "hi"}})
        );
        let mut r = ok;
        rewrite_reply(&mut r, shape("foreign-plain"));
        assert_eq!(
            r["result"],
            json!({"content": [{"type": "text", "text": "hi"}]})
        );
        let refused = json!({"id": 2, "result": {"content": [{"type": "text", "text": "denied"}], "isError": true}});
        let mut r = refused.clone();
        rewrite_reply(&mut r, shape("foreign-rpc-errors"));
        assert_eq!(
            r,
            json!({"id": 2, "error": {"code": -32602, "message": "denied"}})
        );
        let mut r = refused;
        rewrite_reply(&mut r, shape("foreign-structured"));
        assert_eq!(
            r["result"]["structuredContent"],
            json!({"success": false, "error": "denied"})
        );
        assert!(r["result"].get("isError").is_none());
    }
}
