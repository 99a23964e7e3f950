//! Hostile HTTP clients (issue 21, item 9): a session id that leaks to another token
//! holder, connections that send their header or body a byte at a time, and one token
//! holder opening sessions until the cap. A session belongs to the token that opened it;
//! slow connections are closed; one token cannot take every session.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use crate::common::Fixture;
use crate::http_server::{HttpServer, READER, WRITER, post};

const LIST: &str = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;

fn client(token: &str) -> reqwest::Client {
    mcp_harness::run::http::client(Some(token))
}

/// Opens a session with `token`: its id, or the refusal's status.
async fn open_session(url: &str, token: &str) -> Result<String, u16> {
    crate::http_server::open_session(&client(token), url).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaked_session_id_is_useless_to_another_token() {
    let f = Fixture::new();
    let s = HttpServer::start(&f.root, &[]);
    let url = s.endpoint();
    let id = open_session(&url, WRITER)
        .await
        .expect("the writer's session");
    let thief = client(READER);
    let r = post(&thief, &url, Some(&id), LIST).await;
    assert_eq!(
        r.status(),
        404,
        "another token used the session: {}",
        r.status()
    );
    let body = r.text().await.unwrap();
    assert!(body.contains("token that opened it"), "{body}");
    let r = thief
        .delete(&url)
        .header("mcp-session-id", &id)
        .timeout(Duration::from_secs(20))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404, "another token ended the session");
    let r = post(&client(WRITER), &url, Some(&id), LIST).await;
    assert_eq!(r.status(), 200, "the owner's session must still work");
    let text = r.text().await.unwrap();
    assert!(text.contains("\"tools\""), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_token_cannot_take_every_session() {
    let f = Fixture::new();
    let s = HttpServer::start(
        &f.root,
        &["--max-sessions", "8", "--max-sessions-per-token", "3"],
    );
    let url = s.endpoint();
    for i in 0..3 {
        open_session(&url, READER)
            .await
            .unwrap_or_else(|st| panic!("session {i}: {st}"));
    }
    let refused = open_session(&url, READER).await;
    assert_eq!(refused, Err(429), "a fourth session of one token");
    open_session(&url, WRITER)
        .await
        .expect("another token still gets a session");
}

/// Opens `n` connections that send the start of a request, then one more byte of
/// `trickle` every `every`, and returns how long until the server closed each (None: still
/// open at `give_up`).
fn slow_connections(
    port: u16,
    n: usize,
    start: &[u8],
    every: Duration,
    give_up: Duration,
) -> Vec<Option<Duration>> {
    let began = Instant::now();
    let mut conns: Vec<(TcpStream, Option<Duration>)> = (0..n)
        .map(|_| {
            let mut c = TcpStream::connect(("127.0.0.1", port)).expect("connect");
            c.write_all(start).expect("send the start");
            c.set_read_timeout(Some(Duration::from_millis(20))).unwrap();
            (c, None)
        })
        .collect();
    let mut next = Instant::now() + every;
    while began.elapsed() < give_up && conns.iter().any(|(_, t)| t.is_none()) {
        for (c, closed) in conns.iter_mut().filter(|(_, t)| t.is_none()) {
            let mut buf = [0u8; 4096];
            match c.read(&mut buf) {
                Ok(0) => *closed = Some(began.elapsed()),
                // A response (408, 400) and then the close count as closed when it comes.
                Ok(_) => {}
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => *closed = Some(began.elapsed()),
            }
        }
        if Instant::now() >= next {
            for (c, _) in conns.iter_mut().filter(|(_, t)| t.is_none()) {
                let _ = c.write_all(b"x");
            }
            next += every;
        }
    }
    conns.into_iter().map(|(_, t)| t).collect()
}

#[test]
#[ignore = "slow attack (about 12 s): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn connections_that_never_finish_their_header_are_closed() {
    let f = Fixture::new();
    let s = HttpServer::start(&f.root, &[]);
    let start = b"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ";
    let closed = slow_connections(
        s.port,
        40,
        start,
        Duration::from_secs(1),
        Duration::from_secs(20),
    );
    let open = closed.iter().filter(|t| t.is_none()).count();
    assert_eq!(
        open, 0,
        "{open} of 40 slow-header connections still open after 20 s"
    );
    let last = closed.iter().flatten().max().unwrap();
    println!(
        "40 slow-header connections: all closed by the server, the last after {} ms",
        last.as_millis()
    );
    let r = TcpStream::connect(("127.0.0.1", s.port));
    assert!(r.is_ok(), "the server still accepts connections");
}

#[test]
#[ignore = "slow attack (about 65 s): cargo test -p e2e-tests --test adversarial -- --include-ignored; CI runs it"]
fn a_body_sent_a_byte_at_a_time_is_cut_off() {
    let f = Fixture::new();
    let s = HttpServer::start(&f.root, &[]);
    let start = format!(
        "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {READER}\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\nContent-Length: 100000\r\n\r\n{{"
    );
    let closed = slow_connections(
        s.port,
        8,
        start.as_bytes(),
        Duration::from_secs(5),
        Duration::from_secs(80),
    );
    let open = closed.iter().filter(|t| t.is_none()).count();
    assert_eq!(
        open, 0,
        "{open} of 8 slow-body connections still open after 80 s"
    );
    let last = closed.iter().flatten().max().unwrap();
    println!(
        "8 slow-body connections: all cut off, the last after {} ms",
        last.as_millis()
    );
}
