//! Lighthouse error codes and errors (seed `ToolError`): a code, a `message` saying what
//! happened and an `aiMessage` saying how to fix it.
//!
//! The shared storage speaks the rootspace codes; `from_storage` translates them into
//! this profile's codes and words, naming the path as the caller gave it.

use serde_json::{Value, json};

use crate::errors::{Code, ToolError};

/// The codes of the profile: the seed's five, then ours (LH-CLR-02).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LhCode {
    FileNotFound,
    PathOutsideProject,
    DirectoryNotFound,
    InvalidRegex,
    DirectoryNotEmpty,
    InvalidArgument,
    InvalidPath,
    NotAFile,
    FileTooLarge,
    NotText,
    IoError,
}

impl LhCode {
    pub const ALL: [LhCode; 11] = [
        LhCode::FileNotFound,
        LhCode::PathOutsideProject,
        LhCode::DirectoryNotFound,
        LhCode::InvalidRegex,
        LhCode::DirectoryNotEmpty,
        LhCode::InvalidArgument,
        LhCode::InvalidPath,
        LhCode::NotAFile,
        LhCode::FileTooLarge,
        LhCode::NotText,
        LhCode::IoError,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            LhCode::FileNotFound => "FILE_NOT_FOUND",
            LhCode::PathOutsideProject => "PATH_OUTSIDE_PROJECT",
            LhCode::DirectoryNotFound => "DIRECTORY_NOT_FOUND",
            LhCode::InvalidRegex => "INVALID_REGEX",
            LhCode::DirectoryNotEmpty => "DIRECTORY_NOT_EMPTY",
            LhCode::InvalidArgument => "INVALID_ARGUMENT",
            LhCode::InvalidPath => "INVALID_PATH",
            LhCode::NotAFile => "NOT_A_FILE",
            LhCode::FileTooLarge => "FILE_TOO_LARGE",
            LhCode::NotText => "NOT_TEXT",
            LhCode::IoError => "IO_ERROR",
        }
    }

    /// Whether another call can succeed: everything but an escape and an I/O failure.
    pub fn recoverable(self) -> bool {
        !matches!(self, LhCode::PathOutsideProject | LhCode::IoError)
    }
}

/// A failed call, as the client sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct LhError {
    pub code: LhCode,
    /// What happened.
    pub message: String,
    /// How to fix it.
    pub ai_message: String,
}

impl LhError {
    pub fn new(code: LhCode, message: impl Into<String>, ai_message: impl Into<String>) -> Self {
        LhError {
            code,
            message: message.into(),
            ai_message: ai_message.into(),
        }
    }

    /// The seed's `ToolError` object.
    pub fn to_json(&self) -> Value {
        json!({
            "code": self.code.as_str(),
            "message": self.message,
            "aiMessage": self.ai_message,
            "recoverable": self.code.recoverable(),
        })
    }

    /// The text block: the message, then how to fix it.
    pub fn text(&self) -> String {
        format!("{} {}", self.message, self.ai_message)
    }

    pub fn outside(path: &str) -> Self {
        LhError::new(
            LhCode::PathOutsideProject,
            format!(
                "The path {path:?} lies outside the project root (through \"..\", an absolute \
                 path elsewhere, or a symlink that leads out of the project or to nothing)."
            ),
            "Use a path inside the project, relative to its root (e.g. \"src/index.ts\"), \
             that does not pass through such a link. Nothing was done.",
        )
    }

    pub fn not_found(path: &str) -> Self {
        LhError::new(
            LhCode::FileNotFound,
            format!("File not found: {path:?}."),
            "Check the spelling and that the path is relative to the project root; a new \
             file is made with the write tool.",
        )
    }

    pub fn not_a_file(path: &str) -> Self {
        LhError::new(
            LhCode::NotAFile,
            format!("{path:?} is a directory, not a regular file."),
            "Pass the path of a file inside it; to remove a directory use the delete tool.",
        )
    }

    /// A FIFO, socket or device (`words` says which, CLR-031's decision in LH-CLR-02).
    pub fn special(path: &str, words: &str) -> Self {
        LhError::new(
            LhCode::NotAFile,
            format!(
                "{path:?} is {words}, not a regular file; it is neither read nor written \
                 (reading it could block or never end)."
            ),
            "Nothing was done. Pass the path of a regular file; the delete tool can remove \
             this entry if that is wanted.",
        )
    }

    pub fn too_large(path: &str, size: u64) -> Self {
        LhError::new(
            LhCode::FileTooLarge,
            format!(
                "{path:?} would be {size} bytes, over the {} byte (10 MB) limit.",
                super::MAX_BYTES
            ),
            "Files over 10 MB are refused whole, so no line range helps either; keep files \
             at or under 10 MB. Nothing was read or changed.",
        )
    }

    pub fn not_text(path: &str) -> Self {
        LhError::new(
            LhCode::NotText,
            format!("{path:?} is not UTF-8 text."),
            "These tools work on UTF-8 text files only; pick a text file, or replace this \
             one whole with the write tool.",
        )
    }

    /// Translates an error of the shared storage for the call on `path` (as given).
    /// `writing` says a write made it: a missing parent is then DIRECTORY_NOT_FOUND.
    pub fn from_storage(e: ToolError, path: &str, writing: bool) -> Self {
        match e.code {
            Code::PathEscape => LhError::outside(path),
            Code::NotFound if writing => {
                let dir = e
                    .details
                    .get("directory")
                    .and_then(Value::as_str)
                    .map(|d| d.trim_start_matches('/').to_owned())
                    .unwrap_or_else(|| "the parent directory".into());
                LhError::new(
                    LhCode::DirectoryNotFound,
                    format!(
                        "Directory not found: {dir:?} does not exist, so {path:?} cannot be written."
                    ),
                    "Pass createDirectories: true to create the missing directories, or \
                     write to a path in an existing directory.",
                )
            }
            Code::NotADirectory if writing => LhError::new(
                LhCode::DirectoryNotFound,
                format!(
                    "A parent of {path:?} is a file, not a directory, so {path:?} cannot be \
                     written."
                ),
                "Choose a path whose parents are directories (or do not exist yet, with \
                 createDirectories: true).",
            ),
            Code::NotFound | Code::NotADirectory => LhError::not_found(path),
            Code::NotAFile => match e.special_file_words() {
                Some(words) => LhError::special(path, words),
                None => LhError::not_a_file(path),
            },
            Code::NotText => LhError::not_text(path),
            Code::TooLarge => {
                let size = e.details.get("size").and_then(Value::as_u64).unwrap_or(0);
                LhError::too_large(path, size)
            }
            Code::InvalidPath => LhError::new(
                LhCode::InvalidPath,
                format!("The path {path:?} cannot be used: {}", e.message),
                "Choose another path inside the project.",
            ),
            Code::DirectoryNotEmpty => LhError::new(
                LhCode::DirectoryNotEmpty,
                format!("{path:?} is a directory that is not empty; nothing was removed."),
                "Pass recursive: true to delete the directory with everything in it, or \
                 delete its entries first.",
            ),
            _ => LhError::new(
                LhCode::IoError,
                format!("The operation on {path:?} failed: {}", e.message),
                "This is a problem of the file system, not of the arguments; retrying with \
                 other arguments will not help.",
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_recoverability() {
        let mut seen = std::collections::HashSet::new();
        for c in LhCode::ALL {
            assert!(seen.insert(c.as_str()));
            let expect = !matches!(c, LhCode::PathOutsideProject | LhCode::IoError);
            assert_eq!(c.recoverable(), expect, "{c:?}");
        }
    }

    #[test]
    fn storage_errors_translate_by_operation() {
        let missing = ToolError::new(Code::NotFound, "x").with("directory", "/a/b");
        let w = LhError::from_storage(missing.clone(), "a/b/c.txt", true);
        assert_eq!(w.code, LhCode::DirectoryNotFound);
        assert!(w.message.contains("\"a/b\"") && w.ai_message.contains("createDirectories: true"));
        assert_eq!(
            LhError::from_storage(missing, "a/b/c.txt", false).code,
            LhCode::FileNotFound
        );
        let esc = LhError::from_storage(ToolError::new(Code::PathEscape, "x"), "l/x", false);
        assert_eq!(esc.code, LhCode::PathOutsideProject);
        assert_eq!(esc.to_json()["recoverable"], false);
        let big = ToolError::too_large("/f", 11 << 20);
        let e = LhError::from_storage(big, "f", false);
        assert_eq!(e.code, LhCode::FileTooLarge);
        assert!(e.message.contains(&(11u64 << 20).to_string()));
        assert_eq!(
            e.text(),
            format!("{} {}", e.message, e.ai_message),
            "text block is message + space + aiMessage"
        );
    }

    #[test]
    fn special_files_are_named_as_what_they_are() {
        let e = LhError::from_storage(
            ToolError::new(Code::NotAFile, "x").with("file_type", "fifo"),
            "p",
            false,
        );
        assert_eq!(e.code, LhCode::NotAFile);
        assert!(
            e.message.contains("FIFO") && !e.message.contains("directory"),
            "{e:?}"
        );
        let d = ToolError::new(Code::NotAFile, "x").with("file_type", "directory");
        assert!(
            LhError::from_storage(d, "p", false)
                .message
                .contains("directory")
        );
    }
}
