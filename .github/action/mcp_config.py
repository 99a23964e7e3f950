"""For .github/action/run.sh: the server command of one entry of an mcpServers JSON file.

Prints the entry's command line (command and args, quoted for a shell split), then its env
as NAME=VALUE, each followed by a NUL. Usage: mcp_config.py FILE [ENTRY].
"""

import json
import shlex
import sys

path = sys.argv[1]
wanted = sys.argv[2] if len(sys.argv) > 2 else ""
with open(path, encoding="utf-8") as f:
    doc = json.load(f)
servers = doc.get("mcpServers") or doc.get("servers") or {}
if not servers:
    sys.exit(f"config: {path} has no mcpServers entries")
if not wanted:
    if len(servers) != 1:
        sys.exit(f"config: {path} has {len(servers)} servers ({', '.join(servers)}); name one with config-server")
    wanted = next(iter(servers))
if wanted not in servers:
    sys.exit(f"config: no server {wanted!r} in {path} (there are: {', '.join(servers)})")
s = servers[wanted]
if "command" not in s:
    sys.exit(f"config: {wanted!r} has no command (an HTTP entry? use the url and root inputs)")
line = " ".join(shlex.quote(a) for a in [s["command"], *s.get("args", [])])
if "{root}" not in line and "{addr}" not in line:
    print(f"::warning::config: {wanted!r} names no {{root}} in its args: every case shares its directory", file=sys.stderr)
sys.stdout.write("\0".join([line, *(f"{k}={v}" for k, v in (s.get("env") or {}).items())]) + "\0")
