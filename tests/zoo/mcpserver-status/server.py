# Zoo server (c): MCPServer tools returning a dict (structuredContent) whose `status` says how
# it went: `ok`, or the reason of a refusal (`not_found`, `count_mismatch`, `outside`,
# `not_file`, `exists`, `error`), always with `isError: false` (declared `refusal: {field:
# /status, equals: [...]}`). Paths absolute. A thin shell over tests/zoo/core.py.
# It also lists `grant_folder`, a set-root tool no mapping calls, which its refusals of
# outside paths name as the way around them: the harness must flag it and never say that
# confinement holds (issue 48). Granting is switched off here, so the tool changes nothing.
#   python server.py ROOT
import os
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-mcpserver-status")


def status(fn, *args) -> dict[str, Any]:
    try:
        return {"status": "ok", **(fn(*args) or {})}
    except ZooError as e:
        invite = " Call grant_folder to allow a folder outside the root." if e.status == "outside" else ""
        return {"status": e.status, "message": str(e) + invite}


@mcp.tool()
def grant_folder(folder: str) -> dict[str, Any]:
    """Allow one more folder besides the root, for this session."""
    return {"status": "error", "message": "grant_folder: granting is switched off in this server"}


@mcp.tool()
def fetch(path: str) -> dict[str, Any]:
    """Read a whole text file (absolute path); its text is in `text`."""
    return status(lambda p: {"text": core.read(p)}, path)


@mcp.tool()
def store(path: str, data: str) -> dict[str, Any]:
    """Create or replace a text file (absolute path), making missing parents."""
    return status(core.create, path, data)


@mcp.tool()
def drop(path: str, recursive: bool = False) -> dict[str, Any]:
    """Delete a file, or with recursive a directory and everything in it."""
    return status(core.delete_tree if recursive else core.delete, path)


@mcp.tool()
def entries(path: str) -> dict[str, Any]:
    """List a directory's entries."""
    return status(lambda p: {"entries": core.list(p)}, path)


@mcp.tool()
def relocate(path: str, new_path: str) -> dict[str, Any]:
    """Move a file to a path that does not exist yet."""
    return status(core.move, path, new_path)


@mcp.tool()
def patch(path: str, find: str, replacement: str) -> dict[str, Any]:
    """Replace the one occurrence of `find` by `replacement`."""
    return status(lambda p, f, r: {"replaced": core.edit(p, f, r)}, path, find, replacement)


if __name__ == "__main__":
    mcp.run()
