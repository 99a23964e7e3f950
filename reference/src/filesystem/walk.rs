//! What directory_tree and search_files share: the sorted children of each directory met
//! below the start, never through a symlink (a link is an entry, not a way in), and a
//! bound on the entries visited so that a huge tree gives a clear error instead of a
//! reply no client can hold. Globs are compiled here too (globset: linear time).

use globset::{Glob, GlobBuilder, GlobMatcher};

use super::result::explain;
use crate::errors::{Code, ToolError};
use crate::paths::NormPath;
use crate::sandbox::Entry;
use crate::storage::Storage;

/// Most entries one call visits.
pub const MAX_ENTRIES: usize = 1_000_000;

pub struct Walker<'a> {
    pub storage: &'a dyn Storage,
    pub given: &'a str,
    seen: usize,
}

impl<'a> Walker<'a> {
    pub fn new(storage: &'a dyn Storage, given: &'a str) -> Self {
        Walker {
            storage,
            given,
            seen: 0,
        }
    }

    /// The start directory's entries (its errors are the call's errors).
    pub fn start(&mut self, dir: &NormPath) -> Result<Vec<Entry>, ToolError> {
        let list = self.storage.list(dir).map_err(|e| explain(e, self.given))?;
        self.count(list)
    }

    /// The entries of a directory below the start; one that vanished or cannot be read
    /// is shown empty.
    pub fn below(&mut self, dir: &NormPath) -> Result<Vec<Entry>, ToolError> {
        let list = self.storage.list(dir).unwrap_or_default();
        self.count(list)
    }

    fn count(&mut self, mut list: Vec<Entry>) -> Result<Vec<Entry>, ToolError> {
        self.seen += list.len();
        if self.seen > MAX_ENTRIES {
            return Err(ToolError::new(
                Code::TooLarge,
                format!(
                    "{} holds more than {MAX_ENTRIES} entries; walk a subdirectory, or leave \
                     parts out with excludePatterns.",
                    self.given
                ),
            ));
        }
        list.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes()));
        Ok(list)
    }
}

/// The child path `dir/name`.
pub fn child(dir: &NormPath, name: &str) -> NormPath {
    let mut segs = dir.segments().to_vec();
    segs.push(name.to_owned());
    NormPath::from_plain_segments(segs).expect("a listed name is one plain segment")
}

/// A glob as minimatch reads it with `{dot: true}`: `*` stays within one path segment,
/// `**` spans segments, a leading dot needs no special pattern.
pub fn glob(pattern: &str, field: &str) -> Result<GlobMatcher, ToolError> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .map(|g: Glob| g.compile_matcher())
        .map_err(|e| {
            ToolError::invalid_argument(
                field,
                &format!("{pattern:?} is not a valid glob ({e})"),
                "a glob such as \"*.rs\" or \"**/*.test.ts\" (* within a directory, ** across \
                 directories, {a,b} alternatives, [abc] classes)",
            )
        })
}

#[cfg(test)]
mod tests {
    use super::glob;

    #[test]
    fn globs_follow_minimatch() {
        let m = |p: &str, s: &str| glob(p, "pattern").unwrap().is_match(s);
        assert!(m("*.txt", "a.txt"));
        assert!(!m("*.txt", "sub/a.txt"));
        assert!(m("**/*.txt", "a.txt"));
        assert!(m("**/*.txt", "sub/deep/a.txt"));
        assert!(m("*", ".hidden"));
        assert!(m("**/components", "src/components"));
        assert!(!m("*.{rs,md}", "x.txt"));
        assert!(glob("a[", "pattern").is_err());
    }
}
