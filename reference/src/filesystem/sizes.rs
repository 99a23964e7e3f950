//! The sizes both the work budget (`budget.rs`) and the reads (`read.rs`) reckon with: a
//! file's size now, and the work of reading it as text. A module of its own so that
//! `budget.rs`, which names the read and edit tools, and `read.rs` import no circle.

use super::Ctx;
use crate::limits::MAX_REPLY;

/// The size of the file a path argument names now (0 when it cannot be resolved: the
/// call will fail on its own).
pub fn size_of(ctx: &Ctx, given: &str) -> usize {
    ctx.resolve(given).map_or(0, |r| {
        r.storage().size_hint(&r.path).min(crate::MAX_FILE_SIZE) as usize
    })
}

/// The work of read_text_file on a file of `size` bytes: the file, and its reply as JSON
/// twice (the message serialized, and a copy on its way out over HTTP). Escaping can grow
/// text six times (a control character becomes `\u0001`); the reply's JSON is capped at
/// `MAX_REPLY` (`read::TextRead::finish`), so the charge is too (CLR-033).
pub fn read_cost(size: usize) -> usize {
    size + 2 * size.saturating_mul(6).saturating_add(2).min(MAX_REPLY)
}
