//! `--config FILE [--server-name NAME]`: the server as an MCP client's configuration file
//! describes it. Claude Desktop and Cursor write `{"mcpServers": {NAME: {command, args,
//! env}}}`; VS Code writes `{"servers": {...}}` (`.vscode/mcp.json`) or `{"mcp":
//! {"servers": {...}}}` (settings), with `type: stdio`; an entry with a `url` (`type:
//! http`) is a running Streamable HTTP server, reached as `--url` is.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::request::RunRequest;

/// One server entry; keys other clients add (`disabled`, `autoApprove`, ...) are ignored.
#[derive(Debug, Deserialize)]
struct Entry {
    #[serde(default, rename = "type")]
    kind: Option<String>,
    command: Option<String>,
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    env: BTreeMap<String, String>,
    cwd: Option<String>,
    url: Option<String>,
}

/// The servers of a configuration file, by name, in any of the layouts it may have.
fn servers(path: &Path) -> Result<BTreeMap<String, Entry>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("--config {}: cannot read it: {e}", path.display()))?;
    let mut doc: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
        format!(
            "--config {}: not JSON ({e}); comments and trailing commas are not read, remove them",
            path.display()
        )
    })?;
    let table = ["/mcpServers", "/servers", "/mcp/servers"]
        .iter()
        .find_map(|p| doc.pointer_mut(p).map(serde_json::Value::take))
        .ok_or_else(|| {
            format!(
                "--config {}: no server table; the file needs `mcpServers` (Claude Desktop, \
                 Cursor), `servers` (VS Code's mcp.json) or `mcp.servers` (VS Code's settings)",
                path.display()
            )
        })?;
    serde_json::from_value(table).map_err(|e| {
        format!(
            "--config {}: a server entry is malformed: {e}",
            path.display()
        )
    })
}

/// Fills `req` with the server `name` of the configuration file `path` (the only one when
/// `name` is `None`): its command line, environment and working directory, or its URL.
pub fn apply(req: &mut RunRequest, path: &Path, name: Option<&str>) -> Result<(), String> {
    let mut all = servers(path)?;
    let names = || all.keys().cloned().collect::<Vec<_>>().join(", ");
    let name = match name {
        Some(n) if all.contains_key(n) => n.to_string(),
        Some(n) => {
            return Err(format!(
                "--server-name {n}: {} has no such server; it has {}",
                path.display(),
                names()
            ));
        }
        None if all.len() == 1 => all.keys().next().cloned().unwrap_or_default(),
        None if all.is_empty() => {
            return Err(format!(
                "--config {}: its server table is empty",
                path.display()
            ));
        }
        None => {
            return Err(format!(
                "--config {} has {} servers: {}; pick one with --server-name NAME",
                path.display(),
                all.len(),
                names()
            ));
        }
    };
    let Some(entry) = all.remove(&name) else {
        return Err(format!("--config {}: no server {name}", path.display()));
    };
    let label = format!("the server {name:?} of {}", path.display());
    match (&entry.url, entry.kind.as_deref()) {
        (Some(url), _) => reached_at(req, url, &label),
        (None, Some("http" | "sse")) => Err(format!("{label} is of type http but has no `url`")),
        (None, _) => started(req, entry, &label),
    }
}

/// A running server: `--url`, whose root `--root` must name.
fn reached_at(req: &mut RunRequest, url: &str, label: &str) -> Result<(), String> {
    if req.root.is_none() {
        return Err(format!(
            "{label} is reached at {url}, a running server: give --root DIR, the directory \
             it serves (the harness empties it before each case)"
        ));
    }
    req.url = Some(url.to_string());
    Ok(())
}

/// A server to start: its command line, with `{root}` marking where its directory goes.
fn started(req: &mut RunRequest, entry: Entry, label: &str) -> Result<(), String> {
    let Some(command) = entry.command else {
        return Err(format!("{label} has neither `command` nor `url`"));
    };
    let cwd = req.cwd.clone().or(entry.cwd);
    let marked = entry.args.iter().any(|a| a.contains("{root}"))
        || entry.env.values().any(|v| v.contains("{root}"))
        || cwd.as_deref().is_some_and(|c| c.contains("{root}"));
    if !marked {
        return Err(format!(
            "{label} names no {{root}}, so the harness cannot tell where its directory goes \
             (it never tests a directory of yours). Copy the entry and write {{root}} where \
             the server takes its directory, e.g. \"args\": [\"dist/index.js\", \"{{root}}\"] \
             or an env value \"{{root}}\"; for a server that serves its working directory, \
             pass --cwd {{root}}."
        ));
    }
    let argv = std::iter::once(command.as_str()).chain(entry.args.iter().map(String::as_str));
    let line = shlex::try_join(argv)
        .map_err(|e| format!("{label}: cannot write its command as one line: {e}"))?;
    req.server = Some(line);
    req.env = entry.env.into_iter().collect();
    req.cwd = cwd;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn applied(json: &str, name: Option<&str>) -> Result<RunRequest, String> {
        let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
        let path = dir.path().join("config.json");
        std::fs::write(&path, json).map_err(|e| e.to_string())?;
        let mut req = RunRequest::default();
        apply(&mut req, &path, name).map(|()| req)
    }

    /// The command line as the run splits it.
    fn argv(req: &RunRequest) -> Vec<String> {
        let line = req.server.as_deref().unwrap_or_default();
        crate::run::config::ServerConfig::split_command(line).unwrap()
    }

    #[test]
    fn the_three_layouts_give_the_command_and_env() {
        let entry = r#"{"fs": {"type": "stdio", "command": "node", "args": ["dist/index.js", "{root}"], "env": {"K": "v"}}}"#;
        for json in [
            format!(r#"{{"mcpServers": {entry}}}"#),
            format!(r#"{{"servers": {entry}}}"#),
            format!(r#"{{"mcp": {{"servers": {entry}}}}}"#),
        ] {
            let req = applied(&json, None).unwrap();
            assert_eq!(argv(&req), ["node", "dist/index.js", "{root}"]);
            assert_eq!(req.env, vec![("K".to_string(), "v".to_string())]);
        }
    }

    #[test]
    fn several_servers_need_a_name_and_the_names_are_listed() {
        let json = r#"{"mcpServers": {"a": {"command": "x", "args": ["{root}"]},
                                       "b": {"command": "y", "args": ["{root}"]}}}"#;
        let err = applied(json, None).unwrap_err();
        assert!(
            err.contains("2 servers: a, b") && err.contains("--server-name"),
            "{err}"
        );
        let req = applied(json, Some("b")).unwrap();
        assert_eq!(argv(&req), ["y", "{root}"]);
        assert!(
            applied(json, Some("c"))
                .unwrap_err()
                .contains("it has a, b")
        );
    }

    #[test]
    fn an_entry_without_root_is_refused_with_the_way_to_mark_it() {
        let json = r#"{"mcpServers": {"fs": {"command": "npx", "args": ["srv", "/home/me"]}}}"#;
        let err = applied(json, None).unwrap_err();
        assert!(
            err.contains("names no {root}") && err.contains("--cwd {root}"),
            "{err}"
        );
    }

    #[test]
    fn a_url_entry_is_a_running_server_that_needs_its_root() {
        let json = r#"{"servers": {"web": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}"#;
        assert!(applied(json, None).unwrap_err().contains("--root DIR"));
    }
}
