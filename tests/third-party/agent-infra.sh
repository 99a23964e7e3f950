#!/usr/bin/env bash
# Runs the `filesystem` profile against @agent-infra/mcp-server-filesystem from npm, at a
# pinned version, UNFILTERED: the server prints a banner and a log line per call on its
# stdout, which the harness drops from the protocol stream (as the official SDKs' clients
# do) and reports once, as the failure of filesystem/STDIO-001; every other case is judged
# on the messages. The run is checked against the committed baseline of its known failures
# (strict both ways: a failure not listed fails, and so does a listed case that passes).
# The races fail in most runs, not all; they run apart, and each must be caught within a
# few tries.
# Writes the Markdown matrix to docs/third-party/agent-infra-matrix.md; CI checks that the
# committed matrix is the one this run produced.
#
# Then the shared checks run again through its interface file,
# tests/third-party/agent-infra/interface.yaml (its own read_file, no profile), strict to
# agent-infra/baseline, and its races must each be caught within a few tries: its prefix
# and symlink escapes are caught through the mapping alone.
#
#   bash tests/third-party/agent-infra.sh            # run and compare
#   UPDATE=1 bash tests/third-party/agent-infra.sh   # rewrite the committed matrix
#
# Every baseline entry is classified by hand in docs/third-party/agent-infra.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

version="${AGENT_INFRA_VERSION:-1.2.29}"
package="@agent-infra/mcp-server-filesystem"
dir="${TMPDIR:-/tmp}/mcp-third-party/agent-infra-$version"
server="$dir/node_modules/.bin/mcp-server-filesystem"
if [ ! -x "$server" ]; then
    mkdir -p "$dir"
    npm install --prefix "$dir" --no-audit --no-fund --loglevel=error "$package@$version" >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness
harness="$bin_dir/mcp-harness"
matrix="docs/third-party/agent-infra-matrix.md"
out="$dir/matrix.md"
summary="$dir/summary.json"

# Races a strict run cannot hold: a link swapped in leads out whenever the server looks at
# the entry while the link is in place (its symlink check lets links out through, see
# docs/third-party/agent-infra.md), which is in every run here but is a matter of timing.
# They run apart, below, and each must be caught within a few tries.
racy='filesystem/RACE-00[1-8]'
# Its torn write (truncate, then write) is in the strict baseline: the harness races each
# write up to 32 rounds, which caught it in 8 of 8 runs of both cases (one round alone:
# about one run in ten).
ids=$(grep -h '^ *Scenario' features/filesystem/*.feature | awk '{print $2}' | grep -Evx "$racy" | paste -sd'|')
# shellcheck source=lib.sh
. tests/third-party/lib.sh  # caught_within, keep_summary

# The server takes its directory as --allowed-directories, not as an argument. --profile is
# named: the server offers 11 of the profile's 14 tools (read_file but no read_text_file),
# and the run should judge it on the interface it claims to clone.
"$harness" run --profile filesystem \
    --server "$server --allowed-directories {root}" \
    --name "^($ids) " \
    --expect-fail tests/third-party/agent-infra.baseline \
    --report "$out" --junit "$dir/junit.xml" \
    --summary "$summary" --label "npx $package@$version"

# Name the server by its package, so that the committed matrix does not depend on the cache.
sed -i "s#$server#npx $package@$version#" "$out" "$summary"

if [ -n "${UPDATE:-}" ]; then
    cp "$out" "$matrix"
    echo "agent-infra: wrote $matrix"
elif ! diff -u "$matrix" "$out"; then
    echo "agent-infra: $matrix differs from this run's matrix (above); if the change is" >&2
    echo "expected, run UPDATE=1 bash $0 and commit it" >&2
    exit 1
fi
keep_summary agent-infra "$summary"
echo "agent-infra: $package $version matches its baseline (stdout noise included)"
races=$(grep -h '^ *Scenario: filesystem/RACE-' features/filesystem/races.feature | awk '{print $2}' | paste -sd'|')
caught_within agent-infra "$server --allowed-directories {root}" "$races" 5   # the swap races: each a path checked and then used by name

# Through the interface file: every shared case but the races, strict to its baseline; the
# races (all but RACE-006, which deletes) caught within 5 tries each.
here="$PWD/tests/third-party/agent-infra"
"$harness" run --interface "$here/interface.yaml" \
    --server "$server --allowed-directories {root}" \
    --name "^agent-infra/(SAFE|SPECIAL|NAME|STDIO|CASE|ROUND|EDIT|NEST|LINK|HARD|MISS|MARK|CTRL|SWEEP)-" \
    --expect-fail "$here/baseline"
caught_within "agent-infra races (interface file)" "$server --allowed-directories {root}" \
    'agent-infra/RACE-001|agent-infra/RACE-002|agent-infra/RACE-003|agent-infra/RACE-004|agent-infra/RACE-005|agent-infra/RACE-007|agent-infra/RACE-008' 5 \
    --interface "$here/interface.yaml"
echo "agent-infra: $package $version matches its interface-file baseline"
