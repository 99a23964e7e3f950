//! All filesystem access, confined to the root through a cap-std `Dir` (AUTH-042, CLR-015
//! to CLR-018, CLR-026 to CLR-028, CLR-031).
//!
//! Nothing here builds an absolute path or checks-then-opens: every open, link, rename and
//! listing goes through the capability handle, which resolves symlinks itself and refuses
//! any step that would leave the root (including absolute link targets). Symlinks that stay
//! inside the root work. Mutations resolve the path to its canonical location first, lock
//! that location, and replace the real file (a symlink to it stays a symlink).

use std::io::{self, Read};
use std::path::{Component, Path};

use cap_std::ambient_authority;
use cap_std::fs::Dir;

use crate::MAX_FILE_SIZE;
use crate::atomic;
use crate::errors::{Code, ToolError, ToolResult};
use crate::filelock;
use crate::hash::Hasher;
use crate::lines;
use crate::locks::Locks;
use crate::paths::NormPath;

mod info;
mod listing;
mod rename;
mod whole;

pub use info::Meta;
pub use listing::ListCache;
pub use whole::Deleted;

/// A file as read: its bytes and their hash (computed while reading).
#[derive(Debug)]
pub struct FileData {
    pub bytes: Vec<u8>,
    pub hash: String,
}

/// Result of a successful mutation.
#[derive(Debug)]
pub struct Written {
    pub hash: String,
    pub total_lines: usize,
}

/// One entry of a directory listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: String,
    pub kind: EntryKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum EntryKind {
    Directory,
    File,
    Symlink,
    /// A FIFO, socket or device: listed, but the tools refuse it.
    Other,
}

impl EntryKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EntryKind::Directory => "directory",
            EntryKind::File => "file",
            EntryKind::Symlink => "symlink",
            EntryKind::Other => "other",
        }
    }
}

pub struct Sandbox {
    root: Dir,
}

/// cap-std reports a refused escape as a synthetic PermissionDenied error ("a path led
/// outside of the filesystem") without an OS error number; a real EACCES carries one.
fn is_escape(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::PermissionDenied
        && (e.raw_os_error().is_none() || e.to_string().contains("outside of the filesystem"))
}

fn escape_error(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::PathEscape,
        format!(
            "{path} resolves outside the root (through a symlink that leads out of it or has \
             an absolute target). Only paths that stay inside the root can be used; pick a \
             path that is not behind such a link."
        ),
    )
    .with("path", path.display())
}

/// The process or the system has no file descriptor left (EMFILE, ENFILE): a passing
/// overload, not a property of the path, so it must not read as a missing or wrong file.
fn is_out_of_descriptors(e: &io::Error) -> bool {
    matches!(e.raw_os_error(), Some(libc::EMFILE | libc::ENFILE))
}

fn out_of_descriptors(path: &NormPath, e: &io::Error) -> ToolError {
    let reason = if e.raw_os_error() == Some(libc::EMFILE) {
        "EMFILE"
    } else {
        "ENFILE"
    };
    ToolError::new(
        Code::IoError,
        format!(
            "The server ran out of file descriptors ({reason}: {e}) while working on {path}: \
             too many files are open at once. This says nothing about {path} itself, and \
             nothing was changed. Retry the same call in a moment; if it keeps failing, the \
             server's limit of open files (ulimit -n) is too low for its load."
        ),
    )
    .with("path", path.display())
    .with("reason", reason)
}

/// Whether a storage error is the descriptor exhaustion above (which callers must pass
/// on as it is rather than explain as a property of the path).
pub fn is_exhaustion(e: &ToolError) -> bool {
    e.code == Code::IoError
        && matches!(
            e.details.get("reason").and_then(|r| r.as_str()),
            Some("EMFILE" | "ENFILE")
        )
}

/// Maps an I/O error on `path` to the error codes (CLR-020).
fn map_io(path: &NormPath, e: io::Error) -> ToolError {
    if is_escape(&e) {
        return escape_error(path);
    }
    if is_out_of_descriptors(&e) {
        return out_of_descriptors(path, &e);
    }
    match e.kind() {
        io::ErrorKind::NotFound => ToolError::not_found(&path.display()),
        io::ErrorKind::NotADirectory => ToolError::new(
            Code::NotADirectory,
            format!(
                "A parent of {path} is a file, not a directory, so {path} cannot exist. Check \
                 the path; list the parent directory with the resource list://<dir>."
            ),
        )
        .with("path", path.display()),
        io::ErrorKind::IsADirectory => not_a_file(path),
        _ => ToolError::io(&path.display(), &e),
    }
}

fn not_a_file(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::NotAFile,
        format!(
            "{path} is a directory, not a file. The file and text tools work on files; to see \
             what the directory contains read the resource list://{}.",
            path.display().trim_start_matches('/')
        ),
    )
    .with("path", path.display())
    .with("file_type", "directory")
}

/// The `file_type` detail of a file that is neither a directory nor a regular file.
fn special_kind(ft: cap_std::fs::FileType) -> &'static str {
    use cap_std::fs::FileTypeExt;
    if ft.is_fifo() {
        "fifo"
    } else if ft.is_socket() {
        "socket"
    } else if ft.is_char_device() {
        "char_device"
    } else if ft.is_block_device() {
        "block_device"
    } else {
        "special"
    }
}

/// The same from a `st_mode` (a locked descriptor's fstat).
fn special_kind_of_mode(mode: u32) -> &'static str {
    match mode & libc::S_IFMT {
        libc::S_IFIFO => "fifo",
        libc::S_IFSOCK => "socket",
        libc::S_IFCHR => "char_device",
        libc::S_IFBLK => "block_device",
        libc::S_IFDIR => "directory",
        _ => "special",
    }
}

/// A FIFO, socket or device, named as what it is (CLR-031): never read (a FIFO would
/// block, a device stream without end) nor replaced.
fn special_file(path: &NormPath, kind: &str) -> ToolError {
    if kind == "directory" {
        return not_a_file(path);
    }
    let words = crate::errors::file_kind_words(kind);
    ToolError::new(
        Code::NotAFile,
        format!(
            "{path} is {words}, not a regular file, so it is neither read nor changed (reading \
             it could block or never end). Nothing was done; listings show it with type \
             \"other\". Work on a regular file instead."
        ),
    )
    .with("path", path.display())
    .with("file_type", kind)
}

fn not_text(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::NotText,
        format!(
            "{path} is not valid UTF-8 text, so the text.* tools cannot work on it. Binary \
             files can only be created (file.create with encoding \"base64\") and removed \
             (file.remove)."
        ),
    )
    .with("path", path.display())
}

/// Converts a relative path returned by `Dir::canonicalize` into a NormPath.
fn from_canonical(p: &Path) -> Option<NormPath> {
    let mut segs = Vec::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::Normal(s) => segs.push(s.to_str()?.to_owned()),
            _ => return None,
        }
    }
    NormPath::from_plain_segments(segs)
}

impl Sandbox {
    /// Opens the root directory. This is the only use of ambient authority.
    pub fn open(root: &Path) -> io::Result<Sandbox> {
        Ok(Sandbox {
            root: Dir::open_ambient_dir(root, ambient_authority())?,
        })
    }

    /// Opens the directory `rel` below `base` by this sandbox's own rules (symlinks that
    /// stay inside `base` are followed, `..` and links that lead out are refused), and
    /// returns it with its canonical path below `base`. Only `base` is opened by name: a
    /// client's MCP root is confined this way to the operator's directory (FS-CLR-06).
    pub fn open_below(base: &Path, rel: &NormPath) -> io::Result<(Sandbox, NormPath)> {
        let base = Sandbox::open(base)?;
        let canonical = base.canonical(rel).map_err(|e| {
            let kind = match e.code {
                Code::PathEscape => io::ErrorKind::PermissionDenied,
                Code::NotFound => io::ErrorKind::NotFound,
                Code::NotADirectory => io::ErrorKind::NotADirectory,
                _ => io::ErrorKind::Other,
            };
            io::Error::new(kind, e.message)
        })?;
        let root = base.open_dir(&canonical)?;
        Ok((Sandbox { root }, canonical))
    }

    /// The canonical location of an existing entry (symlinks inside the root resolved).
    pub fn canonical(&self, path: &NormPath) -> ToolResult<NormPath> {
        // cap-std canonicalizes by opening the path and reading /proc/self/fd: if an atomic
        // rename replaces the file in between, the link reads "<name> (deleted)". Such a
        // result is stale, so resolve again (the name now refers to the new file).
        let mut attempts = 0;
        loop {
            let c = self
                .root
                .canonicalize(path.relative())
                .map_err(|e| map_io(path, e))?;
            let stale = c.to_str().is_some_and(|s| s.ends_with(" (deleted)"));
            if !stale || attempts == 8 {
                return from_canonical(&c).ok_or_else(|| escape_error(path));
            }
            attempts += 1;
        }
    }

    /// Canonical path of an existing file, used as the key of its mutation lock. A plain
    /// file's key is its canonical parent plus its name, which a concurrent rename over the
    /// file cannot disturb; a symlink is resolved to the file it leads to.
    pub fn canonical_file(&self, path: &NormPath) -> ToolResult<NormPath> {
        let Some((parent, name)) = path.split_last() else {
            return self.canonical(path);
        };
        let meta = self
            .root
            .symlink_metadata(path.relative())
            .map_err(|e| map_io(path, e))?;
        if meta.file_type().is_symlink() {
            return self.canonical(path);
        }
        let mut segments = self.canonical(&parent)?.segments().to_vec();
        segments.push(name.to_owned());
        NormPath::from_plain_segments(segments).ok_or_else(|| escape_error(path))
    }

    fn open_dir(&self, path: &NormPath) -> io::Result<Dir> {
        if path.is_root() {
            self.root.try_clone()
        } else {
            self.root.open_dir(path.relative())
        }
    }

    /// Opens an existing regular file for reading and returns it with its size.
    /// Directories give NOT_A_FILE, files over the limit TOO_LARGE.
    pub fn open_file(&self, path: &NormPath) -> ToolResult<(cap_std::fs::File, u64)> {
        if path.is_root() {
            return Err(not_a_file(path));
        }
        // Non-blocking open: a FIFO in the root must not hang the server (opening one
        // for reading would wait for a writer). It has no effect on regular files.
        let mut opts = cap_std::fs::OpenOptions::new();
        opts.read(true);
        #[cfg(unix)]
        {
            use cap_std::fs::OpenOptionsExt;
            opts.custom_flags(libc::O_NONBLOCK);
        }
        let file = self
            .root
            .open_with(path.relative(), &opts)
            .map_err(|e| self.open_error(path, e))?;
        // One fstat gives the type, the link count and the size.
        let st = rustix::fs::fstat(&file).map_err(|e| map_io(path, e.into()))?;
        match st.st_mode & libc::S_IFMT {
            libc::S_IFREG => {}
            libc::S_IFDIR => return Err(not_a_file(path)),
            mode => return Err(special_file(path, special_kind_of_mode(mode))),
        }
        if st.st_nlink > 1 {
            return Err(hard_link_error(path, st.st_nlink as u64));
        }
        let len = st.st_size as u64;
        if len > MAX_FILE_SIZE {
            return Err(ToolError::too_large(&path.display(), len));
        }
        Ok((file, len))
    }

    /// Explains a failed open: a socket (ENXIO) or a device without a driver cannot be
    /// opened at all, and is named as what it is rather than as an I/O error.
    fn open_error(&self, path: &NormPath, e: io::Error) -> ToolError {
        if is_escape(&e) || is_out_of_descriptors(&e) || e.kind() == io::ErrorKind::NotFound {
            return map_io(path, e);
        }
        match self.root.metadata(path.relative()) {
            Ok(m) if !m.is_file() && !m.is_dir() => special_file(path, special_kind(m.file_type())),
            _ => map_io(path, e),
        }
    }

    /// Reads an opened file to the end, hashing it on the way.
    pub fn read_opened(
        &self,
        path: &NormPath,
        file: cap_std::fs::File,
        len: u64,
    ) -> ToolResult<FileData> {
        // Read in chunks into a buffer sized once, hashing each chunk while it is hot; as a
        // std File, since `take` on a cap-std File would zero each chunk first.
        const CHUNK: u64 = 1 << 20;
        let mut file = file.into_std();
        let mut bytes = Vec::with_capacity(len as usize);
        let mut hasher = Hasher::default();
        loop {
            let before = bytes.len();
            let n = (&mut file)
                .take(CHUNK)
                .read_to_end(&mut bytes)
                .map_err(|e| map_io(path, e))?;
            if n == 0 {
                break;
            }
            hasher.update(&bytes[before..]);
            if bytes.len() as u64 > MAX_FILE_SIZE {
                return Err(ToolError::too_large(&path.display(), bytes.len() as u64));
            }
        }
        Ok(FileData {
            bytes,
            hash: hasher.finish_hex(),
        })
    }

    /// Reads a whole file without hashing it (for changes that need no hash of the old
    /// content).
    pub fn read_unhashed(&self, path: &NormPath) -> ToolResult<Vec<u8>> {
        let (file, len) = self.open_file(path)?;
        let mut bytes = Vec::with_capacity(len as usize);
        // As a std File: read_to_end through `take` would zero the buffer first on a
        // cap-std File, which has no `read_buf` of its own.
        file.into_std()
            .take(MAX_FILE_SIZE + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| map_io(path, e))?;
        if bytes.len() as u64 > MAX_FILE_SIZE {
            return Err(ToolError::too_large(&path.display(), bytes.len() as u64));
        }
        Ok(bytes)
    }

    /// Reads a whole file, hashing it on the way.
    pub fn read(&self, path: &NormPath) -> ToolResult<FileData> {
        let (file, len) = self.open_file(path)?;
        self.read_opened(path, file, len)
    }

    /// Reads a file that the text tools will work on: must be UTF-8.
    pub fn read_text(&self, path: &NormPath) -> ToolResult<(String, String)> {
        Self::into_text(path, self.read(path)?)
    }

    /// Checks that read bytes are UTF-8 text.
    pub fn into_text(path: &NormPath, data: FileData) -> ToolResult<(String, String)> {
        let text = String::from_utf8(data.bytes).map_err(|_| not_text(path))?;
        Ok((text, data.hash))
    }

    /// Creates a new file (CLR-017): missing parents are created, an existing entry
    /// is ALREADY_EXISTS, a parent that is a file NOT_A_DIRECTORY, a dangling symlink at
    /// the path PATH_ESCAPE.
    pub fn create(&self, path: &NormPath, bytes: &[u8], locks: &Locks) -> ToolResult<String> {
        let Some((parent, name)) = path.split_last() else {
            return Err(ToolError::new(
                Code::NotAFile,
                "Path / is the root directory; file.create needs a file path such as \
                 \"/notes/a.md\".",
            ));
        };
        if bytes.len() as u64 > MAX_FILE_SIZE {
            return Err(ToolError::too_large(&path.display(), bytes.len() as u64));
        }
        if atomic::is_our_temp_name(name) {
            return Err(ToolError::new(
                Code::InvalidPath,
                format!(
                    "Names of the form {:?}<hex digits> are reserved for the server's temp \
                     files; choose another name.",
                    atomic::TEMP_PREFIX
                ),
            ));
        }
        let made_parents = self
            .make_parents(&parent)
            .map_err(|e| self.diagnose_parent(&parent, path, e))?;
        let parent_canon = self.canonical(&parent).map_err(|e| {
            if e.code == Code::NotFound {
                e
            } else {
                self.retarget(e, path)
            }
        })?;
        let dir = self
            .open_dir(&parent_canon)
            .map_err(|e| self.diagnose_parent(&parent, path, e))?;
        let mut target_segments = parent_canon.segments().to_vec();
        target_segments.push(name.to_owned());
        let target =
            NormPath::from_plain_segments(target_segments).ok_or_else(|| escape_error(path))?;
        locks.with_lock(&target, || {
            if let Ok(meta) = dir.symlink_metadata(name) {
                if meta.file_type().is_symlink() {
                    // A link to something inside the root exists; anything else (dangling,
                    // absolute, leading out) would make create write outside or through it.
                    return match self.root.canonicalize(target.relative()) {
                        Ok(_) => Err(already_exists(path)),
                        Err(_) => Err(ToolError::new(
                            Code::PathEscape,
                            format!(
                                "{path} is a symlink whose target does not exist or lies \
                                 outside the root; file.create will not create a file through \
                                 it. Choose another path or remove the link."
                            ),
                        )
                        .with("path", path.display())),
                    };
                }
                return Err(already_exists(path));
            }
            atomic::create_new(&dir, name, bytes).map_err(|e| {
                if e.kind() == io::ErrorKind::AlreadyExists {
                    already_exists(path)
                } else {
                    map_io(path, e)
                }
            })?;
            // Each new directory's entry lives in its parent: sync them, deepest first, up
            // to the first directory that already existed.
            for changed in &made_parents {
                self.open_dir(changed)
                    .and_then(|d| atomic::sync_dir(&d))
                    .map_err(|e| map_io(path, e))?;
            }
            Ok(crate::hash::sha256_hex(bytes))
        })
    }

    /// Explains why the parent directory of `path` could not be made or opened.
    fn diagnose_parent(&self, parent: &NormPath, path: &NormPath, e: io::Error) -> ToolError {
        if is_escape(&e) {
            return escape_error(path);
        }
        // Find the first prefix of the parent that exists but is not a directory.
        let segs = parent.segments();
        for i in 1..=segs.len() {
            let prefix = NormPath::from_plain_segments(segs[..i].to_vec()).expect("plain");
            match self.root.metadata(prefix.relative()) {
                Ok(m) if !m.is_dir() => {
                    return ToolError::new(
                        Code::NotADirectory,
                        format!(
                            "{prefix} is a file, not a directory, so {path} cannot be created \
                             inside it. Choose a path whose parents are directories (or do not \
                             exist yet)."
                        ),
                    )
                    .with("path", path.display())
                    .with("parent", prefix.display());
                }
                Ok(_) => {}
                Err(e) if is_escape(&e) => return escape_error(path),
                Err(_) => break,
            }
        }
        map_io(path, e)
    }

    fn retarget(&self, mut e: ToolError, path: &NormPath) -> ToolError {
        if e.code == Code::PathEscape {
            e = escape_error(path);
        }
        e
    }

    /// Runs one hash-checked mutation of an existing text file (replace, insert, append):
    /// resolve, lock, read, compare the hash, transform, write atomically.
    /// `edit` returns `None` when nothing changes.
    pub fn mutate_text(
        &self,
        path: &NormPath,
        expected_hash: &str,
        locks: &Locks,
        edit: impl FnOnce(&[u8]) -> ToolResult<Option<Vec<u8>>>,
    ) -> ToolResult<Written> {
        if path.is_root() {
            return Err(not_a_file(path));
        }
        let canon = self.canonical_file(path)?;
        locks.with_lock(&canon, || {
            let (dir, locked) = self.lock_existing(&canon, path)?;
            let size = locked.stat.st_size as u64;
            if size > MAX_FILE_SIZE {
                return Err(ToolError::too_large(&path.display(), size));
            }
            let reader = locked.file.try_clone().map_err(|e| map_io(path, e))?;
            let data = self
                .read_opened(&canon, reader, size)
                .map_err(|e| renamed(e, &canon, path))?;
            // Text-ness is a property of the file, so it is reported whatever the hash.
            if std::str::from_utf8(&data.bytes).is_err() {
                return Err(not_text(path));
            }
            if data.hash != expected_hash {
                return Err(ToolError::stale_hash(
                    &path.display(),
                    expected_hash,
                    &data.hash,
                ));
            }
            match edit(&data.bytes)? {
                None => Ok(Written {
                    total_lines: lines::total_lines(&data.bytes),
                    hash: data.hash,
                }),
                Some(new_bytes) if new_bytes.len() as u64 > MAX_FILE_SIZE => Err(
                    ToolError::too_large(&path.display(), new_bytes.len() as u64).with(
                        "hint",
                        "the edit would make the file larger than the limit; nothing was changed",
                    ),
                ),
                Some(new_bytes) => {
                    // For big files, hash the new content on a second thread while this
                    // one writes and waits for fsync.
                    let (hash, written) = if new_bytes.len() > 1 << 20 {
                        std::thread::scope(|s| {
                            let h = s.spawn(|| crate::hash::sha256_hex(&new_bytes));
                            let w = self.replace_file(&canon, &dir, &locked, &new_bytes);
                            (h.join().unwrap_or_default(), w)
                        })
                    } else {
                        let w = self.replace_file(&canon, &dir, &locked, &new_bytes);
                        (crate::hash::sha256_hex(&new_bytes), w)
                    };
                    written.map_err(|e| renamed(e, &canon, path))?;
                    Ok(Written {
                        hash,
                        total_lines: lines::total_lines(&new_bytes),
                    })
                }
            }
        })
    }

    /// Atomically replaces the locked file at canonical path `canon` (in `dir`), keeping
    /// its owner, group, mode without set-id bits, and extended attributes.
    fn replace_file(
        &self,
        canon: &NormPath,
        dir: &Dir,
        locked: &filelock::LockedFile,
        bytes: &[u8],
    ) -> ToolResult<()> {
        let (_, name) = canon.split_last().ok_or_else(|| not_a_file(canon))?;
        let meta = atomic::Meta::From(&locked.file, &locked.stat);
        atomic::replace_with(dir, name, bytes, meta).map_err(|e| map_io(canon, e))
    }

    /// Opens the existing file at canonical path `canon` read-write and locks it against
    /// other processes (CLR-031), retrying while an atomic rename replaces it. Refuses
    /// what may not be changed: a directory or special file, a read-only file, a file
    /// with several hard links. Errors name `path`, the client's spelling.
    fn lock_existing(
        &self,
        canon: &NormPath,
        path: &NormPath,
    ) -> ToolResult<(Dir, filelock::LockedFile)> {
        let (parent, name) = canon.split_last().ok_or_else(|| not_a_file(path))?;
        let dir = self.open_dir(&parent).map_err(|e| map_io(path, e))?;
        for _ in 0..64 {
            let locked = match filelock::lock(&dir, name, true) {
                Ok(l) => l,
                Err(filelock::LockError::Moved) => continue,
                Err(filelock::LockError::Busy) => return Err(busy_error(path)),
                Err(filelock::LockError::Io(e)) => {
                    return Err(self.write_open_error(path, &dir, name, e));
                }
            };
            let mode = locked.stat.st_mode;
            if mode & libc::S_IFMT != libc::S_IFREG {
                return Err(special_file(path, special_kind_of_mode(mode)));
            }
            if locked.stat.st_nlink > 1 {
                return Err(hard_link_error(path, locked.stat.st_nlink));
            }
            if mode & 0o222 == 0 {
                return Err(read_only_error(path, mode));
            }
            return Ok((dir, locked));
        }
        Err(ToolError::new(
            Code::IoError,
            format!(
                "{path} kept being replaced by another program while this server tried to lock                  it. Nothing was changed; call text.read and retry."
            ),
        )
        .with("path", path.display()))
    }

    /// Explains why a file could not be opened for writing.
    fn write_open_error(&self, path: &NormPath, dir: &Dir, name: &str, e: io::Error) -> ToolError {
        if let Ok(m) = dir.metadata(name)
            && !m.is_file()
            && !is_out_of_descriptors(&e)
        {
            return special_file(path, special_kind(m.file_type()));
        }
        match e.raw_os_error() {
            Some(libc::EACCES) | Some(libc::EPERM) | Some(libc::EROFS) | Some(libc::ETXTBSY) => {
                let mode = dir
                    .metadata(name)
                    .map(|m| {
                        use cap_std::fs::PermissionsExt;
                        m.permissions().mode()
                    })
                    .unwrap_or(0);
                read_only_error(path, mode).with("reason", e.to_string())
            }
            _ => map_io(path, e),
        }
    }

    /// Hashes an open file by streaming it (no size limit, little memory).
    fn hash_stream(&self, path: &NormPath, file: &cap_std::fs::File) -> ToolResult<String> {
        let mut hasher = Hasher::default();
        let mut buf = vec![0u8; 1 << 20];
        let mut reader = file;
        loop {
            let n = reader.read(&mut buf).map_err(|e| map_io(path, e))?;
            if n == 0 {
                return Ok(hasher.finish_hex());
            }
            hasher.update(&buf[..n]);
        }
    }

    /// Creates the missing directories of `parent` one by one. Returns the directories
    /// whose entries changed (the parent of each new directory), deepest first.
    fn make_parents(&self, parent: &NormPath) -> io::Result<Vec<NormPath>> {
        let segs = parent.segments();
        let mut changed = Vec::new();
        for i in 1..=segs.len() {
            let prefix = NormPath::from_plain_segments(segs[..i].to_vec()).expect("plain");
            match self.root.create_dir(prefix.relative()) {
                Ok(()) => changed
                    .push(NormPath::from_plain_segments(segs[..i - 1].to_vec()).expect("plain")),
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
                Err(e) => return Err(e),
            }
        }
        changed.reverse();
        Ok(changed)
    }

    /// The size of the file at `path` now (0 if it cannot be seen); an estimate for
    /// charging memory before the real work.
    pub fn size_hint(&self, path: &NormPath) -> u64 {
        self.root
            .metadata(path.relative())
            .map(|m| if m.is_file() { m.len() } else { 0 })
            .unwrap_or(0)
    }

    /// Removes stale temp files of ours left by killed writers (see `atomic::sweep_stale`).
    pub fn sweep_stale_temps(&self, max_entries: usize) -> usize {
        atomic::sweep_stale(&self.root, max_entries)
    }

    /// Removes a file after checking its hash (CLR-017: directories are NOT_A_FILE).
    /// A symlink at the path is removed itself; its target stays.
    pub fn remove(&self, path: &NormPath, expected_hash: &str, locks: &Locks) -> ToolResult<()> {
        let Some((parent, name)) = path.split_last() else {
            return Err(not_a_file(path));
        };
        let canon = self.canonical_file(path)?;
        let parent_canon = self.canonical(&parent)?;
        locks.with_lock(&canon, || {
            let (_, locked) = self
                .lock_existing(&canon, path)
                .map_err(|e| renamed(e, &canon, path))?;
            // Streamed: a file over the size limit can still be removed.
            let hash = self.hash_stream(path, &locked.file)?;
            if hash != expected_hash {
                return Err(ToolError::stale_hash(&path.display(), expected_hash, &hash));
            }
            let dir = self.open_dir(&parent_canon).map_err(|e| map_io(path, e))?;
            dir.remove_file(name).map_err(|e| map_io(path, e))?;
            atomic::sync_dir(&dir).map_err(|e| map_io(path, e))
        })
    }

    /// Lists the immediate children of a directory (temp files hidden), directories
    /// first, then the rest, each group in byte order of the name.
    pub fn list(&self, path: &NormPath) -> ToolResult<Vec<Entry>> {
        let dir = self.open_listed_dir(path)?;
        read_entries(path, &dir)
    }

    /// Opens a directory to list it; a file in its place is NOT_A_DIRECTORY.
    fn open_listed_dir(&self, path: &NormPath) -> ToolResult<Dir> {
        self.open_dir(path).map_err(|e| {
            let mapped = map_io(path, e);
            if (mapped.code == Code::NotADirectory || mapped.code == Code::IoError)
                && !is_exhaustion(&mapped)
            {
                // Opening a file as a directory: say so and point to text.read.
                match self.root.metadata(path.relative()) {
                    Ok(m) if !m.is_dir() => ToolError::new(
                        Code::NotADirectory,
                        format!(
                            "{path} is a file, not a directory; list:// lists directories. \
                             Use text.read to read the file."
                        ),
                    )
                    .with("path", path.display()),
                    _ => mapped,
                }
            } else {
                mapped
            }
        })
    }
}

/// The entries of an opened directory (temp files hidden), directories first, then the
/// rest, each group in byte order of the name.
fn read_entries(path: &NormPath, dir: &Dir) -> ToolResult<Vec<Entry>> {
    let mut entries = Vec::new();
    for item in dir.entries().map_err(|e| map_io(path, e))? {
        let item = item.map_err(|e| map_io(path, e))?;
        // A name that is not UTF-8 cannot be passed back in a JSON path, so it is left
        // out rather than shown mangled (CLR-032).
        let Ok(name) = item.file_name().into_string() else {
            continue;
        };
        let ft = match item.file_type() {
            Ok(ft) => ft,
            Err(_) => continue, // vanished while listing
        };
        let kind = if ft.is_symlink() {
            EntryKind::Symlink
        } else if ft.is_dir() {
            EntryKind::Directory
        } else if ft.is_file() {
            EntryKind::File
        } else {
            EntryKind::Other
        };
        // Only regular files of the exact form can be our temp files; clients cannot
        // make such names, and a user's `.mcp-tmp-notes` is shown.
        if kind == EntryKind::File && atomic::is_our_temp_name(&name) {
            continue;
        }
        entries.push(Entry { name, kind });
    }
    entries.sort_by(|a, b| {
        let group = |k: EntryKind| if k == EntryKind::Directory { 0 } else { 1 };
        group(a.kind)
            .cmp(&group(b.kind))
            .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
    });
    Ok(entries)
}

pub(crate) fn hard_link_error(path: &NormPath, links: u64) -> ToolError {
    ToolError::new(
        Code::PermissionDenied,
        format!(
            "{path} has {links} hard links: the same file also has another name, possibly \
             outside the root, so this server neither reads nor changes it (an edit would \
             split the link). Nothing was read or changed; work on a file with a single link."
        ),
    )
    .with("path", path.display())
    .with("links", links)
}

fn read_only_error(path: &NormPath, mode: u32) -> ToolError {
    ToolError::new(
        Code::PermissionDenied,
        format!(
            "{path} is read-only (mode {:o}): it has no write permission, or none for the \
             user this server runs as, so this server does not change or remove it. Nothing \
             was changed; ask the user to make it writable if the change is wanted.",
            mode & 0o7777
        ),
    )
    .with("path", path.display())
}

fn busy_error(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::IoError,
        format!(
            "{path} is locked by another process (another server on this root) for more than \
             {} s. Nothing was changed; call text.read and retry.",
            filelock::LOCK_WAIT.as_secs()
        ),
    )
    .with("path", path.display())
}

fn already_exists(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::AlreadyExists,
        format!(
            "{path} already exists. file.create only makes new files; to change an existing \
             file call text.read and then text.replace / text.insert / text.append, or remove \
             it first with file.remove."
        ),
    )
    .with("path", path.display())
}

/// Errors found on the canonical path are reported under the name the client used.
fn renamed(mut e: ToolError, canon: &NormPath, path: &NormPath) -> ToolError {
    if canon != path {
        let c = canon.display();
        let p = path.display();
        e.message = e.message.replace(&c, &p);
        if e.details.contains_key("path") {
            e.details.insert("path".into(), p.into());
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::normalize;
    use std::os::unix::fs::{PermissionsExt, symlink};

    struct Fx {
        _t: tempfile::TempDir,
        root: std::path::PathBuf,
        outside: std::path::PathBuf,
        sb: Sandbox,
        locks: Locks,
    }

    fn fx() -> Fx {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        let outside = t.path().join("root_evil");
        std::fs::create_dir_all(root.join("notes")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(root.join("notes/a.md"), "one\ntwo\n").unwrap();
        std::fs::write(outside.join("secret"), "top secret").unwrap();
        let sb = Sandbox::open(&root).unwrap();
        Fx {
            _t: t,
            root,
            outside,
            sb,
            locks: Locks::default(),
        }
    }

    fn p(s: &str) -> NormPath {
        normalize(s, false).unwrap()
    }

    fn code<T>(r: ToolResult<T>) -> Code {
        match r {
            Ok(_) => panic!("expected an error"),
            Err(e) => e.code,
        }
    }

    #[test]
    fn symlinks_inside_work_and_keep_being_links() {
        let f = fx();
        symlink("a.md", f.root.join("notes/link")).unwrap();
        symlink("notes", f.root.join("dirlink")).unwrap();
        let data = f.sb.read(&p("/notes/link")).unwrap();
        assert_eq!(data.bytes, b"one\ntwo\n");
        assert_eq!(f.sb.read(&p("/dirlink/a.md")).unwrap().bytes, b"one\ntwo\n");
        let w =
            f.sb.mutate_text(&p("/notes/link"), &data.hash, &f.locks, |b| {
                Ok(crate::edit::append(b, "three"))
            })
            .unwrap();
        assert_eq!(w.total_lines, 3);
        assert!(
            std::fs::symlink_metadata(f.root.join("notes/link"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read(f.root.join("notes/a.md")).unwrap(),
            b"one\ntwo\nthree\n"
        );
        // creating through a symlinked parent that stays inside is fine
        f.sb.create(&p("/dirlink/new.txt"), b"n", &f.locks).unwrap();
        assert_eq!(std::fs::read(f.root.join("notes/new.txt")).unwrap(), b"n");
    }

    #[test]
    fn escapes_are_refused_and_the_outside_untouched() {
        let f = fx();
        symlink("../../root_evil/secret", f.root.join("notes/evil")).unwrap();
        symlink(f.root.join("notes/a.md"), f.root.join("notes/abs")).unwrap();
        symlink("../root_evil", f.root.join("out")).unwrap();
        symlink("nowhere", f.root.join("notes/dangling")).unwrap();
        assert_eq!(code(f.sb.read(&p("/notes/evil"))), Code::PathEscape);
        assert_eq!(code(f.sb.read(&p("/notes/abs"))), Code::PathEscape);
        assert_eq!(code(f.sb.read(&p("/out/secret"))), Code::PathEscape);
        assert_eq!(
            code(f.sb.create(&p("/out/x"), b"x", &f.locks)),
            Code::PathEscape
        );
        assert_eq!(
            code(f.sb.create(&p("/out/deeper/x"), b"x", &f.locks)),
            Code::PathEscape
        );
        assert_eq!(
            code(f.sb.create(&p("/notes/dangling"), b"x", &f.locks)),
            Code::PathEscape
        );
        assert_eq!(
            code(f.sb.create(&p("/notes/evil"), b"x", &f.locks)),
            Code::PathEscape
        );
        let h = crate::hash::sha256_hex(b"top secret");
        assert_eq!(
            code(f.sb.remove(&p("/out/secret"), &h, &f.locks)),
            Code::PathEscape
        );
        assert_eq!(
            code(
                f.sb.mutate_text(&p("/notes/evil"), &h, &f.locks, |_| Ok(Some(
                    b"pwned".to_vec()
                )))
            ),
            Code::PathEscape
        );
        assert_eq!(code(f.sb.list(&p("/out"))), Code::PathEscape);
        assert_eq!(
            std::fs::read(f.outside.join("secret")).unwrap(),
            b"top secret"
        );
        assert_eq!(std::fs::read_dir(&f.outside).unwrap().count(), 1);
        assert!(!f.root.join("notes/nowhere").exists());
    }

    #[test]
    fn create_rules() {
        let f = fx();
        let h = f.sb.create(&p("/a/b/c.txt"), b"hi", &f.locks).unwrap();
        assert_eq!(h, crate::hash::sha256_hex(b"hi"));
        assert_eq!(
            code(f.sb.create(&p("/a/b/c.txt"), b"x", &f.locks)),
            Code::AlreadyExists
        );
        assert_eq!(
            code(f.sb.create(&p("/a/b"), b"x", &f.locks)),
            Code::AlreadyExists
        );
        assert_eq!(
            code(f.sb.create(&p("/notes/a.md/x"), b"x", &f.locks)),
            Code::NotADirectory
        );
        assert_eq!(
            code(f.sb.create(&p("/notes/a.md/x/y"), b"x", &f.locks)),
            Code::NotADirectory
        );
        assert_eq!(
            code(f.sb.create(&NormPath::root(), b"x", &f.locks)),
            Code::NotAFile
        );
        f.sb.create(&p("/empty"), b"", &f.locks).unwrap();
        assert_eq!(std::fs::read(f.root.join("empty")).unwrap(), b"");
    }

    #[test]
    fn create_reports_every_directory_whose_entries_changed() {
        let f = fx();
        std::fs::create_dir(f.root.join("a")).unwrap();
        let made = f.sb.make_parents(&p("/a/b/c")).unwrap();
        assert_eq!(made, vec![p("/a/b"), p("/a")]);
        assert!(f.sb.make_parents(&p("/a/b/c")).unwrap().is_empty());
        assert_eq!(f.sb.make_parents(&NormPath::root()).unwrap(), vec![]);
    }

    #[test]
    fn remove_rules() {
        let f = fx();
        let h = f.sb.read(&p("/notes/a.md")).unwrap().hash;
        let stale = crate::hash::sha256_hex(b"other");
        assert_eq!(
            code(f.sb.remove(&p("/notes/a.md"), &stale, &f.locks)),
            Code::StaleHash
        );
        assert_eq!(
            code(f.sb.remove(&p("/notes"), &h, &f.locks)),
            Code::NotAFile
        );
        assert_eq!(code(f.sb.remove(&p("/nope"), &h, &f.locks)), Code::NotFound);
        f.sb.remove(&p("/notes/a.md"), &h, &f.locks).unwrap();
        assert!(!f.root.join("notes/a.md").exists());
    }

    #[test]
    fn edits_keep_permission_bits_and_check_hash_and_text() {
        let f = fx();
        let file = f.root.join("notes/a.md");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        let h = f.sb.read(&p("/notes/a.md")).unwrap().hash;
        let w =
            f.sb.mutate_text(&p("/notes/a.md"), &h, &f.locks, |b| {
                crate::edit::replace(b, 1, 2, "one", "uno").map(Some)
            })
            .unwrap();
        assert_eq!(std::fs::read(&file).unwrap(), b"uno\ntwo\n");
        assert_eq!(
            std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(w.hash, crate::hash::sha256_hex(b"uno\ntwo\n"));
        let e =
            f.sb.mutate_text(&p("/notes/a.md"), &h, &f.locks, |_| Ok(None))
                .unwrap_err();
        assert_eq!(e.code, Code::StaleHash);
        assert!(e.message.contains(&w.hash) && e.message.contains("call text.read"));
        std::fs::write(f.root.join("bin"), [0xff, 0xfe, 0x00]).unwrap();
        let hb = crate::hash::sha256_hex(&[0xff, 0xfe, 0x00]);
        assert_eq!(code(f.sb.read_text(&p("/bin"))), Code::NotText);
        assert_eq!(
            code(f.sb.mutate_text(&p("/bin"), &hb, &f.locks, |_| Ok(None))),
            Code::NotText
        );
        f.sb.remove(&p("/bin"), &hb, &f.locks).unwrap();
        assert_eq!(code(f.sb.read(&p("/notes"))), Code::NotAFile);
        assert_eq!(code(f.sb.read(&NormPath::root())), Code::NotAFile);
    }

    #[test]
    fn fifos_do_not_hang_reads() {
        let f = fx();
        let fifo = f.root.join("pipe");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .map(|s| s.success());
        assert!(ok.unwrap_or(false), "mkfifo failed");
        let e = f.sb.read(&p("/pipe")).unwrap_err();
        assert_eq!(e.code, Code::NotAFile);
        assert_eq!(e.details["file_type"], "fifo");
        assert!(
            e.message.contains("FIFO") && !e.message.contains("directory"),
            "{}",
            e.message
        );
        let w =
            f.sb.write_file(&p("/pipe"), b"x", false, &f.locks)
                .unwrap_err();
        assert_eq!(w.details["file_type"], "fifo", "{}", w.message);
        let m =
            f.sb.update_text(&p("/pipe"), &f.locks, |_| Ok(None))
                .unwrap_err();
        assert_eq!(m.details["file_type"], "fifo", "{}", m.message);
    }

    #[test]
    fn sockets_are_named_not_io_errors() {
        let f = fx();
        let _listener = std::os::unix::net::UnixListener::bind(f.root.join("sock")).unwrap();
        let e = f.sb.read(&p("/sock")).unwrap_err();
        assert_eq!(e.code, Code::NotAFile, "{}", e.message);
        assert_eq!(e.details["file_type"], "socket");
        assert!(e.message.contains("socket"), "{}", e.message);
        let w =
            f.sb.update_text(&p("/sock"), &f.locks, |_| Ok(None))
                .unwrap_err();
        assert_eq!(w.details["file_type"], "socket", "{}", w.message);
    }

    #[test]
    fn directories_are_named_as_directories() {
        let f = fx();
        let e = f.sb.read(&p("/notes")).unwrap_err();
        assert_eq!(e.details["file_type"], "directory");
        assert_eq!(e.special_file_words(), None);
    }

    #[test]
    fn running_out_of_descriptors_says_so() {
        for errno in [libc::EMFILE, libc::ENFILE] {
            let e = map_io(&p("/a/b"), io::Error::from_raw_os_error(errno));
            assert_eq!(e.code, Code::IoError);
            assert!(is_exhaustion(&e));
            assert!(e.message.contains("file descriptors"), "{}", e.message);
            assert!(e.message.contains("Retry"), "{}", e.message);
        }
        assert!(!is_exhaustion(&map_io(
            &p("/a"),
            io::Error::from_raw_os_error(libc::EIO)
        )));
    }

    /// The child half of the test below: run in a process of its own (it lowers the
    /// process's descriptor limit and uses every descriptor up), and only there.
    #[test]
    fn emfile_child_process() {
        if std::env::var_os("SANDBOX_EMFILE_CHILD").is_none() {
            return;
        }
        let f = fx();
        std::fs::create_dir(f.root.join("d")).unwrap();
        let limit = libc::rlimit {
            rlim_cur: 64,
            rlim_max: 64,
        };
        assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) }, 0);
        let mut held = Vec::new();
        let last = loop {
            match std::fs::File::open("/dev/null") {
                Ok(h) => held.push(h),
                Err(e) => break e,
            }
        };
        assert_eq!(last.raw_os_error(), Some(libc::EMFILE));
        let write = f.sb.write_file(&p("/d/x.txt"), b"x", false, &f.locks);
        let read = f.sb.read(&p("/notes/a.md"));
        let list = f.sb.list(&p("/notes"));
        drop(held);
        for (what, e) in [
            ("write", write.map(|_| ()).unwrap_err()),
            ("read", read.map(|_| ()).unwrap_err()),
            ("list", list.map(|_| ()).unwrap_err()),
        ] {
            assert!(is_exhaustion(&e), "{what}: {:?} {}", e.code, e.message);
        }
        assert!(!f.root.join("d/x.txt").exists());
        println!("emfile child: checked");
    }

    #[test]
    fn running_out_of_descriptors_is_not_reported_as_a_wrong_path() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "sandbox::tests::emfile_child_process",
                "--nocapture",
            ])
            .env("SANDBOX_EMFILE_CHILD", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success() && stdout.contains("emfile child: checked"),
            "{stdout}\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    #[test]
    fn write_file_refuses_a_hard_linked_file_and_leaves_both_names() {
        let f = fx();
        std::fs::hard_link(f.outside.join("secret"), f.root.join("twin")).unwrap();
        let e =
            f.sb.write_file(&p("/twin"), b"pwned", false, &f.locks)
                .unwrap_err();
        assert_eq!(e.code, Code::PermissionDenied, "{}", e.message);
        assert_eq!(e.details["links"], 2);
        assert_eq!(std::fs::read(f.root.join("twin")).unwrap(), b"top secret");
        assert_eq!(
            std::fs::read(f.outside.join("secret")).unwrap(),
            b"top secret"
        );
        use std::os::unix::fs::MetadataExt;
        assert_eq!(
            std::fs::metadata(f.root.join("twin")).unwrap().nlink(),
            2,
            "link split"
        );
    }

    #[test]
    fn too_large_files_are_refused() {
        let f = fx();
        let big = std::fs::File::create(f.root.join("big")).unwrap();
        big.set_len(MAX_FILE_SIZE + 1).unwrap(); // sparse: no real disk use
        assert_eq!(code(f.sb.read(&p("/big"))), Code::TooLarge);
        let exact = std::fs::File::create(f.root.join("exact")).unwrap();
        exact.set_len(1024).unwrap();
        assert_eq!(f.sb.read(&p("/exact")).unwrap().bytes.len(), 1024);
    }

    #[test]
    fn listing_shape() {
        let f = fx();
        std::fs::create_dir(f.root.join("notes/zdir")).unwrap();
        std::fs::create_dir(f.root.join("notes/Adir")).unwrap();
        std::fs::write(f.root.join("notes/.hidden"), "").unwrap();
        std::fs::write(f.root.join("notes/B.txt"), "").unwrap();
        std::fs::write(f.root.join("notes/.mcp-tmp-0123456789abcdef0"), "").unwrap();
        std::fs::create_dir(f.root.join("notes/.mcp-tmp-0123456789abcdef1")).unwrap();
        std::fs::write(f.root.join("notes/.mcp-tmp-mine"), "").unwrap();
        symlink("a.md", f.root.join("notes/link")).unwrap();
        let l = f.sb.list(&p("/notes")).unwrap();
        let names: Vec<_> = l
            .iter()
            .map(|e| (e.name.as_str(), e.kind.as_str()))
            .collect();
        assert_eq!(
            names,
            vec![
                (".mcp-tmp-0123456789abcdef1", "directory"),
                ("Adir", "directory"),
                ("zdir", "directory"),
                (".hidden", "file"),
                (".mcp-tmp-mine", "file"),
                ("B.txt", "file"),
                ("a.md", "file"),
                ("link", "symlink"),
            ]
        );
        assert!(f.sb.list(&p("/notes/zdir")).unwrap().is_empty());
        assert_eq!(code(f.sb.list(&p("/notes/a.md"))), Code::NotADirectory);
        assert_eq!(code(f.sb.list(&p("/missing"))), Code::NotFound);
        assert_eq!(f.sb.list(&NormPath::root()).unwrap().len(), 1);
    }

    #[test]
    fn concurrent_same_hash_mutations_have_one_winner() {
        let f = std::sync::Arc::new(fx());
        let h = f.sb.read(&p("/notes/a.md")).unwrap().hash;
        let results: Vec<_> = (0..8)
            .map(|i| {
                let (f, h) = (f.clone(), h.clone());
                std::thread::spawn(move || {
                    f.sb.mutate_text(&p("notes//a.md"), &h, &f.locks, |b| {
                        Ok(crate::edit::append(b, &format!("w{i}")))
                    })
                    .map(|_| i)
                })
            })
            .map(|t| t.join().unwrap())
            .collect();
        let winners: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
        assert_eq!(winners.len(), 1);
        for r in &results {
            if let Err(e) = r {
                assert_eq!(e.code, Code::StaleHash);
            }
        }
        let text = std::fs::read_to_string(f.root.join("notes/a.md")).unwrap();
        assert_eq!(text, format!("one\ntwo\nw{}\n", winners[0]));
        let names: Vec<_> = std::fs::read_dir(f.root.join("notes"))
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names.len(), 1, "no temp files left: {names:?}");
    }
}
