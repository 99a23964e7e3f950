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

/// What the server prints on stderr once it listens over HTTP, followed by its endpoint URL
/// (`http://HOST:PORT/mcp`). Started with port 0, it binds a port of its own choosing, and
/// a client reads where from this line: no port is found free and then taken by another.
pub const ANNOUNCEMENT: &str = "mcp-reference: serving Streamable HTTP at ";

/// The endpoint URL a line of the server's stderr announces, if it is the announcement.
pub fn announced_endpoint(line: &str) -> Option<&str> {
    let url = line.split(ANNOUNCEMENT).nth(1)?.trim();
    url.starts_with("http://").then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_announcement_gives_the_endpoint_and_nothing_else_does() {
        let line = format!("{ANNOUNCEMENT}http://127.0.0.1:43895/mcp\n");
        assert_eq!(
            announced_endpoint(&line),
            Some("http://127.0.0.1:43895/mcp")
        );
        assert_eq!(
            announced_endpoint("mcp-reference: error: cannot listen"),
            None
        );
        assert_eq!(announced_endpoint(&format!("{ANNOUNCEMENT}\n")), None);
    }
}
