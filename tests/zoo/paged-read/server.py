# Zoo server (g): reads served in small pages, the rest asked for in two ways: `read_part`
# takes an `offset` and a `length` in characters (an empty page is the end); `read_next` takes
# a `cursor` and answers the next one in `next_cursor` (null on the last page). A page is at
# most a fifth of the file (3 characters at least), so every read of more than a few
# characters takes several calls. Results are dicts (structuredContent, the page's text in
# `text`), refusals ToolError (`isError: true`); absolute paths. A thin shell over
# tests/zoo/core.py.
#   python server.py ROOT
# Test-only faults of the paging itself (ZOO_FAULT), which a harness joining the pages must
# catch in the exact-read cases:
#   page-skip    each page after the first starts one character late (a character lost)
#   page-repeat  each page after the first starts one character early (a character twice)
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

FAULT = os.environ.get("ZOO_FAULT", "")
core = Core(sys.argv[1])
mcp = MCPServer("zoo-paged-read")


def call(fn, *args) -> dict[str, Any]:
    try:
        return fn(*args) or {"done": True}
    except ZooError as e:
        raise ToolError(str(e)) from None


def page(text: str, offset: int, length: int) -> tuple[str, int]:
    """The page of `text` from `offset`: at most `length` characters and a fifth of the
    file; with it, where the next page starts."""
    if offset > 0 and FAULT == "page-skip":
        offset += 1
    if offset > 0 and FAULT == "page-repeat":
        offset -= 1
    cap = max(3, -(-len(text) // 5))
    end = min(len(text), offset + max(0, min(length, cap)))
    return text[offset:end], end


@mcp.tool()
def read_part(path: str, offset: int = 0, length: int = 65536) -> dict[str, Any]:
    """Read part of a text file (absolute path): at most `length` characters from character
    `offset`, and never more than a fifth of the file; an empty `text` means the end."""

    def read(p):
        if offset < 0:
            raise ZooError(f"{p}: offset {offset} is negative")
        text, _ = page(core.read(p), offset, length)
        return {"text": text, "offset": offset}

    return call(read, path)


@mcp.tool()
def read_next(path: str, cursor: str = "") -> dict[str, Any]:
    """Read a text file (absolute path) a page at a time: call without `cursor` for the
    first page, then with the `next_cursor` of the page before, until it is null."""

    def read(p):
        start = int(cursor[1:]) if cursor.startswith("c") and cursor[1:].isdigit() else 0
        if cursor and not cursor.startswith("c"):
            raise ZooError(f"{p}: {cursor!r} is no cursor of this server")
        whole = core.read(p)
        text, end = page(whole, start, len(whole))
        return {"text": text, "next_cursor": f"c{end}" if end < len(whole) else None}

    return call(read, path)


@mcp.tool()
def write_file(path: str, content: str) -> dict[str, Any]:
    """Create (or replace) a text file (absolute path), with missing parent directories."""
    return call(core.create, path, content)


@mcp.tool()
def delete_file(path: str) -> dict[str, Any]:
    """Delete one file."""
    return call(core.delete, path)


@mcp.tool()
def delete_directory(path: str) -> dict[str, Any]:
    """Delete a directory and everything in it."""
    return call(core.delete_tree, path)


@mcp.tool()
def list_directory(path: str) -> dict[str, Any]:
    """List a directory's entries."""
    return call(lambda p: {"entries": core.list(p)}, path)


@mcp.tool()
def move_file(source: str, destination: str) -> dict[str, Any]:
    """Move a file to a path that does not exist yet."""
    return call(core.move, source, destination)


@mcp.tool()
def replace_text(path: str, old_text: str, new_text: str) -> dict[str, Any]:
    """Replace the one occurrence of `old_text` by `new_text`."""
    return call(lambda p, o, n: {"replaced": core.edit(p, o, n)}, path, old_text, new_text)


if __name__ == "__main__":
    mcp.run()
