//! The storage seam: every file operation a tool performs goes through `Storage`, so the
//! tools never see how the root is confined, locked or written.
//!
//! `Rooted` is the one production implementation: the cap-std sandbox plus the per-file
//! locks. Other implementations exist only in test code (the e2e-tests crate builds
//! faulty ones to prove the harness), and interfaces added later share this one core.

use crate::errors::ToolResult;
use crate::errors::{Code, ToolError};
use crate::locks::Locks;
use crate::paths::NormPath;
use crate::sandbox::{Deleted, Entry, FileData, ListCache, Meta, Sandbox, Written};

/// The edit a hash-checked mutation applies to the current bytes: `None` changes nothing.
pub type Edit<'a> = Box<dyn FnOnce(&[u8]) -> ToolResult<Option<Vec<u8>>> + 'a>;

/// File operations inside one root. Every path is already normalized.
pub trait Storage: Send + Sync {
    /// Opens an existing regular file for reading and returns it with its size.
    fn open_file(&self, path: &NormPath) -> ToolResult<(cap_std::fs::File, u64)>;

    /// Reads an opened file to the end, hashing it on the way.
    fn read_opened(
        &self,
        path: &NormPath,
        file: cap_std::fs::File,
        len: u64,
    ) -> ToolResult<FileData>;

    /// Reads a whole file.
    fn read(&self, path: &NormPath) -> ToolResult<FileData> {
        let (file, len) = self.open_file(path)?;
        self.read_opened(path, file, len)
    }

    /// Creates a new file (missing parents too) and returns its hash.
    fn create(&self, path: &NormPath, bytes: &[u8]) -> ToolResult<String>;

    /// One hash-checked mutation of an existing text file: the current bytes must hash to
    /// `expected_hash`, and no other mutation of the file may run in between.
    fn mutate_text(
        &self,
        path: &NormPath,
        expected_hash: &str,
        edit: Edit<'_>,
    ) -> ToolResult<Written>;

    /// Removes a file whose current bytes hash to `expected_hash`.
    fn remove(&self, path: &NormPath, expected_hash: &str) -> ToolResult<()>;

    /// The immediate children of a directory.
    fn list(&self, path: &NormPath) -> ToolResult<Vec<Entry>>;

    /// The same listing, shared: a storage may keep a large one while the directory is
    /// unchanged, so that paging through it does not read it again for every page.
    fn list_shared(&self, path: &NormPath) -> ToolResult<std::sync::Arc<Vec<Entry>>> {
        self.list(path).map(std::sync::Arc::new)
    }

    /// The size of the file at `path` now (0 if it cannot be seen): an estimate for
    /// charging memory to a request before the real work.
    fn size_hint(&self, path: &NormPath) -> u64 {
        let _ = path;
        0
    }

    // Operations of interfaces without hashes (the lighthouse profile and later ones).
    // They have default bodies so that a storage written for rootspace alone (the e2e-tests
    // crate's faulty ones) still compiles; such a storage refuses them plainly.

    /// Creates or atomically overwrites a file under its lock; `make_parents` creates
    /// missing parent directories. Returns true when the file did not exist.
    fn write_file(&self, path: &NormPath, bytes: &[u8], make_parents: bool) -> ToolResult<bool> {
        let _ = (bytes, make_parents);
        Err(unsupported("write_file", path))
    }

    /// One locked read-modify-write of an existing text file without a hash check;
    /// `None` from `edit` writes nothing and gives `None`.
    fn update_text(&self, path: &NormPath, edit: Edit<'_>) -> ToolResult<Option<Written>> {
        let _ = edit;
        Err(unsupported("update_text", path))
    }

    /// `update_text` for a caller that needs neither the new hash nor the line count: true
    /// when the file was written. The default asks `update_text` (so a storage that only
    /// wraps that one still sees every edit); `Rooted` skips hashing the new content.
    fn update_text_unhashed(&self, path: &NormPath, edit: Edit<'_>) -> ToolResult<bool> {
        self.update_text(path, edit).map(|w| w.is_some())
    }

    /// Deletes a file, a symlink (never its target) or a directory; a non-empty one only
    /// with `recursive`, and a tree without following any symlink in it.
    fn delete(&self, path: &NormPath, recursive: bool) -> ToolResult<Deleted> {
        let _ = recursive;
        Err(unsupported("delete", path))
    }

    /// Moves a file, a directory or a symlink (the link itself) to `to`, never replacing
    /// an existing entry; `make_parents` creates missing parents of `to`.
    fn move_entry(&self, from: &NormPath, to: &NormPath, make_parents: bool) -> ToolResult<()> {
        let _ = (to, make_parents);
        Err(unsupported("move_entry", from))
    }

    /// Creates a directory and its missing parents; an existing directory is fine.
    fn make_dir(&self, path: &NormPath) -> ToolResult<()> {
        Err(unsupported("make_dir", path))
    }

    /// The target of the symlink at `path` as stored, or `None` for any other entry. A
    /// storage without it (`None` always) simply leaves symlinks to the sandbox.
    fn link_target(&self, path: &NormPath) -> ToolResult<Option<std::path::PathBuf>> {
        let _ = path;
        Ok(None)
    }

    /// The metadata of an entry (a symlink that stays inside is followed).
    fn stat(&self, path: &NormPath) -> ToolResult<Meta> {
        Err(unsupported("stat", path))
    }
}

fn unsupported(op: &str, path: &NormPath) -> ToolError {
    ToolError::new(
        Code::IoError,
        format!("This server's storage does not implement {op}, so {path} was not touched."),
    )
    .with("path", path.display())
}

/// The production storage: the cap-std sandbox on the root and the per-file locks.
pub struct Rooted {
    pub sandbox: Sandbox,
    pub locks: Locks,
    /// Large listings kept while their directory is unchanged (paged `list://`).
    pub listings: ListCache,
}

impl Rooted {
    /// Opens `root` (the only use of ambient authority).
    pub fn open(root: &std::path::Path) -> std::io::Result<Rooted> {
        Ok(Rooted {
            sandbox: Sandbox::open(root)?,
            locks: Locks::default(),
            listings: ListCache::default(),
        })
    }
}

impl Rooted {
    /// Opens the directory `rel` below `base` without leaving `base` (see
    /// `Sandbox::open_below`), with its canonical path below `base`.
    pub fn open_below(
        base: &std::path::Path,
        rel: &NormPath,
    ) -> std::io::Result<(Rooted, NormPath)> {
        let (sandbox, canonical) = Sandbox::open_below(base, rel)?;
        Ok((
            Rooted {
                sandbox,
                locks: Locks::default(),
                listings: ListCache::default(),
            },
            canonical,
        ))
    }
}

impl Storage for Rooted {
    fn open_file(&self, path: &NormPath) -> ToolResult<(cap_std::fs::File, u64)> {
        self.sandbox.open_file(path)
    }

    fn read_opened(
        &self,
        path: &NormPath,
        file: cap_std::fs::File,
        len: u64,
    ) -> ToolResult<FileData> {
        self.sandbox.read_opened(path, file, len)
    }

    fn create(&self, path: &NormPath, bytes: &[u8]) -> ToolResult<String> {
        self.sandbox.create(path, bytes, &self.locks)
    }

    fn mutate_text(
        &self,
        path: &NormPath,
        expected_hash: &str,
        edit: Edit<'_>,
    ) -> ToolResult<Written> {
        self.sandbox
            .mutate_text(path, expected_hash, &self.locks, edit)
    }

    fn remove(&self, path: &NormPath, expected_hash: &str) -> ToolResult<()> {
        self.sandbox.remove(path, expected_hash, &self.locks)
    }

    fn list(&self, path: &NormPath) -> ToolResult<Vec<Entry>> {
        self.sandbox.list(path)
    }

    fn list_shared(&self, path: &NormPath) -> ToolResult<std::sync::Arc<Vec<Entry>>> {
        self.sandbox.list_cached(path, &self.listings)
    }

    fn size_hint(&self, path: &NormPath) -> u64 {
        self.sandbox.size_hint(path)
    }

    fn write_file(&self, path: &NormPath, bytes: &[u8], make_parents: bool) -> ToolResult<bool> {
        self.sandbox
            .write_file(path, bytes, make_parents, &self.locks)
    }

    fn update_text(&self, path: &NormPath, edit: Edit<'_>) -> ToolResult<Option<Written>> {
        self.sandbox.update_text(path, &self.locks, edit)
    }

    fn update_text_unhashed(&self, path: &NormPath, edit: Edit<'_>) -> ToolResult<bool> {
        self.sandbox.update_text_unhashed(path, &self.locks, edit)
    }

    fn delete(&self, path: &NormPath, recursive: bool) -> ToolResult<Deleted> {
        self.sandbox.delete(path, recursive, &self.locks)
    }

    fn move_entry(&self, from: &NormPath, to: &NormPath, make_parents: bool) -> ToolResult<()> {
        self.sandbox.move_entry(from, to, make_parents, &self.locks)
    }

    fn make_dir(&self, path: &NormPath) -> ToolResult<()> {
        self.sandbox.make_dir(path)
    }

    fn stat(&self, path: &NormPath) -> ToolResult<Meta> {
        self.sandbox.stat(path)
    }

    fn link_target(&self, path: &NormPath) -> ToolResult<Option<std::path::PathBuf>> {
        self.sandbox.link_target(path)
    }
}
