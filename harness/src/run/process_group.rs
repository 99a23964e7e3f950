//! Each server under test runs in a process group of its own, and ending the scenario ends
//! the whole group: a server started through `sh -c` or a launcher script leaves no
//! grandchild (a `sleep`, a language runtime) running after its scenario.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::process::{Child, Command};

/// The groups alive now, for `stop_all` (an interrupted run, `super::interrupt`).
static LIVE: Mutex<Vec<u32>> = Mutex::new(Vec::new());
/// Set by `stop_all`: from then on nothing starts. The flag is this module's own, so that
/// it need not ask the interrupt handler (which calls `stop_all`) back.
static STOPPED: AtomicBool = AtomicBool::new(false);

/// Makes the command start in a new process group whose id is the child's pid.
pub fn own_group(cmd: &mut Command) -> &mut Command {
    #[cfg(unix)]
    cmd.process_group(0);
    cmd
}

/// Kills the child's process group when told to or when dropped.
#[derive(Debug)]
pub struct GroupGuard(Option<u32>);

/// Starts `cmd` in a group of its own, noted for `stop_all` under the lock `stop_all`
/// takes, so that no server started as the run is interrupted is missed; once it has
/// been, nothing starts.
pub fn spawn(cmd: &mut Command) -> std::io::Result<(Child, GroupGuard)> {
    let mut live = LIVE
        .lock()
        .map_err(|_| std::io::Error::other("the list of running servers is poisoned"))?;
    if STOPPED.load(Ordering::SeqCst) {
        return Err(std::io::Error::other("the run was interrupted"));
    }
    let child = own_group(cmd).spawn()?;
    live.extend(child.id());
    let guard = GroupGuard(child.id());
    Ok((child, guard))
}

impl GroupGuard {
    /// SIGKILL to every process of the group (once).
    pub fn kill(&mut self) {
        if let Some(pgid) = self.0.take() {
            if let Ok(mut live) = LIVE.lock() {
                live.retain(|&g| g != pgid);
            }
            kill_group(pgid);
        }
    }
}

/// SIGKILL to every live group, and no group started after; the number of groups.
pub fn stop_all() -> usize {
    STOPPED.store(true, Ordering::SeqCst);
    let groups = LIVE
        .lock()
        .map(|mut l| std::mem::take(&mut *l))
        .unwrap_or_default();
    for &pgid in &groups {
        kill_group(pgid);
    }
    groups.len()
}

fn kill_group(pgid: u32) {
    #[cfg(unix)]
    if let Ok(pgid) = libc::pid_t::try_from(pgid) {
        // SAFETY: killpg has no memory effects; a group that is gone gives ESRCH.
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.kill();
    }
}
