//! Directory creation and entry metadata, for interfaces that have them (the filesystem
//! profile's create_directory, get_file_info and listings with sizes). Both go through the
//! cap-std handle on the root, so a symlink that leads out is refused, never followed.

use std::io;
use std::time::SystemTime;

use cap_std::fs::PermissionsExt;

use super::{EntryKind, Sandbox, map_io};
use crate::errors::{Code, ToolError, ToolResult};
use crate::paths::NormPath;

/// What `stat` tells about an entry (a symlink inside the root is followed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Meta {
    pub kind: EntryKind,
    pub size: u64,
    pub created: Option<SystemTime>,
    pub modified: Option<SystemTime>,
    pub accessed: Option<SystemTime>,
    /// The permission bits (`0o644`).
    pub mode: u32,
}

impl Sandbox {
    /// Creates the directory and its missing parents; an existing directory is fine, an
    /// existing file in the way is NOT_A_DIRECTORY.
    pub fn make_dir(&self, path: &NormPath) -> ToolResult<()> {
        if path.is_root() {
            return Ok(());
        }
        match self.root.create_dir_all(path.relative()) {
            Ok(()) => Ok(()),
            Err(e)
                if e.kind() == io::ErrorKind::AlreadyExists
                    || e.kind() == io::ErrorKind::NotADirectory =>
            {
                Err(ToolError::new(
                    Code::NotADirectory,
                    format!("{path} or one of its parents is a file, so it cannot be a directory."),
                )
                .with("path", path.display()))
            }
            Err(e) => Err(map_io(path, e)),
        }
    }

    /// The target of the symlink at `path` exactly as stored (absolute or relative), or
    /// `None` when the entry is not a symlink. Nothing is followed.
    pub fn link_target(&self, path: &NormPath) -> ToolResult<Option<std::path::PathBuf>> {
        if path.is_root() {
            return Ok(None);
        }
        let m = self
            .root
            .symlink_metadata(path.relative())
            .map_err(|e| map_io(path, e))?;
        if !m.file_type().is_symlink() {
            return Ok(None);
        }
        self.root
            .read_link_contents(path.relative())
            .map(Some)
            .map_err(|e| map_io(path, e))
    }

    /// The metadata of an existing entry, following a symlink that stays inside the root.
    pub fn stat(&self, path: &NormPath) -> ToolResult<Meta> {
        let m = if path.is_root() {
            self.root.dir_metadata()
        } else {
            self.root.metadata(path.relative())
        }
        .map_err(|e| map_io(path, e))?;
        let ft = m.file_type();
        let kind = if ft.is_dir() {
            EntryKind::Directory
        } else if ft.is_file() {
            EntryKind::File
        } else if ft.is_symlink() {
            EntryKind::Symlink
        } else {
            EntryKind::Other
        };
        Ok(Meta {
            kind,
            size: m.len(),
            created: m.created().ok().map(|t| t.into_std()),
            modified: m.modified().ok().map(|t| t.into_std()),
            accessed: m.accessed().ok().map(|t| t.into_std()),
            mode: m.permissions().mode() & 0o7777,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> NormPath {
        crate::paths::normalize(s, true).unwrap()
    }

    #[test]
    fn make_dir_creates_parents_and_accepts_existing() {
        let t = tempfile::tempdir().unwrap();
        let sb = Sandbox::open(t.path()).unwrap();
        sb.make_dir(&p("a/b/c")).unwrap();
        assert!(t.path().join("a/b/c").is_dir());
        sb.make_dir(&p("a/b")).unwrap();
        std::fs::write(t.path().join("f"), "x").unwrap();
        assert_eq!(
            sb.make_dir(&p("f/g")).unwrap_err().code,
            Code::NotADirectory
        );
    }

    #[test]
    fn make_dir_and_stat_refuse_links_out() {
        let t = tempfile::tempdir().unwrap();
        let out = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(out.path(), t.path().join("out")).unwrap();
        let sb = Sandbox::open(t.path()).unwrap();
        assert_eq!(sb.make_dir(&p("out/x")).unwrap_err().code, Code::PathEscape);
        assert!(!out.path().join("x").exists());
        assert_eq!(sb.stat(&p("out")).unwrap_err().code, Code::PathEscape);
    }

    #[test]
    fn link_targets_are_read_as_stored() {
        let t = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink("/abs/target", t.path().join("abs")).unwrap();
        std::os::unix::fs::symlink("rel", t.path().join("rel")).unwrap();
        std::fs::write(t.path().join("f"), "x").unwrap();
        let sb = Sandbox::open(t.path()).unwrap();
        assert_eq!(
            sb.link_target(&p("abs")).unwrap(),
            Some("/abs/target".into())
        );
        assert_eq!(sb.link_target(&p("rel")).unwrap(), Some("rel".into()));
        assert_eq!(sb.link_target(&p("f")).unwrap(), None);
        assert_eq!(sb.link_target(&p("none")).unwrap_err().code, Code::NotFound);
    }

    #[test]
    fn stat_reports_kind_size_and_mode() {
        let t = tempfile::tempdir().unwrap();
        std::fs::write(t.path().join("five"), "12345").unwrap();
        let sb = Sandbox::open(t.path()).unwrap();
        let m = sb.stat(&p("five")).unwrap();
        assert_eq!((m.kind, m.size), (EntryKind::File, 5));
        assert!(m.modified.is_some());
        assert_eq!(
            sb.stat(&NormPath::root()).unwrap().kind,
            EntryKind::Directory
        );
        assert_eq!(sb.stat(&p("nope")).unwrap_err().code, Code::NotFound);
    }
}
