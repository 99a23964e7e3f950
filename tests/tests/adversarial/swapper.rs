//! The attacker of the swap races: a thread that keeps swapping `root/d` between a real
//! directory and a symlink to the outside (an absolute one) until stopped.

use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::thread::JoinHandle;

pub struct Swapper {
    stop: Arc<AtomicBool>,
    swaps: Arc<AtomicUsize>,
    thread: JoinHandle<()>,
}

impl Swapper {
    /// Starts swapping `root/d` (which must exist) with a link to `outside`.
    pub fn start(root: &Path, outside: &Path) -> Swapper {
        let stop = Arc::new(AtomicBool::new(false));
        let swaps = Arc::new(AtomicUsize::new(0));
        let (root, outside): (PathBuf, PathBuf) = (root.into(), outside.into());
        let thread = {
            let (stop, swaps) = (stop.clone(), swaps.clone());
            std::thread::spawn(move || {
                let (d, parked, link) =
                    (root.join("d"), root.join("d.parked"), root.join("d.link"));
                symlink(&outside, &link).unwrap();
                let put = |from: &Path, to: &Path| {
                    while std::fs::rename(from, to).is_err() {
                        let _ = std::fs::remove_dir_all(to);
                    }
                };
                while !stop.load(Ordering::Relaxed) {
                    put(&d, &parked);
                    put(&link, &d);
                    std::thread::yield_now();
                    put(&d, &link);
                    put(&parked, &d);
                    swaps.fetch_add(1, Ordering::Relaxed);
                }
            })
        };
        Swapper {
            stop,
            swaps,
            thread,
        }
    }

    /// Stops the thread and returns how many swaps it made.
    pub fn finish(self) -> usize {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap();
        self.swaps.load(Ordering::Relaxed)
    }
}
