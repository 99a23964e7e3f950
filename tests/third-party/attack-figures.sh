#!/usr/bin/env bash
# Measures the attack cases (races, special files, name tricks) against one server: runs
# them RUNS times (default 20), each run a fresh scenario per case, and prints for every
# case how many runs failed and its mean wall time (from the JUnit report). Run once by
# hand; docs/advisories.md quotes the figures.
#
#   bash tests/third-party/attack-figures.sh                       # the built-in reference
#   bash tests/third-party/attack-figures.sh 2026.8.31             # server-filesystem from npm
#   RUNS=5 bash tests/third-party/attack-figures.sh 2.0.1
#   NAMES='^filesystem/RACE-' bash tests/third-party/attack-figures.sh 2026.8.31   # races only
#   TRANSPORT=http bash tests/third-party/attack-figures.sh        # the reference over HTTP
#   SERVER='/path/to/modelcontextprotocol filesystem {root}' bash tests/third-party/attack-figures.sh
#
# One scenario at a time (--jobs 1), so that each case's JUnit time is its own.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs="${RUNS:-20}"
harness="${HARNESS:-${CARGO_TARGET_DIR:-target}/debug/mcp-harness}"
names="${NAMES:-^(filesystem/(RACE|SPECIAL)-|FSC-NAME-)}"
if [ -n "${SERVER:-}" ]; then
    server=(--server "$SERVER")
    label="$SERVER"
elif [ -n "${1:-}" ]; then
    dir="${TMPDIR:-/tmp}/mcp-third-party/official-node-$1"
    if [ ! -x "$dir/node_modules/.bin/mcp-server-filesystem" ]; then
        mkdir -p "$dir"
        npm install --prefix "$dir" --no-audit --no-fund --loglevel=error \
            "@modelcontextprotocol/server-filesystem@$1" >&2
    fi
    server=(--server "$dir/node_modules/.bin/mcp-server-filesystem {root}")
    label="server-filesystem $1"
else
    server=(--transport "${TRANSPORT:-stdio}")
    label="the reference (filesystem profile, ${TRANSPORT:-stdio})"
fi

out=$(mktemp -d)
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for run in $(seq "$runs"); do
    "$harness" run --profile filesystem ${server[@]+"${server[@]}"} --name "$names" --jobs 1 \
        --junit "$out/$run.xml" >"$out/$run.txt" 2>&1 || true
done

echo "$label: $runs runs (load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after)"
python3 - "$out" "$runs" <<'EOF'
import sys, glob, xml.etree.ElementTree as ET
from collections import defaultdict
out, runs = sys.argv[1], int(sys.argv[2])
failed, times = defaultdict(int), defaultdict(list)
for f in glob.glob(f"{out}/*.xml"):
    for tc in ET.parse(f).iter("testcase"):
        case = tc.get("name").split()[0]
        times[case].append(float(tc.get("time") or 0))
        if tc.find("failure") is not None or tc.find("error") is not None:
            failed[case] += 1
print(f"{'case':<26} {'failed':>8} {'mean s':>7}")
for case in sorted(times):
    t = times[case]
    print(f"{case:<26} {failed[case]:>4} of {len(t):<2} {sum(t)/len(t):>6.2f}")
EOF
