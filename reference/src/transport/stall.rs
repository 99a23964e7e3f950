//! A stdio client that holds replies without reading is cut off (CLR-033): when stdout
//! has taken no byte for `STDOUT_STALL` while a reply waits to be written, the server says
//! so on stderr and closes the session (`Limits::close`), as HTTP closes a connection after
//! `WRITE_STALL`. Its memory was already bounded (the reader stops), but a client that
//! never reads would otherwise hold its replies, their charges and the root forever.
//!
//! Progress is seen per write call, so each call is at most `CHUNK` bytes: a blocking
//! pipe write returns only once all its bytes are taken, and a 100 MB reply written in one
//! call would look stalled to a client reading it steadily.

use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::limits::{Limits, STDOUT_STALL};

/// Largest write call: a slow reader still shows progress well within the deadline.
const CHUNK: usize = 256 << 10;

/// How often the watchdog looks.
const TICK: Duration = Duration::from_millis(500);

/// What the writer thread is doing, seen by the watchdog.
pub(super) struct Watch {
    origin: Instant,
    /// Milliseconds since `origin` (plus one) when the current write call began; 0 when
    /// no write call is under way.
    writing_since: AtomicU64,
    /// The client was cut off for not reading.
    stalled: AtomicBool,
    /// The writer thread has ended: the watchdog ends too.
    done: AtomicBool,
}

impl Watch {
    pub(super) fn new() -> Arc<Watch> {
        Arc::new(Watch {
            origin: Instant::now(),
            writing_since: AtomicU64::new(0),
            stalled: AtomicBool::new(false),
            done: AtomicBool::new(false),
        })
    }

    fn now_ms(&self) -> u64 {
        self.origin.elapsed().as_millis() as u64 + 1
    }

    /// How long the write call under way has taken, if one is.
    fn blocked_for(&self) -> Option<Duration> {
        let since = self.writing_since.load(Ordering::SeqCst);
        (since != 0).then(|| Duration::from_millis(self.now_ms().saturating_sub(since)))
    }

    /// Whether the client was cut off for not reading.
    pub(super) fn stalled(&self) -> bool {
        self.stalled.load(Ordering::SeqCst)
    }

    /// The writer thread has ended.
    pub(super) fn finished(&self) {
        self.done.store(true, Ordering::SeqCst);
    }
}

/// stdout as the writer thread writes it: each call bounded by `CHUNK` and timed.
pub(super) struct Watched<W> {
    pub(super) inner: W,
    pub(super) watch: Arc<Watch>,
}

impl<W: Write> Write for Watched<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let w = &self.watch;
        w.writing_since.store(w.now_ms(), Ordering::SeqCst);
        let n = self.inner.write(&buf[..buf.len().min(CHUNK)]);
        w.writing_since.store(0, Ordering::SeqCst);
        n
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Starts the watchdog: it ends the session once a write has been blocked for
/// `STDOUT_STALL`, and ends itself with the writer thread or the session.
pub(super) fn watchdog(watch: Arc<Watch>, limits: Arc<Limits>) {
    let spawned = std::thread::Builder::new()
        .name("mcp-stdout-stall".into())
        .spawn(move || watch_until_stalled(&watch, &limits, STDOUT_STALL));
    if let Err(e) = spawned {
        eprintln!("mcp-reference: warning: cannot watch stdout for a stalled client: {e}");
    }
}

fn watch_until_stalled(watch: &Watch, limits: &Limits, deadline: Duration) {
    while !watch.done.load(Ordering::SeqCst) && !limits.is_closed() {
        std::thread::sleep(TICK);
        if watch.blocked_for().is_some_and(|d| d >= deadline) {
            watch.stalled.store(true, Ordering::SeqCst);
            eprintln!(
                "mcp-reference: error: the client has read nothing from stdout for {} s \
                 while a reply waited to be written; closing the session (a client must \
                 read its replies; the server's memory for them is shared and bounded)",
                deadline.as_secs()
            );
            limits.close();
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A writer that blocks forever, as a pipe nobody reads.
    struct Blocked;
    impl Write for Blocked {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            std::thread::park();
            Ok(0)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_blocked_write_closes_the_session_and_an_idle_writer_does_not() {
        let (watch, limits) = (Watch::new(), Arc::new(Limits::default()));
        let idle = std::thread::spawn({
            let (watch, limits) = (watch.clone(), limits.clone());
            move || watch_until_stalled(&watch, &limits, Duration::from_millis(100))
        });
        std::thread::sleep(Duration::from_millis(700));
        assert!(!limits.is_closed(), "an idle writer is no stalled client");
        let mut out = Watched {
            inner: Blocked,
            watch: watch.clone(),
        };
        std::thread::spawn(move || out.write(b"reply"));
        idle.join().unwrap();
        assert!(limits.is_closed() && watch.stalled());
    }

    #[test]
    fn each_write_call_is_at_most_a_chunk() {
        let mut out = Watched {
            inner: Vec::new(),
            watch: Watch::new(),
        };
        assert_eq!(out.write(&vec![0; 3 * CHUNK]).unwrap(), CHUNK);
        assert_eq!(out.watch.blocked_for(), None);
    }
}
