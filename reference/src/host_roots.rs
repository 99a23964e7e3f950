//! Host-path containment for the profiles whose clients may name a file by its absolute
//! host path (lighthouse, devs, editor, filesystem): relative paths stay below the root,
//! and an absolute path is accepted only when it lies inside the root, compared component
//! by component (so `<root>_evil/x` is outside), never by string prefix (LH-CLR-03,
//! DV-CLR-08).
//!
//! Lexical only: symlinks are judged later by the shared sandbox, through its capability
//! handle on the root. Each profile words a `PathRefusal` in its own error codes.
//!
//! Named `HostRoots`, not `Roots`: MCP "roots" are the client's `file://` URIs
//! (`filesystem/roots.rs`); these are the host forms of a directory the operator gave.

use std::path::{Component, Path, PathBuf};

use crate::errors::Code;
use crate::paths::{self as shared, NormPath};

/// The absolute forms of the root that an absolute path may start with.
#[derive(Debug, Clone)]
pub struct HostRoots {
    /// The canonical host path of the root (symlinks resolved); resolved paths use it.
    pub canonical: PathBuf,
    /// The root as given on the command line, when absolute and plain (no `.`/`..`).
    pub given: Option<PathBuf>,
}

impl HostRoots {
    /// Finds the root's host paths (once, at start-up).
    pub fn of(root: &Path) -> std::io::Result<HostRoots> {
        let canonical = std::fs::canonicalize(root)?;
        let plain = root.is_absolute()
            && root
                .components()
                .all(|c| matches!(c, Component::RootDir | Component::Normal(_)));
        let given = (plain && root != canonical).then(|| root.to_path_buf());
        Ok(HostRoots { canonical, given })
    }

    /// The host path a resolved path stands for (lexical: a symlink in it is not followed).
    pub fn host(&self, p: &NormPath) -> PathBuf {
        let mut h = self.canonical.clone();
        for s in p.segments() {
            h.push(s);
        }
        h
    }

    /// The part of an absolute (already lexically normalized) path below one of the roots.
    pub fn strip<'a>(&self, abs: &'a [String]) -> Option<&'a [String]> {
        [Some(&self.canonical), self.given.as_ref()]
            .into_iter()
            .flatten()
            .find_map(|root| {
                // A root with a non-UTF-8 name can never be written as a string argument.
                let root: Vec<&str> = root
                    .components()
                    .filter(|c| matches!(c, Component::Normal(_)))
                    .map(|c| c.as_os_str().to_str())
                    .collect::<Option<_>>()?;
                (abs.len() >= root.len() && abs.iter().zip(&root).all(|(a, r)| a == r))
                    .then(|| &abs[root.len()..])
            })
    }
}

/// Why a path argument names no file inside the root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PathRefusal {
    /// It leads outside the root (through `..` or an absolute path elsewhere).
    Outside,
    /// It is not a usable path at all; the reason, e.g. "it is empty".
    Invalid(String),
}

impl PathRefusal {
    fn invalid(why: &str) -> Self {
        PathRefusal::Invalid(why.to_owned())
    }

    /// The sentence every profile words an invalid path with: `The path "x" is not valid:
    /// <why>.`
    pub fn invalid_sentence(input: &str, why: &str) -> String {
        // A path over the cap is quoted by its start alone (`refuse_malformed` says how long).
        if input.len() > shared::MAX_PATH {
            let start = shared::prefix(input, 80);
            return format!("The path starting {start:?} is not valid: {why}.");
        }
        format!("The path {input:?} is not valid: {why}.")
    }
}

/// Resolves a path argument to a path inside the root (possibly the root itself).
pub fn resolve(input: &str, roots: &HostRoots) -> Result<NormPath, PathRefusal> {
    refuse_malformed(input)?;
    if input.starts_with('/') {
        return resolve_absolute(input, roots);
    }
    shared::normalize(input, true).map_err(|e| match e.code {
        Code::PathEscape => PathRefusal::Outside,
        _ => PathRefusal::invalid(&e.message),
    })
}

/// Empty, NUL, a URI or a quoted or indented path (LH-CLR-15), a backslash, a drive letter.
fn refuse_malformed(input: &str) -> Result<(), PathRefusal> {
    if input.is_empty() {
        return Err(PathRefusal::invalid("it is empty"));
    }
    // First: every later look costs work per byte or segment.
    if input.len() > shared::MAX_PATH {
        return Err(PathRefusal::invalid(&format!(
            "it is {} bytes long, and paths here are at most {} bytes",
            input.len(),
            shared::MAX_PATH
        )));
    }
    if input.contains('\0') {
        return Err(PathRefusal::invalid("it contains a NUL byte"));
    }
    // Before it is taken as a name.
    if let Some(why) = shared::mistaken_path(input) {
        return Err(PathRefusal::invalid(&why));
    }
    if input.contains('\\') {
        return Err(PathRefusal::invalid(
            "it contains a backslash (Windows separators are not accepted)",
        ));
    }
    if let Some(first) = input.split('/').find(|s| !s.is_empty())
        && first.len() >= 2
        && first.as_bytes()[0].is_ascii_alphabetic()
        && first.as_bytes()[1] == b':'
    {
        return Err(PathRefusal::invalid("it starts with a drive letter"));
    }
    Ok(())
}

/// The segments of an absolute host path, normalized lexically: empty and "." segments
/// dropped, ".." taking one off (at the top of the host it stays there).
pub fn lexical_segments(input: &str) -> Vec<String> {
    let mut abs: Vec<String> = Vec::new();
    for seg in input.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                abs.pop();
            }
            s => abs.push(s.to_owned()),
        }
    }
    abs
}

/// A host path: normalized lexically (".." at the top of the host stays there), then
/// stripped of the root's host form.
fn resolve_absolute(input: &str, roots: &HostRoots) -> Result<NormPath, PathRefusal> {
    let abs = lexical_segments(input);
    let inside = roots.strip(&abs).ok_or(PathRefusal::Outside)?;
    // As `shared::normalize` refuses it in a relative path: listings hide such files and the
    // start-up sweep removes them.
    if let Some(s) = inside
        .iter()
        .find(|s| crate::temp_names::is_our_temp_name(s))
    {
        return Err(PathRefusal::invalid(&shared::reserved_name(s)));
    }
    NormPath::from_plain_segments(inside.to_vec()).ok_or(PathRefusal::Outside)
}
#[cfg(test)]
mod tests {
    use super::*;

    fn roots() -> HostRoots {
        HostRoots {
            canonical: PathBuf::from("/srv/proj"),
            given: Some(PathBuf::from("/home/me/proj")),
        }
    }

    fn ok(s: &str) -> String {
        resolve(s, &roots()).unwrap().display()
    }

    fn outside(s: &str) -> bool {
        resolve(s, &roots()).unwrap_err() == PathRefusal::Outside
    }

    fn invalid(s: &str) -> bool {
        matches!(resolve(s, &roots()).unwrap_err(), PathRefusal::Invalid(_))
    }

    #[test]
    fn relative_paths_stay_inside() {
        assert_eq!(ok("src/index.ts"), "/src/index.ts");
        assert_eq!(ok("./src//index.ts"), "/src/index.ts");
        assert_eq!(ok("a/../b"), "/b");
        assert_eq!(ok("."), "/");
        assert!(outside("../x"));
        assert!(outside("a/../../x"));
        assert!(outside("../../../etc/passwd"));
    }

    #[test]
    fn absolute_paths_inside_the_root_are_that_file() {
        assert_eq!(ok("/srv/proj/src/a.ts"), "/src/a.ts");
        assert_eq!(ok("/srv/proj"), "/");
        assert_eq!(ok("/srv/proj/"), "/");
        assert_eq!(ok("/srv//proj/./a/../b"), "/b");
        assert_eq!(ok("/home/me/proj/x"), "/x");
    }

    #[test]
    fn absolute_paths_outside_are_refused() {
        assert!(outside("/etc/passwd"));
        assert!(outside("/srv/proj_evil/secret"));
        assert!(outside("/srv/projx"));
        assert!(outside("/srv/proj/../proj_evil/s"));
        assert!(outside("/srv"));
        assert!(outside("/"));
        assert!(outside("/../srv/proj_evil"));
    }

    #[test]
    fn malformed_paths_are_invalid() {
        for s in [
            "",
            "a\0b",
            "src\\index.ts",
            "..\\..\\Windows",
            "C:\\Windows",
            "C:/x",
            "/c:/x",
        ] {
            assert!(invalid(s), "{s:?}");
        }
        assert_eq!(ok("notes/c:d"), "/notes/c:d");
    }

    #[test]
    fn host_paths_are_joined_to_the_canonical_root() {
        let p = resolve("a/b", &roots()).unwrap();
        assert_eq!(roots().host(&p), PathBuf::from("/srv/proj/a/b"));
        assert_eq!(roots().host(&NormPath::root()), PathBuf::from("/srv/proj"));
    }

    #[test]
    fn real_roots_compare_canonical_forms() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        std::fs::create_dir(&root).unwrap();
        std::fs::create_dir(t.path().join("root_evil")).unwrap();
        let r = HostRoots::of(&root).unwrap();
        let inside = format!("{}/a.txt", r.canonical.display());
        assert_eq!(resolve(&inside, &r).unwrap().display(), "/a.txt");
        let evil = format!("{}_evil/secret", r.canonical.display());
        assert_eq!(resolve(&evil, &r).unwrap_err(), PathRefusal::Outside);
    }
}
