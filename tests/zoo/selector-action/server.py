# Zoo server (k): one MCPServer tool, `file_operation`, whose required `action` argument
# (an enum the SDK validates with pydantic before the tool runs) selects the operation, as
# Devs-style servers do; results as dicts (structuredContent), refusals raised as ToolError.
# A call without `action`, or with one the enum lacks, is an SDK validation error: a starter
# that leaves `action` out tests nothing, and must not pass (issue 48). A thin shell over
# tests/zoo/core.py.
#   python server.py ROOT
import os
import sys
from typing import Any, Literal

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-selector-action")

Action = Literal["read", "create", "overwrite", "delete", "delete_tree", "list", "move", "edit"]


def run(action: str, path: str, content: str | None, to: str | None, old: str | None,
        new: str | None) -> dict[str, Any]:
    if action == "read":
        return {"content": core.read(path)}
    if action == "list":
        return {"entries": core.list(path)}
    if action in ("create", "overwrite"):
        if content is None:
            raise ZooError(f"{path}: `{action}` needs `content`")
        getattr(core, action)(path, content)
    elif action == "delete":
        core.delete(path)
    elif action == "delete_tree":
        core.delete_tree(path)
    elif action == "move":
        if to is None:
            raise ZooError(f"{path}: `move` needs `to`")
        core.move(path, to)
    else:
        if old is None or new is None:
            raise ZooError(f"{path}: `edit` needs `old` and `new`")
        return {"replacements": core.edit(path, old, new)}
    return {"done": True}


@mcp.tool()
def file_operation(action: Action, path: str, content: str | None = None, to: str | None = None,
                   old: str | None = None, new: str | None = None) -> dict[str, Any]:
    """Do one file operation under the root, selected by `action`: read, create, overwrite,
    delete, delete_tree, list, move or edit (`old` replaced by `new`). `path` and `to` are
    relative to the root."""
    try:
        return run(action, path, content, to, old, new)
    except ZooError as e:
        raise ToolError(str(e)) from None


if __name__ == "__main__":
    mcp.run()
