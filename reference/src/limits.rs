//! Bounded resources (CLR-033): whatever a client sends, the server's memory stays under a
//! fixed bound, and a client that stops reading stops the server from reading too.
//!
//! - At most `MAX_IN_FLIGHT` requests are between "read from stdin" and "reply written to
//!   stdout"; the reader waits for a slot before it reads another line.
//! - The reader also waits while more than `MAX_BACKLOG` replies wait for stdout.
//! - Large request lines are charged to the line budget (as they are read, then once more
//!   for their parsed form), and the file work of a tool (the file in memory, the reply) to
//!   the work budget, in every profile. A charge is held until the request's reply has
//!   been written (over HTTP, until its response has been sent or dropped: `ReplyHold`,
//!   with the request's body past `FREE_LINE`, `http/budget.rs`). Two pools, the line pool
//!   taken by the reader alone, so a request holding line budget that waits for work
//!   budget cannot deadlock anyone.
//!
//! Bound: `LINE_BUDGET` + `WORK_BUDGET` (912 MiB) + small uncharged items (`MAX_IN_FLIGHT`
//! lines under `FREE_LINE`, listings of at most `LIST_PAGE` entries, the runtime): under
//! 1 GiB; docs/limits.md gives each value, its reason and the measured peaks.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use rmcp::model::RequestId;
use tokio::sync::{Notify, OwnedSemaphorePermit, Semaphore};

/// Requests read but not yet answered on stdout.
pub const MAX_IN_FLIGHT: usize = 32;

/// How long the end of stdin waits for the calls in flight to be answered: the longest
/// deadline a call has (an edit's 10 s, then 2 s for its diff) and a margin.
pub const END_OF_INPUT_GRACE: std::time::Duration = std::time::Duration::from_secs(15);
/// Replies queued for stdout before the reader pauses.
pub const MAX_BACKLOG: usize = 64;
/// Longest accepted request line: 200 MiB, so that two of them (charged twice each) fit
/// the line budget; larger content goes in parts (text.append) or is refused.
pub const MAX_LINE: usize = 200 << 20;
/// Lines up to this size are not charged.
pub const FREE_LINE: usize = 64 << 10;
/// Budget for request lines in memory (each charged twice: the bytes and the parsed form),
/// so one line of `MAX_LINE` fits.
pub const LINE_BUDGET: usize = 2 * MAX_LINE;
/// Budget for tool work: files held in memory and the replies built from them (a
/// mutation of a 256 MiB file holds its old and new bytes).
pub const WORK_BUDGET: usize = 512 << 20;
/// Largest JSON-escaped text one `text.read` reply carries.
pub const MAX_REPLY_TEXT: usize = 16 << 20;
/// Largest reply text of the tools that return whole files or walks (filesystem reads,
/// directory_tree, search_files, listings): larger ones are refused with advice.
pub const MAX_REPLY: usize = 32 << 20;
/// Entries per `list://` page.
pub const LIST_PAGE: usize = 1000;
/// How long new work over HTTP waits for room in the work budget before it is refused
/// (busy, with advice to retry or ask for less).
pub const BUDGET_WAIT: std::time::Duration = std::time::Duration::from_secs(5);
/// A stdio client whose stdout takes no byte for this long while a reply waits is cut
/// off (`transport/stall.rs`): the same deadline as HTTP's `WRITE_STALL`.
pub const STDOUT_STALL: std::time::Duration = std::time::Duration::from_secs(5);
/// Room the work budget must have for a new HTTP tool call to be let in.
pub const ROOM: usize = 1 << 20;

/// Where the charges of one HTTP request wait until its response has been sent or
/// dropped: the gate puts one in the request's extensions and keeps a clone in the
/// response body; the handler moves its work charge in (`Limits::charge_call`), so a
/// reply its client does not read stays charged (one budget for the whole process).
#[derive(Clone, Default)]
pub struct ReplyHold(Arc<Mutex<Vec<OwnedSemaphorePermit>>>);

impl ReplyHold {
    /// Keeps `permit` until every clone of this hold is dropped.
    pub fn keep(&self, permit: OwnedSemaphorePermit) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(permit);
    }
}

/// The hold the HTTP gate put in the request a handler serves, if any.
#[cfg(feature = "http")]
fn reply_hold(ext: &rmcp::model::Extensions) -> Option<ReplyHold> {
    let parts = ext.get::<http::request::Parts>()?;
    parts.extensions.get::<ReplyHold>().cloned()
}

#[cfg(not(feature = "http"))]
fn reply_hold(_: &rmcp::model::Extensions) -> Option<ReplyHold> {
    None
}

/// `f`'s output if it comes within `BUDGET_WAIT`.
#[cfg(feature = "http")]
async fn within_wait<T>(f: impl Future<Output = T>) -> Option<T> {
    tokio::time::timeout(BUDGET_WAIT, f).await.ok()
}

#[cfg(not(feature = "http"))]
async fn within_wait<T>(f: impl std::future::Future<Output = T>) -> Option<T> {
    Some(f.await)
}

/// What a request that found the memory budget taken for `BUDGET_WAIT` is told (the same
/// words as HTTP's refusal of a body, `http/budget.rs`).
pub fn busy_message(budget: usize) -> String {
    format!(
        "Server busy: its memory budget ({} MiB, shared by every request and every reply \
         not yet read by its client) stayed taken for {} s. Nothing was done. Retry in a \
         few seconds, read the replies you asked for, and ask for large data in parts \
         (line ranges, head/tail, narrower listings).",
        budget >> 20,
        BUDGET_WAIT.as_secs()
    )
}

/// The JSON-RPC error of `busy_message` (-32000, a server error; data.code "BUSY").
fn busy(budget: usize) -> rmcp::ErrorData {
    rmcp::ErrorData::new(
        rmcp::model::ErrorCode(-32000),
        busy_message(budget),
        Some(serde_json::json!({"code": "BUSY"})),
    )
}

/// Charges are counted in KiB so that the budgets fit a semaphore's permit count.
fn kib(bytes: usize) -> u32 {
    bytes.div_ceil(1024).min(u32::MAX as usize) as u32
}

/// A work charge the caller holds until it has answered (see `Limits::charge_work`).
#[must_use = "the charge is freed when this is dropped"]
pub struct Held {
    _permit: Option<OwnedSemaphorePermit>,
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
    /// The client can no longer be answered (stdout is gone): the reader stops.
    gone: AtomicBool,
    going: Notify,
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
            gone: AtomicBool::new(false),
            going: Notify::new(),
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

    /// Grows `charge`, the line budget held for one line, to cover `bytes` (clamped to the
    /// whole budget). The reader charges a line as it reads it (its bytes) and once more
    /// when it is complete (`line_cost`: the parsed form), so the line being read counts
    /// too. Cancel-safe: nothing is taken unless the wait completes.
    pub async fn charge_line_to(&self, charge: &mut Option<OwnedSemaphorePermit>, bytes: usize) {
        let have = charge.as_ref().map_or(0, |p| p.num_permits() as u32);
        let want = kib(bytes).min(self.line_kib);
        if want <= have {
            return;
        }
        let more = self
            .lines
            .clone()
            .acquire_many_owned(want - have)
            .await
            .expect("the semaphore is never closed");
        match charge {
            Some(p) => p.merge(more),
            None => *charge = Some(more),
        }
    }

    /// Whether a request with this id is still unanswered.
    pub fn in_flight(&self, id: &RequestId) -> bool {
        self.held().contains_key(id)
    }

    /// Records a request handed to the server, with what it holds.
    pub fn admit(&self, id: RequestId, permits: Vec<OwnedSemaphorePermit>) {
        self.held().insert(id, permits);
    }

    /// Charges `bytes` of tool work to the request `id`, waiting for budget. Over stdio
    /// (`id` admitted by the transport) the charge is held until the reply is written and
    /// the returned `Held` is empty; otherwise (HTTP, an embedder) the caller keeps the
    /// returned `Held` until it has answered.
    pub async fn charge_work(&self, id: &RequestId, bytes: usize) -> Held {
        if bytes == 0 {
            return Held { _permit: None };
        }
        let n = kib(bytes).min(self.work_kib);
        let permit = self
            .work
            .clone()
            .acquire_many_owned(n)
            .await
            .expect("the semaphore is never closed");
        match self.held().get_mut(id) {
            Some(list) => {
                list.push(permit);
                Held { _permit: None }
            }
            None => Held {
                _permit: Some(permit),
            },
        }
    }

    /// `charge_work` for the call of `ctx`, held until its reply is sent: over stdio by the
    /// transport, over HTTP by the response (its `ReplyHold`). Over HTTP the call waits at
    /// most `BUDGET_WAIT`, then is refused (`busy`): over stdio the reader stops instead.
    pub async fn charge_call(
        &self,
        ctx: &rmcp::service::RequestContext<rmcp::RoleServer>,
        bytes: usize,
    ) -> Result<Held, rmcp::ErrorData> {
        let Some(hold) = reply_hold(&ctx.extensions) else {
            return Ok(self.charge_work(&ctx.id, bytes).await);
        };
        let held = within_wait(self.charge_work(&ctx.id, bytes))
            .await
            .ok_or_else(|| busy(self.work_budget()))?;
        if let Some(permit) = held._permit {
            hold.keep(permit);
        }
        Ok(Held { _permit: None })
    }

    /// Charges `bytes` of an HTTP request body being received to the work budget, waiting
    /// at most `BUDGET_WAIT`; `None` when the budget stayed taken.
    #[cfg(feature = "http")]
    pub async fn charge_body(&self, bytes: usize) -> Option<OwnedSemaphorePermit> {
        let n = kib(bytes).min(self.work_kib);
        let wait = self.work.clone().acquire_many_owned(n);
        tokio::time::timeout(BUDGET_WAIT, wait).await.ok()?.ok()
    }

    /// Waits at most `BUDGET_WAIT` for `ROOM` in the work budget; false if it stayed taken.
    #[cfg(feature = "http")]
    pub async fn wait_for_room(&self) -> bool {
        let start = std::time::Instant::now();
        while self.work_available() < ROOM.min(self.work_kib as usize * 1024) {
            if start.elapsed() >= BUDGET_WAIT {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        true
    }

    /// The work budget in bytes.
    pub fn work_budget(&self) -> usize {
        self.work_kib as usize * 1024
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

    /// The client cannot be answered any more (stdout closed, a write failed): whatever
    /// waits in `closed` wakes, so the reader stops instead of waiting for a slot that a
    /// reply never delivered would have freed.
    pub fn close(&self) {
        self.gone.store(true, Ordering::SeqCst);
        self.going.notify_waiters();
        self.drained.notify_waiters();
    }

    /// Waits, at most `within`, until every request handed to the server has had its reply
    /// written (or the client is gone). At the end of stdin the session must not end before
    /// then: rmcp gives its handlers in flight 5 s, and a call may rightly take its whole
    /// deadline (`END_OF_INPUT_GRACE`).
    pub async fn all_answered(&self, within: std::time::Duration) -> bool {
        let until = tokio::time::Instant::now() + within;
        loop {
            if self.held().is_empty() || self.is_closed() {
                return true;
            }
            if tokio::time::Instant::now() >= until {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }

    /// Whether `close` has been called.
    pub fn is_closed(&self) -> bool {
        self.gone.load(Ordering::SeqCst)
    }

    /// Waits until `close` is called (at once if it was).
    pub async fn closed(&self) {
        let mut notified = std::pin::pin!(self.going.notified());
        notified.as_mut().enable();
        if self.is_closed() {
            return;
        }
        notified.await;
    }

    /// Available work budget in bytes (for tests).
    pub fn work_available(&self) -> usize {
        self.work.available_permits() * 1024
    }
}

/// Line budget a complete request line of `len` bytes holds: its bytes and the parsed
/// form (nothing for small lines, which `MAX_IN_FLIGHT` bounds).
pub fn line_cost(len: usize) -> usize {
    if len <= FREE_LINE { 0 } else { 2 * len }
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
        let mut line = None;
        l.charge_line_to(&mut line, 1 << 20).await;
        l.charge_line_to(&mut line, line_cost(1 << 20)).await;
        l.charge_line_to(&mut line, 100 << 20).await; // clamped to the whole budget
        assert_eq!(l.lines.available_permits(), 0);
        l.admit(id.clone(), vec![slot, line.unwrap()]);
        assert!(l.in_flight(&id));
        let _stdio = l.charge_work(&id, 3 << 20).await;
        assert_eq!(l.work_available(), 5 << 20);
        // An oversized charge is clamped to the whole budget, so it waits but never hangs.
        l.release(&id);
        assert_eq!(l.work_available(), 8 << 20);
        assert_eq!(l.lines.available_permits(), 4 << 10);
        assert!(!l.in_flight(&id));
        // Not admitted by a transport (HTTP): held by the caller until it drops it.
        let http = l.charge_work(&RequestId::Number(9), 1 << 20).await;
        assert_eq!(l.work_available(), 7 << 20);
        drop(http);
        assert_eq!(l.work_available(), 8 << 20);
    }

    #[test]
    fn costs() {
        assert_eq!(read_cost(10), 10 + 120);
        assert_eq!(read_cost(256 << 20), (256 << 20) + 2 * MAX_REPLY_TEXT);
        assert_eq!(mutation_cost(5), 10);
    }

    fn futures_poll_once<F: Future>(f: std::pin::Pin<&mut F>) -> std::task::Poll<F::Output> {
        let mut cx = std::task::Context::from_waker(std::task::Waker::noop());
        f.poll(&mut cx)
    }

    #[tokio::test]
    async fn close_wakes_a_waiter_and_later_ones() {
        let l = Arc::new(Limits::default());
        let waiter = tokio::spawn({
            let l = l.clone();
            async move { l.closed().await }
        });
        tokio::task::yield_now().await;
        assert!(!waiter.is_finished());
        l.close();
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(waiter.is_finished(), "close did not wake the waiter");
        // After close, a new wait ends at once.
        let mut later = std::pin::pin!(l.closed());
        assert!(futures_poll_once(later.as_mut()).is_ready());
    }
}
