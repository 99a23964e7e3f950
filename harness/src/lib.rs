//! The conformance harness: the requirement catalogue, the Gherkin generated from it,
//! and the runner that executes it against any MCP server over stdio.

// Functions stay short: at most 120 lines (clippy.toml), as ARCHITECTURE.md asks.
#![warn(clippy::too_many_lines)]

pub mod catalogue;
pub mod cli;
pub mod compare;
pub mod generate;
pub mod pipes;
pub mod reply;
pub mod run;
