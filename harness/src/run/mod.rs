//! Executing the features against a server: the cucumber World and steps, the server
//! process and tee'd rmcp client, and the reports.

pub mod capabilities;
pub mod client;
pub mod collect;
pub mod command;
pub mod config;
pub mod controls;
pub mod decided;
pub mod disk;
pub mod disk_watch;
pub mod exchange;
pub mod http;
pub mod interface;
pub mod interrupt;
pub mod mcp_config;
pub mod outcome;
pub mod outputs;
pub mod paged;
pub mod panics;
pub mod parser;
pub mod plan;
pub mod probe;
pub mod process_group;
pub mod refusals_seen;
pub mod report;
pub mod request;
pub mod scratch;
pub mod server;
pub mod starter;
pub mod starter_limits;
pub mod starter_schemas;
pub mod steps;
pub mod suite;
pub mod swapper;
pub mod transport;
pub mod world;
