//! `mcp-harness` entry point; all logic lives in the library (`mcp_harness::cli`).

fn main() -> std::process::ExitCode {
    mcp_harness::cli::main()
}
