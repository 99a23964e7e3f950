//! Moving an entry inside the root without ever replacing one: a file, a directory with
//! its contents, or a symlink as a link. For interfaces with a move or rename operation.
//!
//! Both ends are reached through cap-std handles on their (canonical) parent directories,
//! and the rename is one `renameat2(RENAME_NOREPLACE)`, so the check that the destination
//! is free and the move are a single atomic step. Both names are locked (in a fixed
//! order), so a move waits for a running edit of the file, and the edit cannot recreate
//! the old name afterwards.

use std::io;

use super::whole::{first_missing, reserved_name};
use super::{Sandbox, escape_error, map_io};
use crate::atomic;
use crate::errors::{Code, ToolError, ToolResult};
use crate::locks::Locks;
use crate::paths::NormPath;

fn exists(path: &NormPath) -> ToolError {
    ToolError::new(
        Code::AlreadyExists,
        format!("{path} already exists; a move never replaces an entry."),
    )
    .with("path", path.display())
}

/// `parent` (canonical) joined with `name`.
fn join(parent: &NormPath, name: &str) -> ToolResult<NormPath> {
    let mut segs = parent.segments().to_vec();
    segs.push(name.to_owned());
    NormPath::from_plain_segments(segs).ok_or_else(|| escape_error(parent))
}

impl Sandbox {
    /// Moves the entry at `from` to `to`. An existing entry at `to` (even a dangling link)
    /// is ALREADY_EXISTS and nothing changes; a missing source is NOT_FOUND; missing
    /// parents of `to` are created when `make_parents` (else NOT_FOUND with the detail
    /// `directory`). The root can be neither moved nor replaced.
    pub fn move_entry(
        &self,
        from: &NormPath,
        to: &NormPath,
        make_parents: bool,
        locks: &Locks,
    ) -> ToolResult<()> {
        let Some((from_parent, from_name)) = from.split_last() else {
            return Err(ToolError::new(
                Code::InvalidPath,
                "The root directory itself cannot be moved.",
            ));
        };
        let Some((to_parent, to_name)) = to.split_last() else {
            return Err(exists(to));
        };
        if let Some(e) = reserved_name(to_name) {
            return Err(e);
        }
        let from_canon = self
            .canonical(&from_parent)
            .map_err(|e| self.retarget(e, from))?;
        let from_dir = self
            .open_dir(&from_canon)
            .map_err(|e| self.diagnose_parent(&from_parent, from, e))?;
        from_dir
            .symlink_metadata(from_name)
            .map_err(|e| map_io(from, e))?;
        if make_parents && !to_parent.is_root() {
            self.root
                .create_dir_all(to_parent.relative())
                .map_err(|e| self.diagnose_parent(&to_parent, to, e))?;
        }
        let to_canon = match self.canonical(&to_parent) {
            Ok(c) => c,
            Err(e) if e.code == Code::NotFound => {
                let missing = first_missing(self, &to_parent);
                return Err(ToolError::new(
                    Code::NotFound,
                    format!("Directory not found: {missing}."),
                )
                .with("path", to.display())
                .with("directory", missing.display()));
            }
            Err(e) => return Err(self.retarget(e, to)),
        };
        let to_dir = self
            .open_dir(&to_canon)
            .map_err(|e| self.diagnose_parent(&to_parent, to, e))?;
        let (key_from, key_to) = (join(&from_canon, from_name)?, join(&to_canon, to_name)?);
        if key_from == key_to {
            return Err(exists(to));
        }
        let (first, second) = if key_from.display() < key_to.display() {
            (&key_from, &key_to)
        } else {
            (&key_to, &key_from)
        };
        locks.with_lock(first, || {
            locks.with_lock(second, || {
                rustix::fs::renameat_with(
                    &from_dir,
                    from_name,
                    &to_dir,
                    to_name,
                    rustix::fs::RenameFlags::NOREPLACE,
                )
                .map_err(|e| match e {
                    rustix::io::Errno::EXIST | rustix::io::Errno::NOTEMPTY => exists(to),
                    rustix::io::Errno::INVAL
                        if key_to
                            .display()
                            .starts_with(&format!("{}/", key_from.display())) =>
                    {
                        ToolError::new(
                            Code::InvalidArgument,
                            format!("{from} cannot be moved into itself ({to})."),
                        )
                        .with("path", from.display())
                    }
                    other => map_io(from, io::Error::from(other)),
                })?;
                atomic::sync_dir(&to_dir).map_err(|e| map_io(to, e))?;
                if from_canon != to_canon {
                    atomic::sync_dir(&from_dir).map_err(|e| map_io(from, e))?;
                }
                Ok(())
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::paths::normalize;
    use std::os::unix::fs::symlink;
    use std::path::{Path, PathBuf};

    struct Fx {
        _t: tempfile::TempDir,
        root: PathBuf,
        outside: PathBuf,
        sb: Sandbox,
        locks: Locks,
    }

    fn fx() -> Fx {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().join("root");
        let outside = t.path().join("root_evil");
        std::fs::create_dir_all(root.join("d/sub")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(root.join("a.txt"), "a").unwrap();
        std::fs::write(root.join("b.txt"), "b").unwrap();
        std::fs::write(root.join("d/sub/c.txt"), "c").unwrap();
        std::fs::write(outside.join("secret"), "top secret").unwrap();
        let sb = Sandbox::open(&root).unwrap();
        Fx {
            _t: t,
            root,
            outside,
            sb,
            locks: Locks::default(),
        }
    }

    fn p(s: &str) -> NormPath {
        normalize(s, true).unwrap()
    }

    fn mv(f: &Fx, from: &str, to: &str, parents: bool) -> ToolResult<()> {
        f.sb.move_entry(&p(from), &p(to), parents, &f.locks)
    }

    fn text(at: &Path) -> String {
        std::fs::read_to_string(at).unwrap()
    }

    #[test]
    fn moves_files_directories_and_links() {
        let f = fx();
        mv(&f, "a.txt", "new/deeper/a.txt", true).unwrap();
        assert_eq!(text(&f.root.join("new/deeper/a.txt")), "a");
        assert!(!f.root.join("a.txt").exists());
        mv(&f, "d", "e", false).unwrap();
        assert_eq!(text(&f.root.join("e/sub/c.txt")), "c");
        symlink("b.txt", f.root.join("l")).unwrap();
        mv(&f, "l", "m", false).unwrap();
        assert!(f.root.join("m").is_symlink());
        assert_eq!(text(&f.root.join("m")), "b");
    }

    #[test]
    fn never_replaces_and_refuses_what_cannot_move() {
        let f = fx();
        assert_eq!(
            mv(&f, "a.txt", "b.txt", true).unwrap_err().code,
            Code::AlreadyExists
        );
        assert_eq!(
            mv(&f, "a.txt", "d", true).unwrap_err().code,
            Code::AlreadyExists
        );
        assert_eq!(
            mv(&f, "a.txt", "a.txt", true).unwrap_err().code,
            Code::AlreadyExists
        );
        symlink("nowhere", f.root.join("dangling")).unwrap();
        assert_eq!(
            mv(&f, "a.txt", "dangling", true).unwrap_err().code,
            Code::AlreadyExists
        );
        assert_eq!(
            (text(&f.root.join("a.txt")), text(&f.root.join("b.txt"))),
            ("a".into(), "b".into())
        );
        assert_eq!(mv(&f, "ghost", "x", true).unwrap_err().code, Code::NotFound);
        let e = mv(&f, "a.txt", "no/such/a.txt", false).unwrap_err();
        assert_eq!(
            (e.code, e.details["directory"].as_str()),
            (Code::NotFound, Some("/no"))
        );
        assert_eq!(
            mv(&f, "d", "d/sub/d", false).unwrap_err().code,
            Code::InvalidArgument
        );
        assert_eq!(mv(&f, ".", "x", false).unwrap_err().code, Code::InvalidPath);
        assert_eq!(
            mv(&f, "a.txt", ".", false).unwrap_err().code,
            Code::AlreadyExists
        );
        assert!(f.root.join("d/sub/c.txt").exists());
    }

    #[test]
    fn links_out_of_the_root_lead_nowhere() {
        let f = fx();
        symlink(&f.outside, f.root.join("out")).unwrap();
        assert_eq!(
            mv(&f, "a.txt", "out/a.txt", true).unwrap_err().code,
            Code::PathEscape
        );
        assert_eq!(
            mv(&f, "out/secret", "loot", true).unwrap_err().code,
            Code::PathEscape
        );
        assert_eq!(text(&f.root.join("a.txt")), "a");
        assert!(!f.root.join("loot").exists());
        let names: Vec<_> = std::fs::read_dir(&f.outside).unwrap().collect();
        assert_eq!(
            names.len(),
            1,
            "nothing moved into or out of the outside area"
        );
    }

    #[test]
    fn racing_moves_to_one_name_have_one_winner() {
        let f = fx();
        for i in 0..8 {
            std::fs::write(f.root.join(format!("r{i}")), format!("{i}")).unwrap();
        }
        let wins = std::thread::scope(|s| {
            let hs: Vec<_> = (0..8)
                .map(|i| {
                    let f = &f;
                    s.spawn(move || mv(f, &format!("r{i}"), "target", false).is_ok())
                })
                .collect();
            hs.into_iter()
                .map(|h| h.join().unwrap())
                .filter(|w| *w)
                .count()
        });
        assert_eq!(wins, 1);
        let left = (0..8)
            .filter(|i| f.root.join(format!("r{i}")).exists())
            .count();
        assert_eq!(left, 7);
    }
}
