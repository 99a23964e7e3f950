# The one confined file core the zoo's Python servers share (docs/zoo.md):
# every operation the universal checks of specs/shared/ name (read, create, overwrite, delete,
# delete_tree, list, move, edit), done safely under one root, so each zoo server is a thin shell
# that only shapes arguments and results. Test-only: ZOO_FAULT injects the faults the zoo's
# script must see the harness catch.
#
# How it stays inside (UNIVERSAL-SYMLINKS, UNIVERSAL-RACES, UNIVERSAL-CONFINEMENT): a path is
# walked component by component from a descriptor of the root, each opened relative to its
# parent's descriptor with O_NOFOLLOW; a symlink met on the way is read and resolved by the walk
# itself (a relative target against the directory it sits in, an absolute one only when it lies
# under the root), so the kernel never follows a link and a swap between two steps can only
# show the walk another link, which it resolves inside or refuses. `..` pops the walk's own
# stack of directories and is refused at the root.
# Reads refuse anything but a regular file of one link, opened with O_NONBLOCK so a FIFO never
# blocks (UNIVERSAL-SPECIAL-FILES, UNIVERSAL-CLR-05); writes go to a temp file in the same
# directory, renamed over the name (UNIVERSAL-ATOMIC-WRITE, UNIVERSAL-CLR-04); edits replace one
# unique occurrence and keep every other byte (UNIVERSAL-EXACT-EDIT), serialised by a lock
# (UNIVERSAL-CLR-03); an error for a path names it as given (UNIVERSAL-CLR-06).
#
# ZOO_FAULT (test-only faults, one at a time):
#   follow-links   paths joined to the root and opened by name, links followed (a `..` that
#                  leaves the root by its text is still refused)
#   write-in-place writes truncate the file and write it in place, in chunks: no temp file
#   truncate-then-write writes truncate the file and write it in one call (Node's
#                  writeFileSync, Python's open("w").write): no temp file, one short window
#   create-no-parents a create under a missing directory writes nothing and says success
#   fuzzy-edit     an edit whose text is not there replaces the closest text of the file
#                  instead (difflib, ratio 0.8 or more), as some edit tools do by default
#   absolute-names an absolute path outside the root is taken as given, walked from `/` (a
#                  server of relative names that never expected one)
#   first-of-two   an edit whose text occurs more than once replaces the first occurrence
#                  and says success, as some edit tools do undocumented
#   sizes-follow-links the sizes tool (no interface maps it) stats each entry following its
#                  link, so a link to a file outside shows that file's size and time
#   refuse-removals every delete and tree delete is refused ("permission denied"): a tool that
#                  fails at everything, whose refusals of paths outside prove nothing
import datetime
import os
import shutil
import stat
import threading
from collections import deque

FAULT = os.environ.get("ZOO_FAULT", "")
MAX_LINKS = 40
_LOCK = threading.Lock()


class ZooError(Exception):
    """A refusal: the message says what failed and names the path as given."""

    def __init__(self, message: str, status: str = "error"):
        super().__init__(message)
        self.status = status  # not_found, exists, count_mismatch, outside, not_file, too_large, error


def check_size(path: str, data: bytes, largest: int | None) -> bytes:
    """`data`, or a refusal when a cap is given and the file grew past it while read."""
    if largest is not None and len(data) > largest:
        raise ZooError(f"{path}: the file is {len(data)} bytes; files are limited to {largest}", "too_large")
    return data


class Core:
    def __init__(self, root: str):
        self.root = os.path.abspath(root)
        self.real = os.path.realpath(root)

    # ---- paths -------------------------------------------------------------------------
    def relative(self, path: str) -> str:
        """An argument as a path relative to the root: absolute ones must lie under it."""
        if "\0" in path:
            raise ZooError(f"{path!r}: a path may not hold a NUL byte", "error")
        if os.path.isabs(path):
            for base in (self.root, self.real):
                if path == base:
                    return "."
                if path.startswith(base.rstrip("/") + "/"):
                    return path[len(base.rstrip("/")) + 1:]
            if FAULT == "absolute-names":
                return path
            raise ZooError(f"{path}: outside the root", "outside")
        return path

    def _open_root(self) -> int:
        return os.open(self.root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)

    def _walk(self, path: str, follow_last: bool, make_parents: bool = False):
        """Walks `path` (relative to the root). Returns (stack, name): stack is the list of
        directory descriptors from the root down (the caller closes them), name the last
        component, not followed. With follow_last, a last component that is a symlink is
        resolved too, and name is that of the final entry in stack[-1]."""
        if path.startswith("/"):  # only under ZOO_FAULT=absolute-names (`relative`)
            stack = [os.open("/", os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)]
        else:
            stack = [self._open_root()]
        queue = deque(path.split("/"))
        links = 0
        try:
            while queue:
                c = queue.popleft()
                if c in ("", "."):
                    if not queue and c == "." and not follow_last:
                        raise ZooError(f"{path}: names a directory, not an entry in one", "not_file")
                    continue
                if c == "..":
                    if len(stack) == 1:
                        raise ZooError(f"{path}: leaves the root", "outside")
                    os.close(stack.pop())
                    continue
                last = not any(q not in ("", ".") for q in queue)
                if last and not follow_last:
                    return stack, c
                try:
                    st = os.lstat(c, dir_fd=stack[-1])
                except FileNotFoundError:
                    if make_parents and not last:
                        try:
                            os.mkdir(c, dir_fd=stack[-1])
                        except FileExistsError:
                            pass
                        queue.appendleft(c)
                        continue
                    if last:
                        return stack, c
                    raise ZooError(f"{path}: no such file or directory ({c})", "not_found")
                if stat.S_ISLNK(st.st_mode):
                    links += 1
                    if links > MAX_LINKS:
                        raise ZooError(f"{path}: too many levels of symbolic links", "error")
                    try:
                        target = os.readlink(c, dir_fd=stack[-1])
                    except OSError:
                        queue.appendleft(c)  # swapped back between lstat and readlink
                        continue
                    if os.path.isabs(target):
                        rel = None
                        for base in (self.root, self.real):
                            b = base.rstrip("/")
                            if target == b or target.startswith(b + "/"):
                                rel = target[len(b):]
                                break
                        if rel is None:
                            raise ZooError(f"{path}: a symlink leading outside the root", "outside")
                        while len(stack) > 1:
                            os.close(stack.pop())
                        target = rel
                    queue.extendleft(reversed(target.split("/")))
                    continue
                if last:
                    return stack, c
                try:
                    fd = os.open(c, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                                 dir_fd=stack[-1])
                except FileNotFoundError:
                    queue.appendleft(c)  # swapped away: look again
                    links += 1
                    if links > MAX_LINKS:
                        raise ZooError(f"{path}: no such file or directory ({c})", "not_found")
                    continue
                except OSError as e:
                    if e.errno == 40:  # ELOOP: became a symlink since the lstat: look again
                        queue.appendleft(c)
                        links += 1
                        if links > MAX_LINKS:
                            raise ZooError(f"{path}: too many levels of symbolic links", "error")
                        continue
                    raise ZooError(f"{path}: {e.strerror} ({c})", "not_found" if e.errno == 20 else "error")
                stack.append(fd)
            # The path ended in the root or in a directory reached by `..`/`.`
            return stack, None
        except BaseException:
            for fd in stack:
                os.close(fd)
            raise

    @staticmethod
    def _close(stack):
        for fd in stack:
            os.close(fd)

    def _fault_path(self, path: str) -> str:
        """ZOO_FAULT=follow-links: the path as a name under the root, links followed."""
        rel = os.path.normpath(self.relative(path))
        if rel == ".." or rel.startswith("../"):
            raise ZooError(f"{path}: leaves the root", "outside")
        return os.path.join(self.root, rel)

    # ---- reading ------------------------------------------------------------------------
    def _read_bytes(self, path: str, largest: int | None = None) -> bytes:
        if FAULT == "follow-links":
            try:
                with open(self._fault_path(path), "rb") as f:
                    return check_size(path, f.read(), largest)
            except OSError as e:
                raise ZooError(f"{path}: {e.strerror}", "not_found" if e.errno == 2 else "error")
        stack, name = self._walk(self.relative(path), follow_last=True)
        try:
            if name is None:
                raise ZooError(f"{path}: is a directory, not a file", "not_file")
            try:
                fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC,
                             dir_fd=stack[-1])
            except FileNotFoundError:
                raise ZooError(f"{path}: no such file", "not_found")
            except OSError as e:
                raise ZooError(f"{path}: cannot open: {e.strerror}", "not_file")
            try:
                st = os.fstat(fd)
                if not stat.S_ISREG(st.st_mode):
                    raise ZooError(f"{path}: not a regular file", "not_file")
                if st.st_nlink > 1:
                    raise ZooError(f"{path}: a file with several hard links is not served", "not_file")
                if largest is not None and st.st_size > largest:
                    raise ZooError(f"{path}: the file is {st.st_size} bytes; files are limited to {largest}", "too_large")
                chunks = []
                while True:
                    b = os.read(fd, 1 << 20)
                    if not b:
                        break
                    chunks.append(b)
                return check_size(path, b"".join(chunks), largest)
            finally:
                os.close(fd)
        finally:
            self._close(stack)

    def read(self, path: str, largest: int | None = None) -> str:
        """The file's text; with `largest`, a file of more bytes is refused (declared-limits)."""
        data = self._read_bytes(path, largest)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise ZooError(f"{path}: not UTF-8 text", "error")

    def list(self, path: str) -> list:
        """The entries of a directory: [{name, type}] sorted by name."""
        if FAULT == "follow-links":
            p = self._fault_path(path)
            try:
                names = os.listdir(p)
            except OSError as e:
                raise ZooError(f"{path}: {e.strerror}", "not_found" if e.errno == 2 else "error")
            return [{"name": n, "type": "directory" if os.path.isdir(os.path.join(p, n)) else "file"}
                    for n in sorted(names)]
        def entry(fd, n):
            try:
                st = os.lstat(n, dir_fd=fd)
                kind = ("directory" if stat.S_ISDIR(st.st_mode) else
                        "symlink" if stat.S_ISLNK(st.st_mode) else "file")
            except OSError:
                kind = "file"
            return {"name": n, "type": kind}
        return self._entries(path, entry)

    def _entries(self, path: str, entry) -> list:
        """`entry(fd, name)` of each entry of the directory `path` (walked confined), sorted."""
        stack, name = self._walk(self.relative(path), follow_last=True)
        try:
            fd = self._open_dir(path, stack, name)
            try:
                return [entry(fd, n) for n in sorted(os.listdir(fd))]
            finally:
                os.close(fd)
        finally:
            self._close(stack)

    def _open_dir(self, path: str, stack: list, name):
        """A descriptor of the directory the walk ended at (`name` in its last directory)."""
        if name is None:
            return os.dup(stack[-1])
        try:
            return os.open(name, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC,
                           dir_fd=stack[-1])
        except FileNotFoundError:
            raise ZooError(f"{path}: no such directory", "not_found")
        except OSError as e:
            raise ZooError(f"{path}: not a directory: {e.strerror}", "not_file")

    def sizes(self, path: str) -> list:
        """The entries of a directory with their sizes and modification times: [{name, size,
        modified}], a link's own (lstat), never what it points to."""
        def entry(fd, n):
            try:
                st = os.stat(n, dir_fd=fd, follow_symlinks=FAULT == "sizes-follow-links")
            except OSError:
                st = os.stat(n, dir_fd=fd, follow_symlinks=False)
            modified = datetime.datetime.fromtimestamp(st.st_mtime, datetime.timezone.utc)
            return {"name": n, "size": st.st_size, "modified": modified.isoformat()}
        return self._entries(path, entry)

    # ---- writing ------------------------------------------------------------------------
    def _write(self, path: str, data: bytes, must_exist: bool):
        if FAULT == "follow-links":
            p = self._fault_path(path)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            if must_exist and not os.path.exists(p):
                raise ZooError(f"{path}: no such file", "not_found")
            with open(p, "wb") as f:
                f.write(data)
            return
        stack, name = self._walk(self.relative(path), follow_last=False, make_parents=not must_exist)
        try:
            if name is None:
                raise ZooError(f"{path}: is a directory, not a file", "not_file")
            d = stack[-1]
            try:
                st = os.lstat(name, dir_fd=d)
                if must_exist and stat.S_ISLNK(st.st_mode):
                    # Overwrite through a link: write the file it resolves to, inside, or refuse.
                    pass
                elif stat.S_ISDIR(st.st_mode):
                    raise ZooError(f"{path}: is a directory", "not_file")
            except FileNotFoundError:
                if must_exist:
                    raise ZooError(f"{path}: no such file", "not_found")
            if must_exist:
                # Resolve a last link inside the root (refused when it leads out).
                self._close(stack)
                stack = []
                stack, name = self._walk(self.relative(path), follow_last=True)
                if name is None:
                    raise ZooError(f"{path}: is a directory", "not_file")
                d = stack[-1]
            if FAULT == "truncate-then-write":
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC,
                             0o644, dir_fd=d)
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(fd, view):]
                finally:
                    os.close(fd)
                return
            if FAULT == "write-in-place":
                fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW | os.O_CLOEXEC,
                             0o644, dir_fd=d)
                try:
                    for i in range(0, len(data), 4096):
                        os.write(fd, data[i:i + 4096])
                finally:
                    os.close(fd)
                return
            tmp = f".{name[:200]}.zoo-tmp-{os.getpid()}-{threading.get_ident()}"
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC,
                         0o644, dir_fd=d)
            try:
                view = memoryview(data)
                while view:
                    n = os.write(fd, view)
                    view = view[n:]
                os.close(fd)
                fd = -1
                os.rename(tmp, name, src_dir_fd=d, dst_dir_fd=d)
            except BaseException:
                if fd >= 0:
                    os.close(fd)
                try:
                    os.unlink(tmp, dir_fd=d)
                except OSError:
                    pass
                raise
        except OSError as e:
            raise ZooError(f"{path}: {e.strerror}", "error")
        finally:
            self._close(stack)

    def create(self, path: str, content: str):
        with _LOCK:
            if FAULT == "create-no-parents":
                parent = os.path.dirname(self.relative(path))
                if parent and not os.path.isdir(os.path.join(self.root, parent)):
                    return
            self._write(path, content.encode("utf-8"), must_exist=False)

    def overwrite(self, path: str, content: str):
        with _LOCK:
            self._write(path, content.encode("utf-8"), must_exist=True)

    def edit(self, path: str, old: str, new: str, largest: int | None = None) -> int:
        """Replaces the one occurrence of `old` by `new`; refuses (writing nothing) when `old`
        is absent or occurs more than once. Returns the count of replacements (1)."""
        return self.edit_all(path, [(old, new)], largest)

    def edit_all(self, path: str, pairs, largest: int | None = None) -> int:
        """Applies each (old, new) in turn, each `old` occurring once in the text the edits
        before it left; refuses, writing nothing, when one does not (UNIVERSAL-EXACT-EDIT).
        With `largest`, a file (before or after) of more bytes is refused. Returns the count."""
        with _LOCK:
            text = self.read(path, largest)
            for old, new in pairs:
                n = text.count(old) if old else 0
                if n == 0 and FAULT == "fuzzy-edit":
                    text, n = _closest_replaced(text, old, new), 1
                    continue
                if n == 0:
                    raise ZooError(f"{path}: the text to replace was not found", "not_found")
                if n > 1 and FAULT != "first-of-two":
                    raise ZooError(f"{path}: the text to replace occurs {n} times, not once", "count_mismatch")
                text = text.replace(old, new, 1)
            data = text.encode("utf-8")
            if largest is not None and len(data) > largest:
                raise ZooError(f"{path}: the edited file would be {len(data)} bytes; files are limited to {largest}", "too_large")
            self._write(path, data, must_exist=True)
            return len(pairs)

    def make_directory(self, path: str):
        """Creates a directory with its missing parents; one that exists is left as it is."""
        with _LOCK:
            stack, name = self._walk(self.relative(path), follow_last=False, make_parents=True)
            try:
                if name is not None:
                    try:
                        os.mkdir(name, dir_fd=stack[-1])
                    except FileExistsError:
                        if not stat.S_ISDIR(os.lstat(name, dir_fd=stack[-1]).st_mode):
                            raise ZooError(f"{path}: exists and is not a directory", "exists")
            except OSError as e:
                raise ZooError(f"{path}: {e.strerror}", "error")
            finally:
                self._close(stack)

    def delete(self, path: str):
        if FAULT == "refuse-removals":
            raise ZooError(f"{path}: permission denied", "error")
        with _LOCK:
            if FAULT == "follow-links":
                try:
                    os.unlink(self._fault_path(path))
                except OSError as e:
                    raise ZooError(f"{path}: {e.strerror}", "not_found" if e.errno == 2 else "error")
                return
            stack, name = self._walk(self.relative(path), follow_last=False)
            try:
                if name is None:
                    raise ZooError(f"{path}: is a directory", "not_file")
                try:
                    st = os.lstat(name, dir_fd=stack[-1])
                except FileNotFoundError:
                    raise ZooError(f"{path}: no such file", "not_found")
                if stat.S_ISDIR(st.st_mode):
                    raise ZooError(f"{path}: is a directory; delete it as a tree", "not_file")
                os.unlink(name, dir_fd=stack[-1])
            except OSError as e:
                raise ZooError(f"{path}: {e.strerror}", "error")
            finally:
                self._close(stack)

    def delete_tree(self, path: str):
        """Removes a directory with everything in it, or a link or file alone; links inside are
        removed, never followed (UNIVERSAL-TREE-DELETE): shutil.rmtree's descriptor-based walk."""
        if FAULT == "refuse-removals":
            raise ZooError(f"{path}: permission denied", "error")
        with _LOCK:
            if FAULT == "follow-links":
                p = self._fault_path(path)
                if os.path.isdir(p):
                    for dirpath, dirs, files in os.walk(p, topdown=False, followlinks=True):
                        for f in files:
                            os.unlink(os.path.join(dirpath, f))
                    shutil.rmtree(p, ignore_errors=True)
                else:
                    try:
                        os.unlink(p)
                    except OSError as e:
                        raise ZooError(f"{path}: {e.strerror}", "not_found")
                return
            stack, name = self._walk(self.relative(path), follow_last=False)
            try:
                if name is None:
                    raise ZooError(f"{path}: the root itself is not deleted", "error")
                try:
                    st = os.lstat(name, dir_fd=stack[-1])
                except FileNotFoundError:
                    raise ZooError(f"{path}: no such directory", "not_found")
                if stat.S_ISDIR(st.st_mode):
                    shutil.rmtree(name, dir_fd=stack[-1])
                else:
                    os.unlink(name, dir_fd=stack[-1])
            except OSError as e:
                raise ZooError(f"{path}: {e.strerror}", "error")
            finally:
                self._close(stack)

    def move(self, path: str, to: str):
        """Renames the entry itself (a link stays a link), to a name that does not exist yet."""
        with _LOCK:
            if FAULT == "follow-links":
                src, dst = self._fault_path(path), self._fault_path(to)
                if not os.path.exists(src):
                    raise ZooError(f"{path}: no such file", "not_found")
                os.makedirs(os.path.dirname(dst), exist_ok=True)
                os.rename(os.path.realpath(src), dst)
                return
            s_stack, s_name = self._walk(self.relative(path), follow_last=False)
            try:
                d_stack, d_name = self._walk(self.relative(to), follow_last=False, make_parents=True)
            except BaseException:
                self._close(s_stack)
                raise
            try:
                if s_name is None or d_name is None:
                    raise ZooError(f"{path} -> {to}: names a directory", "not_file")
                try:
                    os.lstat(s_name, dir_fd=s_stack[-1])
                except FileNotFoundError:
                    raise ZooError(f"{path}: no such file", "not_found")
                try:
                    os.lstat(d_name, dir_fd=d_stack[-1])
                    raise ZooError(f"{to}: already exists", "exists")
                except FileNotFoundError:
                    pass
                os.rename(s_name, d_name, src_dir_fd=s_stack[-1], dst_dir_fd=d_stack[-1])
            except OSError as e:
                raise ZooError(f"{path} -> {to}: {e.strerror}", "error")
            finally:
                self._close(s_stack)
                self._close(d_stack)


def occurrences(text: str, old: str) -> int:
    """How many times an edit's `old` occurs in `text` (an empty one never does); under
    ZOO_FAULT=fuzzy-edit, an absent text with a close match counts as found once, so a server
    that checks its edits before `edit_all` lets the fault through too."""
    n = text.count(old) if old else 0
    if n > 1 and FAULT == "first-of-two":
        return 1
    if n == 0 and FAULT == "fuzzy-edit":
        try:
            _closest_replaced(text, old, "")
            return 1
        except ZooError:
            return 0
    return n


def _closest_replaced(text: str, old: str, new: str) -> str:
    """ZOO_FAULT=fuzzy-edit: `new` in place of the window of `text` most like `old` (of
    `old`'s length, give or take a character), when they are alike enough; else a refusal."""
    import difflib
    best, at, size = 0.0, 0, len(old)
    for width in (len(old) - 1, len(old), len(old) + 1):
        for i in range(0, max(1, len(text) - width + 1)):
            r = difflib.SequenceMatcher(None, text[i:i + width], old).ratio()
            if r > best:
                best, at, size = r, i, width
    if best < 0.8:
        raise ZooError("the text to replace was not found", "not_found")
    return text[:at] + new + text[at + size:]
