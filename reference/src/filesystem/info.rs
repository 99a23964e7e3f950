//! get_file_info (FS-INFO-001): size, creation, modification and access times, type and
//! permission bits of an entry, one `key: value` per line as the official server writes
//! them (times in RFC 3339, UTC).

use std::time::SystemTime;

use rmcp::model::{CallToolResult, JsonObject, Tool};

use super::Ctx;
use super::args::Args;
use super::result::{self, explain};
use crate::errors::ToolError;
use crate::sandbox::EntryKind;

pub const NAME: &str = "get_file_info";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Get File Info",
        "Retrieve detailed metadata about a file or directory. Returns comprehensive \
         information including size, creation time, last modified time, permissions, and \
         type. Only works within allowed directories.",
        result::path_only(),
        result::text_output(),
        true,
    )
}

fn time(t: Option<SystemTime>) -> String {
    t.map_or_else(
        || "unknown".to_owned(),
        |t| humantime::format_rfc3339_millis(t).to_string(),
    )
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let given = Args(args).str("path")?;
    let r = ctx.resolve(given)?;
    let m = r.storage().stat(&r.path).map_err(|e| explain(e, given))?;
    let text = [
        format!("size: {}", m.size),
        format!("created: {}", time(m.created)),
        format!("modified: {}", time(m.modified)),
        format!("accessed: {}", time(m.accessed)),
        format!("isDirectory: {}", m.kind == EntryKind::Directory),
        format!("isFile: {}", m.kind == EntryKind::File),
        format!("permissions: {:03o}", m.mode & 0o777),
    ]
    .join("\n");
    Ok(result::text(text))
}
