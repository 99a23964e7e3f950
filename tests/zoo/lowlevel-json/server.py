# Zoo server (e): the Python SDK's low-level Server (no MCPServer), its tools declared by hand,
# results as one JSON text block and no structuredContent: `{"ok": true, "data": ...}` or,
# for a refusal, `{"ok": false, "error": "..."}` with `isError: true`. Tools named `fs_*`
# taking `file` relative to the root. A thin shell over tests/zoo/core.py.
#   python server.py ROOT
import json
import os
import sys

import anyio

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
import mcp_types as types  # noqa: E402
from mcp.server.lowlevel import Server  # noqa: E402
from mcp.server.stdio import stdio_server  # noqa: E402

core = Core(sys.argv[1])


def schema(*names):
    return {"type": "object", "properties": {n: {"type": "string"} for n in names}, "required": list(names)}


TOOLS = {
    "fs_read": ("Read a whole text file; the text is in data.", ("file",),
                lambda a: core.read(a["file"])),
    "fs_write": ("Create or replace a text file, with missing parents.", ("file", "text"),
                 lambda a: core.create(a["file"], a["text"])),
    "fs_unlink": ("Delete one file.", ("file",), lambda a: core.delete(a["file"])),
    "fs_rmtree": ("Delete a directory and everything in it.", ("file",), lambda a: core.delete_tree(a["file"])),
    "fs_readdir": ("List a directory's entries.", ("file",), lambda a: core.list(a["file"])),
    "fs_rename": ("Move a file to a path that does not exist yet.", ("from", "to"),
                  lambda a: core.move(a["from"], a["to"])),
    "fs_replace": ("Replace the one occurrence of `old` by `new`.", ("file", "old", "new"),
                   lambda a: core.edit(a["file"], a["old"], a["new"])),
}


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[types.Tool(name=n, description=d, input_schema=schema(*a))
                                        for n, (d, a, _) in TOOLS.items()])


async def call_tool(ctx, params) -> types.CallToolResult:
    args = params.arguments or {}
    if params.name not in TOOLS:
        body, err = {"ok": False, "error": f"no tool named {params.name}"}, True
    else:
        try:
            body, err = {"ok": True, "data": TOOLS[params.name][2](args)}, False
        except ZooError as e:
            body, err = {"ok": False, "error": str(e)}, True
        except KeyError as e:
            body, err = {"ok": False, "error": f"missing argument {e}"}, True
    return types.CallToolResult(content=[types.TextContent(text=json.dumps(body, ensure_ascii=False))],
                                is_error=err)


server = Server("zoo-lowlevel-json", on_list_tools=list_tools, on_call_tool=call_tool)


async def main():
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
