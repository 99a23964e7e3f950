//! Where an interface file says a value sits in a tool's result: a JSON pointer (RFC 6901,
//! `/a/0/b`) in which the token `*` matches every key of an object and every element of an
//! array. Servers that key a result by the file's own path (mcp-text-editor answers
//! `{"/abs/path": {"result": "error"}}`) are read with `/*/result`, since the key is not
//! known before the call.

use serde_json::Value;

/// What is wrong with `pointer` as written in an interface file, if anything.
pub fn problem(pointer: &str) -> Option<String> {
    if is_pointer(pointer) {
        None
    } else {
        Some(format!(
            "`{pointer}` is no JSON pointer: write it from the result's top, each key after a \
             `/` (e.g. `/error/code`, or `/*/result` for a result keyed by the file's path)"
        ))
    }
}

/// Whether `pointer` is written as one (starts with `/`), as opposed to a plain field name.
pub fn is_pointer(text: &str) -> bool {
    text.starts_with('/')
}

/// Every value at `pointer` in `v`, in document order.
pub fn values_at<'a>(v: &'a Value, pointer: &str) -> Vec<&'a Value> {
    let mut at = vec![v];
    for token in pointer.split('/').skip(1) {
        let token = token.replace("~1", "/").replace("~0", "~");
        at = at.into_iter().flat_map(|v| step(v, &token)).collect();
    }
    at
}

/// The values one token leads to from `v`.
fn step<'a>(v: &'a Value, token: &str) -> Vec<&'a Value> {
    match (v, token) {
        (Value::Object(m), "*") => m.values().collect(),
        (Value::Array(a), "*") => a.iter().collect(),
        (Value::Object(m), t) => m.get(t).into_iter().collect(),
        (Value::Array(a), t) => t
            .parse::<usize>()
            .ok()
            .and_then(|i| a.get(i))
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_star_matches_any_key_and_indices_pick_elements() {
        let v = json!({"/r/a.txt": {"ranges": [{"content": "x\n"}], "result": "error"}});
        assert_eq!(values_at(&v, "/*/ranges/0/content"), [&json!("x\n")]);
        assert_eq!(values_at(&v, "/*/result"), [&json!("error")]);
        assert!(values_at(&v, "/*/ranges/1/content").is_empty());
        assert!(values_at(&v, "/result").is_empty());
        // `~1` is a `/` inside a key.
        assert_eq!(values_at(&v, "/~1r~1a.txt/result"), [&json!("error")]);
    }

    #[test]
    fn a_field_name_is_no_pointer() {
        assert!(problem("result").unwrap().contains("no JSON pointer"));
        assert!(problem("/*/result").is_none());
    }
}
