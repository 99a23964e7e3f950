#!/usr/bin/python3
"""A case-insensitive, case-preserving passthrough filesystem (FUSE, test-only).

Mounts BACKING at MOUNTPOINT so that every name is looked up ignoring letter case, as on
macOS, Windows or an ext4 casefold directory: with `link` in a directory, `LINK` names it.
The harness makes its roots here (`mcp-harness run --scratch-dir MOUNTPOINT`) to run the
@casefold-root cases (GHSA-4gxg-m5jx-9j57). Symlinks are kept as they are: the kernel
follows them, so `LINK/x` goes through `link` wherever it points.

    /usr/bin/python3 tests/casefold/casefold.py BACKING MOUNTPOINT   # stays in the foreground

Needs Debian's python3-fusepy (module `fusepy`, with libfuse2) or PyPI's fusepy (module
`fuse`), and root or /dev/fuse access. Stop it with `umount MOUNTPOINT`.
"""

import errno
import os
import sys

try:
    from fusepy import FUSE, FuseOSError, Operations
except ImportError:  # PyPI's fusepy names its module `fuse`
    from fuse import FUSE, FuseOSError, Operations


def fold(name):
    return name.casefold()


class CaseFolding(Operations):
    """Passthrough to a backing directory, with names matched ignoring case."""

    def __init__(self, backing):
        self.backing = os.path.realpath(backing)

    # Names ---------------------------------------------------------------------------

    def _entry(self, directory, name):
        """The backing name in `directory` that `name` denotes: itself if it exists, else
        the one entry equal to it ignoring case, else `name` (a new entry)."""
        if os.path.lexists(os.path.join(directory, name)):
            return name
        try:
            entries = os.listdir(directory)
        except OSError:
            return name
        wanted = fold(name)
        for entry in entries:
            if fold(entry) == wanted:
                return entry
        return name

    def _real(self, path):
        """The backing path of a mount path, every component folded to an existing one."""
        real = self.backing
        for part in path.strip("/").split("/"):
            if part:
                real = os.path.join(real, self._entry(real, part))
        return real

    # Metadata ------------------------------------------------------------------------

    def getattr(self, path, fh=None):
        st = os.fstat(fh) if fh is not None else os.lstat(self._real(path))
        keys = ("st_mode", "st_ino", "st_nlink", "st_uid", "st_gid", "st_size",
                "st_atime", "st_mtime", "st_ctime", "st_rdev", "st_blocks")
        return {k: getattr(st, k) for k in keys}

    def access(self, path, mode):
        if not os.access(self._real(path), mode, follow_symlinks=False):
            raise FuseOSError(errno.EACCES)

    def chmod(self, path, mode):
        os.chmod(self._real(path), mode)

    def chown(self, path, uid, gid):
        os.lchown(self._real(path), uid, gid)

    def utimens(self, path, times=None):
        os.utime(self._real(path), times, follow_symlinks=False)

    def statfs(self, path):
        sv = os.statvfs(self._real(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree",
                "f_files", "f_flag", "f_frsize", "f_namemax")
        return {k: getattr(sv, k) for k in keys}

    # Directories and links -------------------------------------------------------------

    def readdir(self, path, fh):
        return [".", ".."] + os.listdir(self._real(path))

    def mkdir(self, path, mode):
        os.mkdir(self._real(path), mode)

    def rmdir(self, path):
        os.rmdir(self._real(path))

    def unlink(self, path):
        os.unlink(self._real(path))

    def symlink(self, target, source):
        # fusepy passes (link path, target): `target` here is the new link's path.
        os.symlink(source, self._real(target))

    def readlink(self, path):
        return os.readlink(self._real(path))

    def link(self, target, source):
        os.link(self._real(source), self._real(target))

    def mknod(self, path, mode, dev):
        os.mknod(self._real(path), mode, dev)

    def rename(self, old, new):
        os.rename(self._real(old), self._real(new))

    # Files -----------------------------------------------------------------------------

    def open(self, path, flags):
        return os.open(self._real(path), flags)

    def create(self, path, mode, fi=None):
        return os.open(self._real(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        return os.pread(fh, size, offset)

    def write(self, path, data, offset, fh):
        return os.pwrite(fh, data, offset)

    def truncate(self, path, length, fh=None):
        if fh is not None:
            os.ftruncate(fh, length)
        else:
            os.truncate(self._real(path), length)

    def flush(self, path, fh):
        return 0

    def fsync(self, path, datasync, fh):
        if datasync:
            os.fdatasync(fh)
        else:
            os.fsync(fh)

    def fsyncdir(self, path, datasync, fh):
        return 0

    def release(self, path, fh):
        os.close(fh)


def main(argv):
    if len(argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    backing, mountpoint = argv[1], argv[2]
    # No caching of names or attributes: `LINK` and `link` must always agree.
    FUSE(CaseFolding(backing), mountpoint, foreground=True, nothreads=False,
         use_ino=True, entry_timeout=0, attr_timeout=0, negative_timeout=0)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
