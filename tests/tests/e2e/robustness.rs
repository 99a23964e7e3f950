//! Hostile input on the wire: malformed JSON-RPC lines, a many-MB argument and an oversized
//! line. The server must keep answering, and stdout must stay pure JSON-RPC.

use std::time::Duration;

use serde_json::json;

use crate::common::*;
use crate::raw::Raw;

#[test]
fn malformed_lines_do_not_kill_the_server() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    raw.send_line(b"{this is not json");
    raw.send_line(b"\xff\xfe garbage \x00");
    raw.send_line(br#"{"jsonrpc":"2.0","id":77,"method":"tools/call","params":"nope"}"#);
    raw.send_line(br#"{"jsonrpc":"2.0","id":78,"method":"no/such/method","params":{}}"#);
    raw.send_line(br#"[1,2,3]"#);
    let r = raw.call(
        "file.create",
        json!({"path": "still.txt", "content": "alive"}),
    );
    assert_eq!(r["structuredContent"]["hash"], f.sha("still.txt"), "{r}");
    let r = raw.response(78, Duration::from_secs(5));
    assert_eq!(r["error"]["code"], -32601, "{r}");
    let r = raw.response(77, Duration::from_secs(5));
    assert!(
        r["error"]["code"].is_i64(),
        "params that are not an object: {r}"
    );
    // Whatever was said about the unparsable lines must be JSON-RPC errors, never results.
    for m in raw.take_stash() {
        assert!(m.get("error").is_some(), "unexpected message: {m}");
    }
}

#[test]
fn many_megabyte_argument_then_oversized_line() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    raw.initialize();
    // ~12 MB of content in one argument: within the transport's line limit, so it is served.
    let big: String = "0123456789abcdef\n".repeat(12 << 20 >> 4);
    let r = raw.call("file.create", json!({"path": "big.txt", "content": big}));
    assert_eq!(
        r["structuredContent"]["hash"],
        sha_hex(big.as_bytes()),
        "{:.300}",
        r.to_string()
    );
    let r = raw.call("text.read", json!({"path": "big.txt", "lines": [-1, 0]}));
    assert_eq!(r["structuredContent"]["content"], "0123456789abcdef\n");

    // A 40 MB line exceeds any sane line limit; whatever happens to it, the server survives.
    let huge = format!(
        r#"{{"jsonrpc":"2.0","id":999,"method":"tools/call","params":{{"name":"file.create","arguments":{{"path":"huge.txt","content":"{}"}}}}}}"#,
        "x".repeat(40 << 20)
    );
    raw.send_line(huge.as_bytes());
    drop(huge);
    let r = raw.call("text.read", json!({"path": "big.txt", "lines": [1, 2]}));
    assert_eq!(
        r["structuredContent"]["content"], "0123456789abcdef\n",
        "server must still answer"
    );
}
