//! Injected faults and alternative readings of the reference server, used only to prove the
//! conformance harness (tests/tests/harness_power.rs). Nothing here is part of the server:
//! each injection sits at a seam the server offers anyway.
//!
//! `PROFILES` is the one table of them: per profile, its faults, its readings, the
//! clarifications without one, its storage faults, how harness_power judges it and how
//! `mcp-faulty` serves it. Each profile's row and injections live in its own file
//! (`rootspace.rs`, `lighthouse.rs`, `devs.rs`, `editor.rs`, `filesystem.rs`), with its
//! `Injector` around the unmodified handler:
//!
//! - `decorator.rs`: `Faulty<I>`, the one decorator: a `ProfileHandler` (the reference's
//!   seam, served by the reference's own `ToolServer`) around a profile's unmodified
//!   handler, which hands a tool's call (and, where an injection needs them, the tool list,
//!   a direct method, a resource read, a session's start) to the profile's `Injector`.
//! - `server.rs`: `FaultyRootspace`, rootspace's `Injector`, which changes a call's
//!   arguments (`edits.rs`) or outcome (`calls.rs`) or a listing (`listing.rs`).
//! - `storage.rs`: a `Storage` that wraps the production one (the reference's storage
//!   seam) for faults of locking, writing, line endings and deleting, for every profile.
//! - `../proxy.rs`: a wire proxy in front of the unmodified server process.
//!
//! A *fault* breaks one requirement (an upstream id, or a clarification id where the
//! behaviour is one of our clarifications); the harness must catch every one. A *variant*
//! makes the other reasonable choice where a clarification decides something the upstream
//! leaves open; the harness must accept it in every core case.

mod calls;
pub mod decorator;
pub mod devs;
pub mod editor;
mod edits;
pub mod filesystem;
pub mod lighthouse;
mod listing;
pub mod rootspace;
mod server;
mod storage;

use std::process::ExitCode;

pub use server::FaultyRootspace;
pub use storage::StorageFault;

/// The arguments of a tool call, as the fault decorators see them.
pub(crate) type Args = rmcp::model::JsonObject;

/// A string argument.
pub(crate) fn arg<'a>(args: &'a Args, k: &str) -> Option<&'a str> {
    args.get(k).and_then(serde_json::Value::as_str)
}

/// Lexical resolution as Node's path.resolve does it: no symlink is looked at (the
/// naive servers the faults imitate resolve paths this way).
pub(crate) fn resolve_lexically(root: &std::path::Path, input: &str) -> std::path::PathBuf {
    let mut out = std::path::PathBuf::new();
    for c in root.join(input).components() {
        match c {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Where a host path lies inside `root`, as the sandbox names it.
fn inside(
    root: &std::path::Path,
    host: &std::path::Path,
) -> Option<mcp_reference::paths::NormPath> {
    let rel = host.strip_prefix(root).ok()?;
    mcp_reference::paths::normalize(&rel.to_string_lossy(), true).ok()
}

/// The storage of `root` that the readings use for what they do by hand: a host path
/// opened by name would follow a link swapped in meanwhile (the RACE cases) or block on a
/// FIFO (SPECIAL-001), which no safe reading does; cap-std does neither.
pub(crate) fn sandboxed(
    root: &std::path::Path,
    host: &std::path::Path,
) -> Option<(
    mcp_reference::storage::Rooted,
    mcp_reference::paths::NormPath,
)> {
    let path = inside(root, host)?;
    Some((mcp_reference::storage::Rooted::open(root).ok()?, path))
}

/// A file's bytes read through the sandbox (see `sandboxed`).
pub(crate) fn sandboxed_bytes(root: &std::path::Path, host: &std::path::Path) -> Option<Vec<u8>> {
    use mcp_reference::storage::Storage;
    let (storage, path) = sandboxed(root, host)?;
    storage.read(&path).ok().map(|d| d.bytes)
}

/// What each profile's `*failures-unmarked` fault does, in the wire proxy (`../proxy.rs`,
/// which knows them by that ending): it violates the clarification that states the mark of
/// a failure (issue 53), which only the `failure-marking` cases check.
pub const UNMARKED_WHAT: &str = "(proxy) every failed tool call is answered with isError: false, its content (and any structuredContent) as sent";

/// One injected behaviour: the profile (interface) it belongs to, its name, the id it
/// breaks (fault) or re-decides (variant), and what it does.
#[derive(Debug, Clone, Copy)]
pub struct Injection {
    pub profile: &'static str,
    pub name: &'static str,
    pub id: &'static str,
    pub what: &'static str,
}

/// One profile's injections and how `harness_power.rs` judges them: the one place a
/// profile is registered on the tests side.
pub struct ProfileFaults {
    /// The profile (interface) name, as `--profile` and the catalogue spell it.
    pub profile: &'static str,
    /// Faults at the server's seams (`mcp-faulty` serves them).
    pub faults: &'static [Injection],
    /// Alternative readings at the server's seams.
    pub variants: &'static [Injection],
    /// Faults and readings of the wire proxy (`../proxy.rs`) that belong to this profile.
    pub proxy_faults: &'static [Injection],
    pub proxy_variants: &'static [Injection],
    /// Clarifications without a variant, and why.
    pub no_variant: &'static [(&'static str, &'static str)],
    /// The injections that live in the storage (`storage.rs`), each with what it does.
    pub storage_faults: &'static [(&'static str, StorageFault)],
    /// The concurrency faults: only they count a case of a `concurrency.feature` as catching.
    pub race_faults: &'static [&'static str],
    /// The check-then-use faults: only they count the swapper's races (`races.feature`).
    pub swap_faults: &'static [&'static str],
    /// The faults that show only on a root that folds case (the case-folding check): their
    /// trials make their roots on the FUSE mount of tests/casefold/ (`crate::casefold`).
    pub folding_root_faults: &'static [&'static str],
    /// Whether its tool names have dots that `--tool-names underscore` respells (then its
    /// reference and its variants run again with underscore names).
    pub respelled_names: bool,
    /// Fewest scenarios its reference suite must run (a guard against a suite that shrinks).
    pub floor: usize,
    /// Serves the reference of this profile with one of its injections (the `--profile`
    /// is already in the arguments).
    pub serve: fn(&'static Injection, Vec<String>) -> ExitCode,
}

/// Every profile with injections, in the order of docs/harness-power.md.
pub const PROFILES: &[ProfileFaults] = &[
    rootspace::PROFILE,
    lighthouse::PROFILE,
    devs::PROFILE,
    editor::PROFILE,
    filesystem::PROFILE,
];

/// The profile an injection belongs to.
pub fn profile_of(i: &Injection) -> &'static ProfileFaults {
    PROFILES
        .iter()
        .find(|p| p.profile == i.profile)
        .expect("every injection's profile is in PROFILES")
}

/// Whether the injection shows only on a root that folds case.
pub fn needs_folding_root(i: &Injection) -> bool {
    profile_of(i).folding_root_faults.contains(&i.name)
}

/// Every injection of this module (not the proxy's), of every profile.
pub fn all() -> impl Iterator<Item = &'static Injection> {
    PROFILES
        .iter()
        .flat_map(|p| p.faults.iter().chain(p.variants))
}

/// What the storage injection `name` does, if it is one.
pub fn storage_fault(name: &str) -> Option<StorageFault> {
    PROFILES
        .iter()
        .flat_map(|p| p.storage_faults)
        .find(|(n, _)| *n == name)
        .map(|(_, kind)| *kind)
}

/// Serves the reference with the injection `i` on stdio; `args` are the server's own
/// arguments (argv[0] first); the injection's `--profile` is added here.
pub fn run(i: &'static Injection, mut args: Vec<String>) -> ExitCode {
    args.extend(["--profile".to_string(), i.profile.to_string()]);
    (profile_of(i).serve)(i, args)
}
