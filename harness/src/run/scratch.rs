//! Where the harness makes each scenario's root and outside area (the scratch directory),
//! and what that place allows: whether names there fold case (GHSA-4gxg-m5jx-9j57 needs a
//! root where `LINK` names `link`) and whether the harness can make a device node in it.
//!
//! The directory is the suite's own (`SuiteOptions::scratch_dir`), else `--scratch-dir DIR`,
//! else the environment variable `MCP_HARNESS_SCRATCH_DIR`, else the system's temporary
//! directory (`TMPDIR`).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::RwLock;

/// The environment variable that names the scratch directory when `--scratch-dir` does not.
pub const ENV: &str = "MCP_HARNESS_SCRATCH_DIR";

static CHOSEN: RwLock<Option<PathBuf>> = RwLock::new(None);

thread_local! {
    /// The running suite's own directory: a suite runs every scenario on the thread that
    /// called it, so suites on several threads can each have their own.
    static THIS_SUITE: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// While the guard lives, roots made on this thread go in `dir` (when it is `Some`).
pub fn for_this_suite(dir: Option<PathBuf>) -> SuiteScratch {
    let before = THIS_SUITE.with(|t| std::mem::replace(&mut *t.borrow_mut(), dir));
    SuiteScratch { before }
}

/// Restores the thread's scratch directory when dropped.
#[must_use]
pub struct SuiteScratch {
    before: Option<PathBuf>,
}

impl Drop for SuiteScratch {
    fn drop(&mut self) {
        THIS_SUITE.with(|t| *t.borrow_mut() = self.before.take());
    }
}

/// Use `dir` for the scenarios that follow in this process (`--scratch-dir`).
pub fn set(dir: Option<PathBuf>) {
    if let Ok(mut c) = CHOSEN.write() {
        *c = dir;
    }
}

/// The scratch directory in force.
pub fn dir() -> PathBuf {
    if let Some(d) = THIS_SUITE.with(|t| t.borrow().clone()) {
        return d;
    }
    if let Some(d) = CHOSEN.read().ok().and_then(|c| c.clone()) {
        return d;
    }
    match std::env::var_os(ENV) {
        Some(d) if !d.is_empty() => PathBuf::from(d),
        _ => std::env::temp_dir(),
    }
}

/// A fresh directory in the scratch directory, removed when dropped (or when the run is
/// interrupted, `super::interrupt`).
pub fn tempdir(prefix: &str) -> Result<tempfile::TempDir, String> {
    let dir = dir();
    super::interrupt::make_scratch(|| {
        tempfile::Builder::new()
            .prefix(prefix)
            .tempdir_in(&dir)
            .map_err(|e| {
                format!(
                    "cannot create a temporary directory in {} (the scratch directory: \
                     --scratch-dir, {ENV} or TMPDIR): {e}",
                    dir.display()
                )
            })
    })
}

/// Whether names in `dir` fold case: a file made as `CaseProbe` is found as `caseprobe`.
pub fn folds_case(dir: &Path) -> Result<bool, String> {
    let probe = tempfile::Builder::new()
        .prefix("mcp-harness-case-")
        .tempdir_in(dir)
        .map_err(|e| format!("cannot create a directory in {}: {e}", dir.display()))?;
    std::fs::write(probe.path().join("CaseProbe"), b"")
        .map_err(|e| format!("cannot write in {}: {e}", probe.path().display()))?;
    Ok(probe.path().join("caseprobe").exists())
}

/// Why the casefold cases cannot run on roots made in `dir`, or `None` when they can.
pub fn casefold_unavailable(dir: &Path) -> Option<String> {
    match folds_case(dir) {
        Ok(true) => None,
        Ok(false) => Some(format!(
            "it needs a root on a filesystem that folds case, and names in the scratch \
             directory {} do not (a file made as CaseProbe is not found as caseprobe); give \
             --scratch-dir (or {ENV}) a directory that folds case, e.g. the FUSE mount that \
             tests/casefold/with-casefold.sh makes",
            dir.display()
        )),
        Err(e) => Some(format!("it needs a root that folds case, and {e}")),
    }
}

/// Why the harness cannot make a device node in `dir`, or `None` when it can.
pub fn device_unavailable(dir: &Path) -> Option<String> {
    let probe = match tempfile::Builder::new()
        .prefix("mcp-harness-dev-")
        .tempdir_in(dir)
    {
        Ok(p) => p,
        Err(e) => {
            return Some(format!(
                "cannot create a directory in {}: {e}",
                dir.display()
            ));
        }
    };
    match make_zero_device(&probe.path().join("zero")) {
        Ok(()) => None,
        Err(e) => Some(format!(
            "it needs a device node in the root, and the harness cannot make one here ({e}); \
             mknod needs root (CAP_MKNOD)"
        )),
    }
}

/// A character device at `path` with /dev/zero's numbers (1, 5 where /dev/zero is absent).
pub fn make_zero_device(path: &Path) -> Result<(), String> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::MetadataExt;
    let rdev = std::fs::metadata("/dev/zero")
        .map(|m| m.rdev())
        .unwrap_or_else(|_| libc::makedev(1, 5));
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| "a device path with a NUL byte".to_string())?;
    // SAFETY: a valid NUL-terminated path; mknod only reads it.
    if unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o644, rdev as libc::dev_t) } != 0 {
        return Err(format!(
            "mknod {}: {}",
            path.display(),
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_suite_scratch_directory_holds_on_its_thread_while_its_guard_lives() {
        let before = dir();
        let mine = PathBuf::from("/suite/own");
        {
            let _guard = for_this_suite(Some(mine.clone()));
            assert_eq!(dir(), mine);
            let other = std::thread::spawn(dir).join().unwrap();
            assert_ne!(other, mine, "another thread keeps the process's directory");
            let _none = for_this_suite(None);
            assert_eq!(dir(), before, "None means the process's directory");
        }
        assert_eq!(dir(), before);
    }

    #[test]
    fn an_ordinary_temporary_directory_does_not_fold_case() {
        let d = tempfile::tempdir().unwrap();
        assert_eq!(folds_case(d.path()), Ok(false));
        assert!(casefold_unavailable(d.path()).unwrap().contains("do not"));
    }

    #[test]
    fn a_device_is_made_exactly_when_mknod_is_allowed() {
        let d = tempfile::tempdir().unwrap();
        let root = unsafe { libc::geteuid() } == 0;
        // As root (CI) the device is made; otherwise the reason names mknod.
        match device_unavailable(d.path()) {
            None => assert!(root, "a device was made without root"),
            Some(why) => assert!(why.contains("mknod"), "{why}"),
        }
    }
}
