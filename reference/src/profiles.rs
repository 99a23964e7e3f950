//! The table of the profiles the reference serves. `lib.rs` serves the row `--profile`
//! names, `cli.rs` takes the `--profile` values, their help and the options each accepts
//! from it, and the HTTP gate asks the profile's handler which calls change files. Adding
//! a profile: its folder, an `impl ProfileServer` there (`profile_server.rs`), and one
//! line in `PROFILES`.
//!
//! Names with one meaning each: a *profile* is an interface (in the harness,
//! `catalogue::Profile` describes one); `ProfileServer` is the trait of the handler that
//! serves one here; `ProfileEntry` is its row in this table; `cli::ProfileName` is the
//! `--profile` value that picks a row. The trait has a module of its own so that the
//! profile folders, which implement it, do not import this table, which names them.

use std::process::ExitCode;

use crate::profile_server::{ProfileOptions, ProfileServer, Takes};
use crate::serving::HttpSettings;
use crate::storage::Rooted;

/// One profile's row: its name, help line, options and how it is served.
pub struct ProfileEntry {
    pub name: &'static str,
    pub about: &'static str,
    pub takes: Takes,
    /// Serves the profile on the opened root: over HTTP with settings, else over stdio.
    pub serve: fn(&ProfileOptions, Option<&HttpSettings>, Rooted) -> ExitCode,
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
