#!/usr/bin/env bash
# Runs the harness against the official @modelcontextprotocol/server-filesystem, whose
# interface is different (read_file, write_file, ... instead of text.read, file.create).
# The harness must fail cleanly: exit code 1 (cases failed, not 2: the server starts and
# initializes fine), a plain "no tool" reason, no panic, and bounded time.
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
# Node starts in ~0.3 s, so run more scenarios at once than there are CPUs.
timeout 600 "$harness" run --server "$server {root}" --timeout 5 --jobs 8 >"$out" 2>&1 || rc=$?

fail() {
    echo "check-official-server: $1" >&2
    tail -n 40 "$out" >&2
    exit 1
}
[ "$rc" -eq 124 ] && fail "the harness did not finish within 600 s"
[ "$rc" -eq 1 ] || fail "expected exit code 1 (cases failed), got $rc"
grep -q 'the server has no tool named "text.read"' "$out" \
    || fail "the output does not say that the tool text.read is missing"
grep -q 'panicked' "$out" && fail "the harness panicked"
grep -q '^Result: FAIL' "$out" || fail "no final result line"
echo "check-official-server: ok (exit 1, missing tools reported; $(grep -c '^FAIL ' "$out") failing cases)"
