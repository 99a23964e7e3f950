# Interop check: the official Python MCP SDK (pinned in run.sh) drives the reference server.
"""Interop check: the official Python MCP SDK drives the reference server over stdio and
over Streamable HTTP (the SDK's `streamable_http_client`, against `--http 127.0.0.1:PORT`).

Runs the same scenario once per protocol era and transport: mode="legacy" (2025-11-25,
`initialize`; over HTTP with an `mcp-session-id` session) and mode="auto" (the SDK probes
`server/discover` and must settle on 2026-07-28; over HTTP without a session). Every tool
and the list:// resource are exercised and results checked against the bytes on disk.
Usage: python_client.py PATH_TO_SERVER_BINARY. Exits non-zero with a message on any failure.
"""

import asyncio
import contextlib
import hashlib
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

TOOLS = {"file.create", "file.remove", "text.read", "text.replace", "text.insert", "text.append"}


class Failure(Exception):
    pass


def check(cond, what):
    if not cond:
        raise Failure(what)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def text_fields(text):
    """The fields a text block carries: its JSON, or for a read (CLR-037) the JSON of the
    other fields on its first line and the file's text after it."""
    head, newline, rest = text.partition("\n")
    if newline:
        fields = json.loads(head)
        if isinstance(fields, dict) and "content" not in fields:
            fields["content"] = rest
            return fields
    return json.loads(text)


def structured(result, tool):
    """Success result: structured content equal to the fields of the single text block."""
    check(not result.is_error, f"{tool} failed: {result.content}")
    check(len(result.content) == 1 and result.content[0].type == "text", f"{tool}: one text block expected")
    parsed = text_fields(result.content[0].text)
    check(parsed == result.structured_content, f"{tool}: text block {parsed} != structuredContent {result.structured_content}")
    return result.structured_content


def tool_error(result, tool, code):
    check(result.is_error, f"{tool}: expected {code}, got success {result.structured_content}")
    sc = result.structured_content or {}
    check(sc.get("code") == code, f"{tool}: expected {code}, got {sc}")
    check(sc.get("message") == result.content[0].text, f"{tool}: message and text block differ")
    return sc


@contextlib.contextmanager
def http_server(binary: str, root: Path):
    """The server on a free loopback port; yields its endpoint URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen([binary, "--root", str(root), "--http", f"127.0.0.1:{port}"], stderr=subprocess.DEVNULL)
    try:
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                check(proc.poll() is None, f"the server exited with {proc.returncode}")
                time.sleep(0.02)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.kill()
        proc.wait()


async def scenario(binary: str, mode: str, want_version: str, not_found_code: int, http: bool):
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "root"
        root.mkdir()
        with contextlib.ExitStack() as stack:
            if http:
                params = stack.enter_context(http_server(binary, root))
            else:
                params = StdioServerParameters(command=binary, args=["--root", str(root)])
            await exercise(params, root, mode, want_version, not_found_code)


async def exercise(params, root: Path, mode: str, want_version: str, not_found_code: int):
    async with Client(params, mode=mode, cache=None) as c:
        check(c.protocol_version == want_version, f"negotiated {c.protocol_version}, want {want_version}")
        check(c.server_info is not None and c.server_info.name == "mcp-reference", f"server_info {c.server_info}")

        tools = (await c.list_tools()).tools
        check({t.name for t in tools} == TOOLS, f"tools {[t.name for t in tools]}")
        for t in tools:
            check(t.output_schema is not None, f"{t.name}: no outputSchema")
        templates = (await c.list_resource_templates()).resource_templates
        check(any(t.uri_template == "list://{path}" for t in templates), f"templates {templates}")

        f = root / "notes" / "a.md"
        r = structured(await c.call_tool("file.create", {"path": "notes/a.md", "content": "one\ntwo\nthree\n"}), "file.create")
        check(f.read_text() == "one\ntwo\nthree\n" and r["hash"] == sha(f), "file.create wrote wrong bytes or hash")

        r = structured(await c.call_tool("text.read", {"path": "/notes/a.md", "lines": [2, 0]}), "text.read")
        check(r == {"content": "two\nthree\n", "hash": sha(f), "total_lines": 3}, f"text.read {r}")

        r = structured(await c.call_tool("text.replace", {"path": "notes/a.md", "hash": r["hash"], "lines": [1, 4], "old": "two", "new": "2"}), "text.replace")
        check(f.read_text() == "one\n2\nthree\n" and r == {"hash": sha(f), "total_lines": 3}, f"text.replace {r}")

        r = structured(await c.call_tool("text.insert", {"path": "notes/a.md", "hash": r["hash"], "line": -1, "anchor": "three", "content": "2.5"}), "text.insert")
        check(f.read_text() == "one\n2\n2.5\nthree\n" and r["total_lines"] == 4, f"text.insert {r}")

        r = structured(await c.call_tool("text.append", {"path": "notes/a.md", "hash": r["hash"], "content": "four"}), "text.append")
        check(f.read_text() == "one\n2\n2.5\nthree\nfour\n" and r["hash"] == sha(f), f"text.append {r}")

        sc = tool_error(await c.call_tool("text.append", {"path": "notes/a.md", "hash": "0" * 64, "content": "x"}), "text.append", "STALE_HASH")
        check(sha(f) in sc["message"] and "call text.read" in sc["message"], f"stale message: {sc['message']}")
        tool_error(await c.call_tool("text.read", {"path": "../escape"}), "text.read", "PATH_ESCAPE")
        tool_error(await c.call_tool("text.read", {}), "text.read", "INVALID_ARGUMENT")

        listing = await c.read_resource("list://")
        check(len(listing.contents) == 1 and listing.contents[0].mime_type == "application/json", f"listing {listing}")
        check(json.loads(listing.contents[0].text) == {"path": "/", "entries": [{"name": "notes", "type": "directory"}]}, f"root listing {listing.contents[0].text}")
        sub = json.loads((await c.read_resource("list://notes")).contents[0].text)
        check(sub == {"path": "/notes", "entries": [{"name": "a.md", "type": "file"}]}, f"notes listing {sub}")
        try:
            await c.read_resource("list://missing")
            raise Failure("list://missing succeeded")
        except MCPError as e:
            check(e.code == not_found_code, f"list://missing gave {e.code}, want {not_found_code}")

        structured(await c.call_tool("file.remove", {"path": "notes/a.md", "hash": sha(f)}), "file.remove")
        check(not f.exists(), "file.remove left the file")


def describe(e: BaseException) -> str:
    """The SDK's task groups wrap our Failure in ExceptionGroups; show the leaves."""
    if isinstance(e, BaseExceptionGroup):
        return "; ".join(describe(x) for x in e.exceptions)
    return str(e) if isinstance(e, Failure) else f"{type(e).__name__}: {e}"


async def main():
    if len(sys.argv) != 2:
        print("usage: python_client.py SERVER_BINARY", file=sys.stderr)
        return 2
    binary = sys.argv[1]
    failed = False
    for http in (False, True):
        transport = "Streamable HTTP" if http else "stdio"
        for mode, version, code in [("legacy", "2025-11-25", -32002), ("auto", "2026-07-28", -32602)]:
            try:
                await scenario(binary, mode, version, code, http)
                print(f"ok   python SDK over {transport}, mode={mode} ({version})")
            except Exception as e:  # Failure or anything the SDK raises, possibly in a group
                failed = True
                print(f"FAIL python SDK over {transport}, mode={mode} ({version}): {describe(e)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
