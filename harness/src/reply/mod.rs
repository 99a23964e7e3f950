//! How a server's reply is read: pure functions of the reply and the interface's declared
//! shapes (its `Profile`), with no session, World or cucumber.
//!
//! Every check reads replies through this layer, and the session layer applies a declared
//! refusal shape through it too, so a reply means one thing everywhere: whether it is a
//! refusal (`refusal`), where its result and text are (`result`), which kind of error it is
//! (`kind`, `codes`, `facts`), whether it has a clarified shape (`shape`), what a
//! listing names (`listing`), and a result of the draft's variant shape (`variants`).
//!
//! Leniency lives here and nowhere else: core cases accept a code in any spelling, the
//! facts a message carries, hashes in either case, lines with either terminator and
//! listings of any reasonable shape; clarification cases are strict.

pub mod codes;
pub mod facts;
pub mod kind;
pub mod listing;
pub mod pages;
pub mod refusal;
pub mod result;
pub mod shape;
pub mod values;
pub mod variants;

#[cfg(test)]
mod test_replies;

use serde_json::Value;

pub use refusal::{
    ErrorSeen, argument_error, argument_error_of, check_marking, failure, mark_refusal,
    not_an_answer,
};
pub use result::{
    direct_success, is_tool_error, profile_success, result_object, success, text_blocks,
};
pub use values::sha256_hex;

/// What a request produced.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A result (the JSON of the decoded result object).
    Ok(Value),
    /// A JSON-RPC error response.
    RpcError {
        code: i64,
        message: String,
        data: Option<Value>,
    },
    /// No usable answer: timeout, crash, closed pipe, undecodable reply.
    Broken(String),
}

/// `s` cut to at most `limit` bytes (at a character boundary), saying how much was cut.
pub fn clip(s: &str, limit: usize) -> String {
    if s.len() <= limit {
        return s.to_string();
    }
    let mut end = limit;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} more bytes)", &s[..end], s.len() - end)
}

/// A JSON value as shown in a failure: compact, at most 600 bytes.
pub fn describe_value(v: &Value) -> String {
    clip(&v.to_string(), 600)
}

/// Everything a reply could show the model: the result as JSON, an error's message and
/// data, or why there was no answer.
pub fn reply_text(reply: &Reply) -> String {
    match reply {
        Reply::Ok(v) => v.to_string(),
        Reply::RpcError { message, data, .. } => match data {
            Some(d) => format!("{message} {d}"),
            None => message.clone(),
        },
        Reply::Broken(r) => r.clone(),
    }
}
