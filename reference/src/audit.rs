//! The audit log (`--audit-log FILE`, lighthouse FR-3.1.17): one JSON line per tool call,
//! appended to a file any profile can share.
//!
//! The file is opened once with O_APPEND (created if missing). Each line is built in
//! full first and written with a single `write` under a mutex, so lines of concurrent
//! calls never interleave, and other processes appending to the same file cannot split
//! one either. File contents never reach the log: only the operation and its paths.

use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use serde_json::{Value, json};

/// One line of the log.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// The operation, e.g. `read`.
    pub operation: &'a str,
    /// The path as the caller gave it (`None` when it gave no string).
    pub path: Option<&'a str>,
    /// The absolute host path it resolved to, `None` when refused before resolving.
    pub resolved: Option<PathBuf>,
    /// The error code, `None` on success.
    pub error_code: Option<&'a str>,
    /// True exactly when the call was refused for leaving the root.
    pub security_violation: bool,
}

impl Entry<'_> {
    /// The JSON object of the line, stamped with `now`.
    pub fn to_json(&self, now: SystemTime) -> Value {
        json!({
            "timestamp": humantime::format_rfc3339_millis(now).to_string(),
            "operation": self.operation,
            "path": self.path,
            "resolvedPath": self.resolved.as_ref().map(|p| p.to_string_lossy().into_owned()),
            "success": self.error_code.is_none(),
            "errorCode": self.error_code,
            "securityViolation": self.security_violation,
        })
    }
}

/// An open audit log.
pub struct AuditLog {
    file: Mutex<File>,
    path: PathBuf,
}

impl AuditLog {
    /// Opens `path` for appending, creating it if missing. This is a host path the
    /// operator chose, not a path inside the served root.
    pub fn open(path: &Path) -> std::io::Result<AuditLog> {
        let file = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(path)?;
        Ok(AuditLog {
            file: Mutex::new(file),
            path: path.to_path_buf(),
        })
    }

    /// Appends one line. A failed write is reported on stderr and does not fail the call
    /// that was logged (its effect has already happened).
    pub fn record(&self, entry: &Entry<'_>) {
        let mut line = entry.to_json(SystemTime::now()).to_string();
        line.push('\n');
        let mut file = self.file.lock().unwrap_or_else(|e| e.into_inner());
        if let Err(e) = file.write_all(line.as_bytes()) {
            eprintln!(
                "mcp-reference: warning: cannot append to the audit log {}: {e}",
                self.path.display()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_carry_every_field_and_append() {
        let t = tempfile::tempdir().unwrap();
        let p = t.path().join("audit.jsonl");
        std::fs::write(&p, "earlier\n").unwrap();
        let log = AuditLog::open(&p).unwrap();
        log.record(&Entry {
            operation: "read",
            path: Some("a.txt"),
            resolved: Some(PathBuf::from("/r/a.txt")),
            error_code: None,
            security_violation: false,
        });
        log.record(&Entry {
            operation: "delete",
            path: None,
            resolved: None,
            error_code: Some("PATH_OUTSIDE_PROJECT"),
            security_violation: true,
        });
        let text = std::fs::read_to_string(&p).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "earlier");
        let a: Value = serde_json::from_str(lines[1]).unwrap();
        assert_eq!(a["operation"], "read");
        assert_eq!(a["path"], "a.txt");
        assert_eq!(a["resolvedPath"], "/r/a.txt");
        assert_eq!(a["success"], true);
        assert_eq!(a["errorCode"], Value::Null);
        assert_eq!(a["securityViolation"], false);
        let ts = a["timestamp"].as_str().unwrap();
        assert!(humantime::parse_rfc3339(ts).is_ok(), "{ts}");
        assert!(ts.ends_with('Z') && ts.len() == 24, "{ts}");
        let b: Value = serde_json::from_str(lines[2]).unwrap();
        assert_eq!(b["success"], false);
        assert_eq!(b["path"], Value::Null);
        assert_eq!(b["resolvedPath"], Value::Null);
        assert_eq!(b["errorCode"], "PATH_OUTSIDE_PROJECT");
        assert_eq!(b["securityViolation"], true);
    }
}
