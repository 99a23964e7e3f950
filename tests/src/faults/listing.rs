//! Injections on `list://` reads: the URI may be rewritten before the reference sees it,
//! and its answer (the JSON `{"path", "entries"}` or an error) changed afterwards.

use std::path::Path;

use rmcp::ErrorData as McpError;
use rmcp::model::{ReadResourceResult, ResourceContents};
use serde_json::{Value, json};

use super::edits::rewrite_path;
use super::server::Injected;

const SCHEME: &str = "list://";

/// Rewrites the path inside a `list://` URI (dotdot-clamped, backslash-separator), read
/// as the reference reads it: %-escapes decoded.
pub fn before(on: &Injected, uri: &mut String) {
    if let Some(path) = uri.strip_prefix(SCHEME).and_then(percent_decoded)
        && let Some(p) = rewrite_path(on, &path)
    {
        *uri = format!("{SCHEME}{}", p.trim_start_matches('/'));
    }
}

fn percent_decoded(s: &str) -> Option<String> {
    let mut out = Vec::with_capacity(s.len());
    let mut rest = s.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            out.push(b);
            rest = tail;
        }
    }
    String::from_utf8(out).ok()
}

/// The code the reference put in an error's data.
fn code(e: &McpError) -> Option<&str> {
    e.data.as_ref()?.get("code")?.as_str()
}

/// The listing as the faulty server gives it.
pub fn after(
    on: &Injected,
    uri: &str,
    out: Result<ReadResourceResult, McpError>,
) -> Result<ReadResourceResult, McpError> {
    let path = uri.strip_prefix(SCHEME).unwrap_or("").trim_matches('/');
    let body = match out {
        Err(e) if on.is("symlink-escape") && code(&e) == Some("PATH_ESCAPE") => {
            // Follow the link out and list whatever is there.
            let Some(entries) = host_entries(&on.root.join(path)) else {
                return Err(e);
            };
            json!({"path": format!("/{path}"), "entries": entries})
        }
        Err(e) if on.is("listing-file-not-found") && code(&e) == Some("NOT_A_DIRECTORY") => {
            return Err(McpError::resource_not_found(
                format!("Directory not found: /{path}."),
                e.data,
            ));
        }
        Ok(r) => match listing_json(&r) {
            Some(body) => body,
            None => return Ok(r),
        },
        Err(e) => return Err(e),
    };
    let text = reshape(on, body);
    Ok(ReadResourceResult::new(vec![
        ResourceContents::text(text, uri).with_mime_type("application/json"),
    ]))
}

fn listing_json(r: &ReadResourceResult) -> Option<Value> {
    match r.contents.first()? {
        ResourceContents::TextResourceContents { text, .. } => serde_json::from_str(text).ok(),
        _ => None,
    }
}

/// The entries of a host directory, sorted by name (no containment: faults only).
fn host_entries(dir: &Path) -> Option<Vec<Value>> {
    let mut out: Vec<(String, &str)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(Result::ok)
        .map(|e| {
            let kind = if e.path().is_dir() {
                "directory"
            } else {
                "file"
            };
            (e.file_name().to_string_lossy().into_owned(), kind)
        })
        .collect();
    out.sort();
    Some(
        out.into_iter()
            .map(|(name, kind)| json!({"name": name, "type": kind}))
            .collect(),
    )
}

/// Changes the entries and the shape of a listing body; returns its text.
fn reshape(on: &Injected, mut body: Value) -> String {
    let dir = body["path"]
        .as_str()
        .unwrap_or("/")
        .trim_start_matches('/')
        .to_owned();
    let Some(entries) = body.get_mut("entries").and_then(Value::as_array_mut) else {
        return body.to_string();
    };
    if on.is("listing-recursive") {
        let mut extra = Vec::new();
        for e in entries.iter().filter(|e| e["type"] == "directory") {
            let name = e["name"].as_str().unwrap_or("");
            let sub = on.root.join(&dir).join(name);
            for c in host_entries(&sub).unwrap_or_default() {
                let child = c["name"].as_str().unwrap_or("");
                extra.push(json!({"name": format!("{name}/{child}"), "type": "file"}));
            }
        }
        entries.extend(extra);
    }
    if on.is("listing-drops-dotfiles") {
        entries.retain(|e| !e["name"].as_str().unwrap_or("").starts_with('.'));
    }
    if on.is("listing-unsorted") {
        entries.reverse();
    }
    if on.is("listing-string-array") {
        let names: Vec<String> = entries
            .iter()
            .map(|e| {
                let name = e["name"].as_str().unwrap_or("");
                if e["type"] == "directory" {
                    format!("{name}/")
                } else {
                    name.to_owned()
                }
            })
            .collect();
        return json!(names).to_string();
    }
    body.to_string()
}
