#!/usr/bin/env bash
# Runs the `filesystem` profile against aiomcp-server-filesystem, a Python port of the
# official filesystem server (PyPI), installed at pinned versions (its own and all its
# dependencies', aiomcp-server-filesystem.requirements.txt) into a venv, and checks the run
# against the committed baseline of its known failures (strict both ways: a failure not
# listed fails, and so does a listed case that passes). Writes the Markdown matrix to
# docs/third-party/aiomcp-server-filesystem-matrix.md; CI checks that the committed matrix
# is the one this run produced.
#
#   bash tests/third-party/aiomcp-server-filesystem.sh            # run and compare
#   UPDATE=1 bash tests/third-party/aiomcp-server-filesystem.sh   # rewrite the committed matrix
#
# Every baseline entry is classified by hand in docs/third-party/aiomcp-server-filesystem.md.
set -euo pipefail
cd "$(dirname "$0")/../.."

requirements="tests/third-party/aiomcp-server-filesystem.requirements.txt"
version=$(sed -n 's/^aiomcp-server-filesystem==//p' "$requirements")
venv="${TMPDIR:-/tmp}/mcp-third-party/aiomcp-server-filesystem-$version"
server="$venv/bin/aiomcp-server-filesystem"
if [ ! -x "$server" ]; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements" >&2
fi

[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
# shellcheck source=lib.sh
. tests/third-party/lib.sh  # keep_summary
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness
harness="$bin_dir/mcp-harness"
matrix="docs/third-party/aiomcp-server-filesystem-matrix.md"
out="$venv/matrix.md"
summary="$venv/summary.json"

# Every case but the races (filesystem/RACE-001 to 008): this server
# checks a path and then uses it by name, so a directory swapped for a link in between
# takes a write out (the pattern of GHSA-53mr-w429-c597) or lists the outside directory,
# but with its few calls per second the swap falls in that window in some runs only (the
# write races in 3 of 6 here, the listing race in 1 of 2, the read and move races RACE-001
# and 008 in 1 of 3), which a strict baseline cannot hold. They are checked on their own
# below.
racy='filesystem/RACE-00[1-8]'
ids=$(grep -h '^ *Scenario' features/filesystem/*.feature | awk '{print $2}' | grep -Evx "$racy" | paste -sd'|')
"$harness" run --profile filesystem --server "$server {root}" \
    --name "^($ids) " \
    --expect-fail tests/third-party/aiomcp-server-filesystem.baseline \
    --report "$out" --junit "$venv/junit.xml" \
    --summary "$summary" --label "aiomcp-server-filesystem@$version"

# Name the server by its package, so that the committed matrix does not depend on the cache.
sed -i "s#$server#aiomcp-server-filesystem@$version#" "$out" "$summary"

if [ -n "${UPDATE:-}" ]; then
    cp "$out" "$matrix"
    echo "aiomcp-server-filesystem: wrote $matrix"
elif ! diff -u "$matrix" "$out"; then
    echo "aiomcp-server-filesystem: $matrix differs from this run's matrix (above); if the" >&2
    echo "change is expected, run UPDATE=1 bash $0 and commit it" >&2
    exit 1
fi
keep_summary aiomcp-server-filesystem "$summary"
echo "aiomcp-server-filesystem: $version matches its baseline"

# An escape through a swapped entry must show in one of the race cases within 10 tries
# (each a fresh set of 2-second races); the first that shows it ends the loop.
for try in $(seq 10); do
    if ! "$harness" run --profile filesystem --server "$server {root}" \
        --name "^($racy) " >"$venv/racy.txt" 2>&1; then
        grep -Eq 'changed the area outside its root|shows "outside-bait"|shows "top secret"' "$venv/racy.txt" || {
            cat "$venv/racy.txt" >&2; exit 1; }
        echo "aiomcp-server-filesystem: an escape through a swapped directory caught (one of $racy) on try $try"
        exit 0
    fi
done
echo "aiomcp-server-filesystem: $racy caught no escape in 10 tries; if $version now" >&2
echo "pins the directory it writes in, remove the check and say so in docs/third-party/aiomcp-server-filesystem.md" >&2
exit 1
