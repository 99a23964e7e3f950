#!/usr/bin/env bash
# Interop check with the official Python MCP SDK: venv, pinned SDK, build the server, run.
set -euo pipefail

MCP_VERSION="2.3.0"   # first line supporting both 2025-11-25 and 2026-07-28 (server/discover)
cd "$(dirname "$0")/../.."
ROOT="$(pwd)"
TARGET="${CARGO_TARGET_DIR:-$ROOT/target}"
VENV="$TARGET/interop-venv"

if [ ! -x "$VENV/bin/python" ]; then
    python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$MCP_VERSION')" 2>/dev/null; then
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "mcp==$MCP_VERSION"
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
# The server binary the workspace's tests use: built as they build it, so after
# `cargo test --workspace` (or CI's build) nothing is rebuilt. `cargo build -p e2e-tests`
# unifies the dependencies' features differently and rebuilt them (245 s of a CI run).
cargo test --workspace --no-run --quiet
exec "$VENV/bin/python" "$ROOT/tests/interop/python_client.py" "$TARGET/debug/mcp-reference-e2e"
