//! The cucumber `World`: one scenario's root, outside area, server and results so far.
//!
//! The root is `<tmp>/root` (`<tmp>` made in the scratch directory, `super::scratch`) and the outside area its sibling `<tmp>/root_evil`, so the
//! prefix trick of CVE-2025-53110 (`../root_evil/secret`) aims at a real directory that
//! the server must never touch. Beside them lie the baits of the name tricks
//! (GHSA-7rgq-gccq-qphx: a check that strips a trailing quote, space or dot the operation
//! keeps): `root"`, `root `, `root.` are files holding "top secret", `root'` a directory
//! holding `outside-bait.txt`. The outside-area check watches all of them.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;

use super::client::{Roots, file_uri};
use super::config::ServerConfig;
use super::disk::{Node, Snapshot, sha256_hex};
use super::server::{Reply, Session};

/// What the last action (When step) produced; Then steps check it.
#[derive(Debug, Clone, Default)]
pub enum Last {
    #[default]
    Nothing,
    Call {
        tool: String,
        /// The arguments as sent (variables interpolated).
        args: Value,
        reply: Reply,
        /// The interface's own JSON-RPC method was requested (`tool` is the method and
        /// `args` its params); its result is the reply itself, its errors JSON-RPC errors.
        direct: bool,
    },
    Resource {
        uri: String,
        reply: Reply,
    },
    Tools(Reply),
    Templates(Reply),
    Concurrent {
        tool: String,
        replies: Vec<Reply>,
    },
    /// A raw HTTP response (HTTP-only cases).
    Http(HttpReply),
    /// The replies of a race, and how often the swapper exchanged the entry (atomically,
    /// or by pairs of renames); and the first change of the outside area seen between two
    /// calls, if any (the race stops there).
    Race {
        replies: Vec<Reply>,
        swaps: usize,
        atomic: bool,
        outside_changed: Option<String>,
    },
    /// What the sweep (SWEEP-001) sent every tool that takes a path, and found.
    Sweep(super::sweep::Outcome),
}

/// A `read_during` step's record: the path, its bytes just before the call, the replies
/// of the reads made while the call was in flight, the read request itself (tool and
/// arguments), the reply of one read made just before the call, with no writer, and the
/// round of the race these reads come from (1 when the first call was judged).
#[derive(Debug, Clone)]
pub struct ReadsDuring {
    pub round: usize,
    /// A content a reader on disk saw during the call that was neither the old file nor
    /// the new one (`run::disk_watch`), described; and how many reads it made in all.
    pub torn_on_disk: Option<String>,
    pub disk_reads: usize,
    pub path: String,
    pub before: Vec<u8>,
    pub reads: Vec<Reply>,
    pub reader: (String, Value),
    pub quiet_before: Reply,
}

/// Status, headers (names in lower case) and body of a raw HTTP response.
#[derive(Debug, Clone, Default)]
pub struct HttpReply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl HttpReply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

pub struct HarnessWorld {
    // Field order matters: the session (and its process) goes before the directories.
    session: Option<Session>,
    /// More server processes on the same root, for the multi-process concurrency cases.
    others: Vec<Session>,
    pub config: Option<Arc<ServerConfig>>,
    /// The scenario covers a CLR id: exact codes and isError are required.
    pub clarification: bool,
    /// The scenario covers CLR-023: results must come as structuredContent plus the same
    /// JSON as a text block (core cases accept either).
    pub result_shape: bool,
    /// The scenario covers CLR-037: text.read's text block is a JSON line, then the text.
    pub read_shape: bool,
    pub vars: HashMap<String, String>,
    /// The roots the client offers (as written, e.g. `${root}/a`), when the case offers
    /// the roots capability; set by a Given step, before the server starts.
    pub roots: Option<Vec<String>>,
    /// The ids the scenario covers (from its tags), named when a roots wait fails.
    pub covers: Vec<String>,
    pub last: Last,
    /// After a `read_during` step: what the reads saw, and how to read again.
    pub reads_during: Option<ReadsDuring>,
    /// The texts of the files the case's fixtures wrote in the root: a whole read answered
    /// by one of them exactly is that file's content, however much it looks like an
    /// envelope saying `ok: false` (ROUND-012).
    pub fixture_texts: Vec<String>,
    /// The texts and the file names of the files the case's fixtures wrote outside the
    /// root (the baits): a reply that shows one is evidence of a read outside.
    pub outside_texts: Vec<String>,
    /// The call shapes that succeeded and those whose refusal a step counted, for the
    /// run's positive controls (`run::controls`).
    pub controls: super::controls::Noted,
    /// Index into the exchange where the current action began.
    mark: usize,
    snapshot: Option<Snapshot>,
    pub root: PathBuf,
    pub outside: PathBuf,
    _base: tempfile::TempDir,
}

impl fmt::Debug for HarnessWorld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HarnessWorld")
            .field("root", &self.root)
            .field("vars", &self.vars)
            .field("server_running", &self.session.is_some())
            .finish_non_exhaustive()
    }
}

impl cucumber::World for HarnessWorld {
    type Error = String;

    async fn new() -> Result<Self, String> {
        let base = super::scratch::tempdir("mcp-harness-")?;
        let root = base.path().join("root");
        let outside = base.path().join("root_evil");
        for d in [&root, &outside] {
            std::fs::create_dir(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
        }
        make_name_baits(&root)?;
        Ok(HarnessWorld {
            session: None,
            others: Vec::new(),
            config: None,
            clarification: false,
            result_shape: false,
            read_shape: false,
            vars: HashMap::new(),
            roots: None,
            covers: Vec::new(),
            last: Last::Nothing,
            reads_during: None,
            fixture_texts: Vec::new(),
            outside_texts: Vec::new(),
            controls: Default::default(),
            mark: 0,
            snapshot: None,
            root,
            outside,
            _base: base,
        })
    }
}

impl HarnessWorld {
    pub fn config(&self) -> Result<Arc<ServerConfig>, String> {
        self.config
            .clone()
            .ok_or_else(|| "internal: the scenario has no server configuration".to_string())
    }

    /// The server's name for a catalogue tool name.
    pub fn tool_name(&self, dotted: &str) -> String {
        match &self.config {
            Some(c) => c.tool_names.map(dotted),
            None => dotted.to_string(),
        }
    }

    /// The interface under test.
    pub fn profile(&self) -> Arc<crate::catalogue::Profile> {
        self.config
            .as_ref()
            .map(|c| c.profile.clone())
            .unwrap_or_default()
    }

    /// The tools of the interface under test (catalogue spelling).
    pub fn interface_tools(&self) -> Vec<String> {
        self.config
            .as_ref()
            .map(|c| c.profile.tools.clone())
            .unwrap_or_default()
    }

    /// An expected text with the tool names spelled as the server offers them.
    pub fn respell(&self, text: &str) -> String {
        match &self.config {
            Some(c) => c.tool_names.respell(text, &c.profile.tools),
            None => text.to_string(),
        }
    }

    /// Start the server on first use (after the fixtures exist, so a server that looks at
    /// its root at start-up sees them), and remember where this action's exchange begins.
    pub async fn begin_action(&mut self) -> Result<&mut Session, String> {
        if self.session.is_none() {
            self.snapshot = Some(self.outside_snapshot()?);
            let cfg = self.config()?;
            let roots = match &self.roots {
                Some(r) => Some(Roots::new(self.root_uris(r)?)),
                None => None,
            };
            let s = Session::start_with(&cfg, &self.root, roots.clone())
                .await
                .map_err(|e| {
                    let mut m = format!("the server could not be started: {}", e.reason);
                    if !e.exchange.is_empty() {
                        m.push_str("\n  exchange:\n");
                        m.push_str(&e.exchange);
                    }
                    if !e.stderr_tail.is_empty() {
                        m.push_str("\n  server stderr:\n");
                        m.push_str(&indent(&e.stderr_tail));
                    }
                    m
                })?;
            self.session = Some(s);
            // The first action's transcript includes the handshake, so noise the server
            // printed while starting is reported too.
            self.mark = 0;
            // A server that honours roots asks for them after `initialized`, in its own
            // time; the case's first action waits for that.
            if let Some(roots) = &roots
                && !roots.wait_asked_after(0, cfg.timeout).await
            {
                return Err(format!(
                    "the client offers the roots {:?} (capability roots, listChanged true), but \
                     the server did not ask roots/list within {} s of initialization; a server \
                     that takes its allowed directories from the client's roots asks for them \
                     then{}",
                    roots.uris(),
                    cfg.timeout.as_secs(),
                    self.covers_note()
                ));
            }
            // It applies them in its own time too: read them back (bounded).
            if let (Some(roots), Some(s)) = (roots, self.session.as_mut()) {
                s.await_roots_apply(&roots).await;
            }
            return self
                .session
                .as_mut()
                .ok_or_else(|| "internal: no session".to_string());
        }
        let s = self.session.as_mut().ok_or("internal: no session")?;
        self.mark = s.exchange.len();
        Ok(s)
    }

    /// `file://` URIs of roots as written in the catalogue (`${root}/a`).
    pub fn root_uris(&self, roots: &[String]) -> Result<Vec<String>, String> {
        roots
            .iter()
            .map(|r| Ok(file_uri(Path::new(&self.interpolate(r, &[])?))))
            .collect()
    }

    /// " (the case checks X, Y)" for messages, from the scenario's covered ids.
    pub fn covers_note(&self) -> String {
        if self.covers.is_empty() {
            String::new()
        } else {
            format!(" (the case checks {})", self.covers.join(", "))
        }
    }

    /// The running session (after `begin_action`).
    pub fn session_mut(&mut self) -> Result<&mut Session, String> {
        self.session
            .as_mut()
            .ok_or_else(|| "internal: the server is not running".to_string())
    }

    /// What the server wrote to stdout that is not a JSON-RPC message, over the whole
    /// session, as a failure reason quoting the first such line; `None` when it wrote
    /// nothing else. The stdio transport of MCP 2025-11-25 says: "The server MUST NOT
    /// write anything to its `stdout` that is not a valid MCP message."
    pub fn stdout_noise(&self) -> Option<String> {
        let s = self.session.as_ref()?;
        let (count, first) = s.exchange.noise();
        let first = first?;
        let what = match first.direction {
            super::exchange::Direction::NotJson => "not JSON",
            _ => "JSON but not a JSON-RPC message",
        };
        Some(format!(
            "the server wrote {count} line(s) to stdout that are not JSON-RPC messages; the \
             first ({what}): {}\n  MCP 2025-11-25, Transports, stdio: \"The server MUST NOT \
             write anything to its stdout that is not a valid MCP message.\" Clients such as \
             the official SDKs drop such lines; write logs and banners to stderr",
            crate::reply::clip(&first.text, 300)
        ))
    }

    /// The full failure text: reason, the exchange of the failing action, stderr tail.
    pub fn failure(&self, reason: String) -> String {
        let mut out = reason;
        if let Some(s) = &self.session {
            let ex = s.exchange.render_since(self.mark);
            if !ex.is_empty() {
                out.push_str("\n  JSON-RPC exchange of the step:\n");
                out.push_str(ex.trim_end());
            }
            let tail = s.stderr.tail(15);
            if !tail.is_empty() {
                out.push_str("\n  server stderr (tail):\n");
                out.push_str(&indent(&tail));
            }
        }
        out
    }

    /// Stop the server (after hook).
    pub async fn shutdown(&mut self) {
        for s in std::mem::take(&mut self.others) {
            s.shutdown().await;
        }
        if let Some(s) = self.session.take() {
            s.shutdown().await;
        }
    }

    /// Sends `calls` at once through `processes` server processes on this root (call `i`
    /// through process `i % processes`; the first is the scenario's own server) and
    /// returns the replies in call order.
    pub async fn call_tools_across(
        &mut self,
        processes: usize,
        calls: Vec<(String, Value)>,
    ) -> Result<Vec<Reply>, String> {
        self.begin_action().await?;
        let cfg = self.config()?;
        while self.others.len() + 1 < processes {
            let s = Session::start(&cfg, &self.root).await.map_err(|e| {
                format!("a second server process could not be started: {}", e.reason)
            })?;
            self.others.push(s);
        }
        let n = calls.len();
        let mut batches: Vec<Vec<(String, Value)>> = vec![Vec::new(); processes];
        for (i, c) in calls.into_iter().enumerate() {
            batches[i % processes].push(c);
        }
        let main = self.session.as_mut().ok_or("internal: no session")?;
        let sessions = std::iter::once(main).chain(self.others.iter_mut());
        let runs = sessions
            .zip(batches)
            .map(|(s, batch)| s.call_tools_concurrently(batch));
        let per_process = futures::future::join_all(runs).await;
        let mut out: Vec<Option<Reply>> = vec![None; n];
        for (p, replies) in per_process.into_iter().enumerate() {
            for (k, r) in replies.into_iter().enumerate() {
                out[k * processes + p] = Some(r);
            }
        }
        out.into_iter()
            .map(|r| r.ok_or_else(|| "internal: a concurrent call got no reply".to_string()))
            .collect()
    }

    pub fn snapshot(&self) -> Option<&Snapshot> {
        self.snapshot.as_ref()
    }

    /// The outside area and the name-trick baits beside the root (as `../root"` and so on).
    pub fn outside_snapshot(&self) -> Result<Snapshot, String> {
        let mut snap = Snapshot::take(&self.outside)?;
        for bait in name_baits(&self.root) {
            let name = bait.file_name().unwrap_or_default().to_string_lossy();
            let label = format!("../{name}");
            match std::fs::symlink_metadata(&bait) {
                Ok(md) if md.is_dir() => {
                    snap.0.insert(label.clone(), Node::Dir { mode: 0 });
                    for (k, v) in Snapshot::take(&bait)?.0 {
                        snap.0.insert(format!("{label}/{k}"), v);
                    }
                }
                Ok(_) => {
                    let bytes = std::fs::read(&bait).unwrap_or_default();
                    snap.0.insert(label, file_node(&bytes));
                }
                Err(_) => {}
            }
        }
        Ok(snap)
    }

    /// Use a running server's fixed root (and its sibling `<root>_evil`) for this scenario,
    /// both emptied first.
    pub fn use_fixed_root(&mut self, root: &Path) -> Result<(), String> {
        let name = root
            .file_name()
            .ok_or_else(|| format!("{} has no name", root.display()))?;
        let mut evil = name.to_os_string();
        evil.push("_evil");
        let outside = root.with_file_name(evil);
        std::fs::create_dir_all(&outside)
            .map_err(|e| format!("cannot create {}: {e}", outside.display()))?;
        empty_dir(root)?;
        empty_dir(&outside)?;
        make_name_baits(root)?;
        self.root = root.to_path_buf();
        self.outside = outside;
        Ok(())
    }

    /// The file a server started with `{audit_log}` writes its audit log to (beside the
    /// root, outside both the root and the outside area).
    pub fn audit_log(&self) -> PathBuf {
        super::config::audit_log_path(&self.root)
    }

    /// A path inside the root, as written in the catalogue (leading `/` optional), or
    /// an absolute path already inside the root (interfaces of absolute paths).
    pub fn in_root(&self, rel: &str) -> PathBuf {
        if Path::new(rel).starts_with(&self.root) {
            return PathBuf::from(rel);
        }
        self.root.join(rel.trim_start_matches('/'))
    }

    pub fn in_outside(&self, rel: &str) -> PathBuf {
        self.outside.join(rel.trim_start_matches('/'))
    }

    /// Replace `${...}` in one string: saved variables, `extra` (`i`, `winner`),
    /// `${sha256:path}`, `${root}`, `${outside}`.
    pub fn interpolate(&self, s: &str, extra: &[(&str, String)]) -> Result<String, String> {
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        while let Some(start) = rest.find("${") {
            out.push_str(&rest[..start]);
            let after = &rest[start + 2..];
            let Some(end) = after.find('}') else {
                out.push_str(&rest[start..]);
                return Ok(out);
            };
            let name = &after[..end];
            out.push_str(&self.lookup(name, extra)?);
            rest = &after[end + 1..];
        }
        out.push_str(rest);
        Ok(out)
    }

    fn lookup(&self, name: &str, extra: &[(&str, String)]) -> Result<String, String> {
        if let Some(path) = name.strip_prefix("sha256:") {
            let p = self.in_root(path);
            let bytes = std::fs::read(&p)
                .map_err(|e| format!("${{sha256:{path}}}: cannot read the file: {e}"))?;
            return Ok(sha256_hex(&bytes));
        }
        match name {
            "root" => return Ok(self.root.to_string_lossy().into_owned()),
            "outside" => return Ok(self.outside.to_string_lossy().into_owned()),
            _ => {}
        }
        if let Some((_, v)) = extra.iter().find(|(k, _)| *k == name) {
            return Ok(v.clone());
        }
        self.vars
            .get(name)
            .cloned()
            .ok_or_else(|| format!("the variable ${{{name}}} was never saved"))
    }

    /// Interpolate every string inside a JSON value.
    pub fn interpolate_json(&self, v: &Value, extra: &[(&str, String)]) -> Result<Value, String> {
        Ok(match v {
            Value::String(s) => Value::String(self.interpolate(s, extra)?),
            Value::Array(a) => Value::Array(
                a.iter()
                    .map(|x| self.interpolate_json(x, extra))
                    .collect::<Result<_, _>>()?,
            ),
            Value::Object(o) => {
                let mut m = serde_json::Map::new();
                for (k, x) in o {
                    m.insert(k.clone(), self.interpolate_json(x, extra)?);
                }
                Value::Object(m)
            }
            other => other.clone(),
        })
    }
}

/// The siblings of `root` a check that strips a trailing character reaches.
pub fn name_baits(root: &Path) -> Vec<PathBuf> {
    let name = root
        .file_name()
        .unwrap_or_default()
        .to_string_lossy()
        .into_owned();
    ["\"", " ", ".", "'"]
        .iter()
        .map(|s| root.with_file_name(format!("{name}{s}")))
        .collect()
}

/// Bait at every sibling of `root` a sloppy name check reaches (made afresh).
/// What every name-trick bait beside the root holds.
pub const NAME_BAIT_TEXT: &str = "top secret\n";

fn make_name_baits(root: &Path) -> Result<(), String> {
    for bait in name_baits(root) {
        let _ = std::fs::remove_file(&bait);
        let _ = std::fs::remove_dir_all(&bait);
        let made = if bait.to_string_lossy().ends_with('\'') {
            std::fs::create_dir(&bait)
                .and_then(|()| std::fs::write(bait.join("outside-bait.txt"), NAME_BAIT_TEXT))
        } else {
            std::fs::write(&bait, NAME_BAIT_TEXT)
        };
        made.map_err(|e| format!("cannot make the bait {}: {e}", bait.display()))?;
    }
    Ok(())
}

fn file_node(bytes: &[u8]) -> Node {
    Node::File {
        sha256: sha256_hex(bytes),
        mode: 0,
    }
}

pub fn indent(s: &str) -> String {
    s.lines()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Removes everything inside `dir`, leaving it empty.
pub fn empty_dir(dir: &Path) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot read {}: {e}", dir.display()))?;
    for entry in entries.flatten() {
        let p = entry.path();
        let is_dir = entry.file_type().is_ok_and(|t| t.is_dir());
        let r = if is_dir {
            std::fs::remove_dir_all(&p)
        } else {
            std::fs::remove_file(&p)
        };
        r.map_err(|e| format!("cannot empty {}: {e}", p.display()))?;
    }
    Ok(())
}
