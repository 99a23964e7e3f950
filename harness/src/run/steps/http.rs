//! Raw Streamable HTTP requests and checks on their responses, for the HTTP-only cases
//! (MCP-002, MCP-005, MCP-051, `Origin`, the body limit): status codes and headers that
//! an MCP client library hides.

use std::time::Duration;

use serde_json::{Value, json};

use super::{StepFn, arg, json_arg, json_string, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::catalogue::{HttpSession, HttpStep, HttpToken};
use crate::run::http::tokens;
use crate::run::world::{HarnessWorld, HttpReply, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::HTTP_REQUEST, step!(send)),
        (form::HTTP_STATUS, step!(status)),
        (form::SESSION_ID_UUID, step!(session_uuid)),
        (form::WWW_AUTHENTICATE, step!(www_authenticate)),
        (form::JSONRPC_RESULT, step!(jsonrpc_result)),
    ]
}

const ACCEPT: &str = "application/json, text/event-stream";

fn initialize() -> Value {
    json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "mcp-harness", "version": env!("CARGO_PKG_VERSION")}
        }
    })
}

/// One request; `headers` are sent as given (after the defaults they replace).
async fn request(
    client: &reqwest::Client,
    url: &str,
    method: &str,
    headers: &[(String, String)],
    body: Option<Vec<u8>>,
    timeout: Duration,
) -> Result<HttpReply, String> {
    let m = reqwest::Method::from_bytes(method.as_bytes()).map_err(|e| e.to_string())?;
    let mut rb = client.request(m, url).timeout(timeout);
    for (k, v) in headers {
        rb = rb.header(k.as_str(), v.as_str());
    }
    if let Some(b) = body {
        rb = rb.body(b);
    }
    let resp = rb
        .send()
        .await
        .map_err(|e| format!("the HTTP request failed: {e}"))?;
    let status = resp.status().as_u16();
    let headers: Vec<(String, String)> = resp
        .headers()
        .iter()
        .map(|(k, v)| {
            (
                k.as_str().to_ascii_lowercase(),
                String::from_utf8_lossy(v.as_bytes()).into_owned(),
            )
        })
        .collect();
    // An SSE reply stays open for further events; the first message is all we need.
    let mut body = Vec::new();
    let mut resp = resp;
    let sse = headers
        .iter()
        .any(|(k, v)| k == "content-type" && v.starts_with("text/event-stream"));
    loop {
        match tokio::time::timeout(timeout, resp.chunk()).await {
            Ok(Ok(Some(c))) => {
                body.extend_from_slice(&c);
                if sse && sse_message(&String::from_utf8_lossy(&body)).is_some() {
                    break;
                }
            }
            Ok(Ok(None)) => break,
            Ok(Err(e)) => return Err(format!("reading the HTTP response failed: {e}")),
            Err(_) => break,
        }
    }
    Ok(HttpReply {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
    })
}

/// The first JSON-RPC message in an SSE body.
fn sse_message(body: &str) -> Option<Value> {
    body.lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .filter_map(|d| serde_json::from_str::<Value>(d.trim()).ok())
        .find(Value::is_object)
}

fn base_headers(token: Option<&str>, session: Option<&str>) -> Vec<(String, String)> {
    let mut h = vec![
        ("content-type".to_string(), "application/json".to_string()),
        ("accept".to_string(), ACCEPT.to_string()),
    ];
    if let Some(t) = token {
        h.push(("authorization".into(), format!("Bearer {t}")));
    }
    if let Some(s) = session {
        h.push(("mcp-session-id".into(), s.to_string()));
    }
    h
}

/// Opens a session with a raw `initialize` (and `notifications/initialized`).
async fn open_session(
    client: &reqwest::Client,
    url: &str,
    token: Option<&str>,
    timeout: Duration,
) -> Result<String, String> {
    let body = initialize().to_string().into_bytes();
    let r = request(
        client,
        url,
        "POST",
        &base_headers(token, None),
        Some(body),
        timeout,
    )
    .await?;
    let Some(id) = r.header("mcp-session-id") else {
        return Err(format!(
            "the raw `initialize` got HTTP {} without an mcp-session-id header: {}",
            r.status,
            clip(&r.body)
        ));
    };
    let id = id.to_string();
    let note = json!({"jsonrpc": "2.0", "method": "notifications/initialized"});
    request(
        client,
        url,
        "POST",
        &base_headers(token, Some(&id)),
        Some(note.to_string().into_bytes()),
        timeout,
    )
    .await?;
    Ok(id)
}

fn clip(s: &str) -> String {
    crate::reply::clip(s, 300)
}

async fn send(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let step: HttpStep = serde_json::from_value(json_arg(arg(a, 0)?)?)
        .map_err(|e| format!("internal: bad http step: {e}"))?;
    let cfg = w.config()?;
    let session = w.begin_action().await?;
    let Some(url) = session.endpoint().map(str::to_string) else {
        return Err("internal: an HTTP case ran over stdio".into());
    };
    let auth = cfg.has_auth();
    let t = tokens();
    let token: Option<String> = match step.token {
        HttpToken::Full => auth.then(|| t.full.clone()),
        _ if !auth => {
            return Err(
                "the server was started without `{auth_tokens}` in its command, so the \
                 harness has no tokens to check authorization with; add `--auth-tokens \
                 {auth_tokens}` (or your server's equivalent reading that file) or leave \
                 these cases out with --tags 'not @MCP-051'"
                    .into(),
            );
        }
        HttpToken::Read => Some(t.read.clone()),
        HttpToken::Bad => Some(format!("{}-wrong", t.full)),
        HttpToken::None => None,
    };
    let client = crate::run::http::client(None);
    let timeout = cfg.timeout;
    // A session is opened by the token the step sends, when that is a valid one: a server
    // may bind a session to the token that opened it (the reference does), and the case
    // is about the token's scope, not about borrowing another token's session.
    let full = match step.token {
        HttpToken::Read => token.clone(),
        _ => auth.then(|| t.full.clone()),
    };
    let session_id = match step.session {
        HttpSession::None => None,
        HttpSession::Unknown => Some(random_uuid_v4()),
        HttpSession::New => Some(open_session(&client, &url, full.as_deref(), timeout).await?),
        HttpSession::Ended => {
            let id = open_session(&client, &url, full.as_deref(), timeout).await?;
            let r = request(
                &client,
                &url,
                "DELETE",
                &base_headers(full.as_deref(), Some(&id)),
                None,
                timeout,
            )
            .await?;
            if !(200..300).contains(&r.status) {
                return Err(format!(
                    "DELETE of the session got HTTP {}, not a success: {}",
                    r.status,
                    clip(&r.body)
                ));
            }
            Some(id)
        }
    };
    let mut headers = base_headers(token.as_deref(), session_id.as_deref());
    for (k, v) in &step.headers {
        let k = k.to_ascii_lowercase();
        headers.retain(|(h, _)| *h != k);
        if !v.is_empty() {
            headers.push((k, v.clone()));
        }
    }
    let body = if let Some(m) = &step.message {
        Some(w.interpolate_json(m, &[])?.to_string().into_bytes())
    } else if let Some(r) = &step.raw_body {
        Some(r.clone().into_bytes())
    } else {
        step.body_bytes.map(padded_ping)
    };
    let method = step.method.clone().unwrap_or_else(|| "POST".into());
    let reply = request(&client, &url, &method, &headers, body, timeout).await?;
    w.last = Last::Http(reply);
    Ok(())
}

/// A well-formed `ping` padded to `n` bytes, so only its size can be refused.
fn padded_ping(n: u64) -> Vec<u8> {
    let head = br#"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_pad":""#;
    let tail = br#""}}"#;
    let n = usize::try_from(n).unwrap_or(usize::MAX);
    let pad = n.saturating_sub(head.len() + tail.len());
    let mut v = Vec::with_capacity(head.len() + pad + tail.len());
    v.extend_from_slice(head);
    v.resize(head.len() + pad, b'a');
    v.extend_from_slice(tail);
    v
}

fn random_uuid_v4() -> String {
    use sha2::Digest;
    let seed = format!("{:?}{}", std::time::SystemTime::now(), std::process::id());
    let mut b: [u8; 16] = sha2::Sha256::digest(seed.as_bytes())[..16]
        .try_into()
        .unwrap_or([7; 16]);
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

fn last(w: &HarnessWorld) -> Result<&HttpReply, String> {
    match &w.last {
        Last::Http(r) => Ok(r),
        _ => Err("internal: no HTTP response to check".into()),
    }
}

fn describe(r: &HttpReply) -> String {
    let headers: Vec<String> = r.headers.iter().map(|(k, v)| format!("{k}: {v}")).collect();
    format!(
        "HTTP {}\n  headers: {}\n  body: {}",
        r.status,
        headers.join("; "),
        clip(&r.body)
    )
}

async fn status(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want: u16 = arg(a, 0)?.parse().map_err(|_| "internal: bad status")?;
    let r = last(w)?;
    if r.status == want {
        Ok(())
    } else {
        Err(format!("expected HTTP {want}, got {}", describe(r)))
    }
}

pub fn is_uuid_v4(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 36
        && b.iter().enumerate().all(|(i, c)| match i {
            8 | 13 | 18 | 23 => *c == b'-',
            14 => *c == b'4',
            19 => matches!(c.to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b'),
            _ => c.is_ascii_hexdigit(),
        })
}

async fn session_uuid(w: &mut HarnessWorld, _: &[String]) -> Result<(), String> {
    let r = last(w)?;
    match r.header("mcp-session-id") {
        Some(id) if is_uuid_v4(id) => Ok(()),
        Some(id) => Err(format!(
            "the mcp-session-id {id:?} is not a UUID v4 (8-4-4-4-12 hex digits, version 4, \
             variant 8/9/a/b); {}",
            describe(r)
        )),
        None => Err(format!("no mcp-session-id header; {}", describe(r))),
    }
}

async fn www_authenticate(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = json_string(arg(a, 0)?)?;
    let r = last(w)?;
    match r.header("www-authenticate") {
        Some(v) if v.contains(&want) => Ok(()),
        Some(v) => Err(format!(
            "WWW-Authenticate {v:?} does not contain {want:?}; {}",
            describe(r)
        )),
        None => Err(format!("no WWW-Authenticate header; {}", describe(r))),
    }
}

async fn jsonrpc_result(w: &mut HarnessWorld, _: &[String]) -> Result<(), String> {
    let r = last(w)?;
    let msg = serde_json::from_str::<Value>(&r.body)
        .ok()
        .or_else(|| sse_message(&r.body));
    match msg {
        Some(m)
            if m.get("result")
                .is_some_and(|r| r.get("isError") != Some(&Value::Bool(true)))
                && m.get("error").is_none() =>
        {
            Ok(())
        }
        _ => Err(format!(
            "the body carries no JSON-RPC result; {}",
            describe(r)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uuids_and_padding() {
        assert!(is_uuid_v4(&random_uuid_v4()));
        assert!(is_uuid_v4("1b4e28ba-2fa1-41d2-883f-0016d3cca427"));
        assert!(!is_uuid_v4("1b4e28ba-2fa1-11d2-883f-0016d3cca427"));
        assert!(!is_uuid_v4("1b4e28ba-2fa1-41d2-c83f-0016d3cca427"));
        assert!(!is_uuid_v4("session-1"));
        let p = padded_ping(1000);
        assert_eq!(p.len(), 1000);
        assert!(serde_json::from_slice::<Value>(&p).is_ok());
    }
}
