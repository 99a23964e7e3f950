#!/usr/bin/env bash
# Interop check with the official TypeScript SDK and the Inspector CLI (both pinned in
# ts/package.json and ts/package-lock.json): install, build the server, run both.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
TS="$ROOT/tests/interop/ts"

(cd "$TS" && npm ci --no-audit --no-fund --loglevel=error)
[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
# The server binary the workspace's tests use (reference/tests/stdio.rs): built as they
# build it, so after `cargo test --workspace` (or CI's build) nothing is rebuilt;
# `cargo build -p mcp-reference` unifies the dependencies' features differently and
# rebuilt them (minutes in a CI run).
cargo test --workspace --no-run --quiet
SERVER="$TARGET/debug/mcp-reference"

node "$TS/client.mjs" "$SERVER"

# Inspector CLI smoke test: a tool error's message must be printed, not swallowed by
# output-schema validation.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
out="$(node "$TS/node_modules/@modelcontextprotocol/inspector-cli/build/cli.js" --cli "$SERVER" --root "$work" \
    --method tools/call --tool-name text.read --tool-arg path=../outside.md 2>&1)" || {
    echo "inspector: FAIL: the CLI exited non-zero:"; echo "$out"; exit 1; }
if grep -q "unknown format" <<<"$out"; then
    echo "inspector: FAIL: schema warnings:"; echo "$out"; exit 1
fi
grep -q '"isError": true' <<<"$out" || { echo "inspector: FAIL: no error result:"; echo "$out"; exit 1; }
grep -q 'outside' <<<"$out" || { echo "inspector: FAIL: the message does not name the path:"; echo "$out"; exit 1; }
echo "inspector: PASS (Inspector CLI $(node -p "require('$TS/node_modules/@modelcontextprotocol/inspector-cli/package.json').version") shows the error):"
grep '"text": "' <<<"$out" | head -1
