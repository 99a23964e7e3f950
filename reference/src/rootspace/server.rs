//! The rootspace profile's handler (`ProfileHandler`, served by `tool_server::ToolServer`):
//! the one place where its calls are dispatched to tools and resources, and results shaped.
//!
//! No tool macros: arguments are parsed by the tools themselves, so bad arguments become
//! `isError` results the model can read (SEP-1303), while an unknown tool name stays a
//! protocol error (`ToolServer`).

use std::sync::Arc;

use rmcp::model::{
    CallToolResult, ContentBlock, JsonObject, ListResourceTemplatesResult, ReadResourceResult,
    ResourceContents, ResourceTemplate, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData as McpError, RoleServer};
use serde_json::{Value, json};

use crate::errors::{Code, ToolError, ToolResult};
use crate::limits::{LIST_PAGE, Limits};
use crate::name_style::NameStyle;
use crate::paths;
use crate::tool_server::ProfileHandler;
use crate::tools::{self, Ctx, ToolKind};

/// The reference server: shared context plus the tool list for the chosen name style.
#[derive(Clone)]
pub struct RootspaceServer {
    ctx: Arc<Ctx>,
    style: NameStyle,
    tools: Arc<Vec<Tool>>,
    limits: Arc<Limits>,
}

/// Scheme of the listing resource.
pub const LIST_SCHEME: &str = "list://";

impl RootspaceServer {
    pub fn new(ctx: Ctx, style: NameStyle) -> Self {
        Self::with_shared(Arc::new(ctx), style)
    }

    /// A server on a context the caller keeps a handle on too (an embedder that wraps
    /// this handler and runs some calls itself).
    pub fn with_shared(ctx: Arc<Ctx>, style: NameStyle) -> Self {
        RootspaceServer {
            ctx,
            style,
            tools: tools::definitions(style),
            limits: Arc::new(Limits::default()),
        }
    }

    /// The resource limits shared with the transport.
    pub fn limits(&self) -> Arc<Limits> {
        self.limits.clone()
    }

    /// Charges the memory a tool call on `args.path` may need to the request of `ctx`
    /// (an estimate from the file's size now; see `limits`).
    async fn charge(
        &self,
        ctx: &RequestContext<RoleServer>,
        kind: ToolKind,
        args: &JsonObject,
    ) -> Result<Option<crate::limits::Held>, McpError> {
        let cost = match kind {
            // The line is charged; remove streams.
            ToolKind::Create | ToolKind::Remove => return Ok(None),
            ToolKind::Read => crate::limits::read_cost,
            _ => crate::limits::mutation_cost,
        };
        let Some(path) = args
            .get("path")
            .and_then(Value::as_str)
            .and_then(|p| paths::normalize(p, false).ok())
        else {
            return Ok(None);
        };
        let size = self.ctx.storage.size_hint(&path).min(crate::MAX_FILE_SIZE);
        self.limits.charge_call(ctx, cost(size)).await.map(Some)
    }

    /// The tool name style this server offers.
    pub fn style(&self) -> NameStyle {
        self.style
    }

    /// Runs one tool call to completion on the current thread (file I/O: call it from a
    /// blocking thread). Every failure is a `ToolError`.
    pub fn run_tool(ctx: &Ctx, kind: ToolKind, args: JsonObject) -> ToolResult<Value> {
        match kind {
            ToolKind::Create => tools::create::run(ctx, tools::create::parse(args)?),
            ToolKind::Remove => tools::remove::run(ctx, tools::remove::parse(&args)?),
            ToolKind::Read => tools::read::run(ctx, tools::read::parse(&args)?),
            ToolKind::Replace => tools::replace::run(ctx, tools::replace::parse(&args)?),
            ToolKind::Insert => tools::insert::run(ctx, tools::insert::parse(&args)?),
            ToolKind::Append => tools::append::run(ctx, tools::append::parse(&args)?),
        }
    }
}

/// Serializes a result to compact JSON text (the text block), sized exactly up front.
pub fn to_json_text(value: &Value) -> String {
    crate::json::to_string(value)
}

pub fn success(value: Value) -> CallToolResult {
    let text = to_json_text(&value);
    let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
    r.structured_content = Some(value);
    r
}

/// text.read's result (CLR-037): structuredContent `{content, hash, total_lines}` as for
/// every tool, and one text block holding the other fields as one line of compact JSON,
/// a line feed, then the text itself, so that the text crosses the wire escaped once
/// rather than as JSON inside JSON, and a model reads it as it is in the file.
pub fn read_success(value: Value) -> CallToolResult {
    let Value::Object(mut fields) = value else {
        return success(value);
    };
    let Some(Value::String(content)) = fields.remove("content") else {
        return success(Value::Object(fields));
    };
    let head = to_json_text(&Value::Object(fields.clone()));
    let mut text = String::with_capacity(head.len() + 1 + content.len());
    text.push_str(&head);
    text.push('\n');
    text.push_str(&content);
    fields.insert("content".into(), Value::String(content));
    let mut r = CallToolResult::success(vec![ContentBlock::text(text)]);
    r.structured_content = Some(Value::Object(fields));
    r
}

pub fn failure(e: &ToolError, style: NameStyle) -> CallToolResult {
    let mut e = e.clone();
    e.message = ToolKind::respell(&e.message, style);
    let mut r = CallToolResult::error(vec![ContentBlock::text(e.message.clone())]);
    r.structured_content = Some(e.to_json());
    r
}

/// Decodes `%XX` escapes in a resource URI path (clients may encode `/` in `{path}`).
fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = s.get(i + 1..i + 3)?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Handles `resources/read` for `list://{path}`.
fn read_listing(ctx: &Ctx, uri: &str) -> Result<ReadResourceResult, McpError> {
    if uri.len() > paths::MAX_PATH + 64 {
        return Err(McpError::invalid_params(
            format!(
                "The resource URI is {} bytes long; paths are at most {} bytes. It starts with \
                 {:?}.",
                uri.len(),
                paths::MAX_PATH,
                paths::prefix(uri, 80)
            ),
            Some(json!({"code": Code::InvalidPath.as_str()})),
        ));
    }
    let Some(rest) = uri.strip_prefix(LIST_SCHEME) else {
        return Err(McpError::resource_not_found(
            format!(
                "Unknown resource {uri:?}. This server offers only list://{{path}}, e.g. list://notes/ or list:// for the root."
            ),
            Some(json!({"uri": uri})),
        ));
    };
    let cursor = cursor_of(rest);
    let rest = rest.split(['?', '#']).next().unwrap_or("");
    let decoded = percent_decode(rest).ok_or_else(|| {
        McpError::invalid_params(
            format!("The resource URI {uri:?} has an invalid %-escape."),
            Some(json!({"uri": uri, "code": Code::InvalidPath.as_str()})),
        )
    })?;
    let path = paths::normalize(&decoded, true).map_err(|e| listing_error(uri, &e))?;
    // Shared: a large directory is read once for all its pages while it is unchanged.
    let entries = ctx
        .storage
        .list_shared(&path)
        .map_err(|e| listing_error(uri, &e))?;
    // Pages of LIST_PAGE entries; the cursor is the position after which to go on, which
    // stays meaningful when entries come and go between pages.
    let start = match &cursor {
        None => 0,
        Some(c) => entries.partition_point(|e| sort_key(e) <= sort_key_of_cursor(c)),
    };
    let end = (start + LIST_PAGE).min(entries.len());
    let next = (end < entries.len()).then(|| cursor_for(&entries[end - 1]));
    let page: Vec<Value> = entries[start..end]
        .iter()
        .map(|e| json!({"name": e.name, "type": e.kind.as_str()}))
        .collect();
    let mut body = json!({"path": path.display(), "entries": page});
    if let Some(next) = next {
        let dir = path.display();
        let dir = dir.trim_start_matches('/');
        body["next_cursor"] = json!(next);
        body["next"] = json!(format!(
            "{LIST_SCHEME}{dir}?cursor={}",
            percent_encode(&next)
        ));
        body["note"] = json!(format!(
            "This directory has more entries than one page ({LIST_PAGE}); read the resource \
             in `next` for the following ones."
        ));
    }
    Ok(ReadResourceResult::new(vec![
        ResourceContents::text(body.to_string(), uri).with_mime_type("application/json"),
    ]))
}

/// The `cursor` query parameter of a listing URI, decoded.
fn cursor_of(rest: &str) -> Option<String> {
    let query = rest.split('#').next()?.split_once('?')?.1;
    query
        .split('&')
        .find_map(|kv| kv.strip_prefix("cursor="))
        .and_then(percent_decode)
}

/// Listing order as a comparable key: directories first, then by the bytes of the name.
fn sort_key(e: &crate::sandbox::Entry) -> (u8, &[u8]) {
    let group = u8::from(e.kind != crate::sandbox::EntryKind::Directory);
    (group, e.name.as_bytes())
}

/// A cursor is the group digit and the name of the last entry given: `0/name`, `1/name`.
fn cursor_for(e: &crate::sandbox::Entry) -> String {
    let (g, _) = sort_key(e);
    format!("{g}/{}", e.name)
}

fn sort_key_of_cursor(c: &str) -> (u8, &[u8]) {
    match c.split_once('/') {
        Some(("0", name)) => (0, name.as_bytes()),
        Some((_, name)) => (1, name.as_bytes()),
        None => (1, c.as_bytes()),
    }
}

/// `%XX`-encodes everything but unreserved characters, for a cursor inside a URI.
fn percent_encode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn listing_error(uri: &str, e: &ToolError) -> McpError {
    let data = Some(json!({"uri": uri, "code": e.code.as_str()}));
    match e.code {
        Code::NotFound => McpError::resource_not_found(
            format!(
                "Directory not found: {}. List its parent (e.g. list:// for the root) to see \
                 what exists.",
                e.details.get("path").and_then(Value::as_str).unwrap_or(uri)
            ),
            data,
        ),
        _ => McpError::invalid_params(e.message.clone(), data),
    }
}

impl crate::profile_server::ProfileServer for RootspaceServer {
    const NAME: &'static str = "rootspace";
    const ABOUT: &'static str =
        "RootSpace: file.create, file.remove, text.read/replace/insert/append, list://";

    fn build(
        options: &crate::profile_server::ProfileOptions,
        storage: crate::storage::Rooted,
    ) -> Result<Self, String> {
        Ok(RootspaceServer::new(Ctx::new(storage), options.name_style))
    }

    fn limits(&self) -> Arc<Limits> {
        RootspaceServer::limits(self)
    }

    fn is_mutation(&self) -> crate::profile_server::IsMutation {
        let style = self.style();
        Arc::new(move |name: &str| {
            ToolKind::from_name(name, style).is_some_and(|k| k != ToolKind::Read)
        })
    }
}

impl ProfileHandler for RootspaceServer {
    type Tool = ToolKind;
    const RESOURCES: bool = true;
    const ECHOED_NAME: usize = 100;

    fn instructions(&self) -> String {
        let n = |k: ToolKind| k.name(self.style);
        format!(
            "Files inside one root directory. Paths are POSIX paths relative to the root (a \
             leading / is the root). Read with {read} to get `content`, `hash` and \
             `total_lines`; every edit ({replace}, {insert}, {append}, {remove}) needs the \
             current `hash` and returns the new one. Lines are 1-indexed, ranges [start, end) \
             with end exclusive, negative numbers count from the end, 0 is an open end. List \
             a directory by reading the resource list://<path> (list:// is the root). Create \
             files with {create}.",
            read = n(ToolKind::Read),
            replace = n(ToolKind::Replace),
            insert = n(ToolKind::Insert),
            append = n(ToolKind::Append),
            remove = n(ToolKind::Remove),
            create = n(ToolKind::Create),
        )
    }

    fn tools(&self) -> &[Tool] {
        &self.tools
    }

    fn tool(&self, name: &str) -> Option<ToolKind> {
        ToolKind::from_name(name, self.style)
    }

    async fn call(
        &self,
        kind: ToolKind,
        args: JsonObject,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResult, McpError> {
        let ctx = self.ctx.clone();
        let _charge = self.charge(&context, kind, &args).await?;
        let outcome = if kind == ToolKind::Read {
            // Reads are the hot path: small files are served without a thread hop.
            match tools::read::parse(&args) {
                Ok(parsed) => tools::read::run_adaptive(ctx, parsed).await,
                Err(e) => Err(e),
            }
        } else {
            // Mutations fsync and may wait for a file's lock: keep them off the async threads.
            tokio::task::spawn_blocking(move || RootspaceServer::run_tool(&ctx, kind, args))
                .await
                .map_err(|e| McpError::internal_error(format!("tool task failed: {e}"), None))?
        };
        Ok(match outcome {
            Ok(value) if kind == ToolKind::Read => read_success(value),
            Ok(value) => success(value),
            Err(e) => failure(&e, self.style),
        })
    }

    fn resource_templates(&self) -> ListResourceTemplatesResult {
        let t = ResourceTemplate::new("list://{path}", "list")
            .with_title("Directory listing")
            .with_description(
                "Immediate children of a directory inside the root as JSON \
                 {\"path\", \"entries\": [{\"name\", \"type\"}]}; type is file, directory or \
                 symlink; directories first. list:// lists the root.",
            )
            .with_mime_type("application/json");
        ListResourceTemplatesResult::with_all_items(vec![t])
    }

    async fn read_resource(&self, uri: String) -> Result<ReadResourceResult, McpError> {
        // Listing a directory is a handful of quick syscalls; no thread hop.
        read_listing(&self.ctx, &uri).map_err(|mut e| {
            e.message = ToolKind::respell(&e.message, self.style).into();
            e
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listing_cursors_round_trip() {
        use crate::sandbox::{Entry, EntryKind};
        let e = Entry {
            name: "a b?&%.md".into(),
            kind: EntryKind::File,
        };
        let c = cursor_for(&e);
        let uri_rest = format!("notes?cursor={}", percent_encode(&c));
        assert_eq!(cursor_of(&uri_rest).as_deref(), Some(c.as_str()));
        assert_eq!(sort_key_of_cursor(&c), sort_key(&e));
        let d = Entry {
            name: "z".into(),
            kind: EntryKind::Directory,
        };
        assert!(sort_key(&d) < sort_key(&e));
        assert_eq!(cursor_of("notes"), None);
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("notes%2Fsub").unwrap(), "notes/sub");
        assert_eq!(percent_decode("a b").unwrap(), "a b");
        assert!(percent_decode("%zz").is_none());
        assert!(percent_decode("%4").is_none());
    }

    #[test]
    fn json_text_matches_serde() {
        let v = json!({"content": "x\"y\n".repeat(3), "n": 1});
        assert_eq!(to_json_text(&v), v.to_string());
        let big = json!({"content": "a\"".repeat(17 << 20)});
        assert_eq!(to_json_text(&big), big.to_string());
    }
}
