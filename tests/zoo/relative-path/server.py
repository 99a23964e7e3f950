# Zoo server (d): MCPServer tools whose path argument is `relative_path` (relative to the root,
# as Serena's tools name it), results as dicts (structuredContent, the read's text in
# `content`), refusals raised as ToolError (the SDK answers `isError: true` with its message). Writing is split in two
# tools: `create_text_file` and `overwrite_text_file`. A thin shell over tests/zoo/core.py.
#   python server.py ROOT
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-relative-path")


def call(fn, *args) -> dict[str, Any]:
    try:
        return fn(*args) or {"done": True}
    except ZooError as e:
        # ToolError: the SDK passes its message on; any other exception it answers
        # "Error executing tool <name>" alone, naming no path (UNIVERSAL-CLR-06).
        raise ToolError(str(e)) from None


@mcp.tool()
def read_file(relative_path: str) -> dict[str, Any]:
    """Read a whole text file, relative_path relative to the project root."""
    return call(lambda p: {"content": core.read(p)}, relative_path)


@mcp.tool()
def create_text_file(relative_path: str, content: str) -> dict[str, Any]:
    """Create (or replace) a text file, with missing parent directories."""
    return call(core.create, relative_path, content)


@mcp.tool()
def overwrite_text_file(relative_path: str, content: str) -> dict[str, Any]:
    """Replace the whole content of an existing text file."""
    return call(core.overwrite, relative_path, content)


@mcp.tool()
def delete_file(relative_path: str) -> dict[str, Any]:
    """Delete one file."""
    return call(core.delete, relative_path)


@mcp.tool()
def delete_directory(relative_path: str) -> dict[str, Any]:
    """Delete a directory with everything in it."""
    return call(core.delete_tree, relative_path)


@mcp.tool()
def list_dir(relative_path: str) -> dict[str, Any]:
    """List a directory's entries."""
    return call(lambda p: {"entries": core.list(p)}, relative_path)


@mcp.tool()
def move_file(relative_path: str, new_relative_path: str) -> dict[str, Any]:
    """Move a file to a path that does not exist yet."""
    return call(core.move, relative_path, new_relative_path)


@mcp.tool()
def replace_content(relative_path: str, needle: str, repl: str) -> dict[str, Any]:
    """Replace the one occurrence of `needle` by `repl`."""
    return call(lambda p, n, r: {"replacements": core.edit(p, n, r)}, relative_path, needle, repl)


if __name__ == "__main__":
    mcp.run()
