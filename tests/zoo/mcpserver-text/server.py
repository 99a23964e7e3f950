# Zoo server (b): MCPServer tools answering in plain text, refusing in band: `isError: false`
# and a text that starts `Error: ` (declared `refusal: {text_matches: "^Error: "}`). Paths
# relative to the root. It also offers two tools its interface file does not map:
# `execute_shell_command` (run in the root), a side door the coverage line flags, and
# `directory_sizes` (sizes and times of a directory's entries), which only the sweep
# (SWEEP-001) attacks. A thin shell over
# tests/zoo/core.py.
#   python server.py ROOT
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from core import Core, ZooError  # noqa: E402
from mcp.server.mcpserver import MCPServer  # noqa: E402

core = Core(sys.argv[1])
mcp = MCPServer("zoo-mcpserver-text")


def text(fn, *args) -> str:
    try:
        return fn(*args)
    except ZooError as e:
        return f"Error: {e}"


@mcp.tool()
def read_text(file_path: str) -> str:
    """Read a text file (path relative to the root); answers its text."""
    return text(core.read, file_path)


@mcp.tool()
def write_text(file_path: str, text_content: str) -> str:
    """Create or replace a text file (path relative to the root)."""
    return text(lambda p, c: core.create(p, c) or f"Wrote {len(c)} characters to {p}", file_path, text_content)


@mcp.tool()
def remove_file(file_path: str) -> str:
    """Delete one file."""
    return text(lambda p: core.delete(p) or f"Removed {p}", file_path)


@mcp.tool()
def remove_tree(dir_path: str) -> str:
    """Delete a directory and everything in it."""
    return text(lambda p: core.delete_tree(p) or f"Removed {p} and everything in it", dir_path)


@mcp.tool()
def list_dir(dir_path: str) -> str:
    """List a directory, one entry a line, directories ending in /."""
    return text(lambda p: "\n".join(e["name"] + ("/" if e["type"] == "directory" else "")
                                    for e in core.list(p)), dir_path)


@mcp.tool()
def rename(src: str, dst: str) -> str:
    """Move a file to a new path that does not exist yet."""
    return text(lambda s, d: core.move(s, d) or f"Moved {s} to {d}", src, dst)


@mcp.tool()
def replace_text(file_path: str, search: str, replace: str) -> str:
    """Replace the one occurrence of `search` in the file by `replace`."""
    return text(lambda p, s, r: core.edit(p, s, r) and f"Replaced 1 occurrence in {p}", file_path, search, replace)


@mcp.tool()
def directory_sizes(dir_path: str) -> str:
    """List a directory with each entry's size in bytes and modification time."""
    return text(lambda p: "\n".join(f"{e['name']}\t{e['size']}\t{e['modified']}" for e in core.sizes(p)),
                dir_path)


@mcp.tool()
def execute_shell_command(command: str) -> str:
    """Run a shell command in the root; answers its exit code and output."""
    done = subprocess.run(command, shell=True, cwd=core.root, capture_output=True, text=True, timeout=30)
    return f"exit {done.returncode}\n{done.stdout}{done.stderr}"


if __name__ == "__main__":
    mcp.run()
