//! Test-only fault proxy: stands between the harness and an unmodified server on stdio and
//! changes only what goes over the wire, so a fault or another reading needs no hook in
//! the server. `mcp-faulty --fault NAME` / `--variant NAME` selects one of these by name.
//!
//! Faults break a requirement and must be caught; variants are other correct shapes of the
//! same facts (where CLR-020 decides ours) and must pass every core case.

pub mod foreign;
pub mod variants;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use crate::faults::Injection;
use crate::faults::rootspace::inj;
use serde_json::{Map, Value, json};

/// Faults made by rewriting the wire.
pub const PROXY_FAULTS: &[Injection] = &[
    inj(
        "no-resources",
        "MCP-020",
        "(proxy) every resources/* request is answered with -32601 method not found",
    ),
    inj(
        "generic-errors",
        "MCP-052",
        "(proxy) every error, tool or JSON-RPC, says only \"error\", with no code or details",
    ),
    inj("failures-unmarked", "CLR-019", crate::faults::UNMARKED_WHAT),
];

/// Whether `name` is a profile's fault that sends failures without their mark
/// (`faults::UNMARKED_WHAT`).
fn unmarks_failures(name: &str) -> bool {
    name.ends_with("failures-unmarked")
}

/// Other correct shapes of an error result, made by rewriting the wire.
pub const PROXY_VARIANTS: &[Injection] = &[
    inj(
        "error-nested",
        "CLR-020",
        "(proxy) an error's structuredContent is {\"error\": {\"code\": \"content_mismatch\", \"message\", ...}}",
    ),
    inj(
        "code-camel-case",
        "CLR-020",
        "(proxy) error codes are spelled in CamelCase (ContentMismatch)",
    ),
    inj(
        "code-prefixed",
        "CLR-020",
        "(proxy) error codes carry an E_ prefix (E_STALE_HASH)",
    ),
    inj(
        "code-numeric",
        "CLR-020",
        "(proxy) error codes are numbers (4001, 4002, ...); only the message tells the kind",
    ),
    inj(
        "own-words",
        "CLR-022",
        "(proxy) not-found, stale-hash and mismatch errors have a code of their own (E1) and messages that share no vocabulary with ours but carry the facts: the path, the current hash, the text the lines hold",
    ),
    inj(
        "json-text-errors",
        "CLR-020",
        "(proxy) an error has no structuredContent; its one text block is the JSON {\"error\": {code, message}}",
    ),
];

/// The next release's draft tool results (`variants.rs`): a correct server of the draft
/// and one whose fallback output is only a placeholder. The harness reads them with
/// `--protocol 2026-12-01-draft` (tests/tests/e2e/draft_variants.rs), not in the
/// harness-power trials, which run every profile in the released eras.
pub const PROXY_DRAFT: &[Injection] = &[variants::CORRECT, variants::PLACEHOLDER];

/// Behaviours of servers met in the wild that break no requirement of the catalogue but
/// that the harness must cope with; tests of the harness itself use them.
pub const PROXY_QUIRKS: &[Injection] = &[inj(
    "silent-discover",
    "-",
    "(proxy) `server/discover` gets no answer at all, as from rust-mcp-filesystem 0.4.5",
)];

/// Whether `name` is one of the proxy's injections.
pub fn is_proxy(name: &str) -> bool {
    PROXY_FAULTS
        .iter()
        .chain(PROXY_VARIANTS)
        .chain(PROXY_QUIRKS)
        .chain(PROXY_DRAFT)
        .any(|i| i.name == name)
        || foreign::reading(name).is_some()
        || unmarks_failures(name)
}

/// Set when the client's stdin has ended: the server's end is then expected.
static CLIENT_DONE: AtomicBool = AtomicBool::new(false);

/// Runs `server` (argv) behind the proxy with the injection `name` until stdin ends.
pub fn run(name: &str, server: &[String]) -> ExitCode {
    let Some((program, args)) = server.split_first() else {
        eprintln!("mcp-faulty: error: no server command for the proxy");
        return ExitCode::from(2);
    };
    let mut child = match Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("mcp-faulty: error: cannot start {program}: {e}");
            return ExitCode::from(2);
        }
    };
    let (Some(mut to_server), Some(from_server)) = (child.stdin.take(), child.stdout.take()) else {
        eprintln!("mcp-faulty: error: the server's pipes are missing");
        return ExitCode::from(2);
    };
    // A foreign interface may name files relative to the root the server was given.
    let root = server
        .iter()
        .position(|a| a == "--root")
        .and_then(|i| server.get(i + 1))
        .map(PathBuf::from)
        .unwrap_or_default();
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let pending = Arc::new(variants::Pending::default());
    let replies = {
        let out = out.clone();
        let name = name.to_string();
        let pending = pending.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(from_server).lines() {
                let Ok(line) = line else { break };
                let line = match serde_json::from_str::<Value>(&line) {
                    Ok(mut msg) if variants::is_draft(&name) => {
                        variants::rewrite_reply(&name, &mut msg, &pending);
                        msg.to_string()
                    }
                    _ => rewrite_reply(&name, &line),
                };
                let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
                let _ = writeln!(o, "{line}");
                let _ = o.flush();
            }
            // The server behind has closed its stdout (it exited, or failed to start): no
            // request can be answered any more, so the proxy ends too rather than leave
            // the client waiting for its timeout. After the client's own end, main ends it.
            if !CLIENT_DONE.load(Ordering::SeqCst) {
                std::process::exit(1);
            }
        })
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if let Some(answer) = answer_request(name, &line) {
            if answer.is_empty() {
                continue;
            }
            let mut o = out.lock().unwrap_or_else(|e| e.into_inner());
            let _ = writeln!(o, "{answer}");
            let _ = o.flush();
            continue;
        }
        let line = match foreign::reading(name) {
            Some(r) => foreign::rewrite_request(&line, &root, r.shape),
            None if variants::is_draft(name) => variants::rewrite_request(&line, &pending),
            None => line,
        };
        if writeln!(to_server, "{line}").is_err() {
            break;
        }
    }
    CLIENT_DONE.store(true, Ordering::SeqCst);
    drop(to_server);
    let status = child.wait();
    let _ = replies.join();
    match status {
        Ok(s) if s.success() => ExitCode::SUCCESS,
        _ => ExitCode::FAILURE,
    }
}

/// A request the proxy answers itself instead of forwarding it (an empty answer: none).
fn answer_request(name: &str, line: &str) -> Option<String> {
    let msg: Value = serde_json::from_str(line).ok()?;
    let method = msg.get("method")?.as_str()?;
    let id = msg.get("id")?;
    if name == "silent-discover" && method == "server/discover" {
        return Some(String::new());
    }
    (name == "no-resources" && method.starts_with("resources/")).then(|| {
        json!({"jsonrpc": "2.0", "id": id, "error": {"code": -32601, "message": "Method not found"}})
            .to_string()
    })
}

/// A reply as the injection shows it.
fn rewrite_reply(name: &str, line: &str) -> String {
    let Ok(mut msg) = serde_json::from_str::<Value>(line) else {
        return line.to_string();
    };
    if let Some(r) = foreign::reading(name) {
        foreign::rewrite_reply(&mut msg, r.shape);
        return msg.to_string();
    }
    if name == "generic-errors"
        && let Some(err) = msg.get_mut("error").and_then(Value::as_object_mut)
    {
        err.insert("message".into(), json!("error"));
        err.remove("data");
        return msg.to_string();
    }
    let Some(result) = msg.get_mut("result").and_then(Value::as_object_mut) else {
        return line.to_string();
    };
    if result.get("isError").and_then(Value::as_bool) != Some(true) {
        return line.to_string();
    }
    if unmarks_failures(name) {
        result.insert("isError".into(), json!(false));
        return msg.to_string();
    }
    rewrite_tool_error(name, result);
    msg.to_string()
}

fn rewrite_tool_error(name: &str, result: &mut Map<String, Value>) {
    let structured = result.get("structuredContent").cloned();
    let code = structured
        .as_ref()
        .and_then(|s| s.get("code"))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    match name {
        "generic-errors" => {
            result.remove("structuredContent");
            result.insert("content".into(), json!([{"type": "text", "text": "error"}]));
        }
        "error-nested" => {
            if let Some(Value::Object(mut s)) = structured {
                s.insert("code".into(), json!(code.to_ascii_lowercase()));
                result.insert("structuredContent".into(), json!({ "error": s }));
            }
        }
        "code-camel-case" | "code-prefixed" | "code-numeric" => {
            let new = match name {
                "code-camel-case" => json!(camel(&code)),
                "code-prefixed" => json!(format!("E_{code}")),
                _ => json!(numeric(&code)),
            };
            if let Some(Value::Object(s)) = result.get_mut("structuredContent") {
                s.insert("code".into(), new);
            }
        }
        "own-words" => {
            let Some(Value::Object(s)) = result.get_mut("structuredContent") else {
                return;
            };
            let field = |k: &str| s.get(k).and_then(Value::as_str).unwrap_or("").to_string();
            let text = match code.as_str() {
                "NOT_FOUND" => format!("Nothing exists at {}.", field("path")),
                "STALE_HASH" => format!(
                    "Refused: the file was edited meanwhile; its digest is now {}.",
                    field("current_hash")
                ),
                "CONTENT_MISMATCH" => format!(
                    "Refused: at line {} the file holds {:?}.",
                    s.get("line").cloned().unwrap_or(Value::Null),
                    field("actual")
                ),
                _ => return,
            };
            s.insert("code".into(), json!("E1"));
            s.insert("message".into(), json!(text));
            result.insert("content".into(), json!([{"type": "text", "text": text}]));
        }
        "json-text-errors" => {
            if let Some(s) = structured {
                result.remove("structuredContent");
                result.insert(
                    "content".into(),
                    json!([{"type": "text", "text": json!({"error": s}).to_string()}]),
                );
            }
        }
        _ => {}
    }
}

/// `CONTENT_MISMATCH` → `ContentMismatch`.
fn camel(code: &str) -> String {
    code.split('_')
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let mut c = lower.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// A stable number per code, in a vocabulary of its own.
fn numeric(code: &str) -> u64 {
    4000 + code.bytes().map(u64::from).sum::<u64>() % 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites() {
        assert_eq!(camel("CONTENT_MISMATCH"), "ContentMismatch");
        let line = r#"{"jsonrpc":"2.0","id":1,"result":{"isError":true,"content":[{"type":"text","text":"m"}],"structuredContent":{"code":"NOT_FOUND","message":"m"}}}"#;
        let v: Value = serde_json::from_str(&rewrite_reply("error-nested", line)).unwrap();
        assert_eq!(
            v["result"]["structuredContent"]["error"]["code"],
            "not_found"
        );
        let v: Value = serde_json::from_str(&rewrite_reply("generic-errors", line)).unwrap();
        assert_eq!(v["result"]["content"][0]["text"], "error");
        assert!(v["result"].get("structuredContent").is_none());
        let ok = r#"{"jsonrpc":"2.0","id":1,"result":{"content":[]}}"#;
        assert_eq!(rewrite_reply("code-numeric", ok), ok);
        let req = r#"{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{}}"#;
        assert!(
            answer_request("no-resources", req)
                .unwrap()
                .contains("-32601")
        );
        assert!(answer_request("error-nested", req).is_none());
        let v: Value = serde_json::from_str(&rewrite_reply("lh-failures-unmarked", line)).unwrap();
        assert_eq!(v["result"]["isError"], false);
        assert_eq!(v["result"]["structuredContent"]["code"], "NOT_FOUND");
        assert!(is_proxy("fs-failures-unmarked"));
    }
}
