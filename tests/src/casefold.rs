//! A root that folds case for a test: the FUSE mount of tests/casefold/with-casefold.sh,
//! held while a `FoldingMount` lives. The faults of the case-folding check
//! (GHSA-4gxg-m5jx-9j57) show only there.

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};

/// A mounted directory that folds case; unmounted when dropped.
pub struct FoldingMount {
    dir: PathBuf,
    child: Child,
    /// The script waits for this pipe to close, then unmounts.
    hold: Option<ChildStdin>,
}

impl FoldingMount {
    /// Mount one, or say why this machine cannot (it needs root, /dev/fuse and fusepy).
    pub fn new() -> Result<FoldingMount, String> {
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("casefold/with-casefold.sh");
        // The command prints the mount's path, then holds it until its stdin closes.
        let mut child = Command::new("bash")
            .arg(&script)
            .args([
                "sh",
                "-c",
                "echo \"$MCP_HARNESS_SCRATCH_DIR\"; exec cat >/dev/null",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", script.display()))?;
        let hold = child.stdin.take();
        let mut line = String::new();
        if let Some(out) = child.stdout.take() {
            let _ = BufReader::new(out).read_line(&mut line);
        }
        let dir = PathBuf::from(line.trim_end());
        if line.trim().is_empty() {
            drop(hold);
            let mut why = String::new();
            if let Some(mut err) = child.stderr.take() {
                let _ = err.read_to_string(&mut why);
            }
            let status = child.wait().map_err(|e| e.to_string())?;
            return Err(format!(
                "no root that folds case could be mounted ({status}): {}; run as root where \
                 /dev/fuse exists (`INSTALL=1 bash tests/casefold/with-casefold.sh true` \
                 installs fusepy and tries the mount)",
                why.trim_end()
            ));
        }
        Ok(FoldingMount { dir, child, hold })
    }

    /// The mounted directory, to make roots in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

impl Drop for FoldingMount {
    fn drop(&mut self) {
        drop(self.hold.take());
        let _ = self.child.wait();
    }
}
