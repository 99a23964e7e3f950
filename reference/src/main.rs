//! Binary entry point: everything lives in the library so the harness can embed it.
use std::process::ExitCode;

fn main() -> ExitCode {
    mcp_reference::run_cli(std::env::args_os())
}
