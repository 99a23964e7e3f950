//! Ctrl-C (SIGINT) and SIGTERM end a run cleanly: the servers' process groups are killed,
//! the scratch directories removed, the report files not yet written removed (none is left
//! empty or half written), and the harness exits 128 + the signal's number (130 for Ctrl-C).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// Every scenario's scratch directory made so far (removing one already gone is a no-op).
static SCRATCH: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());
/// The report files created at the start and not yet filled.
static REPORTS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Whether the run has been interrupted (nothing new should start).
pub fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst)
}

/// Makes a scratch directory with `make` and notes it, to remove on interruption. Both
/// happen under one lock, which `stop` takes too, so that no directory made as the run
/// stops is missed; once it has stopped, nothing is made.
pub fn make_scratch<T: AsRef<Path>>(make: impl FnOnce() -> Result<T, String>) -> Result<T, String> {
    let Ok(mut s) = SCRATCH.lock() else {
        return make();
    };
    if interrupted() {
        return Err("the run was interrupted".into());
    }
    let made = make()?;
    s.push(made.as_ref().to_path_buf());
    Ok(made)
}

/// Notes report files created empty, to remove if the run is interrupted before they are
/// filled.
pub fn reports_pending(paths: impl IntoIterator<Item = PathBuf>) {
    if let Ok(mut r) = REPORTS.lock() {
        r.extend(paths);
    }
}

/// The report files are complete: an interruption from now on leaves them.
pub fn reports_written() {
    if let Ok(mut r) = REPORTS.lock() {
        r.clear();
    }
}

/// Starts the thread that waits for SIGINT or SIGTERM and then stops the run.
pub fn watch() {
    let _ = std::thread::Builder::new()
        .name("mcp-harness-signals".into())
        .spawn(|| {
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            if let Some(signal) = rt.block_on(next_signal()) {
                stop(signal);
            }
        });
}

/// The number of the first SIGINT or SIGTERM received.
#[cfg(unix)]
async fn next_signal() -> Option<i32> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut int = signal(SignalKind::interrupt()).ok()?;
    let mut term = signal(SignalKind::terminate()).ok()?;
    tokio::select! {
        _ = int.recv() => Some(libc::SIGINT),
        _ = term.recv() => Some(libc::SIGTERM),
    }
}

#[cfg(not(unix))]
async fn next_signal() -> Option<i32> {
    tokio::signal::ctrl_c().await.ok().map(|()| 2)
}

/// Ends the run: servers first (so that none writes into a root being removed), then the
/// scratch directories and the unfinished reports; then exits.
fn stop(signal: i32) -> ! {
    INTERRUPTED.store(true, Ordering::SeqCst);
    let servers = super::process_group::stop_all();
    let dirs = SCRATCH.lock().map(|s| s.clone()).unwrap_or_default();
    for dir in &dirs {
        remove_tree(dir);
    }
    let reports = REPORTS.lock().map(|r| r.clone()).unwrap_or_default();
    for path in &reports {
        let _ = std::fs::remove_file(path);
    }
    let _ = writeln!(
        std::io::stderr(),
        "\nmcp-harness: interrupted: stopped {servers} server process group(s), removed the \
         scratch directories{}; no result was recorded.",
        if reports.is_empty() {
            String::new()
        } else {
            " and the unfinished report files".into()
        }
    );
    crate::pipes::finish();
    std::process::exit(128 + signal)
}

/// Removes `dir` and everything in it, first making its directories writable (a case may
/// have left one read-only).
fn remove_tree(dir: &Path) {
    if std::fs::remove_dir_all(dir).is_ok() || !dir.exists() {
        return;
    }
    make_writable(dir);
    let _ = std::fs::remove_dir_all(dir);
}

fn make_writable(dir: &Path) {
    use std::os::unix::fs::PermissionsExt as _;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        if e.file_type().is_ok_and(|t| t.is_dir()) {
            make_writable(&e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_read_only_tree_is_removed() {
        use std::os::unix::fs::PermissionsExt as _;
        let base = tempfile::tempdir().unwrap();
        let dir = base.path().join("scratch");
        std::fs::create_dir_all(dir.join("locked/inner")).unwrap();
        std::fs::write(dir.join("locked/inner/f"), b"x").unwrap();
        for d in ["locked/inner", "locked"] {
            let p = dir.join(d);
            std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o500)).unwrap();
        }
        remove_tree(&dir);
        assert!(!dir.exists());
    }
}
