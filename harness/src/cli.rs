//! The `mcp-harness` command line: `run` (also the default with no arguments), `list`,
//! `compare` (run summaries merged into one page), `completions`, `generate [--check]` (shown in the help where there is a catalogue to
//! render), and the hidden `serve-reference` that makes the harness its own default server.
//!
//! Output goes through `anstream`: colour on a terminal only (never with `NO_COLOR`), and a
//! closed pipe (`mcp-harness list | head`) ends the output quietly instead of a panic.

use std::ffi::OsString;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anstream::{eprintln, print, println};
use clap::{Args, CommandFactory as _, FromArgMatches as _, Parser, Subcommand, ValueEnum};

use crate::run::command::{RunRequest, run_command, unknown_profile};
use crate::run::config::{Protocol, ServerConfig, ToolNames};
use crate::run::starter::starter_seen;

/// Conformance harness for MCP servers offering file tools to LLM agents, one profile per
/// interface (the profiles are listed below).
///
/// With no arguments, runs every rootspace case against the built-in reference server.
#[derive(Debug, Parser)]
#[command(
    name = "mcp-harness",
    version,
    about,
    long_about = None,
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Without a subcommand, the options of `run` (e.g. `mcp-harness --profile lighthouse`).
    #[command(flatten)]
    run: RunArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the conformance cases against a server (the built-in reference by default).
    Run(Box<RunArgs>),
    /// List requirements, clarifications and cases with their tags, without running them.
    List(ListArgs),
    /// Render features/<profile>/*.feature from specs/<profile>/*.yaml (in a checkout).
    Generate(GenerateArgs),
    /// Interface files, for a server of an interface of its own (docs/interfaces.md).
    #[command(subcommand)]
    Interface(InterfaceCommand),
    /// Merge run summaries (`run --summary FILE`) of many servers into one comparison:
    /// one column per server, one row per case, severity first.
    Compare(CompareArgs),
    /// Print a completion script for SHELL, e.g. `mcp-harness completions bash >
    /// ~/.local/share/bash-completion/completions/mcp-harness`.
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Serve the built-in reference over stdio (used by `run`; same options as mcp-reference).
    #[command(hide = true)]
    ServeReference {
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<OsString>,
    },
}

#[derive(Debug, Subcommand)]
enum InterfaceCommand {
    /// Start the server, list its tools and input schemas, and write a commented starter
    /// interface file with guesses by names and schemas, for you to correct.
    Init(InitArgs),
}

#[derive(Debug, Args)]
struct InitArgs {
    /// Server command line, split like a shell; `{root}` becomes an empty directory.
    #[arg(long, value_name = "CMD")]
    server: String,
    /// The server's working directory [default: the current one]; `{root}` stands for the
    /// empty directory.
    #[arg(long, value_name = "DIR")]
    cwd: Option<String>,
    /// Write the starter file here [default: stdout].
    #[arg(long, short = 'o', value_name = "FILE")]
    output: Option<PathBuf>,
    /// Seconds to wait for the server to start and answer the handshake.
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = at_least_one)]
    startup_timeout: usize,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum ProtocolArg {
    /// The `initialize` handshake.
    #[value(name = "2025-11-25")]
    V2025,
    /// `server/discover`.
    #[value(name = "2026-07-28")]
    V2026,
    /// DRAFT, not a release: `server/discover` naming 2026-12-01, tool results read from
    /// `outputs` as SEP-3279's draft defines them (stdio only).
    #[value(name = "2026-12-01-draft")]
    V2026Draft,
    /// `server/discover`, falling back to `initialize`.
    Auto,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum TransportArg {
    Stdio,
    Http,
}

#[derive(Debug, Args)]
struct RunArgs {
    /// Server command line, split like a shell, started in the current directory (see
    /// --cwd); `{root}` becomes the scenario's root directory. With `{addr}` in it, the
    /// server is reached over Streamable HTTP at http://{addr}/mcp, `{addr}` being a free
    /// loopback HOST:PORT; `{auth_tokens}` becomes a file of the harness's bearer tokens
    /// (`TOKEN SCOPE...` per line); `{audit_log}` becomes a fresh file beside the root that
    /// the `@audit-log` cases read (skipped without it). Default: the built-in reference.
    #[arg(long, value_name = "CMD", conflicts_with = "url")]
    server: Option<String>,
    /// The server's working directory [default: the current one, as an MCP client starts
    /// a server]; `{root}` stands for the scenario's root, for a server that serves its
    /// working directory.
    #[arg(long, value_name = "DIR", conflicts_with = "url")]
    cwd: Option<String>,
    /// An MCP client's configuration file (Claude Desktop, Cursor: `mcpServers`; VS Code:
    /// `servers` or `mcp.servers`): the server's command, args and env, with `{root}`
    /// written where its directory goes; an entry with a `url` is a running server (give
    /// --root).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["server", "url"])]
    config: Option<PathBuf>,
    /// With --config: the server to test, when the file has several.
    #[arg(long, value_name = "NAME", requires = "config")]
    server_name: Option<String>,
    /// The built-in reference's transport: stdio, or Streamable HTTP on a free loopback
    /// port (with bearer tokens, so the authorization cases run too).
    #[arg(long, value_enum, value_name = "KIND", default_value = "stdio")]
    transport: TransportArg,
    /// A running Streamable HTTP server, e.g. http://127.0.0.1:8080/mcp. Its root must be
    /// given with --root: scenarios then run one at a time, and the harness empties that
    /// root (and its sibling <root>_evil) before each.
    #[arg(long, value_name = "URL", requires = "root")]
    url: Option<String>,
    /// With --url (or a --config entry with a url): the running server's root directory
    /// (it is emptied before each case).
    #[arg(long, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Only scenarios matching this tag expression, e.g. '@must and not @clarification'.
    #[arg(long, value_name = "EXPR")]
    tags: Option<String>,
    /// Only scenarios whose name (which starts with the case id) matches this regex.
    #[arg(long, value_name = "REGEX")]
    name: Option<String>,
    /// Scenarios run at once, each with its own server process [default: number of CPUs].
    #[arg(long, value_name = "N", value_parser = at_least_one)]
    jobs: Option<usize>,
    /// Seconds to wait for each request.
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = at_least_one)]
    timeout: usize,
    /// Seconds to wait for a server to start and answer the handshake (a loaded machine
    /// can take far longer to start a server than to answer one request).
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = at_least_one)]
    startup_timeout: usize,
    /// Show failures in full: the handshake and long lines unfolded, and the failures the
    /// baseline expects as whole blocks.
    #[arg(long, short = 'v')]
    verbose: bool,
    /// Let failing SHOULD-level cases fail the run (otherwise they are only reported).
    #[arg(long)]
    strict: bool,
    /// Tool name spelling of the server: file.create or file_create.
    #[arg(long, value_enum, value_name = "STYLE", default_value = "dotted")]
    tool_names: ToolNames,
    /// Protocol era: legacy initialize, server/discover, discover with fallback, or the
    /// next release's draft (2026-12-01-draft: a draft, not a release).
    #[arg(long, value_enum, value_name = "VERSION", default_value = "auto")]
    protocol: ProtocolArg,
    /// Write a JUnit XML report.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write a Cucumber JSON report.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Write a Markdown requirement matrix (for a README).
    #[arg(long, value_name = "FILE")]
    report: Option<PathBuf>,
    /// Write a self-contained HTML page: the totals, the requirement matrix, and each
    /// failure with its exchange, with filters for core cases and clarifications.
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write a JSON run summary: the server, the verdict and each case's result and
    /// severity (docs/reports.md), what `mcp-harness compare` merges.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
    /// The server's name in the run summary [default: --server-name, else the command].
    #[arg(long, value_name = "NAME")]
    label: Option<String>,
    /// Baseline of known-failing case ids (one per line, `#` comments); listed cases may
    /// fail, and a listed case that passes fails the run as stale.
    #[arg(long, value_name = "FILE")]
    expect_fail: Option<PathBuf>,
    /// Read *.feature files from this directory (or its <profile>/ subdirectory) instead of
    /// the embedded ones.
    #[arg(long, value_name = "DIR")]
    features: Option<PathBuf>,
    /// The interface to test (the names are set from the catalogue in `command()`).
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
    /// A server of an interface of its own: FILE maps the shared checks' abstract operations
    /// (read, create, overwrite, delete, delete_tree, list, move) onto its tools, and the run
    /// is those checks. `mcp-harness interface init` writes a starter file (docs/interfaces.md).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["profile", "features"])]
    interface: Option<PathBuf>,
    /// Make each scenario's root and outside area in this directory [default: the
    /// environment variable MCP_HARNESS_SCRATCH_DIR, else /var/tmp/mcp-harness-<uid>: not
    /// the system's temporary directory, the home directory or the working directory, which
    /// some servers always allow]. The @casefold-root cases run only where names there fold
    /// case.
    #[arg(long, value_name = "DIR")]
    scratch_dir: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct ListArgs {
    /// Only this profile [default: every profile].
    #[arg(long, value_name = "NAME")]
    profile: Option<String>,
}

#[derive(Debug, Args)]
struct CompareArgs {
    /// Run summaries, one per server, in the order of the columns.
    #[arg(value_name = "RUN.json", required = true)]
    runs: Vec<PathBuf>,
    /// Write the comparison page here (self-contained HTML).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Write the comparison as Markdown here [default, without --html: stdout].
    #[arg(long, value_name = "FILE")]
    markdown: Option<PathBuf>,
}

#[derive(Debug, Args)]
struct GenerateArgs {
    /// Write nothing; fail if features/ differs from what specs/ renders to.
    #[arg(long)]
    check: bool,
    /// Catalogue directory [default: ./specs, else the workspace's].
    #[arg(long, value_name = "DIR")]
    specs: Option<PathBuf>,
    /// Output directory [default: next to the specs directory].
    #[arg(long, value_name = "DIR")]
    features: Option<PathBuf>,
}

/// `--jobs` and `--timeout`: a whole number of at least 1 (0 would mean no scenario ever
/// runs, or every request times out at once).
fn at_least_one(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(0) => Err("must be at least 1".into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("{s:?} is not a whole number")),
    }
}

/// Entry point used by `main`.
pub fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    // Fast path: the reference is started once per scenario, so skip clap here.
    if args.get(1).is_some_and(|a| a == "serve-reference") {
        let mut ref_args = vec![OsString::from("mcp-reference")];
        ref_args.extend(args.into_iter().skip(2));
        return mcp_reference::run_cli(ref_args);
    }
    // Before any thread writes: no closed pipe panics a writer, and Ctrl-C ends the run
    // cleanly.
    crate::pipes::protect();
    crate::run::interrupt::watch();
    let code = run(args);
    crate::pipes::finish();
    code
}

/// The text after `--help`: exit codes, examples and the profiles of the catalogue.
fn after_help(profiles: &str) -> String {
    format!(
        "Exit codes:
  0  every case that counts passed (SHOULD-level failures count only with --strict;
     failures listed in the --expect-fail baseline never do)
  1  a case that counts failed, a baseline entry passed (stale), or a feature did not parse
  2  usage error, or no case could run (the server did not start, or offers another
     interface)

Examples:
  mcp-harness                                     the rootspace suite, built-in reference
  mcp-harness run --server 'node srv.js {{root}}'   your server; the profile is detected
  mcp-harness run --server '...' --tags 'not @clarification'
                                                  the source's requirements only
  mcp-harness run --server '...' --expect-fail known.txt --html report.html
  mcp-harness list --profile filesystem           the catalogue, without running
  mcp-harness completions bash > ~/.local/share/bash-completion/completions/mcp-harness

Profiles: {profiles}"
    )
}

/// The command line, with the catalogue's profile names in the help, and `generate`
/// shown only where there is a catalogue to render.
fn command() -> clap::Command {
    let names = crate::catalogue::embedded::profiles().join(", ");
    let profile_help = format!(
        "The interface to test: {names} [default: detected from the server's tools; \
         rootspace for the built-in reference]"
    );
    let run_help = profile_help.clone();
    let mut cmd = Cli::command()
        .after_help(after_help(&names))
        .mut_arg("profile", |a| a.help(profile_help))
        .mut_subcommand("run", |c| {
            c.mut_arg("profile", |a| a.help(run_help))
                .after_help(after_help(&names))
        })
        .mut_subcommand("list", |c| {
            c.mut_arg("profile", |a| {
                a.help(format!(
                    "Only this profile ({names}) [default: every profile]"
                ))
            })
        });
    if !default_specs().is_dir() {
        cmd = cmd.mut_subcommand("generate", |c| c.hide(true));
    }
    cmd
}

/// Parse and execute (exit codes: 0 pass, 1 failures, 2 usage or server start-up).
pub fn run(args: Vec<OsString>) -> ExitCode {
    // `mcp-harness --transport http` and the like: options without a subcommand are `run`'s.
    let mut args = args;
    if args
        .get(1)
        .and_then(|a| a.to_str())
        .is_some_and(|a| a.starts_with("--") && !matches!(a, "--help" | "--version"))
    {
        args.insert(1, OsString::from("run"));
    }
    let parsed = command()
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        // No subcommand: `run` with the options given at the top level.
        None => run_cmd(cli.run),
        Some(Command::Run(a)) => run_cmd(*a),
        Some(Command::List(l)) => list(l.profile.as_deref()),
        Some(Command::Generate(g)) => generate(g),
        Some(Command::Interface(InterfaceCommand::Init(a))) => interface_init(a),
        Some(Command::Compare(c)) => compare(c),
        Some(Command::Completions { shell }) => completions(shell),
        Some(Command::ServeReference { args }) => {
            let mut ref_args = vec![OsString::from("mcp-reference")];
            ref_args.extend(args);
            mcp_reference::run_cli(ref_args)
        }
    }
}

fn run_cmd(a: RunArgs) -> ExitCode {
    let mut req = RunRequest {
        server: a.server,
        http: matches!(a.transport, TransportArg::Http),
        url: a.url,
        root: a.root,
        tags: a.tags,
        name: a.name,
        jobs: a
            .jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
        timeout: Duration::from_secs(a.timeout as u64),
        startup_timeout: Duration::from_secs(a.startup_timeout as u64),
        verbose: a.verbose,
        strict: a.strict,
        tool_names: a.tool_names,
        protocol: match a.protocol {
            ProtocolArg::V2025 => Protocol::V2025_11_25,
            ProtocolArg::V2026 => Protocol::V2026_07_28,
            ProtocolArg::V2026Draft => Protocol::V2026_12_01Draft,
            ProtocolArg::Auto => Protocol::Auto,
        },
        junit: a.junit,
        json: a.json,
        report: a.report,
        html: a.html,
        summary: a.summary,
        label: a.label.or_else(|| a.server_name.clone()),
        expect_fail: a.expect_fail,
        features: a.features,
        profile: a.profile,
        interface: a.interface,
        scratch_dir: a.scratch_dir,
        cwd: a.cwd,
        env: Vec::new(),
    };
    if let Some(path) = &a.config
        && let Err(e) = crate::run::mcp_config::apply(&mut req, path, a.server_name.as_deref())
    {
        eprintln!("mcp-harness: {e}");
        return ExitCode::from(2);
    }
    if req.url.is_some() && a.jobs.is_some_and(|j| j > 1) {
        eprintln!(
            "mcp-harness: --jobs is ignored with --url: a running server has one root, so its \
             cases run one at a time; leave --jobs out"
        );
        return ExitCode::from(2);
    }
    ExitCode::from(run_command(req))
}

fn list(profile: Option<&str>) -> ExitCode {
    if let Some(name) = profile
        && !crate::catalogue::embedded::profiles().contains(&name)
    {
        eprintln!("mcp-harness: {}", unknown_profile(name));
        return ExitCode::from(2);
    }
    let loaded = match profile {
        Some(name) => crate::catalogue::load_embedded(name).map(|c| vec![c]),
        None => crate::catalogue::load_embedded_all(),
    };
    match loaded {
        Ok(cats) => {
            for cat in &cats {
                print!("{}", crate::generate::list(cat));
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mcp-harness: {e}");
            ExitCode::from(2)
        }
    }
}

/// `interface init`: the server's tools, turned into a starter interface file.
fn interface_init(a: InitArgs) -> ExitCode {
    let made = ServerConfig::split_command(&a.server).and_then(|argv| {
        let mut cfg = ServerConfig::reference("", ToolNames::Dotted, Default::default());
        cfg.argv = argv;
        cfg.cwd = a
            .cwd
            .as_deref()
            .map(crate::run::command::working_dir)
            .transpose()?;
        cfg.startup_timeout = Duration::from_secs(a.startup_timeout as u64);
        crate::run::probe::starter_seen(&cfg)
            .map(|(tools, seen)| starter_seen(&tools, &a.server, &seen))
    });
    crate::run::scratch::tidy();
    let text = match made {
        Ok(t) => t,
        Err(e) => {
            eprintln!("mcp-harness interface init: {e}");
            return ExitCode::from(2);
        }
    };
    match &a.output {
        None => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Some(path) => match std::fs::write(path, text) {
            Ok(()) => {
                eprintln!(
                    "mcp-harness: wrote {}; correct its guesses, then run `mcp-harness run \
                     --interface {} --server CMD`",
                    path.display(),
                    path.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!(
                    "mcp-harness interface init: cannot write {}: {e}",
                    path.display()
                );
                ExitCode::from(2)
            }
        },
    }
}

/// `compare`: the summaries read, then each output written; exit 2 on a file that cannot
/// be read or written.
fn compare(a: CompareArgs) -> ExitCode {
    let runs: Result<Vec<_>, String> = a
        .runs
        .iter()
        .map(|p| crate::run::report::summary::read(p))
        .collect();
    let runs = match runs {
        Ok(r) => r,
        Err(e) => {
            eprintln!("mcp-harness compare: {e}");
            return ExitCode::from(2);
        }
    };
    let c = crate::compare::Comparison::of(&runs);
    let md = crate::compare::markdown::render(&c);
    if a.html.is_none() && a.markdown.is_none() {
        print!("{md}");
        return ExitCode::SUCCESS;
    }
    let outputs = [(a.html, crate::compare::html::render(&c)), (a.markdown, md)];
    for (path, text) in outputs {
        if let Some(path) = path
            && let Err(e) = std::fs::write(&path, text)
        {
            eprintln!("mcp-harness compare: cannot write {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    ExitCode::SUCCESS
}

/// The completion script for `shell`, on stdout (a closed pipe ends it quietly).
fn completions(shell: clap_complete::Shell) -> ExitCode {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut command(), "mcp-harness", &mut script);
    let _ = std::io::stdout().write_all(&script);
    ExitCode::SUCCESS
}

/// `./specs` when it exists, else the workspace this binary was built from.
fn default_specs() -> PathBuf {
    let here = PathBuf::from("specs");
    if here.is_dir() {
        return here;
    }
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("specs")
}

fn generate(g: GenerateArgs) -> ExitCode {
    let specs = g.specs.unwrap_or_else(default_specs);
    let features = g.features.unwrap_or_else(|| {
        specs
            .parent()
            .map_or_else(|| PathBuf::from("features"), |p| p.join("features"))
    });
    match crate::generate::generate(&specs, &features, g.check) {
        Ok(outcome) => {
            println!("{outcome}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mcp-harness generate: {e}");
            ExitCode::from(1)
        }
    }
}
