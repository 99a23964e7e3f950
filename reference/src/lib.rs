//! Reference MCP server for the RootSpace text-file interface (ADR-0005): six tools
//! (file.create, file.remove, text.read, text.replace, text.insert, text.append) and the
//! resource template `list://{path}`, served over stdio or Streamable HTTP (`http/`),
//! confined to one root directory.
//!
//! Module map: `cli` (arguments), `server` (the one dispatch place), `tools/` (one file
//! per tool), `transport` (stdio framing), and pure logic in `paths`, `lines`, `edit`,
//! `hash`, `errors`, with filesystem access only in `sandbox`, `atomic` and `locks`.

pub mod atomic;
pub mod cli;
pub mod edit;
pub mod errors;
#[cfg(feature = "faults")]
pub mod faults;
pub mod hash;
#[cfg(feature = "http")]
pub mod http;
pub mod json;
pub mod lines;
pub mod locks;
pub mod paths;
pub mod sandbox;
pub mod server;
pub mod tools;
pub mod transport;

use std::ffi::OsString;
use std::io::Write;
use std::process::ExitCode;

/// Name reported in `serverInfo`.
pub const SERVER_NAME: &str = "mcp-reference";

/// Largest file served (decision 17): 256 MiB.
pub const MAX_FILE_SIZE: u64 = 256 * 1024 * 1024;

/// Parses `args` (including argv[0]), then serves MCP over stdin/stdout until EOF.
///
/// Exit codes: 0 after a normal end of input, 2 for usage errors (one line on stderr),
/// 1 if serving failed.
pub fn run_cli<I, T>(args: I) -> ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let cli = match cli::parse(args) {
        cli::Parsed::Run(cli) => cli,
        cli::Parsed::Print(text) => {
            let _ = std::io::stdout().write_all(text.as_bytes());
            return ExitCode::SUCCESS;
        }
        cli::Parsed::Usage(line) => {
            eprintln!("{line}");
            return ExitCode::from(2);
        }
    };
    let sandbox = match sandbox::Sandbox::open(&cli.root) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "mcp-reference: error: cannot open root {:?}: {e}",
                cli.root.display().to_string()
            );
            return ExitCode::from(2);
        }
    };
    let ctx = tools::Ctx {
        sandbox,
        locks: locks::Locks::default(),
    };
    let server = server::ReferenceServer::new(ctx, cli.name_style());
    if let Some(addr) = &cli.http {
        return serve_http(server, &cli, addr);
    }
    // If the caller already runs inside a Tokio runtime, serve from a fresh thread:
    // a runtime cannot be started (blocked on) from within another one.
    if tokio::runtime::Handle::try_current().is_ok() {
        return std::thread::scope(|s| {
            s.spawn(|| serve(server))
                .join()
                .unwrap_or(ExitCode::FAILURE)
        });
    }
    serve(server)
}

/// Serves Streamable HTTP until SIGINT/SIGTERM (exit 2 for a bad address or token file).
#[cfg(feature = "http")]
fn serve_http(server: server::ReferenceServer, cli: &cli::Cli, addr: &str) -> ExitCode {
    let usage = |m: String| {
        eprintln!("mcp-reference: error: {m}");
        ExitCode::from(2)
    };
    let addr = match http::parse_addr(addr) {
        Ok(a) => a,
        Err(m) => return usage(m),
    };
    let tokens = match cli.auth_tokens.as_deref().map(http::auth::Tokens::load) {
        None => None,
        Some(Ok(t)) => Some(t),
        Some(Err(m)) => return usage(m),
    };
    if cli.max_sessions == 0 || cli.max_body_bytes == 0 {
        return usage("--max-sessions and --max-body-bytes must be at least 1".into());
    }
    let opts = http::HttpOptions {
        addr,
        tokens,
        max_sessions: cli.max_sessions,
        max_body: cli.max_body_bytes,
        allowed_origins: cli.allow_origin.clone(),
        allowed_hosts: cli.allow_host.clone(),
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
        let code = runtime.block_on(http::serve(server, opts));
        runtime.shutdown_timeout(std::time::Duration::from_secs(2));
        code
    };
    if tokio::runtime::Handle::try_current().is_ok() {
        return std::thread::scope(|s| s.spawn(run).join().unwrap_or(ExitCode::FAILURE));
    }
    run()
}

#[cfg(not(feature = "http"))]
fn serve_http(_: server::ReferenceServer, _: &cli::Cli, _: &str) -> ExitCode {
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
fn serve(server: server::ReferenceServer) -> ExitCode {
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
    let code = runtime.block_on(transport::serve_stdio(server));
    runtime.shutdown_timeout(std::time::Duration::from_secs(2));
    code
}
