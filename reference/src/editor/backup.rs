//! Backups of saved files (FILE-BACKUP: "Create backup files according to user
//! configuration"; ED-CLR-07). Only with `--backup-dir DIR`, a directory outside the root
//! (checked at start-up), so a backup never appears among the files the agent sees. The
//! first save of a file in a session copies the file as it was to `DIR`, named like Emacs's
//! `backup-directory-alist` backups: the path from the root with `!` for `/`, and `~`
//! (`src/main.rs` → `!src!main.rs~`); a later session's backup replaces it. It is written
//! through the shared storage on that directory (atomically, durably).

use crate::errors::ToolResult;
use crate::paths::NormPath;
use crate::storage::{Rooted, Storage};

/// The backup's file name for `path`.
pub fn name(path: &NormPath) -> String {
    format!("!{}~", path.segments().join("!"))
}

/// Writes `bytes` as the backup of `path` into `dir`.
pub fn write(dir: &Rooted, path: &NormPath, bytes: &[u8]) -> ToolResult<()> {
    let target = NormPath::from_plain_segments(vec![name(path)]).ok_or_else(|| {
        crate::errors::ToolError::new(
            crate::errors::Code::IoError,
            format!("no backup name for {path}"),
        )
    })?;
    dir.write_file(&target, bytes, false).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_flatten_the_path() {
        let p = NormPath::from_plain_segments(vec!["src".into(), "main.rs".into()]).unwrap();
        assert_eq!(name(&p), "!src!main.rs~");
        let t = tempfile::tempdir().unwrap();
        let dir = Rooted::open(t.path()).unwrap();
        write(&dir, &p, b"old").unwrap();
        assert_eq!(
            std::fs::read(t.path().join("!src!main.rs~")).unwrap(),
            b"old"
        );
    }
}
