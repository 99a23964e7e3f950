//! The six tools: one file each (input struct with its schema, output struct, definition,
//! run function), plus the argument helpers they share. Dispatch lives in `server.rs`.

pub mod append;
pub mod create;
pub mod insert;
pub mod read;
pub mod remove;
pub mod replace;
pub mod schema;

use std::borrow::Cow;
use std::sync::Arc;

use rmcp::handler::server::common::{schema_for_output, schema_for_type};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{Map, Value};

use crate::errors::{ToolError, ToolResult};
use crate::name_style::NameStyle;
use crate::paths::{self, NormPath};
use crate::storage::Storage;

/// What every tool needs: the storage of the root (confinement, locks, atomic writes).
pub struct Ctx {
    pub storage: Box<dyn Storage>,
}

impl Ctx {
    pub fn new(storage: impl Storage + 'static) -> Ctx {
        Ctx {
            storage: Box::new(storage),
        }
    }
}

/// The six tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolKind {
    Create,
    Remove,
    Read,
    Replace,
    Insert,
    Append,
}

impl ToolKind {
    pub const ALL: [ToolKind; 6] = [
        ToolKind::Create,
        ToolKind::Remove,
        ToolKind::Read,
        ToolKind::Replace,
        ToolKind::Insert,
        ToolKind::Append,
    ];

    pub fn dotted(self) -> &'static str {
        match self {
            ToolKind::Create => "file.create",
            ToolKind::Remove => "file.remove",
            ToolKind::Read => "text.read",
            ToolKind::Replace => "text.replace",
            ToolKind::Insert => "text.insert",
            ToolKind::Append => "text.append",
        }
    }

    pub fn underscore(self) -> &'static str {
        match self {
            ToolKind::Create => "file_create",
            ToolKind::Remove => "file_remove",
            ToolKind::Read => "text_read",
            ToolKind::Replace => "text_replace",
            ToolKind::Insert => "text_insert",
            ToolKind::Append => "text_append",
        }
    }

    pub fn name(self, style: NameStyle) -> &'static str {
        match style {
            NameStyle::Dotted => self.dotted(),
            NameStyle::Underscore => self.underscore(),
        }
    }

    /// Rewrites every dotted tool name in `text` into `style`, so that messages and
    /// descriptions name the tools the client can actually call.
    pub fn respell(text: &str, style: NameStyle) -> String {
        match style {
            NameStyle::Dotted => text.to_owned(),
            NameStyle::Underscore => ToolKind::ALL.iter().fold(text.to_owned(), |t, k| {
                t.replace(k.dotted(), k.underscore())
            }),
        }
    }

    pub fn from_name(name: &str, style: NameStyle) -> Option<ToolKind> {
        ToolKind::ALL.into_iter().find(|k| k.name(style) == name)
    }
}

/// Builds a tool definition from its input and output types.
pub(crate) fn make_tool<I, O>(
    name: &'static str,
    title: &str,
    description: &'static str,
    annotations: ToolAnnotations,
) -> Tool
where
    I: schemars::JsonSchema + 'static,
    O: schemars::JsonSchema + 'static,
{
    let mut input = (*schema_for_type::<I>()).clone();
    let mut output = (*schema_for_output::<O>()).clone();
    unwrap_descriptions(&mut input);
    unwrap_descriptions(&mut output);
    schema::standardize_formats(&mut input);
    schema::standardize_formats(&mut output);
    schema::admit_errors(&mut output);
    let mut tool = Tool::new(Cow::Borrowed(name), Cow::Borrowed(description), input);
    tool.title = Some(title.to_owned());
    tool.output_schema = Some(Arc::new(output));
    tool.annotations = Some(annotations);
    tool
}

/// Doc comments arrive with their source line breaks; join them into flowing text so
/// the descriptions read as plain sentences (blank lines stay paragraph breaks).
fn unwrap_descriptions(schema: &mut JsonObject) {
    fn walk(v: &mut Value) {
        match v {
            Value::Object(map) => {
                for (k, item) in map.iter_mut() {
                    if k == "description"
                        && let Value::String(s) = item
                    {
                        *s = s
                            .split("\n\n")
                            .map(|para| {
                                para.split('\n')
                                    .map(str::trim)
                                    .collect::<Vec<_>>()
                                    .join(" ")
                            })
                            .collect::<Vec<_>>()
                            .join("\n\n");
                    } else {
                        walk(item);
                    }
                }
            }
            Value::Array(items) => items.iter_mut().for_each(walk),
            _ => {}
        }
    }
    for (_, v) in schema.iter_mut() {
        walk(v);
    }
    if let Some(Value::String(s)) = schema.get_mut("description") {
        *s = s.replace('\n', " ");
    }
}

/// Annotation helper: every tool works on a closed world (the root).
pub(crate) fn annotations(
    title: &str,
    read_only: bool,
    destructive: bool,
    idempotent: bool,
) -> ToolAnnotations {
    ToolAnnotations::with_title(title)
        .read_only(read_only)
        .destructive(destructive)
        .idempotent(idempotent)
        .open_world(false)
}

/// Shared definition list, built once.
pub fn definitions(style: NameStyle) -> Arc<Vec<Tool>> {
    Arc::new(
        ToolKind::ALL
            .into_iter()
            .map(|k| {
                let name = k.name(style);
                let tool = match k {
                    ToolKind::Create => create::definition(name),
                    ToolKind::Remove => remove::definition(name),
                    ToolKind::Read => read::definition(name),
                    ToolKind::Replace => replace::definition(name),
                    ToolKind::Insert => insert::definition(name),
                    ToolKind::Append => append::definition(name),
                };
                respell_tool(tool, style)
            })
            .collect(),
    )
}

/// Descriptions (of the tool and of its fields) mention other tools by name; spell them
/// as this server offers them.
fn respell_tool(tool: Tool, style: NameStyle) -> Tool {
    if style == NameStyle::Dotted {
        return tool;
    }
    let text = serde_json::to_string(&tool).expect("a tool definition serializes");
    serde_json::from_str(&ToolKind::respell(&text, style)).expect("still a tool definition")
}

// ---------------------------------------------------------------------------
// Argument parsing. Arguments are checked field by field so that every problem becomes
// an INVALID_ARGUMENT tool error naming the field and the expected form (SEP-1303).
// ---------------------------------------------------------------------------

/// Read-only view of the `arguments` object.
pub struct Args<'a>(pub &'a JsonObject);

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

impl<'a> Args<'a> {
    fn get(&self, field: &str) -> Option<&'a Value> {
        self.0.get(field).filter(|v| !v.is_null())
    }

    /// A required string.
    pub fn string(&self, field: &str, expected: &str) -> ToolResult<&'a str> {
        match self.get(field) {
            None => Err(ToolError::invalid_argument(
                field,
                "it is missing",
                expected,
            )),
            Some(Value::String(s)) => Ok(s),
            Some(v) => Err(ToolError::invalid_argument(
                field,
                &format!("got {}", type_name(v)),
                expected,
            )),
        }
    }

    /// An optional string (absent or null means `None`).
    pub fn opt_string(&self, field: &str, expected: &str) -> ToolResult<Option<&'a str>> {
        match self.get(field) {
            None => Ok(None),
            Some(_) => self.string(field, expected).map(Some),
        }
    }

    /// A required integer.
    pub fn int(&self, field: &str, expected: &str) -> ToolResult<i64> {
        match self.get(field) {
            None => Err(ToolError::invalid_argument(
                field,
                "it is missing",
                expected,
            )),
            Some(v) => as_int(v).ok_or_else(|| {
                ToolError::invalid_argument(field, &format!("got {}", describe(v)), expected)
            }),
        }
    }

    /// `lines`: an array of exactly two integers.
    pub fn lines(&self, field: &str, required: bool) -> ToolResult<Option<(i64, i64)>> {
        const EXPECTED: &str = "an array of exactly two integers [start, end], e.g. [1, 3] for \
                                lines 1 and 2, [-2, 0] for the last two lines, [1, 0] for all";
        let v = match self.get(field) {
            None if required => {
                return Err(ToolError::invalid_argument(
                    field,
                    "it is missing",
                    EXPECTED,
                ));
            }
            None => return Ok(None),
            Some(v) => v,
        };
        if let Value::Array(items) = v
            && items.len() == 2
            && let (Some(a), Some(b)) = (as_int(&items[0]), as_int(&items[1]))
        {
            return Ok(Some((a, b)));
        }
        Err(ToolError::invalid_argument(
            field,
            &format!("got {}", describe(v)),
            EXPECTED,
        ))
    }

    /// The normalized `path` argument.
    pub fn path(&self) -> ToolResult<NormPath> {
        let raw = self.string(
            "path",
            "a file path inside the root as a string, e.g. \"/notes/a.md\"",
        )?;
        paths::normalize(raw, false)
    }

    /// The validated `hash` argument, lowercase.
    pub fn hash(&self) -> ToolResult<String> {
        let raw = self.string(
            "hash",
            "the 64-hex-digit `hash` returned by text.read (or by the previous edit)",
        )?;
        crate::hash::parse_hash(raw)
    }
}

fn as_int(v: &Value) -> Option<i64> {
    v.as_i64()
}

/// Short description of a value for error messages.
fn describe(v: &Value) -> String {
    let mut s = v.to_string();
    if s.len() > 60 {
        let mut cut = 60;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    format!("{} ({s})", type_name(v))
}

/// A success result object built without copying large strings.
pub(crate) fn object(fields: Vec<(&str, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in fields {
        m.insert(k.to_owned(), v);
    }
    Value::Object(m)
}

/// Output shared by the three edit tools.
#[derive(serde::Serialize, schemars::JsonSchema)]
pub struct EditOutput {
    /// SHA-256 (64 lowercase hex digits) of the file after the edit; pass it as `hash`
    /// to the next edit of this file.
    pub hash: String,
    /// Number of lines in the file after the edit.
    pub total_lines: usize,
}

pub(crate) fn edit_result(w: crate::sandbox::Written) -> Value {
    object(vec![
        ("hash", Value::String(w.hash)),
        ("total_lines", Value::from(w.total_lines)),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn args(v: Value) -> JsonObject {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn lines_must_be_two_integers() {
        let ok = args(json!({"lines": [1, -1]}));
        assert_eq!(Args(&ok).lines("lines", true).unwrap(), Some((1, -1)));
        for bad in [
            json!([1]),
            json!([1, 2, 3]),
            json!([1.5, 2]),
            json!("1,2"),
            json!(["1", 2]),
            json!({}),
        ] {
            let a = args(json!({"lines": bad}));
            let e = Args(&a).lines("lines", true).unwrap_err();
            assert_eq!(e.code, crate::errors::Code::InvalidArgument);
            assert!(e.message.contains("`lines`"), "{}", e.message);
        }
        let none = args(json!({}));
        assert_eq!(Args(&none).lines("lines", false).unwrap(), None);
        assert!(Args(&none).lines("lines", true).is_err());
    }

    #[test]
    fn strings_name_field_and_type() {
        let a = args(json!({"path": 5}));
        let e = Args(&a).string("path", "a path").unwrap_err();
        assert!(
            e.message.contains("`path`") && e.message.contains("number"),
            "{}",
            e.message
        );
        let e = Args(&a).string("content", "text").unwrap_err();
        assert!(e.message.contains("missing"), "{}", e.message);
    }

    /// Every format left in any tool schema is standard JSON Schema, so client-side
    /// validators neither warn nor ignore it.
    #[test]
    fn schemas_use_only_standard_formats() {
        fn formats(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(m) => {
                    if let Some(Value::String(f)) = m.get("format") {
                        out.push(f.clone());
                    }
                    m.values().for_each(|x| formats(x, out));
                }
                Value::Array(a) => a.iter().for_each(|x| formats(x, out)),
                _ => {}
            }
        }
        for style in [NameStyle::Dotted, NameStyle::Underscore] {
            for tool in definitions(style).iter() {
                let mut found = Vec::new();
                formats(&Value::Object((*tool.input_schema).clone()), &mut found);
                if let Some(o) = &tool.output_schema {
                    formats(&Value::Object((**o).clone()), &mut found);
                }
                let bad: Vec<_> = found
                    .iter()
                    .filter(|f| !schema::is_standard_format(f))
                    .collect();
                assert!(
                    bad.is_empty(),
                    "{}: non-standard formats {bad:?}",
                    tool.name
                );
            }
        }
    }

    /// An error result's structuredContent satisfies the tool's output schema (the subset
    /// of JSON Schema used here: required fields per `anyOf` branch, property types).
    #[test]
    fn error_results_conform_to_every_output_schema() {
        let err = ToolError::stale_hash("/a", "00", "ff").to_json();
        let err = err.as_object().unwrap();
        for tool in definitions(NameStyle::Dotted).iter() {
            let out = tool.output_schema.as_ref().unwrap();
            assert!(out.get("required").is_none(), "{}", tool.name);
            let branches = out["anyOf"].as_array().unwrap();
            assert!(
                branches.iter().any(|b| b["required"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .all(|k| err.contains_key(k.as_str().unwrap()))),
                "{}: no branch admits an error",
                tool.name
            );
            for (k, v) in err {
                if let Some(p) = out["properties"].get(k) {
                    let ty = p["type"].as_str().unwrap_or("");
                    let ok = match ty {
                        "string" => v.is_string(),
                        "boolean" => v.is_boolean(),
                        "integer" => v.is_u64() || v.is_i64(),
                        _ => true,
                    };
                    assert!(ok, "{}: error field {k} = {v} breaks its schema", tool.name);
                }
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for k in ToolKind::ALL {
            assert_eq!(ToolKind::from_name(k.dotted(), NameStyle::Dotted), Some(k));
            assert_eq!(
                ToolKind::from_name(k.underscore(), NameStyle::Underscore),
                Some(k)
            );
            assert_eq!(ToolKind::from_name(k.dotted(), NameStyle::Underscore), None);
        }
    }
}
