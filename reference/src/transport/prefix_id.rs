//! The id of a request line that is never parsed whole (an over-long line, discarded
//! while it is read): JSON-RPC 2.0 answers with the request's id when it can be detected
//! and with `"id": null` otherwise, and a client's id usually sits in the line's first
//! bytes. A bounded scan of the line's start finds a top-level `"id"` member whose value
//! is an integer or a string there; anything else (another type, beyond the scanned
//! prefix, an escaped key) gives no id.

use rmcp::model::NumberOrString;

/// Bytes of a line's start that are scanned for its id.
pub(super) const SCAN: usize = 4096;

/// The top-level `"id"` of the JSON object starting `line`, if its first `SCAN` bytes
/// hold it whole and it is an integer (i64) or a string.
pub(super) fn request_id(line: &[u8]) -> Option<NumberOrString> {
    let bytes = &line[..line.len().min(SCAN)];
    let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
    if bytes[start] != b'{' {
        return None;
    }
    let mut depth = 0usize;
    // At depth 1, the next string is a member name (after `{` or `,`).
    let mut name_next = false;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let end = string_end(bytes, i)?;
                if depth == 1 && name_next && &bytes[i..=end] == b"\"id\"" {
                    return value_after_name(&bytes[end + 1..]);
                }
                name_next = false;
                i = end;
            }
            b'{' => {
                depth += 1;
                name_next = depth == 1;
            }
            b'[' => {
                depth += 1;
                name_next = false;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                name_next = false;
            }
            b',' => name_next = depth == 1,
            b if b.is_ascii_whitespace() => {}
            _ => name_next = false,
        }
        i += 1;
    }
    None
}

/// The index of the quote closing the string that opens at `open`.
fn string_end(bytes: &[u8], open: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// The value after a member name: `: 42` or `: "abc"` (whitespace allowed), complete
/// within `rest`.
fn value_after_name(rest: &[u8]) -> Option<NumberOrString> {
    let rest = trim_start(rest).strip_prefix(b":")?;
    let rest = trim_start(rest);
    match *rest.first()? {
        b'"' => {
            let end = string_end(rest, 0)?;
            let s: String = serde_json::from_slice(&rest[..=end]).ok()?;
            Some(NumberOrString::String(s.into()))
        }
        b'-' | b'0'..=b'9' => {
            let len = rest
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b'-'))?;
            // 1.5, 1e3 and a number cut by the scan's end are not integer ids.
            if !matches!(rest[len], b',' | b'}' | b' ' | b'\t' | b'\r' | b'\n') {
                return None;
            }
            let n: i64 = std::str::from_utf8(&rest[..len]).ok()?.parse().ok()?;
            Some(NumberOrString::Number(n))
        }
        _ => None,
    }
}

fn trim_start(b: &[u8]) -> &[u8] {
    let n = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    &b[n..]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(line: &str) -> Option<NumberOrString> {
        request_id(line.as_bytes())
    }

    #[test]
    fn integer_and_string_ids_at_the_top_level_are_found() {
        let num = id(r#"{"jsonrpc":"2.0","id":42,"method":"tools/call","params":{"a":"#);
        assert_eq!(num, Some(NumberOrString::Number(42)));
        let neg = id(r#" { "id" : -7 , "method":"x""#);
        assert_eq!(neg, Some(NumberOrString::Number(-7)));
        let s = id(r#"{"method":"x","id":"a\"b","params":{"#);
        assert_eq!(s, Some(NumberOrString::String("a\"b".into())));
    }

    #[test]
    fn unusable_or_unseen_ids_give_none() {
        // Nested "id" members are arguments, not the request's id.
        assert_eq!(id(r#"{"method":"x","params":{"id":3,"pad":"#), None);
        assert_eq!(id(r#"{"method":"x","params":["id",{"id":3}],"id"#), None);
        // An "id" inside a string value is not a member.
        assert_eq!(id(r#"{"method":"x","note":"\"id\":5","pad":"#), None);
        for bad in [
            r#"{"id":1.5,"method":"x"#,
            r#"{"id":1e3,"method":"x"#,
            r#"{"id":null,"method":"x"#,
            r#"{"id":true,"method":"x"#,
            r#"{"id":99999999999999999999,"method":"x"#,
            r#"{"id":12"#,
            r#"{"id":"unterminated"#,
            r#"[{"id":1}]"#,
        ] {
            assert_eq!(id(bad), None, "{bad}");
        }
        // Beyond the scanned prefix.
        let late = format!(r#"{{"pad":"{}","id":1,"#, "x".repeat(SCAN));
        assert_eq!(id(&late), None);
    }
}
