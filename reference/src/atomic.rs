//! Atomic file writes (CLR-027): the new content goes to a temp file
//! `.mcp-tmp-<random>` in the same directory, is fsynced, gets the old file's owner, group,
//! permission bits (never setuid/setgid) and extended attributes, and is renamed over the
//! target; then the directory is fsynced. A reader therefore sees either the old or the new
//! file, never a partial one. The temp file is `flock`ed while it exists, so a sweep can
//! tell a stale temp file (its writer died) from one being written (`sweep_stale`).

use std::io::{self, Write};

use cap_std::fs::{Dir, File, OpenOptions, Permissions};
use rustix::fs::Stat;

// The temp names live in `temp_names` (which `paths` reads too, with no cycle back here).
pub use crate::temp_names::{TEMP_PREFIX, is_our_temp_name, temp_name};

/// Set-user-ID and set-group-ID: never carried over to a rewritten file (as `cp` and
/// editors do), so an edit cannot produce a privileged executable with new content.
const SETID_BITS: u32 = 0o6000;

/// The mode a rewritten file gets from the old one.
pub fn kept_mode(old_mode: u32) -> u32 {
    old_mode & 0o7777 & !SETID_BITS
}

/// Extended attributes that are not copied: file capabilities grant privileges like
/// setuid does.
fn skip_xattr(name: &[u8]) -> bool {
    name == b"security.capability"
}

/// Copies owner, group, mode and extended attributes of `old` to `new`, best effort:
/// changing the owner needs privileges the process may not have (then the file becomes
/// the server user's, as with any editor that writes a new file).
fn copy_metadata(old: &File, stat: &Stat, new: &File) -> io::Result<()> {
    let _ = rustix::fs::fchown(
        new,
        Some(rustix::fs::Uid::from_raw(stat.st_uid)),
        Some(rustix::fs::Gid::from_raw(stat.st_gid)),
    );
    copy_xattrs(old, new);
    // chmod after chown: chown itself may clear the set-id bits, and we set the final mode.
    let mode = rustix::fs::Mode::from_raw_mode(kept_mode(stat.st_mode) as _);
    rustix::fs::fchmod(new, mode).map_err(io::Error::from)
}

fn copy_xattrs(old: &File, new: &File) {
    let mut names = vec![0u8; 4096];
    let Ok(n) = rustix::fs::flistxattr(old, &mut names[..]) else {
        return;
    };
    let mut value = vec![0u8; 64 * 1024];
    for name in names[..n].split(|&b| b == 0).filter(|n| !n.is_empty()) {
        if skip_xattr(name) {
            continue;
        }
        let Ok(name) = std::ffi::CStr::from_bytes_with_nul(&[name, b"\0"].concat())
            .map(std::ffi::CStr::to_owned)
        else {
            continue;
        };
        if let Ok(len) = rustix::fs::fgetxattr(old, &name, &mut value[..]) {
            let _ =
                rustix::fs::fsetxattr(new, &name, &value[..len], rustix::fs::XattrFlags::empty());
        }
    }
}

/// An open, locked temp file and its name.
struct Temp {
    /// Kept open for its lock, which must outlive the rename.
    _file: File,
    name: String,
}

/// Writes `bytes` to a new temp file in `dir` and fsyncs it. `meta` is applied before the
/// sync; without it the file keeps the default mode.
fn write_temp(dir: &Dir, bytes: &[u8], meta: Meta<'_>) -> io::Result<Temp> {
    let mut opts = OpenOptions::new();
    opts.write(true).create_new(true);
    // A few retries in the (astronomically unlikely) case of a name collision.
    let mut last_err = None;
    for _ in 0..4 {
        let name = temp_name();
        match dir.open_with(&name, &opts) {
            Ok(mut file) => {
                // Locked for its whole life: a sweep skips temp files whose writer lives.
                // A sweep may have taken the name between create and lock; then start over.
                if !crate::filelock::try_lock(&file) || !still_named(dir, &name, &file) {
                    continue;
                }
                let result = (|| {
                    match meta {
                        Meta::Default => {}
                        Meta::Perms(p) => file.set_permissions(p.clone())?,
                        Meta::From(old, stat) => copy_metadata(old, stat, &file)?,
                    }
                    file.write_all(bytes)?;
                    file.sync_all()
                })();
                return match result {
                    Ok(()) => Ok(Temp { _file: file, name }),
                    Err(e) => {
                        let _ = dir.remove_file(&name);
                        Err(e)
                    }
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => last_err = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last_err.unwrap_or_else(|| io::Error::other("could not create a temp file")))
}

/// Whether `name` in `dir` still refers to the open `file`.
fn still_named(dir: &Dir, name: &str, file: &File) -> bool {
    let (Ok(a), Ok(b)) = (
        rustix::fs::fstat(file),
        rustix::fs::statat(dir, name, rustix::fs::AtFlags::SYMLINK_NOFOLLOW),
    ) else {
        return false;
    };
    a.st_dev == b.st_dev && a.st_ino == b.st_ino
}

/// Where a rewritten file's metadata comes from.
#[derive(Clone, Copy)]
pub enum Meta<'a> {
    Default,
    Perms(&'a Permissions),
    /// The old file, opened, and its status.
    From(&'a File, &'a Stat),
}

/// Makes directory entries durable (rename, link, unlink).
pub fn sync_dir(dir: &Dir) -> io::Result<()> {
    // The Dir handle itself may be an O_PATH descriptor, which cannot be fsynced, so
    // open the directory for reading and sync that.
    dir.open(".")?.sync_all()
}

/// Replaces `name` in `dir` with `bytes` atomically, keeping `perms`.
pub fn replace(dir: &Dir, name: &str, bytes: &[u8], perms: Option<Permissions>) -> io::Result<()> {
    match &perms {
        Some(p) => replace_with(dir, name, bytes, Meta::Perms(p)),
        None => replace_with(dir, name, bytes, Meta::Default),
    }
}

/// Replaces `name` in `dir` with `bytes` atomically, with the metadata `meta`.
pub fn replace_with(dir: &Dir, name: &str, bytes: &[u8], meta: Meta<'_>) -> io::Result<()> {
    let tmp = write_temp(dir, bytes, meta)?;
    if let Err(e) = dir.rename(&tmp.name, dir, name) {
        let _ = dir.remove_file(&tmp.name);
        return Err(e);
    }
    // The new file stays locked (through `tmp.file`) until its directory entry is durable.
    sync_dir(dir)
}

/// Creates `name` in `dir` with `bytes`, failing with `AlreadyExists` if anything is
/// there. The content appears all at once: the temp file is renamed to the final name with
/// RENAME_NOREPLACE, which never replaces an existing entry and never gives the file a
/// second link (a reader would refuse a file with two links). Where the filesystem lacks
/// it, a hard link plus unlink does the same.
pub fn create_new(dir: &Dir, name: &str, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temp(dir, bytes, Meta::Default)?;
    let renamed = rustix::fs::renameat_with(
        dir,
        &tmp.name,
        dir,
        name,
        rustix::fs::RenameFlags::NOREPLACE,
    );
    match renamed {
        Ok(()) => {}
        Err(e) if e == rustix::io::Errno::INVAL || e == rustix::io::Errno::NOSYS => {
            let linked = dir.hard_link(&tmp.name, dir, name);
            let _ = dir.remove_file(&tmp.name);
            linked?;
        }
        Err(e) => {
            let _ = dir.remove_file(&tmp.name);
            return Err(e.into());
        }
    }
    sync_dir(dir)
}

/// Removes stale temp files of ours (names from `temp_name`, regular files, not locked
/// by a live writer) under `root`, visiting at most `max_entries` entries; symlinks are
/// not followed. Returns how many were removed. Run at start-up, in the background.
pub fn sweep_stale(root: &Dir, max_entries: usize) -> usize {
    let mut removed = 0;
    let mut seen = 0;
    // Directories still to visit, by their path below the root: one handle is open at a
    // time (the directory being read), whatever the tree's width. (A directory swapped for a
    // link meanwhile is opened within the root all the same: cap-std confines every open,
    // and only unlocked temp files of our own names are removed.) A stack of open handles
    // held one per sibling directory, so 30,000 of them took every descriptor the process
    // had and requests failed with EMFILE while it lasted (issue 50).
    let mut stack: Vec<std::path::PathBuf> = vec![std::path::PathBuf::new()];
    while let Some(at) = stack.pop() {
        let opened = if at.as_os_str().is_empty() {
            root.try_clone()
        } else {
            root.open_dir(&at)
        };
        let Ok(dir) = opened else { continue };
        let Ok(entries) = dir.entries() else { continue };
        for entry in entries.flatten() {
            seen += 1;
            if seen > max_entries {
                return removed;
            }
            let Ok(ft) = entry.file_type() else { continue };
            let name = entry.file_name();
            if ft.is_dir() {
                stack.push(at.join(&name));
                continue;
            }
            let Some(name) = name.to_str() else { continue };
            if !ft.is_file() || !is_our_temp_name(name) {
                continue;
            }
            // A writer holds the lock until its rename; if we can take it, the writer is
            // gone. (Opened without following links, for reading only.)
            let mut opts = OpenOptions::new();
            opts.read(true);
            {
                use cap_std::fs::OpenOptionsExt;
                opts.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
            }
            if let Ok(f) = dir.open_with(name, &opts)
                && crate::filelock::try_lock(&f)
                && dir.remove_file(name).is_ok()
            {
                removed += 1;
            }
        }
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::*;
    use cap_std::ambient_authority;

    fn tmpdir() -> (tempfile::TempDir, Dir) {
        let t = tempfile::tempdir().unwrap();
        let d = Dir::open_ambient_dir(t.path(), ambient_authority()).unwrap();
        (t, d)
    }

    /// Stale temp files are swept at every depth and in every sibling, a user's look-alike
    /// is kept, and the entry budget stops the walk.
    #[test]
    fn the_sweep_reaches_every_directory() {
        let (t, d) = tmpdir();
        let stale = format!("{TEMP_PREFIX}0123456789abcdef0");
        for i in 0..50 {
            let sub = t.path().join(format!("d{i}/deeper"));
            std::fs::create_dir_all(&sub).unwrap();
            std::fs::write(sub.join(&stale), "x").unwrap();
            std::fs::write(t.path().join(format!("d{i}")).join(&stale), "x").unwrap();
        }
        std::fs::write(t.path().join(".mcp-tmp-notes"), "mine").unwrap();
        assert_eq!(
            sweep_stale(&d, 3),
            0,
            "three entries are all the budget allows here"
        );
        assert_eq!(sweep_stale(&d, 1_000), 100);
        assert!(t.path().join(".mcp-tmp-notes").exists());
        assert!(!t.path().join("d49/deeper").join(&stale).exists());
    }

    #[test]
    fn temp_names_are_unique_and_prefixed() {
        let a = temp_name();
        let b = temp_name();
        assert_ne!(a, b);
        assert!(a.starts_with(TEMP_PREFIX));
    }

    #[test]
    fn replace_keeps_mode_and_leaves_no_temp() {
        use std::os::unix::fs::PermissionsExt;
        let (t, d) = tmpdir();
        let p = t.path().join("f.txt");
        std::fs::write(&p, "old").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        let perms = d.metadata("f.txt").unwrap().permissions();
        replace(&d, "f.txt", b"new", Some(perms)).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        assert_eq!(
            std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o640
        );
        let names: Vec<_> = std::fs::read_dir(t.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec![std::ffi::OsString::from("f.txt")]);
    }

    #[test]
    fn create_new_refuses_existing() {
        let (t, d) = tmpdir();
        create_new(&d, "a", b"1").unwrap();
        assert_eq!(std::fs::read(t.path().join("a")).unwrap(), b"1");
        let e = create_new(&d, "a", b"2").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(t.path().join("a")).unwrap(), b"1");
        assert_eq!(std::fs::read_dir(t.path()).unwrap().count(), 1);
    }
}

#[cfg(test)]
mod subdir_tests {
    use super::*;
    use cap_std::ambient_authority;

    #[test]
    fn works_in_a_dir_opened_through_open_dir() {
        let t = tempfile::tempdir().unwrap();
        std::fs::create_dir(t.path().join("sub")).unwrap();
        let root = Dir::open_ambient_dir(t.path(), ambient_authority()).unwrap();
        let sub = root.open_dir("sub").unwrap();
        sync_dir(&sub).unwrap();
        create_new(&sub, "n", b"1").unwrap();
        replace(&sub, "n", b"2", None).unwrap();
        let r2 = root.try_clone().unwrap();
        sync_dir(&r2).unwrap();
        assert_eq!(std::fs::read(t.path().join("sub/n")).unwrap(), b"2");
    }
}
