//! Replies the reply layer's unit tests share.

use serde_json::json;

use super::Reply;

/// A tool error with `code` where CLR-020 puts it and `msg` as its text.
pub fn tool_error(code: &str, msg: &str) -> Reply {
    Reply::Ok(json!({
        "isError": true,
        "content": [{"type": "text", "text": msg}],
        "structuredContent": {"code": code, "message": msg}
    }))
}
