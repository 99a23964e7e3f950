//! Load benchmark of the reference over Streamable HTTP (`cargo bench -p e2e-tests --bench
//! http_load`): 64 concurrent sessions (rmcp's client) against one server process. Each
//! session runs read+replace cycles on a file of its own and on one shared hot file (line
//! i belongs to session i, but every replace carries the whole file's hash, so sessions
//! race). Prints calls per second, p50/p99 latency and the server's peak memory (VmHWM),
//! then checks the hot file: every session's last successful replace is in the final
//! content, and every refused replace was told the current hash. Then it kills the server
//! with SIGKILL during a burst of writes, restarts it, and checks that no file is torn and
//! no temp file is visible. A measurement, not a timed test: only the correctness checks
//! can fail it.
//!
//! For scale, `HTTP_LOAD_SUPERGATEWAY=DIR` (a `node_modules/.bin` holding `supergateway`
//! and `mcp-server-filesystem`) runs the same load against the official Node filesystem
//! server behind supergateway (stateful Streamable HTTP): `read_text_file` and `edit_file`
//! stand in for text.read and text.replace. That server has no hash guard, so lost updates
//! on the hot file are counted, not asserted.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequestParams, ClientCapabilities, ClientConfig, Implementation};
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const BIN: &str = env!("CARGO_BIN_EXE_mcp-reference-e2e");
const SESSIONS: usize = 64;
const CYCLES: usize = 25;

type Client = RunningService<RoleClient, ClientConfig>;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn spawn(root: &Path, port: u16) -> Child {
    let mut child = Command::new(BIN)
        .arg("--root")
        .arg(root)
        .args([
            "--http",
            &format!("127.0.0.1:{port}"),
            "--max-sessions",
            "128",
        ])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the server");
    for _ in 0..500 {
        if e2e_tests::listen::listening(port) {
            return child;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not listen on port {port}");
}

async fn connect(url: &str) -> Client {
    let http = reqwest::Client::builder()
        .no_proxy()
        .build()
        .expect("reqwest client");
    let t = StreamableHttpClientTransport::with_client(
        http,
        StreamableHttpClientTransportConfig::with_uri(url.to_string()),
    );
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("http-load", "0"),
    )
    .serve(t)
    .await
    .expect("session")
}

/// One call; returns (structuredContent, isError, latency).
async fn call(c: &Client, tool: &str, args: Value) -> (Value, bool, Duration) {
    let mut p = CallToolRequestParams::new(tool.to_string());
    p.arguments = args.as_object().cloned();
    let t = Instant::now();
    let r = c.peer().call_tool(p).await.expect("call");
    let el = t.elapsed();
    let v = serde_json::to_value(&r).expect("json");
    let sc = v.get("structuredContent").cloned().unwrap_or(Value::Null);
    let err = v.get("isError").and_then(Value::as_bool).unwrap_or(false);
    (sc, err, el)
}

fn sha(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[derive(Default)]
struct Tally {
    latencies: Vec<Duration>,
    /// The session's last successful hot-line value.
    hot_last: Option<String>,
    refused: usize,
    refused_without_hash: usize,
}

async fn session(url: String, i: usize) -> Tally {
    let c = connect(&url).await;
    let mut t = Tally::default();
    let own = format!("own/{i}.txt");
    for k in 0..CYCLES {
        let (r, e, d) = call(&c, "text.read", json!({"path": own})).await;
        t.latencies.push(d);
        assert!(!e, "read {own}: {r}");
        let (r2, e2, d2) = call(
            &c,
            "text.replace",
            json!({"path": own, "hash": r["hash"], "lines": [1, 2], "old": format!("v{k}"), "new": format!("v{}", k + 1)}),
        )
        .await;
        t.latencies.push(d2);
        assert!(!e2, "replace {own}: {r2}");
        // The hot file: read, then replace line i+1 with this session's next value.
        let (h, e3, d3) = call(&c, "text.read", json!({"path": "hot.txt"})).await;
        t.latencies.push(d3);
        assert!(!e3, "read hot: {h}");
        let line = i as i64 + 1;
        let current = h["content"]
            .as_str()
            .and_then(|s| s.lines().nth(i))
            .unwrap_or_default()
            .to_string();
        let next = format!("s{i} v{k}");
        let (r4, e4, d4) = call(
            &c,
            "text.replace",
            json!({"path": "hot.txt", "hash": h["hash"], "lines": [line, line + 1], "old": current, "new": next}),
        )
        .await;
        t.latencies.push(d4);
        if e4 {
            t.refused += 1;
            let told = r4
                .as_object()
                .map(|o| {
                    o.values()
                        .chain(
                            o.get("details")
                                .and_then(Value::as_object)
                                .into_iter()
                                .flat_map(|d| d.values()),
                        )
                        .filter_map(Value::as_str)
                        .any(|s| s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit()))
                })
                .unwrap_or(false);
            if r4["code"] != "STALE_HASH" || !told {
                t.refused_without_hash += 1;
                eprintln!("refused without the current hash: {r4}");
            }
        } else {
            t.hot_last = Some(next);
        }
    }
    let _ = c.cancel().await;
    t
}

fn vm_hwm(pid: u32) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))
                .map(|l| l.trim_start_matches("VmHWM:").trim().to_string())
        })
        .unwrap_or_else(|| "n/a".into())
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p) as usize).min(sorted.len() - 1)]
}

fn main() {
    if let Ok(bin) = std::env::var("HTTP_LOAD_SUPERGATEWAY") {
        node::run(Path::new(&bin));
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let root = dir.path().join("root");
    std::fs::create_dir_all(root.join("own")).expect("mkdir");
    for i in 0..SESSIONS {
        std::fs::write(root.join(format!("own/{i}.txt")), "v0\n").expect("write");
    }
    let hot: String = (0..SESSIONS).map(|i| format!("s{i} init\n")).collect();
    std::fs::write(root.join("hot.txt"), &hot).expect("write hot");
    let port = free_port();
    let server = spawn(&root, port);
    let url = format!("http://127.0.0.1:{port}/mcp");
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let started = Instant::now();
    let tallies: Vec<Tally> = rt.block_on(async {
        let tasks: Vec<_> = (0..SESSIONS)
            .map(|i| tokio::spawn(session(url.clone(), i)))
            .collect();
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.expect("session task"));
        }
        out
    });
    let wall = started.elapsed();
    let hwm = vm_hwm(server.id());
    let mut lat: Vec<Duration> = tallies.iter().flat_map(|t| t.latencies.clone()).collect();
    lat.sort();
    let calls = lat.len();
    let refused: usize = tallies.iter().map(|t| t.refused).sum();
    println!(
        "Streamable HTTP load: {SESSIONS} sessions x {CYCLES} cycles (read+replace own file, read+replace hot file)"
    );
    println!("| figure | measured |");
    println!("|---|---|");
    println!("| calls | {calls} in {:.2} s |", wall.as_secs_f64());
    println!(
        "| calls per second | {:.0} |",
        calls as f64 / wall.as_secs_f64()
    );
    println!(
        "| latency p50 | {:.2} ms |",
        pct(&lat, 0.50).as_secs_f64() * 1e3
    );
    println!(
        "| latency p99 | {:.2} ms |",
        pct(&lat, 0.99).as_secs_f64() * 1e3
    );
    println!(
        "| hot-file replaces refused as stale | {refused} of {} |",
        SESSIONS * CYCLES
    );
    println!("| server peak memory (VmHWM) | {hwm} |");

    check_no_lost_update(&root, &tallies);
    let mut server = kill_during_writes(&rt, &url, &root, port, server);
    let _ = server.kill();
    let _ = server.wait();
}

/// No lost update: each session's last successful value is its line in the final file.
fn check_no_lost_update(root: &Path, tallies: &[Tally]) {
    let final_hot = std::fs::read_to_string(root.join("hot.txt")).expect("read hot");
    let lines: Vec<&str> = final_hot.lines().collect();
    assert_eq!(
        lines.len(),
        SESSIONS,
        "the hot file has {} lines",
        lines.len()
    );
    for (i, t) in tallies.iter().enumerate() {
        let want = t.hot_last.clone().unwrap_or_else(|| format!("s{i} init"));
        assert_eq!(lines[i], want, "session {i}: lost update on the hot file");
    }
    let untold: usize = tallies.iter().map(|t| t.refused_without_hash).sum();
    assert_eq!(
        untold, 0,
        "refused replaces that did not carry the current hash"
    );
    println!(
        "hot file: every session's last successful replace is in place; every refusal named the current hash"
    );
}

/// Kills the server during large writes, restarts it, and checks that nothing is torn and
/// no temp file shows; gives the restarted server.
fn kill_during_writes(
    rt: &tokio::runtime::Runtime,
    url: &str,
    root: &Path,
    port: u16,
    mut server: Child,
) -> Child {
    let big = "x".repeat(4 << 20);
    rt.block_on(async {
        let c = Arc::new(connect(url).await);
        for i in 0..8 {
            let c = c.clone();
            let big = big.clone();
            tokio::spawn(async move {
                // The server is killed under these calls: their errors are expected.
                let p = format!("own/{i}.txt");
                let (r, _, _) = call(&c, "text.read", json!({"path": p})).await;
                let mut params = CallToolRequestParams::new("text.replace".to_string());
                params.arguments = json!({"path": p, "hash": r["hash"], "lines": [1, 2], "old": format!("v{CYCLES}"), "new": big})
                    .as_object()
                    .cloned();
                let _ = c.peer().call_tool(params).await;
            });
        }
        tokio::time::sleep(Duration::from_millis(30)).await;
    });
    let _ = server.kill();
    let _ = server.wait();
    let server = spawn(root, port);
    for i in 0..8 {
        let bytes = std::fs::read(root.join(format!("own/{i}.txt"))).expect("own file");
        let ok =
            bytes == format!("v{CYCLES}\n").as_bytes() || bytes == format!("{big}\n").as_bytes();
        assert!(
            ok,
            "own/{i}.txt is torn ({} bytes, sha {})",
            bytes.len(),
            sha(&bytes)
        );
    }
    let listing = rt.block_on(async {
        let c = connect(url).await;
        let r = c
            .peer()
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "list://own".to_string(),
            ))
            .await
            .expect("listing");
        serde_json::to_string(&r).unwrap_or_default()
    });
    let names = std::fs::read_dir(root.join("own"))
        .expect("own dir")
        .count();
    assert!(
        listing.matches("\\\"file\\\"").count() == SESSIONS,
        "the listing shows something besides the {SESSIONS} files: {listing}"
    );
    println!(
        "after SIGKILL during 8 large writes and a restart: no file torn, the listing shows only the {SESSIONS} files ({names} entries on disk)"
    );
    server
}

/// The same load against the official Node server behind supergateway.
mod node {
    use super::*;

    fn text_of(v: &Value) -> String {
        v.get("content")
            .and_then(Value::as_array)
            .and_then(|a| a.first())
            .and_then(|b| b.get("text"))
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    async fn raw_call(c: &Client, tool: &str, args: Value) -> (Value, bool, Duration) {
        let mut p = CallToolRequestParams::new(tool.to_string());
        p.arguments = args.as_object().cloned();
        let t = Instant::now();
        let r = c.peer().call_tool(p).await;
        let el = t.elapsed();
        match r {
            Ok(r) => {
                let v = serde_json::to_value(&r).expect("json");
                let err = v.get("isError").and_then(Value::as_bool).unwrap_or(false);
                (v, err, el)
            }
            Err(e) => (json!({"error": e.to_string()}), true, el),
        }
    }

    async fn session(
        url: String,
        root: std::path::PathBuf,
        i: usize,
    ) -> (Vec<Duration>, Option<String>, usize) {
        let c = connect(&url).await;
        let mut lat = Vec::new();
        let mut last = None;
        let mut failed = 0;
        let own = root
            .join(format!("own/{i}.txt"))
            .to_string_lossy()
            .into_owned();
        let hot = root.join("hot.txt").to_string_lossy().into_owned();
        for k in 0..CYCLES {
            let (_, e, d) = raw_call(&c, "read_text_file", json!({"path": own})).await;
            lat.push(d);
            failed += usize::from(e);
            let (_, e, d) = raw_call(&c, "edit_file", json!({"path": own, "edits": [{"oldText": format!("v{k}"), "newText": format!("v{}", k + 1)}]})).await;
            lat.push(d);
            failed += usize::from(e);
            let (h, e, d) = raw_call(&c, "read_text_file", json!({"path": hot})).await;
            lat.push(d);
            failed += usize::from(e);
            let current = text_of(&h).lines().nth(i).unwrap_or_default().to_string();
            let next = format!("s{i} v{k}");
            let (_, e, d) = raw_call(
                &c,
                "edit_file",
                json!({"path": hot, "edits": [{"oldText": current, "newText": next}]}),
            )
            .await;
            lat.push(d);
            if e {
                failed += 1;
            } else {
                last = Some(next);
            }
        }
        let _ = c.cancel().await;
        (lat, last, failed)
    }

    /// VmHWM summed over `pid` and its descendants (supergateway starts one server per session).
    fn tree_hwm_kb(pid: u32) -> u64 {
        let mut parent: Vec<(u32, u32)> = Vec::new();
        for e in std::fs::read_dir("/proc").into_iter().flatten().flatten() {
            let Ok(p) = e.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            if let Ok(stat) = std::fs::read_to_string(format!("/proc/{p}/stat"))
                && let Some(rest) = stat.rsplit(')').next()
                && let Some(pp) = rest.split_whitespace().nth(1).and_then(|x| x.parse().ok())
            {
                parent.push((p, pp));
            }
        }
        let mut tree = vec![pid];
        let mut grew = true;
        while grew {
            grew = false;
            for (p, pp) in &parent {
                if tree.contains(pp) && !tree.contains(p) {
                    tree.push(*p);
                    grew = true;
                }
            }
        }
        tree.iter()
            .map(|p| {
                vm_hwm(*p)
                    .trim_end_matches(" kB")
                    .trim()
                    .parse::<u64>()
                    .unwrap_or(0)
            })
            .sum()
    }

    pub fn run(bin: &Path) {
        let dir = tempfile::tempdir().expect("tempdir");
        let root = dir.path().join("root");
        std::fs::create_dir_all(root.join("own")).expect("mkdir");
        for i in 0..SESSIONS {
            std::fs::write(root.join(format!("own/{i}.txt")), "v0\n").expect("write");
        }
        let hot: String = (0..SESSIONS).map(|i| format!("s{i} init\n")).collect();
        std::fs::write(root.join("hot.txt"), &hot).expect("write hot");
        let port = free_port();
        let server_cmd = format!(
            "{} {}",
            bin.join("mcp-server-filesystem").display(),
            root.display()
        );
        let mut gw = Command::new(bin.join("supergateway"))
            .args([
                "--stdio",
                &server_cmd,
                "--outputTransport",
                "streamableHttp",
                "--stateful",
                "--port",
                &port.to_string(),
                "--logLevel",
                "none",
            ])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn supergateway");
        for _ in 0..1000 {
            if e2e_tests::listen::listening(port) {
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let url = format!("http://127.0.0.1:{port}/mcp");
        let rt = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("runtime");
        let started = Instant::now();
        let out: Vec<(Vec<Duration>, Option<String>, usize)> = rt.block_on(async {
            let tasks: Vec<_> = (0..SESSIONS)
                .map(|i| tokio::spawn(session(url.clone(), root.clone(), i)))
                .collect();
            let mut v = Vec::new();
            for t in tasks {
                v.push(t.await.expect("session task"));
            }
            v
        });
        let wall = started.elapsed();
        let hwm = tree_hwm_kb(gw.id());
        let mut lat: Vec<Duration> = out.iter().flat_map(|o| o.0.clone()).collect();
        lat.sort();
        let failed: usize = out.iter().map(|o| o.2).sum();
        let final_hot = std::fs::read_to_string(root.join("hot.txt")).unwrap_or_default();
        let lines: Vec<&str> = final_hot.lines().collect();
        let lost = out
            .iter()
            .enumerate()
            .filter(|(i, o)| {
                let want = o.1.clone().unwrap_or_else(|| format!("s{i} init"));
                lines.get(*i) != Some(&want.as_str())
            })
            .count();
        println!(
            "Official Node filesystem server behind supergateway (stateful): {SESSIONS} sessions x {CYCLES} cycles"
        );
        println!("| figure | measured |");
        println!("|---|---|");
        println!(
            "| calls | {} in {:.2} s ({failed} failed) |",
            lat.len(),
            wall.as_secs_f64()
        );
        println!(
            "| calls per second | {:.0} |",
            lat.len() as f64 / wall.as_secs_f64()
        );
        println!(
            "| latency p50 | {:.2} ms |",
            pct(&lat, 0.50).as_secs_f64() * 1e3
        );
        println!(
            "| latency p99 | {:.2} ms |",
            pct(&lat, 0.99).as_secs_f64() * 1e3
        );
        println!(
            "| peak memory (VmHWM, gateway and its servers) | {} MB |",
            hwm / 1024
        );
        println!(
            "| hot-file lines whose last successful edit is missing (lost updates) | {lost} of {SESSIONS} |"
        );
        let _ = gw.kill();
        let _ = gw.wait();
    }
}
