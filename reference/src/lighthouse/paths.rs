//! Lighthouse path rules (FR-3.1.15, LH-CLR-03): paths are relative to the project root;
//! an absolute path is accepted only when it lies inside the root (the shared
//! `host_roots`), worded in this profile's codes: PATH_OUTSIDE_PROJECT and INVALID_PATH.

use super::codes::{LhCode, LhError};
use crate::host_roots::{self, HostRoots, PathRefusal};
use crate::paths::NormPath;

fn invalid(path: &str, why: &str) -> LhError {
    LhError::new(
        LhCode::InvalidPath,
        PathRefusal::invalid_sentence(path, why),
        "Pass a path relative to the project root with \"/\" between segments, e.g. \
         \"src/index.ts\".",
    )
}

/// Resolves a path argument to a path inside the root (possibly the root itself).
pub fn resolve(input: &str, roots: &HostRoots) -> Result<NormPath, LhError> {
    host_roots::resolve(input, roots).map_err(|refusal| match refusal {
        PathRefusal::Outside => LhError::outside(input),
        PathRefusal::Invalid(why) => invalid(input, &why),
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
    fn refusals_take_the_lighthouse_codes() {
        let code = |s: &str| resolve(s, &roots()).unwrap_err().code;
        assert_eq!(code("../x"), LhCode::PathOutsideProject);
        assert_eq!(code("/etc/passwd"), LhCode::PathOutsideProject);
        assert_eq!(code("C:/x"), LhCode::InvalidPath);
        let empty = resolve("", &roots()).unwrap_err();
        assert_eq!(empty.message, "The path \"\" is not valid: it is empty.");
        assert_eq!(resolve("a/b", &roots()).unwrap().display(), "/a/b");
    }
}
