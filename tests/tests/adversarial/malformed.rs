//! The malformed-input corpus: every line that is a request (or claims to be one) gets an
//! answer, unusable ids get -32600 with id null, nothing crashes the server, and it still
//! serves afterwards. Both protocol eras; `ping` with `_meta` is answered in 2026-07-28.

use std::time::Duration;

use serde_json::{Value, json};

use crate::common::*;
use crate::raw::{MODERN, Raw};

/// (line, expected error code or None for "answered with a result", expected id).
fn corpus() -> Vec<(String, Option<i64>, Value)> {
    let mut c: Vec<(String, Option<i64>, Value)> = Vec::new();
    for id in [
        "1.5",
        "null",
        "true",
        "{}",
        "[]",
        "18446744073709551616",
        "1e100",
        "-0.5",
        "[1]",
        "{\"a\":1}",
    ] {
        c.push((
            format!(r#"{{"jsonrpc":"2.0","id":{id},"method":"tools/list"}}"#),
            Some(-32600),
            Value::Null,
        ));
    }
    c.push((
        r#"{"jsonrpc":"2.0","id":null}"#.into(),
        Some(-32600),
        Value::Null,
    ));
    c.push((
        r#"{"jsonrpc":"2.0","id":41}"#.into(),
        Some(-32600),
        json!(41),
    ));
    c.push((
        r#"{"jsonrpc":"2.0","id":"s","method":5}"#.into(),
        Some(-32600),
        json!("s"),
    ));
    c.push((r#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"name":"text.read","arguments":[]}}"#.into(), Some(-32602), json!(42)));
    c.push((
        r#"{"jsonrpc":"2.0","id":43,"method":"no/such"}"#.into(),
        Some(-32601),
        json!(43),
    ));
    c.push(("not json".into(), Some(-32700), Value::Null));
    c.push(("{\"jsonrpc\":\"2.0\",".into(), Some(-32700), Value::Null));
    c.push(("[]".into(), Some(-32600), Value::Null));
    c.push(("[1,2,3]".into(), Some(-32600), Value::Null));
    c.push(("42".into(), Some(-32600), Value::Null));
    c.push(("\"str\"".into(), Some(-32600), Value::Null));
    let long_path = "a/".repeat(2_000_000);
    c.push((json!({"jsonrpc":"2.0","id":44,"method":"tools/call","params":{"name":"text.read","arguments":{"path": long_path}}}).to_string(), None, json!(44)));
    let long_name = "x".repeat(3_000_000);
    c.push((json!({"jsonrpc":"2.0","id":45,"method":"tools/call","params":{"name": long_name,"arguments":{}}}).to_string(), Some(-32602), json!(45)));
    c.push((json!({"jsonrpc":"2.0","id":46,"method":"resources/read","params":{"uri": format!("list://{}", "b/".repeat(1_000_000))}}).to_string(), Some(-32602), json!(46)));
    c
}

fn run(era: &str) -> usize {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    if era == MODERN {
        raw.discover();
    } else {
        raw.initialize();
    }
    let mut checked = 0;
    for (mut line, code, id) in corpus() {
        // In 2026-07-28 every request carries `_meta`; add it wherever there is a method.
        if era == MODERN
            && let Ok(Value::Object(mut m)) = serde_json::from_str::<Value>(&line)
            && m.contains_key("method")
        {
            let params = m.entry("params").or_insert_with(|| json!({}));
            if let Some(p) = params.as_object_mut() {
                p.insert("_meta".into(), raw.meta());
            }
            line = Value::Object(m).to_string();
        }
        raw.send_line(line.as_bytes());
        let m = raw
            .next_message(Duration::from_secs(30))
            .unwrap_or_else(|| panic!("{era}: no answer to {:.120}", line));
        assert_eq!(
            m["id"], id,
            "{era}: id of the answer to {:.120}: {m:.300}",
            line
        );
        match code {
            Some(code) => assert_eq!(m["error"]["code"], code, "{era}: {:.120} -> {m:.300}", line),
            None => assert_eq!(
                m["result"]["isError"], true,
                "{era}: {:.120} -> {m:.300}",
                line
            ),
        }
        // Nothing huge is echoed back.
        assert!(
            m.to_string().len() < 4096,
            "{era}: a {} byte answer to {:.80}",
            m.to_string().len(),
            line
        );
        checked += 1;
    }
    // ping, with _meta in the modern era, is answered with an empty result.
    let r = raw.request("ping", json!({}));
    assert_eq!(r["result"], json!({}), "{era}: ping -> {r}");
    // Still serving.
    f.write("ok.txt", "fine\n");
    let r = raw.call("text.read", json!({"path": "ok.txt"}));
    assert_eq!(r["structuredContent"]["content"], "fine\n");
    assert!(
        raw.child.try_wait().unwrap().is_none(),
        "{era}: the server exited"
    );
    checked + 1
}

#[test]
fn every_malformed_request_is_answered_in_both_eras() {
    let legacy = run(crate::raw::LEGACY);
    let modern = run(MODERN);
    eprintln!(
        "malformed: {legacy} inputs (2025-11-25) and {modern} (2026-07-28) answered, 0 crashes, 0 silent drops"
    );
}
