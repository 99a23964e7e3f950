//! Where the harness makes each scenario's root and outside area (the scratch directory),
//! and what that place allows: whether names there fold case (GHSA-4gxg-m5jx-9j57 needs a
//! root where `LINK` names `link`) and whether the harness can make a device node in it.
//!
//! The directory is the suite's own (`SuiteOptions::scratch_dir`), else `--scratch-dir DIR`,
//! else the environment variable `MCP_HARNESS_SCRATCH_DIR`, else `/var/tmp/mcp-harness-<uid>`
//! (made for the user, mode 0700, removed when a run leaves it empty), else the system's
//! temporary directory.
//!
//! Why not the system's temporary directory, the home directory or the working directory:
//! some servers allow those whatever root they are given (fast-filesystem-mcp always allows
//! `/tmp`, `$HOME`, `/home` and `/Users`; others default to their working directory, which
//! is the harness's), so an outside area there would test that allow list, not the root
//! check (UNIVERSAL-CONFINEMENT). `/var/tmp` is none of them on Linux and macOS, is
//! writable by every user, and is on disk (10 MB files are no burden). A scratch directory
//! under one of those places is used as asked, with a warning (`allowed_by_default`).

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::{OnceLock, RwLock};

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
        _ => default_dir(),
    }
}

/// The parent of the per-user default, a place servers do not allow by default.
const SHARED_PARENT: &str = "/var/tmp";

/// `/var/tmp/mcp-harness-<uid>`, the default scratch directory.
fn per_user_dir() -> PathBuf {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    Path::new(SHARED_PARENT).join(format!("mcp-harness-{uid}"))
}

/// The default: the per-user directory when it can be made (or is already this user's),
/// else the system's temporary directory (which `allowed_by_default` then warns of).
fn default_dir() -> PathBuf {
    static DEFAULT: OnceLock<PathBuf> = OnceLock::new();
    DEFAULT
        .get_or_init(|| {
            let mine = per_user_dir();
            match own_dir(&mine) {
                Ok(()) => mine,
                Err(_) => std::env::temp_dir(),
            }
        })
        .clone()
}

/// Makes `dir` (mode 0700) or checks that it is a real directory of this user's: in a
/// directory every user writes, another user's directory or a symlink planted under this
/// name must not receive the roots.
fn own_dir(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt};
    let made = std::fs::DirBuilder::new().mode(0o700).create(dir);
    if let Err(e) = made
        && e.kind() != std::io::ErrorKind::AlreadyExists
    {
        return Err(format!("cannot create {}: {e}", dir.display()));
    }
    let meta = std::fs::symlink_metadata(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    // SAFETY: geteuid has no preconditions and cannot fail.
    if !meta.is_dir() || meta.uid() != unsafe { libc::geteuid() } {
        return Err(format!(
            "{} is not a directory of this user's; remove it, or give --scratch-dir (or {ENV}) \
             a directory of your own",
            dir.display()
        ));
    }
    Ok(())
}

/// A fresh directory in the scratch directory, removed when dropped (or when the run is
/// interrupted, `super::interrupt`).
pub fn tempdir(prefix: &str) -> Result<tempfile::TempDir, String> {
    let dir = dir();
    super::interrupt::make_scratch(|| {
        let make = || tempfile::Builder::new().prefix(prefix).tempdir_in(&dir);
        let mut made = make();
        // The per-user default, removed by another run that left it empty: made again (a
        // few times, as runs that end at once may remove it between the two steps).
        for _ in 0..3 {
            match &made {
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && dir == per_user_dir() => {
                    own_dir(&dir)?;
                    made = make();
                }
                _ => break,
            }
        }
        made.map_err(|e| {
            format!(
                "cannot create a temporary directory in {} (the scratch directory: \
                 --scratch-dir, {ENV}, else {}): {e}",
                dir.display(),
                per_user_dir().display()
            )
        })
    })
}

/// Removes the per-user default when the run leaves it empty (another run's roots keep it).
pub fn tidy() {
    let mine = per_user_dir();
    if dir() == mine {
        let _ = std::fs::remove_dir(&mine);
    }
}

/// The places some servers allow whatever root they are given, each with its name: the
/// system's temporary directory (and `/tmp`), the home directory, `/home`, `/Users`, and
/// the working directory (a server's default, and the harness starts it there).
fn default_allowed() -> Vec<(String, PathBuf)> {
    let mut places = vec![
        (
            "the system's temporary directory".to_string(),
            std::env::temp_dir(),
        ),
        (
            "the system's temporary directory".into(),
            PathBuf::from("/tmp"),
        ),
        ("/home".into(), PathBuf::from("/home")),
        ("/Users".into(), PathBuf::from("/Users")),
    ];
    if let Some(home) = std::env::var_os("HOME") {
        places.push(("the home directory".into(), PathBuf::from(home)));
    }
    if let Ok(cwd) = std::env::current_dir() {
        places.push(("the working directory".into(), cwd));
    }
    places
}

/// Which commonly allowed place `dir` lies in, as "NAME (PATH)", or `None`. Paths are
/// compared resolved (macOS's `/var` is `/private/var`), and `/` is no place.
pub fn allowed_by_default(dir: &Path) -> Option<String> {
    let resolve = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let dir = resolve(dir);
    default_allowed().into_iter().find_map(|(name, place)| {
        let place = resolve(&place);
        (place != Path::new("/") && dir.starts_with(&place))
            .then(|| format!("{name} ({})", place.display()))
    })
}

/// The warning for a scratch directory in a commonly allowed place, with what to do.
pub fn warning(dir: &Path) -> Option<String> {
    allowed_by_default(dir).map(|place| {
        format!(
            "the scratch directory {} lies in {place}, which some servers allow whatever root \
             they are given: an escape case there may pass through that allow list and never \
             test the root check. Give --scratch-dir (or {ENV}) a directory outside the \
             system's temporary directory, the home directory, /home, /Users and the working \
             directory (the default, {}, is)",
            dir.display(),
            per_user_dir().display()
        )
    })
}

/// What the reports say of the places the run used: where the roots and outside areas
/// were made, and the warning's place when it is one some servers allow.
pub fn places_sentence(dir: &Path) -> String {
    let mut s = format!(
        "Roots and outside areas: in {} (each scenario's mcp-harness-*/root and \
         mcp-harness-*/root_evil).",
        dir.display()
    );
    if let Some(place) = allowed_by_default(dir) {
        s.push_str(&format!(
            " It lies in {place}, which some servers allow whatever root they are given: \
             their escape cases may not test the root check."
        ));
    }
    s
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
    fn the_default_lies_outside_the_places_servers_allow_by_default() {
        // /var/tmp exists here (Linux, macOS): the default is this user's directory in it.
        assert_eq!(default_dir(), per_user_dir());
        assert_eq!(allowed_by_default(&default_dir()), None);
        assert_eq!(warning(&default_dir()), None);
        // Without MCP_HARNESS_SCRATCH_DIR the default is what `dir` falls back to; where it
        // is set (CI's test step), the default is made this thread's choice instead.
        let chosen_by_env = std::env::var_os(ENV).is_some_and(|d| !d.is_empty());
        let _default = chosen_by_env.then(|| for_this_suite(Some(default_dir())));
        let made = tempdir("mcp-harness-test-").unwrap();
        assert!(made.path().starts_with(per_user_dir()), "{:?}", made.path());
        drop(made);
        // Removed when left empty (unless another test's root is in it), and made again.
        tidy();
        let again = tempdir("mcp-harness-test-").unwrap();
        assert!(
            again.path().starts_with(per_user_dir()),
            "{:?}",
            again.path()
        );
    }

    #[test]
    fn a_scratch_directory_in_the_temporary_or_home_directory_is_warned_of() {
        let tmp = std::env::temp_dir().join("somewhere");
        let w = warning(&tmp).unwrap();
        assert!(
            w.contains("temporary directory") && w.contains("--scratch-dir"),
            "{w}"
        );
        assert!(places_sentence(&tmp).contains("may not test the root check"));
        if let Some(home) = std::env::var_os("HOME").filter(|h| h != "/") {
            let at_home = PathBuf::from(home).join("scratch");
            assert!(allowed_by_default(&at_home).is_some(), "{at_home:?}");
        }
        let cwd = std::env::current_dir().unwrap().join("scratch");
        assert!(allowed_by_default(&cwd).is_some(), "{cwd:?}");
        assert_eq!(allowed_by_default(Path::new("/srv/harness")), None);
    }

    #[test]
    fn a_planted_symlink_is_not_taken_for_the_users_directory() {
        let d = tempfile::tempdir().unwrap();
        let planted = d.path().join("mcp-harness-0");
        std::os::unix::fs::symlink(d.path(), &planted).unwrap();
        let why = own_dir(&planted).unwrap_err();
        assert!(why.contains("not a directory of this user's"), "{why}");
        let fresh = d.path().join("mine");
        own_dir(&fresh).unwrap();
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&fresh).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
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
