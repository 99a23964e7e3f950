//! The allowed directories (FS-ROOTS-001..003): the operator's (the command line's), or
//! the client's MCP roots once it offers them, each confined to an operator's directory
//! (FS-CLR-06). Each has its own storage (a cap-std handle on it); a path argument belongs
//! to the allowed directory that contains it, compared by components (so `<root>_evil` is
//! outside), never by string prefix.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use crate::errors::{Code, ToolError};
use crate::host_roots::HostRoots;
use crate::paths::{self as shared, NormPath};
use crate::storage::{Rooted, Storage};

/// Opens the storage of a directory the client names as a root: the directory `rel` below
/// the operator's directory `base`, never leaving `base`, with its canonical path below
/// `base` (the seam: production opens a `Rooted` sandbox below `base`).
pub type Opener =
    Arc<dyn Fn(&Path, &NormPath) -> std::io::Result<(Box<dyn Storage>, NormPath)> + Send + Sync>;

/// The production opener: `Rooted::open_below`.
pub fn rooted_opener() -> Opener {
    Arc::new(|base, rel| {
        Rooted::open_below(base, rel).map(|(s, c)| (Box::new(s) as Box<dyn Storage>, c))
    })
}

/// Most client roots open at once in the whole process (each holds one directory
/// descriptor): well under the usual limit of 1024 descriptors, so that sessions and
/// connections always have descriptors left. A root past it is refused and logged.
pub const MAX_OPEN_CLIENT_ROOTS: usize = 512;

static OPEN_CLIENT_ROOTS: AtomicUsize = AtomicUsize::new(0);

/// One of the `MAX_OPEN_CLIENT_ROOTS` places, given back when its root is dropped.
pub struct RootSlot(());

impl RootSlot {
    /// A place, or `None` when every one is taken.
    pub fn take() -> Option<RootSlot> {
        OPEN_CLIENT_ROOTS
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_OPEN_CLIENT_ROOTS).then_some(n + 1)
            })
            .ok()
            .map(|_| RootSlot(()))
    }

    /// How many client roots are open now (for tests and logs).
    pub fn in_use() -> usize {
        OPEN_CLIENT_ROOTS.load(Ordering::Acquire)
    }
}

impl Drop for RootSlot {
    fn drop(&mut self) {
        OPEN_CLIENT_ROOTS.fetch_sub(1, Ordering::AcqRel);
    }
}

/// One allowed directory.
pub struct Allowed {
    pub roots: HostRoots,
    pub storage: Box<dyn Storage>,
    /// A client root's place in `MAX_OPEN_CLIENT_ROOTS` (none for the operator's).
    _slot: Option<RootSlot>,
}

impl Allowed {
    /// One of the operator's directories, with its storage.
    pub fn operator(dir: &Path, storage: Box<dyn Storage>) -> std::io::Result<Allowed> {
        Ok(Allowed {
            roots: HostRoots::of(dir)?,
            storage,
            _slot: None,
        })
    }

    /// A client's root: the directory `rel` below this operator's directory, opened by
    /// `opener` without leaving it; `given` is the root as the client named it.
    pub fn below(
        &self,
        rel: &NormPath,
        given: PathBuf,
        opener: &Opener,
        slot: RootSlot,
    ) -> std::io::Result<Allowed> {
        let (storage, canonical) = opener(&self.roots.canonical, rel)?;
        let canonical = self.roots.host(&canonical);
        Ok(Allowed {
            roots: HostRoots {
                given: (given != canonical).then_some(given),
                canonical,
            },
            storage,
            _slot: Some(slot),
        })
    }

    /// The host path of a path inside this directory.
    pub fn host(&self, p: &NormPath) -> PathBuf {
        self.roots.host(p)
    }

    /// Whether this directory is `host` under either of its names.
    pub fn is_named(&self, host: &Path) -> bool {
        self.roots.canonical == host || self.roots.given.as_deref() == Some(host)
    }
}

/// The current set; a call works on the snapshot it took at its start.
pub struct Dirs(RwLock<Arc<Vec<Arc<Allowed>>>>);

impl Dirs {
    pub fn new(list: Vec<Arc<Allowed>>) -> Dirs {
        Dirs(RwLock::new(Arc::new(list)))
    }

    pub fn snapshot(&self) -> Arc<Vec<Arc<Allowed>>> {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn replace(&self, list: Vec<Arc<Allowed>>) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = Arc::new(list);
    }
}

/// A path argument resolved to an allowed directory and a path inside it.
pub struct Resolved {
    pub dir: Arc<Allowed>,
    pub path: NormPath,
}

impl Resolved {
    pub fn host(&self) -> PathBuf {
        self.dir.host(&self.path)
    }

    pub fn storage(&self) -> &dyn Storage {
        &*self.dir.storage
    }
}

fn invalid(given: &str, why: &str) -> ToolError {
    ToolError::new(
        Code::InvalidPath,
        format!(
            "The path {given:?} is not valid: {why}. Pass an absolute path inside an allowed \
             directory (list_allowed_directories names them), e.g. \"/home/me/project/src/main.rs\"."
        ),
    )
    .with("path", given)
}

pub fn outside(given: &str, dirs: &[Arc<Allowed>]) -> ToolError {
    let names: Vec<String> = dirs
        .iter()
        .map(|d| d.roots.canonical.display().to_string())
        .collect();
    ToolError::new(
        Code::PathEscape,
        format!(
            "Access denied - {given} is outside the allowed directories ({}). Only paths inside \
             them can be used; `..` may not leave them and a symlink may not lead out of them.",
            names.join(", ")
        ),
    )
    .with("path", given)
}

/// `~` and `~/x` name the home directory, as in the official server.
fn expand_home(given: &str) -> Option<String> {
    let rest = given.strip_prefix('~')?;
    if !(rest.is_empty() || rest.starts_with('/')) {
        return None;
    }
    let home = std::env::var_os("HOME")?;
    Some(format!("{}{rest}", home.to_str()?))
}

/// Resolves a path argument. An absolute path must lie inside one of `dirs` (the deepest
/// one that contains it wins); a relative one is taken inside the first directory it stays
/// in. Symlinks are judged later by the storage, which never follows one out.
pub fn resolve(given: &str, dirs: &[Arc<Allowed>]) -> Result<Resolved, ToolError> {
    if given.is_empty() {
        return Err(invalid(given, "it is empty"));
    }
    // Before anything else reads it: resolving a path costs work per segment (issue 50: 20,000
    // segments cost 18 s of CPU), and the error quotes only its start.
    if given.len() > shared::MAX_PATH {
        return Err(ToolError::new(
            Code::InvalidPath,
            format!(
                "The path is {} bytes long; paths here are at most {} bytes (Linux's \
                 PATH_MAX). It starts with {:?}. Pass a shorter path.",
                given.len(),
                shared::MAX_PATH,
                shared::prefix(given, 80)
            ),
        ));
    }
    if given.contains('\0') {
        return Err(invalid(given, "it contains a NUL byte"));
    }
    if let Some(why) = shared::mistaken_path(given) {
        return Err(invalid(given, &why));
    }
    let bytes = given.as_bytes();
    if bytes.len() >= 2
        && bytes[0].is_ascii_alphabetic()
        && bytes[1] == b':'
        && matches!(bytes.get(2), None | Some(b'/' | b'\\'))
    {
        return Err(invalid(
            given,
            "it is a Windows path (this server runs on a POSIX host)",
        ));
    }
    // As in every profile (docs/reference-server.md): a model that writes `notes\a.md`
    // means a separator, and a file named with a backslash is one it would not find again.
    if given.contains('\\') {
        return Err(invalid(
            given,
            "it contains a backslash; only \"/\" separates segments here (a POSIX host)",
        ));
    }
    if dirs.is_empty() {
        return Err(ToolError::new(
            Code::PathEscape,
            "No directory is allowed yet: start the server with --root DIR or offer MCP roots."
                .to_owned(),
        ));
    }
    let expanded = expand_home(given);
    let input = expanded.as_deref().unwrap_or(given);
    if !input.starts_with('/') {
        let rel = shared::normalize(input, true).map_err(|e| match e.code {
            Code::PathEscape => outside(given, dirs),
            _ => invalid(given, &e.message),
        })?;
        return Ok(Resolved {
            dir: dirs[0].clone(),
            path: rel,
        });
    }
    let abs = crate::host_roots::lexical_segments(input);
    let best = dirs
        .iter()
        .filter_map(|d| d.roots.strip(&abs).map(|rest| (d, rest)))
        .min_by_key(|(_, rest)| rest.len())
        .ok_or_else(|| outside(given, dirs))?;
    if let Some(s) = best
        .1
        .iter()
        .find(|s| crate::temp_names::is_our_temp_name(s))
    {
        return Err(invalid(given, &shared::reserved_name(s)));
    }
    let path =
        NormPath::from_plain_segments(best.1.to_vec()).ok_or_else(|| outside(given, dirs))?;
    Ok(Resolved {
        dir: best.0.clone(),
        path,
    })
}

/// Most symlinks one path may pass through (as Linux's ELOOP limit).
const MAX_HOPS: usize = 40;

/// Resolves the symlinks on `r`'s path (all its components, or all but the last when
/// `last` is false) while they stay inside its allowed directory, including links with an
/// absolute target that names a place inside it, which the sandbox alone refuses. Anything
/// else (a link out, a loop, an error) leaves the path as it was: the sandbox then refuses
/// it or reports it. This only rewrites the path; every later access still goes through
/// the sandbox, so a link swapped in meanwhile can make the call fail, never escape.
pub fn follow(r: Resolved, last: bool) -> Resolved {
    let segs = r.path.segments();
    let keep = if last {
        segs.len()
    } else {
        segs.len().saturating_sub(1)
    };
    let mut todo: std::collections::VecDeque<String> = segs[..keep].iter().cloned().collect();
    let mut done: Vec<String> = Vec::new();
    let mut hops = 0;
    let mut absolute = false;
    while let Some(seg) = todo.pop_front() {
        done.push(seg);
        let here = NormPath::from_plain_segments(done.clone()).expect("plain segments");
        let target = match r.storage().link_target(&here) {
            Ok(Some(t)) => t,
            Ok(None) => continue,
            // Nothing below an entry that cannot be read is a link to follow: the rest of
            // the path stays as given (and each further prefix would cost a walk from the
            // top, quadratic in the path's segments).
            Err(_) => {
                done.extend(todo.drain(..));
                break;
            }
        };
        hops += 1;
        let Some(target) = target.to_str() else {
            return r;
        };
        if hops > MAX_HOPS {
            return r;
        }
        done.pop();
        if target.starts_with('/') {
            let abs = crate::host_roots::lexical_segments(target);
            let Some(inside) = r.dir.roots.strip(&abs) else {
                return r;
            };
            absolute = true;
            done.clear();
            for s in inside.iter().rev() {
                todo.push_front(s.clone());
            }
        } else {
            let mut rel: Vec<String> = Vec::new();
            for s in target.split('/') {
                match s {
                    "" | "." => {}
                    ".." if rel.is_empty() || rel.last().is_some_and(|l| l == "..") => {
                        rel.push("..".into())
                    }
                    ".." => {
                        rel.pop();
                    }
                    s => rel.push(s.to_owned()),
                }
            }
            for s in rel.into_iter().rev() {
                todo.push_front(s);
            }
        }
        // Leading `..` of a relative target climb from the link's directory.
        while todo.front().is_some_and(|s| s == "..") {
            todo.pop_front();
            if done.pop().is_none() {
                return r;
            }
        }
    }
    // Relative links the sandbox follows itself, with the same result.
    if !absolute {
        return r;
    }
    done.extend(segs[keep..].iter().cloned());
    let Some(path) = NormPath::from_plain_segments(done) else {
        return r;
    };
    // A dangling link is refused by the sandbox (never written through), whatever its
    // target: so the path stays the link's when what it names does not exist.
    if last
        && r.storage().link_target(&r.path).is_ok_and(|t| t.is_some())
        && r.storage().stat(&path).is_err()
    {
        return r;
    }
    Resolved { dir: r.dir, path }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn operator(dir: &Path) -> Arc<Allowed> {
        let storage = Box::new(Rooted::open(dir).unwrap());
        Arc::new(Allowed::operator(dir, storage).unwrap())
    }

    fn dirs(t: &Path) -> Vec<Arc<Allowed>> {
        std::fs::create_dir_all(t.join("root/sub")).unwrap();
        std::fs::create_dir_all(t.join("root_evil")).unwrap();
        vec![operator(&t.join("root")), operator(&t.join("root/sub"))]
    }

    #[test]
    fn absolute_paths_go_to_the_deepest_allowed_directory() {
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let d = dirs(&t);
        let r = resolve(&format!("{}/root/a/../b.txt", t.display()), &d).unwrap();
        assert_eq!(
            (r.path.display(), r.host()),
            ("/b.txt".into(), t.join("root/b.txt"))
        );
        let r = resolve(&format!("{}/root/sub/x", t.display()), &d).unwrap();
        assert_eq!(r.path.display(), "/x");
        assert!(Arc::ptr_eq(&r.dir, &d[1]));
    }

    #[test]
    fn outside_paths_and_bad_input_are_refused() {
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let d = dirs(&t);
        for p in [
            format!("{}/root_evil/s", t.display()),
            format!("{}/root/../root_evil", t.display()),
            "/etc/passwd".to_owned(),
            "../x".to_owned(),
        ] {
            assert_eq!(resolve(&p, &d).err().unwrap().code, Code::PathEscape, "{p}");
        }
        for p in ["", "a\0b", "C:\\Windows", "c:/x"] {
            assert_eq!(
                resolve(p, &d).err().unwrap().code,
                Code::InvalidPath,
                "{p:?}"
            );
        }
        assert_eq!(resolve("a/b", &d).unwrap().host(), t.join("root/a/b"));
    }

    #[test]
    fn links_inside_are_followed_even_with_absolute_targets() {
        use std::os::unix::fs::symlink;
        let t = tempfile::tempdir().unwrap();
        let t = std::fs::canonicalize(t.path()).unwrap();
        let d = dirs(&t);
        let root = t.join("root");
        std::fs::create_dir_all(root.join("real/deep")).unwrap();
        symlink(root.join("real"), root.join("abs")).unwrap();
        symlink("real/deep", root.join("rel")).unwrap();
        symlink("../../real", root.join("real/deep/up")).unwrap();
        symlink(t.join("root_evil"), root.join("out")).unwrap();
        symlink("loop", root.join("loop")).unwrap();
        let f = |p: &str, last: bool| {
            follow(
                resolve(&format!("{}/root/{p}", t.display()), &d).unwrap(),
                last,
            )
            .path
            .display()
        };
        assert_eq!(f("abs/x.txt", true), "/real/x.txt");
        assert_eq!(f("abs", true), "/real");
        assert_eq!(f("abs", false), "/abs");
        assert_eq!(f("abs/deep/up/x", true), "/real/x");
        // Relative links alone are left to the sandbox, which follows them the same way.
        assert_eq!(f("rel/up/x", true), "/rel/up/x");
        symlink(root.join("real/none"), root.join("dangling")).unwrap();
        assert_eq!(f("dangling", true), "/dangling");
        // Out, looping or missing: left as it was, for the sandbox to refuse or report.
        assert_eq!(f("out/s", true), "/out/s");
        assert_eq!(f("loop/x", true), "/loop/x");
        assert_eq!(f("missing/x", true), "/missing/x");
    }
}
