//! Speed of the `filesystem` profile against the servers it replaces (issues 11 and 25):
//! `cargo bench -p e2e-tests --bench filesystem_speed`.
//!
//! Five servers: ours (`mcp-reference --profile filesystem --root DIR`), the official
//! `@modelcontextprotocol/server-filesystem` at 2026.8.31 and at 2.0.1 (`<bin> DIR`),
//! `rust-mcp-filesystem` (`<bin> --allow-write DIR`) and the crate `modelcontextprotocol`
//! (`<bin> filesystem DIR`, per its docs/cli.md; a Rust clone of the official interface).
//! Each gets a fresh temp dir holding the same files, built the same way: `big.txt`, 10 MiB
//! of numbered 80-byte ASCII lines with one `first line` in the middle, `small.txt`, 1 KiB
//! of such lines, and `tree/`, 10,000 small files (a quarter of them `.rs`) in 100
//! directories of 100 files, 40 of each 100 one level deeper (`tree/aI/bJ/c/`).
//!
//! Each server is spawned the same way (stdin/stdout piped, stderr to a log file outside its
//! root) and driven by the same raw JSON-RPC client, no SDK in the timed path. The servers
//! take turns call by call (ours, official, ..., ours, ...), so that load from elsewhere on
//! a shared machine falls on all of them alike; only one call runs at a time. Startup is
//! the time from spawn to the initialize reply (median of 21, after one warm-up round;
//! for a server that speaks only the stateless revision 2026-07-28, the crate, to its
//! `server/discover` reply, and every request carries the `_meta` that revision asks for).
//! Then, in this order, each figure is measured over its timed calls after its warm-ups:
//! 1. `read_text_file` of `big.txt`: the reply's text must be the file's length;
//! 2. a one-line `edit_file` in it, alternating `first line` -> `changed line` and back: the
//!    file on disk must then be exactly the expected content;
//! 3. `read_text_file` of `small.txt` (1 KiB): the reply's text must be the file;
//! 4. `directory_tree` of `tree/`: the reply must be JSON naming all 10,000 files, among
//!    them `a9/b9/c/f9996.rs`;
//! 5. `search_files` of `**/*.rs` over `tree/`: the reply must list 2,500 `.rs` paths.
//!
//! Two numbers per figure. Wall: the median call, timed from writing the request until the
//! whole reply line has arrived (parsing and checking come after). Server CPU: the server
//! process's own utime + stime (`/proc/PID/stat`, every thread, exited ones included) from
//! just before its first timed call to just after its last, divided by the calls. The
//! wall time of a 10 MiB reply is mostly the client reading and parsing it, the same for
//! every server; the CPU figure is what the server itself spends. The clock ticks are
//! coarse (10 ms), so the figures with few calls are means over at least 100 ms.
//!
//! Replies are read tolerantly: the text of the first text block (the official server also
//! sends structuredContent {content}; the clones do not). A wrong reply aborts, naming the
//! server. It is a measurement, not a test: a missed goal (ours at most half the best other
//! server's figure) fails nothing. A server that is not installed, or that exits at
//! startup, is reported and its column shows "-". Progress goes to stderr, the table to
//! stdout.
//!
//! Servers are located by `MCP_BENCH_OFFICIAL`, `MCP_BENCH_OFFICIAL_2`,
//! `MCP_BENCH_RUST_MCP_FILESYSTEM` and `MCP_BENCH_MODELCONTEXTPROTOCOL`, else in the caches
//! of tests/third-party/official-node.sh, rust-mcp-filesystem.sh and speed-peers.sh (which
//! installs the other two). Ours is a copy of this package's build of the reference (run
//! from a copy, as `cargo install` leaves it) unless `MCP_BENCH_OURS` names another binary
//! (started with the same arguments).

use std::ffi::OsString;
use std::fs::File;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const OURS: &str = env!("CARGO_BIN_EXE_mcp-reference-e2e");
const STARTUPS: usize = 21;
const CALL_TIMEOUT: Duration = Duration::from_secs(120);
const START_TIMEOUT: Duration = Duration::from_secs(30);
const GOAL: f64 = 0.5;

const BIG_LINES: usize = 131_072; // x 80 bytes = 10 MiB
const SMALL_LINES: usize = 13; // x 80 bytes, cut to 1 KiB
const SMALL_LEN: usize = 1024;
const OLD: &str = "first line";
const NEW: &str = "changed line";
const TREE_FILES: usize = 10_000;
const TREE_RS: usize = 2_500;
const KNOWN: [&str; 4] = ["a9", "b9", "c", "f9996.rs"];

/// How to start one server on a root directory.
struct ServerSpec {
    program: PathBuf,
    /// The arguments, with the root in place of `None`.
    args: Vec<Option<&'static str>>,
    /// Speaks only the stateless revision 2026-07-28: no `initialize`; `server/discover`
    /// first and `_meta` with the protocol version on every request.
    stateless: bool,
}

/// The calls measured, in the order they run; the startup row comes first in the table.
#[derive(Clone, Copy)]
enum Figure {
    Read,
    Edit,
    SmallRead,
    Tree,
    Search,
}

/// What a figure's two rows carry a goal for (ours at most [`GOAL`] of the best peer).
#[derive(Clone, Copy, PartialEq)]
enum Goal {
    None,
    Wall,
    Cpu,
}

/// One figure: its call, its name, warm-up and timed calls, and which row has the goal.
/// The counts keep the whole bench within a few minutes on 2 cores (the slowest call, the
/// official 2026.8.31 server's search_files, takes about 1.4 s) while each CPU figure
/// spans many clock ticks.
struct FigureSpec {
    figure: Figure,
    what: &'static str,
    warmups: usize,
    runs: usize,
    goal: Goal,
}

const FIGURES: [FigureSpec; 5] = [
    FigureSpec {
        figure: Figure::Read,
        what: "read_text_file, 10 MiB",
        warmups: 3,
        runs: 21,
        goal: Goal::Cpu,
    },
    FigureSpec {
        figure: Figure::Edit,
        what: "one-line edit_file, 10 MiB",
        warmups: 3,
        runs: 21,
        goal: Goal::Cpu,
    },
    FigureSpec {
        figure: Figure::SmallRead,
        what: "read_text_file, 1 KiB",
        warmups: 100,
        runs: 1000,
        goal: Goal::Wall,
    },
    FigureSpec {
        figure: Figure::Tree,
        what: "directory_tree, 10,000 files",
        warmups: 2,
        runs: 9,
        goal: Goal::None,
    },
    FigureSpec {
        figure: Figure::Search,
        what: "search_files **/*.rs, 10,000 files",
        warmups: 2,
        runs: 9,
        goal: Goal::None,
    },
];

/// One server under measurement: its own copy of the files, its client, its timings.
struct Target {
    label: &'static str,
    spec: ServerSpec,
    root: tempfile::TempDir,
    logs: tempfile::TempDir,
    client: Option<Client>,
    /// serverInfo's name and version, and the program run.
    version: String,
    startups: Vec<Duration>,
    /// Per figure, in FIGURES' order: the wall time of each timed call.
    times: [Vec<Duration>; 5],
    /// Per figure: the server's CPU ticks before its first timed call, and the ticks
    /// spent up to the end of its last.
    cpu: [(u64, u64); 5],
    /// Per figure, why a peer has no figure: its reply failed the check (the crate caps
    /// every tool result at 64 KiB, by design). A wrong reply of ours aborts instead.
    unable: [Option<String>; 5],
}

fn main() -> ExitCode {
    let t0 = Instant::now();
    let big = big_text();
    let (_install_dir, ours) = installed_copy(Path::new(OURS));
    // Why a server has no figures, by label; the others are in `targets`.
    let mut missing: Vec<(&str, String)> = Vec::new();
    let mut targets = start_targets(server_specs(ours), &big, &mut missing);
    measure(&mut targets, &big);
    report(&mut targets, &missing, t0);
    ExitCode::SUCCESS
}

/// The servers compared: ours and each peer, or why a peer is not installed.
fn server_specs(ours: PathBuf) -> [(&'static str, Result<ServerSpec, String>); 5] {
    [
        (
            "ours",
            Ok(ServerSpec {
                program: std::env::var_os("MCP_BENCH_OURS").map_or(ours, PathBuf::from),
                args: vec![Some("--profile"), Some("filesystem"), Some("--root"), None],
                stateless: false,
            }),
        ),
        (
            "official",
            locate(
                "MCP_BENCH_OFFICIAL",
                "official-node-2026.8.31/node_modules/.bin/mcp-server-filesystem",
                "official-node.sh",
                vec![None],
                false,
            ),
        ),
        (
            "official-2",
            locate(
                "MCP_BENCH_OFFICIAL_2",
                "official-node-2.0.1/node_modules/.bin/mcp-server-filesystem",
                "speed-peers.sh",
                vec![None],
                false,
            ),
        ),
        (
            "rust-mcp-fs",
            locate(
                "MCP_BENCH_RUST_MCP_FILESYSTEM",
                "rust-mcp-filesystem-0.4.5/bin/rust-mcp-filesystem",
                "speed-peers.sh",
                vec![Some("--allow-write"), None],
                false,
            ),
        ),
        (
            "mcp-crate",
            locate(
                "MCP_BENCH_MODELCONTEXTPROTOCOL",
                MODELCONTEXTPROTOCOL_BIN,
                "speed-peers.sh",
                MODELCONTEXTPROTOCOL_ARGS.to_vec(),
                true,
            ),
        ),
    ]
}

/// A target per installed server, each started (and timed) STARTUPS + 1 times and left
/// running with an initialized client; a server that cannot start goes to `missing`.
fn start_targets(
    specs: [(&'static str, Result<ServerSpec, String>); 5],
    big: &Big,
    missing: &mut Vec<(&'static str, String)>,
) -> Vec<Target> {
    let mut targets: Vec<Target> = Vec::new();
    for (label, spec) in specs {
        match spec {
            Ok(spec) => {
                eprintln!("[{label}] creating the files");
                targets.push(Target::new(label, spec, big));
            }
            Err(why) => {
                eprintln!("[{label}] {why}");
                missing.push((label, why));
            }
        }
    }

    // Every round visits each server in turn, so that a busy spell of the (shared) machine
    // falls on all of them alike rather than on whichever server ran then.
    eprintln!("startup: {} rounds", STARTUPS + 1);
    for round in 0..=STARTUPS {
        targets.retain_mut(|t| match t.start_once() {
            Ok(el) => {
                if round > 0 {
                    t.startups.push(el);
                }
                true
            }
            Err(why) => {
                let why = format!("not available: did not start: {why}");
                eprintln!("[{}] {why}", t.label);
                missing.push((t.label, why));
                false
            }
        });
    }
    for t in &mut targets {
        let mut c = Client::spawn(&t.spec, t.root.path(), &t.log())
            .unwrap_or_else(|e| t.abort("the restart", e));
        c.initialize().unwrap_or_else(|e| t.abort("initialize", e));
        t.client = Some(c);
    }
    targets
}

/// The table of figures, and how they were taken.
fn report(targets: &mut [Target], missing: &[(&str, String)], t0: Instant) {
    let labels = LABELS;
    let outcomes: Vec<(&str, Outcome)> = labels
        .into_iter()
        .map(|label| {
            let outcome = match targets.iter_mut().find(|t| t.label == label) {
                Some(t) => Ok(t.figures()),
                None => Err(missing
                    .iter()
                    .find(|(l, _)| *l == label)
                    .map(|(_, why)| why.clone())
                    .unwrap_or_default()),
            };
            (label, outcome)
        })
        .collect();
    print_table(&outcomes);
    let counts: Vec<String> = FIGURES
        .iter()
        .map(|f| format!("{} after {}", f.runs, f.warmups))
        .collect();
    println!(
        "(timed calls after warm-ups, per figure: {}; servers taking turns; startup median of {STARTUPS}; load {}; whole bench {:.0} s)",
        counts.join(", "),
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .trim(),
        t0.elapsed().as_secs_f64()
    );
}

/// Every figure, the servers taking turns call by call; each server's CPU ticks are read
/// just before its first timed call and just after its last.
fn measure(targets: &mut [Target], big: &Big) {
    for (k, spec) in FIGURES.iter().enumerate() {
        let (warmups, runs) = (spec.warmups, spec.runs);
        eprintln!("{}: {warmups} warm-up and {runs} timed rounds", spec.what);
        for i in 0..warmups + runs {
            for t in targets.iter_mut() {
                if t.unable[k].is_some() {
                    continue;
                }
                if i == warmups {
                    t.cpu[k].0 = t.cpu_ticks();
                }
                let Some(el) = t.run(k, i, big) else {
                    continue;
                };
                if i >= warmups {
                    t.times[k].push(el);
                }
                if i + 1 == warmups + runs {
                    t.cpu[k].1 = t.cpu_ticks().saturating_sub(t.cpu[k].0);
                }
            }
        }
    }
}

/// A copy of `built` in a new directory, as `cargo install` copies a binary: the peers run
/// from such copies, and on this machine a binary the linker wrote in place started about
/// 0.2 ms (10 %) slower than a copy of it (the copy's page-cache pages map in fewer faults;
/// docs/speed.md), a cost no installed binary has.
fn installed_copy(built: &Path) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("create a temp dir");
    let copy = dir
        .path()
        .join(built.file_name().expect("a binary's file name"));
    std::fs::copy(built, &copy).expect("copy our binary as an install would");
    (dir, copy)
}

/// A third-party server's binary from its env var or the install script's cache.
fn locate(
    var: &str,
    cached: &str,
    script: &str,
    args: Vec<Option<&'static str>>,
    stateless: bool,
) -> Result<ServerSpec, String> {
    let program = match std::env::var_os(var) {
        Some(p) => PathBuf::from(p),
        // The scripts install under ${TMPDIR:-/tmp}/mcp-third-party, as temp_dir() reads it.
        None => std::env::temp_dir().join("mcp-third-party").join(cached),
    };
    if !program.is_file() {
        return Err(format!(
            "not installed: run bash tests/third-party/{script} (or set {var}; looked for {})",
            program.display()
        ));
    }
    Ok(ServerSpec {
        program,
        args,
        stateless,
    })
}

/// What one server measured, or why it could not be measured.
type Outcome = Result<Figures, String>;

struct Figures {
    version: String,
    startup: Duration,
    /// Median wall times, in FIGURES' order (None where the server failed the check).
    calls: [Option<Duration>; 5],
    /// Server CPU per call, in FIGURES' order.
    cpu: [Option<Duration>; 5],
    /// Why a figure is missing, in FIGURES' order.
    unable: [Option<String>; 5],
}

impl Target {
    /// A fresh temp dir with the files (and one for the server's stderr, outside the root).
    fn new(label: &'static str, spec: ServerSpec, big: &Big) -> Self {
        let root = tempfile::tempdir().expect("create a temp dir");
        std::fs::write(root.path().join("big.txt"), &big.original).expect("write big.txt");
        std::fs::write(root.path().join("small.txt"), &big.small).expect("write small.txt");
        make_tree(&root.path().join("tree"));
        Self {
            label,
            spec,
            root,
            logs: tempfile::tempdir().expect("create a temp dir"),
            client: None,
            version: String::new(),
            startups: Vec::new(),
            times: Default::default(),
            cpu: Default::default(),
            unable: Default::default(),
        }
    }

    /// The running server's CPU ticks so far (utime + stime of all its threads).
    fn cpu_ticks(&self) -> u64 {
        let pid = self.client.as_ref().expect("started").child.id();
        e2e_tests::cpu::ticks(pid).unwrap_or_else(|e| self.abort("/proc/PID/stat", e))
    }

    fn log(&self) -> PathBuf {
        self.logs.path().join("stderr.log")
    }

    fn path(&self, name: &str) -> String {
        let p = self.root.path().join(name);
        p.to_str().expect("UTF-8 temp path").to_owned()
    }

    /// Spawn to initialize reply; the server is then stopped.
    fn start_once(&mut self) -> Result<Duration, String> {
        let t = Instant::now();
        let mut c = Client::spawn(&self.spec, self.root.path(), &self.log())?;
        let init = c.initialize()?;
        let el = t.elapsed();
        let info = &init["serverInfo"];
        self.version = format!(
            "{} {} ({})",
            info["name"].as_str().unwrap_or("?"),
            info["version"].as_str().unwrap_or("?"),
            self.spec.program.display()
        );
        Ok(el)
    }

    fn abort(&self, what: &str, msg: String) -> ! {
        eprintln!(
            "filesystem_speed: aborted: {} gave a wrong reply to {what}: {msg}",
            self.label
        );
        std::process::exit(1)
    }

    /// One call of figure `k` and its check; `i` is the round (the edit alternates on it).
    /// None if a peer failed the check, which is then kept in `unable`.
    fn run(&mut self, k: usize, i: usize, big: &Big) -> Option<Duration> {
        let figure = FIGURES[k].figure;
        let (tool, args) = match figure {
            Figure::Read => ("read_text_file", json!({"path": self.path("big.txt")})),
            Figure::SmallRead => ("read_text_file", json!({"path": self.path("small.txt")})),
            Figure::Edit => {
                let (old, new) = if i.is_multiple_of(2) {
                    (OLD, NEW)
                } else {
                    (NEW, OLD)
                };
                let edits = json!([{"oldText": old, "newText": new}]);
                (
                    "edit_file",
                    json!({"path": self.path("big.txt"), "edits": edits}),
                )
            }
            Figure::Tree => ("directory_tree", json!({"path": self.path("tree")})),
            Figure::Search => (
                "search_files",
                json!({"path": self.path("tree"), "pattern": "**/*.rs"}),
            ),
        };
        let reply = self.client.as_mut().expect("started").call(tool, args);
        let checked = reply.and_then(|(el, text)| {
            match figure {
                Figure::Read => check_read(&text, big),
                Figure::SmallRead => check_small(&text, big),
                Figure::Edit => check_edit(&self.root.path().join("big.txt"), i, big),
                Figure::Tree => check_tree(&text),
                Figure::Search => check_search(&text),
            }
            .map(|()| el)
        });
        match checked {
            Ok(el) => Some(el),
            Err(e) if self.label == "ours" => self.abort(tool, e),
            Err(e) => {
                eprintln!("[{}] no figure for {tool}: {e}", self.label);
                self.unable[k] = Some(format!("{tool}: {e}"));
                None
            }
        }
    }

    fn figures(&mut self) -> Figures {
        Figures {
            version: std::mem::take(&mut self.version),
            startup: median(std::mem::take(&mut self.startups)),
            calls: std::array::from_fn(|k| {
                let times = std::mem::take(&mut self.times[k]);
                self.unable[k].is_none().then(|| median(times))
            }),
            cpu: std::array::from_fn(|k| {
                let per_call = e2e_tests::cpu::duration(self.cpu[k].1) / FIGURES[k].runs as u32;
                self.unable[k].is_none().then_some(per_call)
            }),
            unable: std::mem::take(&mut self.unable),
        }
    }
}

/// The read runs before any edit, so the text is the original file.
fn check_read(text: &str, big: &Big) -> Result<(), String> {
    if text.len() == big.original.len() {
        Ok(())
    } else {
        Err(format!(
            "{} bytes of text for a file of {}",
            text.len(),
            big.original.len()
        ))
    }
}

fn check_small(text: &str, big: &Big) -> Result<(), String> {
    if text.as_bytes() == big.small {
        Ok(())
    } else {
        Err(format!("the 1 KiB file came back as {text:.200}"))
    }
}

/// Even rounds replace `first line` by `changed line`, odd rounds put it back: the file on
/// disk must be exactly the expected one, whatever the reply said.
fn check_edit(path: &Path, i: usize, big: &Big) -> Result<(), String> {
    let expect = if i.is_multiple_of(2) {
        &big.changed
    } else {
        &big.original
    };
    let on_disk = std::fs::read(path).expect("read big.txt back");
    if on_disk == *expect {
        Ok(())
    } else {
        Err(format!(
            "after edit {i} the file on disk ({} bytes) is not the expected {} bytes",
            on_disk.len(),
            expect.len()
        ))
    }
}

/// One path a line, every `.rs` file and nothing else.
fn check_search(text: &str) -> Result<(), String> {
    let hits: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if hits.len() == TREE_RS && hits.iter().all(|h| h.trim_end().ends_with(".rs")) {
        Ok(())
    } else {
        Err(format!(
            "{} lines, expected {TREE_RS} paths ending in .rs; starts {:.200}",
            hits.len(),
            text
        ))
    }
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

/// The 10 MiB file, the same with its one `first line` replaced by `changed line`, and
/// the 1 KiB file.
struct Big {
    original: Vec<u8>,
    changed: Vec<u8>,
    small: Vec<u8>,
}

fn big_text() -> Big {
    let mut original = Vec::with_capacity(BIG_LINES * 80);
    for n in 0..BIG_LINES {
        if n == BIG_LINES / 2 {
            // Same 80 bytes as the others; the only place the edit's oldText occurs.
            writeln!(original, "{OLD}{}", ".".repeat(79 - OLD.len())).unwrap();
        } else {
            writeln!(
                original,
                "{n:07} lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusm"
            )
            .unwrap();
        }
    }
    let at = original
        .windows(OLD.len())
        .position(|w| w == OLD.as_bytes())
        .unwrap();
    let mut changed = original[..at].to_vec();
    changed.extend_from_slice(NEW.as_bytes());
    changed.extend_from_slice(&original[at + OLD.len()..]);
    let mut small = original[..SMALL_LINES * 80].to_vec();
    small.truncate(SMALL_LEN);
    Big {
        original,
        changed,
        small,
    }
}

/// tree/aI/bJ/ for I, J in 0..10, each with files fIJKK for KK in 0..100: KK < 60 in bJ/,
/// the rest in bJ/c/; every fourth is `.rs`, the others `.txt`.
fn make_tree(tree: &Path) {
    for i in 0..10 {
        for j in 0..10 {
            let dir = tree.join(format!("a{i}")).join(format!("b{j}"));
            std::fs::create_dir_all(dir.join("c")).expect("create the tree");
            for k in 0..100 {
                let (name, text) = if k % 4 == 0 {
                    (format!("f{i}{j}{k:02}.rs"), "fn main() {}\n")
                } else {
                    (format!("f{i}{j}{k:02}.txt"), "some text\n")
                };
                let path = if k < 60 {
                    dir.join(name)
                } else {
                    dir.join("c").join(name)
                };
                std::fs::write(path, text).expect("write a tree file");
            }
        }
    }
}

/// The reply must be a JSON tree (an array of {name, type, children?}) with every file,
/// the known one at its place.
fn check_tree(text: &str) -> Result<(), String> {
    let v: Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON ({e}); starts {:.200}", text))?;
    fn files(entries: &Value) -> usize {
        entries.as_array().map_or(0, |a| {
            a.iter()
                .map(|e| match e["type"].as_str() {
                    Some("file") => 1,
                    _ => files(&e["children"]),
                })
                .sum()
        })
    }
    let n = files(&v);
    if n != TREE_FILES {
        return Err(format!("{n} files in the tree, expected {TREE_FILES}"));
    }
    let mut at = &v;
    for name in KNOWN {
        at = at
            .as_array()
            .and_then(|a| a.iter().find(|e| e["name"] == name))
            .ok_or_else(|| format!("no {} in the tree", KNOWN.join("/")))?;
        if name != KNOWN[KNOWN.len() - 1] {
            at = &at["children"];
        }
    }
    Ok(())
}

/// A raw JSON-RPC client over a child's stdio. A thread reads stdout lines into a channel,
/// so that a server that hangs is a clear error after a timeout rather than a hung bench.
struct Client {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    next_id: u64,
    log: PathBuf,
    /// `_meta` sent with every request to a stateless (2026-07-28) server.
    meta: Option<Value>,
}

impl Client {
    fn spawn(spec: &ServerSpec, root: &Path, log: &Path) -> Result<Self, String> {
        let args: Vec<OsString> = spec
            .args
            .iter()
            .map(|a| a.map_or_else(|| root.as_os_str().to_owned(), OsString::from))
            .collect();
        let mut child = Command::new(&spec.program)
            .args(&args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(File::create(log).expect("create the stderr log"))
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", spec.program.display()))?;
        let stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::with_capacity(1 << 20, child.stdout.take().unwrap());
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            loop {
                let mut line = String::new();
                match stdout.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(Self {
            child,
            stdin,
            lines,
            next_id: 1,
            log: log.to_owned(),
            meta: spec.stateless.then(|| {
                json!({"io.modelcontextprotocol/protocolVersion": "2026-07-28",
                       "io.modelcontextprotocol/clientCapabilities": {}})
            }),
        })
    }

    /// The first exchange: `initialize` and `notifications/initialized`, or for a stateless
    /// server `server/discover`. The result, with `serverInfo` where `initialize` has it.
    fn initialize(&mut self) -> Result<Value, String> {
        if self.meta.is_some() {
            return self.discover();
        }
        let id = self.send(
            "initialize",
            json!({"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "filesystem_speed", "version": "0"}}),
        )?;
        let (_, reply) = self
            .response(id, Instant::now(), START_TIMEOUT)
            .map_err(|e| format!("no initialize reply: {e}"))?;
        let result = reply
            .get("result")
            .cloned()
            .ok_or_else(|| format!("initialize failed: {reply:.300}"))?;
        self.stdin
            .write_all(b"{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n")
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("initialized notification: {e}"))?;
        Ok(result)
    }

    fn discover(&mut self) -> Result<Value, String> {
        let id = self.send("server/discover", json!({}))?;
        let (_, reply) = self
            .response(id, Instant::now(), START_TIMEOUT)
            .map_err(|e| format!("no server/discover reply: {e}"))?;
        let mut result = reply
            .get("result")
            .cloned()
            .ok_or_else(|| format!("server/discover failed: {reply:.300}"))?;
        result["serverInfo"] = result["_meta"]["io.modelcontextprotocol/serverInfo"].clone();
        Ok(result)
    }

    /// One tools/call: the time until its whole reply line arrived, and the text of the
    /// reply's first text block. An error result or reply is an Err.
    fn call(&mut self, tool: &str, args: Value) -> Result<(Duration, String), String> {
        let t = Instant::now();
        let id = self.send("tools/call", json!({"name": tool, "arguments": args}))?;
        let (el, reply) = self.response(id, t, CALL_TIMEOUT)?;
        let result = reply
            .get("result")
            .ok_or_else(|| format!("error reply {reply:.300}"))?;
        let text = result["content"]
            .as_array()
            .and_then(|c| c.iter().find(|b| b["type"] == "text"))
            .and_then(|b| b["text"].as_str())
            .map(str::to_owned);
        if result["isError"] == true {
            return Err(format!("isError: {:.300}", text.unwrap_or_default()));
        }
        let text = text.ok_or_else(|| format!("no text block in {:.300}", result.to_string()))?;
        Ok((el, text))
    }

    fn send(&mut self, method: &str, params: Value) -> Result<u64, String> {
        let id = self.next_id;
        self.next_id += 1;
        let mut params = params;
        if let Some(meta) = &self.meta {
            params["_meta"] = meta.clone();
        }
        let mut line = serde_json::to_vec(
            &json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        )
        .unwrap();
        line.push(b'\n');
        self.stdin
            .write_all(&line)
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("cannot send {method} ({e}); {}", self.exit_reason()))?;
        Ok(id)
    }

    /// Waits for the response with this id, skipping notifications and the server's own
    /// requests; the time is taken when its line arrives, before it is parsed.
    fn response(
        &mut self,
        id: u64,
        t: Instant,
        timeout: Duration,
    ) -> Result<(Duration, Value), String> {
        loop {
            let left = timeout.saturating_sub(t.elapsed());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("no reply within {} s", timeout.as_secs()));
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("the server closed stdout; {}", self.exit_reason()));
                }
            };
            let el = t.elapsed();
            let v: Value = serde_json::from_str(&line)
                .map_err(|e| format!("stdout line is not JSON ({e}): {line:.200}"))?;
            if v.get("method").is_none() && v["id"] == id {
                return Ok((el, v));
            }
        }
    }

    /// The exit status (waiting up to 2 s) and the end of stderr, for a server that quit.
    fn exit_reason(&mut self) -> String {
        let deadline = Instant::now() + Duration::from_secs(2);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(s)) => break format!("it exited ({s})"),
                _ if Instant::now() >= deadline => break "it is still running".to_owned(),
                _ => std::thread::sleep(Duration::from_millis(20)),
            }
        };
        let err = std::fs::read_to_string(&self.log).unwrap_or_default();
        let tail: Vec<&str> = err.lines().rev().take(5).collect::<Vec<_>>();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        format!("{status}, stderr: {}", tail.join(" | "))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The columns, ours first.
const LABELS: [&str; 5] = ["ours", "official", "official-2", "rust-mcp-fs", "mcp-crate"];

/// Where speed-peers.sh installs the crate `modelcontextprotocol`, and its arguments: one
/// binary holds six servers, so the first argument picks the filesystem one (its docs/cli.md).
const MODELCONTEXTPROTOCOL_BIN: &str = "modelcontextprotocol-0.2.4/bin/modelcontextprotocol";
const MODELCONTEXTPROTOCOL_ARGS: [Option<&str>; 2] = [Some("filesystem"), None];

/// How a row picks its figure from a server's figures.
type Pick = Box<dyn Fn(&Figures) -> Option<Duration>>;

/// One row of the table: what it shows, how to pick it from a server's figures, and the
/// goal on ours / best peer, if any.
struct Row {
    what: String,
    pick: Pick,
    goal: Option<f64>,
}

fn rows() -> Vec<Row> {
    let mut rows = vec![Row {
        what: "start -> initialize reply, wall".into(),
        pick: Box::new(|f| Some(f.startup)),
        goal: Some(1.0),
    }];
    for (k, spec) in FIGURES.iter().enumerate() {
        rows.push(Row {
            what: format!("{}, wall p50", spec.what),
            pick: Box::new(move |f| f.calls[k]),
            goal: (spec.goal == Goal::Wall).then_some(GOAL),
        });
        rows.push(Row {
            what: format!("{}, server CPU", spec.what),
            pick: Box::new(move |f| f.cpu[k]),
            goal: (spec.goal == Goal::Cpu).then_some(GOAL),
        });
    }
    rows
}

fn print_table(outcomes: &[(&str, Outcome)]) {
    println!();
    print!("{:<48}", "figure (per call)");
    for (label, _) in outcomes {
        print!(" {label:>11}");
    }
    println!(" {:>9}  {:<10}", "ours/best", "goal");
    println!("{}", "-".repeat(48 + 12 * outcomes.len() + 22));
    for row in rows() {
        print!("{:<48}", row.what);
        let got: Vec<Option<Duration>> = outcomes
            .iter()
            .map(|(_, o)| o.as_ref().ok().and_then(|f| (row.pick)(f)))
            .collect();
        for g in &got {
            print!(" {:>11}", g.map_or("-".to_owned(), show));
        }
        let best = got[1..].iter().flatten().min().copied();
        let ratio = got[0]
            .zip(best)
            .filter(|(_, b)| !b.is_zero())
            .map(|(o, b)| o.as_secs_f64() / b.as_secs_f64());
        let ratio_s = ratio.map_or("-".to_owned(), |r| format!("{r:.2}"));
        let goal = match (row.goal, ratio) {
            (Some(g), Some(r)) => format!("<= {g} {}", if r <= g { "ok" } else { "MISSED" }),
            (Some(g), None) => format!("<= {g}"),
            (None, _) => "(noted)".to_owned(),
        };
        println!(" {ratio_s:>9}  {goal}");
    }
    println!();
    for (label, o) in outcomes {
        match o {
            Ok(f) => {
                println!("{label}: {}", f.version);
                for why in f.unable.iter().flatten() {
                    let why: String = why.split_whitespace().collect::<Vec<_>>().join(" ");
                    println!("  no figure for {why:.160}");
                }
            }
            Err(why) => println!("{label}: - {why}"),
        }
    }
}

/// A duration in the unit that suits it.
fn show(d: Duration) -> String {
    if d < Duration::from_millis(1) {
        format!("{:.0} µs", d.as_secs_f64() * 1e6)
    } else {
        format!("{:.1} ms", ms(d))
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}
