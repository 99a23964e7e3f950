//! The tee's record of the JSON-RPC exchange with one server, and the server's stderr.
//!
//! Failure messages quote the part of the exchange that belongs to the failing step, so a
//! server author sees exactly what was sent and what came back.

use std::fmt::Write as _;
use std::sync::{Arc, Mutex};

/// Longest single message quoted in a failure report (a 256 MiB read would be unreadable).
const QUOTE_LIMIT: usize = 1500;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// Client to server.
    Sent,
    /// Server to client, valid JSON-RPC.
    Received,
    /// A line on the server's stdout that is not JSON at all (dropped; a protocol
    /// violation the stdio case reports).
    NotJson,
    /// JSON that is not a JSON-RPC message the client understands (dropped, or for a reply
    /// answered with an error so that its request fails).
    Malformed,
}

#[derive(Debug, Clone)]
pub struct Entry {
    pub direction: Direction,
    pub text: String,
}

/// Shared, append-only log of one connection.
#[derive(Debug, Clone, Default)]
pub struct Exchange(Arc<Mutex<Vec<Entry>>>);

impl Exchange {
    pub fn push(&self, direction: Direction, text: String) {
        if let Ok(mut v) = self.0.lock() {
            v.push(Entry { direction, text });
        }
    }

    pub fn len(&self) -> usize {
        self.0.lock().map(|v| v.len()).unwrap_or(0)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The lines on stdout that were not JSON-RPC messages (not JSON, or JSON that is no
    /// message): how many, and the first. The transport drops them from the protocol
    /// stream, as the official SDKs do, so they fail the stdio case alone.
    pub fn noise(&self) -> (usize, Option<Entry>) {
        let Ok(v) = self.0.lock() else {
            return (0, None);
        };
        let mut lines = v
            .iter()
            .filter(|e| matches!(e.direction, Direction::NotJson | Direction::Malformed));
        let first = lines.next().cloned();
        (first.iter().count() + lines.count(), first)
    }

    /// The `result` of the reply to request `id` as it came over the wire, the newest such
    /// reply first; `None` when there is none (or it was an error). Over HTTP the record
    /// holds rmcp's decoded messages, which keep only the fields rmcp knows.
    pub fn result_of(&self, id: &serde_json::Value) -> Option<serde_json::Value> {
        let v = self.0.lock().ok()?;
        v.iter()
            .rev()
            .filter(|e| e.direction == Direction::Received)
            .filter_map(|e| serde_json::from_str::<serde_json::Value>(&e.text).ok())
            .find(|m| m.get("id") == Some(id))
            .and_then(|mut m| m.get_mut("result").map(serde_json::Value::take))
    }

    /// Human-readable transcript of the entries from index `from` on.
    pub fn render_since(&self, from: usize) -> String {
        let Ok(v) = self.0.lock() else {
            return String::new();
        };
        let mut out = String::new();
        for e in v.iter().skip(from) {
            let arrow = match e.direction {
                Direction::Sent => "-> ",
                Direction::Received => "<- ",
                Direction::NotJson => "<- (not JSON) ",
                Direction::Malformed => "<- (malformed) ",
            };
            let _ = writeln!(out, "    {arrow}{}", clip(&e.text, QUOTE_LIMIT));
        }
        out
    }
}

pub use crate::reply::clip;

/// The server's stderr, kept up to a bounded size (the newest bytes win).
#[derive(Debug, Clone, Default)]
pub struct StderrTail(Arc<Mutex<Vec<u8>>>);

const STDERR_KEEP: usize = 64 * 1024;

impl StderrTail {
    pub fn append(&self, bytes: &[u8]) {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(bytes);
            if v.len() > STDERR_KEEP {
                let cut = v.len() - STDERR_KEEP / 2;
                v.drain(..cut);
            }
        }
    }

    /// The last `lines` lines, lossily decoded.
    pub fn tail(&self, lines: usize) -> String {
        let Ok(v) = self.0.lock() else {
            return String::new();
        };
        let text = String::from_utf8_lossy(&v);
        let all: Vec<&str> = text.lines().collect();
        let start = all.len().saturating_sub(lines);
        all[start..]
            .iter()
            .map(|l| clip(l, 500))
            .collect::<Vec<_>>()
            .join("\n")
    }
}
