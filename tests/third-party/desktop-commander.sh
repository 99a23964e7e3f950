#!/usr/bin/env bash
# Runs the shared checks against Desktop Commander (npm @wonderwhy-er/desktop-commander, at
# a pinned version) through its interface file, tests/third-party/desktop-commander/
# interface.yaml: the harness has no profile for its interface. Each server runs confined
# to the scenario's root by a HOME of its own (desktop-commander/serve.sh). The run is
# checked against the baseline of its known failures (strict both ways); the races fail in
# most runs, not all, so they run apart and each must be caught within a few tries.
# .ci/run runs it. Every failure is classified by hand in
# docs/third-party/desktop-commander.md.
#
#   bash tests/third-party/desktop-commander.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
source tests/third-party/lib.sh

version="${DESKTOP_COMMANDER_VERSION:-0.2.52}"
package="@wonderwhy-er/desktop-commander"
export DC_PREFIX="${TMPDIR:-/tmp}/mcp-third-party/desktop-commander-$version"
export DC_HOMES="$DC_PREFIX/homes"
if [ ! -f "$DC_PREFIX/node_modules/$package/dist/index.js" ]; then
    mkdir -p "$DC_PREFIX"
    # Its puppeteer dependency would download a browser the file tools never use.
    PUPPETEER_SKIP_DOWNLOAD=1 npm install --prefix "$DC_PREFIX" --no-audit --no-fund \
        --loglevel=error "$package@$version" >&2
fi
rm -rf "$DC_HOMES"

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness  # built by an earlier step of .ci/run
harness="$PWD/$bin_dir/mcp-harness"
here="$PWD/tests/third-party/desktop-commander"
server="bash $here/serve.sh {root}"

# Its root is in the config serve.sh writes; --cwd {root} starts it in the root too, as
# servers were started before the harness took the caller's directory.
# Its torn write (SAFE-012, SAFE-017: write_file is fs.writeFile, which truncates, then
# writes) is caught by the harness's disk reader in most runs, not all (SAFE-012 7 of 8,
# SAFE-017 8 of 8 on an idle machine, 2026-12-07), so both run apart, below, tried 5 times
# each and reported, but neither is required: on CI's busy runner each has missed 5 tries
# of 5 in one run (SAFE-017 on 38c6a79, SAFE-012 on 9bd56ef), the empty moment of a short
# write falling between the disk reader's reads. The finding stands on the idle runs above
# (docs/third-party/desktop-commander.md); a race is reported with its odds, not required.
"$harness" run --interface "$here/interface.yaml" --server "$server" --cwd {root} \
    --name "^desktop-commander/(SAFE-0(0[0-9]|1[013-689]|2[0-9]) |(SPECIAL|NAME|STDIO|CASE|ROUND|EDIT|NEST|LINK|HARD|MISS|MARK|CTRL|SWEEP)-)" --expect-fail "$here/baseline"
caught_within "desktop-commander torn write (not required)" "$server" 'desktop-commander/SAFE-012' 5 \
    --interface "$here/interface.yaml" --cwd {root} || true
caught_within "desktop-commander torn write, small to big (not required)" "$server" \
    'desktop-commander/SAFE-017' 5 --interface "$here/interface.yaml" --cwd {root} || true
# RACE-001, -002, -004, -005 and -007 were each caught in at least one of two runs.
caught_within "desktop-commander races" "$server" \
    'desktop-commander/RACE-001|desktop-commander/RACE-004|desktop-commander/RACE-007' 5 \
    --interface "$here/interface.yaml" --cwd {root}
