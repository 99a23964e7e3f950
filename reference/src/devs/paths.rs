//! devs path rules (3_MCP-TAS-079-TRAVERSAL, DV-CLR-08): the shared host-path containment
//! of `host_roots` (relative to the root; an absolute path only inside it, compared
//! component by component, never by string prefix; backslashes, NUL and drive letters
//! invalid), worded in this profile's errors. Lexical only: symlinks are judged by the shared sandbox through
//! its handle on the root.

use super::codes::{DvCode, DvError};
use crate::host_roots::{self, HostRoots, PathRefusal};
use crate::paths::NormPath;

/// Resolves a path argument (`field` names it in errors) to a path inside the root.
pub fn resolve(input: &str, roots: &HostRoots, field: &str) -> Result<NormPath, DvError> {
    host_roots::resolve(input, roots).map_err(|refusal| match refusal {
        PathRefusal::Outside => DvError::traversal(input),
        PathRefusal::Invalid(why) => DvError::new(
            DvCode::InvalidPath,
            "Invalid path",
            format!(
                "The {field} {input:?} is not a usable path ({}). Pass a path relative to the \
                 project root with \"/\" between segments, e.g. \"src/index.ts\".",
                PathRefusal::invalid_sentence(input, &why).trim_end_matches('.')
            ),
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    fn roots() -> HostRoots {
        HostRoots {
            canonical: PathBuf::from("/srv/proj"),
            given: None,
        }
    }

    #[test]
    fn traversal_and_invalid_paths() {
        let code = |s: &str| resolve(s, &roots(), "path").unwrap_err().code;
        assert_eq!(code("../../etc/passwd"), DvCode::PathTraversal);
        assert_eq!(code("/srv/proj_evil/secret"), DvCode::PathTraversal);
        assert_eq!(code("../proj_evil/x"), DvCode::PathTraversal);
        assert_eq!(code("a\\b"), DvCode::InvalidPath);
        assert_eq!(code(""), DvCode::InvalidPath);
        assert_eq!(
            resolve("/srv/proj/a/b", &roots(), "path")
                .unwrap()
                .display(),
            "/a/b"
        );
        assert_eq!(resolve(".", &roots(), "path").unwrap(), NormPath::root());
    }
}
