//! How to reach the server under test: command line, the profile (interface) it is tested
//! against, tool naming, protocol era, timeout, and the transport, which the command line
//! implies: `{addr}` in it means Streamable HTTP on a free loopback port, and a running
//! server at a URL is encoded as `[URL_MARK, url, root]` (so `ServerConfig` keeps its
//! fields and literal form).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use crate::catalogue::Profile;

/// How the server under test is believed to spell the catalogue's tool names (the
/// harness's `--tool-names`): the harness maps each catalogue name, always written dotted,
/// to it and respells expected messages by it. One meaning: what the harness assumes of
/// whatever server it tests. The reference's `NameStyle` is another: the option choosing
/// how the reference serves its own names. The two share their values only because a run
/// against the built-in reference forwards `--tool-names underscore` to it (`reference`
/// below; a test checks the reference accepts it); a shared crate for two words would
/// couple the harness's view of any server to one implementation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ToolNames {
    /// `file.create`, `text.read`, ... (the catalogue's spelling).
    #[default]
    Dotted,
    /// `file_create`, `text_read`, ... for clients that reject dots in tool names.
    Underscore,
}

impl ToolNames {
    pub fn parse(s: &str) -> Option<ToolNames> {
        match s {
            "dotted" => Some(ToolNames::Dotted),
            "underscore" => Some(ToolNames::Underscore),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            ToolNames::Dotted => "dotted",
            ToolNames::Underscore => "underscore",
        }
    }

    /// The server's name for a catalogue tool name (always written dotted).
    pub fn map(self, dotted: &str) -> String {
        match self {
            ToolNames::Dotted => dotted.to_string(),
            ToolNames::Underscore => dotted.replace('.', "_"),
        }
    }

    /// Rewrites the tool names `tools` inside a text (e.g. an expected message fragment
    /// such as "call text.read"), since a server offering `text_read` rightly names that.
    pub fn respell(self, text: &str, tools: &[String]) -> String {
        tools.iter().fold(text.to_string(), |t, tool| {
            t.replace(tool.as_str(), &self.map(tool))
        })
    }
}

/// Which MCP lifecycle the client uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Protocol {
    /// Legacy `initialize` handshake, protocol 2025-11-25.
    V2025_11_25,
    /// `server/discover`, protocol 2026-07-28, no fallback.
    V2026_07_28,
    /// `server/discover`, protocol 2026-12-01 as the draft SEP-3279 defines it (tool
    /// results in `outputs`, `reply::variants`), no fallback; over stdio only.
    V2026_12_01Draft,
    /// Try `server/discover`, fall back to `initialize` when the server is legacy.
    #[default]
    Auto,
    /// `auto` for a server whose probe answered `server/discover`: each session uses it
    /// without rmcp's fallback, which sends `initialize` after 10 s and then fails on the
    /// late answer to `server/discover` ("conflict initialized response id"). A session
    /// that offers roots still starts with `initialize`.
    AutoDiscovered,
}

impl Protocol {
    pub fn parse(s: &str) -> Option<Protocol> {
        match s {
            "2025-11-25" => Some(Protocol::V2025_11_25),
            "2026-07-28" => Some(Protocol::V2026_07_28),
            "2026-12-01-draft" => Some(Protocol::V2026_12_01Draft),
            "auto" => Some(Protocol::Auto),
            _ => None,
        }
    }
}

/// Everything needed to start and talk to one server instance.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Program and arguments; `{root}` in any of them is replaced by the scenario's root.
    pub argv: Vec<String>,
    pub tool_names: ToolNames,
    pub protocol: Protocol,
    /// Limit for each request.
    pub timeout: Duration,
    /// Limit for start-up plus initialization (a loaded machine can take longer to start
    /// a server than to answer one request).
    pub startup_timeout: Duration,
    /// The interface the server is tested against.
    pub profile: Arc<Profile>,
    /// The server's working directory (`--cwd`), `{root}` standing for the scenario's
    /// root; `None`: the harness's own, as an MCP client starts a server.
    pub cwd: Option<String>,
    /// Environment variables set for the server (`--config`'s `env`), `{root}` in a value
    /// standing for the scenario's root.
    pub env: Vec<(String, String)>,
    /// The built-in reference over HTTP: started on port 0, it announces its endpoint on
    /// stderr (`mcp_reference::serving::ANNOUNCEMENT`), and the harness reads it there, so
    /// no port is found free and then taken by another. A command with `{addr}` instead
    /// is given a port the harness found free.
    pub announces_endpoint: bool,
}

/// First element of an argv that names a running HTTP server rather than a command.
pub const URL_MARK: &str = "mcp-harness:url";

/// How the harness reaches the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// Start the command per scenario; MCP over its stdin/stdout.
    Stdio,
    /// Start the command per scenario with `{addr}` a free loopback `HOST:PORT`; MCP over
    /// Streamable HTTP at `http://{addr}/mcp` (for the built-in reference, at the endpoint
    /// it announces: see `ServerConfig::announces_endpoint`).
    HttpSpawn,
    /// A server that is already running; its root is fixed, so scenarios run one at a time
    /// and the root is emptied before each.
    HttpUrl { url: String, root: PathBuf },
}

/// Where a server started with `{audit_log}` on `root` writes its audit log: beside the
/// root, so neither the root's nor the outside area's checks see it.
pub fn audit_log_path(root: &Path) -> PathBuf {
    root.with_file_name("mcp-audit.jsonl")
}

impl ServerConfig {
    /// A running server at `url` whose root is `root`.
    pub fn url(
        url: &str,
        root: &Path,
        tool_names: ToolNames,
        profile: Arc<Profile>,
    ) -> ServerConfig {
        ServerConfig {
            argv: vec![
                URL_MARK.to_string(),
                url.to_string(),
                root.to_string_lossy().into_owned(),
            ],
            tool_names,
            protocol: Protocol::Auto,
            timeout: Duration::from_secs(10),
            startup_timeout: Duration::from_secs(10),
            profile,
            cwd: None,
            env: Vec::new(),
            announces_endpoint: false,
        }
    }

    pub fn target(&self) -> Target {
        match self.argv.as_slice() {
            [mark, url, root] if mark == URL_MARK => Target::HttpUrl {
                url: url.clone(),
                root: root.into(),
            },
            _ if self.announces_endpoint => Target::HttpSpawn,
            argv if argv.iter().any(|a| a.contains("{addr}")) => Target::HttpSpawn,
            _ => Target::Stdio,
        }
    }

    pub fn is_http(&self) -> bool {
        self.target() != Target::Stdio
    }

    /// The server was given `{auth_tokens}`: the harness writes a token file and
    /// authenticates every request with its full-scope token.
    pub fn has_auth(&self) -> bool {
        self.argv.iter().any(|a| a.contains("{auth_tokens}"))
    }

    /// The working directory of a server started on `root` (`None`: the harness's own).
    pub fn cwd_for(&self, root: &Path) -> Option<PathBuf> {
        let dir = self.cwd.as_ref()?;
        Some(dir.replace("{root}", &root.to_string_lossy()).into())
    }

    /// The server was given `{audit_log}`: the harness names a fresh file per scenario and
    /// runs the cases that read it.
    pub fn has_audit_log(&self) -> bool {
        self.argv.iter().any(|a| a.contains("{audit_log}"))
    }

    /// The built-in reference over Streamable HTTP, with the harness's token file, on a
    /// port of its own choosing that it announces.
    pub fn reference_http(exe: &str, tool_names: ToolNames, profile: Arc<Profile>) -> ServerConfig {
        let mut cfg = ServerConfig::reference(exe, tool_names, profile);
        cfg.argv.extend(
            ["--http", "127.0.0.1:0", "--auth-tokens", "{auth_tokens}"]
                .iter()
                .map(|s| s.to_string()),
        );
        cfg.announces_endpoint = true;
        cfg
    }

    /// The path of this very binary, as it was when first asked (the built-in reference's
    /// command names it).
    pub fn own_binary() -> Result<&'static Path, String> {
        static OWN: LazyLock<Result<PathBuf, String>> = LazyLock::new(|| {
            std::env::current_exe()
                .map_err(|e| format!("cannot locate the mcp-harness binary: {e}"))
        });
        OWN.as_deref().map_err(Clone::clone)
    }

    /// What to execute for a command's `program`: this very binary through
    /// `/proc/self/exe` where there is one, so that a rebuild that replaces the file during
    /// a run (cargo links it anew even when nothing changed) leaves later starts of the
    /// built-in reference working; any other program as it is.
    pub fn executable(program: &str) -> &OsStr {
        let own = Path::new("/proc/self/exe");
        match ServerConfig::own_binary() {
            Ok(path) if path == Path::new(program) && own.exists() => own.as_os_str(),
            _ => OsStr::new(program),
        }
    }

    /// The built-in reference: this very binary, through its hidden `serve-reference`
    /// subcommand, so nothing has to be installed or configured.
    pub fn reference(exe: &str, tool_names: ToolNames, profile: Arc<Profile>) -> ServerConfig {
        let mut argv = vec![
            exe.to_string(),
            "serve-reference".to_string(),
            "--root".to_string(),
            "{root}".to_string(),
        ];
        argv.extend(profile.reference_args.iter().cloned());
        if tool_names == ToolNames::Underscore {
            argv.push("--tool-names".to_string());
            argv.push("underscore".to_string());
        }
        ServerConfig {
            argv,
            tool_names,
            protocol: Protocol::Auto,
            timeout: Duration::from_secs(10),
            startup_timeout: Duration::from_secs(10),
            profile,
            cwd: None,
            env: Vec::new(),
            announces_endpoint: false,
        }
    }

    /// Split a command written like a shell line (`--server 'node srv.js {root}'`).
    pub fn split_command(line: &str) -> Result<Vec<String>, String> {
        match shlex::split(line) {
            Some(v) if !v.is_empty() => Ok(v),
            Some(_) => Err("the server command is empty".to_string()),
            None => Err(format!(
                "cannot split the server command {line:?} (unbalanced quotes?)"
            )),
        }
    }

    /// A one-line rendering of the command, for messages.
    pub fn display_command(&self) -> String {
        if let Target::HttpUrl { url, .. } = self.target() {
            return url;
        }
        shlex::try_join(self.argv.iter().map(String::as_str))
            .unwrap_or_else(|_| self.argv.join(" "))
    }
}

/// Whether the built-in reference serves the profile `name` (one of its `--profile`
/// values); a profile may be catalogued before its reference exists.
pub fn reference_serves(name: &str) -> bool {
    use clap::ValueEnum;
    mcp_reference::cli::ProfileName::value_variants()
        .iter()
        .filter_map(ValueEnum::to_possible_value)
        .any(|v| v.matches(name, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// This binary is started through `/proc/self/exe`, which stays valid when the file is
    /// replaced; a program of another path is started as it is.
    #[test]
    fn the_own_binary_is_started_through_proc_self_exe() {
        let own = ServerConfig::own_binary()
            .unwrap()
            .to_string_lossy()
            .into_owned();
        let expected = if Path::new("/proc/self/exe").exists() {
            "/proc/self/exe"
        } else {
            own.as_str()
        };
        assert_eq!(ServerConfig::executable(&own), OsStr::new(expected));
        assert_eq!(ServerConfig::executable("python3"), OsStr::new("python3"));
    }

    /// The value `reference` forwards as `--tool-names` is one the reference accepts.
    #[test]
    fn the_reference_takes_every_spelling_the_harness_forwards() {
        use clap::ValueEnum;
        for names in ToolNames::value_variants() {
            let style = mcp_reference::name_style::NameStyle::from_str(names.as_str(), false);
            assert!(
                style.is_ok(),
                "the reference rejects --tool-names {}",
                names.as_str()
            );
        }
    }

    #[test]
    fn respell_maps_only_tool_names() {
        let u = ToolNames::Underscore;
        let tools = vec!["text.read".to_string()];
        assert_eq!(
            u.respell("call text.read, then a.txt", &tools),
            "call text_read, then a.txt"
        );
        assert_eq!(
            ToolNames::Dotted.respell("call text.read", &tools),
            "call text.read"
        );
    }

    #[test]
    fn tool_names_map_dots_to_underscores() {
        assert_eq!(ToolNames::Underscore.map("file.create"), "file_create");
        assert_eq!(ToolNames::Dotted.map("file.create"), "file.create");
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            ServerConfig::split_command("node 'my server.js' --root {root}").unwrap(),
            vec!["node", "my server.js", "--root", "{root}"]
        );
        assert!(ServerConfig::split_command("'open").is_err());
        assert!(ServerConfig::split_command("   ").is_err());
    }

    #[test]
    fn the_reference_serves_its_profiles_only() {
        assert!(reference_serves("rootspace") && reference_serves("lighthouse"));
        assert!(!reference_serves("no-such-profile"));
    }
}
