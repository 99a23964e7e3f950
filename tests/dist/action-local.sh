#!/usr/bin/env bash
# Runs the shell steps of the GitHub Action (action.yml: .github/action/install.sh, then
# .github/action/run.sh) on this machine, with the variables a GitHub runner sets
# (GITHUB_WORKSPACE, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, GITHUB_ACTION_PATH)
# and the inputs as INPUT_*, against the official @modelcontextprotocol/server-filesystem
# (the version tests/third-party/official-node.sh pins) with its baseline (its read and
# safety cases; ACTION_FULL=1 for all it runs); then checks the
# JUnit, HTML, run summary and job summary it produced and its exit codes (0 with the baseline; 1 for
# an mcpServers config file run without it). The uses: steps (actions/cache,
# actions/upload-artifact) run only on GitHub.
#
#   bash tests/dist/action-local.sh      # after bash tests/dist/check.sh (it installs the
#                                        # npm tarballs that made); else the built binary
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
started=$SECONDS

server_version=$(sed -n 's/^version="\${OFFICIAL_SERVER_VERSION:-\([^}]*\)}"$/\1/p' tests/third-party/official-node.sh)
server_dir="${TMPDIR:-/tmp}/mcp-third-party/official-node-$server_version"
server="$server_dir/node_modules/.bin/mcp-server-filesystem"
if [ ! -x "$server" ]; then
    mkdir -p "$server_dir"
    npm install --prefix "$server_dir" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-filesystem@$server_version" >&2
fi

runner=$(mktemp -d)
trap 'rm -rf "$runner"' EXIT
export GITHUB_ACTION_PATH=$repo RUNNER_TEMP=$runner/temp GITHUB_WORKSPACE=$runner/workspace
mkdir -p "$RUNNER_TEMP" "$GITHUB_WORKSPACE"

# Install: the npm tarballs of tests/dist/check.sh when they are there (offline: the other
# platforms' optional packages are skipped), else the built binary by path
# (tests/cargo-profile.sh).
shopt -s nullglob
tarballs=("$repo"/target/dist/npm/*.tgz)
if [ "${#tarballs[@]}" -gt 0 ]; then
    install=(INPUT_INSTALL=npm "INPUT_NPM_PACKAGE=${tarballs[*]}" npm_config_offline=true)
else
    . tests/cargo-profile.sh  # cargo_profile, bin_dir
    [ -x "$bin_dir/mcp-harness" ] || { echo "action-local: build first: cargo build --profile $cargo_profile -p mcp-harness" >&2; exit 2; }
    install=(INPUT_INSTALL="$repo/$bin_dir/mcp-harness")
fi
export GITHUB_OUTPUT=$runner/install-output
env "${install[@]}" bash .github/action/install.sh
harness=$(sed -n 's/^harness=//p' "$GITHUB_OUTPUT")
echo "action-local: installed $harness"

but() { # the selection of official-node.sh's strict run (every case but these)
    grep -h '^ *Scenario' features/filesystem/*.feature | awk '{print $2}' | grep -Evx "$1" | paste -sd'|'
}
cp tests/third-party/official-node.baseline "$GITHUB_WORKSPACE/conformance.baseline"

# run LABEL WANT VAR=VALUE...: the run step with these inputs, in the workspace.
run() {
    local label=$1 want=$2 rc=0 t=$SECONDS
    shift 2
    export GITHUB_OUTPUT=$runner/$label-output GITHUB_STEP_SUMMARY=$runner/$label-summary.md
    (cd "$GITHUB_WORKSPACE" && env MCP_HARNESS="$harness" INPUT_REPORT_DIR="$label" "$@" \
        bash "$repo/.github/action/run.sh") >"$runner/$label.log" 2>&1 || rc=$?
    if [ "$rc" -ne "$want" ]; then
        tail -n 30 "$runner/$label.log" >&2
        echo "action-local: $label exited $rc, expected $want" >&2
        exit 1
    fi
    grep -qx "exit-code=$rc" "$GITHUB_OUTPUT" || { echo "action-local: $label: no exit-code=$rc in GITHUB_OUTPUT" >&2; exit 1; }
    local dir=$GITHUB_WORKSPACE/$label
    python3 -c "import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])" "$dir/results.xml"
    grep -q '<html' "$dir/report.html" || { echo "action-local: $label: $dir/report.html is not an HTML page" >&2; exit 1; }
    python3 -c "import json,sys; s=json.load(open(sys.argv[1])); sys.exit(s['exit_code'] != int(sys.argv[2]))" \
        "$dir/summary.json" "$rc" || { echo "action-local: $label: $dir/summary.json does not give exit code $rc" >&2; exit 1; }
    grep -q "^## MCP conformance: " "$GITHUB_STEP_SUMMARY" ||
        { echo "action-local: $label: no verdict in the job summary" >&2; exit 1; }
    echo "action-local: $label exited $rc as expected ($((SECONDS - t)) s): $(head -n1 "$GITHUB_STEP_SUMMARY");" \
        "JUnit $(grep -c '<testcase' "$dir/results.xml") cases, HTML $(du -k "$dir/report.html" | cut -f1) KiB," \
        "summary $(wc -l <"$GITHUB_STEP_SUMMARY") lines"
}

# The read and safety cases (FSC-READ-004 of the baseline among them); ACTION_FULL=1: every
# case official-node.sh runs.
if [ -n "${ACTION_FULL:-}" ]; then
    selection="^($(but 'filesystem/RACE-008|filesystem/SPECIAL-003')) "
else
    selection='^(FSC-READ-|filesystem/SAFE-|filesystem/ROUND-00[17] )'
fi
run baseline 0 INPUT_SERVER="$server {root}" INPUT_PROFILE=filesystem INPUT_BASELINE=conformance.baseline \
    INPUT_ARGS="--timeout 30 --name '$selection'"
grep -q '^## MCP conformance: PASS' "$runner/baseline-summary.md"

# The same server from an mcpServers file, one case of its baseline, without the baseline.
cat >"$GITHUB_WORKSPACE/mcp.json" <<JSON
{"mcpServers": {"filesystem": {"command": "$server", "args": ["{root}"], "env": {"NODE_NO_WARNINGS": "1"}}}}
JSON
run config 1 INPUT_CONFIG=mcp.json INPUT_PROFILE=filesystem INPUT_ARGS="--name '^FSC-READ-004 '"
grep -q '^## MCP conformance: FAIL' "$runner/config-summary.md"

if [ -n "${KEEP:-}" ]; then
    mkdir -p target/dist/action-local && cp -r "$GITHUB_WORKSPACE"/. "$runner"/*.md target/dist/action-local/
    echo "action-local: reports and summaries kept in target/dist/action-local"
fi
echo "action-local: the action's steps pass ($((SECONDS - started)) s)"
