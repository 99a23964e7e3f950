//! The storage seam: every file operation a tool performs goes through `Storage`, so the
//! tools never see how the root is confined, locked or written.
//!
//! `Rooted` is the one production implementation: the cap-std sandbox plus the per-file
//! locks. Other implementations exist only in test code (the e2e-tests crate builds
//! faulty ones to prove the harness), and interfaces added later share this one core.

use crate::errors::ToolResult;
use crate::locks::Locks;
use crate::paths::NormPath;
use crate::sandbox::{Entry, FileData, Sandbox, Written};

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
}

/// The production storage: the cap-std sandbox on the root and the per-file locks.
pub struct Rooted {
    pub sandbox: Sandbox,
    pub locks: Locks,
}

impl Rooted {
    /// Opens `root` (the only use of ambient authority).
    pub fn open(root: &std::path::Path) -> std::io::Result<Rooted> {
        Ok(Rooted {
            sandbox: Sandbox::open(root)?,
            locks: Locks::default(),
        })
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
}
