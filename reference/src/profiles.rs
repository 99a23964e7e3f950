//! The table of the profiles the reference serves, and what a profile must provide to be
//! in it. `lib.rs` serves the entry `--profile` names, `cli.rs` takes the `--profile`
//! values, their help and the options each accepts from it, and the HTTP gate asks the
//! profile's handler which calls change files. Adding a profile: its folder, an
//! `impl ProfileServer` there, and one line in `PROFILES`.
//!
//! Names with one meaning each: a *profile* is an interface (in the harness,
//! `catalogue::Profile` describes one); `ProfileServer` is the trait of the handler that
//! serves one here; `ProfileEntry` is its row in this table; `cli::ProfileName` is the
//! `--profile` value that picks a row.

use std::process::ExitCode;
use std::sync::Arc;

use crate::cli::Cli;
use crate::limits::Limits;
use crate::storage::Rooted;

/// Tells whether a call, by the tool name the server offers or a method called directly,
/// changes files (over HTTP it needs the `files:write` scope); every other request needs
/// `files:read`.
pub type IsMutation = Arc<dyn Fn(&str) -> bool + Send + Sync>;

/// The handler of one profile, as the table needs it.
pub trait ProfileServer: rmcp::ServerHandler + Clone + Send + 'static {
    /// The `--profile` value.
    const NAME: &'static str;
    /// Its line in `--help`: the interface and its tools.
    const ABOUT: &'static str;
    /// Which options beyond one directory it takes (the others refuse them).
    const TAKES: Takes = Takes::NOTHING_MORE;

    /// The handler for the command line, on the storage of the first directory, or a
    /// one-line reason (exit code 2).
    fn build(cli: &Cli, storage: Rooted) -> Result<Self, String>;

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

/// One profile's row: its name, help line, options and how it is served.
pub struct ProfileEntry {
    pub name: &'static str,
    pub about: &'static str,
    pub takes: Takes,
    /// Serves the profile on the opened root, over stdio or HTTP as the command line says.
    pub serve: fn(&Cli, Rooted) -> ExitCode,
}

/// The row of the profile `P` serves.
pub const fn register<P: ProfileServer>() -> ProfileEntry {
    ProfileEntry {
        name: P::NAME,
        about: P::ABOUT,
        takes: P::TAKES,
        serve: crate::serve_profile::<P>,
    }
}

/// Every profile the reference serves; the first is the default.
pub const PROFILES: &[ProfileEntry] = &[
    register::<crate::rootspace::server::RootspaceServer>(),
    register::<crate::lighthouse::LighthouseServer>(),
    register::<crate::devs::DevsServer>(),
    register::<crate::editor::EditorServer>(),
    register::<crate::filesystem::FsServer>(),
];

/// The names of the profiles that take an option, e.g. "lighthouse" or "a or b".
pub fn taking(option: impl Fn(&Takes) -> bool) -> String {
    let names: Vec<&str> = PROFILES
        .iter()
        .filter(|p| option(&p.takes))
        .map(|p| p.name)
        .collect();
    names.join(" or ")
}
