//! Streamable HTTP plumbing for the runner: a free loopback address for a server started
//! per scenario with `{addr}`, waiting until it listens, the endpoint the built-in
//! reference announces (it picks its own port), the harness's bearer tokens and their file, the
//! rmcp client transport (reqwest) wrapped so the exchange is recorded, and raw requests
//! for the cases that check HTTP itself (status codes, headers).

use std::borrow::Cow;
use std::future::Future;
use std::sync::OnceLock;
use std::time::Duration;

use rmcp::RoleClient;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;

use super::exchange::{Direction, Exchange, StderrTail};

/// The harness's tokens: random per run, written to the file given to the server as
/// `{auth_tokens}` (format: `TOKEN SCOPE...` per line).
pub struct Tokens {
    /// `files:read files:write`: used for every ordinary request.
    pub full: String,
    /// `files:read` only.
    pub read: String,
}

pub fn tokens() -> &'static Tokens {
    static T: OnceLock<Tokens> = OnceLock::new();
    T.get_or_init(|| {
        use sha2::Digest;
        let seed = format!(
            "{:?}{}{:p}",
            std::time::SystemTime::now(),
            std::process::id(),
            &T
        );
        let h = hex(&sha2::Sha256::digest(seed.as_bytes()));
        Tokens {
            full: format!("harness-full-{}", &h[..24]),
            read: format!("harness-read-{}", &h[24..48]),
        }
    })
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Writes the token file for a server started with `{auth_tokens}`.
pub fn token_file() -> std::io::Result<tempfile::NamedTempFile> {
    use std::io::Write;
    let mut f = tempfile::Builder::new()
        .prefix("mcp-harness-tokens-")
        .tempfile()?;
    let t = tokens();
    writeln!(f, "{} files:read files:write", t.full)?;
    writeln!(f, "{} files:read", t.read)?;
    f.flush()?;
    Ok(f)
}

/// A loopback `HOST:PORT` that was free a moment ago and was not handed out before in this
/// process. The kernel may hand a released port out again at once; scenarios started side by
/// side would then give two servers one port, and the second scenario would talk to the
/// first one's server.
pub fn free_addr() -> std::io::Result<String> {
    static HANDED_OUT: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut handed_out = HANDED_OUT.lock().unwrap_or_else(|p| p.into_inner());
    for _ in 0..64 {
        let addr = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?;
        if !handed_out.contains(&addr.port()) {
            handed_out.push(addr.port());
            return Ok(addr.to_string());
        }
    }
    Err(std::io::Error::other(
        "every port the kernel offered was handed out before",
    ))
}

/// Waits until `addr` accepts connections, the child exits, or `limit` passes.
pub async fn wait_listening(
    addr: &str,
    limit: Duration,
    child: &mut tokio::process::Child,
) -> Result<(), String> {
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        if let Ok(s) = tokio::net::TcpStream::connect(addr).await
            && !connected_to_itself(&s)
        {
            return Ok(());
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(format!(
                "it exited before listening on {addr} (status: {status})"
            ));
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(format!(
                "it did not listen on {addr} within {} s",
                limit.as_secs()
            ));
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Reads a server's stderr into `sink` line by line until the line that announces its
/// endpoint (the built-in reference, started on port 0); gives the endpoint and the rest of
/// the pipe, to drain. Fails when stderr ends first (the server exited) or `limit` passes.
pub async fn announced_endpoint<R: tokio::io::AsyncRead + Unpin>(
    pipe: R,
    sink: StderrTail,
    limit: Duration,
) -> Result<(String, tokio::io::BufReader<R>), String> {
    use tokio::io::AsyncBufReadExt as _;
    let mut reader = tokio::io::BufReader::new(pipe);
    let read = async {
        let mut line = Vec::new();
        loop {
            line.clear();
            if reader.read_until(b'\n', &mut line).await.unwrap_or(0) == 0 {
                return None;
            }
            sink.append(&line);
            let text = String::from_utf8_lossy(&line);
            if let Some(url) = mcp_reference::serving::announced_endpoint(&text) {
                return Some(url.to_string());
            }
        }
    };
    match tokio::time::timeout(limit, read).await {
        Ok(Some(url)) => Ok((url, reader)),
        Ok(None) => Err("it exited before announcing where it listens".into()),
        Err(_) => Err(format!(
            "it did not announce where it listens within {} s",
            limit.as_secs()
        )),
    }
}

/// A connect to a port nobody listens on yet can succeed when the kernel picks that very
/// port as the source (TCP simultaneous open): the socket is connected to itself, and the
/// server, not listening yet, would refuse the first request.
fn connected_to_itself(s: &tokio::net::TcpStream) -> bool {
    s.local_addr().ok() == s.peer_addr().ok()
}

/// The endpoint of a server started with `{addr}`.
pub fn endpoint(addr: &str) -> String {
    format!("http://{addr}/mcp")
}

/// A reqwest client without proxies (loopback only) and with the given bearer token.
pub fn client(bearer: Option<&str>) -> reqwest::Client {
    let mut headers = reqwest::header::HeaderMap::new();
    if let Some(t) = bearer
        && let Ok(v) = reqwest::header::HeaderValue::from_str(&format!("Bearer {t}"))
    {
        headers.insert(reqwest::header::AUTHORIZATION, v);
    }
    reqwest::Client::builder()
        .no_proxy()
        .default_headers(headers)
        .build()
        .unwrap_or_default()
}

/// Largest SSE event (one message) the harness takes from a server. rmcp's client stops at
/// 16 MiB, which a 10 MB file read whole exceeds where a reply carries the text twice
/// (rootspace's text.read) or escaped in a JSON envelope (lighthouse): over stdio a reply
/// line has no cap, and a case must not fail by transport alone (ROUND-015).
pub const MAX_SSE_EVENT: usize = 1 << 30;

/// rmcp's Streamable HTTP client transport to `url`.
pub fn transport(
    url: &str,
    bearer: Option<&str>,
) -> rmcp::transport::StreamableHttpClientTransport<reqwest::Client> {
    use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
    rmcp::transport::StreamableHttpClientTransport::with_client(
        client(bearer),
        StreamableHttpClientTransportConfig::with_uri(url.to_string())
            .max_sse_event_size(MAX_SSE_EVENT),
    )
}

/// Records every message a client transport sends and receives, as the stdio tee does.
pub struct Recording<T> {
    inner: T,
    log: Exchange,
}

impl<T> Recording<T> {
    pub fn new(inner: T, log: Exchange) -> Self {
        Recording { inner, log }
    }
}

impl<T> Transport<RoleClient> for Recording<T>
where
    T: Transport<RoleClient> + Send,
{
    type Error = T::Error;

    fn name() -> Cow<'static, str> {
        "harness-http".into()
    }

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        if let Ok(text) = serde_json::to_string(&item) {
            self.log.push(Direction::Sent, text);
        }
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        let msg = self.inner.receive().await?;
        if let Ok(text) = serde_json::to_string(&msg) {
            self.log.push(Direction::Received, text);
        }
        Some(msg)
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        self.inner.close().await
    }
}

#[cfg(test)]
mod tests {
    /// 2,000 ports drawn from some 14,000 would repeat many times over (the birthday bound)
    /// if a released port could be handed out again.
    #[test]
    fn no_port_is_handed_out_twice() {
        let mut ports: Vec<String> = (0..2000).map(|_| super::free_addr().unwrap()).collect();
        ports.sort();
        ports.dedup();
        assert_eq!(ports.len(), 2000);
    }

    /// The endpoint comes from the announcement line, what came before it is kept in the
    /// record, and the rest is left to drain; a server that ends stderr first has exited.
    #[tokio::test]
    async fn the_announced_endpoint_is_read_from_stderr() {
        use tokio::io::AsyncReadExt as _;
        let ann = mcp_reference::serving::ANNOUNCEMENT;
        let stderr = format!("starting\n{ann}http://127.0.0.1:41234/mcp\nlater\n");
        let sink = super::StderrTail::default();
        let limit = std::time::Duration::from_secs(5);
        let (url, mut rest) = super::announced_endpoint(stderr.as_bytes(), sink.clone(), limit)
            .await
            .unwrap();
        assert_eq!(url, "http://127.0.0.1:41234/mcp");
        assert!(sink.tail(5).starts_with("starting\n"), "{}", sink.tail(5));
        let mut after = String::new();
        rest.read_to_string(&mut after).await.unwrap();
        assert_eq!(after, "later\n");
        let gone = super::announced_endpoint(&b"error: cannot listen\n"[..], sink, limit).await;
        assert!(gone.is_err_and(|e| e.contains("exited")));
    }
}
