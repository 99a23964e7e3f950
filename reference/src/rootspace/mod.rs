//! The rootspace profile (SubLang RootSpace, MCP-0xx in `specs/rootspace/`): its
//! `ProfileHandler` (`server.rs`, the one place where its requests are dispatched) and its
//! six tools (`tools/`, one file each). It reaches files only through the shared `Storage`
//! seam.

pub mod server;
pub mod tools;
