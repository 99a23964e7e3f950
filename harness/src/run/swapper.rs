//! The attacker of the race cases: a thread that keeps exchanging an entry of the root
//! with a symlink to somewhere outside, as a hostile process sharing the directory would,
//! between a server's check of a path and its use of it (the TOCTOU races of
//! GHSA-53mr-w429-c597, GHSA-p9cv-8g75-4xcg and GHSA-7m4x-rv66-mxhh).
//!
//! On Linux the exchange is one `renameat2(RENAME_EXCHANGE)`, so the entry always exists,
//! as the real thing or as the link; where that call is missing (another system, a
//! filesystem without it) two renames do the same with a moment in between where the
//! name is absent. The link lives beside the root, not in it, so a listing of the root
//! does not show it.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

/// A running attacker; [`Swapper::finish`] stops it and puts the entry back.
pub struct Swapper {
    stop: Arc<AtomicBool>,
    swaps: Arc<AtomicUsize>,
    thread: JoinHandle<SwapEnd>,
    link: PathBuf,
}

/// How a swapper's run ended.
#[derive(Debug, Default)]
pub struct SwapEnd {
    /// Exchanges made (each puts the link in place or takes it away).
    pub swaps: usize,
    /// Why it stopped early, if it did (the entry or its link vanished).
    pub error: Option<String>,
    /// Whether the atomic exchange was used (else pairs of renames).
    pub atomic: bool,
}

impl Swapper {
    /// Starts exchanging `entry` (which must exist) with a fresh symlink to `target`,
    /// placed beside the root `root`.
    pub fn start(root: &Path, entry: &Path, target: &Path) -> Result<Swapper, String> {
        if std::fs::symlink_metadata(entry).is_err() {
            return Err(format!(
                "the race needs {} to exist before it starts",
                entry.display()
            ));
        }
        let mut name = root.file_name().unwrap_or_default().to_os_string();
        name.push(".race-link");
        let link = root.with_file_name(name);
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(target, &link)
            .map_err(|e| format!("cannot create the race link {}: {e}", link.display()))?;
        let stop = Arc::new(AtomicBool::new(false));
        let swaps = Arc::new(AtomicUsize::new(0));
        let thread = {
            let (stop, swaps) = (stop.clone(), swaps.clone());
            let (entry, link) = (entry.to_path_buf(), link.clone());
            std::thread::spawn(move || run(&entry, &link, &stop, &swaps))
        };
        Ok(Swapper {
            stop,
            swaps,
            thread,
            link,
        })
    }

    /// Exchanges made so far.
    pub fn swaps(&self) -> usize {
        self.swaps.load(Ordering::Relaxed)
    }

    /// Stops the thread, leaves the entry as it was, removes the link.
    pub fn finish(self) -> SwapEnd {
        self.stop.store(true, Ordering::Relaxed);
        let end = self.thread.join().unwrap_or_else(|_| SwapEnd {
            error: Some("the swapper thread panicked".into()),
            ..SwapEnd::default()
        });
        let _ = std::fs::remove_file(&self.link);
        end
    }
}

fn run(entry: &Path, link: &Path, stop: &AtomicBool, swaps: &AtomicUsize) -> SwapEnd {
    let mut end = SwapEnd {
        atomic: true,
        ..SwapEnd::default()
    };
    let mut exchanged = false;
    while !stop.load(Ordering::Relaxed) {
        let r = if end.atomic {
            match exchange(entry, link) {
                Err(e) if unsupported(&e) => {
                    end.atomic = false;
                    continue;
                }
                r => r.map(|()| exchanged = !exchanged),
            }
        } else {
            swap_by_renames(entry, link)
        };
        if let Err(e) = r {
            end.error = Some(format!("exchanging {}: {e}", entry.display()));
            break;
        }
        end.swaps += 1;
        swaps.store(end.swaps, Ordering::Relaxed);
        std::thread::yield_now();
    }
    if exchanged && let Err(e) = exchange(entry, link) {
        end.error = Some(format!("putting {} back: {e}", entry.display()));
    }
    end
}

fn unsupported(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error(),
        Some(libc::EINVAL) | Some(libc::ENOSYS) | Some(libc::ENOTSUP)
    )
}

/// One atomic exchange of two names.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        std::ffi::CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::from(io::ErrorKind::InvalidInput))
    };
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both are valid NUL-terminated paths that outlive the call.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(not(target_os = "linux"))]
fn exchange(_a: &Path, _b: &Path) -> io::Result<()> {
    Err(io::Error::from_raw_os_error(libc::ENOSYS))
}

/// Link in, real entry back: a whole cycle of two renames each way, so the entry is back
/// in place after every call.
fn swap_by_renames(entry: &Path, link: &Path) -> io::Result<()> {
    let mut parked = link.as_os_str().to_os_string();
    parked.push(".parked");
    let parked = PathBuf::from(parked);
    std::fs::rename(entry, &parked)?;
    std::fs::rename(link, entry)?;
    std::thread::yield_now();
    std::fs::rename(entry, link)?;
    std::fs::rename(&parked, entry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_entry_alternates_with_the_link_and_is_put_back() {
        let d = tempfile::tempdir().unwrap();
        let root = d.path().join("root");
        std::fs::create_dir_all(root.join("d")).unwrap();
        std::fs::write(root.join("d/f.txt"), "inside").unwrap();
        let outside = d.path().join("out");
        std::fs::create_dir(&outside).unwrap();
        std::fs::write(outside.join("f.txt"), "outside").unwrap();
        let s = Swapper::start(&root, &root.join("d"), &outside).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while seen.len() < 2 && std::time::Instant::now() < deadline {
            if let Ok(t) = std::fs::read_to_string(root.join("d/f.txt")) {
                seen.insert(t);
            }
        }
        let end = s.finish();
        assert!(end.error.is_none(), "{end:?}");
        assert!(end.swaps > 0);
        assert_eq!(seen.len(), 2, "{seen:?}");
        assert!(
            !std::fs::symlink_metadata(root.join("d"))
                .unwrap()
                .is_symlink()
        );
        assert_eq!(
            std::fs::read_to_string(root.join("d/f.txt")).unwrap(),
            "inside"
        );
        assert!(std::fs::symlink_metadata(d.path().join("root.race-link")).is_err());
    }
}
