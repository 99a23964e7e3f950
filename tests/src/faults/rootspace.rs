//! The rootspace profile's injections: its faults, its alternative readings, the
//! clarifications without one, and its row of `PROFILES`. The wrapper that injects them
//! is `server.rs` (`FaultyRootspace`), with `calls.rs`, `edits.rs`, `listing.rs` and the
//! storage faults of `storage.rs`.

use std::process::ExitCode;

use super::{FaultyRootspace, Injection, ProfileFaults, StorageFault};
use crate::proxy::{PROXY_FAULTS, PROXY_VARIANTS};

/// The rootspace row of `super::PROFILES`.
pub const PROFILE: ProfileFaults = ProfileFaults {
    profile: "rootspace",
    faults: FAULTS,
    variants: VARIANTS,
    proxy_faults: PROXY_FAULTS,
    proxy_variants: PROXY_VARIANTS,
    no_variant: NO_VARIANT,
    storage_faults: &[
        ("lost-update", StorageFault::UnlockedCheckedEdit),
        ("torn-write", StorageFault::TornEdit),
        ("lf-in-crlf", StorageFault::LfInCrlf),
    ],
    race_faults: &["lost-update", "torn-write"],
    swap_faults: &[],
    folding_root_faults: &[],
    respelled_names: true,
    floor: 400,
    serve,
};

fn serve(i: &'static Injection, args: Vec<String>) -> ExitCode {
    mcp_reference::run_cli_with(args, |cli, rooted| {
        FaultyRootspace::handler(i.name, cli, rooted)
    })
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
