//! Start-up housekeeping: temp files left by writers killed earlier are swept in the
//! background, once the first reply is out and at idle priority, so the sweep never
//! delays the answer to `initialize` or takes a core from a request.
//!
//! Why deferred: on the bench's 10,000-file root the walk costs about 4 ms of CPU, and run
//! beside start-up on a loaded 2-core machine it made the initialize reply 6.8 ms instead
//! of 1.9 ms (median of 30 starts; docs/speed.md). At idle priority alone it was still
//! 3.2 ms: the walk's page faults and maps share the process's memory lock with start-up.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// Entries the sweep visits at most.
pub const SWEEP_MAX_ENTRIES: usize = 200_000;

/// How long after start-up the sweep begins where replies are not reported (HTTP).
const HTTP_DELAY: Duration = Duration::from_secs(1);

/// The root to sweep, kept until the sweep starts (it starts once).
static PENDING: Mutex<Option<crate::sandbox::Sandbox>> = Mutex::new(None);

/// Set when the first reply has been written.
static FIRST_REPLY: AtomicBool = AtomicBool::new(false);

/// Opens `root` for the sweep, which starts after the first reply (`reply_written`) or,
/// over HTTP, a moment after start-up (`sweep_soon`). Even the sweep's thread is started
/// only then: spawning it delayed the answer to `initialize`.
pub fn sweep_stale_temps_later(root: &Path) {
    if let Ok(root) = crate::sandbox::Sandbox::open(root) {
        *PENDING.lock().unwrap_or_else(|e| e.into_inner()) = Some(root);
    }
}

/// Called by the stdio transport for every reply written; the first starts the sweep.
pub fn reply_written() {
    if !FIRST_REPLY.load(Ordering::Relaxed) && !FIRST_REPLY.swap(true, Ordering::AcqRel) {
        start_sweep(Duration::ZERO);
    }
}

/// Starts the sweep after `HTTP_DELAY`, for a transport that does not report replies.
pub fn sweep_soon() {
    start_sweep(HTTP_DELAY);
}

/// Sweeps the pending root, if any, on a thread of its own after `delay`.
fn start_sweep(delay: Duration) {
    let Some(root) = PENDING.lock().unwrap_or_else(|e| e.into_inner()).take() else {
        return;
    };
    let _ = std::thread::Builder::new()
        .name("mcp-sweep".into())
        .spawn(move || {
            std::thread::sleep(delay);
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
