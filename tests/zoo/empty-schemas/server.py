# Zoo server (j): the official filesystem server's fourteen tool names (read_text_file,
# write_file, edit_file {path, edits: [{oldText, newText}]}, list_directory with [FILE]/[DIR]
# lines, move_file {source, destination}, ...), each declared with an empty input schema
# (`{"type": "object"}`): nothing but a tool's name and description says what it takes. Built on
# the Python SDK's low-level Server; results a text block and the same text as structuredContent
# {content}, refusals `isError: true` with `Error: ...`; paths absolute, under the root (the one
# allowed directory). Like the official server it has no delete. A thin shell over
# tests/zoo/core.py.
#   python server.py ROOT
import base64
import fnmatch
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


def listing(a):
    return "\n".join(("[DIR] " if e["type"] == "directory" else "[FILE] ") + e["name"]
                     for e in core.list(a["path"]))


def with_sizes(a):
    lines = []
    for e in core.list(a["path"]):
        if e["type"] == "directory":
            lines.append(f"[DIR] {e['name']}")
        else:
            size = len(core._read_bytes(os.path.join(a["path"], e["name"]))) if e["type"] == "file" else 0
            lines.append(f"[FILE] {e['name']} {size} bytes")
    return "\n".join(lines)


def tree(path):
    return [{"name": e["name"], "type": e["type"],
             **({"children": tree(os.path.join(path, e["name"]))} if e["type"] == "directory" else {})}
            for e in core.list(path)]


def search(a):
    found, todo = [], [a["path"]]
    while todo:
        d = todo.pop()
        for e in core.list(d):
            p = os.path.join(d, e["name"])
            if fnmatch.fnmatch(e["name"], a["pattern"]):
                found.append(p)
            if e["type"] == "directory":
                todo.append(p)
    return "\n".join(sorted(found)) or "No matches found"


def read_text(a):
    text = core.read(a["path"])
    if a.get("head"):
        return "\n".join(text.split("\n")[:int(a["head"])])
    if a.get("tail"):
        return "\n".join(text.split("\n")[-int(a["tail"]):])
    return text


def edit(a):
    pairs = [(e["oldText"], e["newText"]) for e in a["edits"]]
    if a.get("dryRun"):
        return f"dry run: {len(pairs)} edit(s) not applied to {a['path']}"
    return f"applied {core.edit_all(a['path'], pairs)} edit(s) to {a['path']}"


def info(a):
    parent, name = os.path.split(a["path"].rstrip("/"))
    for e in core.list(parent):
        if e["name"] == name:
            return f"type: {e['type']}\nname: {name}"
    raise ZooError(f"{a['path']}: no such file or directory", "not_found")


def media(a):
    data = core._read_bytes(a["path"])
    return f"base64 ({len(data)} bytes, application/octet-stream): {base64.b64encode(data).decode()}"


TOOLS = {
    "read_file": ("Read a text file (deprecated: use read_text_file). Arguments: path.", read_text),
    "read_text_file": ("Read the complete contents of a text file, or its first `head` or last `tail` "
                       "lines. Arguments: path, head, tail. Only works within allowed directories.", read_text),
    "read_media_file": ("Read a file as base64. Arguments: path.", media),
    "read_multiple_files": ("Read several files at once. Arguments: paths (a list).",
                            lambda a: "\n---\n".join(f"{p}:\n{core.read(p)}" for p in a["paths"])),
    "write_file": ("Create a new file or completely overwrite an existing file. Arguments: path, content.",
                   lambda a: core.create(a["path"], a["content"]) or f"Successfully wrote to {a['path']}"),
    "edit_file": ("Make edits to a text file: each edit replaces the one occurrence of oldText by "
                  "newText. Arguments: path, edits (a list of {oldText, newText}), dryRun.", edit),
    "create_directory": ("Create a directory with its parents. Arguments: path.",
                         lambda a: core.make_directory(a["path"]) or f"Successfully created directory {a['path']}"),
    "list_directory": ("List a directory; [FILE] and [DIR] prefixes. Arguments: path.", listing),
    "list_directory_with_sizes": ("List a directory with file sizes. Arguments: path.", with_sizes),
    "directory_tree": ("A recursive tree of a directory as JSON. Arguments: path.",
                       lambda a: json.dumps(tree(a["path"]))),
    "move_file": ("Move or rename a file; the destination must not exist. Arguments: source, destination.",
                  lambda a: core.move(a["source"], a["destination"])
                  or f"Successfully moved {a['source']} to {a['destination']}"),
    "search_files": ("Find files whose name matches a glob pattern, under path. Arguments: path, pattern.", search),
    "get_file_info": ("Metadata of a file or directory. Arguments: path.", info),
    "list_allowed_directories": ("The directories this server may access.",
                                 lambda a: f"Allowed directories:\n{core.root}"),
}


async def list_tools(ctx, params) -> types.ListToolsResult:
    return types.ListToolsResult(tools=[types.Tool(name=n, description=d, input_schema={"type": "object"})
                                        for n, (d, _) in TOOLS.items()])


async def call_tool(ctx, params) -> types.CallToolResult:
    args = params.arguments or {}
    if params.name not in TOOLS:
        text, err = f"Error: no tool named {params.name}", True
    else:
        try:
            text, err = TOOLS[params.name][1](args), False
        except ZooError as e:
            text, err = f"Error: {e}", True
        except (KeyError, TypeError, ValueError) as e:
            text, err = f"Error: bad arguments for {params.name}: {e!r}", True
    return types.CallToolResult(content=[types.TextContent(text=text)],
                                structured_content=None if err else {"content": text}, is_error=err)


server = Server("zoo-empty-schemas", on_list_tools=list_tools, on_call_tool=call_tool)


async def main():
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


if __name__ == "__main__":
    anyio.run(main)
