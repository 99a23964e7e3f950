#!/usr/bin/env bash
# Runs the zoo (docs/zoo.md): small, correct file servers of shapes the harness has no profile
# for, written with the official Python SDK (pinned as in tests/interop/run.sh) and one with the
# TypeScript SDK (pinned in ts-mcpserver/package.json, with its lockfile: npm ci), over one
# confined core (tests/zoo/core.py), each through the interface file written by hand beside
# it. For each server:
#   1. the run through its interface file passes: exit 0, no case failed;
#   2. `interface init` writes a starter, and the starter (its `interface:` name alone changed,
#      as the README's walkthrough does) is run: it must fail no case either (a failure there
#      would be the harness or its guess misreading a correct server);
#   3. with each fault of core.py (ZOO_FAULT), the run fails (exit 1) naming a case of the check
#      the fault breaks.
# Every zoo server starts a Python interpreter that imports the SDK for each scenario (about
# 1 s of CPU), so a run of every case of every server takes many minutes. By default (CI) the
# runs of steps 1 and 2 select the cases that read the servers' shapes: results, refusals, error
# texts, exact text (SAFE-001..009, ROUND-001..004, EDIT-001..003, MISS-001..004); the core the servers share is
# run on every case by ZOO_FULL=1 (docs/zoo.md gives both times).
#
#   bash tests/zoo/run.sh                       # every server
#   ZOO_ONLY=mcpserver-text bash tests/zoo/run.sh   # one server
#   ZOO_FULL=1 bash tests/zoo/run.sh            # every case in steps 1 and 2
#   MCP_HARNESS=/path/to/mcp-harness bash tests/zoo/run.sh   # a harness already built
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

mcp_version=$(sed -n 's/^MCP_VERSION="\([^"]*\)".*/\1/p' tests/interop/run.sh)
[ -n "$mcp_version" ] || { echo "zoo: no MCP_VERSION found in tests/interop/run.sh" >&2; exit 2; }
venv="${TMPDIR:-/tmp}/mcp-zoo/venv-mcp-$mcp_version"
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$mcp_version')" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$mcp_version" >&2
fi

ts="$PWD/tests/zoo/ts-mcpserver"
if [ ! -d "$ts/node_modules/@modelcontextprotocol/sdk" ]; then
    (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi

if [ -n "${MCP_HARNESS:-}" ]; then
    harness="$MCP_HARNESS"
else
    . tests/cargo-profile.sh  # cargo_profile, bin_dir
    cargo build --profile "$cargo_profile" -p mcp-harness
    harness="$PWD/$bin_dir/mcp-harness"
fi

zoo="$PWD/tests/zoo"
work=$(mktemp -d "${TMPDIR:-/tmp}/mcp-zoo-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
servers=(mcpserver-json mcpserver-text mcpserver-status relative-path lowlevel-json ts-mcpserver paged-read)
[ -z "${ZOO_ONLY:-}" ] || servers=($ZOO_ONLY)

# The faults of core.py, each with the cases that must catch it (a regex of case ids after the
# interface's prefix): following links out breaks UNIVERSAL-SYMLINKS (SAFE-005..009 read,
# create, delete, list through links out; LINK-001..002 chains); writing in place breaks
# UNIVERSAL-ATOMIC-WRITE (SAFE-012) and writes through hard links (UNIVERSAL-CLR-04,
# HARD-001..002). The fault runs select those cases alone (--name), to keep the zoo short.
declare -A fault_cases=(
    [follow-links]='(SAFE-00[5-9]|LINK-00[12])'
    [write-in-place]='(SAFE-012|HARD-00[12])'
    # paged-read's own: a page that starts a character late or early breaks the joined text
    # (UNIVERSAL-EXACT-READ, ROUND-007..012).
    [page-skip]='ROUND-0(0[7-9]|1[0-2])'
    [page-repeat]='ROUND-0(0[7-9]|1[0-2])'
)
# The faults of core.py run against every server; a server's own faults against it alone.
core_faults=(follow-links write-in-place)
declare -A own_faults=([paged-read]='page-skip page-repeat')

select=(--name '/(SAFE-00[1-9]|ROUND-00[1-4]|EDIT-00[1-3]|MISS-00[1-4]) ')
[ -z "${ZOO_FULL:-}" ] || select=()

# A Python interpreter importing the SDK took over 60 s to answer `initialize` on a 2-core
# machine at a load average of 24 (the harness's default --startup-timeout): the runs give
# it longer. No check is about start-up time.
startup=(--startup-timeout 180)

failures=()
fail() { failures+=("$1"); echo "zoo: FAILED: $1" >&2; }

# totals FILE: the run's totals line, for the summary.
totals() { grep -E 'scenarios in .* passed' "$1" | tail -n 1 || true; }

for name in "${servers[@]}"; do
    server="$venv/bin/python $zoo/$name/server.py {root}"
    [ "$name" != ts-mcpserver ] || server="node $zoo/$name/server.mjs $venv/bin/python {root}"
    iface="$zoo/$name/interface.yaml"
    out="$work/$name.out"
    rerun="MCP_HARNESS=$harness ZOO_ONLY=$name bash tests/zoo/run.sh"

    # 1. The hand-written interface files (interface.yaml, and any other reading of the same
    # server beside it): every case passes (skips only for operations absent).
    for each in "$zoo/$name"/interface*.yaml; do
        if "$harness" run --interface "$each" --server "$server" "${startup[@]}" "${select[@]}" >"$out" 2>&1; then
            echo "zoo: $name: passes through $(basename "$each"): $(totals "$out")"
        else
            grep -A3 -E '^FAIL ' "$out" | head -n 60 >&2 || true
            tail -n 25 "$out" >&2
            fail "$name: the run through $each did not pass (rerun: $rerun)"
        fi
    done

    # 2. The starter interface init writes, run with its name changed alone.
    starter="$work/$name.starter.yaml"
    if "$harness" interface init --server "$server" "${startup[@]}" -o "$starter" >"$work/$name.init" 2>&1; then
        sed -i 's/^interface: .*/interface: zoo-'"$name"'-starter/' "$starter"
        if "$harness" run --interface "$starter" --server "$server" "${startup[@]}" "${select[@]}" >"$out.starter" 2>&1; then
            echo "zoo: $name: its starter passes unedited but for the name: $(totals "$out.starter")"
        else
            grep -A3 -E '^FAIL ' "$out.starter" | head -n 60 >&2 || true
            tail -n 15 "$out.starter" >&2
            echo "--- the starter:" >&2; cat "$starter" >&2
            fail "$name: the starter of interface init failed cases against a correct server (rerun: $rerun)"
        fi
    else
        cat "$work/$name.init" >&2
        fail "$name: interface init failed (rerun: $rerun)"
    fi

    # 3. Each fault is caught: the run fails (exit 1) naming a case of the check it breaks.
    for fault in "${core_faults[@]}" ${own_faults[$name]:-}; do
        ids="^zoo-$name/${fault_cases[$fault]} "
        rc=0
        ZOO_FAULT=$fault "$harness" run --interface "$iface" --server "$server" "${startup[@]}" \
            --name "$ids" >"$out.$fault" 2>&1 || rc=$?
        caught=$(awk '/^FAIL /{print $2}' "$out.$fault" | paste -sd' ')
        if [ "$rc" = 1 ] && [ -n "$caught" ]; then
            echo "zoo: $name: fault $fault caught by $caught"
        else
            tail -n 30 "$out.$fault" >&2
            fail "$name: fault $fault not caught (exit $rc, no FAIL among $ids; rerun: $rerun)"
        fi
    done
done

echo "zoo: ${#servers[@]} server(s) in $((SECONDS - start)) s"
if [ "${#failures[@]}" -gt 0 ]; then
    printf 'zoo: FAILED: %s\n' "${failures[@]}" >&2
    exit 1
fi
