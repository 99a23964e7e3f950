#!/usr/bin/env bash
# Installs the two peers of the filesystem speed benchmark (tests/benches/filesystem_speed.rs)
# that no conformance script installs, at pinned versions, into the cache the benchmark
# looks in (${TMPDIR:-/tmp}/mcp-third-party), and says how long each install took:
#   - @modelcontextprotocol/server-filesystem 2.0.1 from npm (the newest official release;
#     its package asks for node >= 24 but runs on node 20);
#   - the crate modelcontextprotocol 0.2.4 from crates.io, a Rust clone of the official
#     server (binary `modelcontextprotocol`, started as `modelcontextprotocol filesystem
#     DIR`, per its docs/cli.md). It declares a newer rust-version (1.97) than this
#     toolchain's, yet builds on it, so it is installed with --ignore-rust-version;
#     Its own release profile (fat LTO, one codegen unit, opt-level "z", for size) took
#     about 30 min on two busy cores; it is built with opt-level 3, no LTO and 16 codegen
#     units instead (about 11 min niced on busy cores), which optimises for speed, so the
#     peer is no slower than the crate's own build; modelcontextprotocol.sh uses a debug
#     build of its own, in another folder;
#   - rust-mcp-filesystem 0.4.5 from crates.io, a release build (rust-mcp-filesystem.sh
#     runs a debug build of its own, in another folder).
# The other peer comes from official-node.sh (2026.8.31).
#
#   bash tests/third-party/speed-peers.sh && cargo bench -p e2e-tests --bench filesystem_speed
set -euo pipefail
cache="${TMPDIR:-/tmp}/mcp-third-party"

official="${OFFICIAL_SERVER_2_VERSION:-2.0.1}"
dir="$cache/official-node-$official"
if [ ! -x "$dir/node_modules/.bin/mcp-server-filesystem" ]; then
    start=$(date +%s)
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-filesystem@$official" >&2
    echo "speed-peers: installed the official server $official in $(($(date +%s) - start)) s" >&2
fi

crate="${MODELCONTEXTPROTOCOL_VERSION:-0.2.4}"
dir="$cache/modelcontextprotocol-$crate"
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"  # install_crate
CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_OPT_LEVEL=3 \
    CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    install_crate modelcontextprotocol "$crate" "$dir" --ignore-rust-version
rust_mcp="${RUST_MCP_FILESYSTEM_VERSION:-0.4.5}"
install_crate rust-mcp-filesystem "$rust_mcp" "$cache/rust-mcp-filesystem-$rust_mcp"
