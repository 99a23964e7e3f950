//! move_file (FS-MOVE-001): moves or renames a file, a directory or a symlink (the link
//! itself). It never replaces an existing destination: one rename that refuses an existing
//! name (renameat2 NOREPLACE) under the locks of both names, so of two racing moves to one
//! name exactly one wins and nothing is overwritten.

use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::json;

use super::Ctx;
use super::args::Args;
use super::result::{self, explain};
use crate::errors::{Code, ToolError};

pub const NAME: &str = "move_file";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Move File",
        "Move or rename files and directories. Can move files between directories and rename \
         them in a single operation. If the destination exists, the operation will fail (and \
         changes nothing). The destination's parent directory must exist. Both source and \
         destination must be within allowed directories.",
        json!({"type": "object", "properties": {"source": {"type": "string"}, "destination": {"type": "string"}}, "required": ["source", "destination"]}),
        result::text_output(),
        false,
    )
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let (source, destination) = (a.str("source")?, a.str("destination")?);
    let from = ctx.resolve_entry(source)?;
    let to = ctx.resolve_entry(destination)?;
    if !std::sync::Arc::ptr_eq(&from.dir, &to.dir) {
        return Err(ToolError::new(
            Code::InvalidArgument,
            format!(
                "{source} and {destination} lie in different allowed directories; move_file \
                 moves within one of them. Read the file and write it at the destination \
                 instead."
            ),
        ));
    }
    match from.storage().move_entry(&from.path, &to.path, false) {
        Ok(()) => Ok(result::text(format!(
            "Successfully moved {source} to {destination}"
        ))),
        Err(e) if e.code == Code::AlreadyExists => Err(ToolError::new(
            Code::AlreadyExists,
            format!(
                "Destination already exists: {destination}. Nothing was moved. Choose another \
                 destination, or move the existing entry away first."
            ),
        )
        .with("path", destination)),
        Err(e) => {
            // Say which of the two paths the error is about.
            let about_dest = e
                .details
                .get("path")
                .and_then(|p| p.as_str())
                .is_some_and(|p| {
                    p == to.path.display() || p.starts_with(&format!("{}/", to.path.display()))
                })
                && e.details.get("path").and_then(|p| p.as_str()) != Some(&from.path.display());
            Err(explain(e, if about_dest { destination } else { source }))
        }
    }
}
