//! `FaultyStorage`: the reference's production storage (`Rooted`) with one fault of
//! locking, writing or line endings. The reference's tools call it through the `Storage`
//! seam and cannot tell it from the real one.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use mcp_reference::errors::{Code, ToolError, ToolResult};
use mcp_reference::hash::sha256_hex;
use mcp_reference::lines;
use mcp_reference::paths::NormPath;
use mcp_reference::sandbox::{Deleted, Entry, FileData, Meta, Written};
use mcp_reference::storage::{Edit, Rooted, Storage};

/// What a storage injection does; each profile's row of `PROFILES` names its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StorageFault {
    /// Hash-checked edits and removals without the lock, with a pause between the check
    /// and the write, so racing same-hash mutations all succeed.
    UnlockedCheckedEdit,
    /// Hash-checked edits rewritten in place in two halves with a pause.
    TornEdit,
    /// Hash-checked edits whose new lines end with `\n`, even in a CRLF file.
    LfInCrlf,
    /// Read-modify-writes (an edit) write the whole file back with `\n` endings: every
    /// `\r\n` and lone `\r` of the file, touched or not (the universal check
    /// edit-line-endings).
    EditToLf,
    /// Read-modify-writes without the lock, with a pause between reading and writing.
    UnlockedUpdate,
    /// Whole-file writes and read-modify-writes rewritten in place in two halves.
    TornWrite,
    /// Read-modify-writes (a save) rewritten in place in two halves.
    TornUpdate,
    /// A recursive delete that enters a symlink to a directory.
    DeleteFollowsLinks,
    /// New files and whole-file writes keep only their first `WRITE_BUFFER` bytes, cut
    /// where the count falls, inside a character or not (the universal check large-files).
    CutLargeWrite,
}

/// The fixed buffer of `CutLargeWrite`: 8 MiB, below the 10 MB of ROUND-014 and ROUND-016,
/// whose lines have a `ö` cut in two at this count.
const WRITE_BUFFER: usize = 8 * 1024 * 1024;

impl StorageFault {
    /// The bytes a write of `bytes` really writes under this fault.
    fn kept(self, bytes: &[u8]) -> &[u8] {
        match self {
            StorageFault::CutLargeWrite => &bytes[..bytes.len().min(WRITE_BUFFER)],
            _ => bytes,
        }
    }
}

/// Long enough for a racing call to pass the same check, even on a loaded machine.
const PAUSE: Duration = Duration::from_millis(300);

pub struct FaultyStorage {
    fault: StorageFault,
    root: PathBuf,
    inner: Rooted,
}

impl FaultyStorage {
    /// The faulty storage for `name`, or the production one back if `name` is not a
    /// storage injection.
    pub fn wrap(name: &'static str, root: &Path, inner: Rooted) -> Result<FaultyStorage, Rooted> {
        match super::storage_fault(name) {
            Some(fault) => Ok(FaultyStorage {
                fault,
                root: root.to_path_buf(),
                inner,
            }),
            None => Err(inner),
        }
    }

    /// The hash check and the edit, done by hand on the host file (no sandbox).
    fn checked_edit(
        &self,
        path: &NormPath,
        expected_hash: &str,
        edit: Edit<'_>,
    ) -> ToolResult<Option<(PathBuf, Vec<u8>)>> {
        let host = self.root.join(path.relative());
        let bytes = std::fs::read(&host)
            .map_err(|e| ToolError::new(Code::NotFound, format!("{path}: {e}")))?;
        let current = sha256_hex(&bytes);
        if current != expected_hash {
            return Err(ToolError::stale_hash(
                &path.display(),
                expected_hash,
                &current,
            ));
        }
        if self.fault == StorageFault::UnlockedCheckedEdit {
            std::thread::sleep(PAUSE);
        }
        Ok(edit(&bytes)?.map(|new| (host, new)))
    }
}

fn written(bytes: &[u8]) -> Written {
    Written {
        hash: sha256_hex(bytes),
        total_lines: lines::total_lines(bytes),
    }
}

fn io_error(path: &NormPath, e: std::io::Error) -> ToolError {
    ToolError::io(&path.display(), &e)
}

/// Rewrites a file in place in two halves with a pause, so a reader can see half of it.
pub(crate) fn write_torn(host: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .truncate(true)
        .open(host)?;
    let half = bytes.len() / 2;
    f.write_all(&bytes[..half])?;
    f.flush()?;
    std::thread::sleep(PAUSE);
    f.write_all(&bytes[half..])?;
    f.flush()
}

/// lf-in-crlf: the bytes an edit added get `\n` endings even in a CRLF file. What the edit
/// added is what lies between the longest common prefix and suffix of old and new.
fn added_lines_lf(old: &[u8], new: Vec<u8>) -> Vec<u8> {
    let prefix = old.iter().zip(&new).take_while(|(a, b)| a == b).count();
    let room = old.len().min(new.len()) - prefix;
    let suffix = old
        .iter()
        .rev()
        .zip(new.iter().rev())
        .take(room)
        .take_while(|(a, b)| a == b)
        .count();
    // Whole lines: a line the edit touched is a new line, terminator included.
    let (mut start, mut end) = (prefix, new.len() - suffix);
    if start < end {
        start = new[..start]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |i| i + 1);
        if new[end - 1] != b'\n' {
            end = new[end..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(new.len(), |i| end + i + 1);
        }
    }
    let (head, rest) = new.split_at(start);
    let (middle, tail) = rest.split_at(end - start);
    let mut out = head.to_vec();
    let mut i = 0;
    while i < middle.len() {
        if middle[i] == b'\r' && middle.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        out.push(middle[i]);
        i += 1;
    }
    out.extend_from_slice(tail);
    out
}

/// edit-to-lf: every line ending of `bytes` as `\n` (a `\r\n` and a lone `\r` alike).
fn to_lf(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\r' {
            out.push(b'\n');
            i += if bytes.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    out
}

impl Storage for FaultyStorage {
    fn open_file(&self, path: &NormPath) -> ToolResult<(cap_std::fs::File, u64)> {
        self.inner.open_file(path)
    }

    fn read_opened(
        &self,
        path: &NormPath,
        file: cap_std::fs::File,
        len: u64,
    ) -> ToolResult<FileData> {
        self.inner.read_opened(path, file, len)
    }

    fn create(&self, path: &NormPath, bytes: &[u8]) -> ToolResult<String> {
        self.inner.create(path, self.fault.kept(bytes))
    }

    fn mutate_text(
        &self,
        path: &NormPath,
        expected_hash: &str,
        edit: Edit<'_>,
    ) -> ToolResult<Written> {
        match self.fault {
            StorageFault::LfInCrlf => self.inner.mutate_text(
                path,
                expected_hash,
                Box::new(move |old| Ok(edit(old)?.map(|new| added_lines_lf(old, new)))),
            ),
            // No lock, and a pause between the hash check and the write.
            StorageFault::UnlockedCheckedEdit => {
                match self.checked_edit(path, expected_hash, edit)? {
                    Some((host, new)) => {
                        // Whole-file writes (a temp file renamed over it): only the lock is gone.
                        let tmp = host.with_file_name(format!(
                            ".lost-update-{:?}",
                            std::thread::current().id()
                        ));
                        std::fs::write(&tmp, &new)
                            .and_then(|()| std::fs::rename(&tmp, &host))
                            .map_err(|e| io_error(path, e))?;
                        Ok(written(&new))
                    }
                    None => Ok(written(
                        &std::fs::read(self.root.join(path.relative())).unwrap_or_default(),
                    )),
                }
            }
            // Locked like the reference, but written in place in two halves.
            _ => {
                let key = self.inner.sandbox.canonical_file(path)?;
                self.inner.locks.with_lock(&key, || {
                    match self.checked_edit(path, expected_hash, edit)? {
                        Some((host, new)) => {
                            write_torn(&host, &new).map_err(|e| io_error(path, e))?;
                            Ok(written(&new))
                        }
                        None => self.inner.read(path).map(|d| written(&d.bytes)),
                    }
                })
            }
        }
    }

    fn remove(&self, path: &NormPath, expected_hash: &str) -> ToolResult<()> {
        if self.fault != StorageFault::UnlockedCheckedEdit {
            return self.inner.remove(path, expected_hash);
        }
        match self.checked_edit(path, expected_hash, Box::new(|_| Ok(None))) {
            Ok(_) => {
                std::fs::remove_file(self.root.join(path.relative())).map_err(|e| io_error(path, e))
            }
            Err(e) => Err(e),
        }
    }

    fn list(&self, path: &NormPath) -> ToolResult<Vec<Entry>> {
        self.inner.list(path)
    }

    fn write_file(&self, path: &NormPath, bytes: &[u8], make_parents: bool) -> ToolResult<bool> {
        let host = self.root.join(path.relative());
        if self.fault == StorageFault::TornWrite && host.is_file() {
            let key = self.inner.sandbox.canonical_file(path)?;
            return self.inner.locks.with_lock(&key, || {
                write_torn(&host, bytes).map_err(|e| io_error(path, e))?;
                Ok(false)
            });
        }
        self.inner
            .write_file(path, self.fault.kept(bytes), make_parents)
    }

    fn update_text(&self, path: &NormPath, edit: Edit<'_>) -> ToolResult<Option<Written>> {
        if self.fault == StorageFault::EditToLf {
            return self.inner.update_text(
                path,
                Box::new(move |old| Ok(edit(old)?.map(|new| to_lf(&new)))),
            );
        }
        if !matches!(
            self.fault,
            StorageFault::UnlockedUpdate | StorageFault::TornWrite | StorageFault::TornUpdate
        ) {
            return self.inner.update_text(path, edit);
        }
        let host = self.root.join(path.relative());
        let change = |write: &dyn Fn(&Path, &[u8]) -> std::io::Result<()>| {
            let old = std::fs::read(&host)
                .map_err(|e| ToolError::new(Code::NotFound, format!("{path}: {e}")))?;
            if self.fault == StorageFault::UnlockedUpdate {
                std::thread::sleep(PAUSE);
            }
            match edit(&old)? {
                Some(new) => {
                    write(&host, &new).map_err(|e| io_error(path, e))?;
                    Ok(Some(written(&new)))
                }
                None => Ok(None),
            }
        };
        match self.fault {
            // No lock, and a pause between reading and writing.
            StorageFault::UnlockedUpdate => change(&|h, b| {
                let tmp =
                    h.with_file_name(format!(".lost-update-{:?}", std::thread::current().id()));
                std::fs::write(&tmp, b).and_then(|()| std::fs::rename(&tmp, h))
            }),
            // Locked, but rewritten in place in two halves.
            _ => {
                let key = self.inner.sandbox.canonical_file(path)?;
                self.inner.locks.with_lock(&key, || change(&write_torn))
            }
        }
    }

    fn delete(&self, path: &NormPath, recursive: bool) -> ToolResult<Deleted> {
        let host = self.root.join(path.relative());
        if self.fault == StorageFault::DeleteFollowsLinks && recursive && host.is_dir() {
            // Like `rm -r` through std::fs::metadata: a link to a directory is entered.
            let items = remove_following(&host).map_err(|e| io_error(path, e))?;
            return Ok(Deleted {
                directory: true,
                items,
            });
        }
        self.inner.delete(path, recursive)
    }

    fn move_entry(&self, from: &NormPath, to: &NormPath, make_parents: bool) -> ToolResult<()> {
        self.inner.move_entry(from, to, make_parents)
    }

    fn make_dir(&self, path: &NormPath) -> ToolResult<()> {
        self.inner.make_dir(path)
    }

    fn stat(&self, path: &NormPath) -> ToolResult<Meta> {
        self.inner.stat(path)
    }

    fn link_target(&self, path: &NormPath) -> ToolResult<Option<PathBuf>> {
        self.inner.link_target(path)
    }
}

/// Removes a tree, entering symlinks to directories and emptying their targets (the
/// fault); returns the number of entries removed.
fn remove_following(dir: &Path) -> std::io::Result<u64> {
    let mut n = 0;
    for entry in std::fs::read_dir(dir)? {
        let p = entry?.path();
        if std::fs::metadata(&p).is_ok_and(|m| m.is_dir()) {
            n += remove_following(&p)?;
            if p.is_symlink() {
                std::fs::remove_file(&p)?;
                n += 1;
            }
        } else {
            std::fs::remove_file(&p)?;
            n += 1;
        }
    }
    if !dir.is_symlink() {
        std::fs::remove_dir(dir)?;
        n += 1;
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::{added_lines_lf, to_lf};

    #[test]
    fn every_ending_becomes_lf() {
        assert_eq!(to_lf(b"one\r\nTWO\r\n"), b"one\nTWO\n");
        assert_eq!(to_lf(b"unix\nwin\r\nmac\rlast"), b"unix\nwin\nmac\nlast");
        assert_eq!(to_lf(b"\r\r\n"), b"\n\n");
    }

    #[test]
    fn only_added_lines_lose_their_cr() {
        let old = b"a\r\nb\r\n".to_vec();
        let new = b"a\r\nx\r\ny\r\nb\r\n".to_vec();
        assert_eq!(added_lines_lf(&old, new), b"a\r\nx\ny\nb\r\n");
        let appended = b"a\r\nb\r\nc\r\n".to_vec();
        assert_eq!(added_lines_lf(&old, appended), b"a\r\nb\r\nc\n");
        assert_eq!(added_lines_lf(&old, old.clone()), old);
        let changed = b"a\r\nB\r\n".to_vec();
        assert_eq!(added_lines_lf(&old, changed), b"a\r\nB\n");
        let unterminated = b"a\r\nb".to_vec();
        assert_eq!(added_lines_lf(&unterminated, old.clone()), b"a\r\nb\n");
    }
}
