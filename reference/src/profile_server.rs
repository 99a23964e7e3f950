//! What a profile's handler provides to be served: the `ProfileServer` trait, the options
//! it may read from the command line (`ProfileOptions`) and the options it takes beyond
//! one directory (`Takes`). The profile folders implement it; the table that names them
//! is `profiles.rs`. This module imports neither, so the module graph has no cycle.
//! What a handler answers on the wire is the other trait it implements,
//! `tool_server::ProfileHandler`.

use std::path::PathBuf;
use std::sync::Arc;

use crate::limits::Limits;
use crate::name_style::NameStyle;
use crate::storage::Rooted;

/// Tells whether a call, by the tool name the server offers or a method called directly,
/// changes files (over HTTP it needs the `files:write` scope); every other request needs
/// `files:read`.
pub type IsMutation = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// The handler of one profile, as the table needs it (what it answers is its
/// `ProfileHandler`, served by `tool_server::ToolServer`).
pub trait ProfileServer: crate::tool_server::ProfileHandler {
    /// The `--profile` value.
    const NAME: &'static str;
    /// Its line in `--help`: the interface and its tools.
    const ABOUT: &'static str;
    /// Which options beyond one directory it takes (the others refuse them).
    const TAKES: Takes = Takes::NOTHING_MORE;

    /// The handler for the command line, on the storage of the first directory, or a
    /// one-line reason (exit code 2).
    fn build(options: &ProfileOptions, storage: Rooted) -> Result<Self, String>;

    /// The bounds serving over stdio charges.
    fn limits(&self) -> Arc<Limits>;

    /// Which of its calls change files (the HTTP scope gate, `http/gate.rs`).
    fn is_mutation(&self) -> IsMutation;
}

/// The options a profile takes beyond one directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Takes {
    /// Several directories (as server-filesystem takes them).
    pub several_dirs: bool,
    /// `--audit-log FILE`.
    pub audit_log: bool,
    /// `--backup-dir DIR`.
    pub backup_dir: bool,
}

impl Takes {
    pub const NOTHING_MORE: Takes = Takes {
        several_dirs: false,
        audit_log: false,
        backup_dir: false,
    };
}

/// The command-line options a profile's handler is built from (`cli::Cli` parses them).
#[derive(Debug, Clone)]
pub struct ProfileOptions {
    /// The first directory: `--root`, else the first positional one.
    pub root: PathBuf,
    /// Every directory given: `--root` first, then the positional ones.
    pub dirs: Vec<PathBuf>,
    /// `--tool-names`.
    pub name_style: NameStyle,
    /// `--audit-log FILE`.
    pub audit_log: Option<PathBuf>,
    /// `--backup-dir DIR`.
    pub backup_dir: Option<PathBuf>,
}
