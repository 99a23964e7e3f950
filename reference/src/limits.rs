//! Bounded resources (CLR-033): whatever a client sends, the server's memory stays under a
//! fixed bound, and a client that stops reading stops the server from reading too.
//!
//! - At most `MAX_IN_FLIGHT` requests are between "read from stdin" and "reply written to
//!   stdout"; the reader waits for a slot before it reads another line.
//! - The reader also waits while more than `MAX_BACKLOG` replies wait for stdout.
//! - Large request lines are charged to the line budget, and the file work of a tool (the
//!   file in memory, the reply) to the work budget. A charge is held until the request's
//!   reply has been written. Two pools, taken in that order and never the other way, so a
//!   request holding line budget that waits for work budget cannot deadlock anyone.
//!
//! Bound: one line being read (`MAX_LINE`) + `LINE_BUDGET` + `WORK_BUDGET` + small
//! uncharged items (`MAX_IN_FLIGHT` lines under `FREE_LINE`, listings of at most
//! `LIST_PAGE` entries), see the README for the measured figures.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use rmcp::model::RequestId;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Requests read but not yet answered on stdout.
pub const MAX_IN_FLIGHT: usize = 32;
/// Replies queued for stdout before the reader pauses.
pub const MAX_BACKLOG: usize = 64;
/// Longest accepted request line: a 256 MiB file as base64 (341.4 MiB) plus room.
pub const MAX_LINE: usize = 384 << 20;
/// Lines up to this size are not charged.
pub const FREE_LINE: usize = 64 << 10;
/// Budget for request lines in memory (each charged twice: the bytes and the parsed form).
pub const LINE_BUDGET: usize = 2 * MAX_LINE;
/// Budget for tool work: files held in memory and the replies built from them.
pub const WORK_BUDGET: usize = 512 << 20;
/// Largest JSON-escaped text one `text.read` reply carries.
pub const MAX_REPLY_TEXT: usize = 16 << 20;
/// Entries per `list://` page.
pub const LIST_PAGE: usize = 1000;

/// Charges are counted in KiB so that the budgets fit a semaphore's permit count.
fn kib(bytes: usize) -> u32 {
    bytes.div_ceil(1024).min(u32::MAX as usize) as u32
}

pub struct Limits {
    slots: Arc<Semaphore>,
    lines: Arc<Semaphore>,
    work: Arc<Semaphore>,
    line_kib: u32,
    work_kib: u32,
    held: Mutex<HashMap<RequestId, Vec<OwnedSemaphorePermit>>>,
    queued: AtomicUsize,
    drained: Notify,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::new(MAX_IN_FLIGHT, LINE_BUDGET, WORK_BUDGET)
    }
}

impl Limits {
    pub fn new(slots: usize, line_budget: usize, work_budget: usize) -> Self {
        Limits {
            slots: Arc::new(Semaphore::new(slots)),
            lines: Arc::new(Semaphore::new(kib(line_budget) as usize)),
            work: Arc::new(Semaphore::new(kib(work_budget) as usize)),
            line_kib: kib(line_budget),
            work_kib: kib(work_budget),
            held: Mutex::new(HashMap::new()),
            queued: AtomicUsize::new(0),
            drained: Notify::new(),
        }
    }

    /// Waits for a request slot.
    pub async fn slot(&self) -> OwnedSemaphorePermit {
        self.slots
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed")
    }

    /// Charges a request line of `len` bytes (nothing for small lines).
    pub async fn charge_line(&self, len: usize) -> Option<OwnedSemaphorePermit> {
        if len <= FREE_LINE {
            return None;
        }
        let n = kib(2 * len).min(self.line_kib);
        Some(
            self.lines
                .clone()
                .acquire_many_owned(n)
                .await
                .expect("the semaphore is never closed"),
        )
    }

    /// Whether a request with this id is still unanswered.
    pub fn in_flight(&self, id: &RequestId) -> bool {
        self.held().contains_key(id)
    }

    /// Records a request handed to the server, with what it holds.
    pub fn admit(&self, id: RequestId, permits: Vec<OwnedSemaphorePermit>) {
        self.held().insert(id, permits);
    }

    /// Charges `bytes` of tool work to the request `id`, waiting for budget; held until
    /// its reply is written. Without a transport (`id` unknown) nothing is held.
    pub async fn charge_work(&self, id: &RequestId, bytes: usize) {
        if bytes == 0 || !self.in_flight(id) {
            return;
        }
        let n = kib(bytes).min(self.work_kib);
        let permit = self
            .work
            .clone()
            .acquire_many_owned(n)
            .await
            .expect("the semaphore is never closed");
        if let Some(list) = self.held().get_mut(id) {
            list.push(permit);
        }
    }

    /// The reply to `id` has been written: everything it held is freed.
    pub fn release(&self, id: &RequestId) {
        let freed = self.held().remove(id);
        drop(freed);
    }

    fn held(&self) -> std::sync::MutexGuard<'_, HashMap<RequestId, Vec<OwnedSemaphorePermit>>> {
        self.held.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A reply was queued for stdout.
    pub fn queued(&self) {
        self.queued.fetch_add(1, Ordering::SeqCst);
    }

    /// A reply was written (or dropped) by the writer.
    pub fn written(&self) {
        self.queued.fetch_sub(1, Ordering::SeqCst);
        self.drained.notify_one();
    }

    /// Waits until the stdout backlog is below `MAX_BACKLOG`.
    pub async fn backlog_ok(&self) {
        loop {
            let notified = self.drained.notified();
            if self.queued.load(Ordering::SeqCst) < MAX_BACKLOG {
                return;
            }
            notified.await;
        }
    }

    /// Available work budget in bytes (for tests).
    pub fn work_available(&self) -> usize {
        self.work.available_permits() * 1024
    }
}

/// Memory a `text.read` of a `size`-byte file may need: the file, the content taken from
/// it, and its JSON text block (escaping can grow text up to 6 times, capped by the reply
/// limit).
pub fn read_cost(size: u64) -> usize {
    let size = size as usize;
    size + 2 * size.saturating_mul(6).min(MAX_REPLY_TEXT)
}

/// Memory a mutation of a `size`-byte file may need: the old and the new bytes.
pub fn mutation_cost(size: u64) -> usize {
    2 * size as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn charges_are_held_until_the_reply_is_written() {
        let l = Limits::new(2, 4 << 20, 8 << 20);
        let id = RequestId::Number(1);
        let slot = l.slot().await;
        assert!(l.charge_line(100).await.is_none());
        let line = l.charge_line(1 << 20).await;
        assert!(line.is_some());
        l.admit(id.clone(), vec![slot, line.unwrap()]);
        assert!(l.in_flight(&id));
        l.charge_work(&id, 3 << 20).await;
        assert_eq!(l.work_available(), 5 << 20);
        // An oversized charge is clamped to the whole budget, so it waits but never hangs.
        l.release(&id);
        assert_eq!(l.work_available(), 8 << 20);
        assert!(!l.in_flight(&id));
        l.charge_work(&RequestId::Number(9), 1 << 20).await; // unknown id: nothing held
        assert_eq!(l.work_available(), 8 << 20);
    }

    #[test]
    fn costs() {
        assert_eq!(read_cost(10), 10 + 120);
        assert_eq!(read_cost(256 << 20), (256 << 20) + 2 * MAX_REPLY_TEXT);
        assert_eq!(mutation_cost(5), 10);
    }
}
