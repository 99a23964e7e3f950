# The zoo's confined core (core.py) over a pipe, for the zoo's TypeScript server
# (ts-mcpserver/server.mjs): Node has no openat/O_NOFOLLOW walk, so the TS server shapes the
# MCP side (its SDK's results and errors) and asks this process for each file operation. One
# JSON object a line each way: {"op": "read", "args": [...]} -> {"ok": true, "data": ...} or
# {"ok": false, "status": "...", "error": "..."}.
#   python core_pipe.py ROOT
import json
import sys

from core import Core, ZooError

core = Core(sys.argv[1])
OPS = {"read": core.read, "create": core.create, "overwrite": core.overwrite, "delete": core.delete,
       "delete_tree": core.delete_tree, "list": core.list, "move": core.move, "edit": core.edit}

for line in sys.stdin:
    req = json.loads(line)
    try:
        reply = {"ok": True, "data": OPS[req["op"]](*req["args"])}
    except ZooError as e:
        reply = {"ok": False, "status": e.status, "error": str(e)}
    sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
    sys.stdout.flush()
