//! `mcp-harness` entry point; all logic lives in the library.
fn main() {}
