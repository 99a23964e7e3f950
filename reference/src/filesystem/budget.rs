//! The work budget of the filesystem profile (docs/limits.md): what a call may hold in
//! memory, estimated from its arguments and the files' sizes now, charged to the shared
//! work budget before the call runs. A call whose work could never fit is refused here
//! with advice instead.

use rmcp::model::JsonObject;

use super::args::Args;
use super::sizes::{read_cost, size_of};
use super::{Ctx, dirs, edit, read, search, tree};
use crate::errors::{Code, ToolError};
use crate::limits::{MAX_REPLY, WORK_BUDGET};

/// What a walk (directory_tree, search_files) or a listing may hold: the reply text, its
/// copy in structuredContent, and the entries being walked.
pub const WALK_COST: usize = 2 * MAX_REPLY + (32 << 20);

/// Largest file edit_file works on: the file, the edited text, both with `\n` line
/// endings for the diff, and the diff itself must fit the work budget.
pub const MAX_EDIT_FILE: usize = WORK_BUDGET / 5;

/// Whether a tool's cost depends on file sizes (so `cost` must look at the disk).
pub fn sized(name: &str) -> bool {
    matches!(
        name,
        read::READ_FILE | read::READ_TEXT | read::READ_MEDIA | read::READ_MULTIPLE | edit::NAME
    )
}

/// Bytes of work the call may hold, or why it cannot run at all. Touches the disk for
/// `sized` tools: call it on a blocking thread.
pub fn cost(ctx: &Ctx, name: &str, args: &JsonObject) -> Result<usize, ToolError> {
    let a = Args(args);
    Ok(match name {
        read::READ_FILE | read::READ_TEXT => read_cost(size_of(ctx, a.str("path")?)),
        read::READ_MEDIA => {
            let s = size_of(ctx, a.str("path")?);
            s + 2 * (s / 3 * 4 + 4).min(MAX_REPLY)
        }
        // Only files whose JSON fits the reply are read: the parts and the joined reply,
        // then its JSON twice (escaping grows text up to six times; capped as the reply).
        read::READ_MULTIPLE => {
            let paths = a.strings("paths", true)?;
            let total: usize = paths.iter().map(|p| size_of(ctx, p)).sum();
            2 * total.min(MAX_REPLY) + 2 * total.saturating_mul(6).min(MAX_REPLY)
        }
        edit::NAME => {
            let given = a.str("path")?;
            let s = size_of(ctx, given);
            if s > MAX_EDIT_FILE {
                return Err(ToolError::new(
                    Code::TooLarge,
                    format!(
                        "{given} is {s} bytes; edit_file works on files up to {MAX_EDIT_FILE} \
                         bytes ({} MiB), since the file, the edited text and the diff are \
                         held in memory. Nothing was changed. Replace the file with \
                         write_file, or split it into smaller files.",
                        MAX_EDIT_FILE >> 20
                    ),
                )
                .with("path", given));
            }
            5 * s
        }
        tree::NAME | search::NAME | dirs::LIST | dirs::LIST_SIZES => WALK_COST,
        _ => 0,
    })
}
