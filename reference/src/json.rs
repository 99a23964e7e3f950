//! Fast JSON text for large results.
//!
//! A whole-file read carries the file as one JSON string (rootspace's text.read twice: in
//! structuredContent and in the text block, CLR-036), so string escaping dominates large
//! replies. This escaper checks 16 bytes at a time (SSE2 on x86_64, else 8 at a time in a
//! u64) for the only bytes JSON must escape (`"`, `\`, control characters) and copies clean
//! runs in bulk. Its output is byte-identical to serde_json's compact output.

use std::io::{self, Write};

use serde_json::Value;

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// A mask with the high bit set in each byte of `x` that is `"`, `\\` or below 0x20. The
/// lowest set bit always marks the first such byte (later bits may be false positives of
/// the borrow, which is why only the lowest one is used).
#[inline]
fn escape_mask(x: u64) -> u64 {
    let has_zero = |v: u64| v.wrapping_sub(LO) & !v & HI;
    let below_space = x.wrapping_sub(LO * 0x20) & !x & HI;
    below_space | has_zero(x ^ (LO * b'"' as u64)) | has_zero(x ^ (LO * b'\\' as u64))
}

/// The escape sequence for `c`, if it needs one.
#[inline]
fn escape_of(c: u8) -> Option<&'static [u8]> {
    const U: [&[u8]; 32] = [
        b"\\u0000", b"\\u0001", b"\\u0002", b"\\u0003", b"\\u0004", b"\\u0005", b"\\u0006",
        b"\\u0007", b"\\b", b"\\t", b"\\n", b"\\u000b", b"\\f", b"\\r", b"\\u000e", b"\\u000f",
        b"\\u0010", b"\\u0011", b"\\u0012", b"\\u0013", b"\\u0014", b"\\u0015", b"\\u0016",
        b"\\u0017", b"\\u0018", b"\\u0019", b"\\u001a", b"\\u001b", b"\\u001c", b"\\u001d",
        b"\\u001e", b"\\u001f",
    ];
    match c {
        b'"' => Some(b"\\\""),
        b'\\' => Some(b"\\\\"),
        c if c < 0x20 => Some(U[c as usize]),
        _ => None,
    }
}

/// Calls `emit` with the escaped form of `b`, piece by piece: runs of bytes that need no
/// escape, and escape sequences. Sixteen bytes are checked at a time with SSE2 (on x86_64,
/// where it is always present), then eight at a time, and a hit jumps straight to the
/// first byte that needs escaping.
#[inline]
fn scan<E>(b: &[u8], mut emit: impl FnMut(&[u8]) -> Result<(), E>) -> Result<(), E> {
    let mut start = 0;
    let mut i = 0;
    #[cfg(target_arch = "x86_64")]
    scan16(b, &mut start, &mut i, &mut emit)?;
    while i + 8 <= b.len() {
        let x = u64::from_le_bytes(b[i..i + 8].try_into().expect("8 bytes"));
        let m = escape_mask(x);
        if m == 0 {
            i += 8;
            continue;
        }
        let j = i + (m.trailing_zeros() / 8) as usize;
        if let Some(e) = escape_of(b[j]) {
            emit(&b[start..j])?;
            emit(e)?;
            start = j + 1;
        }
        i = j + 1;
    }
    while i < b.len() {
        if let Some(e) = escape_of(b[i]) {
            emit(&b[start..i])?;
            emit(e)?;
            start = i + 1;
        }
        i += 1;
    }
    emit(&b[start..])
}

/// The SSE2 part of `scan`: whole 16-byte blocks from `*i`, emitting what precedes each
/// byte to escape (from `*start`) and its escape; leaves `*i` at the first byte of the
/// tail and `*start` after the last escape. The comparisons are exact: every flagged
/// byte needs escaping.
#[cfg(target_arch = "x86_64")]
#[inline]
fn scan16<E>(
    b: &[u8],
    start: &mut usize,
    i: &mut usize,
    emit: &mut impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_max_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };
    // SAFETY: SSE2 is part of the x86_64 baseline; every load reads 16 bytes that lie
    // within `b` (i + 16 <= b.len()), unaligned loads being allowed.
    unsafe {
        let quote = _mm_set1_epi8(b'"' as i8);
        let backslash = _mm_set1_epi8(b'\\' as i8);
        let control = _mm_set1_epi8(0x1f);
        while *i + 16 <= b.len() {
            let x = _mm_loadu_si128(b.as_ptr().add(*i).cast::<__m128i>());
            // max(x, 0x1f) == 0x1f exactly when x <= 0x1f, compared unsigned.
            let hit = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(x, quote), _mm_cmpeq_epi8(x, backslash)),
                _mm_cmpeq_epi8(_mm_max_epu8(x, control), control),
            );
            let mut mask = _mm_movemask_epi8(hit) as u32;
            while mask != 0 {
                let j = *i + mask.trailing_zeros() as usize;
                if let Some(e) = escape_of(b[j]) {
                    emit(&b[*start..j])?;
                    emit(e)?;
                    *start = j + 1;
                }
                mask &= mask - 1;
            }
            *i += 16;
        }
    }
    Ok(())
}

/// Writes `s` as a JSON string literal (with quotes).
pub fn write_str<W: Write + ?Sized>(out: &mut W, s: &str) -> io::Result<()> {
    out.write_all(b"\"")?;
    scan(s.as_bytes(), |piece| out.write_all(piece))?;
    out.write_all(b"\"")
}

/// Length of `s` as a JSON string literal.
pub fn str_len(s: &str) -> usize {
    let mut n = 2;
    let _ = scan::<()>(s.as_bytes(), |piece| {
        n += piece.len();
        Ok(())
    });
    n
}

/// Writes `v` as compact JSON, exactly as `serde_json::to_writer` would.
pub fn write_value<W: Write + ?Sized>(out: &mut W, v: &Value) -> io::Result<()> {
    match v {
        Value::String(s) => write_str(out, s),
        Value::Array(items) => {
            out.write_all(b"[")?;
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write_value(out, item)?;
            }
            out.write_all(b"]")
        }
        Value::Object(map) => {
            out.write_all(b"{")?;
            for (i, (k, item)) in map.iter().enumerate() {
                if i > 0 {
                    out.write_all(b",")?;
                }
                write_str(out, k)?;
                out.write_all(b":")?;
                write_value(out, item)?;
            }
            out.write_all(b"}")
        }
        other => serde_json::to_writer(&mut *out, other).map_err(io::Error::from),
    }
}

/// Length of `v` as compact JSON.
pub fn value_len(v: &Value) -> usize {
    match v {
        Value::String(s) => str_len(s),
        Value::Array(items) => {
            2 + items.iter().map(value_len).sum::<usize>() + items.len().saturating_sub(1)
        }
        Value::Object(map) => {
            2 + map
                .iter()
                .map(|(k, item)| str_len(k) + 1 + value_len(item))
                .sum::<usize>()
                + map.len().saturating_sub(1)
        }
        other => other.to_string().len(),
    }
}

/// `v` as compact JSON text, allocated once at its exact size.
pub fn to_string(v: &Value) -> String {
    let mut out = Vec::with_capacity(value_len(v));
    // Writing to a Vec cannot fail.
    let _ = write_value(&mut out, v);
    // Only valid UTF-8 is written: input strings plus ASCII escapes.
    String::from_utf8(out).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    #[test]
    fn matches_serde_on_examples() {
        for s in [
            "",
            "a",
            "\"",
            "\\",
            "\n",
            "line\r\n\ttab\u{1}\u{1f}\u{7f}é😀",
            "12345678\"12345678\\",
        ] {
            assert_eq!(to_string(&json!(s)), serde_json::to_string(s).unwrap());
            assert_eq!(str_len(s), serde_json::to_string(s).unwrap().len());
        }
        // Long enough for the 16-byte blocks: escapes at block edges, several in one
        // block, every control byte and multi-byte characters across edges.
        let controls: String = (0u8..0x20).map(char::from).collect();
        for s in [
            "0123456789abcde\"0123456789abcde\\\n\u{1f}é😀\u{7f}".repeat(5),
            "\"\\\n".repeat(20),
            "x".repeat(33),
            controls.repeat(3),
            format!("{}é{}😀", "a".repeat(15), "b".repeat(14)),
        ] {
            assert_eq!(to_string(&json!(s)), serde_json::to_string(&s).unwrap());
            assert_eq!(str_len(&s), serde_json::to_string(&s).unwrap().len());
        }
        let v = json!({"content": "a\"b\n", "hash": "ff", "total_lines": 2, "x": [1, -2.5, null, true], "o": {}});
        assert_eq!(to_string(&v), v.to_string());
        assert_eq!(value_len(&v), v.to_string().len());
    }

    fn any_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::Bool),
            any::<i64>().prop_map(Value::from),
            any::<String>().prop_map(Value::String),
            "[a-z\"\\\\\n\r\t\u{0}-\u{1f} é]{0,80}".prop_map(Value::String),
        ];
        leaf.prop_recursive(3, 24, 4, |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
                proptest::collection::btree_map("[a-z\"\n]{0,4}", inner, 0..4)
                    .prop_map(|m| Value::Object(m.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn identical_to_serde_json(v in any_value()) {
            let ours = to_string(&v);
            prop_assert_eq!(&ours, &v.to_string());
            prop_assert_eq!(value_len(&v), ours.len());
        }

        #[test]
        fn strings_identical_to_serde_json(s in any::<String>()) {
            prop_assert_eq!(to_string(&Value::String(s.clone())), serde_json::to_string(&s).unwrap());
        }
    }
}
