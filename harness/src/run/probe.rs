//! The start-up probe: the server started once on an empty root, before any case, to learn
//! its tools, whether it reads `list://`, and which protocol era answers; or, when it cannot
//! be started, the one paragraph that says why no case was run.

use std::path::Path;
use std::time::Duration;

use super::capabilities::Offered;
use super::config::{Protocol, ServerConfig, Target};
use super::report::coverage::ToolSeen;
use super::server::{Reply, Session, StartError};
use super::starter::{
    CRLF_BEFORE, CRLF_NEW, CRLF_OLD, CrlfSeen, PAGED_TEXT, PROBE_TEXT, ReadSeen, RefusalSeen, Seen,
    crlf_seen, field_value, page_field, paging_candidates, read_call, read_seen, refusal_field,
    refusal_seen,
};
use super::starter_limits::{self, LimitsSeen, Tried};
use crate::catalogue::profile::{PagedRead, Profile};

/// How long `--protocol auto` waits for an answer to `server/discover` before it tries
/// the legacy `initialize`. rmcp's own fallback waits 10 s, as long as the default request
/// timeout, so a server that ignores `server/discover` would never get there.
pub const DISCOVER_PROBE: Duration = Duration::from_secs(3);

/// Start the server on `root` with the configured lifecycle; with `--protocol auto`, a
/// server that does not answer `server/discover` within `DISCOVER_PROBE` is started again
/// with the legacy handshake.
async fn start_probe(cfg: &ServerConfig, root: &Path) -> Result<(Session, Protocol), StartError> {
    if cfg.protocol != Protocol::Auto {
        return Session::start(cfg, root).await.map(|s| (s, cfg.protocol));
    }
    let mut quick = cfg.clone();
    quick.startup_timeout = cfg.startup_timeout.min(DISCOVER_PROBE);
    match Session::start(&quick, root).await {
        Ok(s) => Ok((s, Protocol::Auto)),
        Err(e) if e.timed_out => {
            let mut legacy = cfg.clone();
            legacy.protocol = Protocol::V2025_11_25;
            Session::start(&legacy, root)
                .await
                .map(|s| (s, Protocol::V2025_11_25))
                .map_err(|mut l| {
                    l.reason = format!(
                        "no answer to `server/discover` within {} s, and then the legacy \
                         handshake failed: {}",
                        quick.startup_timeout.as_secs(),
                        l.reason
                    );
                    l.timed_out = true;
                    l
                })
        }
        Err(e) => Err(e),
    }
}

/// Start the server once on an empty root, initialize it, and ask for its tools and for
/// `list://`; `Err` is the paragraph to print when the server cannot be started.
pub fn probe(cfg: &ServerConfig) -> Result<Offered, String> {
    with_session(cfg, async |s, protocol, root| {
        ask(s, protocol, cfg, root).await
    })
}

/// The server's `tools/list` entries and what a probe of its read tool showed (`interface
/// init`): in one session on an empty root, it makes a file on disk, reads it back through
/// the guessed read tool with a path relative to the root and then absolute (joining pages
/// where the read answers one), reads a missing file, edits a CRLF file, and provokes other
/// refusals where a missing file's shows in a field of its own, so the starter writes only
/// what it saw work.
pub fn starter_seen(cfg: &ServerConfig) -> Result<(Vec<serde_json::Value>, Seen), String> {
    with_session(cfg, async |mut s, _, root| {
        let tools = match s.list_tools().await {
            Reply::Ok(v) => v
                .get("tools")
                .and_then(serde_json::Value::as_array)
                .cloned()
                .unwrap_or_default(),
            Reply::RpcError { code, message, .. } => {
                return Err(format!("tools/list gave JSON-RPC error {code}: {message}"));
            }
            Reply::Broken(why) => return Err(format!("tools/list failed: {why}")),
        };
        let profiles = super::starter_schemas::builtin_profiles();
        let known: Vec<&Profile> = profiles.iter().collect();
        let tools = super::starter_schemas::prepared(&tools, &known);
        let mut seen = match read_call(&tools) {
            Some(read) => seen_reading(&mut s, root, &tools, &read).await,
            None => Seen::default(),
        };
        seen.crlf = seen_crlf_edit(&mut s, root, &tools, &seen).await;
        if seen.absolute.is_some() {
            seen.limits = Some(seen_limits(&mut s, root, &tools, &seen).await);
        }
        s.shutdown().await;
        Ok((tools, seen))
    })?
}

/// `{path_arg: name}`, the path spelled relative to `root` or absolute.
fn spelled(root: &Path, path_arg: &str, name: &str, absolute: bool) -> serde_json::Value {
    let path = if absolute {
        root.join(name).to_string_lossy().into_owned()
    } else {
        name.to_string()
    };
    serde_json::json!({ path_arg: path })
}

/// Reads the probe file through the read tool, with paths spelled as guessed and then the
/// other way (a read answering the file's start alone is paged through, `seen_paging`), and
/// reads a missing file with the spelling that worked.
async fn seen_reading(
    s: &mut Session,
    root: &Path,
    tools: &[serde_json::Value],
    (tool, path_arg, guess_absolute): &(String, String, bool),
) -> Seen {
    let mut seen = Seen::default();
    if let Err(e) = std::fs::write(root.join("probe.txt"), PROBE_TEXT) {
        let why = format!("cannot write the probe file: {e}");
        seen.read = Some((tool.clone(), ReadSeen::Nothing(why)));
        return seen;
    }
    for absolute in [*guess_absolute, !*guess_absolute] {
        let reply = s
            .call_tool(tool, spelled(root, path_arg, "probe.txt", absolute))
            .await;
        let mut read = read_seen(&reply);
        if let Some((field, _)) = page_field(&reply) {
            let schema = tools
                .iter()
                .find(|t| t.get("name").and_then(|n| n.as_str()) == Some(tool));
            let candidates = schema.map_or_else(Vec::new, |t| paging_candidates(t, &reply, &field));
            let args = spelled(root, path_arg, "paged-probe.txt", absolute);
            if let Some(p) = seen_paging(s, root, tool, args, &field, candidates).await {
                read = ReadSeen::Field(field);
                seen.paged = Some(p);
            }
        }
        let worked = !matches!(read, ReadSeen::Nothing(_));
        if worked || seen.read.is_none() {
            seen.read = Some((tool.clone(), read));
        }
        if worked {
            seen.absolute = Some(absolute);
            let missing = s
                .call_tool(tool, spelled(root, path_arg, "no-such-file.txt", absolute))
                .await;
            seen.refusal = Some(refusal_seen(&missing));
            if matches!(seen.refusal, Some(RefusalSeen::NotTold(_))) {
                let by_field = refusal_field(&reply, &missing);
                if let Some(f) = by_field {
                    let more = more_refusals(s, root, tools, &seen).await;
                    seen.refusal = Some(by_field_seen(f, more));
                }
            }
            break;
        }
    }
    seen
}

/// The first of `candidates` whose pages, joined, give `PAGED_TEXT` back exactly, read
/// from a file made on disk through `tool` with `args`; a paging that never ends is given
/// up after a few pages more than the file can have.
async fn seen_paging(
    s: &mut Session,
    root: &Path,
    tool: &str,
    args: serde_json::Value,
    field: &str,
    candidates: Vec<PagedRead>,
) -> Option<PagedRead> {
    std::fs::write(root.join("paged-probe.txt"), PAGED_TEXT).ok()?;
    let bound = (PAGED_TEXT.len() + 8, PAGED_TEXT.len() * 4);
    for paging in candidates {
        let profile = Profile {
            reader_field: Some(field.to_string()),
            paged_read: Some(paging.clone()),
            ..Profile::default()
        };
        let reply = s
            .paged_read_within(tool, args.clone(), &profile, bound)
            .await;
        let text = match &reply {
            Reply::Ok(v) => v.pointer(&format!("/structuredContent/{field}")).cloned(),
            _ => None,
        };
        if text.as_ref().and_then(|t| t.as_str()) == Some(PAGED_TEXT) {
            return Some(paging);
        }
    }
    None
}

/// The refusal by a field of its own (`refusal_field`: the field, its value in a success,
/// its value for a missing file), with the values `more` refusals gave at that field.
fn by_field_seen(
    (field, ok, missing): (String, String, String),
    more: Vec<(&'static str, Reply)>,
) -> RefusalSeen {
    let mut values = vec![(missing, "a read of a missing file".to_string())];
    for (asked, reply) in more {
        match field_value(&reply, &field) {
            Some(v) if v != ok && !values.iter().any(|(x, _)| *x == v) => {
                values.push((v, asked.to_string()));
            }
            _ => {}
        }
    }
    RefusalSeen::ByField(field, ok, values)
}

/// Calls that a careful server refuses, each with what it asks: reads of a directory, of a
/// path out of the root and of a name holding a NUL byte, and edits whose text is absent or
/// occurs twice (through the guessed edit), so that the values a refusal field takes for
/// them are seen, not guessed.
async fn more_refusals(
    s: &mut Session,
    root: &Path,
    tools: &[serde_json::Value],
    seen: &Seen,
) -> Vec<(&'static str, Reply)> {
    let mut out = Vec::new();
    let _ = std::fs::create_dir_all(root.join("probe-dir"));
    let _ = std::fs::write(root.join("refusal-probe.txt"), "twice\ntwice\n");
    let calls: [(&str, &str, &str, &str, &str); 5] = [
        ("read", "a read of a directory", "probe-dir", "", ""),
        (
            "read",
            "a read of a path out of the root",
            "../outside-probe.txt",
            "",
            "",
        ),
        (
            "read",
            "a read of a name holding a NUL byte",
            "nul\0probe.txt",
            "",
            "",
        ),
        (
            "edit",
            "an edit of a text the file does not hold",
            "refusal-probe.txt",
            "absent",
            "x",
        ),
        (
            "edit",
            "an edit of a text the file holds twice",
            "refusal-probe.txt",
            "twice",
            "x",
        ),
    ];
    for (op, asked, path, old, new) in calls {
        if let Some((tool, args)) = guessed_call(tools, seen, op, root, (path, old, new)) {
            out.push((asked, s.call_tool(&tool, args).await));
        }
    }
    out
}

/// The tool and arguments of the starter's guess for `op`, as the probe has seen it so far,
/// filled with `path` (relative to the root), `old` and `new`.
fn guessed_call(
    tools: &[serde_json::Value],
    seen: &Seen,
    op: &str,
    root: &Path,
    (path, old, new): (&str, &str, &str),
) -> Option<(String, serde_json::Value)> {
    guessed_write(tools, seen, op, root, (path, old, new), "")
}

/// `guessed_call`, with `content` for `{content}`.
fn guessed_write(
    tools: &[serde_json::Value],
    seen: &Seen,
    op: &str,
    root: &Path,
    (path, old, new): (&str, &str, &str),
    content: &str,
) -> Option<(String, serde_json::Value)> {
    let guess = super::starter::starter_seen(tools, "", seen);
    let file: crate::catalogue::yaml::Value = crate::catalogue::yaml::from_str(&guess).ok()?;
    let template = file.get("operations")?.get(op)?;
    let tool = template.get("call")?.as_str()?.to_string();
    let args = serde_json::to_value(template.get("args")?).ok()?;
    let root_text = root.to_string_lossy();
    let args = filled(args, &|t: &str| {
        t.replace("${root}", &root_text)
            .replace("{path}", path)
            .replace("{old}", old)
            .replace("{new}", new)
            .replace("{content}", content)
    });
    Some((tool, args))
}

/// The CRLF round trip: a CRLF file made on disk, edited through the edit the starter
/// guesses (paths spelled as the read showed), and its bytes read back from disk; `None`
/// when no edit is guessed.
async fn seen_crlf_edit(
    s: &mut Session,
    root: &Path,
    tools: &[serde_json::Value],
    seen: &Seen,
) -> Option<CrlfSeen> {
    let path = root.join("crlf-probe.txt");
    std::fs::write(&path, CRLF_BEFORE).ok()?;
    let (tool, args) = guessed_call(
        tools,
        seen,
        "edit",
        root,
        ("crlf-probe.txt", CRLF_OLD, CRLF_NEW),
    )?;
    let reply = s.call_tool(&tool, args).await;
    let after = std::fs::read(&path).unwrap_or_default();
    let said = match &reply {
        Reply::Ok(v) => crate::reply::describe_value(v),
        Reply::RpcError { code, message, .. } => format!("JSON-RPC error {code}: {message}"),
        Reply::Broken(why) => why.clone(),
    };
    let said = crate::reply::clip(&said.replace(['\n', '\r'], " "), 300);
    Some(crlf_seen(&tool, &after, &said))
}

/// The size caps (`starter_limits`): a read and an edit of files made on disk, and a create,
/// each of the suite's largest size, and below it where refused; the caps found first are
/// tried first for the next operation. The large write is given a minute: the server parses
/// 10 MB of JSON before its tool can refuse it.
async fn seen_limits(
    s: &mut Session,
    root: &Path,
    tools: &[serde_json::Value],
    seen: &Seen,
) -> LimitsSeen {
    let mut limits = LimitsSeen::default();
    let on_disk = |n: u64| {
        let name = format!("limit-probe-{n}.txt");
        std::fs::write(root.join(&name), starter_limits::fixture(n)).map(|_| name)
    };
    if let Some((tool, _)) = guessed_call(tools, seen, "read", root, ("x", "", "")) {
        limits.read = Some(
            starter_limits::cap_of(&tool, &[], async |n| match on_disk(n) {
                Ok(name) => limit_call(s, tools, seen, "read", root, (&name, "", ""), "").await,
                Err(e) => Tried::Broken(format!("cannot make the file: {e}")),
            })
            .await,
        );
    }
    if let Some((tool, _)) = guessed_call(tools, seen, "edit", root, ("x", "", "")) {
        let (old, new) = (starter_limits::MARKER, starter_limits::MARKED);
        let hints = limits.pinned();
        limits.edit = Some(
            starter_limits::cap_of(&tool, &hints, async |n| match on_disk(n) {
                Ok(name) => limit_call(s, tools, seen, "edit", root, (&name, old, new), "").await,
                Err(e) => Tried::Broken(format!("cannot make the file: {e}")),
            })
            .await,
        );
    }
    if let Some((tool, _)) = guessed_call(tools, seen, "create", root, ("x", "", "")) {
        let hints = limits.pinned();
        let before = s.set_timeout(Duration::from_secs(60));
        limits.write = Some(
            starter_limits::cap_of(&tool, &hints, async |n| {
                let name = format!("limit-write-{n}.txt");
                let content = starter_limits::fixture(n);
                limit_call(s, tools, seen, "create", root, (&name, "", ""), &content).await
            })
            .await,
        );
        s.set_timeout(before);
    }
    for entry in std::fs::read_dir(root).into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with("limit-") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    limits
}

/// One call of the size probe, and whether it passed.
async fn limit_call(
    s: &mut Session,
    tools: &[serde_json::Value],
    seen: &Seen,
    op: &str,
    root: &Path,
    names: (&str, &str, &str),
    content: &str,
) -> Tried {
    let Some((tool, args)) = guessed_write(tools, seen, op, root, names, content) else {
        return Tried::Broken(format!("no {op} is guessed"));
    };
    match s.call_tool(&tool, args).await {
        Reply::Ok(v)
            if crate::reply::is_tool_error(&v) || v.get("isError") == Some(&true.into()) =>
        {
            let text = crate::reply::text_blocks(&v).join(" ");
            Tried::Refused(crate::reply::clip(&text.replace(['\n', '\r'], " "), 240))
        }
        Reply::Ok(_) => Tried::Passed,
        Reply::RpcError { code, message, .. } => Tried::Refused(format!(
            "JSON-RPC error {code}: {}",
            crate::reply::clip(&message, 160)
        )),
        Reply::Broken(why) => Tried::Broken(why),
    }
}

/// `v` with `f` applied to every string in it.
fn filled(v: serde_json::Value, f: &dyn Fn(&str) -> String) -> serde_json::Value {
    use serde_json::Value;
    match v {
        Value::String(s) => Value::String(f(&s)),
        Value::Array(a) => Value::Array(a.into_iter().map(|x| filled(x, f)).collect()),
        Value::Object(m) => Value::Object(m.into_iter().map(|(k, x)| (k, filled(x, f))).collect()),
        other => other,
    }
}

/// Runs `f` on one session of the server, started on an empty root (a running server's
/// own root, emptied); `Err` is the paragraph to print when it cannot be started.
fn with_session<T>(
    cfg: &ServerConfig,
    f: impl AsyncFnOnce(Session, Protocol, &Path) -> T,
) -> Result<T, String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    let result = rt.block_on(async {
        let dir = super::scratch::tempdir("mcp-harness-probe-")?;
        let root = match cfg.target() {
            Target::HttpUrl { root, .. } => {
                super::world::empty_dir(&root)?;
                root
            }
            _ => dir.path().to_path_buf(),
        };
        match start_probe(cfg, &root).await {
            Ok((s, protocol)) => Ok(f(s, protocol, &root).await),
            Err(e) => Err(start_failure(cfg, &e)),
        }
    });
    rt.shutdown_background();
    result
}

/// What the started server offers: its tools, whether it reads `list://`, and whether it
/// speaks the 2025-11-25 era too.
async fn ask(mut s: Session, protocol: Protocol, cfg: &ServerConfig, root: &Path) -> Offered {
    let entries = match s.list_tools().await {
        Reply::Ok(v) => v.get("tools").and_then(|t| t.as_array()).cloned(),
        _ => None,
    };
    let tool_list = entries
        .as_ref()
        .map(|a| a.iter().filter_map(ToolSeen::of).collect::<Vec<ToolSeen>>());
    let operations_offered =
        super::starter::operations_offered(entries.as_deref().unwrap_or_default());
    let tools = tool_list.iter().flatten().map(|t| t.name.clone()).collect();
    let mut legacy_era = s.legacy_era();
    // A server that answered `server/discover` may speak the 2025-11-25 era too, and the
    // roots cases need it: ask once with `initialize`.
    if !legacy_era && cfg.protocol == Protocol::Auto && !cfg.is_http() {
        let mut legacy = cfg.clone();
        legacy.protocol = Protocol::V2025_11_25;
        if let Ok(l) = Session::start(&legacy, root).await {
            legacy_era = l.legacy_era();
            l.shutdown().await;
        }
    }
    let listing = match s.read_resource("list://").await {
        Reply::Ok(_) => Ok(()),
        Reply::RpcError { code, message, .. } => Err(format!(
            "reading `list://` (the root) on an empty root gave JSON-RPC error {code}: {message}"
        )),
        Reply::Broken(why) => Err(format!("reading `list://` failed: {why}")),
    };
    let first_legacy = s.legacy_era();
    let server_info = s.server_info();
    s.shutdown().await;
    Offered {
        tools,
        tool_list,
        operations_offered,
        listing,
        protocol: resolved(protocol, first_legacy),
        discover_unanswered: cfg.protocol == Protocol::Auto && protocol != Protocol::Auto,
        legacy_era,
        server_info,
    }
}

/// The lifecycle for the scenarios: `auto` as the probe's session ended (`legacy`), so
/// that no scenario depends on rmcp's timed fallback.
fn resolved(protocol: Protocol, legacy: bool) -> Protocol {
    match protocol {
        Protocol::Auto if legacy => Protocol::V2025_11_25,
        Protocol::Auto => Protocol::AutoDiscovered,
        p => p,
    }
}

/// The server's working directory, as the start-up failure names it.
fn working_dir(cfg: &ServerConfig) -> String {
    match &cfg.cwd {
        Some(dir) => format!("{dir} (--cwd)"),
        None => match std::env::current_dir() {
            Ok(d) => format!(
                "{}, the harness's own (--cwd DIR to change it)",
                d.display()
            ),
            Err(_) => "the harness's own (--cwd DIR to change it)".into(),
        },
    }
}

/// The paragraph that says why the server could not be started, and what may help.
fn start_failure(cfg: &ServerConfig, e: &StartError) -> String {
    let mut m = if cfg.is_http() {
        let addr = if cfg.announces_endpoint {
            "it announces its endpoint on stderr"
        } else {
            "{addr} is a free loopback HOST:PORT; the endpoint is http://{addr}/mcp"
        };
        format!(
            "The server could not be reached and initialized over Streamable HTTP, so no case \
             was run. Server: `{}` ({addr}). Reason: {}.",
            cfg.display_command(),
            e.reason
        )
    } else {
        format!(
            "The server could not be started and initialized, so no case was run. Command: \
             `{}` (with {{root}} replaced by a fresh directory; working directory {}). \
             Reason: {}. A conforming server speaks MCP (JSON-RPC, one message per line) on \
             stdin/stdout and logs only to stderr.",
            cfg.display_command(),
            working_dir(cfg),
            e.reason
        )
    };
    if e.timed_out {
        m.push_str(
            " If the server needs longer to start, raise --startup-timeout; if it speaks only \
             one protocol era, name it with --protocol 2025-11-25 (initialize) or --protocol \
             2026-07-28 (server/discover).",
        );
    }
    if e.stderr_tail.trim().is_empty() {
        m.push_str(" The server wrote nothing to stderr.");
    } else {
        m.push_str("\nLast lines of the server's stderr:\n");
        m.push_str(&super::world::indent(&e.stderr_tail));
    }
    if !e.exchange.trim().is_empty() {
        m.push_str("\nJSON-RPC exchange:\n");
        m.push_str(e.exchange.trim_end());
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn auto_becomes_the_era_the_probe_ended_in_and_an_asked_era_stays() {
        assert_eq!(resolved(Protocol::Auto, false), Protocol::AutoDiscovered);
        assert_eq!(resolved(Protocol::Auto, true), Protocol::V2025_11_25);
        for asked in [Protocol::V2025_11_25, Protocol::V2026_07_28] {
            assert_eq!(resolved(asked, false), asked);
            assert_eq!(resolved(asked, true), asked);
        }
    }
}
