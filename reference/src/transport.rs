//! Stdio transport: newline-delimited JSON-RPC on stdin/stdout, tolerant of bad input and
//! frugal with memory.
//!
//! Why not rmcp's `AsyncRwTransport`: it silently drops lines that are not JSON (no
//! reply), answers wrong-shaped messages with an id-less error, and encodes each outgoing
//! message into one growing buffer, which for a 100 MB `text.read` (content in
//! structuredContent and again in the text block) would cost several times the file size.
//! Here a dedicated writer thread serializes messages straight into a 1 MiB buffered
//! stdout (flushing when no more messages are queued, so pipelined replies share writes),
//! except that a small message is written at once by the thread that made it when nothing
//! is queued (`sink`), and the reader answers garbage with a JSON-RPC parse error and
//! keeps serving.
//!
//! Backpressure (CLR-033, `limits`): the reader takes a request slot before it reads a
//! line and waits while the stdout backlog is full; a slot and the request's memory
//! charges are freed when its reply has been written. Every request that cannot be handed
//! to rmcp gets an answer here: -32600 with id null when the id is unusable (1.5, null,
//! true, {}, [], 2^64), and `ping` is answered here in both eras. `notifications/cancelled`
//! is not passed on: the tools cannot be interrupted, so the reply is sent anyway (the
//! client ignores it, as the protocol asks), which keeps the accounting exact.

mod prefix_id;
mod sink;
mod stall;

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

use rmcp::ServiceExt;
use rmcp::model::{
    ClientJsonRpcMessage, ContentBlock, ErrorData, JsonRpcMessage, NumberOrString, RequestId,
    ServerJsonRpcMessage, ServerResult,
};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};

use crate::limits::Limits;

/// Longest accepted request line (see `limits`). Longer lines are discarded while being
/// read, never buffered whole, and answered with an error.
pub const MAX_LINE: usize = crate::limits::MAX_LINE;

/// A line being read is charged to the line budget in steps of this size.
const LINE_STEP: usize = 1 << 20;

enum Outgoing {
    /// A reply from the server: writing it frees its request's slot and charges.
    Message(Box<ServerJsonRpcMessage>),
    /// A reply made by the transport itself (parse errors, ping).
    Local(Box<ServerJsonRpcMessage>),
    /// The rest of a line the direct write could not finish (`sink`), and the request it
    /// answers if it is a server reply.
    Tail {
        bytes: Vec<u8>,
        id: Option<RequestId>,
    },
    /// Flush everything queued before and stop.
    Shutdown,
}

/// Handle on the writer thread.
pub struct Writer {
    sink: Arc<sink::Sink>,
    thread: Option<JoinHandle<()>>,
    watch: Arc<stall::Watch>,
}

impl Writer {
    /// Starts the writer thread on `out`.
    pub fn spawn<W: Write + Send + 'static>(out: W) -> io::Result<Writer> {
        Writer::spawn_with(out, Arc::new(Limits::default()))
    }

    /// Starts the writer thread on `out`, reporting written replies to `limits`.
    pub fn spawn_with<W: Write + Send + 'static>(
        out: W,
        limits: Arc<Limits>,
    ) -> io::Result<Writer> {
        Writer::start(out, None, limits)
    }

    /// Starts the writer thread on `out`; small messages go straight to `pipe` (the same
    /// pipe, non-blocking) while nothing is queued.
    fn start<W: Write + Send + 'static>(
        out: W,
        pipe: Option<std::fs::File>,
        limits: Arc<Limits>,
    ) -> io::Result<Writer> {
        let (tx, rx) = mpsc::channel::<Outgoing>();
        let watch = stall::Watch::new();
        let sink = Arc::new(sink::Sink::new(tx, pipe, limits.clone()));
        let s = sink.clone();
        let out = stall::Watched {
            inner: out,
            watch: watch.clone(),
        };
        let w = watch.clone();
        let thread = std::thread::Builder::new()
            .name("mcp-stdout".into())
            .spawn(move || {
                write_loop(out, rx, &s);
                w.finished();
            })?;
        stall::watchdog(watch.clone(), limits);
        Ok(Writer {
            sink,
            thread: Some(thread),
            watch,
        })
    }

    /// Writes out everything queued so far and waits for the thread to end, unless the
    /// client was cut off for not reading: then the thread stays blocked on stdout, and
    /// the process exits without it.
    pub fn finish(mut self) {
        let _ = self.sink.tx.send(Outgoing::Shutdown);
        if self.watch.stalled() {
            return;
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Whether the client was cut off for not reading its replies.
    pub fn stalled(&self) -> bool {
        self.watch.stalled()
    }
}

fn write_loop<W: Write>(out: W, rx: mpsc::Receiver<Outgoing>, sink: &sink::Sink) {
    let mut out = BufWriter::with_capacity(1 << 20, out);
    // Messages written into `out` since its last flush (see `Sink::flushed`).
    let mut unflushed = 0;
    let mut next = rx.recv().ok();
    while let Some(item) = next {
        if matches!(item, Outgoing::Shutdown) {
            break;
        }
        if let Err(e) = write_item(&mut out, item, &sink.limits) {
            return client_gone(&e, &rx, &sink.limits);
        }
        unflushed += 1;
        // Flush only when nothing else is waiting, so bursts share one write.
        next = match rx.try_recv() {
            Ok(item) => Some(item),
            Err(mpsc::TryRecvError::Empty) => {
                if let Err(e) = out.flush() {
                    return client_gone(&e, &rx, &sink.limits);
                }
                sink.flushed(std::mem::take(&mut unflushed));
                rx.recv().ok()
            }
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
    }
    let _ = out.flush();
}

/// stdout cannot be written (the client closed it): nobody will read another reply. The
/// reader is told to stop (`Limits::close`), and every reply queued now or later is
/// dropped unwritten, freeing its request's slot and charges, until `Shutdown`. `busy`
/// stays above zero, so no direct write is tried again.
fn client_gone(e: &io::Error, rx: &mpsc::Receiver<Outgoing>, limits: &Limits) {
    if e.kind() != io::ErrorKind::BrokenPipe {
        eprintln!("mcp-reference: error: cannot write to stdout: {e}");
    }
    limits.close();
    while let Ok(item) = rx.recv() {
        let id = match item {
            Outgoing::Shutdown => return,
            Outgoing::Message(m) => sink::reply_id(&m),
            Outgoing::Local(_) => None,
            Outgoing::Tail { id, .. } => id,
        };
        sink::delivered(limits, id);
    }
}

/// Writes one queued message as a line. A server reply frees its request; a local one
/// answered a request that never reached the server.
fn write_item<W: Write>(out: &mut W, item: Outgoing, limits: &Limits) -> io::Result<()> {
    let (written, id) = match item {
        Outgoing::Message(mut m) => (write_line(out, &mut m), sink::reply_id(&m)),
        Outgoing::Local(mut m) => (write_line(out, &mut m), None),
        Outgoing::Tail { bytes, id } => (out.write_all(&bytes), id),
        Outgoing::Shutdown => return Ok(()),
    };
    // Written or lost (the error ends the writing): either way its request is done.
    sink::delivered(limits, id);
    written
}

fn write_line<W: Write>(out: &mut W, msg: &mut ServerJsonRpcMessage) -> io::Result<()> {
    write_message(out, msg)?;
    out.write_all(b"\n")
}

/// Strings at least this long are taken out of a reply and written by the fast escaper.
const BIG_STRING: usize = 64 * 1024;

/// Writes one message as a JSON line body. Large strings of a tool result (the file
/// content and the text block) are swapped for placeholders, the rest is serialized by
/// serde, and the large strings are escaped straight into the output at the placeholders.
fn write_message<W: Write>(out: &mut W, msg: &mut ServerJsonRpcMessage) -> io::Result<()> {
    if let JsonRpcMessage::Error(e) = msg
        && e.id.is_none()
    {
        return write_small(out, msg).map_err(io::Error::from);
    }
    let mut bigs: Vec<String> = Vec::new();
    if let JsonRpcMessage::Response(resp) = msg
        && let ServerResult::CallToolResult(result) = &mut resp.result
    {
        for block in &mut result.content {
            if let ContentBlock::Text(t) = block
                && t.text.len() >= BIG_STRING
            {
                let text = std::mem::replace(&mut t.text, placeholder(bigs.len()));
                bigs.push(text);
            }
        }
        if let Some(Value::Object(map)) = &mut result.structured_content {
            for v in map.values_mut() {
                if let Value::String(s) = v
                    && s.len() >= BIG_STRING
                {
                    let text = std::mem::replace(s, placeholder(bigs.len()));
                    bigs.push(text);
                }
            }
        }
    }
    if bigs.is_empty() {
        return write_small(out, msg).map_err(io::Error::from);
    }
    let skeleton = serde_json::to_vec(msg).map_err(io::Error::from)?;
    // Where each placeholder (with its quotes) sits in the skeleton, in output order.
    let mut spots: Vec<(usize, usize, usize)> = Vec::new();
    for i in 0..bigs.len() {
        let token = format!("\"{}\"", placeholder(i));
        if let Some(pos) = memchr::memmem::find(&skeleton, token.as_bytes()) {
            spots.push((pos, token.len(), i));
        }
    }
    spots.sort_unstable();
    let mut at = 0;
    for (pos, len, i) in spots {
        out.write_all(&skeleton[at..pos])?;
        crate::json::write_str(out, &bigs[i])?;
        at = pos + len;
    }
    out.write_all(&skeleton[at..])
}

/// Writes a message with serde, except that an error whose request id could not be read
/// carries `"id": null`, as JSON-RPC 2.0 (section 5) requires and CLR-032 promises; rmcp
/// would omit the member, which leaves a client nothing to match.
fn write_small<W: Write>(out: W, msg: &ServerJsonRpcMessage) -> serde_json::Result<()> {
    #[derive(serde::Serialize)]
    struct NullIdError<'a> {
        jsonrpc: &'static str,
        id: (),
        error: &'a ErrorData,
    }
    match msg {
        JsonRpcMessage::Error(e) if e.id.is_none() => serde_json::to_writer(
            out,
            &NullIdError {
                jsonrpc: "2.0",
                id: (),
                error: &e.error,
            },
        ),
        _ => serde_json::to_writer(out, msg),
    }
}

/// A token that cannot occur in real content (it carries a per-process random part).
fn placeholder(i: usize) -> String {
    static NONCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let nonce = NONCE.get_or_init(crate::atomic::temp_name);
    format!("mcp-reference-big{nonce}-{i}")
}

/// The rmcp transport over any async reader plus the writer thread.
pub struct LineTransport<R> {
    reader: BufReader<R>,
    line: Vec<u8>,
    /// Skipping the rest of an over-long line.
    discarding: bool,
    /// rmcp ends the session if anything but a request arrives before the first request
    /// (e.g. a stray notification), so such messages are dropped until one has been seen.
    seen_request: bool,
    sink: Arc<sink::Sink>,
    limits: Arc<Limits>,
    /// A request slot taken before reading the next line (kept if it was no request).
    slot: Option<tokio::sync::OwnedSemaphorePermit>,
    /// `line` holds a whole line not yet handed on. rmcp cancels `receive()` whenever a
    /// reply is ready, so a complete line and its charge live here, not in the future:
    /// a cancelled wait for line budget resumes with the same line, never glued to the next.
    complete: bool,
    /// The line budget charged for the complete line, once it has been granted.
    line_charge: Option<tokio::sync::OwnedSemaphorePermit>,
    /// How long the end of input waits for the calls in flight to be answered.
    end_grace: std::time::Duration,
}

/// What to do with one parsed line. (Short-lived and moved once, so not boxed.)
#[allow(clippy::large_enum_variant)]
enum Parsed {
    /// Hand to rmcp.
    Pass(ClientJsonRpcMessage),
    /// Already answered or dropped here.
    Done,
}

impl<R: AsyncRead + Unpin + Send> LineTransport<R> {
    pub fn new(reader: R, writer: &Writer) -> Self {
        LineTransport {
            reader: BufReader::with_capacity(64 * 1024, reader),
            line: Vec::new(),
            discarding: false,
            seen_request: false,
            sink: writer.sink.clone(),
            limits: writer.sink.limits.clone(),
            slot: None,
            complete: false,
            line_charge: None,
            end_grace: crate::limits::END_OF_INPUT_GRACE,
        }
    }

    fn reply_local(&self, msg: ServerJsonRpcMessage) {
        self.limits.queued();
        if !self.sink.send(Outgoing::Local(Box::new(msg))) {
            self.limits.written();
        }
    }

    fn reply_error(&self, error: ErrorData, id: Option<NumberOrString>) {
        self.reply_local(ServerJsonRpcMessage::error(error, id));
    }

    /// Reads until a whole line is in `self.line`. Cancel-safe: partial data stays in
    /// `self.line` and the next call continues it. Returns false at end of input.
    async fn fill_line(&mut self) -> io::Result<bool> {
        loop {
            // A large line is charged to the line budget before its bytes are taken in
            // (in steps of `LINE_STEP`), so the line being read is bounded too.
            let grown = {
                let buf = self.reader.fill_buf().await?;
                let nl = memchr::memchr(b'\n', buf);
                self.line.len() + nl.map_or(buf.len(), |i| i + 1)
            };
            if !self.discarding && grown > crate::limits::FREE_LINE && grown <= MAX_LINE {
                let step = grown.next_multiple_of(LINE_STEP).min(MAX_LINE);
                self.limits
                    .charge_line_to(&mut self.line_charge, step)
                    .await;
            }
            let (used, done) = {
                let buf = self.reader.fill_buf().await?;
                if buf.is_empty() {
                    return Ok(false);
                }
                let nl = memchr::memchr(b'\n', buf);
                let take = nl.map_or(buf.len(), |i| i + 1);
                let mut too_long = None;
                if self.discarding {
                    if nl.is_some() {
                        self.discarding = false;
                    }
                } else if self.line.len() + take > MAX_LINE {
                    too_long = Some(line_start_id(&self.line, &buf[..take]));
                    self.line = Vec::new();
                    self.line_charge = None;
                    self.discarding = nl.is_none();
                } else {
                    self.line.extend_from_slice(&buf[..take]);
                }
                if let Some(id) = too_long {
                    self.reply_error(
                        ErrorData::invalid_request(
                            format!(
                                "Request line longer than {MAX_LINE} bytes (200 MiB); \
                                 discarded unread. Send larger content in parts where the \
                                 interface can append (file.create, then text.append)."
                            ),
                            None,
                        ),
                        id,
                    );
                }
                (take, nl.is_some() && !self.line.is_empty())
            };
            self.reader.consume(used);
            if done {
                return Ok(true);
            }
        }
    }

    /// Parses one line; answers what cannot be handed to rmcp. A large line (a big
    /// file.create) is parsed to a `Value` first and its buffer freed before the typed
    /// conversion, which then moves the large strings instead of copying them (`bulk`).
    fn parse(&self, line: &mut Vec<u8>) -> Parsed {
        let big = line.len() > 1 << 20;
        let raw = line.strip_suffix(b"\n").unwrap_or(line);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        if raw.iter().all(u8::is_ascii_whitespace) {
            return Parsed::Done;
        }
        let parsed = if big {
            match serde_json::from_slice::<Value>(raw) {
                Ok(value) => {
                    *line = Vec::new();
                    if let Some(answer) = self.precheck(&value) {
                        return answer;
                    }
                    let (id, is_request, is_object) = describe(&value);
                    return match crate::bulk::to_message(value) {
                        Ok(msg) => Parsed::Pass(msg),
                        Err(e) => {
                            self.invalid(e, id, is_request, is_object);
                            Parsed::Done
                        }
                    };
                }
                Err(e) => Err(e),
            }
        } else {
            serde_json::from_slice::<ClientJsonRpcMessage>(raw)
        };
        match parsed {
            // A notification may be a request whose id rmcp could not read (e.g. null).
            Ok(ClientJsonRpcMessage::Notification(n)) => {
                match serde_json::from_slice::<Value>(raw) {
                    Ok(value) => self
                        .precheck(&value)
                        .unwrap_or(Parsed::Pass(ClientJsonRpcMessage::Notification(n))),
                    Err(_) => Parsed::Pass(ClientJsonRpcMessage::Notification(n)),
                }
            }
            Ok(msg) => Parsed::Pass(msg),
            Err(e) if e.is_syntax() || e.is_eof() => {
                self.reply_error(
                    ErrorData::parse_error(
                        format!("Parse error: the line is not valid JSON ({e}); it was ignored."),
                        None,
                    ),
                    None,
                );
                Parsed::Done
            }
            Err(e) => {
                let Ok(value) = serde_json::from_slice::<Value>(raw) else {
                    return Parsed::Done;
                };
                if let Some(answer) = self.precheck(&value) {
                    return answer;
                }
                let (id, is_request, is_object) = describe(&value);
                self.invalid(e, id, is_request, is_object);
                Parsed::Done
            }
        }
    }

    /// Answers messages with an unusable id: an object with an `id` member that is not an
    /// integer or string, or with an id but neither a method nor a result/error, is an
    /// Invalid Request (-32600), answered with the id when it is usable and null otherwise.
    fn precheck(&self, value: &Value) -> Option<Parsed> {
        let obj = value.as_object()?;
        let raw_id = obj.get("id")?;
        let id = usable_id(raw_id);
        let has_method = obj.contains_key("method");
        let is_response = obj.contains_key("result") || obj.contains_key("error");
        if id.is_some() && (has_method || is_response) {
            return None;
        }
        if id.is_none() && is_response && !has_method {
            // A response to a request we never sent; nothing to answer.
            return Some(Parsed::Done);
        }
        let shown = crate::paths::prefix(&raw_id.to_string(), 40).to_owned();
        let why = if id.is_none() {
            format!(
                "the id {shown} is not usable: a request id must be a string or an integer \
                 (64-bit signed), and a notification has no id at all"
            )
        } else {
            "it has an id but no method".to_owned()
        };
        self.reply_error(
            ErrorData::invalid_request(format!("Invalid Request: {why}."), None),
            id,
        );
        Some(Parsed::Done)
    }

    /// Valid JSON but not a message we understand. Requests (with an id) get an Invalid
    /// Request error; notifications and responses are dropped, since no reply may be sent
    /// for them.
    fn invalid(
        &self,
        e: serde_json::Error,
        id: Option<NumberOrString>,
        is_request: bool,
        is_object: bool,
    ) {
        if is_request || !is_object {
            let text = e.to_string();
            self.reply_error(
                ErrorData::invalid_request(
                    format!("Invalid request: {}", crate::paths::prefix(&text, 300)),
                    None,
                ),
                id,
            );
        }
    }
}

/// The id of an over-long line from its first bytes (`read`, then `more`), if they hold
/// it; the error then carries it, else `"id": null` (JSON-RPC 2.0 section 5).
fn line_start_id(read: &[u8], more: &[u8]) -> Option<NumberOrString> {
    let mut head = read[..read.len().min(prefix_id::SCAN)].to_vec();
    let room = prefix_id::SCAN - head.len();
    head.extend_from_slice(&more[..more.len().min(room)]);
    prefix_id::request_id(&head)
}

/// An id rmcp can carry: a string or an integer that fits an i64.
fn usable_id(v: &Value) -> Option<NumberOrString> {
    match v {
        Value::Number(n) => n.as_i64().map(NumberOrString::Number),
        Value::String(s) => Some(NumberOrString::String(s.as_str().into())),
        _ => None,
    }
}

/// The id of a JSON-RPC value, whether it looks like a request, and whether it is an object.
fn describe(value: &Value) -> (Option<NumberOrString>, bool, bool) {
    let id = value.get("id").and_then(usable_id);
    let is_request = value.get("method").is_some() && id.is_some();
    (id, is_request, value.is_object())
}

impl<R: AsyncRead + Unpin + Send + 'static> Transport<RoleServer> for LineTransport<R> {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.limits.queued();
        let sent = if self.sink.send(Outgoing::Message(Box::new(item))) {
            Ok(())
        } else {
            self.limits.written();
            Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "stdout writer stopped",
            ))
        };
        std::future::ready(sent)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        // A client that cannot be answered any more ends the session, whatever the reader
        // waits for (a slot, the backlog, line budget, stdin). `next_message` is
        // cancel-safe (rmcp cancels it whenever a reply is ready), so this adds no loss.
        let limits = self.limits.clone();
        tokio::select! {
            biased;
            () = limits.closed() => None,
            msg = self.next_message() => msg,
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
    }
}

impl<R: AsyncRead + Unpin + Send + 'static> LineTransport<R> {
    /// The next message for rmcp, answering here what it cannot take.
    async fn next_message(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            // Backpressure: a free request slot and a drained stdout before reading more.
            if self.slot.is_none() {
                self.slot = Some(self.limits.slot().await);
            }
            self.limits.backlog_ok().await;
            if !self.complete {
                match self.fill_line().await {
                    Ok(true) => self.complete = true,
                    Ok(false) => {
                        // The end of stdin: every call already received is answered before
                        // the session ends (docs/limits.md), within the longest deadline.
                        self.slot = None;
                        let grace = self.end_grace;
                        if !self.limits.all_answered(grace).await {
                            eprintln!(
                                "mcp-reference: stdin ended; calls still unanswered after {} s \
                                 are abandoned",
                                grace.as_secs()
                            );
                        }
                        return None;
                    }
                    Err(e) => {
                        eprintln!("mcp-reference: error: cannot read stdin: {e}");
                        return None;
                    }
                }
            }
            let cost = crate::limits::line_cost(self.line.len());
            self.limits
                .charge_line_to(&mut self.line_charge, cost)
                .await;
            // Nothing below awaits: the line is handed on whole or answered here.
            self.complete = false;
            let charge = self.line_charge.take();
            let mut line = std::mem::take(&mut self.line);
            let parsed = self.parse(&mut line);
            // Keep a modest buffer for the next line; give big ones back to the allocator.
            if line.capacity() <= 1 << 20 {
                self.line = line;
                self.line.clear();
            }
            match parsed {
                Parsed::Pass(ClientJsonRpcMessage::Request(r)) => {
                    let id = r.id.clone();
                    if r.request.method() == "ping" {
                        // Answered here in both eras (rmcp refuses ping in 2026-07-28).
                        self.reply_local(ServerJsonRpcMessage::response(
                            ServerResult::empty(()),
                            id,
                        ));
                        continue;
                    }
                    if self.limits.in_flight(&id) {
                        self.reply_error(
                            ErrorData::invalid_request(
                                format!(
                                    "Invalid Request: the id {id} is already used by a request \
                                     still in progress; use a new id for each request."
                                ),
                                None,
                            ),
                            Some(id),
                        );
                        continue;
                    }
                    let mut held = Vec::with_capacity(2);
                    held.extend(self.slot.take());
                    held.extend(charge);
                    self.limits.admit(id, held);
                    self.seen_request = true;
                    return Some(ClientJsonRpcMessage::Request(r));
                }
                Parsed::Pass(ClientJsonRpcMessage::Notification(n))
                    if matches!(
                        n.notification,
                        rmcp::model::ClientNotification::CancelledNotification(_)
                    ) =>
                {
                    // See the module comment: the reply is sent anyway.
                }
                Parsed::Pass(msg) if self.seen_request => return Some(msg),
                _ => {}
            }
        }
    }
}

/// Standard output without std's line buffering (which scans every write for newlines);
/// the writer thread does its own buffering.
fn raw_stdout() -> Box<dyn Write + Send> {
    #[cfg(target_os = "linux")]
    grow_pipes();
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(io::stdout())
}

/// Asks for 1 MiB pipe buffers on stdin and stdout (when they are pipes): large replies
/// then move in fewer, larger steps with fewer wake-ups on both sides. Best effort.
#[cfg(target_os = "linux")]
fn grow_pipes() {
    for fd in [0, 1] {
        // SAFETY: fcntl on the process's own standard descriptors with an integer
        // argument; failure (not a pipe, limit reached) is ignored.
        unsafe {
            libc::fcntl(fd, libc::F_SETPIPE_SZ, 1 << 20);
        }
    }
}

/// Serves `server` on stdin/stdout until stdin ends, within `limits` (shared with the
/// server when it charges work to requests itself).
pub async fn serve_stdio<H: rmcp::ServerHandler>(server: H, limits: Arc<Limits>) -> ExitCode {
    let (reader, _unused_writer) = rmcp::transport::stdio_pipes();
    let writer = match Writer::start(raw_stdout(), sink::nonblocking_stdout(), limits) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("mcp-reference: error: cannot start the stdout writer: {e}");
            return ExitCode::FAILURE;
        }
    };
    #[cfg(target_os = "linux")]
    sink::watch_stdout(writer.sink.limits.clone());
    let transport = LineTransport::new(reader, &writer);
    let code = match server.serve(transport).await {
        Ok(running) => match running.waiting().await {
            Ok(_) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("mcp-reference: error: {e}");
                ExitCode::FAILURE
            }
        },
        Err(rmcp::service::ServerInitializeError::ConnectionClosed(_)) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mcp-reference: error: session ended before initialization: {e}");
            ExitCode::FAILURE
        }
    };
    // Everything answered so far must reach stdout before the process exits.
    let stalled = writer.stalled();
    tokio::task::spawn_blocking(move || writer.finish())
        .await
        .ok();
    if stalled {
        return ExitCode::FAILURE;
    }
    code
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};

    /// A Write that stores into shared memory.
    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn big_replies_are_written_exactly_like_serde() {
        use rmcp::model::{CallToolResult, NumberOrString, ServerResult};
        let content = "quote \" backslash \\ tab \t é\n".repeat(10_000);
        let value = serde_json::json!({"content": content, "hash": "ab", "total_lines": 10000});
        let mut r = CallToolResult::success(vec![ContentBlock::text(crate::server::to_json_text(
            &value,
        ))]);
        r.structured_content = Some(value);
        let msg = ServerJsonRpcMessage::response(
            ServerResult::CallToolResult(r),
            NumberOrString::Number(5),
        );
        let expected = serde_json::to_vec(&msg).unwrap();
        let mut ours = Vec::new();
        write_message(&mut ours, &mut msg.clone()).unwrap();
        assert_eq!(
            String::from_utf8(ours).unwrap(),
            String::from_utf8(expected).unwrap()
        );
    }

    async fn run(input: &'static [u8]) -> (Vec<ClientJsonRpcMessage>, Vec<Value>) {
        let out = Shared::default();
        let writer = Writer::spawn(out.clone()).unwrap();
        let mut t = LineTransport::new(input, &writer);
        // No server answers here: the end of input waits for nothing.
        t.end_grace = std::time::Duration::ZERO;
        let mut passed = Vec::new();
        while let Some(m) = t.receive().await {
            passed.push(m);
        }
        drop(t);
        writer.finish();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let replies = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        (passed, replies)
    }

    #[tokio::test]
    async fn garbage_gets_parse_errors_and_requests_pass() {
        let input: &[u8] = b"not json\n\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}\n{\"jsonrpc\":\"2.0\",\"method\":\"bogus/notify\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}\npartial";
        let (passed, lines) = run(input).await;
        // The notification before any request is dropped (rmcp would end the session);
        // the unterminated tail is not a message.
        assert_eq!(passed.len(), 1);
        assert!(matches!(passed[0], ClientJsonRpcMessage::Request(_)));
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[0]["error"]["code"], -32700);
        assert_eq!(lines[0].get("id"), Some(&Value::Null), "{}", lines[0]);
        assert_eq!(lines[1]["error"]["code"], -32600);
        assert_eq!(lines[1]["id"], 7);
    }

    /// Every request gets an answer: unusable ids give -32600 with id null.
    #[tokio::test]
    async fn unusable_ids_get_invalid_request_with_null_id() {
        let input: &[u8] = b"{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":[],\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":18446744073709551616,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":1e100,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":null}
{\"jsonrpc\":\"2.0\",\"id\":9}
{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}
[1,2]
";
        let (passed, lines) = run(input).await;
        assert!(passed.is_empty(), "{passed:?}");
        assert_eq!(lines.len(), 11, "{lines:#?}");
        for l in &lines[..8] {
            assert_eq!(l["error"]["code"], -32600, "{l}");
            // Present and null (JSON-RPC 2.0 section 5), not absent.
            assert_eq!(l.get("id"), Some(&Value::Null), "{l}");
        }
        assert_eq!(lines[8]["error"]["code"], -32600);
        assert_eq!(lines[8]["id"], 9);
        assert_eq!(lines[9]["id"], 3);
        assert_eq!(lines[9]["result"], serde_json::json!({}));
        assert_eq!(lines[10]["error"]["code"], -32600);
    }

    /// rmcp cancels `receive()` whenever a reply is ready. A line whose wait for line
    /// budget is cancelled, while it is read or once complete, must come out whole on the
    /// next call, not glued to the line after it (issue 21: two pipelined large lines and a
    /// ping lost ids 2 and 3).
    #[tokio::test]
    async fn a_line_waiting_for_budget_survives_a_cancelled_receive() {
        // Lines of 1.5 MiB: charged 2 MiB while read, 3 MiB (and a little) once complete.
        // With 4 MiB the second line waits while it is read, with 5 MiB and a little more
        // once it is complete.
        for budget in [4 << 20, (5 << 20) + (64 << 10)] {
            cancelled_receives_lose_nothing(budget).await;
        }
    }

    async fn cancelled_receives_lose_nothing(budget: usize) {
        let big = |id: u32| {
            let pad = "a".repeat(3 << 19);
            format!(
                "{{\"jsonrpc\":\"2.0\",\"id\":{id},\"method\":\"tools/call\",\"params\":{{\"name\":\"x\",\"arguments\":{{\"pad\":\"{pad}\"}}}}}}\n"
            )
        };
        let input = format!(
            "{}{}{{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}}\n",
            big(1),
            big(2)
        );
        let input: &'static [u8] = Box::leak(input.into_bytes().into_boxed_slice());
        let out = Shared::default();
        let limits = Arc::new(Limits::new(8, budget, 1 << 20));
        let writer = Writer::spawn_with(out.clone(), limits.clone()).unwrap();
        let mut t = LineTransport::new(input, &writer);
        // Request 2 is never answered here: the end of input waits for nothing.
        t.end_grace = std::time::Duration::ZERO;
        let id_of = |m: Option<ClientJsonRpcMessage>| match m {
            Some(ClientJsonRpcMessage::Request(r)) => r.id,
            other => panic!("expected a request, got {other:?}"),
        };
        assert_eq!(id_of(t.receive().await), NumberOrString::Number(1));
        for _ in 0..3 {
            tokio::select! {
                biased;
                m = t.receive() => panic!("line 2 passed without line budget: {m:?}"),
                _ = tokio::task::yield_now() => {}
            }
        }
        limits.release(&NumberOrString::Number(1));
        assert_eq!(id_of(t.receive().await), NumberOrString::Number(2));
        assert!(t.receive().await.is_none());
        drop(t);
        writer.finish();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let replies: Vec<Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(replies.len(), 1, "budget {budget}: {replies:?}");
        assert_eq!(replies[0]["id"], 3, "{replies:?}");
        assert_eq!(replies[0]["result"], serde_json::json!({}));
    }

    /// Small messages go straight to the pipe while nothing is queued, in part when the
    /// pipe is nearly full, and queue behind the writer thread otherwise: every line still
    /// arrives whole and in the order sent.
    #[cfg(target_os = "linux")]
    #[test]
    fn direct_writes_keep_the_order_and_the_lines_whole() {
        use std::io::BufRead;
        use std::os::fd::AsRawFd;
        use std::os::unix::fs::OpenOptionsExt;
        let (reader, out) = io::pipe().unwrap();
        let pipe = std::fs::OpenOptions::new()
            .write(true)
            .custom_flags(libc::O_NONBLOCK)
            .open(format!("/proc/self/fd/{}", out.as_raw_fd()))
            .unwrap();
        let writer = Writer::start(out, Some(pipe), Arc::new(Limits::default())).unwrap();
        // Nobody reads yet: the 64 KiB pipe fills with 1 KB messages, one is cut short,
        // and the rest (with three larger than a direct write takes) wait in the queue.
        for i in 0..300 {
            let size = if matches!(i, 150 | 151 | 220) {
                100_000
            } else {
                1000
            };
            let msg = ServerJsonRpcMessage::error(
                ErrorData::internal_error("x".repeat(size), None),
                Some(NumberOrString::Number(i)),
            );
            assert!(writer.sink.send(Outgoing::Message(Box::new(msg))));
        }
        let ids = std::thread::spawn(move || {
            io::BufReader::new(reader)
                .lines()
                .map(|l| serde_json::from_str::<Value>(&l.unwrap()).unwrap()["id"].clone())
                .collect::<Vec<_>>()
        });
        writer.finish();
        let expected: Vec<Value> = (0..300).map(Value::from).collect();
        assert_eq!(ids.join().unwrap(), expected);
    }

    /// A second request with an id still in flight is refused, not silently merged.
    #[tokio::test]
    async fn duplicate_ids_in_flight_are_refused() {
        let input: &[u8] = b"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}
{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}
";
        let (passed, lines) = run(input).await;
        assert_eq!(passed.len(), 1);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0]["error"]["code"], -32600);
        assert_eq!(lines[0]["id"], 1);
    }
}
