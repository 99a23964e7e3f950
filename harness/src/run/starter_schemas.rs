//! The tools' input schemas as `interface init` reads them: local `$ref`s inlined (pydantic
//! puts a TypedDict's fields under `$defs`), and a schema that names no argument filled from
//! the built-in profile whose tool names the server offers (the official filesystem server's
//! fourteen names with `{"type": "object"}` schemas), marked so that the starter says where
//! the argument names came from. The probe then verifies the guess like any other.

use serde_json::{Map, Value};

use crate::catalogue::profile::Profile;

/// The key a filled tool carries: the profile whose mapping gave its arguments.
pub const FILLED_FROM: &str = "x-mcp-harness-arguments-from";

/// How deep `$ref`s are followed: a recursive schema (a tree of nodes) stops there.
const REF_DEPTH: usize = 8;

/// `tools` with their `$ref`s inlined and, when `profiles` holds the one detected from
/// their names, empty schemas filled from its operations' argument names.
pub fn prepared(tools: &[Value], profiles: &[&Profile]) -> Vec<Value> {
    let inlined: Vec<Value> = tools.iter().map(inline_tool).collect();
    let offered: Vec<String> = inlined
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str).map(str::to_string))
        .collect();
    match super::capabilities::detect(&offered, profiles) {
        Ok((i, _)) => inlined.iter().map(|t| filled(t, profiles[i])).collect(),
        Err(_) => inlined,
    }
}

/// The built-in profiles, for `prepared` (none when the embedded catalogue does not load,
/// which its own tests rule out).
pub fn builtin_profiles() -> Vec<Profile> {
    crate::catalogue::load_embedded_all()
        .map(|cats| cats.into_iter().map(|c| c.profile).collect())
        .unwrap_or_default()
}

/// The tool with every local `$ref` of its input schema (`#/$defs/...`, `#/definitions/...`)
/// replaced by what it points to, `REF_DEPTH` deep at most.
fn inline_tool(tool: &Value) -> Value {
    let Some(schema) = tool.get("inputSchema") else {
        return tool.clone();
    };
    let mut out = tool.clone();
    out["inputSchema"] = inline(schema, schema, 0);
    out
}

fn inline(v: &Value, root: &Value, depth: usize) -> Value {
    match v {
        Value::Object(m) => {
            let target = m
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix('#'))
                .and_then(|p| root.pointer(p));
            match target {
                Some(t) if depth < REF_DEPTH => {
                    // The siblings of `$ref` (a description) stay beside what it points to.
                    let mut merged = match inline(t, root, depth + 1) {
                        Value::Object(tm) => tm,
                        other => return other,
                    };
                    for (k, x) in m.iter().filter(|(k, _)| *k != "$ref") {
                        merged
                            .entry(k.clone())
                            .or_insert_with(|| inline(x, root, depth));
                    }
                    Value::Object(merged)
                }
                _ => Value::Object(
                    m.iter()
                        .map(|(k, x)| (k.clone(), inline(x, root, depth)))
                        .collect(),
                ),
            }
        }
        Value::Array(a) => Value::Array(a.iter().map(|x| inline(x, root, depth)).collect()),
        other => other.clone(),
    }
}

/// Whether the tool's input schema names no argument at all.
fn says_nothing(tool: &Value) -> bool {
    tool.pointer("/inputSchema/properties")
        .and_then(Value::as_object)
        .is_none_or(Map::is_empty)
}

/// The tool, its empty schema filled with the arguments `profile`'s operations give it (as
/// `call` or as the `or` alternative), marked with `FILLED_FROM`; else as it was.
fn filled(tool: &Value, profile: &Profile) -> Value {
    let Some(name) = tool.get("name").and_then(Value::as_str) else {
        return tool.clone();
    };
    if !says_nothing(tool) {
        return tool.clone();
    }
    let args = profile.operations.values().find_map(|op| {
        let op = serde_json::to_value(op).ok()?;
        let calls = [op.get("call"), op.get("or")];
        calls
            .iter()
            .any(|c| c.and_then(Value::as_str) == Some(name))
            .then(|| op.get("args").cloned())
            .flatten()
    });
    let Some(args) = args else {
        return tool.clone();
    };
    let mut out = tool.clone();
    let mut schema = schema_of(&args);
    if let Some(old) = tool.get("inputSchema").and_then(Value::as_object) {
        for (k, v) in old.iter().filter(|(k, _)| *k != "properties") {
            schema.entry(k.clone()).or_insert_with(|| v.clone());
        }
    }
    out["inputSchema"] = Value::Object(schema);
    out[FILLED_FROM] = Value::from(profile.profile.as_str());
    out
}

/// The schema of an operation's `args` template: each key an argument, a list of mappings
/// a list of objects with those keys (`edits: [{oldText, newText}]`).
fn schema_of(args: &Value) -> Map<String, Value> {
    let mut schema = Map::new();
    schema.insert("type".into(), "object".into());
    let props: Map<String, Value> = args
        .as_object()
        .into_iter()
        .flatten()
        .map(|(k, v)| {
            let prop = match v.as_array().and_then(|a| a.first()) {
                Some(item) if item.is_object() => serde_json::json!({
                    "type": "array",
                    "items": Value::Object(schema_of(item)),
                }),
                _ => serde_json::json!({}),
            };
            (k.clone(), prop)
        })
        .collect();
    schema.insert("properties".into(), Value::Object(props));
    schema
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// pydantic's TypedDict items (`files: [{path, edits: [{match_text, new_string}]}]`)
    /// sit under `$defs`: inlined, the nested names are seen; a recursive schema stops.
    #[test]
    fn local_refs_are_inlined_and_cycles_stop() {
        let tool = json!({"name": "edit_files", "inputSchema": {
            "$defs": {
                "Edit": {"type": "object", "properties": {"match_text": {}, "new_string": {}}},
                "FileEdits": {"type": "object", "properties": {
                    "path": {"type": "string"},
                    "edits": {"type": "array", "items": {"$ref": "#/$defs/Edit"}}}},
                "Node": {"type": "object", "properties": {"kids": {"items": {"$ref": "#/definitions/Node"}}}}
            },
            "definitions": {"Node": {"$ref": "#/$defs/Node"}},
            "properties": {
                "files": {"type": "array", "items": {"$ref": "#/$defs/FileEdits"}, "description": "d"},
                "tree": {"$ref": "#/$defs/Node"},
                "other": {"$ref": "https://example.com/schema"}
            }
        }});
        let out = prepared(&[tool], &[]);
        let files = &out[0]["inputSchema"]["properties"]["files"];
        assert_eq!(
            files.pointer("/items/properties/edits/items/properties/match_text"),
            Some(&json!({}))
        );
        assert_eq!(files["description"], "d");
        // A cycle ends after REF_DEPTH steps, with a `$ref` left where it stopped.
        let tree = out[0]["inputSchema"]["properties"]["tree"].to_string();
        assert!(tree.contains("$ref") && tree.matches("kids").count() <= REF_DEPTH + 1);
        assert_eq!(
            out[0]["inputSchema"]["properties"]["other"],
            json!({"$ref": "https://example.com/schema"})
        );
    }

    /// The official server's names with `{"type": "object"}` schemas: the filesystem
    /// profile's mapping gives the arguments of the tools it maps (as `call` or `or`),
    /// marked; a tool it does not map, and a tool with a schema of its own, stay as they were.
    #[test]
    fn empty_schemas_of_known_names_are_filled_from_the_profile() {
        let profiles = builtin_profiles();
        let fs = profiles
            .iter()
            .find(|p| p.profile == "filesystem")
            .expect("the filesystem profile is built in");
        let empty = |name: &str| json!({"name": name, "inputSchema": {"type": "object"}});
        let mut tools: Vec<Value> = fs.tools.iter().map(|n| empty(n)).collect();
        let own = json!({"name": "write_file", "inputSchema": {"properties": {"own": {}}}});
        let at = tools
            .iter()
            .position(|t| t["name"] == "write_file")
            .unwrap();
        tools[at] = own.clone();
        let refs: Vec<&Profile> = profiles.iter().collect();
        let out = prepared(&tools, &refs);
        let tool = |n: &str| out.iter().find(|t| t["name"] == n).cloned().unwrap();
        let edit = tool("edit_file");
        assert_eq!(edit[FILLED_FROM], "filesystem");
        assert!(
            edit.pointer("/inputSchema/properties/edits/items/properties/oldText")
                .is_some(),
            "{edit}"
        );
        assert!(
            tool("move_file")
                .pointer("/inputSchema/properties/destination")
                .is_some()
        );
        assert!(
            tool("read_file")
                .pointer("/inputSchema/properties/path")
                .is_some()
        );
        assert!(tool("directory_tree").get(FILLED_FROM).is_none());
        assert_eq!(tool("write_file"), own);
        // Names of no profile: nothing filled.
        let out = prepared(&[empty("write_file"), empty("frobnicate")], &[]);
        assert!(out.iter().all(|t| t.get(FILLED_FROM).is_none()));
    }
}
