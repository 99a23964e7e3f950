#!/usr/bin/env bash
# Runs the shared checks against mcp-text-editor (PyPI, installed at pinned versions, its own
# and all its dependencies', mcp-text-editor/requirements.txt, into a venv) through its
# interface file, tests/third-party/mcp-text-editor/interface.yaml: the harness has no
# profile for its interface. It cannot be confined to the scenario's root: it takes no
# directory (no argument, no environment variable) and serves any absolute path without
# `..`; every escape the run shows follows from that. The run is checked against the
# baseline of its known failures (strict both ways). Every failure is classified by hand in
# docs/third-party/mcp-text-editor.md.
#
#   bash tests/third-party/mcp-text-editor.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

here="$PWD/tests/third-party/mcp-text-editor"
version=$(sed -n 's/^mcp-text-editor==//p' "$here/requirements.txt")
venv="${TMPDIR:-/tmp}/mcp-third-party/mcp-text-editor-$version"
server="$venv/bin/mcp-text-editor"
if [ ! -x "$server" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" >&2
fi

cargo build -p mcp-harness
harness="$PWD/${CARGO_TARGET_DIR:-target}/debug/mcp-harness"

# Every case, the races RACE-001, 002 and 004 too (the others need list, delete or move, or
# overwrite without believed content): with no root to stay in, its first or second read or
# create while the entry is a link reaches outside, in each of 5 runs.
"$harness" run --interface "$here/interface.yaml" --server "$server" \
    --expect-fail "$here/baseline"
