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
#     It is built with its own release profile (fat LTO: about 30 min on two busy cores);
#     modelcontextprotocol.sh uses a debug build of its own, in another folder.
# The other two peers come from official-node.sh (2026.8.31) and rust-mcp-filesystem.sh.
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
if [ ! -d "$dir/bin" ]; then
    # Its own Cargo.lock (--locked) and target dir: the build does not touch ours.
    start=$(date +%s)
    cargo install modelcontextprotocol --version "$crate" --locked --ignore-rust-version \
        --root "$dir" --target-dir "$dir/target" >&2
    rm -rf "$dir/target"
    echo "speed-peers: built modelcontextprotocol $crate in $(($(date +%s) - start)) s" >&2
fi
