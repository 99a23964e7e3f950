//! The harness's side of the MCP session: an rmcp `ClientHandler` that declares the
//! `roots` capability (with `listChanged`) when a case offers roots, answers the server's
//! `roots/list` with the case's current roots, and counts those requests so a step can
//! wait until the server has asked (and then, `Session::await_roots_apply`, until the
//! answer applies).
//!
//! Without roots it behaves as the plain `ClientConfig` it replaces: no roots capability,
//! and an empty list to a server that asks anyway.

// MCP roots are deprecated by SEP-2577 (the 2026-07-28 era) but are what the servers of
// the 2025-11-25 era use; rmcp marks their types deprecated.
#![allow(deprecated)]

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rmcp::model::{
    ClientCapabilities, ClientConfig, Implementation, ListRootsResult, Root, RootsCapabilities,
};
use rmcp::service::RequestContext;
use rmcp::{ClientHandler, ErrorData, RoleClient};
use tokio::sync::watch;

/// The longest the harness waits for a server to apply the roots it was just sent, once it
/// has asked for them. The official server applies them asynchronously after its
/// `roots/list` is answered, and MCP has no acknowledgement to wait for, so the harness reads
/// the allowed directories back (the profile's `roots_read`) until they name the new roots.
/// That proof may never come: a server rightly refuses a root that leads outside, and a
/// refusal changes nothing a read can show; a profile may have no such read. The wait then
/// ends after this bound, and the case's own checks judge the server.
pub const ROOTS_APPLY_LIMIT: Duration = Duration::from_secs(2);

/// How often the allowed directories are read back while waiting for the roots to apply.
pub const ROOTS_APPLY_POLL: Duration = Duration::from_millis(20);

/// The roots the client offers, and how often the server has asked for them.
#[derive(Debug)]
pub struct Roots {
    uris: Mutex<Vec<String>>,
    asked: watch::Sender<u64>,
}

impl Roots {
    pub fn new(uris: Vec<String>) -> Arc<Roots> {
        Arc::new(Roots {
            uris: Mutex::new(uris),
            asked: watch::Sender::new(0),
        })
    }

    /// The roots as `roots/list` answers them now.
    pub fn uris(&self) -> Vec<String> {
        self.uris.lock().map(|u| u.clone()).unwrap_or_default()
    }

    pub fn set(&self, uris: Vec<String>) {
        if let Ok(mut u) = self.uris.lock() {
            *u = uris;
        }
    }

    /// How many `roots/list` requests the server has sent so far.
    pub fn asked(&self) -> u64 {
        *self.asked.borrow()
    }

    /// Waits until the server has sent more than `seen` `roots/list` requests. False when
    /// `timeout` passed first. The answer may not apply yet: `Session::await_roots_apply`
    /// waits for that.
    pub async fn wait_asked_after(&self, seen: u64, timeout: Duration) -> bool {
        let mut rx = self.asked.subscribe();
        let asked = tokio::time::timeout(timeout, rx.wait_for(|n| *n > seen)).await;
        matches!(asked, Ok(Ok(_)))
    }

    /// The paths of the roots offered now, each once (from their `file://` URIs).
    pub fn paths(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for p in self.uris().iter().filter_map(|u| uri_path(u)) {
            if !out.contains(&p) {
                out.push(p);
            }
        }
        out
    }
}

/// The path of a `file://` URI, percent-decoded (the inverse of `file_uri`); `None` for
/// another scheme or a path that is not UTF-8.
pub fn uri_path(uri: &str) -> Option<String> {
    let rest = uri.strip_prefix("file://")?.as_bytes();
    let mut out = Vec::with_capacity(rest.len());
    let mut i = 0;
    while i < rest.len() {
        let hex = rest
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok());
        match (rest[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// `file://` URI of an absolute path, each byte outside the URI path characters
/// percent-encoded (RFC 8089).
pub fn file_uri(path: &Path) -> String {
    use std::os::unix::ffi::OsStrExt as _;
    let mut out = String::from("file://");
    for &b in path.as_os_str().as_bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~!$&'()*+,;=:@".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// The client the harness serves each session with.
#[derive(Debug, Clone)]
pub struct HarnessClient {
    info: ClientConfig,
    roots: Option<Arc<Roots>>,
}

impl HarnessClient {
    /// A client that offers `roots` (when given) besides what `info` declares.
    pub fn new(mut info: ClientConfig, roots: Option<Arc<Roots>>) -> HarnessClient {
        if roots.is_some() {
            let mut cap = RootsCapabilities::default();
            cap.list_changed = Some(true);
            info.capabilities.roots = Some(cap);
        }
        HarnessClient { info, roots }
    }

    /// The harness's client info and no capabilities.
    pub fn info() -> ClientConfig {
        ClientConfig::new(
            ClientCapabilities::default(),
            Implementation::new("mcp-harness", env!("CARGO_PKG_VERSION")),
        )
    }

    pub fn roots(&self) -> Option<&Arc<Roots>> {
        self.roots.as_ref()
    }
}

impl ClientHandler for HarnessClient {
    fn get_info(&self) -> ClientConfig {
        self.info.clone()
    }

    async fn list_roots(
        &self,
        _context: RequestContext<RoleClient>,
    ) -> Result<ListRootsResult, ErrorData> {
        let Some(roots) = &self.roots else {
            return Ok(ListRootsResult::default());
        };
        let list = roots.uris().into_iter().map(Root::new).collect();
        // Counted before the answer is written; waiters then wait for it to apply.
        roots.asked.send_modify(|n| *n += 1);
        Ok(ListRootsResult::new(list))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_uris_escape_what_a_uri_path_cannot_hold() {
        assert_eq!(file_uri(Path::new("/tmp/r/a")), "file:///tmp/r/a");
        assert_eq!(
            file_uri(Path::new("/tmp/a b/%/é")),
            "file:///tmp/a%20b/%25/%C3%A9"
        );
    }

    #[test]
    fn uri_paths_undo_file_uris() {
        for p in ["/tmp/r/a", "/tmp/a b/%/é", "/"] {
            assert_eq!(uri_path(&file_uri(Path::new(p))).as_deref(), Some(p));
        }
        assert_eq!(uri_path("https://x/y"), None);
        let roots = Roots::new(vec![file_uri(Path::new("/r/a")); 3]);
        assert_eq!(roots.paths(), vec!["/r/a".to_string()]);
    }

    #[test]
    fn roots_are_declared_only_when_offered() {
        let plain = HarnessClient::new(HarnessClient::info(), None);
        assert!(plain.get_info().capabilities.roots.is_none());
        let offering = HarnessClient::new(HarnessClient::info(), Some(Roots::new(vec![])));
        let cap = offering.get_info().capabilities.roots;
        assert_eq!(cap.and_then(|c| c.list_changed), Some(true));
    }
}
