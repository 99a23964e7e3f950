//! tools/list: the six tools, their input schemas (required/properties), outputSchema and
//! annotations, and that successful structuredContent has the outputSchema's fields.

use serde_json::{Value, json};

use crate::common::*;

/// (tool, required, all properties, success fields)
type ToolSpec = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
    &'static [&'static str],
);

pub const TOOLS: &[ToolSpec] = &[
    (
        "file.create",
        &["path", "content"],
        &["path", "content", "encoding"],
        &["hash"],
    ),
    ("file.remove", &["path", "hash"], &["path", "hash"], &[]),
    (
        "text.read",
        &["path"],
        &["path", "lines"],
        &["content", "hash", "total_lines"],
    ),
    (
        "text.replace",
        &["path", "hash", "lines", "old", "new"],
        &["path", "hash", "lines", "old", "new"],
        &["hash", "total_lines"],
    ),
    (
        "text.insert",
        &["path", "hash", "line", "anchor", "content"],
        &["path", "hash", "line", "anchor", "content"],
        &["hash", "total_lines"],
    ),
    (
        "text.append",
        &["path", "hash", "content"],
        &["path", "hash", "content"],
        &["hash", "total_lines"],
    ),
];

fn sorted(v: &Value) -> Vec<String> {
    let mut out: Vec<String> = match v {
        Value::Array(a) => a.iter().map(|x| x.as_str().unwrap().to_string()).collect(),
        Value::Object(o) => o.keys().cloned().collect(),
        _ => Vec::new(),
    };
    out.sort();
    out
}

fn strs(a: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = a.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn check_tools(tools: &Value, rename: impl Fn(&str) -> String) {
    let tools = tools.as_array().unwrap();
    assert_eq!(tools.len(), TOOLS.len(), "exactly six tools: {tools:?}");
    for (name, required, props, out) in TOOLS {
        let name = rename(name);
        let t = tools
            .iter()
            .find(|t| t["name"] == name.as_str())
            .unwrap_or_else(|| panic!("tool {name} missing"));
        let input = &t["inputSchema"];
        assert_eq!(input["type"], "object", "{name}");
        assert_eq!(
            sorted(&input["required"]),
            strs(required),
            "{name} required"
        );
        assert_eq!(
            sorted(&input["properties"]),
            strs(props),
            "{name} properties"
        );
        assert!(
            t["description"].as_str().is_some_and(|d| d.len() > 20),
            "{name} needs a real description"
        );
        let output = &t["outputSchema"];
        assert_eq!(output["type"], "object", "{name} outputSchema: {t}");
        for field in *out {
            assert!(
                output["properties"].get(*field).is_some(),
                "{name} outputSchema lacks {field}: {output}"
            );
        }
        let ann = &t["annotations"];
        let read_only = ann["readOnlyHint"] == json!(true);
        assert_eq!(
            read_only,
            name.ends_with("read"),
            "{name} readOnlyHint: {ann}"
        );
        if name.ends_with("remove") {
            assert_ne!(
                ann["destructiveHint"],
                json!(false),
                "{name} is destructive: {ann}"
            );
        }
    }
    let lines = &tools
        .iter()
        .find(|t| t["name"] == rename("text.read").as_str())
        .unwrap()["inputSchema"]["properties"]["lines"];
    assert!(
        lines.to_string().contains("array"),
        "lines is an array: {lines}"
    );
}

#[tokio::test]
async fn six_tools_with_schemas_and_annotations() {
    let f = Fixture::new();
    let c = f.connect().await;
    let r = c.list_tools(None).await.unwrap();
    let v = serde_json::to_value(&r).unwrap();
    check_tools(&v["tools"], |n| n.to_string());
    c.cancel().await.unwrap();
}
