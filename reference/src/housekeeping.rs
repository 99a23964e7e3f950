//! Start-up housekeeping: temp files left by writers killed earlier are swept in the
//! background, once the first reply is out and at idle priority, so the sweep never
//! delays the answer to `initialize` or takes a core from a request.
//!
//! Why deferred: on the bench's 10,000-file root the walk costs about 4 ms of CPU, and run
//! beside start-up on a loaded 2-core machine it made the initialize reply 6.8 ms instead
//! of 1.9 ms (median of 30 starts; docs/speed.md). At idle priority alone it was still
//! 3.2 ms: the walk's page faults and maps share the process's memory lock with start-up.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Entries the sweep visits at most.
pub const SWEEP_MAX_ENTRIES: usize = 200_000;

/// How long the sweep waits for a first reply (over HTTP, or when no client speaks).
const FIRST_REPLY_WAIT: Duration = Duration::from_secs(1);

/// A one-way gate: closed until opened, then open for good.
struct Gate {
    open: AtomicBool,
    lock: Mutex<bool>,
    opened: Condvar,
}

impl Gate {
    const fn new() -> Gate {
        Gate {
            open: AtomicBool::new(false),
            lock: Mutex::new(false),
            opened: Condvar::new(),
        }
    }

    /// Opens the gate; cheap when it is already open.
    fn open(&self) {
        if self.open.swap(true, Ordering::AcqRel) {
            return;
        }
        *self.lock.lock().unwrap_or_else(|e| e.into_inner()) = true;
        self.opened.notify_all();
    }

    /// Waits until the gate is open, or `limit` has passed.
    fn wait(&self, limit: Duration) {
        let guard = self.lock.lock().unwrap_or_else(|e| e.into_inner());
        let _ = self.opened.wait_timeout_while(guard, limit, |open| !*open);
    }
}

/// Opened when the first reply has been written.
static FIRST_REPLY: Gate = Gate::new();

/// Called by the transport for every reply written; cheap after the first.
pub fn reply_written() {
    FIRST_REPLY.open();
}

/// Sweeps stale temp files under `root` on a thread of its own, after the first reply.
pub fn sweep_stale_temps_later(root: &Path) {
    let Ok(root) = crate::sandbox::Sandbox::open(root) else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("mcp-sweep".into())
        .spawn(move || {
            FIRST_REPLY.wait(FIRST_REPLY_WAIT);
            run_at_idle_priority();
            let n = root.sweep_stale_temps(SWEEP_MAX_ENTRIES);
            if n > 0 {
                eprintln!("mcp-reference: removed {n} stale temp file(s) of killed writes");
            }
        });
}

/// Moves the calling thread to SCHED_IDLE, so it runs only on a core nothing else wants.
/// Best effort: housekeeping that cannot lower its priority still runs.
fn run_at_idle_priority() {
    #[cfg(target_os = "linux")]
    {
        let param = libc::sched_param { sched_priority: 0 };
        // SAFETY: pid 0 is the calling thread; the parameter is a valid sched_param.
        unsafe {
            libc::sched_setscheduler(0, libc::SCHED_IDLE, &param);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::time::Instant;

    /// A wait ends when the gate opens, not at its limit, and an open gate stays open.
    #[test]
    fn a_wait_ends_when_the_gate_opens() {
        let gate = Arc::new(Gate::new());
        let g = gate.clone();
        let waiter = std::thread::spawn(move || {
            let t = Instant::now();
            g.wait(Duration::from_secs(30));
            t.elapsed()
        });
        std::thread::sleep(Duration::from_millis(50));
        gate.open();
        let waited = waiter.join().unwrap();
        assert!(waited >= Duration::from_millis(40), "{waited:?}");
        assert!(waited < Duration::from_secs(10), "{waited:?}");
        let t = Instant::now();
        gate.wait(Duration::from_secs(30));
        assert!(t.elapsed() < Duration::from_secs(1));
    }

    /// A closed gate lets a wait go at its limit.
    #[test]
    fn a_wait_on_a_closed_gate_ends_at_its_limit() {
        let t = Instant::now();
        Gate::new().wait(Duration::from_millis(30));
        assert!(t.elapsed() >= Duration::from_millis(30));
    }
}
