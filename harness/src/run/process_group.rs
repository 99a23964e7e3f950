//! Each server under test runs in a process group of its own, and ending the scenario ends
//! the whole group: a server started through `sh -c` or a launcher script leaves no
//! grandchild (a `sleep`, a language runtime) running after its scenario.

use tokio::process::{Child, Command};

/// Makes the command start in a new process group whose id is the child's pid.
pub fn own_group(cmd: &mut Command) -> &mut Command {
    #[cfg(unix)]
    cmd.process_group(0);
    cmd
}

/// Kills the child's process group when told to or when dropped.
#[derive(Debug)]
pub struct GroupGuard(Option<u32>);

impl GroupGuard {
    pub fn of(child: &Child) -> GroupGuard {
        GroupGuard(child.id())
    }

    /// SIGKILL to every process of the group (once).
    pub fn kill(&mut self) {
        #[cfg(unix)]
        if let Some(pgid) = self.0.take()
            && let Ok(pgid) = libc::pid_t::try_from(pgid)
        {
            // SAFETY: killpg has no memory effects; a group that is gone gives ESRCH.
            unsafe {
                libc::killpg(pgid, libc::SIGKILL);
            }
        }
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.kill();
    }
}
