//! Reference MCP server for file-tool interfaces, served over stdio or Streamable HTTP
//! (`http/`) and confined to its root directories. Each interface is a profile
//! (`--profile`), one folder of these sources and one row of `profiles::PROFILES`:
//! `rootspace` (the default: six tools file.create, file.remove, text.read, text.replace,
//! text.insert, text.append and the resource template `list://{path}`), `lighthouse`
//! (read, write, edit, delete), `devs` (filesystem_operation, apply_surgical_edits),
//! `editor` (file/open, file/read, file/save, file/close, as tools and as methods) and
//! `filesystem` (the official filesystem server's fourteen tools).
//!
//! Module map: `cli` (arguments) and `serving` (its HTTP settings), `profiles` (the
//! table) and `profile_server` (what a profile provides), `tool_server` (the one
//! `ServerHandler`, generic over a profile's `ProfileHandler`), one folder per profile
//! (`rootspace/`: its `server` and `tools/`, re-exported at the crate root), `transport`
//! (stdio framing for any handler), `http/`, `audit` (the audit log), the code every
//! profile shares (`host_roots`, `request_error`, `name_style`, `limits`) and pure logic in
//! `paths`, `lines`, `edit`, `hash`, `errors`. Tools reach files only through the
//! `storage` seam, whose production implementation is `sandbox` (cap-std root), `atomic`
//! (with `temp_names`), `locks` and `filelock` (the lock between processes).

pub mod atomic;
pub mod audit;
pub mod bulk;
pub mod cli;
pub mod devs;
pub mod edit;
pub mod editor;
pub mod errors;
pub mod filelock;
pub mod filesystem;
pub mod hash;
pub mod host_roots;
pub mod housekeeping;
#[cfg(feature = "http")]
pub mod http;
/// Fast JSON text for large replies: its own crate (`reference/json`), compiled optimized
/// even in debug builds (the workspace's Cargo.toml says why).
pub use mcp_reference_json as json;
pub mod lighthouse;
pub mod limits;
pub mod lines;
pub mod locks;
pub mod name_style;
pub mod paths;
pub mod profile_server;
pub mod profiles;
pub mod request_error;
pub mod rootspace;
pub mod sandbox;
pub mod serving;
pub mod storage;
pub mod temp_names;
pub mod tool_server;
pub mod transport;

// The rootspace profile's modules keep their crate-level paths (`crate::server`,
// `mcp_reference::tools`), which the other layers and the e2e-tests crate use.
pub use rootspace::{server, tools};

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;
use std::sync::Arc;

/// Name reported in `serverInfo`.
pub const SERVER_NAME: &str = "mcp-reference";

/// Largest file served (CLR-028): 256 MiB.
pub const MAX_FILE_SIZE: u64 = 256 * 1024 * 1024;

/// Parses `args` (including argv[0]), then serves the chosen profile over stdin/stdout
/// until EOF.
///
/// Exit codes: 0 after a normal end of input, 2 for usage errors (one line on stderr),
/// 1 if serving failed.
pub fn run_cli<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let (cli, storage) = match start(args) {
        Ok(started) => started,
        Err(code) => return code,
    };
    let http = cli.http_settings();
    (cli.profile.entry().serve)(&cli.profile_options(), http.as_ref(), storage)
}

/// Serves the profile `P` on the opened root: its handler built from the command-line
/// options, over HTTP with `--http`, else over stdio.
fn serve_profile<P: profile_server::ProfileServer>(
    options: &profile_server::ProfileOptions,
    http: Option<&serving::HttpSettings>,
    storage: storage::Rooted,
) -> ExitCode {
    let server = match P::build(options, storage) {
        Ok(profile) => tool_server::ToolServer(profile),
        Err(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    match http {
        Some(settings) => {
            let (is_mutation, limits) = (server.0.is_mutation(), server.0.limits());
            serve_http(server, is_mutation, limits, settings)
        }
        None => {
            let limits = server.0.limits();
            launch(server, limits)
        }
    }
}

/// `run_cli` with the profile's handler built by `build` from the parsed command line and
/// the storage on the root, served on stdio by the one `ToolServer`. This is the seam where
/// an embedder puts another `Storage` or wraps the handler (the e2e-tests crate does both
/// to prove the harness). The builder decides what to serve; `cli.profile` says what was
/// asked for.
pub fn run_cli_with<I, T, P>(
    args: I,
    build: impl FnOnce(&cli::Cli, storage::Rooted) -> P,
) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
    P: tool_server::ProfileHandler,
{
    match start(args) {
        Ok((cli, storage)) => {
            let server = tool_server::ToolServer(build(&cli, storage));
            launch(server, Default::default())
        }
        Err(code) => code,
    }
}

/// Parses the command line and opens the root, or says why not (with the exit code).
fn start<I, T>(args: I) -> Result<(cli::Cli, storage::Rooted), ExitCode>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match cli::parse(args) {
        cli::Parsed::Run(cli) => *cli,
        cli::Parsed::Print(text) => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            return Err(ExitCode::SUCCESS);
        }
        cli::Parsed::Usage(line) => {
            eprintln!("{line}");
            return Err(ExitCode::from(2));
        }
    };
    match storage::Rooted::open(&cli.root) {
        Ok(s) => {
            housekeeping::sweep_stale_temps_later(&cli.root);
            Ok((cli, s))
        }
        Err(e) => {
            eprintln!(
                "mcp-reference: error: cannot open root {:?}: {e}",
                cli.root.display().to_string()
            );
            Err(ExitCode::from(2))
        }
    }
}

/// Serves `server` on stdio within `limits`.
fn launch<H: rmcp::ServerHandler>(server: H, limits: Arc<limits::Limits>) -> ExitCode {
    // If the caller already runs inside a Tokio runtime, serve from a fresh thread:
    // a runtime cannot be started (blocked on) from within another one.
    if tokio::runtime::Handle::try_current().is_ok() {
        return std::thread::scope(|s| {
            s.spawn(|| serve(server, limits))
                .join()
                .unwrap_or(ExitCode::FAILURE)
        });
    }
    serve(server, limits)
}

/// Serves Streamable HTTP until SIGINT/SIGTERM (exit 2 for a bad address or token file).
#[cfg(feature = "http")]
fn serve_http<S: rmcp::ServerHandler + Clone + Send + 'static>(
    server: S,
    is_mutation: profile_server::IsMutation,
    limits: Arc<limits::Limits>,
    settings: &serving::HttpSettings,
) -> ExitCode {
    let opts = match http_options(settings) {
        Ok(opts) => opts,
        Err(m) => {
            eprintln!("mcp-reference: error: {m}");
            return ExitCode::from(2);
        }
    };
    let run = move || {
        // Many sessions at once: a multi-threaded runtime; file I/O still goes to the
        // blocking pool as over stdio.
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
        {
            Ok(rt) => rt,
            Err(e) => {
                eprintln!("mcp-reference: error: cannot start the async runtime: {e}");
                return ExitCode::FAILURE;
            }
        };
        housekeeping::sweep_soon();
        let code = runtime.block_on(http::serve(server, is_mutation, limits, opts));
        runtime.shutdown_timeout(std::time::Duration::from_secs(2));
        code
    };
    if tokio::runtime::Handle::try_current().is_ok() {
        return std::thread::scope(|s| s.spawn(run).join().unwrap_or(ExitCode::FAILURE));
    }
    run()
}

/// The HTTP settings checked: the address parsed, the token file read, the caps at least 1.
#[cfg(feature = "http")]
fn http_options(settings: &serving::HttpSettings) -> Result<http::HttpOptions, String> {
    let addr = http::parse_addr(&settings.addr)?;
    let tokens = match settings.auth_tokens.as_deref() {
        None => None,
        Some(file) => Some(http::auth::Tokens::load(file)?),
    };
    if settings.max_sessions == 0 || settings.max_body_bytes == 0 {
        return Err("--max-sessions and --max-body-bytes must be at least 1".into());
    }
    Ok(http::HttpOptions {
        addr,
        tokens,
        max_sessions: settings.max_sessions,
        max_sessions_per_token: settings.max_sessions_per_token,
        max_body: settings.max_body_bytes,
        allowed_origins: settings.allow_origin.clone(),
        allowed_hosts: settings.allow_host.clone(),
    })
}

#[cfg(not(feature = "http"))]
fn serve_http<S>(
    _: S,
    _: profile_server::IsMutation,
    _: Arc<limits::Limits>,
    _: &serving::HttpSettings,
) -> ExitCode {
    eprintln!(
        "mcp-reference: error: this build has no HTTP support (rebuild with the `http` feature)"
    );
    ExitCode::from(2)
}

/// Builds the runtime and serves until stdin ends.
///
/// One async thread: request handling is light (parse, dispatch, small reads inline)
/// and a single thread avoids cross-thread wake-ups per request, which measured about a
/// third less CPU per call than a two-worker pool. Anything heavy (large reads, every
/// mutation with its fsync) runs on the blocking pool, and replies are written by a
/// dedicated thread, so requests are still handled concurrently.
fn serve<H: rmcp::ServerHandler>(server: H, limits: Arc<limits::Limits>) -> ExitCode {
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("mcp-reference: error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = runtime.block_on(transport::serve_stdio(server, limits));
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    code
}
