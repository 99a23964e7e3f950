//! The four operations (FILE-OPEN, FILE-READ, FILE-SAVE, FILE-CLOSE) on one session's
//! buffers, whichever way they are called (as a direct JSON-RPC method or as a tool). Each
//! takes the source's params object and returns the source's result object.
//!
//! A buffer is the file as this session last loaded or saved it. Saves write through to
//! disk (atomically and durably, through the shared `Storage`), so a buffer never holds
//! unsaved changes, and it keeps only the hash of that version, not the text (an open
//! file costs no memory). What it adds is the version this session last saw (ED-CLR-06):
//! a read re-loads a file that changed on disk, and a save over such a change is refused,
//! so no other writer's change is lost. Open buffers are still bounded (docs/limits.md): at
//! most `MAX_OPEN_FILES` per session, and their estimated bytes charged to one budget of
//! all sessions (`BufferBudget`), released on close and when the session ends.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::model::JsonObject;
use serde_json::{Value, json};

use super::errors::{EdCode, EdError};
use super::{Ctx, text, uri};
use crate::hash::sha256_hex;
use crate::paths::NormPath;

/// One open file.
#[derive(Debug, Clone)]
struct Buffer {
    /// The hash of the file as this session last loaded or wrote it.
    disk_hash: String,
    /// Whether a save in this session changed the file since it was opened (ED-CLR-05).
    modified: bool,
}

/// Most files one session may hold open: 250,000 opens never closed took the server to
/// 1.2 GiB (issue 50).
pub const MAX_OPEN_FILES: usize = 4096;

/// Bytes the open buffers of all sessions may hold together, as `buffer_cost` estimates
/// them: with paths of the 4,096-byte cap, about 3,800 buffers; with usual paths, far more
/// than one session may open.
pub const BUFFER_BUDGET: usize = 32 << 20;

/// The bytes all sessions' open buffers hold (estimated), shared by every session.
#[derive(Debug, Default)]
pub struct BufferBudget(AtomicUsize);

impl BufferBudget {
    /// Takes `bytes` if they fit; `false` (nothing taken) when they would not.
    fn take(&self, bytes: usize) -> bool {
        self.0
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                used.checked_add(bytes).filter(|&n| n <= BUFFER_BUDGET)
            })
            .is_ok()
    }

    fn give_back(&self, bytes: usize) {
        let _ = self
            .0
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |used| {
                Some(used.saturating_sub(bytes))
            });
    }

    /// The bytes charged now.
    pub fn used(&self) -> usize {
        self.0.load(Ordering::Acquire)
    }
}

/// What one open buffer holds, estimated: the path twice (the map's key and its
/// segments' allocations), the hash, and the map's own overhead.
fn buffer_cost(path: &NormPath) -> usize {
    let bytes: usize = path.segments().iter().map(|s| s.len() + 24).sum();
    2 * bytes + 256
}

/// The buffers of one session, by file.
#[derive(Debug, Default)]
pub struct Buffers {
    open: Mutex<HashMap<NormPath, Buffer>>,
    /// Files already backed up in this session (one backup per file and session, as
    /// Emacs makes one at a buffer's first save).
    backed_up: Mutex<std::collections::HashSet<NormPath>>,
    /// The budget of all sessions this session's buffers are charged to.
    budget: Arc<BufferBudget>,
}

impl Buffers {
    /// A session's buffers, charged to the server's `budget`.
    pub fn charged_to(budget: Arc<BufferBudget>) -> Self {
        Buffers {
            open: Mutex::default(),
            backed_up: Mutex::default(),
            budget,
        }
    }

    /// How many files the session holds open.
    pub fn open_count(&self) -> usize {
        locked(&self.open).len()
    }
}

/// The session ended: its buffers' bytes go back to the budget.
impl Drop for Buffers {
    fn drop(&mut self) {
        let held: usize = locked(&self.open).keys().map(buffer_cost).sum();
        self.budget.give_back(held);
    }
}

/// Reads the params one field at a time, so a wrong type is a clear -32602.
struct Params<'a>(&'a JsonObject);

impl Params<'_> {
    fn uri(&self) -> Result<String, EdError> {
        match self.0.get("uri") {
            Some(Value::String(s)) => Ok(s.clone()),
            None | Some(Value::Null) => Err(EdError::invalid(
                "Invalid params: uri is required, a file:// URI such as \
                 \"file:///home/me/project/src/main.rs\".",
            )),
            Some(other) => Err(EdError::invalid(format!(
                "Invalid params: uri must be a string (a file:// URI), not {other}."
            ))),
        }
    }

    fn int(&self, key: &str) -> Result<Option<i64>, EdError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => match n.as_i64() {
                Some(i) => Ok(Some(i)),
                // 1e30 or 2.5: the nearest whole number, clamped later like any position.
                None => Ok(n.as_f64().map(|f| f.round().clamp(-1e15, 1e15) as i64)),
            },
            Some(other) => Err(EdError::invalid(format!(
                "Invalid params: {key} must be a line or column number (1-based), not {other}."
            ))),
        }
    }

    fn flag(&self, key: &str) -> Result<bool, EdError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(false),
            Some(Value::Bool(b)) => Ok(*b),
            Some(other) => Err(EdError::invalid(format!(
                "Invalid params: {key} must be true or false, not {other}."
            ))),
        }
    }

    fn content(&self) -> Result<String, EdError> {
        match self.0.get("content") {
            Some(Value::String(s)) => Ok(s.clone()),
            None | Some(Value::Null) => Err(EdError::invalid(
                "Invalid params: content is required: the whole new text of the file.",
            )),
            Some(other) => Err(EdError::invalid(format!(
                "Invalid params: content must be a string (the whole new text), not {other}."
            ))),
        }
    }
}

fn locked<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    // A panic while holding the lock leaves the map consistent (every write is one
    // insert or remove), so a poisoned lock is still usable.
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The file's text on disk, with its hash.
fn load(ctx: &Ctx, path: &NormPath, uri: &str) -> Result<(String, String), EdError> {
    let data = ctx
        .storage
        .read(path)
        .map_err(|e| EdError::from_storage(e, uri))?;
    match String::from_utf8(data.bytes) {
        Ok(t) => Ok((t, data.hash)),
        Err(_) => Err(EdError::from_storage(
            crate::errors::ToolError::new(crate::errors::Code::NotText, ""),
            uri,
        )),
    }
}

/// `file/open {uri, line?, column?}` → `{success, buffer, line, column}`.
pub fn open(ctx: &Ctx, buffers: &Buffers, params: &JsonObject) -> Result<Value, EdError> {
    let p = Params(params);
    let uri = p.uri()?;
    let (line, column) = (p.int("line")?, p.int("column")?);
    let path = uri::resolve(&uri, &ctx.roots)?;
    let (text, hash) = load(ctx, &path, &uri)?;
    let (line, column) = text::clamp_position(&text, line, column);
    let mut open = locked(&buffers.open);
    if !open.contains_key(&path) {
        admit(buffers, open.len(), &path, &uri)?;
    }
    let modified = open.get(&path).is_some_and(|b| b.modified);
    open.insert(
        path.clone(),
        Buffer {
            disk_hash: hash,
            modified,
        },
    );
    let name = path.segments().last().cloned().unwrap_or_default();
    Ok(json!({"success": true, "buffer": name, "line": line, "column": column}))
}

/// Room for one more open buffer, charged to the budget; else why not, and what to do.
fn admit(buffers: &Buffers, open: usize, path: &NormPath, uri: &str) -> Result<(), EdError> {
    if open >= MAX_OPEN_FILES {
        return Err(EdError::invalid(format!(
            "Too many open files: this session holds {open} files open, the most one session \
             may ({MAX_OPEN_FILES}, docs/limits.md). Close files you no longer need with \
             file/close, then open {uri} again; reading or saving needs no open buffer."
        ))
        .with("uri", uri)
        .with("limit", MAX_OPEN_FILES));
    }
    if !buffers.budget.take(buffer_cost(path)) {
        return Err(EdError::invalid(format!(
            "Too many open files: the open buffers of all sessions have reached the server's \
             budget of {BUFFER_BUDGET} bytes (docs/limits.md). Close files you no longer need \
             with file/close, then open {uri} again; reading or saving needs no open buffer."
        ))
        .with("uri", uri)
        .with("limit", BUFFER_BUDGET));
    }
    Ok(())
}

/// `file/read {uri, start_line?, end_line?}` → `{content, lines, encoding}`.
pub fn read(ctx: &Ctx, buffers: &Buffers, params: &JsonObject) -> Result<Value, EdError> {
    let p = Params(params);
    let uri = p.uri()?;
    let (start, end) = (p.int("start_line")?, p.int("end_line")?);
    let path = uri::resolve(&uri, &ctx.roots)?;
    // The disk is the truth: an open buffer has no unsaved changes, so a file changed by
    // another writer is re-loaded into it (ED-CLR-06).
    let (text, hash) = load(ctx, &path, &uri)?;
    if let Some(b) = locked(&buffers.open).get_mut(&path)
        && b.disk_hash != hash
    {
        b.disk_hash = hash;
    }
    let Some((content, lines)) = text::slice(&text, start, end) else {
        return Err(EdError::invalid(format!(
            "Invalid params: start_line {} is after end_line {}. Lines are 1-based and both \
             ends are included; ask for start_line <= end_line.",
            start.unwrap_or(1),
            end.unwrap_or(0)
        ))
        .with("uri", uri));
    };
    // Measured as JSON before the reply is built: control characters and quotes grow when
    // escaped (up to six times), so a slice under the cap can make a far larger reply
    // (CLR-033).
    let json = if content.len() > crate::limits::MAX_REPLY {
        content.len()
    } else {
        crate::json::str_len(&content)
    };
    if json > crate::limits::MAX_REPLY {
        return Err(EdError::new(
            EdCode::TooLarge,
            format!(
                "File too large to read in one reply: lines {}..{} are {json} bytes as JSON, \
                 over the limit of {} bytes (32 MiB) per reply. Read it in parts with \
                 start_line and end_line.",
                start.unwrap_or(1),
                end.map_or_else(|| "end".to_owned(), |e| e.to_string()),
                crate::limits::MAX_REPLY
            ),
        )
        .with("uri", uri));
    }
    Ok(json!({"content": content, "lines": lines, "encoding": "utf-8"}))
}

/// Work an operation may hold (docs/limits.md), from the size of the file its `uri`
/// names now: the file, and for a read the reply; a save holds the old file too (its
/// hash, the backup).
pub fn cost(ctx: &Ctx, op: super::Op, params: &JsonObject) -> usize {
    let size = Params(params)
        .uri()
        .ok()
        .and_then(|u| uri::resolve(&u, &ctx.roots).ok())
        .map_or(0, |p| {
            ctx.storage.size_hint(&p).min(crate::MAX_FILE_SIZE) as usize
        });
    match op {
        // The slice, its JSON text block, structuredContent and the message on its way
        // out: each at most the reply cap as JSON, and six times the slice (escaping).
        super::Op::Read => size + 4 * size.saturating_mul(6).min(crate::limits::MAX_REPLY),
        super::Op::Open => size,
        super::Op::Save => 2 * size,
        super::Op::Close => 0,
    }
}

/// `file/save {uri, content, create_if_not_exists?}` → `{success, bytes_written,
/// backup_created}`.
pub fn save(ctx: &Ctx, buffers: &Buffers, params: &JsonObject) -> Result<Value, EdError> {
    let p = Params(params);
    let uri = p.uri()?;
    let content = p.content()?;
    let create = p.flag("create_if_not_exists")?;
    let path = uri::resolve(&uri, &ctx.roots)?;
    // One save of this session at a time: the check against the buffer and the write
    // belong together.
    let mut open = locked(&buffers.open);
    let seen = open.get(&path).map(|b| b.disk_hash.clone());
    let mut backup_created = false;
    let mut backup_error = None;
    let outcome = ctx.storage.update_text(
        &path,
        Box::new(|current: &[u8]| {
            if let Some(seen) = &seen
                && sha256_hex(current) != *seen
            {
                return Err(crate::errors::ToolError::new(
                    crate::errors::Code::StaleHash,
                    "changed on disk",
                ));
            }
            if let Some(dir) = &ctx.backups
                && !locked(&buffers.backed_up).contains(&path)
            {
                match super::backup::write(dir, &path, current) {
                    Ok(()) => {
                        backup_created = true;
                        locked(&buffers.backed_up).insert(path.clone());
                    }
                    Err(e) => backup_error = Some(e),
                }
            }
            if let Some(e) = backup_error.take() {
                return Err(e);
            }
            Ok(Some(content.as_bytes().to_vec()))
        }),
    );
    let hash = match outcome {
        Ok(w) => w
            .map(|w| w.hash)
            .unwrap_or_else(|| sha256_hex(content.as_bytes())),
        Err(e) if e.code == crate::errors::Code::StaleHash => {
            return Err(EdError::new(
                EdCode::Conflict,
                format!(
                    "Conflict: {uri} changed on disk since this session opened or last read \
                     it, and saving would overwrite that change; nothing was written. Call \
                     file/read to load the current text, merge your change into it, and save \
                     again."
                ),
            )
            .with("uri", uri));
        }
        Err(e) if e.code == crate::errors::Code::NotFound && create => ctx
            .storage
            .create(&path, content.as_bytes())
            .map_err(|e| EdError::from_storage(e, &uri))?,
        Err(e) => return Err(EdError::from_storage(e, &uri)),
    };
    if let Some(b) = open.get_mut(&path) {
        // The disk held the buffer's version (checked above), so a new hash is a change.
        b.modified |= b.disk_hash != hash;
        b.disk_hash = hash;
    }
    Ok(json!({
        "success": true,
        "bytes_written": content.len(),
        "backup_created": backup_created,
    }))
}

/// `file/close {uri, save_if_modified?}` → `{success, was_modified}`.
pub fn close(ctx: &Ctx, buffers: &Buffers, params: &JsonObject) -> Result<Value, EdError> {
    let p = Params(params);
    let uri = p.uri()?;
    // Accepted and checked; a buffer never holds unsaved changes, so there is nothing
    // more to save (ED-CLR-05).
    let _save_if_modified = p.flag("save_if_modified")?;
    let path = uri::resolve(&uri, &ctx.roots)?;
    let closed = locked(&buffers.open).remove(&path);
    if closed.is_some() {
        buffers.budget.give_back(buffer_cost(&path));
    }
    let was_modified = closed.is_some_and(|b| b.modified);
    Ok(json!({"success": true, "was_modified": was_modified}))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path(name: &str) -> NormPath {
        NormPath::from_plain_segments(name.split('/').map(String::from).collect())
            .expect("plain segments")
    }

    /// The budget of all sessions is charged on admission and given back when a session's
    /// buffers go away; a charge past it is refused without taking anything.
    #[test]
    fn buffers_are_charged_to_the_budget_and_released_with_the_session() {
        let budget = Arc::new(BufferBudget::default());
        let session = Buffers::charged_to(budget.clone());
        let p = path("a/b.txt");
        admit(&session, 0, &p, "file:///r/a/b.txt").expect("room");
        locked(&session.open).insert(
            p.clone(),
            Buffer {
                disk_hash: String::new(),
                modified: false,
            },
        );
        assert_eq!(budget.used(), buffer_cost(&p));
        drop(session);
        assert_eq!(budget.used(), 0);
        assert!(!budget.take(BUFFER_BUDGET + 1));
        assert_eq!(budget.used(), 0);
        let full = Buffers::charged_to(budget);
        let e = admit(&full, MAX_OPEN_FILES, &p, "file:///r/a/b.txt").unwrap_err();
        assert!(e.message.contains("4096"), "{}", e.message);
    }
}
