//! The reference server as a binary of this package, so tests can use CARGO_BIN_EXE_mcp-reference-e2e.
fn main() -> std::process::ExitCode {
    mcp_reference::run_cli(std::env::args_os())
}
