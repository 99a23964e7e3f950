//! One integration-test binary for the reference server (one binary links faster than ten).
//!
//! Every module spawns `mcp-reference-e2e` (this package's copy of the reference binary)
//! with a fresh root and drives it over stdio, through rmcp's client or raw JSON-RPC lines
//! (`http`: over Streamable HTTP with raw requests).

mod common;
mod raw;

mod cli;
mod concurrency;
mod crash;
mod devs;
mod draft_variants;
mod editor;
mod eras;
mod errors;
mod harness_probe;
mod http;
mod interface_file;
mod lighthouse;
mod listing;
mod naming;
mod paths;
mod robustness;
mod symlink_race;
mod tools_list;
mod tools_mutate;
mod tools_read;
