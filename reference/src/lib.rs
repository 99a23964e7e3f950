//! Reference MCP server for the RootSpace text-file interface (ADR-0005): six tools
//! (file.create, file.remove, text.read, text.replace, text.insert, text.append) and the
//! resource template `list://{path}`, served over stdio, confined to one root directory.
//!
//! Module map: `cli` (arguments), `server` (the one dispatch place), `tools/` (one file
//! per tool), `transport` (stdio framing), and pure logic in `paths`, `lines`, `edit`,
//! `hash`, `errors`, with filesystem access only in `sandbox`, `atomic` and `locks`.

pub mod atomic;
pub mod cli;
pub mod edit;
pub mod errors;
pub mod hash;
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
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
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
