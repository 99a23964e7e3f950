//! The harness's side of the MCP session: an rmcp `ClientHandler` that declares the
//! `roots` capability (with `listChanged`) when a case offers roots, answers the server's
//! `roots/list` with the case's current roots, and counts those requests so a step can
//! wait until the server has asked.
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

/// How long a server is given to apply the roots it was just sent before the next request:
/// the official server applies them asynchronously after its `roots/list` is answered, and
/// MCP has no acknowledgement to wait for.
pub const ROOTS_SETTLE: Duration = Duration::from_millis(500);

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

    /// Waits until the server has sent more than `seen` `roots/list` requests, then gives
    /// it `ROOTS_SETTLE` to apply the answer. False when `timeout` passed first.
    pub async fn wait_asked_after(&self, seen: u64, timeout: Duration) -> bool {
        let mut rx = self.asked.subscribe();
        let asked = tokio::time::timeout(timeout, rx.wait_for(|n| *n > seen)).await;
        if !matches!(asked, Ok(Ok(_))) {
            return false;
        }
        tokio::time::sleep(ROOTS_SETTLE).await;
        true
    }
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
        // Counted before the answer is written; waiters add ROOTS_SETTLE after it.
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
    fn roots_are_declared_only_when_offered() {
        let plain = HarnessClient::new(HarnessClient::info(), None);
        assert!(plain.get_info().capabilities.roots.is_none());
        let offering = HarnessClient::new(HarnessClient::info(), Some(Roots::new(vec![])));
        let cap = offering.get_info().capabilities.roots;
        assert_eq!(cap.and_then(|c| c.list_changed), Some(true));
    }
}
