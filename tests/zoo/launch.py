# The command the harness starts for a zoo server behind the fork server (tests/zoo/forkserver.py,
# docs/zoo.md): a launcher with no heavy import that hands its argv, cwd, environment and its
# stdin, stdout and stderr to the fork server, then waits for the server's exit status and exits
# with it. To the harness the server stays a stdio server started by a command; killing the
# launcher (SIGKILL to its group, SIGTERM) closes its socket, and the server's child leaves.
#   python -I -S launch.py SOCKET SCRIPT [ARG...]
import os
import socket
import struct
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print("usage: python -I -S launch.py SOCKET SCRIPT [ARG...]", file=sys.stderr)
        return 2
    path, argv = sys.argv[1], sys.argv[2:]
    fields = [str(len(argv)).encode(), *map(os.fsencode, argv), os.fsencode(os.getcwd())]
    fields += [k + b"=" + v for k, v in os.environb.items()]
    payload = b"\0".join(fields)
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError as e:
        print(f"zoo launcher: no fork server at {path} ({e.strerror}); start it with "
              f"`python tests/zoo/forkserver.py {path}` (tests/zoo/run.sh does)", file=sys.stderr)
        return 2
    socket.send_fds(conn, [struct.pack("!I", len(payload)) + payload], [0, 1, 2])
    # The child holds the pipes now: the harness sees their end when the server closes them.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    reply = b""
    while True:
        more = conn.recv(64)
        if not more:
            break
        reply += more
    if not reply.startswith(b"exit "):
        print("zoo launcher: the server ended without an exit status (killed?)", file=sys.stderr)
        return 1
    return int(reply[5:].strip())


if __name__ == "__main__":
    sys.exit(main())
