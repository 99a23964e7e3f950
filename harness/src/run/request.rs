//! What `mcp-harness run` is asked (`RunRequest`, filled from the command line) and the
//! server configuration it describes. A module of its own so that the run's phases
//! (`plan.rs`, `outputs.rs`, ...) read the request without importing `command.rs`, which
//! drives them.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::config::{Protocol, ServerConfig, ToolNames};
use crate::catalogue::Profile;

/// One run, as the command line asks for it.
#[derive(Debug, Clone, Default)]
pub struct RunRequest {
    pub server: Option<String>,
    /// The built-in reference over Streamable HTTP instead of stdio.
    pub http: bool,
    /// A running HTTP server (with `root`, its fixed root directory).
    pub url: Option<String>,
    pub root: Option<PathBuf>,
    pub tags: Option<String>,
    pub name: Option<String>,
    pub jobs: usize,
    pub timeout: Duration,
    /// Limit for a server's start-up and handshake; zero: the same as `timeout`.
    pub startup_timeout: Duration,
    /// Failure blocks in full (the handshake and long lines unfolded).
    pub verbose: bool,
    pub strict: bool,
    pub tool_names: ToolNames,
    pub protocol: Protocol,
    pub junit: Option<PathBuf>,
    pub json: Option<PathBuf>,
    pub report: Option<PathBuf>,
    /// A self-contained HTML page of the run.
    pub html: Option<PathBuf>,
    /// The JSON run summary (`report::summary`), what `compare` reads.
    pub summary: Option<PathBuf>,
    /// The server's name in the summary; `None`: the command.
    pub label: Option<String>,
    pub expect_fail: Option<PathBuf>,
    pub features: Option<PathBuf>,
    /// The interface to test against; `None`: detected from the server's tools (the
    /// built-in reference serves `rootspace` unless told otherwise).
    pub profile: Option<String>,
    /// An interface file (`--interface`): the shared cases on the server's own tools, as
    /// the file maps them, instead of a profile.
    pub interface: Option<PathBuf>,
    /// Where each scenario's root and outside area are made (`--scratch-dir`); `None`:
    /// `MCP_HARNESS_SCRATCH_DIR`, else the per-user default (`scratch::dir`).
    pub scratch_dir: Option<PathBuf>,
    /// The server's working directory (`--cwd`; `{root}`: the scenario's root); `None`:
    /// the harness's own.
    pub cwd: Option<String>,
    /// Environment variables for the server (from `--config`).
    pub env: Vec<(String, String)>,
}

/// The profile the built-in reference serves when none is named.
pub const DEFAULT_PROFILE: &str = "rootspace";

/// The one message for a profile name that names none (`run` and `list` alike).
pub fn unknown_profile(name: &str) -> String {
    format!(
        "--profile: no profile named {name:?}; the profiles are {}",
        crate::catalogue::embedded::profiles().join(", ")
    )
}

/// The server configuration a request describes, tested against `profile`.
pub fn server_config(req: &RunRequest, profile: Arc<Profile>) -> Result<ServerConfig, String> {
    if let Some(url) = &req.url {
        let Some(root) = &req.root else {
            return Err("--url needs --root DIR, the running server's root".into());
        };
        if !root.is_dir() {
            return Err(format!("--root {}: not a directory", root.display()));
        }
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            return Err(format!("--url {url:?}: not an http:// URL"));
        }
        let root = root
            .canonicalize()
            .map_err(|e| format!("--root {}: {e}", root.display()))?;
        let mut cfg = ServerConfig::url(url, &root, req.tool_names, profile);
        cfg.protocol = req.protocol;
        cfg.timeout = req.timeout;
        cfg.startup_timeout = startup_timeout(req);
        return Ok(cfg);
    }
    let mut cfg = match &req.server {
        Some(line) => ServerConfig {
            argv: ServerConfig::split_command(line)?,
            tool_names: req.tool_names,
            protocol: req.protocol,
            timeout: req.timeout,
            startup_timeout: startup_timeout(req),
            profile,
            cwd: None,
            env: req.env.clone(),
            announces_endpoint: false,
        },
        None => {
            let exe = ServerConfig::own_binary()?;
            if req.http {
                ServerConfig::reference_http(&exe.to_string_lossy(), req.tool_names, profile)
            } else {
                ServerConfig::reference(&exe.to_string_lossy(), req.tool_names, profile)
            }
        }
    };
    cfg.protocol = req.protocol;
    cfg.timeout = req.timeout;
    cfg.startup_timeout = startup_timeout(req);
    cfg.cwd = req.cwd.as_deref().map(working_dir).transpose()?;
    Ok(cfg)
}

/// `--cwd DIR`: `{root}` kept for each scenario to fill, else the directory made absolute
/// (so that it does not depend on where a server is started from).
pub fn working_dir(dir: &str) -> Result<String, String> {
    if dir.contains("{root}") {
        return Ok(dir.to_string());
    }
    std::path::Path::new(dir)
        .canonicalize()
        .ok()
        .filter(|d| d.is_dir())
        .map(|d| d.to_string_lossy().into_owned())
        .ok_or_else(|| {
            format!(
                "--cwd {dir}: not a directory; give an existing directory, or {{root}} for \
                 the scenario's root"
            )
        })
}

fn startup_timeout(req: &RunRequest) -> Duration {
    if req.startup_timeout.is_zero() {
        req.timeout
    } else {
        req.startup_timeout
    }
}
