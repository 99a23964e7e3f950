//! The editor profile's errors (FILE-ERRORS): each has the source's JSON-RPC
//! code (-32602 invalid params for a missing file or a bad URI, -32603 internal error for
//! a permission error) and a code word of ours (ED-CLR-01) that says which one it is.
//!
//! Called as a direct JSON-RPC method, an error is a JSON-RPC error `{code, message,
//! data: {code, ...}}`; called as a tool, it is a tool result with `isError: true` and
//! `structuredContent` `{code, jsonrpcCode, message, ...}`, so the model reads it.

use rmcp::ErrorData as McpError;
use rmcp::model::{CallToolResult, ContentBlock, ErrorCode};
use serde_json::{Map, Value};

use crate::errors::{Code, ToolError};

/// What went wrong, by the seed's kinds and ours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EdCode {
    FileNotFound,
    InvalidUri,
    OutsideRoot,
    InvalidParams,
    NotAFile,
    NotText,
    TooLarge,
    /// The file changed on disk since this session loaded or saved it (ED-CLR-06).
    Conflict,
    PermissionDenied,
    InternalError,
}

impl EdCode {
    pub fn as_str(self) -> &'static str {
        match self {
            EdCode::FileNotFound => "FILE_NOT_FOUND",
            EdCode::InvalidUri => "INVALID_URI",
            EdCode::OutsideRoot => "OUTSIDE_ROOT",
            EdCode::InvalidParams => "INVALID_PARAMS",
            EdCode::NotAFile => "NOT_A_FILE",
            EdCode::NotText => "NOT_TEXT",
            EdCode::TooLarge => "TOO_LARGE",
            EdCode::Conflict => "CONFLICT",
            EdCode::PermissionDenied => "PERMISSION_DENIED",
            EdCode::InternalError => "INTERNAL_ERROR",
        }
    }

    /// The seed's JSON-RPC code: what the caller got wrong is -32602, what failed on the
    /// server's side (permissions, I/O) -32603.
    pub fn rpc(self) -> i32 {
        match self {
            EdCode::PermissionDenied | EdCode::InternalError => -32603,
            _ => -32602,
        }
    }
}

/// One error: the code, a message that starts with the seed's words and says how to fix
/// the call, and facts (`uri`, ...).
#[derive(Debug, Clone)]
pub struct EdError {
    pub code: EdCode,
    pub message: String,
    pub details: Map<String, Value>,
}

impl EdError {
    pub fn new(code: EdCode, message: impl Into<String>) -> Self {
        EdError {
            code,
            message: message.into(),
            details: Map::new(),
        }
    }

    pub fn with(mut self, key: &str, value: impl Into<Value>) -> Self {
        self.details.insert(key.to_owned(), value.into());
        self
    }

    pub fn invalid(message: impl Into<String>) -> Self {
        EdError::new(EdCode::InvalidParams, message)
    }

    /// A storage error about the file `uri` names, in the seed's terms.
    pub fn from_storage(e: ToolError, uri: &str) -> Self {
        let (code, msg) = match e.code {
            Code::NotFound => (
                EdCode::FileNotFound,
                format!(
                    "File not found: {uri} does not exist. Check the path, or call file/save \
                     with create_if_not_exists: true to create it."
                ),
            ),
            Code::PathEscape => (
                EdCode::OutsideRoot,
                format!(
                    "Access denied: {uri} leads outside the directory this server serves \
                     (through a symlink). Use a file inside it."
                ),
            ),
            Code::NotAFile if e.special_file_words().is_some() => (
                EdCode::NotAFile,
                format!(
                    "Not a file: {uri} is {}, not a regular file; it is neither read nor \
                     written (reading it could block or never end). Name a regular file.",
                    e.special_file_words().unwrap_or("a special file")
                ),
            ),
            Code::NotAFile | Code::NotADirectory => (
                EdCode::NotAFile,
                format!("Not a file: {uri} is not a regular file. Name a file, not a directory."),
            ),
            Code::NotText => (
                EdCode::NotText,
                format!(
                    "Not UTF-8 text: {uri} is not valid UTF-8, and this server reads and writes \
                     UTF-8 only (ED-CLR-08); it was not changed."
                ),
            ),
            Code::TooLarge => (EdCode::TooLarge, format!("File too large: {}", e.message)),
            Code::PermissionDenied => (
                EdCode::PermissionDenied,
                format!("Permission denied: {uri}: {}", e.message),
            ),
            _ => (
                EdCode::InternalError,
                format!("Internal error: {}", e.message),
            ),
        };
        EdError::new(code, msg).with("uri", uri)
    }

    /// The JSON-RPC error of a direct method call.
    pub fn to_rpc(&self) -> McpError {
        let mut data = self.details.clone();
        data.insert("code".into(), self.code.as_str().into());
        McpError::new(
            ErrorCode(self.code.rpc()),
            self.message.clone(),
            Some(Value::Object(data)),
        )
    }

    /// The tool error result of a tool call.
    pub fn to_tool(&self) -> CallToolResult {
        let mut sc = self.details.clone();
        sc.insert("code".into(), self.code.as_str().into());
        sc.insert("jsonrpcCode".into(), self.code.rpc().into());
        sc.insert("message".into(), self.message.clone().into());
        let mut r = CallToolResult::error(vec![ContentBlock::text(self.message.clone())]);
        r.structured_content = Some(Value::Object(sc));
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_follow_the_seed_table() {
        assert_eq!(EdCode::FileNotFound.rpc(), -32602);
        assert_eq!(EdCode::InvalidUri.rpc(), -32602);
        assert_eq!(EdCode::PermissionDenied.rpc(), -32603);
        let e = EdError::from_storage(ToolError::new(Code::NotFound, "x"), "file:///r/a");
        let rpc = e.to_rpc();
        assert_eq!(rpc.code.0, -32602);
        assert!(rpc.message.starts_with("File not found"));
        assert_eq!(rpc.data.unwrap()["code"], "FILE_NOT_FOUND");
        let t = e.to_tool();
        assert_eq!(t.is_error, Some(true));
        let sc = t.structured_content.unwrap();
        assert_eq!(sc["code"], "FILE_NOT_FOUND");
        assert_eq!(sc["jsonrpcCode"], -32602);
        let p = EdError::from_storage(ToolError::new(Code::PermissionDenied, "no"), "u");
        assert_eq!(p.to_rpc().code.0, -32603);
    }

    #[test]
    fn special_files_are_named_as_what_they_are() {
        let e = EdError::from_storage(
            ToolError::new(Code::NotAFile, "x").with("file_type", "fifo"),
            "file:///r/p",
        );
        assert_eq!(e.code, EdCode::NotAFile);
        assert!(
            e.message.contains("FIFO") && !e.message.contains("directory"),
            "{e:?}"
        );
    }
}
