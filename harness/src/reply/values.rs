//! Comparing values as a client would: hashes in either letter case, numbers by value,
//! lines with either terminator.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The SHA-256 of `bytes` as 64 lower-case hex digits.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let d = Sha256::digest(bytes);
    let mut s = String::with_capacity(64);
    for b in d {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// Whether two JSON values are equal, comparing 64-hex-digit strings case-insensitively.
pub fn json_eq(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::String(x), Value::String(y)) if is_hash(x) && is_hash(y) => {
            x.eq_ignore_ascii_case(y)
        }
        // 3 and 3.0 are the same number to a client.
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        _ => a == b,
    }
}

pub fn is_hash(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Split into lines, ignoring the terminators (`\n` or `\r\n`); a final terminator does
/// not start another line.
pub fn split_lines(s: &str) -> Vec<String> {
    if s.is_empty() {
        return Vec::new();
    }
    let body = s.strip_suffix('\n').unwrap_or(s);
    body.split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l).to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lines_ignore_terminators() {
        assert_eq!(split_lines(""), Vec::<String>::new());
        assert_eq!(split_lines("a\r\nb\n"), vec!["a", "b"]);
        assert_eq!(split_lines("a\nb"), vec!["a", "b"]);
        assert_eq!(split_lines("\n"), vec![""]);
        assert_eq!(split_lines("a\n\n"), vec!["a", ""]);
    }

    #[test]
    fn hashes_compare_case_insensitively() {
        let h = "A".repeat(64);
        assert!(json_eq(&json!(h), &json!(h.to_lowercase())));
        assert!(!json_eq(&json!("Ab"), &json!("ab")));
        assert!(json_eq(&json!(3), &json!(3.0)));
    }
}
