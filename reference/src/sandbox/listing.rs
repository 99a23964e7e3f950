//! A small cache of large directory listings, so that paging through a directory
//! (`list://dir?cursor=...`, CLR-024) reads and sorts it once rather than once per page.
//!
//! A listing is kept under the directory's identity and change times (device, inode,
//! mtime, ctime, read by `fstat` on the opened directory before its entries are read), and
//! served again only while they are unchanged: adding, removing or renaming an entry moves
//! the mtime. Timestamps are coarse (a kernel tick), so a change within the same tick as
//! the listing could leave them equal; a listing is therefore only kept once the directory
//! has been still for `SETTLED` (the "racy timestamp" rule).

use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use cap_std::fs::Dir;

use super::{Entry, Sandbox, map_io, read_entries};
use crate::errors::ToolResult;
use crate::paths::NormPath;

/// Listings smaller than this are cheap to read again and are not kept.
pub const MIN_CACHED: usize = crate::limits::LIST_PAGE;
/// At most this many entries are kept, over all cached listings.
pub const MAX_CACHED_ENTRIES: usize = 1 << 19;
/// How many directories are kept at once.
const SLOTS: usize = 4;
/// How long a directory must have been unchanged before its listing is kept.
const SETTLED: Duration = Duration::from_secs(1);

/// What identifies one state of a directory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Stamp {
    fn of(dir: &Dir) -> std::io::Result<Stamp> {
        let st = rustix::fs::fstat(dir)?;
        Ok(Stamp {
            dev: st.st_dev as u64,
            ino: st.st_ino as u64,
            mtime: (st.st_mtime as i64, st.st_mtime_nsec as i64),
            ctime: (st.st_ctime as i64, st.st_ctime_nsec as i64),
        })
    }

    /// Whether the directory last changed at least `SETTLED` before `now`.
    fn settled(&self, now: SystemTime) -> bool {
        let Ok(now) = now.duration_since(UNIX_EPOCH) else {
            return false;
        };
        let last = self.mtime.max(self.ctime);
        let limit = now.saturating_sub(SETTLED);
        (last.0 as i128) < limit.as_secs() as i128
            || (last.0 as i128 == limit.as_secs() as i128
                && (last.1 as i128) < i128::from(limit.subsec_nanos()))
    }
}

/// The cached listings, most recently used last.
#[derive(Default)]
pub struct ListCache {
    slots: Mutex<Vec<(Stamp, Arc<Vec<Entry>>)>>,
}

impl ListCache {
    fn get(&self, stamp: &Stamp) -> Option<Arc<Vec<Entry>>> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        let i = slots.iter().position(|(s, _)| s == stamp)?;
        let slot = slots.remove(i);
        let entries = slot.1.clone();
        slots.push(slot);
        Some(entries)
    }

    fn put(&self, stamp: Stamp, entries: Arc<Vec<Entry>>) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        // An older state of the same directory is of no further use.
        slots.retain(|(s, _)| (s.dev, s.ino) != (stamp.dev, stamp.ino));
        slots.push((stamp, entries));
        let total =
            |v: &Vec<(Stamp, Arc<Vec<Entry>>)>| v.iter().map(|(_, e)| e.len()).sum::<usize>();
        while slots.len() > SLOTS || total(&slots) > MAX_CACHED_ENTRIES {
            slots.remove(0);
        }
    }

    /// How many listings are kept (for tests).
    pub fn len(&self) -> usize {
        self.slots.lock().map(|s| s.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Sandbox {
    /// The listing of `path` as `list` gives it, shared: served from `cache` while the
    /// directory is unchanged, and kept there when it is large and settled.
    pub fn list_cached(&self, path: &NormPath, cache: &ListCache) -> ToolResult<Arc<Vec<Entry>>> {
        let dir = self.open_listed_dir(path)?;
        // The stamp is taken before the entries are read: a change in between leaves a
        // stamp older than the listing, which the next call sees as changed.
        let stamp = Stamp::of(&dir).map_err(|e| map_io(path, e))?;
        if let Some(entries) = cache.get(&stamp) {
            return Ok(entries);
        }
        let entries = Arc::new(read_entries(path, &dir)?);
        if entries.len() >= MIN_CACHED
            && entries.len() <= MAX_CACHED_ENTRIES
            && stamp.settled(SystemTime::now())
        {
            cache.put(stamp, entries.clone());
        }
        Ok(entries)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big_dir(n: usize) -> (tempfile::TempDir, Sandbox) {
        let t = tempfile::tempdir().unwrap();
        std::fs::create_dir(t.path().join("d")).unwrap();
        for i in 0..n {
            std::fs::write(t.path().join(format!("d/f{i:05}")), "").unwrap();
        }
        let sb = Sandbox::open(t.path()).unwrap();
        (t, sb)
    }

    #[test]
    fn a_settled_large_listing_is_read_once_and_dropped_on_change() {
        let (t, sb) = big_dir(MIN_CACHED + 5);
        let cache = ListCache::default();
        let d = crate::paths::normalize("d", false).unwrap();
        // Just written: not settled, so not kept.
        let first = sb.list_cached(&d, &cache).unwrap();
        assert_eq!(first.len(), MIN_CACHED + 5);
        assert!(cache.is_empty());
        std::thread::sleep(SETTLED + Duration::from_millis(50));
        let kept = sb.list_cached(&d, &cache).unwrap();
        assert_eq!(cache.len(), 1);
        let again = sb.list_cached(&d, &cache).unwrap();
        assert!(
            Arc::ptr_eq(&kept, &again),
            "the second page re-read the directory"
        );
        std::fs::write(t.path().join("d/new"), "").unwrap();
        let changed = sb.list_cached(&d, &cache).unwrap();
        assert_eq!(changed.len(), MIN_CACHED + 6, "a new entry was missed");
        assert!(changed.iter().any(|e| e.name == "new"));
    }

    #[test]
    fn small_listings_are_not_kept() {
        let (t, sb) = big_dir(3);
        std::thread::sleep(SETTLED + Duration::from_millis(50));
        let _ = t;
        let cache = ListCache::default();
        let d = crate::paths::normalize("d", false).unwrap();
        assert_eq!(sb.list_cached(&d, &cache).unwrap().len(), 3);
        assert!(cache.is_empty());
    }
}
