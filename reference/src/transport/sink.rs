//! Where outgoing messages go: a small one straight to stdout from the thread that made
//! it when the writer thread has nothing queued, anything else to the writer thread.
//!
//! Why: handing every reply to the writer thread woke that thread once per request (and
//! it then preempted the async thread), so a small call cost three context switches
//! instead of one; on a busy machine each wake-up also waits for a core, which was most
//! of a 1 KiB read's round trip (docs/speed.md). The direct write goes to stdout reopened
//! with `O_NONBLOCK` on its own open file description (as rmcp's `stdio_pipes` does for
//! stdin), so the async thread never blocks on a client that does not read: whatever the
//! pipe does not take at once is handed to the writer thread, whose blocking writes keep
//! the backpressure of `limits` as before.
//!
//! Order: `busy` counts messages handed to the writer thread and not yet flushed. A
//! direct write happens only under its lock with `busy == 0`, so everything sent before
//! is already on stdout; a message handed on is queued under the same lock.

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};

use rmcp::model::{JsonRpcMessage, RequestId, ServerJsonRpcMessage};

use super::{BIG_STRING, Outgoing};
use crate::limits::Limits;

/// Largest message written directly: below it the writer thread would not take large
/// strings out either (`write_message`), so serde's output is the same.
const DIRECT_MAX: usize = BIG_STRING;

/// Shared by the transport (which sends) and the writer thread (which reports flushes).
pub(super) struct Sink {
    pub(super) tx: mpsc::Sender<Outgoing>,
    /// stdout for direct writes (non-blocking), when it is a pipe.
    pipe: Option<File>,
    /// Messages queued for the writer thread and not yet flushed to stdout.
    busy: Mutex<usize>,
    pub(super) limits: Arc<Limits>,
}

impl Sink {
    pub(super) fn new(tx: mpsc::Sender<Outgoing>, pipe: Option<File>, limits: Arc<Limits>) -> Sink {
        Sink {
            tx,
            pipe,
            busy: Mutex::new(0),
            limits,
        }
    }

    fn busy(&self) -> MutexGuard<'_, usize> {
        self.busy.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `item` now if it is small and nothing is queued, else queues it (or the part
    /// the pipe did not take). False if the writer thread has stopped.
    pub(super) fn send(&self, item: Outgoing) -> bool {
        let mut busy = self.busy();
        let item = match (&self.pipe, *busy) {
            (Some(pipe), 0) => match self.write_now(pipe, item) {
                Some(rest) => rest,
                None => return true,
            },
            _ => item,
        };
        if let Err(mpsc::SendError(item)) = self.tx.send(item) {
            // The writer thread has stopped: the reply is lost, its request done.
            if let Some(id) = item_id(&item) {
                self.limits.release(&id);
            }
            return false;
        }
        *busy += 1;
        true
    }

    /// The writer thread has flushed `n` queued messages to stdout.
    pub(super) fn flushed(&self, n: usize) {
        *self.busy() -= n;
    }

    /// Writes a small message without blocking; gives back what the writer thread must
    /// write: the message itself, or the tail of its line that the pipe did not take.
    fn write_now(&self, mut pipe: &File, item: Outgoing) -> Option<Outgoing> {
        let (msg, id) = match &item {
            Outgoing::Message(m) => (m, reply_id(m)),
            Outgoing::Local(m) => (m, None),
            _ => return Some(item),
        };
        let Some(line) = small_line(msg) else {
            return Some(item);
        };
        // A full pipe (WouldBlock) or an error: the writer thread writes it all, blocking,
        // and reports the error if there is one.
        let n = pipe.write(&line).unwrap_or(0);
        if n < line.len() {
            let bytes = line[n..].to_vec();
            return Some(Outgoing::Tail { bytes, id });
        }
        drop(item);
        delivered(&self.limits, id);
        None
    }
}

/// The request a server reply answers (its slot and charges are freed once it is out).
pub(super) fn reply_id(msg: &ServerJsonRpcMessage) -> Option<RequestId> {
    match msg {
        JsonRpcMessage::Response(r) => Some(r.id.clone()),
        JsonRpcMessage::Error(e) => e.id.clone(),
        _ => None,
    }
}

/// The request a queued item answers, if any.
fn item_id(item: &Outgoing) -> Option<RequestId> {
    match item {
        Outgoing::Message(m) => reply_id(m),
        Outgoing::Tail { id, .. } => id.clone(),
        Outgoing::Local(_) | Outgoing::Shutdown => None,
    }
}

/// A message is on stdout: what its request held is freed, and the backlog shrinks.
pub(super) fn delivered(limits: &Limits, id: Option<RequestId>) {
    if let Some(id) = id {
        limits.release(&id);
    }
    limits.written();
    crate::housekeeping::reply_written();
}

/// The message as one JSON line, if it is under `DIRECT_MAX` bytes. Serializing stops at
/// the limit, so a large reply costs at most that much extra work before the writer
/// thread takes it.
fn small_line(msg: &ServerJsonRpcMessage) -> Option<Vec<u8>> {
    let mut line = Capped(Vec::with_capacity(4096));
    super::write_small(&mut line, msg).ok()?;
    line.0.push(b'\n');
    Some(line.0)
}

/// A buffer that refuses to grow past `DIRECT_MAX`.
struct Capped(Vec<u8>);

impl Write for Capped {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        if self.0.len() + b.len() >= DIRECT_MAX {
            return Err(io::Error::other("too large for a direct write"));
        }
        self.0.extend_from_slice(b);
        Ok(b.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// stdout reopened non-blocking on its own open file description (so the flag does not
/// reach the process's stdout or a child's), when it is a FIFO, the way MCP clients start
/// servers; otherwise (a file, a terminal, a socket) every message goes through the
/// writer thread.
#[cfg(target_os = "linux")]
pub(super) fn nonblocking_stdout() -> Option<File> {
    use std::os::unix::fs::{FileTypeExt, OpenOptionsExt};
    let fd = "/proc/self/fd/1";
    // Checked before opening: reopening a regular file would start at offset 0.
    if !std::fs::metadata(fd).ok()?.file_type().is_fifo() {
        return None;
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(fd)
        .ok()?;
    file.metadata().ok()?.file_type().is_fifo().then_some(file)
}

/// Watches stdout when it is a pipe or a socket and calls `Limits::close` once its
/// reader has gone (poll reports POLLERR or POLLHUP): an idle server whose client closed
/// only stdout would otherwise learn it only at its next write, and a reader waiting on
/// stdin would never stop. The thread blocks in poll and ends with the process.
#[cfg(target_os = "linux")]
pub(super) fn watch_stdout(limits: Arc<Limits>) {
    use std::os::unix::fs::FileTypeExt;
    let Ok(meta) = std::fs::metadata("/proc/self/fd/1") else {
        return;
    };
    let kind = meta.file_type();
    if !(kind.is_fifo() || kind.is_socket()) {
        return;
    }
    let spawned = std::thread::Builder::new()
        .name("mcp-stdout-watch".into())
        .spawn(move || {
            if reader_gone(1) {
                limits.close();
            }
        });
    if let Err(e) = spawned {
        eprintln!("mcp-reference: warning: cannot watch stdout: {e}");
    }
}

/// Blocks until the descriptor reports an error or a hang-up (true), or poll fails.
#[cfg(target_os = "linux")]
fn reader_gone(fd: i32) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    };
    loop {
        // SAFETY: one valid pollfd on the stack, count 1, no timeout.
        let n = unsafe { libc::poll(&mut p, 1, -1) };
        if n > 0 {
            return p.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0;
        }
        if n < 0 && io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            return false;
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub(super) fn nonblocking_stdout() -> Option<File> {
    None
}
