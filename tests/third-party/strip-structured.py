#!/usr/bin/env python3
"""Runs an MCP server over stdio and drops `structuredContent` (and the tools'
`outputSchema`) from what it sends: the official filesystem server turned into a clone
that answers in text blocks alone, as older releases and several ports do. A profile's
cases must give that clone the same results (`text_result` in profile.yaml)."""
import json
import subprocess
import sys
import threading

server = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def pump_in():
    for line in sys.stdin.buffer:
        server.stdin.write(line)
        server.stdin.flush()
    server.stdin.close()


threading.Thread(target=pump_in, daemon=True).start()
for line in server.stdout:
    try:
        message = json.loads(line)
    except ValueError:
        sys.stdout.buffer.write(line)  # not ours to fix; the harness reports it
        sys.stdout.buffer.flush()
        continue
    result = message.get("result") if isinstance(message, dict) else None
    if isinstance(result, dict):
        result.pop("structuredContent", None)
        for tool in result.get("tools", []):
            tool.pop("outputSchema", None)
    sys.stdout.buffer.write((json.dumps(message) + "\n").encode())
    sys.stdout.buffer.flush()
sys.exit(server.wait())
