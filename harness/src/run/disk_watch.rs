//! A reader on disk during a write: a thread that reads one file by its path, as an editor,
//! a build or git would, again and again while a call is in flight, and keeps what it saw
//! that was not the old content. A server that truncates a file and then writes it (in one
//! call or in chunks) leaves a window in which such a reader sees an empty or partial file,
//! however the server serialises its own reads (UNIVERSAL-ATOMIC-WRITE: the reads the
//! server answers can never land inside a single-threaded server's write).

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::JoinHandle;

use sha2::{Digest, Sha256};

/// Distinct contents kept, at most: enough to show a torn write, bounded in memory.
const MAX_KEPT: usize = 16;

/// One content the reader saw that was not the old file's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seen {
    /// `None`: the path did not exist (or was not readable) at that moment.
    pub len: Option<usize>,
    pub sha256: [u8; 32],
    /// Its first bytes, to show.
    pub head: Vec<u8>,
}

/// What the reader saw over one watch.
#[derive(Debug, Clone, Default)]
pub struct Watched {
    pub reads: usize,
    /// The contents other than the old one, each once, in the order first seen.
    pub others: Vec<Seen>,
}

impl Watched {
    /// The first content seen that is neither the old file nor `after` (the file once the
    /// call returned; `None` when it is gone).
    pub fn torn(&self, after: Option<&[u8]>) -> Option<&Seen> {
        let after = after.map(|a| (a.len(), digest(a)));
        self.others.iter().find(|s| match (s.len, &after) {
            (Some(len), Some((a_len, a_sha))) => len != *a_len || s.sha256 != *a_sha,
            (None, None) => false,
            _ => true,
        })
    }
}

/// A running watch; `stop` ends it and gives what it saw.
pub struct DiskWatch {
    stop: Arc<AtomicBool>,
    thread: JoinHandle<Watched>,
}

impl DiskWatch {
    /// Starts reading `path` in a loop; `before` is its old content.
    pub fn start(path: PathBuf, before: Vec<u8>) -> DiskWatch {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let thread = std::thread::spawn(move || watch(&path, &before, &flag));
        DiskWatch { stop, thread }
    }

    pub fn stop(self) -> Watched {
        self.stop.store(true, Ordering::Relaxed);
        self.thread.join().unwrap_or_default()
    }
}

fn watch(path: &std::path::Path, before: &[u8], stop: &AtomicBool) -> Watched {
    let mut w = Watched::default();
    while !stop.load(Ordering::Relaxed) {
        let got = std::fs::read(path).ok();
        w.reads += 1;
        if got.as_deref() != Some(before) && w.others.len() < MAX_KEPT {
            let seen = match &got {
                Some(b) => Seen {
                    len: Some(b.len()),
                    sha256: digest(b),
                    head: b[..b.len().min(60)].to_vec(),
                },
                None => Seen {
                    len: None,
                    sha256: [0; 32],
                    head: Vec::new(),
                },
            };
            if !w.others.contains(&seen) {
                w.others.push(seen);
            }
        }
        std::thread::yield_now();
    }
    w
}

fn digest(b: &[u8]) -> [u8; 32] {
    Sha256::digest(b).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truncating_writer_is_seen_torn_and_a_renaming_one_is_not() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f.txt");
        let old = vec![b'a'; 64 * 1024];
        let new = vec![b'b'; 2 * 1024 * 1024];
        std::fs::write(&file, &old).unwrap();
        let watch = DiskWatch::start(file.clone(), old.clone());
        std::thread::sleep(std::time::Duration::from_millis(5));
        for _ in 0..50 {
            std::fs::write(&file, &new).unwrap(); // truncate, then write
            std::fs::write(&file, &old).unwrap();
        }
        std::fs::write(&file, &new).unwrap();
        let seen = watch.stop();
        assert!(seen.reads > 0);
        assert!(seen.torn(Some(&new)).is_some(), "{seen:?}");

        std::fs::write(&file, &old).unwrap();
        let watch = DiskWatch::start(file.clone(), old.clone());
        let tmp = dir.path().join(".f.tmp");
        std::fs::write(&tmp, &new).unwrap();
        std::fs::rename(&tmp, &file).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(5));
        let seen = watch.stop();
        assert_eq!(seen.torn(Some(&new)), None, "{seen:?}");
    }
}
