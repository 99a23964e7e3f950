# The zoo's fork server (docs/zoo.md, "Starting the Python servers"): one long-lived Python
# process that has imported the `mcp` SDK once, listening on a Unix socket; each connection
# from tests/zoo/launch.py brings a server's argv, cwd, environment and the launcher's stdin,
# stdout and stderr (SCM_RIGHTS), and a forked child runs that server script over those fds.
# A scenario then costs a fork and the script's own set-up, not an interpreter importing the
# SDK (about 2.2 s of CPU). Test-only, like the rest of tests/zoo/.
#
# The child dies with its launcher: a thread waits on the connection, and when the launcher
# is gone (the harness kills its process group with SIGKILL) the connection reads EOF and the
# child leaves at once (os._exit). When the script ends, the child sends its exit status
# (`exit N`) and the launcher exits with it.
#
#   python forkserver.py SOCKET [STATS]
# STATS: a file the server writes at SIGTERM: forks served and the CPU seconds of the children
# it reaped (user, system), for docs/zoo.md's figures.
import os
import runpy
import signal
import socket
import struct
import sys
import threading
import traceback

# The SDK modules the zoo's scripts import: loaded once, shared by every child.
import anyio  # noqa: F401
import mcp.server.lowlevel  # noqa: F401
import mcp.server.mcpserver  # noqa: F401
import mcp.server.mcpserver.exceptions  # noqa: F401
import mcp.server.stdio  # noqa: F401
import mcp_types  # noqa: F401

HEADER = struct.Struct("!I")
forks = 0


def read_request(conn: socket.socket):
    """The launcher's request: its three fds and a NUL-separated payload, length-prefixed:
    argc, argv..., cwd, then KEY=VALUE of its environment."""
    data, fds, _flags, _addr = socket.recv_fds(conn, 1 << 16, 3)
    if len(fds) != 3 or len(data) < HEADER.size:
        raise RuntimeError(f"a launcher sent {len(fds)} fds and {len(data)} bytes; expected 3 fds and a payload")
    (size,) = HEADER.unpack_from(data)
    data = data[HEADER.size:]
    while len(data) < size:
        more = conn.recv(size - len(data))
        if not more:
            raise RuntimeError("the launcher closed its socket before sending its whole request")
        data += more
    fields = [os.fsdecode(f) for f in data.split(b"\0")]
    argc = int(fields[0])
    argv, cwd, env = fields[1:1 + argc], fields[1 + argc], fields[2 + argc:]
    return fds, argv, cwd, dict(e.split("=", 1) for e in env if "=" in e)


def watch(conn: socket.socket):
    """Leaves the process as soon as the launcher's end of the connection closes."""
    try:
        conn.recv(1)
    finally:
        os._exit(137)


def run_child(conn: socket.socket):
    """In the forked child: becomes the server the launcher asked for; never returns."""
    status = 1
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        fds, argv, cwd, env = read_request(conn)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
            os.close(fd)
        sys.stdin = open(0, "r", closefd=False)
        sys.stdout = open(1, "w", closefd=False)
        sys.stderr = open(2, "w", closefd=False)
        os.environ.clear()
        os.environ.update(env)
        os.chdir(cwd)
        # core.py reads ZOO_FAULT when imported: the child imports it afresh.
        sys.modules.pop("core", None)
        sys.argv = argv
        sys.path[0] = os.path.dirname(os.path.abspath(argv[0]))
        threading.Thread(target=watch, args=(conn,), daemon=True).start()
        try:
            runpy.run_path(argv[0], run_name="__main__")
            status = 0
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
        sys.stdout.flush()
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001 - the child must report, never return
        try:
            traceback.print_exc()
            sys.stderr.flush()
        except OSError:
            pass
    finally:
        try:
            conn.sendall(f"exit {status}\n".encode())
        finally:
            os._exit(status)


def reap(_signum, _frame):
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: python forkserver.py SOCKET [STATS]")
    path, stats = sys.argv[1], sys.argv[2] if len(sys.argv) == 3 else None

    def stop(_signum, _frame):
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        reap(None, None)
        if stats:
            t = os.times()
            with open(stats, "w") as f:
                f.write(f"forks {forks} children_user {t.children_user:.2f} children_system {t.children_system:.2f}\n")
        os._exit(0)

    signal.signal(signal.SIGCHLD, reap)
    signal.signal(signal.SIGTERM, stop)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path + ".tmp")
    listener.listen(64)
    os.rename(path + ".tmp", path)  # the socket appears only once it accepts
    global forks
    while True:
        conn, _ = listener.accept()
        forks += 1
        if os.fork() == 0:
            listener.close()
            run_child(conn)
        conn.close()


if __name__ == "__main__":
    main()
