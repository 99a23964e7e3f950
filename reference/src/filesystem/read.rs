//! read_text_file (FS-READ-001, 002), read_file (FS-READ-003, its deprecated twin),
//! read_multiple_files (FS-READ-004) and read_media_file (FS-READ-005).
//!
//! `head` and `tail` return byte-exact slices of the file: the first or last N lines with
//! their own line endings; a final line ending does not count as an empty last line.

use std::io::Read;

use base64::Engine;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, ResourceContents, Tool};
use serde_json::json;

use super::Ctx;
use super::args::Args;
use super::result::{self, explain};
use crate::errors::{Code, ToolError};
use crate::limits::MAX_REPLY;

pub const READ_TEXT: &str = "read_text_file";
pub const READ_FILE: &str = "read_file";
pub const READ_MULTIPLE: &str = "read_multiple_files";
pub const READ_MEDIA: &str = "read_media_file";

fn text_input() -> serde_json::Value {
    json!({"type": "object", "properties": {
        "path": {"type": "string"},
        "tail": {"type": "number", "description": "If provided, returns only the last N lines of the file"},
        "head": {"type": "number", "description": "If provided, returns only the first N lines of the file"}
    }, "required": ["path"]})
}

pub fn definitions() -> [Tool; 4] {
    [
        result::definition(
            READ_FILE,
            "Read File (Deprecated)",
            "Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.",
            text_input(),
            result::no_output(),
            true,
        ),
        result::definition(
            READ_TEXT,
            "Read Text File",
            "Read the complete contents of a file from the file system as text (UTF-8; \
             line endings kept). Use the 'head' parameter to read only the first N lines of \
             a file, or the 'tail' parameter to read only the last N lines of a file. Only \
             works within allowed directories.",
            text_input(),
            result::no_output(),
            true,
        ),
        result::definition(
            READ_MEDIA,
            "Read Media File",
            "Read a file and return it as a base64-encoded content block with its MIME type. \
             Image and audio files are returned as image/audio content; any other file type \
             is returned as an embedded resource. Only works within allowed directories.",
            result::path_only(),
            result::media_output(),
            true,
        ),
        result::definition(
            READ_MULTIPLE,
            "Read Multiple Files",
            "Read the contents of multiple files simultaneously. Each file's content is \
             returned with its path as a reference. Failed reads for individual files won't \
             stop the entire operation. Only works within allowed directories.",
            json!({"type": "object", "properties": {
                "paths": {"type": "array", "items": {"type": "string"}, "minItems": 1,
                          "description": "Array of file paths to read. Each path must be a string pointing to a valid file within allowed directories."}
            }, "required": ["paths"]}),
            result::no_output(),
            true,
        ),
    ]
}

/// The bytes of a regular file inside an allowed directory.
pub fn read_bytes(ctx: &Ctx, given: &str) -> Result<Vec<u8>, ToolError> {
    let r = ctx.resolve(given)?;
    let (mut file, len) = r
        .storage()
        .open_file(&r.path)
        .map_err(|e| explain(e, given))?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.read_to_end(&mut bytes)
        .map_err(|e| ToolError::io(given, &e))?;
    Ok(bytes)
}

/// A file's text; bytes that are not UTF-8 are refused, never replaced.
pub fn read_text(ctx: &Ctx, given: &str) -> Result<String, ToolError> {
    into_text(read_bytes(ctx, given)?, given)
}

/// `bytes` as text; bytes that are not UTF-8 are refused, never replaced.
fn into_text(bytes: Vec<u8>, given: &str) -> Result<String, ToolError> {
    // simdutf8 validates several times faster than std on large files.
    if simdutf8::basic::from_utf8(&bytes).is_err() {
        return Err(explain(ToolError::new(Code::NotText, String::new()), given));
    }
    // SAFETY: simdutf8 has just checked that `bytes` is valid UTF-8.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Reads an opened file to the end as text, checking each chunk is UTF-8 right after it
/// is read, while it is still in the cache: one pass over the bytes instead of a read and
/// then a check over a buffer too large to stay cached (docs/speed.md). Bytes that are not
/// UTF-8 are refused, never replaced. With `json_cap`, the text's JSON length is counted
/// chunk by chunk too, and the read stops once it passes the cap (CLR-033): a file of
/// control characters is refused after a sixth of the cap, not read whole and escaped.
fn read_utf8(
    file: cap_std::fs::File,
    len: u64,
    given: &str,
    json_cap: Option<usize>,
) -> Result<String, ToolError> {
    const CHUNK: u64 = 256 << 10;
    // As a std File: `take` on a cap-std File would zero each chunk before reading it.
    let mut file = file.into_std();
    let mut bytes = Vec::with_capacity(len as usize);
    let mut check = Utf8Check {
        json: json_cap.map(|_| 2),
        ..Utf8Check::default()
    };
    loop {
        let n = (&mut file)
            .take(CHUNK)
            .read_to_end(&mut bytes)
            .map_err(|e| ToolError::io(given, &e))?;
        // `read_to_end` on a `take` stops short of the chunk only at the end of the file,
        // so a short chunk needs no further read to find the end.
        let at_end = (n as u64) < CHUNK;
        if !check.grown(&bytes, at_end) {
            return Err(explain(ToolError::new(Code::NotText, String::new()), given));
        }
        if let (Some(cap), Some(json)) = (json_cap, check.json)
            && json > cap
        {
            return Err(over_reply_early(given, check.checked, json, cap));
        }
        if at_end {
            break;
        }
    }
    // SAFETY: `check` has seen every byte up to the end and found it UTF-8.
    Ok(unsafe { String::from_utf8_unchecked(bytes) })
}

/// Checks a growing buffer for UTF-8 piece by piece, each piece ending at a character
/// boundary, so that a character cut by a read is checked whole with the next piece.
#[derive(Default)]
struct Utf8Check {
    /// The bytes before this are checked.
    checked: usize,
    /// Their length as a JSON string, when counted.
    json: Option<usize>,
}

impl Utf8Check {
    /// Checks what `bytes` gained since the last call (all of it when `at_end`); false
    /// if it is not UTF-8.
    fn grown(&mut self, bytes: &[u8], at_end: bool) -> bool {
        let end = if at_end {
            bytes.len()
        } else {
            utf8_cut(bytes, self.checked)
        };
        let piece = simdutf8::basic::from_utf8(&bytes[self.checked..end]);
        self.checked = end;
        match (piece, &mut self.json) {
            (Err(_), _) => false,
            (Ok(text), Some(json)) => {
                *json += crate::json::str_len(text) - 2;
                true
            }
            (Ok(_), None) => true,
        }
    }
}

/// Where to stop checking `bytes` (from `from`) so that no character is cut: before the
/// last lead byte among the final four, or at the end if there is none (then any
/// character cut there is invalid anyway, being over four bytes long).
fn utf8_cut(bytes: &[u8], from: usize) -> usize {
    let tail = bytes.len().saturating_sub(4).max(from);
    (tail..bytes.len())
        .rev()
        .find(|&i| bytes[i] & 0xC0 != 0x80)
        .unwrap_or(bytes.len())
}

/// Where line `n` (0-based) of `text` starts, or the end when it has fewer lines.
fn line_start(text: &str, n: usize) -> usize {
    if n == 0 {
        return 0;
    }
    memchr::memchr_iter(b'\n', text.as_bytes())
        .nth(n - 1)
        .map_or(text.len(), |i| i + 1)
}

/// The first `n` lines, with their endings.
pub fn head(text: &str, n: usize) -> &str {
    &text[..line_start(text, n)]
}

/// The last `n` lines, with their endings.
pub fn tail(text: &str, n: usize) -> &str {
    if n == 0 {
        return "";
    }
    // A final line ending closes the last line; it does not open an empty one.
    let body = text.strip_suffix('\n').unwrap_or(text);
    match memchr::memrchr_iter(b'\n', body.as_bytes()).nth(n - 1) {
        Some(i) => &text[i + 1..],
        None => text,
    }
}

pub fn run_text(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    TextRead::open(ctx, args)?.finish()
}

/// Files up to this size are read on the calling (async) thread: a thread hop costs more
/// than reading them. Larger ones go to the blocking pool (as rootspace's text.read).
pub const INLINE_MAX: u64 = 256 * 1024;

/// The most paths one `read_multiple_files` takes, and their bytes in all.
pub const MAX_PATHS: usize = 1000;
pub const MAX_PATHS_BYTES: usize = 64 * 1024;

/// A read_text_file (or read_file) call whose file is open: its size is known, so its
/// work can be charged (`sizes::read_cost`) before `finish` reads it.
pub struct TextRead {
    given: String,
    head: Option<usize>,
    tail: Option<usize>,
    file: cap_std::fs::File,
    /// The file's size when opened.
    pub len: u64,
}

impl TextRead {
    /// Checks the arguments and opens the file (one resolve, one open): a whole-file read
    /// of a file over `MAX_REPLY` is refused here, before anything is read.
    pub fn open(ctx: &Ctx, args: &JsonObject) -> Result<TextRead, ToolError> {
        let a = Args(args);
        let given = a.str("path")?;
        let (head_n, tail_n) = (a.opt_count("head")?, a.opt_count("tail")?);
        if head_n.is_some() && tail_n.is_some() {
            return Err(ToolError::invalid_argument(
                "head",
                "head and tail were both given",
                "either head (the first N lines) or tail (the last N lines), not both",
            ));
        }
        let r = ctx.resolve(given)?;
        let (file, len) = r
            .storage()
            .open_file(&r.path)
            .map_err(|e| explain(e, given))?;
        if head_n.is_none() && tail_n.is_none() && len as usize > MAX_REPLY {
            return Err(over_reply(given, len as usize));
        }
        Ok(TextRead {
            given: given.to_owned(),
            head: head_n,
            tail: tail_n,
            file,
            len,
        })
    }

    /// Bytes of work this read may hold.
    pub fn cost(&self) -> usize {
        super::sizes::read_cost(self.len.min(crate::MAX_FILE_SIZE) as usize)
    }

    /// Reads the file and makes the reply.
    pub fn finish(self) -> Result<CallToolResult, ToolError> {
        let given = self.given.as_str();
        let whole = self.head.is_none() && self.tail.is_none();
        let text = read_utf8(self.file, self.len, given, whole.then_some(MAX_REPLY))?;
        let out = match (self.head, self.tail) {
            (Some(n), _) => head(&text, n).to_owned(),
            (_, Some(n)) => tail(&text, n).to_owned(),
            // Measured as JSON while it was read.
            _ => return Ok(result::content(text)),
        };
        over_json(given, &out)?;
        Ok(result::content(out))
    }
}

/// Refuses a text whose JSON form would pass `MAX_REPLY`, measured by a scan before the
/// reply is built: control characters and quotes grow when escaped (up to six times), so
/// a file under the cap can still make a reply many times its size (CLR-033).
fn over_json(given: &str, text: &str) -> Result<usize, ToolError> {
    if text.len() > MAX_REPLY {
        return Err(over_reply(given, text.len()));
    }
    let json = crate::json::str_len(text);
    if json > MAX_REPLY {
        return Err(over_reply(given, json));
    }
    Ok(json)
}

/// A reply that would pass `MAX_REPLY` (docs/limits.md): the way to read the file in parts.
fn over_reply(given: &str, len: usize) -> ToolError {
    ToolError::new(
        Code::TooLarge,
        format!(
            "{given}: the reply would be {len} bytes as JSON (control characters and quotes \
             grow when escaped), over the limit of {MAX_REPLY} bytes ({} MiB) per reply. \
             Read it in parts with head or tail (a number of lines).",
            MAX_REPLY >> 20
        ),
    )
    .with("path", given)
}

/// `over_reply` for a read stopped after `read` bytes whose JSON already passed `cap`.
fn over_reply_early(given: &str, read: usize, json: usize, cap: usize) -> ToolError {
    ToolError::new(
        Code::TooLarge,
        format!(
            "{given}: its first {read} bytes are already {json} bytes as JSON (control \
             characters and quotes grow when escaped), over the limit of {cap} bytes \
             ({} MiB) per reply; the read stopped there. Read it in parts with head or tail \
             (a number of lines).",
            cap >> 20
        ),
    )
    .with("path", given)
}

pub fn run_multiple(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let paths = Args(args).strings("paths", true)?;
    if paths.is_empty() {
        return Err(ToolError::invalid_argument(
            "paths",
            "the array is empty",
            "at least one absolute path",
        ));
    }
    // Each path costs a resolution (work per segment) before any file is read: the list is
    // bounded before the first (issue 50: one call multiplied a long path's cost).
    let bytes: usize = paths.iter().map(|p| p.len()).sum();
    if paths.len() > MAX_PATHS || bytes > MAX_PATHS_BYTES {
        return Err(ToolError::invalid_argument(
            "paths",
            &format!(
                "it holds {} paths of {bytes} bytes in all, over the limit of {MAX_PATHS} paths \
                 and {MAX_PATHS_BYTES} bytes",
                paths.len()
            ),
            "fewer paths per call: read the rest in another call",
        ));
    }
    // Files are read only while the reply stays under MAX_REPLY (the work charged for
    // this call, `budget::cost`); the others are named with the way to read them.
    let mut room = MAX_REPLY;
    let parts: Vec<String> = paths
        .iter()
        .map(|p| {
            let size = super::sizes::size_of(ctx, p);
            if size > room {
                return format!("{p}: Error - {}", over_reply(p, size).message);
            }
            let text = read_text(ctx, p).and_then(|text| {
                let json = over_json(p, &text)?;
                if json > room {
                    return Err(over_reply(p, json));
                }
                room -= json;
                Ok(text)
            });
            match text {
                Ok(text) => format!("{p}:\n{text}\n"),
                Err(e) => format!("{p}: Error - {}", e.message),
            }
        })
        .collect();
    Ok(result::content(parts.join("\n---\n")))
}

/// The MIME types the official server knows; anything else is application/octet-stream.
fn mime_of(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('.')
        .filter(|(_, e)| !e.contains('/'))
        .map(|(_, e)| e.to_ascii_lowercase());
    match ext.as_deref() {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("webp") => "image/webp",
        Some("bmp") => "image/bmp",
        Some("svg") => "image/svg+xml",
        Some("mp3") => "audio/mpeg",
        Some("wav") => "audio/wav",
        Some("ogg") => "audio/ogg",
        Some("flac") => "audio/flac",
        _ => "application/octet-stream",
    }
}

pub fn run_media(ctx: &Ctx, args: &JsonObject) -> Result<CallToolResult, ToolError> {
    let given = Args(args).str("path")?;
    let r = ctx.resolve(given)?;
    let host = r.host();
    let encoded = super::sizes::size_of(ctx, given).div_ceil(3) * 4;
    if encoded > MAX_REPLY {
        return Err(over_reply(given, encoded));
    }
    let bytes = read_bytes(ctx, given)?;
    if bytes.len().div_ceil(3) * 4 > MAX_REPLY {
        return Err(over_reply(given, bytes.len().div_ceil(3) * 4));
    }
    let data = base64::engine::general_purpose::STANDARD.encode(bytes);
    let mime = mime_of(given);
    let block = if mime.starts_with("image/") {
        ContentBlock::image(data, mime)
    } else if mime.starts_with("audio/") {
        ContentBlock::audio(data, mime)
    } else {
        let uri = format!("file://{}", host.display());
        ContentBlock::resource(ResourceContents::BlobResourceContents {
            uri,
            mime_type: Some(mime.to_owned()),
            blob: data,
            meta: None,
        })
    };
    Ok(result::blocks(vec![block]))
}

#[cfg(test)]
mod tests {

    /// Checks `bytes` the way `read_utf8` does when each read gives `piece` bytes.
    fn piecewise(bytes: &[u8], piece: usize) -> bool {
        let mut check = Utf8Check::default();
        let mut upto = 0;
        while upto < bytes.len() {
            upto = (upto + piece).min(bytes.len());
            if !check.grown(&bytes[..upto], false) {
                return false;
            }
        }
        check.grown(bytes, true)
    }

    /// A whole read of control characters stops once its JSON passes the cap, long
    /// before the end of the file; plain text under the cap is read whole.
    #[test]
    fn a_read_stops_once_its_json_passes_the_cap() {
        let read = |bytes: &[u8], cap| {
            let mut f = tempfile::tempfile().unwrap();
            std::io::Write::write_all(&mut f, bytes).unwrap();
            std::io::Seek::rewind(&mut f).unwrap();
            let file = cap_std::fs::File::from_std(f);
            read_utf8(file, bytes.len() as u64, "f", cap)
        };
        let ctl = vec![1u8; 4 << 20];
        let e = read(&ctl, Some(8 << 20)).unwrap_err();
        assert_eq!(e.code, Code::TooLarge);
        let first: usize = e.message["f: its first ".len()..]
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap();
        // Stopped within a chunk of a sixth of the cap, far from the end.
        assert!(first < (8 << 20) / 6 + (256 << 10), "{}", e.message);
        assert!(
            e.message.contains("limit of 8388608 bytes"),
            "{}",
            e.message
        );
        assert_eq!(read(&ctl, None).unwrap().len(), 4 << 20);
        let plain = b"plain text\n".repeat(100_000);
        assert_eq!(read(&plain, Some(8 << 20)).unwrap().len(), plain.len());
    }

    #[test]
    fn characters_cut_by_a_read_are_checked_whole() {
        let text = "a\u{e9}\u{20ac}\u{1f600}b".repeat(5);
        let mut bad = text.clone().into_bytes();
        bad[7] = 0xff;
        // Ends inside the last emoji: its first two bytes only.
        let cut = &text.as_bytes()[..text.len() - 3];
        for piece in 1..9 {
            assert!(piecewise(text.as_bytes(), piece), "piece {piece}");
            assert!(!piecewise(&bad, piece), "piece {piece}");
            assert!(!piecewise(cut, piece), "piece {piece}");
        }
    }

    proptest::proptest! {
        #[test]
        fn the_piecewise_check_is_the_whole_check(
            noise in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
            text in ".{0,40}",
            flip in proptest::option::of((0usize..200, proptest::prelude::any::<u8>())),
            piece in 1usize..12,
        ) {
            let mut mixed = text.into_bytes();
            if let Some((at, b)) = flip && !mixed.is_empty() {
                let at = at % mixed.len();
                mixed[at] = b;
            }
            for b in [noise, mixed] {
                proptest::prop_assert_eq!(piecewise(&b, piece), std::str::from_utf8(&b).is_ok());
            }
        }
    }
    use super::*;

    #[test]
    fn head_and_tail_are_exact_slices() {
        let t = "l0\nl1\nl2\n";
        assert_eq!(head(t, 2), "l0\nl1\n");
        assert_eq!(head(t, 0), "");
        assert_eq!(head(t, 9), t);
        assert_eq!(tail(t, 2), "l1\nl2\n");
        assert_eq!(tail(t, 1), "l2\n");
        assert_eq!(tail(t, 9), t);
        assert_eq!(tail("a\nb\nc", 2), "b\nc");
        assert_eq!(tail("a\r\nb\r\n", 1), "b\r\n");
        assert_eq!(tail("", 3), "");
        assert_eq!(tail("\n\n", 1), "\n");
    }

    #[test]
    fn mime_types_follow_the_extension() {
        assert_eq!(mime_of("/r/a.PNG"), "image/png");
        assert_eq!(mime_of("/r/a.mp3"), "audio/mpeg");
        assert_eq!(mime_of("/r.d/file"), "application/octet-stream");
    }
}
