#!/usr/bin/env bash
# The comparison page (`mcp-harness compare --html`) in a real headless browser: two runs
# of the mixed fixture (one with a baseline that expects a failure) and a run whose server
# does not start write their summaries; compare renders them; Chromium loads the page and
# dumps the DOM after its script ran; the check then wants the script's marker, no script
# error, one column per summary, and per column the name, the verdict and the failed
# cells (counted by the script from the table) that the summary gives. The same checks then
# run on the page of the committed third-party summaries (docs/third-party/*-summary.json),
# the comparison docs/third-party.md shows.
# MCP_HARNESS names a built harness to use; else a release build. Installs Debian's
# chromium when it is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi
harness="${MCP_HARNESS:-}"
if [ -z "$harness" ]; then
    . tests/cargo-profile.sh  # cargo_profile, bin_dir
    cargo build --profile "$cargo_profile" -p mcp-harness
    harness="$bin_dir/mcp-harness"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "MIX-002  the clarification failure, expected" >"$work/baseline.txt"
mixed=(run --features harness/tests/fixtures/mixed)
"$harness" "${mixed[@]}" --label plain --summary "$work/a.json" >/dev/null 2>&1 || true
"$harness" "${mixed[@]}" --label baselined --expect-fail "$work/baseline.txt" \
    --summary "$work/b.json" >/dev/null 2>&1 || true
"$harness" run --server "$work/no-such-server {root}" --label absent \
    --summary "$work/c.json" >/dev/null 2>&1 || true
"$harness" compare "$work/a.json" "$work/b.json" "$work/c.json" --html "$work/compare.html"

# page HTML DOM: Chromium loads the page and dumps its DOM after the script ran.
page() {
    timeout 120 chromium --headless --no-sandbox --disable-gpu --disable-background-networking \
        --disable-component-update --disable-sync --no-first-run \
        --user-data-dir="$work/profile" --dump-dom "file://$1" >"$2" 2>"$work/chromium.log"
}
page "$work/compare.html" "$work/dom.html"
third_party=(docs/third-party/*-summary.json)
"$harness" compare "${third_party[@]}" --html "$work/third-party.html"
page "$work/third-party.html" "$work/third-party-dom.html"

python3 - "$work/dom.html" "$work/a.json" "$work/b.json" "$work/c.json" \
    -- "$work/third-party-dom.html" "${third_party[@]}" <<'PY'
import html, json, re, sys
def fail(msg):
    sys.exit(f"compare html: {msg}")
def check(dom_path, summary_paths):
    """The page's script ran, and each column shows its summary's name, verdict, failures."""
    dom = open(dom_path, encoding="utf-8").read()
    runs = [json.load(open(p, encoding="utf-8")) for p in summary_paths]
    if 'data-script="ok"' not in dom:
        fail("the page's script did not run (no data-script marker in the DOM)")
    errors = re.search(r'<pre id="script-errors"[^>]*>(.*?)</pre>', dom, re.S)
    if errors is None or errors.group(1).strip():
        fail(f"the page's script reported errors: {errors and errors.group(1)}")
    columns = re.search(r'data-columns="(\d+)"', dom)
    if columns is None or int(columns.group(1)) != len(runs):
        fail(f"{len(runs)} summaries, the page has {columns and columns.group(1)} columns")
    names = [html.unescape(n) for n in re.findall(r'<th class="server" data-col="\d+">([^<]*)<br>', dom)]
    if names != [r["name"] for r in runs]:
        fail(f"columns {names}, summaries {[r['name'] for r in runs]}")
    for i, r in enumerate(runs):
        failed = sum(c["status"] == "failed" for c in r["cases"])
        counted = re.search(rf'data-failed-{i}="(\d+)"', dom)
        if counted is None or int(counted.group(1)) != failed:
            fail(f"{r['name']}: {failed} failed cases, the page's cells {counted and counted.group(1)}")
        shown = re.search(rf'<span data-failed="{i}">(\d+)</span>', dom)
        if shown is None or int(shown.group(1)) != failed:
            fail(f"{r['name']}: {failed} failed, the header says {shown and shown.group(1)}")
        result = re.search(rf'data-result="{i}">([A-Z ]+)</b>', dom)
        if result is None or result.group(1) != r["result"]:
            fail(f"{r['name']}: result {r['result']}, the page {result and result.group(1)}")
    return dom, runs, names
split = sys.argv.index("--")
dom, runs, names = check(sys.argv[1], sys.argv[2:split])
expected = sum(c["baseline"] == "expected" for c in runs[1]["cases"])
if expected != 1 or dom.count("FAIL (expected)") != expected:
    fail(f"one failure expected by the baseline, the page shows {dom.count('FAIL (expected)')}")
if runs[2]["result"] != "NOTHING TESTED" or runs[2]["cases"]:
    fail(f"the server that does not start: {runs[2]['result']}")
print(f"compare html: the page's script ran in Chromium; its {len(runs)} columns "
      f"({', '.join(names)}) show the summaries' verdicts and failures")
_, tp_runs, tp_names = check(sys.argv[split + 1], sys.argv[split + 2:])
if len(tp_runs) < 5:
    fail(f"expected the five third-party summaries, found {len(tp_runs)}")
print(f"compare html: the committed third-party comparison ({len(tp_runs)} servers: "
      f"{', '.join(tp_names)}) shows each summary's verdict and failures")
PY
