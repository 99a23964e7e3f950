//! Per-file locks (contract decision 16): mutations of one file are serialized, so of N
//! concurrent mutations carrying the same hash exactly one sees a matching hash and the
//! rest get STALE_HASH. Different files do not contend.
//!
//! Mutations run on blocking threads (they do file I/O), so the per-path lock is a plain
//! `std::sync::Mutex` taken there; reads take no lock at all because writes are atomic
//! renames.

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
        f()
    }

    /// Number of tracked paths (for tests).
    pub fn tracked(&self) -> usize {
        self.map.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
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
        assert!(locks.tracked() >= 2);
    }
}
