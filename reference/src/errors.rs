//! Tool errors: a machine-readable code, an instructional message and detail fields.
//!
//! Every failure a client can cause ends up as a `ToolError`, which the server turns into
//! an `isError` tool result. The message is written for an LLM: it says what was wrong
//! and what to do next (MCP-052, CLR-020, CLR-022).

use serde_json::{Map, Value, json};

/// The error codes of the rootspace interface (CLR-020), which the other profiles
/// translate into their own words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    InvalidArgument,
    InvalidPath,
    PathEscape,
    NotFound,
    AlreadyExists,
    NotAFile,
    NotADirectory,
    NotText,
    StaleHash,
    ContentMismatch,
    AmbiguousMatch,
    InvalidRange,
    TooLarge,
    PermissionDenied,
    IoError,
    /// A directory removal without `recursive` found entries (shared core; no rootspace
    /// tool returns it).
    DirectoryNotEmpty,
}

impl Code {
    /// The wire spelling, e.g. `STALE_HASH`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::InvalidArgument => "INVALID_ARGUMENT",
            Code::InvalidPath => "INVALID_PATH",
            Code::PathEscape => "PATH_ESCAPE",
            Code::NotFound => "NOT_FOUND",
            Code::AlreadyExists => "ALREADY_EXISTS",
            Code::NotAFile => "NOT_A_FILE",
            Code::NotADirectory => "NOT_A_DIRECTORY",
            Code::NotText => "NOT_TEXT",
            Code::StaleHash => "STALE_HASH",
            Code::ContentMismatch => "CONTENT_MISMATCH",
            Code::AmbiguousMatch => "AMBIGUOUS_MATCH",
            Code::InvalidRange => "INVALID_RANGE",
            Code::TooLarge => "TOO_LARGE",
            Code::PermissionDenied => "PERMISSION_DENIED",
            Code::IoError => "IO_ERROR",
            Code::DirectoryNotEmpty => "DIRECTORY_NOT_EMPTY",
        }
    }

    /// Whether the same client can succeed by changing its call (re-reading, fixing an
    /// argument). Escapes, binary files, oversized files and I/O failures cannot be
    /// fixed by retrying with other arguments for the same file.
    pub fn recoverable(self) -> bool {
        !matches!(
            self,
            Code::PathEscape
                | Code::NotText
                | Code::TooLarge
                | Code::PermissionDenied
                | Code::IoError
        )
    }

    /// Every code the rootspace tools can return (their output schemas list these).
    pub const ROOTSPACE: [Code; 15] = [
        Code::InvalidArgument,
        Code::InvalidPath,
        Code::PathEscape,
        Code::NotFound,
        Code::AlreadyExists,
        Code::NotAFile,
        Code::NotADirectory,
        Code::NotText,
        Code::StaleHash,
        Code::ContentMismatch,
        Code::AmbiguousMatch,
        Code::InvalidRange,
        Code::TooLarge,
        Code::PermissionDenied,
        Code::IoError,
    ];

    /// Every code, including those only other profiles' storage operations produce.
    pub const ALL: [Code; 16] = [
        Code::InvalidArgument,
        Code::InvalidPath,
        Code::PathEscape,
        Code::NotFound,
        Code::AlreadyExists,
        Code::NotAFile,
        Code::NotADirectory,
        Code::NotText,
        Code::StaleHash,
        Code::ContentMismatch,
        Code::AmbiguousMatch,
        Code::InvalidRange,
        Code::TooLarge,
        Code::PermissionDenied,
        Code::IoError,
        Code::DirectoryNotEmpty,
    ];
}

/// What a NOT_A_FILE entry is, in words, from its `file_type` detail (`fifo`, `socket`,
/// `char_device`, `block_device`, `directory`), so that every profile names it alike.
pub fn file_kind_words(kind: &str) -> &'static str {
    match kind {
        "fifo" => "a FIFO (named pipe)",
        "socket" => "a Unix domain socket",
        "char_device" => "a character device",
        "block_device" => "a block device",
        "directory" => "a directory",
        _ => "a special file (neither a regular file nor a directory)",
    }
}

/// A failure the client should see and can learn from.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolError {
    pub code: Code,
    pub message: String,
    /// Extra fields merged into structuredContent (`current_hash`, `line`, ...).
    pub details: Map<String, Value>,
}

impl std::fmt::Display for ToolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.code.as_str(), self.message)
    }
}

impl std::error::Error for ToolError {}

pub type ToolResult<T> = Result<T, ToolError>;

impl ToolError {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        ToolError {
            code,
            message: message.into(),
            details: Map::new(),
        }
    }

    /// Adds one detail field.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.details.insert(key.to_owned(), value.into());
        self
    }

    /// For NOT_A_FILE on a FIFO, socket or device: what it is, in words. `None` for a
    /// directory or any other error.
    pub fn special_file_words(&self) -> Option<&'static str> {
        let kind = self.details.get("file_type")?.as_str()?;
        (self.code == Code::NotAFile && kind != "directory").then(|| file_kind_words(kind))
    }

    /// The structuredContent of the error result.
    pub fn to_json(&self) -> Value {
        let mut obj = Map::new();
        obj.insert("code".into(), json!(self.code.as_str()));
        obj.insert("message".into(), json!(self.message));
        obj.insert("recoverable".into(), json!(self.code.recoverable()));
        for (k, v) in &self.details {
            obj.insert(k.clone(), v.clone());
        }
        Value::Object(obj)
    }

    // ---- constructors for the common cases, so wording stays consistent ----

    pub fn invalid_argument(field: &str, problem: &str, expected: &str) -> Self {
        ToolError::new(
            Code::InvalidArgument,
            format!("Invalid argument `{field}`: {problem}. Expected {expected}."),
        )
        .with("field", field)
    }

    pub fn not_found(path: &str) -> Self {
        ToolError::new(
            Code::NotFound,
            format!(
                "File not found: {path}. Check the path (read the parent directory with the \
                 resource list://<dir>) or create it with file.create."
            ),
        )
        .with("path", path)
    }

    pub fn stale_hash(path: &str, given: &str, current: &str) -> Self {
        ToolError::new(
            Code::StaleHash,
            format!(
                "The hash {given} is stale: {path} has changed since you read it; its current \
                 hash is {current}. call text.read to get the current content and hash, then \
                 retry your edit against it."
            ),
        )
        .with("current_hash", current)
        .with("path", path)
    }

    pub fn io(path: &str, err: &std::io::Error) -> Self {
        ToolError::new(
            Code::IoError,
            format!("I/O error on {path}: {err}. The operation was not completed."),
        )
        .with("path", path)
    }

    pub fn too_large(path: &str, size: u64) -> Self {
        ToolError::new(
            Code::TooLarge,
            format!(
                "{path} is {size} bytes, larger than the {} byte (256 MiB) limit this server \
                 serves.",
                crate::MAX_FILE_SIZE
            ),
        )
        .with("path", path)
        .with("size", size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_carries_code_message_recoverable_and_details() {
        let e = ToolError::stale_hash("/a.md", "00", "ff").with("extra", 1);
        let v = e.to_json();
        assert_eq!(v["code"], "STALE_HASH");
        assert_eq!(v["recoverable"], true);
        assert_eq!(v["current_hash"], "ff");
        assert_eq!(v["extra"], 1);
        let msg = v["message"].as_str().unwrap();
        assert!(msg.contains("call text.read"), "{msg}");
        assert!(msg.contains("ff"), "{msg}");
    }

    #[test]
    fn codes_are_upper_snake_and_unique() {
        let mut seen = std::collections::HashSet::new();
        for c in Code::ALL {
            let s = c.as_str();
            assert!(s.chars().all(|ch| ch.is_ascii_uppercase() || ch == '_'));
            assert!(seen.insert(s));
        }
        assert!(!Code::PathEscape.recoverable());
        assert!(Code::ContentMismatch.recoverable());
    }

    #[test]
    fn not_found_names_the_path() {
        let e = ToolError::not_found("/notes/x.md");
        assert!(e.message.contains("/notes/x.md"));
        assert_eq!(e.code, Code::NotFound);
    }
}
