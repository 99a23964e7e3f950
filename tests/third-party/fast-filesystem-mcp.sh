#!/usr/bin/env bash
# Runs the shared confinement checks (SAFE, LINK and NAME cases, but the torn-write race
# SAFE-012) against fast-filesystem-mcp (npm, pinned 3.5.2, the newest) through its
# interface file, tests/third-party/fast-filesystem-mcp/interface.yaml, strict both ways to
# its baseline: the escapes of its string-prefix check and of links it never resolves
# (docs/advisories.md). It always allows the home and temp directories besides the one it
# is given, so the harness's roots and outside areas lie elsewhere (--scratch-dir under
# /var/tmp): in the temp directory every confinement case would find the outside area open
# for that reason alone. Every failure is classified in docs/third-party/fast-filesystem-mcp.md.
#
#   bash tests/third-party/fast-filesystem-mcp.sh
set -euo pipefail
cd "$(dirname "$0")/../.."

version=3.5.2
here="$PWD/tests/third-party/fast-filesystem-mcp"
prefix="${TMPDIR:-/tmp}/mcp-third-party/fast-filesystem-mcp-$version"
server="$prefix/node_modules/fast-filesystem-mcp/dist/index.js"
if [ ! -f "$server" ]; then
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error \
        "fast-filesystem-mcp@$version" >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness  # built by an earlier step of .ci/run
harness="$PWD/$bin_dir/mcp-harness"

# Outside $HOME, /tmp, /home and /Users, the directories it always allows.
scratch=$(mktemp -d /var/tmp/mcp-harness-ffm.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
"$harness" run --interface "$here/interface.yaml" --server "node $server --allow {root}" \
    --scratch-dir "$scratch" \
    --name '^fast-filesystem/(SAFE-0(0[1-9]|1[013-689]|20) |EDIT-001 |(LINK|NAME|MARK|CTRL|SWEEP)-)' \
    --expect-fail "$here/baseline"
