# Zoo server (h): MCPServer tools whose edit takes its files in a list, each file with its own
# list of edits: `edit_files {files: [{path, edits: [{match_text, new_string}]}]}` (the shape of
# batch editors); every edit of a call applies or none does (each file's edits in order, each
# text found once in what the edits before it left). Plain text results, refusals raised as
# ToolError (`isError: true`), paths absolute. A thin shell over tests/zoo/core.py.
#   python server.py ROOT
import os
import sys
from typing_extensions import TypedDict  # pydantic needs it on Python < 3.12

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError, occurrences  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402
from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-nested-edits")


class Edit(TypedDict):
    match_text: str
    new_string: str


class FileEdits(TypedDict):
    path: str
    edits: list[Edit]


def call(fn, *args) -> str:
    try:
        return fn(*args)
    except ZooError as e:
        raise ToolError(str(e)) from None


def edit_all(files: list[FileEdits]) -> str:
    if not files:
        raise ZooError("files: no file to edit")
    # Every file's edits are checked before any is written: a refusal of one leaves all as
    # they were, apart from a file already written when a later one fails to write.
    for f in files:
        text = core.read(f["path"])
        for e in f["edits"]:
            n = occurrences(text, e["match_text"])
            if n != 1:
                raise ZooError(f"{f['path']}: match_text occurs {n} times, not once",
                               "not_found" if n == 0 else "count_mismatch")
            text = text.replace(e["match_text"], e["new_string"], 1)
    done = sum(core.edit_all(f["path"], [(e["match_text"], e["new_string"]) for e in f["edits"]])
               for f in files)
    return f"applied {done} edit(s) to {len(files)} file(s)"


@mcp.tool()
def read_file(path: str) -> str:
    """Read the whole text file at an absolute path inside the root."""
    return call(core.read, path)


@mcp.tool()
def write_file(path: str, content: str) -> str:
    """Create or replace the text file at an absolute path, with missing parents."""
    return call(lambda p, c: core.create(p, c) or f"wrote {p}", path, content)


@mcp.tool()
def delete_file(path: str) -> str:
    """Delete one file (absolute path)."""
    return call(lambda p: core.delete(p) or f"deleted {p}", path)


@mcp.tool()
def delete_directory(path: str) -> str:
    """Delete a directory and everything in it (absolute path)."""
    return call(lambda p: core.delete_tree(p) or f"deleted {p}", path)


@mcp.tool()
def list_directory(path: str) -> str:
    """List a directory (absolute path): one entry a line, `name` or `name/` for a directory."""
    return call(lambda p: "\n".join(e["name"] + ("/" if e["type"] == "directory" else "")
                                    for e in core.list(p)), path)


@mcp.tool()
def move_file(source: str, destination: str) -> str:
    """Move a file to a new absolute path that does not exist yet."""
    return call(lambda s, d: core.move(s, d) or f"moved {s} to {d}", source, destination)


@mcp.tool()
def edit_files(files: list[FileEdits]) -> str:
    """Edit text files: for each file (absolute `path`), replace each `match_text` (found exactly
    once) by `new_string`, in order. All edits apply, or none."""
    return call(edit_all, files)


if __name__ == "__main__":
    mcp.run()
