//! `apply_surgical_edits {path, edits: [{old, new}]}` → `{ok, appliedEdits}`: each edit in
//! order replaces the first occurrence of `old` in the text as the edits before it left it;
//! `old` and `new` are literal (DV-CLR-09). The read, the edits and the atomic write happen
//! under the file's lock (DV-CLR-10); if any `old` is missing, nothing is written.

use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Value, json};

use super::Ctx;
use super::args::{Args, EditArg};
use super::codes::{DvCode, DvError};
use super::result::tool;
use crate::errors::{Code, ToolError};

pub const NAME: &str = "apply_surgical_edits";

pub fn definition() -> Tool {
    tool(
        NAME,
        "Apply surgical edits",
        "Change a UTF-8 file of the project by exact replacements. Each edit {old, new} \
         replaces the first occurrence of old with new, in the order given, each in the text \
         as the edits before it left it; both are literal text. If any old is not found, \
         nothing is written. Returns the number of edits applied.",
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string", "description": "The file to change, relative to the project root."},
                "edits": {
                    "type": "array",
                    "description": "The replacements, applied in order.",
                    "items": {
                        "type": "object",
                        "properties": {
                            "old": {"type": "string", "description": "Exact text to find (not empty), copied from the file."},
                            "new": {"type": "string", "description": "Its replacement (may be empty)."}
                        },
                        "required": ["old", "new"]
                    }
                }
            },
            "required": ["path", "edits"]
        }),
        json!({"appliedEdits": {"type": "number", "description": "Number of edits applied."}}),
        ToolAnnotations::with_title("Apply surgical edits")
            .read_only(false)
            .destructive(true)
            .idempotent(false)
            .open_world(false),
    )
}

/// CPU time one call may spend on its edits (docs/limits.md): each is a search and a
/// splice of the whole text, so many edits growing the text would hold the file's lock
/// for minutes.
pub const APPLY_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// Applies `edits` to `text` in order, first occurrence each; `Err(Some(i))` names the
/// first edit whose `old` is not found, `Err(None)` says `APPLY_TIME` ran out.
pub fn apply(text: &str, edits: &[EditArg]) -> Result<String, Option<usize>> {
    let mut out = text.to_owned();
    let deadline = std::time::Instant::now() + APPLY_TIME;
    for (i, e) in edits.iter().enumerate() {
        if std::time::Instant::now() > deadline {
            return Err(None);
        }
        let at = out.find(&e.old).ok_or(Some(i))?;
        out.replace_range(at..at + e.old.len(), &e.new);
    }
    Ok(out)
}

pub fn run(ctx: &Ctx, args: &JsonObject) -> Result<Value, DvError> {
    let a = Args(args);
    let given = a.string(
        "path",
        "a path relative to the project root, e.g. \"src/index.ts\"",
    )?;
    let edits = a.edits()?;
    let path = ctx.resolve(given, "path")?;
    if path.is_root() {
        return Err(DvError::not_a_file(given));
    }
    let mut missing = None;
    let mut out_of_time = false;
    let outcome = ctx.storage.update_text(
        &path,
        Box::new(|bytes| {
            if edits.is_empty() {
                return Ok(None);
            }
            // The storage has checked that the bytes are UTF-8.
            let text = std::str::from_utf8(bytes).unwrap_or_default();
            match apply(text, &edits) {
                Ok(new) if new == text => Ok(None),
                Ok(new) => Ok(Some(new.into_bytes())),
                Err(Some(i)) => {
                    missing = Some(i);
                    Err(ToolError::new(
                        Code::ContentMismatch,
                        "edit target not found",
                    ))
                }
                Err(None) => {
                    out_of_time = true;
                    Err(ToolError::new(Code::InvalidArgument, "out of time"))
                }
            }
        }),
    );
    if let Some(i) = missing {
        return Err(DvError::target_not_found(given, &edits[i].old, i));
    }
    if out_of_time {
        return Err(DvError::new(
            DvCode::InvalidArgument,
            "Edits took too long",
            format!(
                "Applying {} edits to {given:?} took longer than {} s; nothing was written. \
                 Send fewer edits per call (each one searches the whole file).",
                edits.len(),
                APPLY_TIME.as_secs()
            ),
        ));
    }
    outcome.map_err(|e| DvError::from_storage(e, given))?;
    Ok(json!({"ok": true, "appliedEdits": edits.len()}))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(old: &str, new: &str) -> EditArg {
        EditArg {
            old: old.into(),
            new: new.into(),
        }
    }

    #[test]
    fn in_order_first_occurrence_literal() {
        assert_eq!(apply("foo foo", &[e("foo", "bar")]).unwrap(), "bar foo");
        assert_eq!(
            apply("one", &[e("one", "two"), e("two", "3")]).unwrap(),
            "3"
        );
        assert_eq!(
            apply("x x x", &[e("x", "y"), e("x", "z")]).unwrap(),
            "y z x"
        );
        assert_eq!(apply("N", &[e("N", "$& $1 $$")]).unwrap(), "$& $1 $$");
        assert_eq!(apply("a\r\nb\r\n", &[e("b", "B")]).unwrap(), "a\r\nB\r\n");
        assert_eq!(apply("é€ü", &[e("€", "E")]).unwrap(), "éEü");
        assert_eq!(apply("abc", &[]).unwrap(), "abc");
    }

    #[test]
    fn a_missing_target_names_its_edit() {
        assert_eq!(
            apply("cat", &[e("cat", "dog"), e("cat", "cow")]),
            Err(Some(1))
        );
        assert_eq!(apply("abc", &[e("zzz", "y")]), Err(Some(0)));
    }
}
