#!/usr/bin/env bash
# Runs the `filesystem` profile against rust-mcp-filesystem, the Rust clone of the official
# filesystem server, built from crates.io at a pinned version with `cargo install --locked`,
# and checks the run against the committed baseline of its known failures (strict both
# ways: a failure not listed fails, and so does a listed case that passes). Writes the
# Markdown matrix to docs/third-party/rust-mcp-filesystem-matrix.md; CI checks that the
# committed matrix is the one this run produced. The server is started with --allow-write:
# without it every write tool refuses, and the profile's cases write; and with
# --enable-roots: without it the server ignores the client's roots, which the official
# server honours by default (FS-ROOTS-003, the @client-roots cases).
#
#   bash tests/third-party/rust-mcp-filesystem.sh            # run and compare
#   UPDATE=1 bash tests/third-party/rust-mcp-filesystem.sh   # rewrite the committed matrix
#
# Every baseline entry is classified by hand in docs/third-party/rust-mcp-filesystem.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${RUST_MCP_FILESYSTEM_VERSION:-0.4.5}"
# Debug builds, all three: the cases do not depend on optimisation, and with .ci/run's one
# target dir (MCP_THIRD_PARTY_TARGET) 0.4.5 compiled in 124 s after 0.4.3, whose
# dependencies it shares. The release build of 0.4.5, the speed benchmark's peer, is
# speed-peers.sh's.
cache="${TMPDIR:-/tmp}/mcp-third-party/rust-mcp-filesystem-$version-debug"
server="$cache/bin/rust-mcp-filesystem"
# The release before its path fixes (0.4.3: `..` and a new name below a linked directory,
# filesystem/SAFE-002, SAFE-007, FSC-SEC-016, FSC-SEC-017; 0.4.4: a dangling link,
# filesystem/SAFE-006, FSC-SEC-012, and a directory two levels below a link, FSC-SEC-022;
# docs/advisories.md), checked at the end.
vulnerable="${RUST_MCP_FILESYSTEM_VULNERABLE:-0.4.2}"
old_cache="${TMPDIR:-/tmp}/mcp-third-party/rust-mcp-filesystem-$vulnerable-debug"
# shellcheck source=lib.sh
. tests/third-party/lib.sh  # install_crate, keep_summary
install_crate rust-mcp-filesystem "$version" "$cache" --debug
install_crate rust-mcp-filesystem "$vulnerable" "$old_cache" --debug
# The release between the two fixes (0.4.3: `..` and a new name below a linked directory
# fixed, a dangling link not), checked at the end like 0.4.2.
between="${RUST_MCP_FILESYSTEM_BETWEEN:-0.4.3}"
mid_cache="${TMPDIR:-/tmp}/mcp-third-party/rust-mcp-filesystem-$between-debug"
install_crate rust-mcp-filesystem "$between" "$mid_cache" --debug
# The release of the second fix (0.4.4: a dangling link and a path deeper below a link),
# checked at the end: the seven escape cases of 0.4.2 all pass on it.
fixed="${RUST_MCP_FILESYSTEM_FIXED:-0.4.4}"
fixed_cache="${TMPDIR:-/tmp}/mcp-third-party/rust-mcp-filesystem-$fixed-debug"
install_crate rust-mcp-filesystem "$fixed" "$fixed_cache" --debug
# INSTALL_ONLY=1: build the servers and stop (.ci/run builds them in the background).
[ -z "${INSTALL_ONLY:-}" ] || exit 0

. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness
harness="$bin_dir/mcp-harness"
matrix="docs/third-party/rust-mcp-filesystem-matrix.md"
out="$cache/matrix.md"
summary="$cache/summary.json"

# Every case but EDIT-009. Its write_file truncates and then writes, so a read during it can
# see an empty file (FSC-WRITE-005 and the shared filesystem/SAFE-012): in the strict
# baseline, since the harness races each write up to 32 rounds (6 of 6 runs caught both; one
# round alone caught it in 4 runs of 10 down to 1 in 16). EDIT-009 (8 edits of one file at
# once, some lost: edit_file has no lock) is decided by how the edits interleave: CI's busy
# runner once saw all 8 land (on 687a405), so it runs apart, caught within 5 tries.
racy='filesystem/EDIT-009'
"$harness" run --profile filesystem --server "$server --allow-write --enable-roots {root}" \
    --name "^($(but "$racy")) " \
    --expect-fail tests/third-party/rust-mcp-filesystem.baseline \
    --report "$out" --junit "$cache/junit.xml" \
    --summary "$summary" --label "rust-mcp-filesystem@$version"

# Name the server by its crate, so that the committed matrix does not depend on the cache.
sed -i "s#$server#rust-mcp-filesystem@$version#" "$out" "$summary"

if [ -n "${UPDATE:-}" ]; then
    cp "$out" "$matrix"
    echo "rust-mcp-filesystem: wrote $matrix"
elif ! diff -u "$matrix" "$out"; then
    echo "rust-mcp-filesystem: $matrix differs from this run's matrix (above); if the" >&2
    echo "change is expected, run UPDATE=1 bash $0 and commit it" >&2
    exit 1
fi
keep_summary rust-mcp-filesystem "$summary"
echo "rust-mcp-filesystem: $version matches its baseline"
caught_within rust-mcp-filesystem "$server --allow-write --enable-roots {root}" "$racy" 5

# The release before its path fixes: a path that did not exist yet was checked raw when
# canonicalize failed, so `..` and links in a new file's path went out (0.4.3 fixed `..` and a
# new name below a linked directory, 0.4.4 the rest).
# The safety cases that create, move or write a new file must catch each escape, as a call
# that should have been refused and succeeded, or a change outside.
old_out="$old_cache/out.txt"
rc=0
"$harness" run --profile filesystem --server "$old_cache/bin/rust-mcp-filesystem --allow-write {root}" \
    --name '^(filesystem/SAFE|FSC-SEC)-' >"$old_out" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { echo "rust-mcp-filesystem: expected failures from $vulnerable, got exit $rc" >&2; exit 1; }
caught=$(awk '/^FAIL /{id=$2; n=NR} NR==n+2 && /succeeded but should have failed|changed the area outside its root/ {print id}' "$old_out")
for id in filesystem/SAFE-002 filesystem/SAFE-006 filesystem/SAFE-007 FSC-SEC-012 FSC-SEC-016 FSC-SEC-017 FSC-SEC-022; do
    if ! grep -qx "$id" <<<"$caught"; then
        echo "rust-mcp-filesystem: $id did not catch the escape of $vulnerable" >&2
        tail -n 40 "$old_out" >&2
        exit 1
    fi
done
echo "rust-mcp-filesystem: $(wc -l <<<"$caught") safety cases catch the escapes of $vulnerable (fixed in 0.4.3 and 0.4.4)"

# 0.4.3 must fail filesystem/SAFE-006 and FSC-SEC-012 (a write through a dangling link out)
# and FSC-SEC-022 (`create_directory` of `<root>/out/a/b`, no parent of which resolves,
# makes `a/b` in the link's outside target) as escapes, all fixed in 0.4.4, and pass the
# four cases of what it fixed: filesystem/SAFE-002, SAFE-007, FSC-SEC-016, FSC-SEC-017.
mid_out="$mid_cache/out.txt"
rc=0
"$harness" run --profile filesystem --server "$mid_cache/bin/rust-mcp-filesystem --allow-write {root}" \
    --name '^(filesystem/SAFE|FSC-SEC)-' >"$mid_out" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { echo "rust-mcp-filesystem: expected failures from $between, got exit $rc" >&2; exit 1; }
caught=$(awk '/^FAIL /{id=$2; n=NR} NR==n+2 && /succeeded but should have failed|changed the area outside its root/ {print id}' "$mid_out")
failed=$(awk '/^FAIL /{print $2}' "$mid_out")
for id in filesystem/SAFE-006 FSC-SEC-012 FSC-SEC-022; do
    if ! grep -qx "$id" <<<"$caught"; then
        echo "rust-mcp-filesystem: $id did not catch the escape of $between (fixed in 0.4.4)" >&2
        tail -n 40 "$mid_out" >&2
        exit 1
    fi
done
for id in filesystem/SAFE-002 filesystem/SAFE-007 FSC-SEC-016 FSC-SEC-017; do
    if grep -qx "$id" <<<"$failed"; then
        echo "rust-mcp-filesystem: $id fails on $between, which fixed it" >&2
        tail -n 40 "$mid_out" >&2
        exit 1
    fi
done
echo "rust-mcp-filesystem: $between fails SAFE-006, FSC-SEC-012 and FSC-SEC-022 (fixed in 0.4.4) and passes the four cases of its own fix"

# 0.4.4 closes what 0.4.3 left: none of the seven escape cases fails on it (the other cases
# of the selection are the strict run's business, on 0.4.5).
fixed_out="$fixed_cache/out.txt"
"$harness" run --profile filesystem --server "$fixed_cache/bin/rust-mcp-filesystem --allow-write {root}" \
    --name '^(filesystem/SAFE-00[267]|FSC-SEC-01[267]|FSC-SEC-022) ' >"$fixed_out" 2>&1 || true
failed=$(awk '/^FAIL /{print $2}' "$fixed_out")
ran=$(grep -Eo '^[0-9]+ scenarios? in' "$fixed_out" | grep -Eo '^[0-9]+' || echo 0)
if [ -n "$failed" ] || [ "$ran" -ne 7 ]; then
    echo "rust-mcp-filesystem: $fixed should pass the seven escape cases; ran $ran, failed: ${failed:-none}" >&2
    tail -n 40 "$fixed_out" >&2
    exit 1
fi
echo "rust-mcp-filesystem: $fixed passes the seven escape cases of 0.4.2 (SAFE-002, 006, 007, FSC-SEC-012, 016, 017, 022)"
