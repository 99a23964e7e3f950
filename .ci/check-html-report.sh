#!/usr/bin/env bash
# The HTML report (`--html`) in a real headless browser: a run with a core failure, a
# clarification failure the baseline expects and a pass writes the page; Chromium loads it
# and dumps the DOM after its script ran; the check then wants the script's marker, no
# script error, filters that split the matrix rows between core and clarifications, and
# the figures the console printed, and the verdict line the console's `Result:` gave.
# Installs Debian's chromium when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)
. tests/cargo-profile.sh  # cargo_profile, bin_dir
cargo build --profile "$cargo_profile" -p mcp-harness
harness="$bin_dir/mcp-harness"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "MIX-002  the clarification failure, expected" >"$work/baseline.txt"
rc=0
"$harness" run --features harness/tests/fixtures/mixed --expect-fail "$work/baseline.txt" \
    --html "$work/report.html" >"$work/console.txt" 2>&1 || rc=$?
[ "$rc" -eq 1 ] || { cat "$work/console.txt" >&2; echo "html: expected exit 1, got $rc" >&2; exit 1; }

timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run \
    --user-data-dir="$work/profile" --dump-dom "file://$work/report.html" \
    >"$work/dom.html" 2>"$work/chromium.log"

python3 - "$work/console.txt" "$work/dom.html" "$work/report.html" <<'PY'
import re, sys
console, dom, page = (open(p, encoding="utf-8").read() for p in sys.argv[1:4])
def fail(msg):
    sys.exit(f"html: {msg}")
m = re.search(r"^(\d+) scenarios? in [\d.]+ s: (.*)$", console, re.M)
if not m:
    fail(f"no totals line in the console output:\n{console}")
said = {"scenarios": int(m.group(1))}
for n, what in re.findall(r"(\d+) (passed|failed|expected by the baseline|skipped)", m.group(2)):
    said[what.split()[0]] = int(n)
if 'data-script="ok"' not in dom:
    fail("the page's script did not run (no data-script marker in the DOM)")
errors = re.search(r'<pre id="script-errors"[^>]*>(.*?)</pre>', dom, re.S)
if errors is None or errors.group(1).strip():
    fail(f"the page's script reported errors: {errors and errors.group(1)}")
for key, n in said.items():
    shown = re.search(rf'<b id="count-{key}">(\d+)</b>', dom)
    if shown is None or int(shown.group(1)) != n:
        fail(f"{key}: the console says {n}, the page {shown and shown.group(1)}")
result = re.search(r"^Result: (PASS|FAIL|NOTHING TESTED)$", console, re.M)
if not result:
    fail(f"no Result line in the console output:\n{console}")
verdict = re.search(r'<p id="verdict" class="verdict (\w+)"><b>Result: ([A-Z ]+?):', dom)
if verdict is None or verdict.group(2) != result.group(1):
    fail(f"the console says {result.group(1)}, the page's verdict {verdict and verdict.group(0)}")
if dom.find('id="verdict"') > dom.find('id="count-scenarios"'):
    fail("the verdict is not at the top of the page")
rows = {k: int(v) for k, v in re.findall(r'data-rows-(\w+)="(\d+)"', dom)}
static = {k: page.count(f'<tr data-kind="{k}"') for k in ("core", "clarification")}
if rows.get("core") != static["core"] or rows.get("clarification") != static["clarification"] \
        or rows.get("all") != static["core"] + static["clarification"] or not static["core"]:
    fail(f"the filters show {rows}, the page has {static} rows")
if said.get("expected") != 1 or said.get("failed") != 1:
    fail(f"the run should have one failure and one expected: {said}")
print(f"html: the page's script ran in Chromium; its verdict ({result.group(1)}) and figures "
      f"match the console ({said}); filters: {rows}")
PY
