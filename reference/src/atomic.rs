//! Atomic file writes (contract decision 16): the new content goes to a temp file
//! `.mcp-tmp-<random>` in the same directory, is fsynced, gets the old file's permission
//! bits, and is renamed over the target; then the directory is fsynced. A reader therefore
//! sees either the old or the new file, never a partial one.

use std::hash::{BuildHasher, Hasher};
use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use cap_std::fs::{Dir, OpenOptions, Permissions};

/// Prefix of temp files; listings hide names that start with it.
pub const TEMP_PREFIX: &str = ".mcp-tmp-";

/// A fresh, unguessable temp name (random per process start, plus a counter).
pub fn temp_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    h.write_u32(std::process::id());
    format!("{TEMP_PREFIX}{:016x}{n:x}", h.finish())
}

/// Writes `bytes` to a new temp file in `dir` and fsyncs it. Returns its name.
fn write_temp(dir: &Dir, bytes: &[u8], perms: Option<Permissions>) -> io::Result<String> {
    let mut opts = OpenOptions::new();
    opts.write(true).create_new(true);
    // A few retries in the (astronomically unlikely) case of a name collision.
    let mut last_err = None;
    for _ in 0..4 {
        let name = temp_name();
        match dir.open_with(&name, &opts) {
            Ok(mut file) => {
                let result = (|| {
                    file.write_all(bytes)?;
                    if let Some(p) = perms.clone() {
                        file.set_permissions(p)?;
                    }
                    file.sync_all()
                })();
                return match result {
                    Ok(()) => Ok(name),
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

/// Makes directory entries durable (rename, link, unlink).
pub fn sync_dir(dir: &Dir) -> io::Result<()> {
    // The Dir handle itself may be an O_PATH descriptor, which cannot be fsynced, so
    // open the directory for reading and sync that.
    dir.open(".")?.sync_all()
}

/// Replaces `name` in `dir` with `bytes` atomically, keeping `perms`.
pub fn replace(dir: &Dir, name: &str, bytes: &[u8], perms: Option<Permissions>) -> io::Result<()> {
    let tmp = write_temp(dir, bytes, perms)?;
    if let Err(e) = dir.rename(&tmp, dir, name) {
        let _ = dir.remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir)
}

/// Creates `name` in `dir` with `bytes`, failing with `AlreadyExists` if anything is
/// there. The content appears all at once: the temp file is hard-linked to the final
/// name (link never replaces an existing entry), then the temp name is removed.
pub fn create_new(dir: &Dir, name: &str, bytes: &[u8]) -> io::Result<()> {
    let tmp = write_temp(dir, bytes, None)?;
    let linked = dir.hard_link(&tmp, dir, name);
    let _ = dir.remove_file(&tmp);
    linked?;
    sync_dir(dir)
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
