//! Per-file locks (MCP-034, CLR-026): mutations of one file are serialized, so of N
//! concurrent mutations carrying the same hash exactly one sees a matching hash and the
//! rest get STALE_HASH. Different files do not contend.
//!
//! Mutations run on blocking threads (they do file I/O), so the per-path lock is a plain
//! `std::sync::Mutex` taken there; reads take no lock at all because writes are atomic
//! renames.
//!
//! Between processes the sandbox adds an OS lock on the file itself (`filelock`), which it
//! can only take once it has opened the file. It is part of this serialization: the
//! sandbox takes it only inside `with_lock` (`os_lock_wanted`), so the two always go
//! together.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use crate::paths::NormPath;

#[derive(Default)]
pub struct Locks {
    map: Mutex<HashMap<NormPath, Weak<Mutex<()>>>>,
}

impl Locks {
    fn entry(&self, path: &NormPath) -> Arc<Mutex<()>> {
        let mut map = self.map.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(m) = map.get(path).and_then(Weak::upgrade) {
            return m;
        }
        // Drop entries nobody holds any more, so the map stays small.
        if map.len() >= 256 {
            map.retain(|_, w| w.strong_count() > 0);
        }
        let m = Arc::new(Mutex::new(()));
        map.insert(path.clone(), Arc::downgrade(&m));
        m
    }

    /// Runs `f` while holding `path`'s lock. Blocks, so call it from a blocking thread.
    pub fn with_lock<R>(&self, path: &NormPath, f: impl FnOnce() -> R) -> R {
        let mutex = self.entry(path);
        let _guard = mutex.lock().unwrap_or_else(|e| e.into_inner());
        let _serialized = Serialized::enter();
        f()
    }

    /// Number of tracked paths (for tests).
    pub fn tracked(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

thread_local! {
    /// Set while this thread runs a closure of `with_lock` under the path's mutex.
    static SERIALIZED: Cell<bool> = const { Cell::new(false) };
}

/// Marks the current thread as inside a serialized section until dropped.
struct Serialized(bool);

impl Serialized {
    fn enter() -> Self {
        Serialized(SERIALIZED.with(|s| s.replace(true)))
    }
}

impl Drop for Serialized {
    fn drop(&mut self) {
        SERIALIZED.with(|s| s.set(self.0));
    }
}

/// Whether the sandbox should also take the cross-process lock of the file it is about to
/// change: true inside a serialized section of `with_lock`.
pub fn os_lock_wanted() -> bool {
    SERIALIZED.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::normalize;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn same_path_is_exclusive_and_other_paths_are_not() {
        let locks = Arc::new(Locks::default());
        let a = normalize("/a", false).unwrap();
        let b = normalize("/b", false).unwrap();
        let inside = Arc::new(AtomicUsize::new(0));
        let max = Arc::new(AtomicUsize::new(0));
        let threads: Vec<_> = (0..8)
            .map(|_| {
                let (locks, a, inside, max) =
                    (locks.clone(), a.clone(), inside.clone(), max.clone());
                std::thread::spawn(move || {
                    locks.with_lock(&a, || {
                        let now = inside.fetch_add(1, Ordering::SeqCst) + 1;
                        max.fetch_max(now, Ordering::SeqCst);
                        std::thread::sleep(std::time::Duration::from_millis(2));
                        inside.fetch_sub(1, Ordering::SeqCst);
                    })
                })
            })
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(max.load(Ordering::SeqCst), 1);
        // would deadlock if paths shared a lock
        locks.with_lock(&a, || locks.with_lock(&b, || ()));
        assert!(!os_lock_wanted());
        assert!(locks.with_lock(&a, os_lock_wanted));
        assert!(!os_lock_wanted());
        assert!(locks.tracked() >= 2);
    }
}
