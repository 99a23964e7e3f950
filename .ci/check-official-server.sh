#!/usr/bin/env bash
# Detection against real servers from npm, at pinned versions:
# 1. the official @modelcontextprotocol/server-filesystem, run without --profile: the
#    harness must pick the `filesystem` profile from its tools by itself (one case is run,
#    to show the run goes on; tests/third-party/official-node.sh runs them all);
# 2. the official @modelcontextprotocol/server-memory, whose tools (create_entities,
#    read_graph, ...) fit no profile: the harness must stop at once and say so: exit code
#    2, one paragraph that names the server's tools and says it offers another interface,
#    no case run, no panic, seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

fs_version="${OFFICIAL_SERVER_VERSION:-2026.8.31}"
memory_version="${MEMORY_SERVER_VERSION:-2026.8.31}"
work="${TMPDIR:-/tmp}/mcp-official-server"
mkdir -p "$work"
install() { # package version -> path of its bin
    local dir="$work/$1-$2"
    if [ ! -d "$dir/node_modules/@modelcontextprotocol/$1" ]; then
        npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
            "@modelcontextprotocol/$1@$2" >&2
    fi
    echo "$dir/node_modules/.bin/mcp-$1"
}
fs_server=$(install server-filesystem "$fs_version")
memory_server=$(install server-memory "$memory_version")

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness
harness="$bin_dir/mcp-harness"
out="$work/harness-output.txt"

fail() {
    echo "check-official-server: $1" >&2
    tail -n 40 "$out" >&2
    exit 1
}

# 1. The filesystem server is detected as the filesystem profile.
rc=0
timeout 120 "$harness" run --server "$fs_server {root}" --timeout 10 \
    --name '^FSC-TOOL-002 ' >"$out" 2>&1 || rc=$?
[ "$rc" -eq 124 ] && fail "the harness did not finish within 120 s"
grep -q '^Profile filesystem: the server offers all 14 of its tools' "$out" \
    || fail "detection did not pick the filesystem profile for server-filesystem $fs_version"
grep -q 'panicked' "$out" && fail "the harness panicked"
[ "$rc" -eq 0 ] || fail "expected the detected run to pass its one case, got exit code $rc"
echo "check-official-server: server-filesystem $fs_version detected as the filesystem profile"

# 2. A server whose tools fit no profile stops the run with one paragraph.
rc=0
started=$(date +%s)
MEMORY_FILE_PATH="$work/memory.jsonl" timeout 120 "$harness" run \
    --server "$memory_server" --timeout 5 >"$out" 2>&1 || rc=$?
took=$(( $(date +%s) - started ))
[ "$rc" -eq 124 ] && fail "the harness did not finish within 120 s"
[ "$rc" -eq 2 ] || fail "expected exit code 2 (another interface), got $rc"
grep -q 'offers another interface' "$out" || fail "the output does not say it is another interface"
grep -q 'create_entities' "$out" || fail "the output does not name the server's tools"
grep -q 'does not speak' "$out" && fail "the output says the server does not speak MCP"
grep -q '^FAIL ' "$out" && fail "cases were run against a server of another interface"
grep -q 'panicked' "$out" && fail "the harness panicked"
[ "$took" -le 20 ] || fail "stopping took ${took} s; it should take seconds"
echo "check-official-server: ok (server-memory $memory_version: exit 2 after ${took} s, another interface reported once)"
