//! Raw JSON-RPC (no SDK) in both protocol eras: 2025-11-25 `initialize` and 2026-07-28
//! `server/discover` with per-request `_meta`; serverInfo, a tool call, and the era's
//! resource-not-found code for list:// of a missing directory.

use serde_json::json;

use crate::common::*;
use crate::raw::{LEGACY, MODERN, Raw};

#[test]
fn legacy_initialize_era() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    let r = raw.initialize();
    let res = &r["result"];
    assert_eq!(res["protocolVersion"], LEGACY, "{r}");
    assert_eq!(res["serverInfo"]["name"], "mcp-reference", "{r}");
    assert!(res["serverInfo"]["version"].is_string(), "{r}");
    assert!(
        res["capabilities"]["tools"].is_object() && res["capabilities"]["resources"].is_object(),
        "{r}"
    );

    let r = raw.call("file.create", json!({"path": "a.txt", "content": "hi"}));
    assert_eq!(r["structuredContent"]["hash"], f.sha("a.txt"));
    assert!(
        r.get("resultType").is_none(),
        "2025-11-25 results carry no resultType: {r}"
    );

    let r = raw.request("resources/read", json!({"uri": "list://missing"}));
    assert_eq!(r["error"]["code"], -32002, "{r}");
    let r = raw.request("resources/read", json!({"uri": "list://"}));
    assert_eq!(
        r["result"]["contents"][0]["mimeType"], "application/json",
        "{r}"
    );
}

#[test]
fn modern_discover_era() {
    let f = Fixture::new();
    let mut raw = Raw::spawn(&f.root, &[]);
    let r = raw.discover();
    let res = &r["result"];
    let versions = res["supportedVersions"]
        .as_array()
        .unwrap_or_else(|| panic!("{r}"));
    assert!(
        versions.contains(&json!(MODERN)) && versions.contains(&json!(LEGACY)),
        "both eras supported: {r}"
    );
    assert_eq!(
        res["_meta"]["io.modelcontextprotocol/serverInfo"]["name"], "mcp-reference",
        "{r}"
    );
    assert!(res["capabilities"]["tools"].is_object(), "{r}");

    let r = raw.request("tools/list", json!({}));
    assert_eq!(
        r["result"]["tools"].as_array().map(Vec::len),
        Some(6),
        "{r}"
    );
    let r = raw.call("file.create", json!({"path": "a.txt", "content": "hi"}));
    assert_eq!(r["structuredContent"]["hash"], f.sha("a.txt"), "{r}");
    assert_eq!(r["resultType"], "complete", "{r}");

    let r = raw.request("resources/read", json!({"uri": "list://missing"}));
    assert_eq!(
        r["error"]["code"], -32602,
        "rmcp upgrades resource-not-found for 2026-07-28: {r}"
    );
    let r = raw.request("resources/read", json!({"uri": "list://"}));
    let text = r["result"]["contents"][0]["text"]
        .as_str()
        .unwrap_or_else(|| panic!("{r}"));
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(text).unwrap()["entries"][0]["name"],
        "a.txt"
    );

    // A 2026-07-28 request without the required `_meta` is refused, and the server goes on.
    raw.era = LEGACY;
    let r = raw.request("tools/list", json!({}));
    assert!(
        r.get("error").is_some(),
        "request without _meta accepted in the modern era: {r}"
    );
    raw.era = MODERN;
    let r = raw.request("tools/list", json!({}));
    assert!(r.get("result").is_some(), "{r}");
}

/// No profile declares the prompts capability, so prompts/list is not a method of any of
/// them (-32601), in both eras; the official conformance suite's
/// sep-2575-server-declares-prompts-in-discover caught rmcp's default empty list.
#[test]
fn prompts_are_not_served_without_the_capability() {
    for profile in mcp_reference::profiles::PROFILES.iter().map(|p| p.name) {
        for modern in [false, true] {
            let f = Fixture::new();
            let mut raw = Raw::spawn(&f.root, &["--profile", profile]);
            let start = if modern {
                raw.discover()
            } else {
                raw.initialize()
            };
            let caps = &start["result"]["capabilities"];
            assert!(caps.get("prompts").is_none(), "{profile}: {start}");
            let r = raw.request("prompts/list", json!({}));
            assert_eq!(
                r["error"]["code"], -32601,
                "{profile}, modern {modern}: {r}"
            );
            let r = raw.request("prompts/get", json!({"name": "x"}));
            assert_eq!(
                r["error"]["code"], -32601,
                "{profile}, modern {modern}: {r}"
            );
        }
    }
}
