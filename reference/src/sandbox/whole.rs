//! Whole-file and whole-tree operations of the sandbox, for interfaces without hashes:
//! write (create or overwrite, optionally making parents), a locked read-modify-write, and
//! delete of a file, a link or a directory tree.
//!
//! Same rules as the rest of the sandbox: every step goes through a cap-std `Dir`, writes
//! are atomic (`atomic.rs`), mutations of one file hold its lock (`locks.rs`), and a
//! symlink is never followed out of the root. A tree is removed without following any
//! symlink in it: a link is removed as a link.

use std::ffi::OsStr;
use std::io;

use cap_std::fs::{Dir, Permissions};

use super::{
    Sandbox, Written, escape_error, hard_link_error, is_exhaustion, map_io, not_a_file, not_text,
    renamed, special_file, special_kind,
};
use crate::MAX_FILE_SIZE;
use crate::atomic;
use crate::errors::{Code, ToolError, ToolResult};
use crate::filelock;
use crate::lines;
use crate::locks::Locks;
use crate::paths::NormPath;

/// What `delete` removed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deleted {
    /// True for a directory (with `items` counting it and everything under it), false for
    /// a file or a symlink (`items` is 1).
    pub directory: bool,
    pub items: u64,
}

/// The first prefix of `dir` that does not exist (the directory a write is missing).
pub(super) fn first_missing(sb: &Sandbox, dir: &NormPath) -> NormPath {
    let segs = dir.segments();
    for i in 1..=segs.len() {
        let prefix = NormPath::from_plain_segments(segs[..i].to_vec()).expect("plain");
        if let Err(e) = sb.root.symlink_metadata(prefix.relative())
            && e.kind() == io::ErrorKind::NotFound
        {
            return prefix;
        }
    }
    dir.clone()
}

pub(super) fn reserved_name(name: &str) -> Option<ToolError> {
    name.starts_with(atomic::TEMP_PREFIX).then(|| {
        ToolError::new(
            Code::InvalidPath,
            format!(
                "Names starting with {:?} are reserved for the server's temp files; choose \
                 another name.",
                atomic::TEMP_PREFIX
            ),
        )
    })
}

impl Sandbox {
    /// Writes `bytes` to `path`, creating the file or atomically replacing it (permission
    /// bits kept). Returns whether the file was created. A missing parent is NOT_FOUND with
    /// the detail `directory` (the first missing one) unless `make_parents`; a symlink at
    /// the path that stays inside replaces its target; a dangling one or one leading out
    /// is PATH_ESCAPE.
    pub fn write_file(
        &self,
        path: &NormPath,
        bytes: &[u8],
        make_parents: bool,
        locks: &Locks,
    ) -> ToolResult<bool> {
        let Some((parent, name)) = path.split_last() else {
            return Err(not_a_file(path));
        };
        if bytes.len() as u64 > MAX_FILE_SIZE {
            return Err(ToolError::too_large(&path.display(), bytes.len() as u64));
        }
        if let Some(e) = reserved_name(name) {
            return Err(e);
        }
        if make_parents && !parent.is_root() {
            self.root
                .create_dir_all(parent.relative())
                .map_err(|e| self.diagnose_parent(&parent, path, e))?;
        }
        let parent_canon = match self.canonical(&parent) {
            Ok(c) => c,
            Err(e) if e.code == Code::NotFound => {
                let missing = first_missing(self, &parent);
                return Err(ToolError::new(
                    Code::NotFound,
                    format!("Directory not found: {missing}."),
                )
                .with("path", path.display())
                .with("directory", missing.display()));
            }
            Err(e)
                if (e.code == Code::NotADirectory || e.code == Code::IoError)
                    && !is_exhaustion(&e) =>
            {
                return Err(self.diagnose_parent(
                    &parent,
                    path,
                    io::Error::from(io::ErrorKind::NotADirectory),
                ));
            }
            Err(e) => return Err(self.retarget(e, path)),
        };
        let dir = self
            .open_dir(&parent_canon)
            .map_err(|e| self.diagnose_parent(&parent, path, e))?;
        let mut segs = parent_canon.segments().to_vec();
        segs.push(name.to_owned());
        let target = NormPath::from_plain_segments(segs).ok_or_else(|| escape_error(path))?;
        // The lock belongs to the file that is written: a link's target, else the entry.
        let key = match dir.symlink_metadata(name) {
            Ok(m) if m.file_type().is_symlink() => match self.canonical(&target) {
                Ok(c) => c,
                Err(e) if e.code == Code::NotFound || e.code == Code::PathEscape => {
                    return Err(ToolError::new(
                        Code::PathEscape,
                        format!(
                            "{path} is a symlink whose target does not exist or lies outside \
                             the root; nothing is written through it."
                        ),
                    )
                    .with("path", path.display()));
                }
                Err(e) => return Err(renamed(e, &target, path)),
            },
            _ => target,
        };
        let (key_parent, key_name) = key.split_last().ok_or_else(|| not_a_file(path))?;
        let key_dir = self.open_dir(&key_parent).map_err(|e| map_io(path, e))?;
        locks.with_lock(&key, || match key_dir.symlink_metadata(key_name) {
            Ok(m) if m.is_dir() => Err(not_a_file(path)),
            Ok(m) if m.file_type().is_symlink() => Err(ToolError::new(
                Code::IoError,
                format!("{path} was replaced by a symlink while being written; retry."),
            )
            .with("path", path.display())),
            Ok(m) if !m.is_file() => Err(special_file(path, special_kind(m.file_type()))),
            // Replacing one name of a file with several would split it, and another name
            // may lie outside the root (CLR-031).
            Ok(m) if cap_std::fs::MetadataExt::nlink(&m) > 1 => {
                Err(hard_link_error(path, cap_std::fs::MetadataExt::nlink(&m)))
            }
            Ok(m) => {
                let perms: Permissions = m.permissions();
                atomic::replace(&key_dir, key_name, bytes, Some(perms))
                    .map_err(|e| map_io(path, e))?;
                Ok(false)
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                match atomic::create_new(&key_dir, key_name, bytes) {
                    Ok(()) => Ok(true),
                    // Made by another process in between: replace it like any file.
                    Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {
                        atomic::replace(&key_dir, key_name, bytes, None)
                            .map_err(|e| map_io(path, e))?;
                        Ok(false)
                    }
                    Err(e) => Err(map_io(path, e)),
                }
            }
            Err(e) => Err(map_io(path, e)),
        })
    }

    /// One read-modify-write of an existing text file without a hash: resolve, lock, read,
    /// check UTF-8, apply `edit`, write atomically. `edit` returning `None` writes nothing
    /// and gives `None`.
    pub fn update_text(
        &self,
        path: &NormPath,
        locks: &Locks,
        edit: impl FnOnce(&[u8]) -> ToolResult<Option<Vec<u8>>>,
    ) -> ToolResult<Option<Written>> {
        self.update_locked(path, locks, edit, |canon, dir, locked, new| {
            // For big files, hash the new content on a second thread while this one
            // writes and waits for fsync (as mutate_text does).
            let (hash, written) = if new.len() > 1 << 20 {
                std::thread::scope(|s| {
                    let h = s.spawn(|| crate::hash::sha256_hex(new));
                    let w = self.replace_file(canon, dir, locked, new);
                    (h.join().unwrap_or_default(), w)
                })
            } else {
                let w = self.replace_file(canon, dir, locked, new);
                (crate::hash::sha256_hex(new), w)
            };
            written?;
            Ok(Written {
                hash,
                total_lines: lines::total_lines(new),
            })
        })
    }

    /// `update_text` for a caller that needs neither the new hash nor the line count
    /// (filesystem's edit_file): the same lock, checks and atomic durable write, without
    /// hashing the new content. True when the file was written.
    pub fn update_text_unhashed(
        &self,
        path: &NormPath,
        locks: &Locks,
        edit: impl FnOnce(&[u8]) -> ToolResult<Option<Vec<u8>>>,
    ) -> ToolResult<bool> {
        self.update_locked(path, locks, edit, |canon, dir, locked, new| {
            self.replace_file(canon, dir, locked, new)
        })
        .map(|w| w.is_some())
    }

    /// Resolve, lock, read, check UTF-8, apply `edit`, bound the size, and `write` the new
    /// bytes (`None` when `edit` changes nothing).
    fn update_locked<R>(
        &self,
        path: &NormPath,
        locks: &Locks,
        edit: impl FnOnce(&[u8]) -> ToolResult<Option<Vec<u8>>>,
        write: impl FnOnce(&NormPath, &Dir, &filelock::LockedFile, &[u8]) -> ToolResult<R>,
    ) -> ToolResult<Option<R>> {
        if path.is_root() {
            return Err(not_a_file(path));
        }
        let canon = self.canonical_file(path)?;
        locks.with_lock(&canon, || {
            // Locked against other processes too, like rootspace's mutations (CLR-026).
            let (dir, locked) = self.lock_existing(&canon, path)?;
            // The old content's hash is not needed here: read without hashing.
            let bytes = self
                .read_unhashed(&canon)
                .map_err(|e| renamed(e, &canon, path))?;
            // simdutf8 validates several times faster than std on large files.
            if simdutf8::basic::from_utf8(&bytes).is_err() {
                return Err(not_text(path));
            }
            match edit(&bytes)? {
                None => Ok(None),
                Some(new) if new.len() as u64 > MAX_FILE_SIZE => {
                    Err(ToolError::too_large(&path.display(), new.len() as u64))
                }
                Some(new) => {
                    drop(bytes);
                    write(&canon, &dir, &locked, &new)
                        .map(Some)
                        .map_err(|e| renamed(e, &canon, path))
                }
            }
        })
    }

    /// Deletes a file, a symlink (the link itself) or a directory. A directory with
    /// entries needs `recursive` (else DIRECTORY_NOT_EMPTY, nothing removed). A tree is
    /// first renamed to a hidden temp name in its parent, so it vanishes from its path at
    /// once, then removed entry by entry without following any symlink. The root itself
    /// is INVALID_PATH.
    pub fn delete(&self, path: &NormPath, recursive: bool, locks: &Locks) -> ToolResult<Deleted> {
        let Some((parent, name)) = path.split_last() else {
            return Err(ToolError::new(
                Code::InvalidPath,
                "The root directory itself cannot be deleted.",
            ));
        };
        let parent_canon = self
            .canonical(&parent)
            .map_err(|e| self.retarget(e, path))?;
        let dir = self
            .open_dir(&parent_canon)
            .map_err(|e| self.diagnose_parent(&parent, path, e))?;
        let mut segs = parent_canon.segments().to_vec();
        segs.push(name.to_owned());
        let key = NormPath::from_plain_segments(segs).ok_or_else(|| escape_error(path))?;
        let meta = dir.symlink_metadata(name).map_err(|e| map_io(path, e))?;
        if !meta.is_dir() {
            return locks.with_lock(&key, || {
                dir.remove_file(name).map_err(|e| map_io(path, e))?;
                atomic::sync_dir(&dir).map_err(|e| map_io(path, e))?;
                Ok(Deleted {
                    directory: false,
                    items: 1,
                })
            });
        }
        if !recursive {
            return match dir.remove_dir(name) {
                Ok(()) => {
                    atomic::sync_dir(&dir).map_err(|e| map_io(path, e))?;
                    Ok(Deleted {
                        directory: true,
                        items: 1,
                    })
                }
                Err(e) if e.kind() == io::ErrorKind::DirectoryNotEmpty => Err(ToolError::new(
                    Code::DirectoryNotEmpty,
                    format!("{path} is a directory that is not empty; nothing was removed."),
                )
                .with("path", path.display())),
                Err(e) => Err(map_io(path, e)),
            };
        }
        let hidden = atomic::temp_name();
        dir.rename(name, &dir, &hidden)
            .map_err(|e| map_io(path, e))?;
        let mut items = 0;
        match remove_tree(&dir, OsStr::new(&hidden), &mut items) {
            Ok(()) => {
                atomic::sync_dir(&dir).map_err(|e| map_io(path, e))?;
                Ok(Deleted {
                    directory: true,
                    items,
                })
            }
            Err(e) => {
                // Put what is left back under its name, and say what happened.
                let back = dir.rename(&hidden, &dir, name).is_ok();
                Err(ToolError::new(
                    Code::IoError,
                    format!(
                        "Deleting {path} failed after {items} entries were removed: {e}. {}",
                        if back {
                            "The rest is still there."
                        } else {
                            "The rest could not be put back under its name."
                        }
                    ),
                )
                .with("path", path.display())
                .with("items_deleted", items))
            }
        }
    }
}

/// Removes directory `name` in `parent` and everything in it, counting each entry removed
/// (the directory too). Entry types come from the directory listing, which does not follow
/// symlinks, so a link (even to a directory outside) is unlinked, never entered.
fn remove_tree(parent: &Dir, name: &OsStr, items: &mut u64) -> io::Result<()> {
    let dir = parent.open_dir(name)?;
    for entry in dir.entries()? {
        let entry = entry?;
        let child = entry.file_name();
        if entry.file_type()?.is_dir() {
            remove_tree(&dir, &child, items)?;
        } else {
            dir.remove_file(&child)?;
            *items += 1;
        }
    }
    drop(dir);
    parent.remove_dir(name)?;
    *items += 1;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::normalize;
    use std::os::unix::fs::{PermissionsExt, symlink};
    use std::path::PathBuf;

    struct Fx {
        _t: tempfile::TempDir,
        root: PathBuf,
        outside: PathBuf,
        sb: Sandbox,
        locks: Locks,
    }

    fn fx() -> Fx {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        let outside = t.path().join("root_evil");
        std::fs::create_dir_all(root.join("notes")).unwrap();
        std::fs::create_dir_all(outside.join("deep")).unwrap();
        std::fs::write(root.join("notes/a.md"), "one\ntwo\n").unwrap();
        std::fs::write(outside.join("secret"), "top secret").unwrap();
        std::fs::write(outside.join("deep/x"), "x").unwrap();
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

    fn code<T: std::fmt::Debug>(r: ToolResult<T>) -> Code {
        r.unwrap_err().code
    }

    fn outside_intact(f: &Fx) {
        assert_eq!(
            std::fs::read(f.outside.join("secret")).unwrap(),
            b"top secret"
        );
        assert_eq!(std::fs::read(f.outside.join("deep/x")).unwrap(), b"x");
        assert_eq!(std::fs::read_dir(&f.outside).unwrap().count(), 2);
    }

    #[test]
    fn write_creates_overwrites_and_keeps_mode() {
        let f = fx();
        assert!(
            f.sb.write_file(&p("new.txt"), b"a\r\nb", false, &f.locks)
                .unwrap()
        );
        assert_eq!(std::fs::read(f.root.join("new.txt")).unwrap(), b"a\r\nb");
        let file = f.root.join("notes/a.md");
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o640)).unwrap();
        assert!(
            !f.sb
                .write_file(&p("notes/a.md"), b"x", false, &f.locks)
                .unwrap()
        );
        assert_eq!(std::fs::read(&file).unwrap(), b"x");
        assert_eq!(
            std::fs::metadata(&file).unwrap().permissions().mode() & 0o777,
            0o640
        );
        assert_eq!(
            std::fs::read_dir(f.root.join("notes")).unwrap().count(),
            1,
            "no temp files"
        );
    }

    #[test]
    fn write_parents_only_when_asked() {
        let f = fx();
        let e =
            f.sb.write_file(&p("a/b/c.txt"), b"x", false, &f.locks)
                .unwrap_err();
        assert_eq!(e.code, Code::NotFound);
        assert_eq!(e.details["directory"], "/a");
        assert!(!f.root.join("a").exists());
        assert!(
            f.sb.write_file(&p("a/b/c.txt"), b"x", true, &f.locks)
                .unwrap()
        );
        assert_eq!(std::fs::read(f.root.join("a/b/c.txt")).unwrap(), b"x");
        assert_eq!(
            code(f.sb.write_file(&p("notes/a.md/x"), b"x", true, &f.locks)),
            Code::NotADirectory
        );
        assert_eq!(
            code(f.sb.write_file(&p("notes/a.md/x"), b"x", false, &f.locks)),
            Code::NotADirectory
        );
        assert_eq!(
            code(f.sb.write_file(&p("notes"), b"x", false, &f.locks)),
            Code::NotAFile
        );
        assert_eq!(
            code(f.sb.write_file(&NormPath::root(), b"x", false, &f.locks)),
            Code::NotAFile
        );
    }

    #[test]
    fn write_through_links() {
        let f = fx();
        symlink("a.md", f.root.join("notes/inside")).unwrap();
        symlink("nowhere", f.root.join("dangling")).unwrap();
        symlink("../root_evil/secret", f.root.join("out")).unwrap();
        symlink(f.outside.join("secret"), f.root.join("abs")).unwrap();
        symlink("../root_evil", f.root.join("outdir")).unwrap();
        assert!(
            !f.sb
                .write_file(&p("notes/inside"), b"new", false, &f.locks)
                .unwrap()
        );
        assert_eq!(std::fs::read(f.root.join("notes/a.md")).unwrap(), b"new");
        assert!(
            std::fs::symlink_metadata(f.root.join("notes/inside"))
                .unwrap()
                .file_type()
                .is_symlink()
        );
        for (path, parents) in [
            ("dangling", false),
            ("out", false),
            ("abs", false),
            ("outdir/secret", false),
            ("outdir/n", false),
            ("outdir/deep/n", true),
        ] {
            assert_eq!(
                code(f.sb.write_file(&p(path), b"pwned", parents, &f.locks)),
                Code::PathEscape,
                "{path}"
            );
        }
        assert!(!f.root.join("nowhere").exists());
        outside_intact(&f);
    }

    #[test]
    fn update_text_is_locked_and_writes_only_changes() {
        let f = std::sync::Arc::new(fx());
        let none =
            f.sb.update_text(&p("notes/a.md"), &f.locks, |_| Ok(None))
                .unwrap();
        assert!(none.is_none());
        let threads: Vec<_> = (0..8)
            .map(|i| {
                let f = f.clone();
                std::thread::spawn(move || {
                    f.sb.update_text(&p("notes/a.md"), &f.locks, |b| {
                        let mut v = b.to_vec();
                        v.extend_from_slice(format!("w{i}\n").as_bytes());
                        Ok(Some(v))
                    })
                    .unwrap()
                    .unwrap()
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(
            lines::total_lines(&std::fs::read(f.root.join("notes/a.md")).unwrap()),
            10,
            "no lost update"
        );
        std::fs::write(f.root.join("bin"), [0xff, 0x00]).unwrap();
        assert_eq!(
            code(f.sb.update_text(&p("bin"), &f.locks, |_| Ok(None))),
            Code::NotText
        );
        assert_eq!(
            code(f.sb.update_text(&p("missing"), &f.locks, |_| Ok(None))),
            Code::NotFound
        );
        assert_eq!(
            code(f.sb.update_text(&p("notes"), &f.locks, |_| Ok(None))),
            Code::NotAFile
        );
    }

    /// The unhashed update (filesystem's edit_file) has update_text's lock, checks and
    /// atomic write; it only skips hashing the new bytes.
    #[test]
    fn update_text_unhashed_writes_the_same_way() {
        let f = std::sync::Arc::new(fx());
        let unchanged =
            f.sb.update_text_unhashed(&p("notes/a.md"), &f.locks, |_| Ok(None));
        assert!(!unchanged.unwrap(), "nothing to write is reported as such");
        let threads: Vec<_> = (0..8)
            .map(|i| {
                let f = f.clone();
                std::thread::spawn(move || {
                    f.sb.update_text_unhashed(&p("notes/a.md"), &f.locks, |b| {
                        let mut v = b.to_vec();
                        v.extend_from_slice(format!("w{i}\n").as_bytes());
                        Ok(Some(v))
                    })
                    .unwrap()
                })
            })
            .collect();
        for t in threads {
            assert!(t.join().unwrap(), "every edit wrote the file");
        }
        let text = std::fs::read_to_string(f.root.join("notes/a.md")).unwrap();
        for i in 0..8 {
            assert!(text.contains(&format!("w{i}\n")), "no lost update: {text}");
        }
        std::fs::write(f.root.join("bin"), [0xff, 0x00]).unwrap();
        let bin = f.sb.update_text_unhashed(&p("bin"), &f.locks, |_| Ok(None));
        assert_eq!(code(bin), Code::NotText);
        let dir =
            f.sb.update_text_unhashed(&p("notes"), &f.locks, |_| Ok(None));
        assert_eq!(code(dir), Code::NotAFile);
    }

    #[test]
    fn delete_files_links_and_directories() {
        let f = fx();
        symlink("../root_evil/secret", f.root.join("out")).unwrap();
        assert_eq!(
            f.sb.delete(&p("out"), false, &f.locks).unwrap(),
            Deleted {
                directory: false,
                items: 1
            }
        );
        assert!(std::fs::symlink_metadata(f.root.join("out")).is_err());
        assert_eq!(
            f.sb.delete(&p("notes/a.md"), false, &f.locks)
                .unwrap()
                .items,
            1
        );
        assert_eq!(
            f.sb.delete(&p("notes"), false, &f.locks).unwrap(),
            Deleted {
                directory: true,
                items: 1
            }
        );
        std::fs::create_dir_all(f.root.join("d/sub")).unwrap();
        std::fs::write(f.root.join("d/1"), "1").unwrap();
        std::fs::write(f.root.join("d/sub/2"), "2").unwrap();
        assert_eq!(
            code(f.sb.delete(&p("d"), false, &f.locks)),
            Code::DirectoryNotEmpty
        );
        assert!(f.root.join("d/sub/2").exists(), "nothing removed");
        assert_eq!(
            f.sb.delete(&p("d"), true, &f.locks).unwrap(),
            Deleted {
                directory: true,
                items: 4
            }
        );
        assert!(!f.root.join("d").exists());
        assert_eq!(code(f.sb.delete(&p("d"), true, &f.locks)), Code::NotFound);
        assert_eq!(
            code(f.sb.delete(&NormPath::root(), true, &f.locks)),
            Code::InvalidPath
        );
        assert_eq!(
            std::fs::read_dir(&f.root).unwrap().count(),
            0,
            "no hidden leftovers"
        );
        outside_intact(&f);
    }

    #[test]
    fn recursive_delete_never_follows_links_out() {
        let f = fx();
        std::fs::create_dir_all(f.root.join("t/inner")).unwrap();
        std::fs::write(f.root.join("t/inner/f"), "f").unwrap();
        symlink(&f.outside, f.root.join("t/abs-out")).unwrap();
        symlink("../../root_evil", f.root.join("t/inner/rel-out")).unwrap();
        symlink("../root_evil/secret", f.root.join("t/file-out")).unwrap();
        let d = f.sb.delete(&p("t"), true, &f.locks).unwrap();
        // t, inner, f, abs-out, rel-out, file-out
        assert_eq!(
            d,
            Deleted {
                directory: true,
                items: 6
            }
        );
        assert!(!f.root.join("t").exists());
        outside_intact(&f);
        // Through a link that leads out, nothing is deleted.
        symlink("../root_evil", f.root.join("outdir")).unwrap();
        assert_eq!(
            code(f.sb.delete(&p("outdir/deep"), true, &f.locks)),
            Code::PathEscape
        );
        assert_eq!(
            code(f.sb.delete(&p("outdir/secret"), false, &f.locks)),
            Code::PathEscape
        );
        outside_intact(&f);
    }
}
