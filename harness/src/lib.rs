//! The conformance harness: the requirement catalogue, the Gherkin generated from it,
//! and the runner that executes it against any MCP server over stdio.

pub mod catalogue;
pub mod cli;
pub mod compare;
pub mod generate;
pub mod pipes;
pub mod reply;
pub mod run;
