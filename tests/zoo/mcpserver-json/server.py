# Zoo server (a): the Python SDK's MCPServer (FastMCP before mcp 2), tools returning `str` that
# is JSON, `{"success": true, "data": {...}}` or `{"success": false, "error": "..."}`; the SDK
# echoes each as structuredContent `{"result": "<the text>"}`. Paths absolute, under the root.
# A thin shell over tests/zoo/core.py.
#   python server.py ROOT
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-mcpserver-json")


def envelope(fn, *args) -> str:
    try:
        return json.dumps({"success": True, "data": fn(*args)}, ensure_ascii=False)
    except ZooError as e:
        return json.dumps({"success": False, "error": str(e)}, ensure_ascii=False)


@mcp.tool()
def read_file(path: str) -> str:
    """Read the whole text file at an absolute path inside the root."""
    return envelope(lambda p: {"content": core.read(p)}, path)


@mcp.tool()
def write_file(path: str, content: str) -> str:
    """Create or replace the text file at an absolute path inside the root."""
    return envelope(lambda p, c: core.create(p, c) or {"written": p}, path, content)


@mcp.tool()
def delete_file(path: str) -> str:
    """Delete one file (absolute path)."""
    return envelope(lambda p: core.delete(p) or {"deleted": p}, path)


@mcp.tool()
def delete_directory(path: str) -> str:
    """Delete a directory and everything in it (absolute path)."""
    return envelope(lambda p: core.delete_tree(p) or {"deleted": p}, path)


@mcp.tool()
def list_directory(path: str) -> str:
    """List the entries of a directory (absolute path)."""
    return envelope(lambda p: {"entries": core.list(p)}, path)


@mcp.tool()
def move_file(source: str, destination: str) -> str:
    """Move a file to a new absolute path that does not exist yet."""
    return envelope(lambda s, d: core.move(s, d) or {"moved": d}, source, destination)


@mcp.tool()
def edit_file(path: str, old_text: str, new_text: str) -> str:
    """Replace the one occurrence of old_text in the file by new_text."""
    return envelope(lambda p, o, n: {"replacements": core.edit(p, o, n)}, path, old_text, new_text)


if __name__ == "__main__":
    mcp.run()
