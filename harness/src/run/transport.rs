//! An rmcp client transport over a child's stdio that records every message (the tee).
//!
//! rmcp's own stdio transport silently skips lines that are not JSON; a conformance
//! harness must instead notice them, so this transport reads the lines itself. A reply that
//! is JSON but not a message rmcp can decode is recorded and turned into a JSON-RPC error
//! for the same id, so the waiting call fails at once instead of timing out.

use std::borrow::Cow;
use std::future::Future;
use std::sync::Arc;

use rmcp::RoleClient;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::{Mutex, mpsc};

use super::exchange::{Direction, Exchange};

/// Marker put into synthesized errors so reports can tell them from the server's own.
pub const MALFORMED_MARK: &str = "[harness] the server's reply could not be decoded";

pub struct TeeTransport<W> {
    writer: Arc<Mutex<Option<W>>>,
    incoming: mpsc::UnboundedReceiver<RxJsonRpcMessage<RoleClient>>,
    exchange: Exchange,
}

impl<W> TeeTransport<W>
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    /// Start reading `reader` (the child's stdout) in a background task.
    pub fn new<R>(reader: R, writer: W, exchange: Exchange) -> Self
    where
        R: AsyncRead + Unpin + Send + 'static,
    {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(read_loop(reader, tx, exchange.clone()));
        TeeTransport {
            writer: Arc::new(Mutex::new(Some(writer))),
            incoming: rx,
            exchange,
        }
    }
}

async fn read_loop<R>(
    reader: R,
    tx: mpsc::UnboundedSender<RxJsonRpcMessage<RoleClient>>,
    log: Exchange,
) where
    R: AsyncRead + Unpin + Send + 'static,
{
    let mut reader = BufReader::with_capacity(64 * 1024, reader);
    let mut line = Vec::new();
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line).await {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let raw = trim_line(&line);
        if raw.is_empty() {
            continue;
        }
        let text = String::from_utf8_lossy(raw).into_owned();
        let value: Value = match serde_json::from_slice(raw) {
            Ok(v) => v,
            Err(_) => {
                log.push(Direction::NotJson, text);
                continue;
            }
        };
        match serde_json::from_value::<RxJsonRpcMessage<RoleClient>>(value.clone()) {
            Ok(msg) => {
                log.push(Direction::Received, text);
                if tx.send(msg).is_err() {
                    return;
                }
            }
            Err(e) => {
                log.push(Direction::Malformed, format!("{text}  [{e}]"));
                // A reply for a pending request: answer it with an error so the caller does
                // not wait for its timeout.
                let id = value.get("id").cloned();
                let is_reply = value.get("result").is_some() || value.get("error").is_some();
                if let (Some(id), true) = (id, is_reply) {
                    let synthetic = json!({
                        "jsonrpc": "2.0",
                        "id": id,
                        "error": {"code": -32603, "message": format!("{MALFORMED_MARK}: {e}")}
                    });
                    if let Ok(msg) = serde_json::from_value(synthetic) {
                        let _ = tx.send(msg);
                    }
                }
            }
        }
    }
}

fn trim_line(line: &[u8]) -> &[u8] {
    let mut l = line;
    if let Some(x) = l.strip_suffix(b"\n") {
        l = x;
    }
    if let Some(x) = l.strip_suffix(b"\r") {
        l = x;
    }
    l.strip_prefix(b"\xEF\xBB\xBF".as_slice()).unwrap_or(l)
}

impl<W> Transport<RoleClient> for TeeTransport<W>
where
    W: AsyncWrite + Unpin + Send + 'static,
{
    type Error = std::io::Error;

    fn name() -> Cow<'static, str> {
        "harness-tee".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let writer = self.writer.clone();
        let log = self.exchange.clone();
        async move {
            let mut line = serde_json::to_string(&item).map_err(std::io::Error::other)?;
            log.push(Direction::Sent, line.clone());
            line.push('\n');
            let mut guard = writer.lock().await;
            let Some(w) = guard.as_mut() else {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::NotConnected,
                    "stdin closed",
                ));
            };
            w.write_all(line.as_bytes()).await?;
            w.flush().await
        }
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleClient>>> + Send {
        self.incoming.recv()
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        // Closing stdin is the polite way to ask a stdio server to exit.
        drop(self.writer.lock().await.take());
        Ok(())
    }
}
