//! Disk helpers: hashing, and snapshots proving the outside area was left alone.

use std::collections::BTreeMap;
use std::os::unix::fs::PermissionsExt;
use std::path::Path;

pub use crate::reply::sha256_hex;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    File { sha256: String, mode: u32 },
    Dir { mode: u32 },
    Symlink { target: String },
    Other,
}

/// Every entry under a directory, by relative path, never following symlinks.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Snapshot(pub BTreeMap<String, Node>);

impl Snapshot {
    pub fn take(dir: &Path) -> Result<Snapshot, String> {
        let mut map = BTreeMap::new();
        walk(dir, dir, &mut map).map_err(|e| format!("cannot scan {}: {e}", dir.display()))?;
        Ok(Snapshot(map))
    }

    /// Plain description of every difference from `before` to `self`.
    pub fn differences(&self, before: &Snapshot) -> Vec<String> {
        let mut out = Vec::new();
        for (p, n) in &before.0 {
            match self.0.get(p) {
                None => out.push(format!("{p} was removed")),
                Some(m) if m != n => out.push(format!(
                    "{p} was changed ({} -> {})",
                    describe(n),
                    describe(m)
                )),
                _ => {}
            }
        }
        for (p, n) in &self.0 {
            if !before.0.contains_key(p) {
                out.push(format!("{p} appeared ({})", describe(n)));
            }
        }
        out
    }
}

fn describe(n: &Node) -> String {
    match n {
        Node::File { sha256, mode } => format!("file sha256 {}.. mode {:o}", &sha256[..12], mode),
        Node::Dir { mode } => format!("directory mode {mode:o}"),
        Node::Symlink { target } => format!("symlink to {target}"),
        Node::Other => "special file".into(),
    }
}

fn walk(base: &Path, dir: &Path, map: &mut BTreeMap<String, Node>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        let rel = path
            .strip_prefix(base)
            .unwrap_or(&path)
            .to_string_lossy()
            .into_owned();
        let md = std::fs::symlink_metadata(&path)?;
        let ft = md.file_type();
        let mode = md.permissions().mode() & 0o7777;
        if ft.is_symlink() {
            let target = std::fs::read_link(&path)?.to_string_lossy().into_owned();
            map.insert(rel, Node::Symlink { target });
        } else if ft.is_dir() {
            map.insert(rel, Node::Dir { mode });
            walk(base, &path, map)?;
        } else if ft.is_file() {
            let bytes = std::fs::read(&path)?;
            map.insert(
                rel,
                Node::File {
                    sha256: sha256_hex(&bytes),
                    mode,
                },
            );
        } else {
            map.insert(rel, Node::Other);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snapshots_see_changes_additions_and_removals() {
        let d = tempfile::tempdir().unwrap();
        std::fs::write(d.path().join("secret"), "top").unwrap();
        std::fs::create_dir(d.path().join("stuff")).unwrap();
        let before = Snapshot::take(d.path()).unwrap();
        assert!(
            Snapshot::take(d.path())
                .unwrap()
                .differences(&before)
                .is_empty()
        );
        std::fs::write(d.path().join("secret"), "changed").unwrap();
        std::fs::write(d.path().join("stuff/new"), "x").unwrap();
        std::fs::remove_dir(d.path().join("stuff")).ok();
        let diffs = Snapshot::take(d.path()).unwrap().differences(&before);
        assert!(
            diffs.iter().any(|x| x.starts_with("secret was changed")),
            "{diffs:?}"
        );
        assert!(
            diffs.iter().any(|x| x.starts_with("stuff/new appeared")),
            "{diffs:?}"
        );
    }

    #[test]
    fn sha256_is_lowercase_hex() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
