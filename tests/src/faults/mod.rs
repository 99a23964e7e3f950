//! Injected faults and alternative readings of the reference server, used only to prove the
//! conformance harness (tests/tests/harness_power.rs). Nothing here is part of the server:
//! each injection sits at a seam the server offers anyway.
//!
//! - `server.rs`: a `ServerHandler` that wraps the unmodified `RootspaceServer` (rmcp's
//!   own trait is the seam) and changes a call's arguments or outcome (`calls.rs`) or a
//!   listing (`listing.rs`).
//! - `storage.rs`: a `Storage` that wraps the production one (the reference's storage
//!   seam) for faults of locking, writing and line endings.
//! - `../proxy.rs`: a wire proxy in front of the unmodified server process.
//!
//! A *fault* breaks one requirement (an upstream MCP-/AUTH- id, or a CLR id where the
//! behaviour is one of our clarifications); the harness must catch every one. A *variant*
//! makes the other reasonable choice where a clarification decides something the upstream
//! leaves open; the harness must accept it in every core case.

mod calls;
pub mod devs;
pub mod editor;
mod edits;
pub mod filesystem;
pub mod lighthouse;
mod listing;
mod server;
mod storage;

use std::process::ExitCode;

pub use server::FaultyServer;

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

/// One injected behaviour: the profile (interface) it belongs to, its name, the id it
/// breaks (fault) or re-decides (variant), and what it does.
#[derive(Debug, Clone, Copy)]
pub struct Injection {
    pub profile: &'static str,
    pub name: &'static str,
    pub id: &'static str,
    pub what: &'static str,
}

/// An injection of the rootspace profile.
pub(crate) const fn inj(name: &'static str, id: &'static str, what: &'static str) -> Injection {
    Injection {
        profile: "rootspace",
        name,
        id,
        what,
    }
}

/// Faults: each breaks exactly one requirement.
pub const FAULTS: &[Injection] = &[
    inj(
        "hash-uppercase",
        "CLR-012",
        "hashes are returned in upper-case hex",
    ),
    inj(
        "hash-normalized-newlines",
        "MCP-031",
        "text.read hashes the file with CRLF turned into LF",
    ),
    inj(
        "hash-of-range",
        "MCP-031",
        "a ranged text.read returns the hash of the range, not of the file",
    ),
    inj(
        "hash-base64-undecoded",
        "MCP-031",
        "file.create with base64 returns the hash of the base64 text",
    ),
    inj(
        "dotdot-clamped",
        "MCP-027",
        "a `..` above the root is dropped (clamped at the root) instead of refused",
    ),
    inj(
        "symlink-escape",
        "AUTH-042",
        "text.read, file.create and listings follow symlinks out of the root",
    ),
    inj(
        "prefix-sibling",
        "AUTH-041",
        "containment is checked by string prefix, so <root>_evil counts as inside",
    ),
    inj(
        "drive-as-name",
        "MCP-028",
        "a path starting with `C:\\` is taken as a file name",
    ),
    inj(
        "backslash-separator",
        "MCP-028",
        "a backslash is taken as a path separator",
    ),
    inj(
        "range-end-inclusive",
        "MCP-040",
        "the end of a range is inclusive",
    ),
    inj(
        "negative-off-by-one",
        "MCP-041",
        "a negative bound i means total + i (so -1 is the second-to-last line)",
    ),
    inj(
        "zero-not-open",
        "MCP-042",
        "0 as a bound means line 0, not an open end",
    ),
    inj(
        "total-lines-final-newline",
        "CLR-001",
        "total_lines counts an empty line after a final newline",
    ),
    inj(
        "create-overwrites",
        "MCP-010",
        "file.create replaces an existing file",
    ),
    inj(
        "create-no-parents",
        "MCP-010",
        "file.create does not create missing parent directories",
    ),
    inj(
        "create-base64-undecoded",
        "MCP-030",
        "file.create stores base64 content without decoding it",
    ),
    inj(
        "remove-ignores-hash",
        "MCP-034",
        "file.remove deletes whatever hash is presented",
    ),
    inj(
        "replace-ignores-hash",
        "MCP-034",
        "text.replace edits whatever hash is presented",
    ),
    inj(
        "replace-partial-line",
        "MCP-045",
        "text.replace accepts `old` that is part of a line",
    ),
    inj(
        "replace-outside-range",
        "MCP-045",
        "text.replace finds `old` outside the `lines` range",
    ),
    inj(
        "insert-after-anchor",
        "MCP-046",
        "text.insert puts the content after the anchor line",
    ),
    inj(
        "insert-ignores-anchor",
        "MCP-046",
        "text.insert does not check the anchor text",
    ),
    inj(
        "append-joins-last-line",
        "MCP-015",
        "text.append continues the last line instead of adding lines",
    ),
    inj(
        "append-ignores-hash",
        "MCP-034",
        "text.append edits whatever hash is presented",
    ),
    inj(
        "errors-say-error",
        "MCP-052",
        "every error message is just \"error\"",
    ),
    inj(
        "missing-file-empty",
        "MCP-050",
        "text.read of a missing file succeeds with empty content",
    ),
    inj(
        "listing-recursive",
        "MCP-020",
        "listings include the entries of subdirectories",
    ),
    inj(
        "listing-drops-dotfiles",
        "MCP-021",
        "listings leave out names starting with a dot",
    ),
    inj(
        "listing-unsorted",
        "CLR-024",
        "listings come in reverse order",
    ),
    inj(
        "lost-update",
        "MCP-034",
        "no per-file lock and a pause between hash check and write, so racing same-hash mutations all succeed",
    ),
    inj(
        "torn-write",
        "CLR-027",
        "files are rewritten in place in two halves with a pause, so a reader can see half a write",
    ),
];

/// Variants: the other reasonable choice for one clarification.
pub const VARIANTS: &[Injection] = &[
    inj(
        "ranged-read-joined",
        "CLR-002",
        "a ranged read returns the lines joined by \\n, without the final terminator",
    ),
    inj(
        "zero-start-rejected",
        "CLR-004",
        "0 as the start of a range is refused (INVALID_RANGE)",
    ),
    inj(
        "range-clamped",
        "CLR-005",
        "a range reaching past the file is clamped to it",
    ),
    inj(
        "lines-single-element",
        "CLR-006",
        "`lines: [n]` is accepted as [n, 0]",
    ),
    inj(
        "empty-old-is-empty-line",
        "CLR-007",
        "`old: \"\"` names one empty line instead of being refused",
    ),
    inj(
        "ambiguous-first-wins",
        "CLR-008",
        "when `old` occurs more than once in the range, the first occurrence is replaced",
    ),
    inj(
        "negative-insert-rejected",
        "CLR-009",
        "a negative `line` for text.insert is refused (INVALID_RANGE)",
    ),
    inj(
        "append-no-break",
        "CLR-010",
        "text.append does not add a missing final newline before the new lines",
    ),
    inj(
        "lf-in-crlf",
        "CLR-011",
        "new lines always end with \\n, even in a CRLF file",
    ),
    inj(
        "uppercase-hash-rejected",
        "CLR-012",
        "a hash argument in upper case is refused (INVALID_ARGUMENT)",
    ),
    inj(
        "windows-paths-escape",
        "CLR-013",
        "Windows path forms are refused as PATH_ESCAPE instead of INVALID_PATH",
    ),
    inj(
        "trailing-slash-refused",
        "CLR-014",
        "a file path ending in / is refused (INVALID_PATH)",
    ),
    inj(
        "symlinks-never-followed",
        "CLR-015",
        "every path through a symlink is refused (PATH_ESCAPE)",
    ),
    inj(
        "absolute-link-inside",
        "CLR-016",
        "text.read follows an absolute symlink target that lies inside the root",
    ),
    inj(
        "tool-errors-as-protocol",
        "CLR-019",
        "tool failures are JSON-RPC errors instead of isError results",
    ),
    inj(
        "errors-without-code",
        "CLR-020",
        "tool errors carry only the text block, no structuredContent",
    ),
    inj(
        "invalid-args-protocol",
        "CLR-021",
        "invalid arguments are JSON-RPC invalid-params errors",
    ),
    inj(
        "not-found-wording",
        "CLR-022",
        "not-found errors quote the path as given, in other words",
    ),
    inj(
        "text-only-results",
        "CLR-023",
        "results are only a JSON text block, without structuredContent",
    ),
    inj(
        "read-text-as-json",
        "CLR-037",
        "text.read's text block is the JSON of the whole result, as every other tool's",
    ),
    inj(
        "listing-file-not-found",
        "CLR-025",
        "listing a file is a resource-not-found error (there is no directory there)",
    ),
    inj(
        "listing-string-array",
        "CLR-024",
        "a listing is a JSON array of names, directories ending in /",
    ),
];

/// Clarifications without a variant, and why.
pub const NO_VARIANT: &[(&str, &str)] = &[
    (
        "CLR-001",
        "the other readings (a lone CR ends a line; a final newline starts one more line) are built as the fault total-lines-final-newline or need a second line model; not built",
    ),
    (
        "CLR-003",
        "no other reasonable choice: the upstream names Python-style negative bounds and 0 as an open end",
    ),
    (
        "CLR-017",
        "no other reasonable choice: the upstream tests ask file.create to make missing parents (T3.3.3) and to refuse an existing file (T3.3.4); both other choices are faults here",
    ),
    (
        "CLR-018",
        "no other reasonable choice: decoding binary data lossily and writing it back corrupts the file",
    ),
    (
        "CLR-026",
        "no other reasonable choice: with a hash precondition at most one same-hash mutation can succeed without losing an update",
    ),
    (
        "CLR-027",
        "no other reasonable choice: a reader must never see a half-written file",
    ),
    (
        "CLR-028",
        "not built: a different limit would only show with files above it, and the catalogue has none (too large for a test)",
    ),
    (
        "CLR-029",
        "no other reasonable choice: storing undecodable base64 as text creates a file nobody asked for",
    ),
    (
        "CLR-030",
        "not built: Unicode normalization needs normalization tables the project does not depend on",
    ),
    (
        "CLR-031",
        "not built: the other reasonable choice, editing a read-only file through a rename as many editors do, needs a storage variant",
    ),
    (
        "CLR-032",
        "not built: other caps only show with replies or listings above these sizes, which the catalogue keeps small",
    ),
    (
        "CLR-033",
        "no other reasonable choice: the MCP transport text requires local servers to validate Origin",
    ),
    (
        "CLR-034",
        "not built: an HTTP-level variant needs an HTTP proxy, and the power trials run over stdio",
    ),
    (
        "CLR-035",
        "not built: hiding the mutations from read-only tokens is the other choice; an HTTP-level variant needs an HTTP proxy",
    ),
];

/// Every injection of this module (not the proxy's), of every profile.
pub fn all() -> impl Iterator<Item = &'static Injection> {
    FAULTS
        .iter()
        .chain(VARIANTS)
        .chain(lighthouse::FAULTS)
        .chain(lighthouse::VARIANTS)
        .chain(devs::FAULTS)
        .chain(devs::VARIANTS)
        .chain(editor::FAULTS)
        .chain(editor::VARIANTS)
        .chain(filesystem::FAULTS)
        .chain(filesystem::VARIANTS)
}

/// Serves the reference with the injection `i` on stdio; `args` are the server's own
/// arguments (argv[0] first; a lighthouse, devs, editor or filesystem injection adds its `--profile` itself).
pub fn run(i: &'static Injection, mut args: Vec<String>) -> ExitCode {
    if i.profile == "lighthouse" {
        args.extend(["--profile".to_string(), "lighthouse".to_string()]);
        return mcp_reference::run_cli_with(args, |cli, rooted| {
            lighthouse::FaultyLighthouse::new(i.name, cli, rooted)
        });
    }
    if i.profile == "devs" {
        args.extend(["--profile".to_string(), "devs".to_string()]);
        return mcp_reference::run_cli_with(args, |cli, rooted| {
            devs::FaultyDevs::new(i.name, cli, rooted)
        });
    }
    if i.profile == "editor" {
        args.extend(["--profile".to_string(), "editor".to_string()]);
        return mcp_reference::run_cli_with(args, |cli, rooted| {
            editor::FaultyEditor::new(i.name, cli, rooted)
        });
    }
    if i.profile == "filesystem" {
        args.extend(["--profile".to_string(), "filesystem".to_string()]);
        return mcp_reference::run_cli_with(args, |cli, rooted| {
            filesystem::FaultyFs::new(i.name, cli, rooted)
        });
    }
    mcp_reference::run_cli_with(args, |cli, rooted| FaultyServer::new(i.name, cli, rooted))
}
