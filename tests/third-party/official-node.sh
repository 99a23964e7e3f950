#!/usr/bin/env bash
# Runs the `filesystem` profile against the real official server,
# @modelcontextprotocol/server-filesystem from npm at a pinned version, and checks the run
# against the committed baseline of its known failures (strict both ways: a failure not
# listed fails, and so does a listed case that passes, which is how a fixing release shows
# up). Writes the Markdown matrix to docs/third-party/official-node-matrix.md; CI then
# checks that the committed matrix is the one this run produced. A second run puts
# strip-structured.py in front of the server, so that its answers are text blocks alone.
#
#   bash tests/third-party/official-node.sh            # run and compare
#   UPDATE=1 bash tests/third-party/official-node.sh   # rewrite the committed matrix
#
# Every baseline entry is classified by hand in docs/third-party/official-node.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${OFFICIAL_SERVER_VERSION:-2026.8.31}"
cache="${TMPDIR:-/tmp}/mcp-third-party/official-node-$version"
mkdir -p "$cache"
server="$cache/node_modules/.bin/mcp-server-filesystem"
if [ ! -x "$server" ]; then
    npm install --prefix "$cache" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-filesystem@$version"
fi

cargo build --release -p mcp-harness
harness="${CARGO_TARGET_DIR:-target}/release/mcp-harness"
matrix="docs/third-party/official-node-matrix.md"
out="$cache/matrix.md"

# --profile is named so that a change in detection cannot silently change what runs;
# .ci/check-official-server.sh shows that detection picks this profile by itself.
"$harness" run --profile filesystem --server "$server {root}" \
    --expect-fail tests/third-party/official-node.baseline \
    --report "$out" --junit "$cache/junit.xml"

# The matrix names the server by its command; name it by its package instead, so that the
# committed matrix does not depend on where the cache is.
sed -i "s#$server#npx @modelcontextprotocol/server-filesystem@$version#" "$out"

if [ -n "${UPDATE:-}" ]; then
    cp "$out" "$matrix"
    echo "official-node: wrote $matrix"
elif ! diff -u "$matrix" "$out"; then
    echo "official-node: $matrix differs from this run's matrix (above); if the change is" >&2
    echo "expected, run UPDATE=1 bash $0 and commit it" >&2
    exit 1
fi
# The same server answering in text blocks alone (no structuredContent), as older releases
# and several clones do: the profile reads its results the same, so the same baseline holds.
"$harness" run --profile filesystem \
    --server "python3 $PWD/tests/third-party/strip-structured.py $server {root}" \
    --expect-fail tests/third-party/official-node.baseline
echo "official-node: server-filesystem $version matches its baseline, with and without structuredContent"
