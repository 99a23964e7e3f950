# Zoo server (i): MCPServer tools that document and enforce a largest file: `read_file` serves
# a file of at most 1 MiB (1,048,576 bytes), `write_file` writes at most that much, and
# `edit_file` edits no file that is (or would become) larger; beyond the cap each refuses,
# naming the size and the cap, and writes nothing. The cap is documented in every tool's
# description (and here), as a server's README would. Results are dicts (structuredContent,
# the read's text in `content`), refusals ToolError (`isError: true`), paths absolute.
# A thin shell over tests/zoo/core.py.
#   python server.py ROOT
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

LARGEST = 1 << 20  # bytes: the documented cap of a read, a write and an edited file
core = Core(sys.argv[1])
mcp = MCPServer("zoo-declared-limits", instructions=f"Files are limited to {LARGEST} bytes (1 MiB): "
                "larger files are neither read, written nor edited.")


def call(fn, *args) -> dict[str, Any]:
    try:
        return fn(*args) or {"done": True}
    except ZooError as e:
        raise ToolError(str(e)) from None


def write(path: str, content: str):
    size = len(content.encode("utf-8"))
    if size > LARGEST:
        raise ZooError(f"{path}: the content is {size} bytes; files are limited to {LARGEST}", "too_large")
    core.create(path, content)


@mcp.tool()
def read_file(path: str) -> dict[str, Any]:
    """Read a whole text file (absolute path) of at most 1 MiB (1048576 bytes); a larger file
    is refused. The text is in `content`."""
    return call(lambda p: {"content": core.read(p, LARGEST)}, path)


@mcp.tool()
def write_file(path: str, content: str) -> dict[str, Any]:
    """Create or replace a text file (absolute path) with content of at most 1 MiB (1048576
    bytes); larger content is refused and nothing is written."""
    return call(write, path, content)


@mcp.tool()
def delete_file(path: str) -> dict[str, Any]:
    """Delete one file (absolute path)."""
    return call(core.delete, path)


@mcp.tool()
def delete_directory(path: str) -> dict[str, Any]:
    """Delete a directory and everything in it (absolute path)."""
    return call(core.delete_tree, path)


@mcp.tool()
def list_directory(path: str) -> dict[str, Any]:
    """List a directory's entries (absolute path)."""
    return call(lambda p: {"entries": core.list(p)}, path)


@mcp.tool()
def move_file(source: str, destination: str) -> dict[str, Any]:
    """Move a file to a new absolute path that does not exist yet."""
    return call(core.move, source, destination)


@mcp.tool()
def edit_file(path: str, old_text: str, new_text: str) -> dict[str, Any]:
    """Replace the one occurrence of old_text by new_text in a file of at most 1 MiB (1048576
    bytes), before and after; a larger file is refused and left as it was."""
    return call(lambda p, o, n: {"replacements": core.edit(p, o, n, LARGEST)}, path, old_text, new_text)


if __name__ == "__main__":
    mcp.run()
