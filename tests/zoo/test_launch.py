# Checks the zoo's launcher and fork server (tests/zoo/launch.py, forkserver.py; docs/zoo.md):
# the server behind the launcher sees the launcher's argv, cwd, environment and stdio, the
# launcher exits with the server's status, and killing the launcher (SIGKILL to its process
# group, as the harness ends a scenario, or SIGTERM) leaves no server behind.
#   python test_launch.py SOCKET     (a fork server listening on SOCKET; run.sh starts one)
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ECHO = """import os, sys
line = sys.stdin.readline()
print(line.strip().upper(), os.getcwd(), os.environ.get("ZOO_FAULT"), sys.argv[1:], flush=True)
print("to stderr", file=sys.stderr, flush=True)
sys.exit(3)
"""
HANG = """import os, sys
open(sys.argv[1], "w").write(str(os.getpid()))
sys.stdin.read()
"""


def launcher(sock, *argv, **kw):
    cmd = [sys.executable, "-I", "-S", os.path.join(HERE, "launch.py"), sock, *argv]
    return subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, process_group=0, **kw)


def gone(pid, within=10.0):
    """True once pid has exited (a zombie not yet reaped counts as exited)."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except (FileNotFoundError, ProcessLookupError):
            # Reaped between the open and the read: the kernel answers ESRCH then.
            return True
        time.sleep(0.05)
    return False


def check_kill(sock, tmp, how):
    pidfile = os.path.join(tmp, f"pid-{how}")
    p = launcher(sock, os.path.join(tmp, "hang.py"), pidfile)
    end = time.monotonic() + 30
    while not (os.path.exists(pidfile) and open(pidfile).read()) and time.monotonic() < end:
        time.sleep(0.05)
    pid = int(open(pidfile).read())
    if how == "SIGKILL to the group":
        os.killpg(p.pid, signal.SIGKILL)
    else:
        p.send_signal(signal.SIGTERM)
    p.wait(timeout=10)
    assert gone(pid), f"{how}: the server {pid} outlived its launcher"
    print(f"ok: {how} of the launcher ends the server (pid {pid})")


def main():
    sock = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in (("echo.py", ECHO), ("hang.py", HANG)):
            with open(os.path.join(tmp, name), "w") as f:
                f.write(text)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.monotonic()
        p = launcher(sock, os.path.join(tmp, "echo.py"), "a b", "{x}", cwd=tmp,
                     env={**os.environ, "ZOO_FAULT": "none-such"})
        out, err = p.communicate(b"hello\n", timeout=30)
        wall = time.monotonic() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        want = f"HELLO {os.path.realpath(tmp)} none-such ['a b', '{{x}}']\n"
        assert out.decode() == want, f"stdout {out!r}, expected {want!r}"
        assert err.decode() == "to stderr\n", f"stderr {err!r}"
        assert p.returncode == 3, f"the launcher exited {p.returncode}, the server 3"
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        print(f"ok: argv, cwd, env, stdio and exit status pass through "
              f"(the launcher: {cpu:.3f} s CPU, {wall:.3f} s wall for the whole call)")
        p = launcher(sock, os.path.join(tmp, "hang.py"), os.path.join(tmp, "pid-eof"))
        p.stdin.close()
        assert p.wait(timeout=30) == 0, f"stdin's end: the launcher exited {p.returncode}, not 0"
        print("ok: the server ends at its stdin's end and the launcher exits 0")
        check_kill(sock, tmp, "SIGKILL to the group")
        check_kill(sock, tmp, "SIGTERM")


if __name__ == "__main__":
    main()
