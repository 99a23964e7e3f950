"""Runs the mcp-harness binary that this wheel installs beside it.

The wheel carries one binary, ``mcp-harness`` (in the environment's scripts directory).
``mcp-file-harness`` is the same program under the package's name, so that
``uvx mcp-file-harness run --server ...`` works; ``mcp-reference`` is the built-in
reference server (``mcp-harness serve-reference``, which takes mcp-reference's arguments).
"""

import os
import subprocess
import sys
import sysconfig

__all__ = ["find_harness_bin", "main", "reference_main"]

_EXE = "mcp-harness" + (".exe" if sys.platform == "win32" else "")


def find_harness_bin() -> str:
    """The path of the mcp-harness binary installed with this package."""
    candidates = [sysconfig.get_path("scripts")]
    user_scheme = sysconfig.get_preferred_scheme("user") if hasattr(
        sysconfig, "get_preferred_scheme") else None
    if user_scheme:
        candidates.append(sysconfig.get_path("scripts", scheme=user_scheme))
    # The folder of the running entry point (a venv's bin/ or Scripts\).
    candidates.append(os.path.dirname(os.path.abspath(sys.argv[0])))
    for folder in candidates:
        path = os.path.join(folder, _EXE)
        if os.path.isfile(path):
            return path
    raise FileNotFoundError(
        "mcp-file-harness: the mcp-harness binary is not installed beside this package "
        f"(looked in {', '.join(candidates)}). Reinstall it: pip install --force-reinstall "
        "mcp-file-harness"
    )


def _run(args) -> "int":
    try:
        binary = find_harness_bin()
    except FileNotFoundError as e:
        print(e, file=sys.stderr)
        return 2
    if sys.platform == "win32":
        # No exec on Windows: wait for the child and pass its exit code on.
        try:
            return subprocess.call([binary, *args])
        except KeyboardInterrupt:
            return 130
    os.execv(binary, [binary, *args])
    return 2  # not reached


def main() -> None:
    """`mcp-file-harness ARGS`: the same as `mcp-harness ARGS`."""
    sys.exit(_run(sys.argv[1:]))


def reference_main() -> None:
    """`mcp-reference ARGS`: the reference server (`mcp-harness serve-reference ARGS`)."""
    sys.exit(_run(["serve-reference", *sys.argv[1:]]))
