//! Standard output and error that never break a run: when either is a pipe or a socket
//! (`mcp-harness run … 2>&1 | head -1`, `… | tee log` in CI), the harness writes into a
//! pipe of its own and a thread copies it on, dropping what the reader no longer takes.
//! Every writer in the process (std's `println!`, anstream, cucumber's) then writes into a
//! pipe that stays open, so none panics on EPIPE and the run ends with its own exit code.
//! A terminal or a file is left as it is: neither closes under a writer, and colour and
//! progress keep seeing a terminal.

use std::sync::Mutex;
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// One relay per pipe: the descriptors writing into it, and the word that it has copied
/// everything.
struct Relay {
    fds: Vec<i32>,
    done: Receiver<()>,
}

static RELAYS: Mutex<Vec<Relay>> = Mutex::new(Vec::new());

/// How long `finish` waits for a relay to copy what is left.
const DRAIN: Duration = Duration::from_secs(3);

/// Puts a relay between this process and a stdout or stderr that is a pipe or a socket
/// (one relay for both when they are the same pipe, so `2>&1` keeps their order). Call it
/// before any other thread starts writing.
pub fn protect() {
    #[cfg(unix)]
    unix::protect();
}

/// Flushes stdout and lets each relay copy what is left (at most `DRAIN`), then points
/// the relayed descriptors at /dev/null. Call it last, before the process exits.
pub fn finish() {
    use std::io::Write as _;
    let _ = std::io::stdout().flush();
    let relays = match RELAYS.lock() {
        Ok(mut r) => std::mem::take(&mut *r),
        Err(_) => return,
    };
    for relay in relays {
        #[cfg(unix)]
        unix::close_writers(&relay.fds);
        let _ = relay.done.recv_timeout(DRAIN);
    }
}

#[cfg(unix)]
mod unix {
    use std::fs::File;
    use std::io::{Read as _, Write as _};
    use std::os::fd::FromRawFd as _;

    use super::{RELAYS, Relay};

    /// The device and inode of `fd` when it is a pipe or a socket.
    fn pipe_like(fd: i32) -> Option<(u64, u64)> {
        // SAFETY: fstat writes into the zeroed struct it is given and nothing else.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        if unsafe { libc::fstat(fd, &mut st) } != 0 {
            return None;
        }
        let kind = st.st_mode & libc::S_IFMT;
        (kind == libc::S_IFIFO || kind == libc::S_IFSOCK).then_some((st.st_dev, st.st_ino))
    }

    pub fn protect() {
        let (out, err) = (pipe_like(1), pipe_like(2));
        if out.is_some() && out == err {
            relay(&[1, 2]);
            return;
        }
        if out.is_some() {
            relay(&[1]);
        }
        if err.is_some() {
            relay(&[2]);
        }
    }

    /// Makes `fds` write into a new pipe whose other end a thread copies to where `fds[0]`
    /// wrote before. Leaves `fds` alone when any step fails.
    fn relay(fds: &[i32]) {
        // SAFETY: plain descriptor calls; every descriptor made here is owned below.
        let original = unsafe { libc::fcntl(fds[0], libc::F_DUPFD_CLOEXEC, 3) };
        if original < 0 {
            return;
        }
        let mut ends = [0i32; 2];
        if unsafe { libc::pipe2(ends.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
            unsafe { libc::close(original) };
            return;
        }
        let (reader, writer) = unsafe { (File::from_raw_fd(ends[0]), File::from_raw_fd(original)) };
        let (tx, rx) = std::sync::mpsc::channel();
        let spawned = std::thread::Builder::new()
            .name("mcp-harness-relay".into())
            .spawn(move || {
                copy(reader, writer);
                let _ = tx.send(());
            });
        if spawned.is_err() {
            unsafe { libc::close(ends[1]) };
            return;
        }
        for &fd in fds {
            unsafe { libc::dup2(ends[1], fd) };
        }
        unsafe { libc::close(ends[1]) };
        if let Ok(mut r) = RELAYS.lock() {
            r.push(Relay {
                fds: fds.to_vec(),
                done: rx,
            });
        }
    }

    /// Copies until every writer has closed; once the reader is gone, only drains.
    fn copy(mut from: File, mut to: File) {
        let mut buf = [0u8; 8192];
        let mut open = true;
        loop {
            match from.read(&mut buf) {
                Ok(0) => return,
                Ok(n) => {
                    if open && to.write_all(&buf[..n]).is_err() {
                        open = false;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => return,
            }
        }
    }

    /// Points `fds` at /dev/null, closing this process's last writing ends of the relay.
    pub fn close_writers(fds: &[i32]) {
        let Ok(null) = std::fs::OpenOptions::new().write(true).open("/dev/null") else {
            return;
        };
        for &fd in fds {
            // SAFETY: dup2 onto a standard descriptor this module redirected.
            unsafe { libc::dup2(std::os::fd::AsRawFd::as_raw_fd(&null), fd) };
        }
    }
}
