#!/usr/bin/env bash
# The "Run mcp-harness" step of action.yml: builds the `mcp-harness run` command line from
# the INPUT_* variables, runs it with JUnit, HTML and Markdown reports and the run summary
# (summary.json, for `mcp-harness compare`) in INPUT_REPORT_DIR, appends the Markdown report
# to $GITHUB_STEP_SUMMARY, writes exit-code, junit, html, summary and report-dir to
# $GITHUB_OUTPUT, and exits with the run's code (0 pass, 1 failures, 2 could
# not test), which fails the job. tests/dist/action-local.sh runs it outside GitHub.
set -euo pipefail
: "${MCP_HARNESS:?set MCP_HARNESS to the mcp-harness binary (the output of the install step)}"
: "${GITHUB_OUTPUT:?set GITHUB_OUTPUT to a file for the step outputs (GitHub sets it)}"
: "${GITHUB_STEP_SUMMARY:?set GITHUB_STEP_SUMMARY to a file for the job summary (GitHub sets it)}"
workspace=${GITHUB_WORKSPACE:-$PWD}
out=${INPUT_REPORT_DIR:-mcp-conformance}
case "$out" in /*) ;; *) out="$workspace/$out" ;; esac
mkdir -p "$out"
echo "report-dir=$out" >>"$GITHUB_OUTPUT"

fail_usage() {
    echo "::error::$1" >&2
    echo "exit-code=2" >>"$GITHUB_OUTPUT"
    exit 2
}

server=${INPUT_SERVER:-}
if [ -n "${INPUT_CONFIG:-}" ]; then
    [ -z "$server" ] || fail_usage "give server or config, not both"
    [ -f "$INPUT_CONFIG" ] || fail_usage "config: $INPUT_CONFIG is not a file (paths are read from $PWD)"
    python=$(command -v python3 || command -v python) || fail_usage "config needs Python on the runner to read the JSON file"
    # The entry's command line, then its env as NAME=VALUE, NUL-separated.
    mapfile -d '' entry < <("$python" "$(dirname "$0")/mcp_config.py" "$INPUT_CONFIG" "${INPUT_CONFIG_SERVER:-}")
    [ "${#entry[@]}" -gt 0 ] || fail_usage "config: could not read a server from $INPUT_CONFIG (see above)"
    server=${entry[0]}
    for kv in "${entry[@]:1}"; do export "${kv?}"; done
fi

args=(run --junit "$out/results.xml" --html "$out/report.html" --report "$out/report.md")
# A harness older than `--summary` (an install or version input naming one) runs without it.
if "$MCP_HARNESS" run --help | grep -- '--summary' >/dev/null; then
    args+=(--summary "$out/summary.json")
    [ -z "${INPUT_LABEL:-}" ] || args+=(--label "$INPUT_LABEL")
fi
[ -z "$server" ] || args+=(--server "$server")
[ -z "${INPUT_PROFILE:-}" ] || args+=(--profile "$INPUT_PROFILE")
[ -z "${INPUT_INTERFACE:-}" ] || args+=(--interface "$INPUT_INTERFACE")
[ -z "${INPUT_BASELINE:-}" ] || args+=(--expect-fail "$INPUT_BASELINE")
[ -z "${INPUT_TRANSPORT:-}" ] || args+=(--transport "$INPUT_TRANSPORT")
[ -z "${INPUT_URL:-}" ] || args+=(--url "$INPUT_URL")
[ -z "${INPUT_ROOT:-}" ] || args+=(--root "$INPUT_ROOT")
if [ -n "${INPUT_ARGS:-}" ]; then
    # Split like a shell (quotes kept together), without evaluating anything.
    mapfile -d '' extra < <(xargs printf '%s\0' <<<"$INPUT_ARGS")
    args+=("${extra[@]}")
fi

echo "run: mcp-harness ${args[*]}"
rc=0
"$MCP_HARNESS" "${args[@]}" || rc=$?
{
    echo "exit-code=$rc"
    [ ! -f "$out/results.xml" ] || echo "junit=$out/results.xml"
    [ ! -f "$out/report.html" ] || echo "html=$out/report.html"
    [ ! -f "$out/summary.json" ] || echo "summary=$out/summary.json"
} >>"$GITHUB_OUTPUT"

case "$rc" in
    0) verdict="PASS: every case that counts passed" ;;
    1) verdict="FAIL: cases failed (or a baseline entry is stale); the JUnit and HTML reports name each" ;;
    2) verdict="COULD NOT TEST: the server did not start or answer, or offers another interface (see the log)" ;;
    *) verdict="mcp-harness exited $rc" ;;
esac
{
    echo "## MCP conformance: $verdict"
    echo
    if [ -f "$out/report.md" ]; then
        cat "$out/report.md"
    else
        echo "No Markdown report was written; the step's log says why."
    fi
} >>"$GITHUB_STEP_SUMMARY"
echo "run: exit $rc ($verdict)"
exit "$rc"
