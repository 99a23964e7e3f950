//! What directory_tree and search_files share: the sorted children of each directory met
//! below the start, never through a symlink (a link is an entry, not a way in), and a
//! bound on the entries visited so that a huge tree gives a clear error instead of a
//! reply no client can hold. Globs are compiled here too (globset: linear time), within
//! bounds: a pattern longer than `MAX_GLOB` or one whose matcher would be too large is an
//! INVALID_ARGUMENT quoting only the pattern's start (docs/limits.md), never a panic.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

use super::result::explain;
use crate::errors::{Code, ToolError};
use crate::limits::MAX_REPLY;
use crate::paths::NormPath;
use crate::sandbox::Entry;
use crate::storage::Storage;

/// Most entries one call visits (their names are held while a directory is walked).
pub const MAX_ENTRIES: usize = 250_000;

/// Deepest level below the start a walk enters: each level holds its path, so a chain of
/// thousands of nested directories would cost memory and reply text quadratic in depth.
pub const MAX_DEPTH: usize = 256;

pub struct Walker<'a> {
    pub storage: &'a dyn Storage,
    pub given: &'a str,
    seen: usize,
    /// Components of the start directory's path.
    base: usize,
}

impl<'a> Walker<'a> {
    pub fn new(storage: &'a dyn Storage, given: &'a str) -> Self {
        Walker {
            storage,
            given,
            seen: 0,
            base: 0,
        }
    }

    /// The start directory's entries (its errors are the call's errors).
    pub fn start(&mut self, dir: &NormPath) -> Result<Vec<Entry>, ToolError> {
        self.base = dir.segments().len();
        let list = self.storage.list(dir).map_err(|e| explain(e, self.given))?;
        self.count(list)
    }

    /// The entries of a directory below the start; one that vanished or cannot be read
    /// is shown empty.
    pub fn below(&mut self, dir: &NormPath) -> Result<Vec<Entry>, ToolError> {
        let depth = dir.segments().len().saturating_sub(self.base);
        if depth > MAX_DEPTH {
            return Err(ToolError::new(
                Code::TooLarge,
                format!(
                    "{} goes more than {MAX_DEPTH} directories deep (at {}); call this tool \
                     on a directory further down, or leave the deep part out with \
                     excludePatterns.",
                    self.given,
                    crate::paths::prefix(&dir.display(), 200)
                ),
            ));
        }
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

    /// Fails once a reply being built passes `MAX_REPLY` (docs/limits.md), with advice.
    pub fn check_reply(&self, len: usize) -> Result<(), ToolError> {
        if len <= MAX_REPLY {
            return Ok(());
        }
        Err(ToolError::new(
            Code::TooLarge,
            format!(
                "The reply for {} would pass {MAX_REPLY} bytes ({} MiB), after {} entries; \
                 call this tool on a narrower directory, or leave parts out with \
                 excludePatterns.",
                self.given,
                MAX_REPLY >> 20,
                self.seen
            ),
        ))
    }
}

/// The child path `dir/name`.
pub fn child(dir: &NormPath, name: &str) -> NormPath {
    let mut segs = dir.segments().to_vec();
    segs.push(name.to_owned());
    NormPath::from_plain_segments(segs).expect("a listed name is one plain segment")
}

/// Longest glob accepted, in bytes: a path is at most 4096 bytes, so a longer pattern is
/// never needed, and compiling it would only spend memory.
pub const MAX_GLOB: usize = 4096;

/// A glob as minimatch reads it with `{dot: true}`: `*` stays within one path segment,
/// `**` spans segments, a leading dot needs no special pattern. Built as a one-glob
/// `GlobSet`, whose compilation reports a matcher over globset's size limit as an error
/// (`Glob::compile_matcher` panics on it, e.g. for 500 nested braces).
pub fn glob(pattern: &str, field: &str) -> Result<GlobSet, ToolError> {
    let shown = crate::paths::prefix(pattern, 80);
    let more = if shown.len() < pattern.len() {
        "..."
    } else {
        ""
    };
    let refuse = |problem: String| {
        ToolError::invalid_argument(
            field,
            &problem,
            "a glob such as \"*.rs\" or \"**/*.test.ts\" (* within a directory, ** across \
             directories, {a,b} alternatives, [abc] classes)",
        )
    };
    if pattern.len() > MAX_GLOB {
        return Err(refuse(format!(
            "the pattern {shown:?}{more} is {} bytes long, over the limit of {MAX_GLOB}",
            pattern.len()
        )));
    }
    let built = GlobBuilder::new(pattern)
        .literal_separator(true)
        .backslash_escape(true)
        .build()
        .and_then(|g| GlobSetBuilder::new().add(g).build());
    built.map_err(|e| {
        let why = match e.kind() {
            globset::ErrorKind::Regex(_) => {
                "it is too complex to match (too many alternatives or nested braces)".to_owned()
            }
            kind => kind.to_string(),
        };
        refuse(format!(
            "{shown:?}{more} is not a valid glob ({})",
            crate::paths::prefix(&why, 200)
        ))
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

    /// Issue 21: 500 nested braces panicked a task ("regex compilation shouldn't fail")
    /// and the error echoed the generated regex; now a short INVALID_ARGUMENT.
    #[test]
    fn huge_or_deeply_nested_globs_are_refused_briefly() {
        let nested = format!("{}x{}", "{a,".repeat(500), "}".repeat(500));
        let long = "a".repeat(1 << 20);
        for p in [nested.as_str(), long.as_str()] {
            let e = glob(p, "pattern").unwrap_err();
            assert_eq!(
                e.code,
                crate::errors::Code::InvalidArgument,
                "{}",
                e.message
            );
            assert!(e.message.len() < 600, "{}", e.message);
        }
    }
}
