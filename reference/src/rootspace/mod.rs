//! The rootspace profile (SubLang RootSpace, ADR-0005): its rmcp `ServerHandler`
//! (`server.rs`, the one place where its requests are dispatched) and its six tools
//! (`tools/`, one file each). It reaches files only through the shared `Storage` seam.

pub mod server;
pub mod tools;
