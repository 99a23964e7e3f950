//! HTTP's share of the one memory budget (`crate::limits`): a response body that keeps its
//! request's charges until it has been sent or dropped (`HoldBody`), a connection closed
//! when its client takes none of a reply for `WRITE_STALL` (`StallIo`), and the busy answer
//! given when the budget stays taken.

use std::pin::Pin;
use std::task::{Context, Poll};

use bytes::Bytes;
use http::{HeaderValue, Response, StatusCode, header};
use http_body_util::{BodyExt, Full, combinators::BoxBody};
use hyper::body::{Body as HttpBody, Frame, SizeHint};
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};

use super::WRITE_STALL;
use crate::limits::ReplyHold;

type Body = BoxBody<Bytes, std::convert::Infallible>;

/// A response body holding its request's charges until it ends or is dropped; then it
/// runs `on_end`.
pub struct HoldBody {
    inner: Body,
    _hold: ReplyHold,
    on_end: Option<Box<dyn FnOnce() + Send + Sync>>,
}

/// `response` with its body keeping `hold` alive, and running `on_end` when dropped.
pub fn holding(
    response: Response<Body>,
    hold: ReplyHold,
    on_end: Option<Box<dyn FnOnce() + Send + Sync>>,
) -> Response<Body> {
    response.map(|inner| {
        HoldBody {
            inner,
            _hold: hold,
            on_end,
        }
        .boxed()
    })
}

impl Drop for HoldBody {
    fn drop(&mut self) {
        if let Some(f) = self.on_end.take() {
            f();
        }
    }
}

/// After a response of `session` ends: rmcp keeps a session's completed replies for
/// resumption and drops the expired ones (the gate sets their time to live to zero) only
/// when the session next gets an event, so one is sent (closing a channel that does not
/// exist); else an idle session would keep a reply its charge no longer counts.
pub fn evict_later(
    sessions: std::sync::Arc<LocalSessionManager>,
    session: String,
) -> Box<dyn FnOnce() + Send + Sync> {
    Box::new(move || {
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        rt.spawn(async move {
            let handle = sessions
                .sessions
                .read()
                .await
                .get(session.as_str())
                .cloned();
            if let Some(h) = handle {
                let _ = h.close_request_wise_channel(u64::MAX).await;
            }
        });
    })
}

impl HttpBody for HoldBody {
    type Data = Bytes;
    type Error = std::convert::Infallible;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, Self::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// A 503 with a JSON-RPC error (for request `id`, null if unknown): the memory budget
/// stayed taken for `crate::limits::BUDGET_WAIT`; nothing was done.
pub fn busy(id: Option<serde_json::Value>, budget: usize) -> Response<Body> {
    let message = crate::limits::busy_message(budget);
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id.unwrap_or(serde_json::Value::Null),
        "error": {"code": -32000, "message": message, "data": {"code": "BUSY"}},
    });
    let mut r = Response::new(Full::new(Bytes::from(body.to_string())).boxed());
    *r.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    let headers = r.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    r
}

/// A connection whose writes make no progress for `stall` (`WRITE_STALL` when served)
/// fails with `TimedOut`, so hyper closes it and drops the response (and its charges).
pub struct StallIo<T> {
    inner: T,
    stall: std::time::Duration,
    stalled: Option<Pin<Box<tokio::time::Sleep>>>,
}

impl<T> StallIo<T> {
    pub fn new(inner: T) -> Self {
        Self::with_stall(inner, WRITE_STALL)
    }

    pub fn with_stall(inner: T, stall: std::time::Duration) -> Self {
        StallIo {
            inner,
            stall,
            stalled: None,
        }
    }

    /// Tracks a write's outcome: progress clears the deadline, a pending write starts it
    /// (or fails once it has passed).
    fn watch<R>(
        &mut self,
        cx: &mut Context<'_>,
        p: Poll<std::io::Result<R>>,
    ) -> Poll<std::io::Result<R>> {
        if p.is_ready() {
            self.stalled = None;
            return p;
        }
        let stall = self.stall;
        let deadline = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(stall)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client took none of its reply within the write-stall deadline",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<T: AsyncRead + Unpin> AsyncRead for StallIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for StallIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let p = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.watch(cx, p)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let p = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.watch(cx, p)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let p = Pin::new(&mut self.inner).poll_flush(cx);
        self.watch(cx, p)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[tokio::test]
    async fn a_reader_that_takes_nothing_is_cut_off_and_one_that_reads_is_not() {
        let stall = std::time::Duration::from_millis(200);
        let (ours, mut theirs) = tokio::io::duplex(1024);
        let mut io = StallIo::with_stall(ours, stall);
        // Read slowly but steadily: every write makes progress within the stall.
        let reader = tokio::spawn(async move {
            let mut buf = [0u8; 512];
            for _ in 0..8 {
                tokio::time::sleep(stall / 4).await;
                let _ = theirs.read(&mut buf).await;
            }
            theirs // then stop reading, keeping the pipe open
        });
        assert!(io.write_all(&[b'x'; 4096]).await.is_ok());
        let _theirs = reader.await.unwrap();
        let err = io.write_all(&[b'y'; 8192]).await.unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::TimedOut);
    }
}
