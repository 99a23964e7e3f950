//! `file.create`: make a new file (text or base64-encoded bytes); returns its hash.

use base64::Engine;
use rmcp::model::{JsonObject, Tool};
use schemars::JsonSchema;
use serde::Serialize;
use serde_json::Value;

use super::{Args, Ctx, annotations, make_tool, object};
use crate::errors::{ToolError, ToolResult};
use crate::paths::NormPath;

// What `parse` checks field by field (each problem an INVALID_ARGUMENT naming the field,
// SEP-1303) and returns; the input schema is derived from it (its doc comments).
/// Arguments of file.create.
#[derive(Debug, JsonSchema)]
pub struct CreateInput {
    /// Where to create the file: a POSIX path inside the root, e.g. "/notes/todo.md"
    /// (the leading "/" is optional and means the root, not the OS root). Missing parent
    /// directories are created. Fails if something already exists at the path.
    #[schemars(with = "String")]
    pub path: NormPath,
    /// The file's full content. With encoding "utf-8" (the default) it is the text itself,
    /// stored byte for byte (line endings are not changed; "" makes an empty file). With
    /// encoding "base64" it is the base64 encoding of the bytes, e.g. "aGVsbG8K" for "hello\n".
    // Kept as the bytes `encoding` (read by `parse`, written into the schema by
    // `definition`) decodes the string to.
    #[schemars(with = "String")]
    pub content: Vec<u8>,
}

/// Result of file.create.
#[derive(Serialize, JsonSchema)]
pub struct CreateOutput {
    /// SHA-256 (64 lowercase hex digits) of the bytes written; pass it as `hash` to the
    /// first edit or to file.remove.
    pub hash: String,
}

pub fn definition(name: &'static str) -> Tool {
    let mut tool = make_tool::<CreateInput, CreateOutput>(
        name,
        "Create file",
        "Create a new file inside the root with the given content and return its SHA-256 \
         `hash`. Parent directories are created as needed. Fails with ALREADY_EXISTS if the \
         path exists (edit existing files with the text.* tools instead). Use encoding \
         \"base64\" for binary content.",
        annotations("Create file", false, false, false),
    );
    // `encoding` is read while parsing, not kept: its schema is a plain string enum.
    let mut schema = (*tool.input_schema).clone();
    if let Some(Value::Object(props)) = schema.get_mut("properties") {
        props.insert(
            "encoding".into(),
            serde_json::json!({
                "description": "How `content` is encoded: \"utf-8\" (the default) for text, \"base64\" for any bytes.",
                "type": "string",
                "enum": ["utf-8", "base64"],
                "default": "utf-8"
            }),
        );
    }
    tool.input_schema = std::sync::Arc::new(schema);
    tool
}

/// Parses the arguments, taking the content out of `args` so a large text is not copied.
pub fn parse(mut args: JsonObject) -> ToolResult<CreateInput> {
    let a = Args(&args);
    let path = a.path()?;
    a.string(
        "content",
        "the file content as a string (text, or base64 when encoding is \"base64\")",
    )?;
    let encoding = a
        .opt_string("encoding", "\"utf-8\" (the default) or \"base64\"")?
        .map(|e| e.to_ascii_lowercase());
    let base64 = match encoding.as_deref() {
        None | Some("utf-8") | Some("utf8") => false,
        Some("base64") => true,
        Some(other) => {
            return Err(ToolError::invalid_argument(
                "encoding",
                &format!("{other:?} is not a supported encoding"),
                "\"utf-8\" (the default, for text) or \"base64\" (for binary content)",
            ));
        }
    };
    // Refuse over-limit content from the string's length, before decoding or copying it.
    if let Some(Value::String(c)) = args.get("content") {
        let decoded_at_least = if base64 { c.len() / 4 * 3 } else { c.len() };
        if decoded_at_least as u64 > crate::MAX_FILE_SIZE + 3 {
            return Err(
                ToolError::too_large(&path.display(), decoded_at_least as u64).with(
                    "hint",
                    "the content is larger than the file size limit; nothing was created",
                ),
            );
        }
    }
    let content = match args.remove("content") {
        Some(Value::String(s)) => s,
        _ => String::new(), // checked above
    };
    let bytes = if base64 {
        decode_base64(&content)?
    } else {
        content.into_bytes()
    };
    Ok(CreateInput {
        path,
        content: bytes,
    })
}

fn decode_base64(content: &str) -> ToolResult<Vec<u8>> {
    use base64::engine::general_purpose::{STANDARD, STANDARD_NO_PAD};
    STANDARD
        .decode(content)
        .or_else(|_| STANDARD_NO_PAD.decode(content))
        .map_err(|e| {
            ToolError::invalid_argument(
                "content",
                &format!("it is not valid base64 ({e})"),
                "standard base64 (A-Z, a-z, 0-9, +, /, with = padding), e.g. \"aGVsbG8K\"; \
                 or omit encoding to pass plain text",
            )
        })
}

pub fn run(ctx: &Ctx, p: CreateInput) -> ToolResult<Value> {
    let hash = ctx.storage.create(&p.path, &p.content)?;
    Ok(object(vec![("hash", Value::String(hash))]))
}
