//! Lighthouse path rules (FR-3.1.15, LH-CLR-03): paths are relative to the project root;
//! an absolute path is accepted only when it lies inside the root, compared component by
//! component (so `<root>_evil/x` is outside), never by string prefix.
//!
//! This is lexical only. Symlinks are judged later by the shared sandbox, through its
//! capability handle on the root.

use std::path::{Component, Path, PathBuf};

use super::codes::{LhCode, LhError};
use crate::errors::Code;
use crate::paths::{self as shared, NormPath};

/// The absolute forms of the root that an absolute path may start with.
#[derive(Debug, Clone)]
pub struct Roots {
    /// The canonical host path of the root (symlinks resolved); resolved paths use it.
    pub canonical: PathBuf,
    /// The root as given on the command line, when absolute and plain (no `.`/`..`).
    pub given: Option<PathBuf>,
}

impl Roots {
    /// Finds the root's host paths (once, at start-up).
    pub fn of(root: &Path) -> std::io::Result<Roots> {
        let canonical = std::fs::canonicalize(root)?;
        let plain = root.is_absolute()
            && root
                .components()
                .all(|c| matches!(c, Component::RootDir | Component::Normal(_)));
        let given = (plain && root != canonical).then(|| root.to_path_buf());
        Ok(Roots { canonical, given })
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

fn invalid(path: &str, why: &str) -> LhError {
    LhError::new(
        LhCode::InvalidPath,
        format!("The path {path:?} is not valid: {why}."),
        "Pass a path relative to the project root with \"/\" between segments, e.g. \
         \"src/index.ts\".",
    )
}

/// Resolves a path argument to a path inside the root (possibly the root itself).
pub fn resolve(input: &str, roots: &Roots) -> Result<NormPath, LhError> {
    if input.is_empty() {
        return Err(invalid(input, "it is empty"));
    }
    if input.contains('\0') {
        return Err(invalid(input, "it contains a NUL byte"));
    }
    // A URI, a quoted or an indented path (LH-CLR-15), before it is taken as a name.
    if let Some(why) = shared::mistaken_path(input) {
        return Err(invalid(input, &why));
    }
    if input.contains('\\') {
        return Err(invalid(
            input,
            "it contains a backslash (Windows separators are not accepted)",
        ));
    }
    if let Some(first) = input.split('/').find(|s| !s.is_empty())
        && first.len() >= 2
        && first.as_bytes()[0].is_ascii_alphabetic()
        && first.as_bytes()[1] == b':'
    {
        return Err(invalid(input, "it starts with a drive letter"));
    }
    if input.starts_with('/') {
        // A host path: normalize lexically (".." at the top of the host stays there).
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
        let inside = roots.strip(&abs).ok_or_else(|| LhError::outside(input))?;
        return NormPath::from_plain_segments(inside.to_vec())
            .ok_or_else(|| LhError::outside(input));
    }
    shared::normalize(input, true).map_err(|e| match e.code {
        Code::PathEscape => LhError::outside(input),
        _ => invalid(input, &e.message),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roots() -> Roots {
        Roots {
            canonical: PathBuf::from("/srv/proj"),
            given: Some(PathBuf::from("/home/me/proj")),
        }
    }

    fn ok(s: &str) -> String {
        resolve(s, &roots()).unwrap().display()
    }

    fn code(s: &str) -> LhCode {
        resolve(s, &roots()).unwrap_err().code
    }

    #[test]
    fn relative_paths_stay_inside() {
        assert_eq!(ok("src/index.ts"), "/src/index.ts");
        assert_eq!(ok("./src//index.ts"), "/src/index.ts");
        assert_eq!(ok("a/../b"), "/b");
        assert_eq!(ok("."), "/");
        assert_eq!(code("../x"), LhCode::PathOutsideProject);
        assert_eq!(code("a/../../x"), LhCode::PathOutsideProject);
        assert_eq!(code("../../../etc/passwd"), LhCode::PathOutsideProject);
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
        assert_eq!(code("/etc/passwd"), LhCode::PathOutsideProject);
        assert_eq!(code("/srv/proj_evil/secret"), LhCode::PathOutsideProject);
        assert_eq!(code("/srv/projx"), LhCode::PathOutsideProject);
        assert_eq!(code("/srv/proj/../proj_evil/s"), LhCode::PathOutsideProject);
        assert_eq!(code("/srv"), LhCode::PathOutsideProject);
        assert_eq!(code("/"), LhCode::PathOutsideProject);
        assert_eq!(code("/../srv/proj_evil"), LhCode::PathOutsideProject);
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
            assert_eq!(code(s), LhCode::InvalidPath, "{s:?}");
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
        let r = Roots::of(&root).unwrap();
        let inside = format!("{}/a.txt", r.canonical.display());
        assert_eq!(resolve(&inside, &r).unwrap().display(), "/a.txt");
        let evil = format!("{}_evil/secret", r.canonical.display());
        assert_eq!(
            resolve(&evil, &r).unwrap_err().code,
            LhCode::PathOutsideProject
        );
    }
}
