//! devs error codes and errors (DV-CLR-01): the seed's plain-string `error` (exactly the
//! seed's words where it names them), a `code`, and a `hint` that names the path as given
//! and says how to fix the call.
//!
//! The shared storage speaks the rootspace codes and words; `from_storage` translates
//! them into this profile's, so no rootspace tool name or host path reaches the client.

use serde_json::{Value, json};

use crate::errors::{Code, ToolError};

/// The seed's four error strings.
pub const FILE_NOT_FOUND: &str = "File not found";
pub const PATH_TRAVERSAL: &str = "Path traversal detected";
pub const TOO_LARGE: &str = "File exceeds 500KB limit";
pub const EDIT_TARGET_NOT_FOUND: &str = "Edit target not found";

/// The codes of the profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DvCode {
    NotFound,
    PathTraversal,
    FileTooLarge,
    EditTargetNotFound,
    AlreadyExists,
    NotAFile,
    NotADirectory,
    NotText,
    InvalidPath,
    InvalidArgument,
    PermissionDenied,
    IoError,
}

impl DvCode {
    pub const ALL: [DvCode; 12] = [
        DvCode::NotFound,
        DvCode::PathTraversal,
        DvCode::FileTooLarge,
        DvCode::EditTargetNotFound,
        DvCode::AlreadyExists,
        DvCode::NotAFile,
        DvCode::NotADirectory,
        DvCode::NotText,
        DvCode::InvalidPath,
        DvCode::InvalidArgument,
        DvCode::PermissionDenied,
        DvCode::IoError,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            DvCode::NotFound => "NOT_FOUND",
            DvCode::PathTraversal => "PATH_TRAVERSAL",
            DvCode::FileTooLarge => "FILE_TOO_LARGE",
            DvCode::EditTargetNotFound => "EDIT_TARGET_NOT_FOUND",
            DvCode::AlreadyExists => "ALREADY_EXISTS",
            DvCode::NotAFile => "NOT_A_FILE",
            DvCode::NotADirectory => "NOT_A_DIRECTORY",
            DvCode::NotText => "NOT_TEXT",
            DvCode::InvalidPath => "INVALID_PATH",
            DvCode::InvalidArgument => "INVALID_ARGUMENT",
            DvCode::PermissionDenied => "PERMISSION_DENIED",
            DvCode::IoError => "IO_ERROR",
        }
    }
}

/// A failed call, as the client sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct DvError {
    pub code: DvCode,
    /// The seed's `error` string.
    pub error: String,
    /// What to do about it, naming the path as given.
    pub hint: String,
}

impl DvError {
    pub fn new(code: DvCode, error: impl Into<String>, hint: impl Into<String>) -> Self {
        DvError {
            code,
            error: error.into(),
            hint: hint.into(),
        }
    }

    /// The seed's failure object with our two fields.
    pub fn to_json(&self) -> Value {
        json!({"ok": false, "error": self.error, "code": self.code.as_str(), "hint": self.hint})
    }

    pub fn traversal(path: &str) -> Self {
        DvError::new(
            DvCode::PathTraversal,
            PATH_TRAVERSAL,
            format!(
                "The path {path:?} resolves outside the project root (through \"..\", an \
                 absolute path elsewhere, or a symlink that leads out or to nothing). Use a \
                 path inside the project, relative to its root. Nothing was done."
            ),
        )
    }

    pub fn not_found(path: &str) -> Self {
        DvError::new(
            DvCode::NotFound,
            FILE_NOT_FOUND,
            format!(
                "Nothing exists at {path:?}. Check the spelling and that the path is relative \
                 to the project root; list its directory with action \"list\"."
            ),
        )
    }

    pub fn too_large(path: &str, size: u64) -> Self {
        DvError::new(
            DvCode::FileTooLarge,
            TOO_LARGE,
            format!(
                "{path:?} is {size} bytes; reads are limited to {} bytes (500 KB). Change it \
                 with apply_surgical_edits, which has no such limit, instead of reading it whole.",
                super::READ_LIMIT
            ),
        )
    }

    pub fn target_not_found(path: &str, old: &str, index: usize) -> Self {
        DvError::new(
            DvCode::EditTargetNotFound,
            format!("{EDIT_TARGET_NOT_FOUND}: {old}"),
            format!(
                "Edit {} of {path:?}: its `old` text does not occur in the file (after the \
                 edits before it). Nothing was written. Read the file and copy `old` exactly, \
                 whitespace and line breaks included.",
                index + 1
            ),
        )
    }

    pub fn not_a_file(path: &str) -> Self {
        DvError::new(
            DvCode::NotAFile,
            "Path is not a file",
            format!(
                "{path:?} is a directory, not a regular file; list a directory with action \
                 \"list\"."
            ),
        )
    }

    /// A FIFO, socket or device (`words` says which).
    pub fn special(path: &str, words: &str) -> Self {
        DvError::new(
            DvCode::NotAFile,
            "Path is not a file",
            format!(
                "{path:?} is {words}, not a regular file; it is neither read nor written \
                 (reading it could block or never end). Nothing was done; pass the path of a \
                 regular file."
            ),
        )
    }

    pub fn not_text(path: &str) -> Self {
        DvError::new(
            DvCode::NotText,
            "File is not UTF-8 text",
            format!(
                "{path:?} is not UTF-8 text, so it is neither read nor edited; replace it \
                 whole with action \"write\" if that is wanted."
            ),
        )
    }

    /// Translates an error of the shared storage for the call on `path` (as given).
    pub fn from_storage(e: ToolError, path: &str) -> Self {
        let detail = |k: &str| e.details.get(k).and_then(Value::as_str).map(str::to_owned);
        match e.code {
            Code::PathEscape => DvError::traversal(path),
            Code::NotFound => DvError::not_found(path),
            Code::NotAFile => match e.special_file_words() {
                Some(words) => DvError::special(path, words),
                None => DvError::not_a_file(path),
            },
            Code::NotText => DvError::not_text(path),
            Code::TooLarge => {
                let size = e.details.get("size").and_then(Value::as_u64).unwrap_or(0);
                DvError::new(
                    DvCode::FileTooLarge,
                    "File exceeds the server's size limit",
                    format!(
                        "{path:?} would be {size} bytes, over the {} byte limit of this \
                         server. Nothing was changed.",
                        crate::MAX_FILE_SIZE
                    ),
                )
            }
            Code::NotADirectory => DvError::new(
                DvCode::NotADirectory,
                "Not a directory",
                format!(
                    "{path:?} (or one of its parents) is a file, not a directory. List a \
                     directory, or read the file with action \"read\"."
                ),
            ),
            Code::AlreadyExists => DvError::new(
                DvCode::AlreadyExists,
                "Destination already exists",
                format!(
                    "{path:?} already exists and a move never replaces anything. Move to a \
                     free name, or replace the file's content with action \"write\"."
                ),
            ),
            Code::InvalidPath => DvError::new(
                DvCode::InvalidPath,
                "Invalid path",
                format!("The path {path:?} cannot be used; choose another name."),
            ),
            Code::InvalidArgument => DvError::new(
                DvCode::InvalidArgument,
                "Invalid move",
                format!("{path:?}: a directory cannot be moved into itself."),
            ),
            Code::PermissionDenied => DvError::new(
                DvCode::PermissionDenied,
                "Permission denied",
                format!(
                    "{path:?} is read-only or has several hard links, so this server does not \
                     change it. Nothing was changed."
                ),
            ),
            _ => DvError::new(
                DvCode::IoError,
                "The file operation failed",
                format!(
                    "The operation on {path:?} failed: {}. This is a problem of the file \
                     system, not of the arguments.",
                    detail("reason").unwrap_or_else(|| e.message.clone())
                ),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_distinct_and_seed_strings_exact() {
        let mut seen = std::collections::HashSet::new();
        for c in DvCode::ALL {
            assert!(seen.insert(c.as_str()));
        }
        assert_eq!(DvError::not_found("a").error, "File not found");
        assert_eq!(DvError::traversal("../x").error, "Path traversal detected");
        assert_eq!(
            DvError::too_large("a", 512_001).error,
            "File exceeds 500KB limit"
        );
        let e = DvError::target_not_found("a.ts", "foo()", 1);
        assert_eq!(e.error, "Edit target not found: foo()");
        assert!(e.hint.contains("Edit 2") && e.hint.contains("a.ts"));
        let j = e.to_json();
        assert_eq!(j["ok"], false);
        assert_eq!(j["code"], "EDIT_TARGET_NOT_FOUND");
    }

    #[test]
    fn storage_errors_translate_without_rootspace_words() {
        for code in [
            Code::PathEscape,
            Code::NotFound,
            Code::NotAFile,
            Code::NotText,
            Code::NotADirectory,
            Code::AlreadyExists,
            Code::PermissionDenied,
            Code::IoError,
        ] {
            let e = DvError::from_storage(ToolError::new(code, "see text.read, list://x"), "p/q");
            assert!(e.hint.contains("p/q"), "{e:?}");
            assert!(
                !e.hint.contains("list://") || code == Code::IoError,
                "{e:?}"
            );
        }
        assert_eq!(
            DvError::from_storage(ToolError::new(Code::PathEscape, "x"), "l").code,
            DvCode::PathTraversal
        );
    }

    #[test]
    fn special_files_are_named_as_what_they_are() {
        let e = DvError::from_storage(
            ToolError::new(Code::NotAFile, "x").with("file_type", "fifo"),
            "p",
        );
        assert_eq!(e.code, DvCode::NotAFile);
        assert!(
            e.hint.contains("FIFO") && !e.hint.contains("directory"),
            "{e:?}"
        );
    }
}
