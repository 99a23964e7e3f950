//! Then steps on directory listings (the `list://` resource), tools and templates.
//!
//! Core cases read listings tolerantly: any JSON array of entries with a name-like and a
//! type-like field, or plain text lines (`[DIR] name`, `name/`). Clarification cases may
//! also demand the exact JSON.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{StepFn, arg, json_arg, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::exchange::clip;
use crate::run::server::Reply;
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::LISTING_NAMES, step!(names)),
        (form::LISTING_DIRECTORIES, step!(directories)),
        (form::LISTING_FILES, step!(files)),
        (form::LISTING_JSON, step!(exact_json)),
        (form::TOOL_SCHEMA, step!(tool_schema)),
        (form::TEMPLATE_INCLUDED, step!(template)),
    ]
}

#[derive(Debug, Clone, PartialEq)]
pub struct ListedEntry {
    pub name: String,
    /// "file", "directory", "symlink", or None when the server does not say.
    pub kind: Option<String>,
}

/// The text of the resource the last step read.
fn resource_text(w: &HarnessWorld) -> Result<String, String> {
    let Last::Resource { reply, uri } = &w.last else {
        return Err("internal: the last step did not read a resource".into());
    };
    match reply {
        Reply::Ok(v) => {
            let texts: Vec<&str> = v
                .get("contents")
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(|c| c.get("text").and_then(Value::as_str))
                        .collect()
                })
                .unwrap_or_default();
            if texts.is_empty() {
                return Err(format!(
                    "reading {uri} returned no text contents: {}",
                    clip(&v.to_string(), 500)
                ));
            }
            Ok(texts.join("\n"))
        }
        Reply::RpcError { code, message, .. } => Err(format!(
            "reading {uri} failed with JSON-RPC error {code}: {message}"
        )),
        Reply::Broken(r) => Err(r.clone()),
    }
}

fn kind_of(v: &Value) -> Option<String> {
    let obj = v.as_object()?;
    for key in ["type", "kind", "entryType", "entry_type"] {
        if let Some(t) = obj.get(key).and_then(Value::as_str) {
            let t = t.to_ascii_lowercase();
            return Some(if t.contains("link") {
                "symlink".into()
            } else if t.contains("dir") || t == "folder" {
                "directory".into()
            } else if t.contains("file") {
                "file".into()
            } else {
                t
            });
        }
    }
    for key in ["isDirectory", "is_dir", "isDir", "directory"] {
        if let Some(b) = obj.get(key).and_then(Value::as_bool) {
            return Some(if b { "directory" } else { "file" }.into());
        }
    }
    None
}

fn name_of(v: &Value) -> Option<String> {
    let raw = match v {
        Value::String(s) => s.clone(),
        Value::Object(o) => ["name", "filename", "fileName", "path", "file"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_str))?
            .to_string(),
        _ => return None,
    };
    let trimmed = raw.trim_end_matches('/');
    Some(trimmed.rsplit('/').next().unwrap_or(trimmed).to_string())
}

fn entries_array(v: &Value) -> Option<&Vec<Value>> {
    match v {
        Value::Array(a) => Some(a),
        Value::Object(o) => ["entries", "children", "items", "files", "contents"]
            .iter()
            .find_map(|k| o.get(*k).and_then(Value::as_array))
            .or_else(|| o.values().find_map(Value::as_array)),
        _ => None,
    }
}

/// Read a listing in any reasonable shape.
pub fn parse_listing(text: &str) -> Vec<ListedEntry> {
    if let Ok(v) = serde_json::from_str::<Value>(text)
        && let Some(a) = entries_array(&v)
    {
        return a
            .iter()
            .filter_map(|e| {
                let name = name_of(e)?;
                let kind = kind_of(e).or_else(|| match e {
                    Value::String(s) if s.ends_with('/') => Some("directory".into()),
                    // An array of bare names marks directories with `/`; the rest are files.
                    Value::String(_) => Some("file".into()),
                    _ => None,
                });
                Some(ListedEntry { name, kind })
            })
            .collect();
    }
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (kind, rest) = if let Some(r) = l.strip_prefix("[DIR]") {
                (Some("directory".to_string()), r.trim())
            } else if let Some(r) = l.strip_prefix("[FILE]") {
                (Some("file".to_string()), r.trim())
            } else if let Some(r) = l.strip_prefix("[LINK]") {
                (Some("symlink".to_string()), r.trim())
            } else if l.ends_with('/') {
                (Some("directory".to_string()), l)
            } else {
                // Plain listings mark directories (trailing `/`, `[DIR]`); the rest are files.
                (Some("file".to_string()), l)
            };
            ListedEntry {
                name: rest.trim_end_matches('/').to_string(),
                kind,
            }
        })
        .collect()
}

fn listing(w: &HarnessWorld) -> Result<Vec<ListedEntry>, String> {
    Ok(parse_listing(&resource_text(w)?))
}

async fn names(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = json_strings(arg(a, 0)?)?;
    let got: Vec<String> = listing(w)?.into_iter().map(|e| e.name).collect();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing names: expected {want:?} (in this order), got {got:?}"
        ))
    }
}

fn of_kind(w: &HarnessWorld, kind: &str, a: &[String]) -> Result<(), String> {
    let want: BTreeSet<String> = json_strings(arg(a, 0)?)?.into_iter().collect();
    let entries = listing(w)?;
    let got: BTreeSet<String> = entries
        .iter()
        .filter(|e| e.kind.as_deref() == Some(kind))
        .map(|e| e.name.clone())
        .collect();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing entries of type {kind}: expected {want:?}, got {got:?} (all entries: {entries:?})"
        ))
    }
}

async fn directories(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    of_kind(w, "directory", a)
}

async fn files(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    of_kind(w, "file", a)
}

async fn exact_json(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = json_arg(arg(a, 0)?)?;
    let text = resource_text(w)?;
    let got: Value = serde_json::from_str(&text)
        .map_err(|e| format!("the listing is not JSON ({e}): {}", clip(&text, 500)))?;
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing JSON: expected {want}, got {}",
            clip(&got.to_string(), 800)
        ))
    }
}

async fn tool_schema(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let name = w.tool_name(arg(a, 0)?);
    let want_required: BTreeSet<String> = json_strings(arg(a, 1)?)?.into_iter().collect();
    let want_props: BTreeSet<String> = json_strings(arg(a, 2)?)?.into_iter().collect();
    let Last::Tools(reply) = &w.last else {
        return Err("internal: the last step did not list the tools".into());
    };
    let tools = match reply {
        Reply::Ok(v) => v
            .get("tools")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        Reply::RpcError { code, message, .. } => {
            return Err(format!(
                "tools/list failed with JSON-RPC error {code}: {message}"
            ));
        }
        Reply::Broken(r) => return Err(r.clone()),
    };
    let names: Vec<&str> = tools
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    let Some(tool) = tools
        .iter()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(name.as_str()))
    else {
        return Err(format!(
            "the server has no tool named {name:?}; its tools are {names:?}"
        ));
    };
    let (required, props) = input_schema_names(tool);
    if required != want_required {
        return Err(format!(
            "tool {name}: required arguments should be {want_required:?}, are {required:?}"
        ));
    }
    let props_ok = if w.clarification {
        props == want_props
    } else {
        want_props.is_subset(&props)
    };
    if !props_ok {
        return Err(format!(
            "tool {name}: properties should be {want_props:?}, are {props:?}"
        ));
    }
    Ok(())
}

async fn template(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = arg(a, 0)?;
    let Last::Templates(reply) = &w.last else {
        return Err("internal: the last step did not list resource templates".into());
    };
    let list = match reply {
        Reply::Ok(v) => v
            .get("resourceTemplates")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        Reply::RpcError { code, message, .. } => {
            return Err(format!(
                "resources/templates/list failed with JSON-RPC error {code}: {message}"
            ));
        }
        Reply::Broken(r) => return Err(r.clone()),
    };
    let got: Vec<&str> = list
        .iter()
        .filter_map(|t| t.get("uriTemplate").and_then(Value::as_str))
        .collect();
    // A concrete resource with the template's scheme (e.g. `list://` itself in
    // resources/list) offers it too.
    let scheme = want.split("://").next().unwrap_or(want).to_string() + "://";
    let resources: Vec<&str> = match reply {
        Reply::Ok(v) => v
            .get("resources")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|r| r.get("uri").and_then(Value::as_str))
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    if got.contains(&want) || resources.iter().any(|u| u.starts_with(&scheme)) {
        Ok(())
    } else {
        Err(format!(
            "neither a resource template {want:?} nor a {scheme} resource is offered; \
             templates: {got:?}, resources: {resources:?}"
        ))
    }
}

/// A `tools/list` entry's required arguments and all its argument names, from its input
/// schema (empty when it has none).
pub fn input_schema_names(tool: &Value) -> (BTreeSet<String>, BTreeSet<String>) {
    let schema = tool.get("inputSchema").cloned().unwrap_or(Value::Null);
    let required = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let props = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    (required, props)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_kinds(text: &str) -> Vec<(String, Option<String>)> {
        parse_listing(text)
            .into_iter()
            .map(|e| (e.name, e.kind))
            .collect()
    }

    #[test]
    fn reads_the_reference_json() {
        let t = r#"{"path":"/notes","entries":[{"name":"sub","type":"directory"},{"name":"a.md","type":"file"}]}"#;
        assert_eq!(
            names_kinds(t),
            vec![
                ("sub".into(), Some("directory".into())),
                ("a.md".into(), Some("file".into()))
            ]
        );
    }

    #[test]
    fn reads_other_shapes() {
        assert_eq!(
            names_kinds("[DIR] sub\n[FILE] a.md\n"),
            vec![
                ("sub".into(), Some("directory".into())),
                ("a.md".into(), Some("file".into()))
            ]
        );
        assert_eq!(
            names_kinds(r#"["sub/", "a.md"]"#),
            vec![
                ("sub".into(), Some("directory".into())),
                ("a.md".into(), Some("file".into()))
            ]
        );
        assert_eq!(
            names_kinds("sub/\na.md\n"),
            vec![
                ("sub".into(), Some("directory".into())),
                ("a.md".into(), Some("file".into()))
            ]
        );
        assert_eq!(
            names_kinds(r#"[{"path":"notes/x","isDirectory":false}]"#),
            vec![("x".into(), Some("file".into()))]
        );
    }
}
