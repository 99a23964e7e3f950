//! What a listing names, in any reasonable shape: a JSON array of entries with a
//! name-like and a type-like field, or text lines (`[DIR] name`, `name/`); and the argument
//! names a `tools/list` entry declares.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{Reply, clip};

#[derive(Debug, Clone, PartialEq)]
pub struct ListedEntry {
    pub name: String,
    /// "file", "directory", "symlink", or None when the server does not say.
    pub kind: Option<String>,
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

/// The text contents of a `resources/read` reply, joined, or why there are none.
pub fn resource_text(reply: &Reply, uri: &str) -> Result<String, String> {
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

/// The entries of a `tools/list` reply; `None` when it is no list of tools.
pub fn listed_tools(reply: &Reply) -> Option<Vec<Value>> {
    match reply {
        Reply::Ok(v) => v.get("tools").and_then(Value::as_array).cloned(),
        _ => None,
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
