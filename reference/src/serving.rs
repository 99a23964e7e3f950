//! How the server is reached, as the command line says: over stdio, or over Streamable
//! HTTP with these settings (`--http ADDR` and its options). `cli.rs` fills them in and
//! `lib.rs` serves by them; a module of its own so that the profile table, which serves
//! each profile, need not import the command line.

use std::path::PathBuf;

/// The HTTP options of the command line, as given (checked when serving starts).
#[derive(Debug, Clone)]
pub struct HttpSettings {
    /// `--http ADDR`: HOST:PORT or a port.
    pub addr: String,
    /// `--auth-tokens FILE`.
    pub auth_tokens: Option<PathBuf>,
    pub max_sessions: usize,
    pub max_sessions_per_token: usize,
    pub max_body_bytes: usize,
    /// `--allow-origin`, repeatable.
    pub allow_origin: Vec<String>,
    /// `--allow-host`, repeatable.
    pub allow_host: Vec<String>,
}
