#!/usr/bin/env bash
# Starts Desktop Commander (npm @wonderwhy-er/desktop-commander, installed by
# desktop-commander.sh) confined to the directory $1: its configuration lives in
# ~/.claude-server-commander/config.json, so each server gets a HOME of its own whose
# config allows that directory alone and turns telemetry off. The harness's command:
#   --server 'bash tests/third-party/desktop-commander/serve.sh {root}'
set -euo pipefail
root=$1
homes=${DC_HOMES:-${TMPDIR:-/tmp}/mcp-harness-dc-homes}
mkdir -p "$homes"
home=$(mktemp -d "$homes/home.XXXXXX")
mkdir -p "$home/.claude-server-commander"
printf '{"allowedDirectories": ["%s"], "telemetryEnabled": false, "blockedCommands": [], "defaultShell": "bash"}\n' \
  "$root" > "$home/.claude-server-commander/config.json"
prefix=${DC_PREFIX:-$(dirname "$0")/../../../target/third-party/desktop-commander}
HOME=$home exec node "$prefix/node_modules/@wonderwhy-er/desktop-commander/dist/index.js"
