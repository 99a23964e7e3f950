//! write_file (FS-WRITE-001): creates a file or replaces its whole content, atomically and
//! durably (FS-CLR-02: a temp file in the same directory, flushed, renamed over). Missing
//! parent directories are not made, as in the official server: create_directory makes them.

use rmcp::model::{CallToolResult, JsonObject, Tool};
use serde_json::json;

use super::Ctx;
use super::args::Args;
use super::result::{self, explain};
use crate::errors::{Code, ToolError};

pub const NAME: &str = "write_file";

pub fn definition() -> Tool {
    result::definition(
        NAME,
        "Write File",
        "Create a new file or completely overwrite an existing file with new content. Use with \
         caution as it will overwrite existing files without warning. The file is replaced in \
         one step (readers see the old or the new content, never a mix). Parent directories \
         must exist (create_directory makes them). Only works within allowed directories.",
        json!({"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}, "required": ["path", "content"]}),
        result::text_output(),
        false,
    )
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let a = Args(args);
    let given = a.str("path")?;
    let content = a.text("content")?;
    let r = ctx.resolve(given)?;
    match r.storage().write_file(&r.path, content.as_bytes(), false) {
        Ok(_) => Ok(result::text(format!("Successfully wrote to {given}"))),
        Err(e) if e.code == Code::NotFound && e.details.contains_key("directory") => {
            let missing = e.details["directory"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            let shown = crate::paths::normalize(&missing, true)
                .map(|p| r.dir.host(&p).display().to_string())
                .unwrap_or(missing);
            Err(ToolError::new(
                Code::NotFound,
                format!(
                    "ENOENT: the parent directory of {given} does not exist ({} is missing). \
                     Create it first with create_directory, then write the file.",
                    shown
                ),
            )
            .with("path", given))
        }
        Err(e) => Err(explain(e, given)),
    }
}
