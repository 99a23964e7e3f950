//! Stdio transport: newline-delimited JSON-RPC on stdin/stdout, tolerant of bad input and
//! frugal with memory.
//!
//! Why not rmcp's `AsyncRwTransport`: it silently drops lines that are not JSON (no
//! reply), answers wrong-shaped messages with an id-less error, and encodes each outgoing
//! message into one growing buffer, which for a 100 MB `text.read` (content in
//! structuredContent and again in the text block) would cost several times the file size.
//! Here a dedicated writer thread serializes messages straight into a 64 KiB buffered
//! stdout (flushing when no more messages are queued, so pipelined replies share writes),
//! and the reader answers garbage with a JSON-RPC parse error and keeps serving.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::mpsc;
use std::thread::JoinHandle;

use rmcp::ServiceExt;
use rmcp::model::{
    ClientJsonRpcMessage, ContentBlock, ErrorData, JsonRpcMessage, NumberOrString,
    ServerJsonRpcMessage, ServerResult,
};
use rmcp::service::{RoleServer, RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncRead, BufReader};

/// Longest accepted request line: a 256 MiB file as base64 plus JSON overhead, with room
/// for escapes. Longer lines are discarded (and answered with an error).
pub const MAX_LINE: usize = 1 << 30;

enum Outgoing {
    Message(Box<ServerJsonRpcMessage>),
    /// Flush everything queued before and stop.
    Shutdown,
}

/// Handle on the writer thread.
pub struct Writer {
    tx: mpsc::Sender<Outgoing>,
    thread: Option<JoinHandle<()>>,
}

impl Writer {
    /// Starts the writer thread on `out`.
    pub fn spawn<W: Write + Send + 'static>(out: W) -> io::Result<Writer> {
        let (tx, rx) = mpsc::channel::<Outgoing>();
        let thread = std::thread::Builder::new()
            .name("mcp-stdout".into())
            .spawn(move || write_loop(out, rx))?;
        Ok(Writer {
            tx,
            thread: Some(thread),
        })
    }

    fn sender(&self) -> mpsc::Sender<Outgoing> {
        self.tx.clone()
    }

    /// Writes out everything queued so far and waits for the thread to end.
    pub fn finish(mut self) {
        let _ = self.tx.send(Outgoing::Shutdown);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn write_loop<W: Write>(out: W, rx: mpsc::Receiver<Outgoing>) {
    let mut out = BufWriter::with_capacity(64 * 1024, out);
    let mut next = rx.recv().ok();
    while let Some(item) = next {
        match item {
            Outgoing::Shutdown => break,
            Outgoing::Message(mut msg) => {
                let written = write_message(&mut out, &mut msg).and_then(|()| out.write_all(b"\n"));
                drop(msg);
                if let Err(e) = written {
                    eprintln!("mcp-reference: error: cannot write to stdout: {e}");
                    return;
                }
            }
        }
        // Flush only when nothing else is waiting, so bursts share one write.
        next = match rx.try_recv() {
            Ok(item) => Some(item),
            Err(mpsc::TryRecvError::Empty) => {
                if let Err(e) = out.flush() {
                    eprintln!("mcp-reference: error: cannot write to stdout: {e}");
                    return;
                }
                rx.recv().ok()
            }
            Err(mpsc::TryRecvError::Disconnected) => None,
        };
    }
    let _ = out.flush();
}

/// Strings at least this long are taken out of a reply and written by the fast escaper.
const BIG_STRING: usize = 64 * 1024;

/// Writes one message as a JSON line body. Large strings of a tool result (the file
/// content and the text block) are swapped for placeholders, the rest is serialized by
/// serde, and the large strings are escaped straight into the output at the placeholders.
fn write_message<W: Write>(out: &mut W, msg: &mut ServerJsonRpcMessage) -> io::Result<()> {
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
        return serde_json::to_writer(out, msg).map_err(io::Error::from);
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
    tx: mpsc::Sender<Outgoing>,
}

impl<R: AsyncRead + Unpin + Send> LineTransport<R> {
    pub fn new(reader: R, writer: &Writer) -> Self {
        LineTransport {
            reader: BufReader::with_capacity(64 * 1024, reader),
            line: Vec::new(),
            discarding: false,
            seen_request: false,
            tx: writer.sender(),
        }
    }

    fn reply_error(&self, error: ErrorData, id: Option<NumberOrString>) {
        let _ = self
            .tx
            .send(Outgoing::Message(Box::new(ServerJsonRpcMessage::error(
                error, id,
            ))));
    }

    /// Reads until a whole line is in `self.line`. Cancel-safe: partial data stays in
    /// `self.line` and the next call continues it. Returns false at end of input.
    async fn fill_line(&mut self) -> io::Result<bool> {
        loop {
            let (used, done) = {
                let buf = self.reader.fill_buf().await?;
                if buf.is_empty() {
                    return Ok(false);
                }
                let nl = memchr::memchr(b'\n', buf);
                let take = nl.map_or(buf.len(), |i| i + 1);
                if self.discarding {
                    if nl.is_some() {
                        self.discarding = false;
                    }
                } else if self.line.len() + take > MAX_LINE {
                    self.line = Vec::new();
                    self.discarding = nl.is_none();
                    self.reply_error(
                        ErrorData::invalid_request(
                            format!("Request line longer than {MAX_LINE} bytes; discarded."),
                            None,
                        ),
                        None,
                    );
                } else {
                    self.line.extend_from_slice(&buf[..take]);
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
    /// conversion, which then moves the strings instead of copying them.
    fn parse(&self, line: &mut Vec<u8>) -> Option<ClientJsonRpcMessage> {
        let big = line.len() > 1 << 20;
        let raw = line.strip_suffix(b"\n").unwrap_or(line);
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        let raw = raw.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(raw);
        if raw.iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        let parsed = if big {
            match serde_json::from_slice::<Value>(raw) {
                Ok(value) => {
                    *line = Vec::new();
                    let (id, is_request, is_object) = describe(&value);
                    return match serde_json::from_value::<ClientJsonRpcMessage>(value) {
                        Ok(msg) => Some(msg),
                        Err(e) => {
                            self.invalid(e, id, is_request, is_object);
                            None
                        }
                    };
                }
                Err(e) => Err(e),
            }
        } else {
            serde_json::from_slice::<ClientJsonRpcMessage>(raw)
        };
        match parsed {
            Ok(msg) => Some(msg),
            Err(e) if e.is_syntax() || e.is_eof() => {
                self.reply_error(
                    ErrorData::parse_error(
                        format!("Parse error: the line is not valid JSON ({e}); it was ignored."),
                        None,
                    ),
                    None,
                );
                None
            }
            Err(e) => {
                let value: Value = serde_json::from_slice(raw).ok()?;
                let (id, is_request, is_object) = describe(&value);
                self.invalid(e, id, is_request, is_object);
                None
            }
        }
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
            self.reply_error(
                ErrorData::invalid_request(format!("Invalid request: {e}"), None),
                id,
            );
        }
    }
}

/// The id of a JSON-RPC value, whether it looks like a request, and whether it is an object.
fn describe(value: &Value) -> (Option<NumberOrString>, bool, bool) {
    let id = match value.get("id") {
        Some(Value::Number(n)) => n.as_i64().map(NumberOrString::Number),
        Some(Value::String(s)) => Some(NumberOrString::String(s.as_str().into())),
        _ => None,
    };
    let is_request = value.get("method").is_some() && id.is_some();
    (id, is_request, value.is_object())
}

impl<R: AsyncRead + Unpin + Send + 'static> Transport<RoleServer> for LineTransport<R> {
    type Error = io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let sent = self
            .tx
            .send(Outgoing::Message(Box::new(item)))
            .map_err(|_| io::Error::new(io::ErrorKind::BrokenPipe, "stdout writer stopped"));
        std::future::ready(sent)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleServer>> {
        loop {
            match self.fill_line().await {
                Ok(true) => {}
                Ok(false) => return None,
                Err(e) => {
                    eprintln!("mcp-reference: error: cannot read stdin: {e}");
                    return None;
                }
            }
            let mut line = std::mem::take(&mut self.line);
            let parsed = self.parse(&mut line);
            // Keep a modest buffer for the next line; give big ones back to the allocator.
            if line.capacity() <= 1 << 20 {
                self.line = line;
                self.line.clear();
            }
            match parsed {
                Some(ClientJsonRpcMessage::Request(r)) => {
                    self.seen_request = true;
                    return Some(ClientJsonRpcMessage::Request(r));
                }
                Some(msg) if self.seen_request => return Some(msg),
                _ => {}
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        Ok(())
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

/// Serves `server` on stdin/stdout until stdin ends.
pub async fn serve_stdio<H: rmcp::ServerHandler>(server: H) -> ExitCode {
    let (reader, _unused_writer) = rmcp::transport::stdio_pipes();
    let writer = match Writer::spawn(raw_stdout()) {
        Ok(w) => w,
        Err(e) => {
            eprintln!("mcp-reference: error: cannot start the stdout writer: {e}");
            return ExitCode::FAILURE;
        }
    };
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
    tokio::task::spawn_blocking(move || writer.finish())
        .await
        .ok();
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

    #[tokio::test]
    async fn garbage_gets_parse_errors_and_requests_pass() {
        let input: &[u8] = b"not json\n\n{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":5}\n{\"jsonrpc\":\"2.0\",\"method\":\"bogus/notify\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}\npartial";
        let out = Shared::default();
        let writer = Writer::spawn(out.clone()).unwrap();
        let mut t = LineTransport::new(input, &writer);
        // The notification before any request is dropped (rmcp would end the session).
        let msg = t.receive().await.expect("the ping gets through");
        assert!(matches!(msg, ClientJsonRpcMessage::Request(_)));
        assert!(
            t.receive().await.is_none(),
            "unterminated tail is not a message"
        );
        drop(t);
        writer.finish();
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<serde_json::Value> = text
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2, "{text}");
        assert_eq!(lines[0]["error"]["code"], -32700);
        assert_eq!(lines[1]["error"]["code"], -32600);
        assert_eq!(lines[1]["id"], 7);
    }
}
