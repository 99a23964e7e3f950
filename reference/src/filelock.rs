//! Cross-process serialization of check-and-write (CLR-026, CLR-031).
//!
//! The in-process `Locks` serialize the mutations of one server process; several
//! `mcp-reference` processes on one root (two agents on one repository) need an OS lock.
//! We take an exclusive `flock` on the target file's own descriptor: the OS releases it
//! when the holder exits or dies, it leaves nothing in listings, and different files never
//! contend. Because a mutation replaces the file by an atomic rename, a waiter may wake up
//! holding the lock of an inode that no longer has the name; so after locking we check
//! that the name still refers to the locked inode, and start over if not. The same
//! descriptor is then read for the hash check, so the bytes checked are the bytes locked.
//!
//! What no lock can promise: a program that does not take it (an editor, `sed -i`, a
//! script) can still change the file between our check and our rename.

use std::io;
use std::time::{Duration, Instant};

use cap_std::fs::{Dir, File, OpenOptions};
use rustix::fs::{AtFlags, FlockOperation, Stat};

/// How long a mutation waits for another process to release a file before giving up.
pub const LOCK_WAIT: Duration = Duration::from_secs(10);

/// A file opened read-write and locked exclusively; the lock goes with the descriptor.
pub struct LockedFile {
    pub file: File,
    pub stat: Stat,
}

/// Why a lock attempt did not give a usable lock.
#[derive(Debug)]
pub enum LockError {
    /// The name no longer refers to the file we locked (replaced, or now a symlink): resolve
    /// the path again.
    Moved,
    /// Another process held the lock for longer than `LOCK_WAIT`.
    Busy,
    Io(io::Error),
}

impl From<io::Error> for LockError {
    fn from(e: io::Error) -> Self {
        LockError::Io(e)
    }
}

/// Opens `name` (a plain name in `dir`, not followed if it is a symlink), locks it and
/// checks that the name still refers to it. `write` asks for a read-write descriptor, which
/// is how a file the process may not write is recognized. The lock is taken when the
/// caller runs inside `Locks::with_lock` (see `locks`), always in practice.
pub fn lock(dir: &Dir, name: &str, write: bool) -> Result<LockedFile, LockError> {
    lock_if(dir, name, write, crate::locks::os_lock_wanted())
}

/// `lock`, taking the OS lock only when `exclusive` (the re-check is done either way).
pub fn lock_if(
    dir: &Dir,
    name: &str,
    write: bool,
    exclusive: bool,
) -> Result<LockedFile, LockError> {
    let mut opts = OpenOptions::new();
    opts.read(true).write(write);
    {
        use cap_std::fs::OpenOptionsExt;
        // No FIFO hang, and the last component is never followed: a symlink here means the
        // name was swapped since it was resolved.
        opts.custom_flags(libc::O_NONBLOCK | libc::O_NOFOLLOW);
    }
    let file = match dir.open_with(name, &opts) {
        Ok(f) => f,
        Err(e) if e.raw_os_error() == Some(libc::ELOOP) => return Err(LockError::Moved),
        Err(e) => return Err(e.into()),
    };
    if exclusive {
        acquire(&file)?;
    }
    let stat = rustix::fs::fstat(&file).map_err(io::Error::from)?;
    let now = rustix::fs::statat(dir, name, AtFlags::SYMLINK_NOFOLLOW);
    match now {
        Ok(s) if s.st_dev == stat.st_dev && s.st_ino == stat.st_ino => {
            Ok(LockedFile { file, stat })
        }
        Ok(_) => Err(LockError::Moved),
        Err(e) if e == rustix::io::Errno::NOENT => Err(LockError::Moved),
        Err(e) => Err(LockError::Io(e.into())),
    }
}

/// Takes an exclusive flock, polling so that a holder that never lets go (a hung process)
/// gives a clear error instead of a hang.
fn acquire(file: &File) -> Result<(), LockError> {
    let start = Instant::now();
    let mut pause = Duration::from_micros(200);
    loop {
        match rustix::fs::flock(file, FlockOperation::NonBlockingLockExclusive) {
            Ok(()) => return Ok(()),
            Err(e) if e == rustix::io::Errno::WOULDBLOCK || e == rustix::io::Errno::INTR => {}
            Err(e) => return Err(LockError::Io(e.into())),
        }
        if start.elapsed() > LOCK_WAIT {
            return Err(LockError::Busy);
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(10));
    }
}

/// Tries to lock a file without waiting; true if the lock was taken (used to tell a stale
/// temp file, whose writer died, from one being written right now).
pub fn try_lock(file: &File) -> bool {
    rustix::fs::flock(file, FlockOperation::NonBlockingLockExclusive).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use cap_std::ambient_authority;

    #[test]
    fn second_descriptor_waits_and_a_replaced_name_is_detected() {
        let t = tempfile::tempdir().unwrap();
        std::fs::write(t.path().join("f"), "1").unwrap();
        let d = Dir::open_ambient_dir(t.path(), ambient_authority()).unwrap();
        let held = lock_if(&d, "f", true, true).unwrap();
        // Another open file description (as another process would have) cannot lock it.
        let other = d.open("f").unwrap();
        assert!(!try_lock(&other));
        drop(held);
        assert!(try_lock(&other));
        drop(other);
        // Replace the name by a rename: a lock on the old inode is reported as moved.
        let old = d.open("f").unwrap();
        std::fs::write(t.path().join("g"), "2").unwrap();
        std::fs::rename(t.path().join("g"), t.path().join("f")).unwrap();
        let old_stat = rustix::fs::fstat(&old).unwrap();
        let locked = lock_if(&d, "f", true, true).unwrap();
        assert_ne!(locked.stat.st_ino, old_stat.st_ino);
        // A symlink at the name is never followed.
        std::os::unix::fs::symlink("f", t.path().join("l")).unwrap();
        assert!(matches!(
            lock_if(&d, "l", true, true),
            Err(LockError::Moved)
        ));
    }
}
