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
