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
source tests/third-party/lib.sh

here="$PWD/tests/third-party/mcp-text-editor"
version=$(sed -n 's/^mcp-text-editor==//p' "$here/requirements.txt")
venv="${TMPDIR:-/tmp}/mcp-third-party/mcp-text-editor-$version"
server="$venv/bin/mcp-text-editor"
if [ ! -x "$server" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness  # built by an earlier step of .ci/run
harness="$PWD/$bin_dir/mcp-harness"

# Every case but the races, strict to the baseline. The races RACE-001, 002 and 004 (the
# others need list, delete or move, or overwrite without believed content) run apart: with
# no root to stay in, a read or create while the entry is a link reaches outside, but a
# loaded run once let RACE-004 pass, so each must be caught within 5 tries.
# It takes no directory: --cwd {root} starts it in the scenario's root (as every server
# was before --cwd), so anything it makes relative to its directory lands there.
"$harness" run --interface "$here/interface.yaml" --server "$server" --cwd {root} \
    --name '^mcp-text-editor/(SAFE|SPECIAL|NAME|STDIO|CASE|ROUND|EDIT|NEST|LINK|HARD|MISS|MARK|CTRL|SWEEP)-' \
    --expect-fail "$here/baseline"
caught_within "mcp-text-editor races" "$server" \
    'mcp-text-editor/RACE-001|mcp-text-editor/RACE-002|mcp-text-editor/RACE-004' 5 \
    --interface "$here/interface.yaml" --cwd {root}
