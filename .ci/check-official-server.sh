#!/usr/bin/env bash
# Runs the harness against the official @modelcontextprotocol/server-filesystem, whose
# interface is different (read_file, write_file, ... instead of text.read, file.create).
# The harness must stop at once and say so: exit code 2, one paragraph that names the
# server's tools and says it offers another interface, no case run, no panic, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

work="${TMPDIR:-/tmp}/mcp-official-server"
version="${OFFICIAL_SERVER_VERSION:-2026.8.31}"
mkdir -p "$work"
if [ ! -x "$work/node_modules/.bin/mcp-server-filesystem" ]; then
    npm install --prefix "$work" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-filesystem@$version"
fi
server="$work/node_modules/.bin/mcp-server-filesystem"

cargo build --release -p mcp-harness
target_dir="${CARGO_TARGET_DIR:-target}"
harness="$target_dir/release/mcp-harness"

out="$work/harness-output.txt"
rc=0
started=$(date +%s)
timeout 120 "$harness" run --server "$server {root}" --timeout 5 >"$out" 2>&1 || rc=$?
took=$(( $(date +%s) - started ))

fail() {
    echo "check-official-server: $1" >&2
    tail -n 40 "$out" >&2
    exit 1
}
[ "$rc" -eq 124 ] && fail "the harness did not finish within 120 s"
[ "$rc" -eq 2 ] || fail "expected exit code 2 (another interface), got $rc"
grep -q 'offers another interface' "$out" || fail "the output does not say it is another interface"
grep -q 'read_text_file' "$out" || fail "the output does not name the server's tools"
grep -q 'does not speak' "$out" && fail "the output says the server does not speak MCP"
grep -q '^FAIL ' "$out" && fail "cases were run against a server of another interface"
grep -q 'panicked' "$out" && fail "the harness panicked"
[ "$took" -le 20 ] || fail "stopping took ${took} s; it should take seconds"
echo "check-official-server: ok (exit 2 after ${took} s, another interface reported once)"
