//! Fast JSON text for large results.
//!
//! A whole-file read carries the file as one JSON string (rootspace's text.read twice: in
//! structuredContent and in the text block, CLR-036), so string escaping dominates large
//! replies. This escaper checks 16 bytes at a time (SSE2 on x86_64, else 8 at a time in a
//! u64) for the only bytes JSON must escape (`"`, `\`, control characters); a string is
//! escaped into a buffer of its own, a 16-byte block stored whole and the output advanced
//! past its clean bytes, and handed to the writer in large writes. Its output is
//! byte-identical to serde_json's compact output.
//!
//! A crate of its own so that it is compiled optimized in every profile (the workspace's
//! Cargo.toml): at opt-level 0 each SSE2 intrinsic is a function call, and a debug run
//! against the reference took 12% more CPU. The functions that touch every byte are not
//! generic, so that they are compiled here and not in the caller.

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
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8};
    // SAFETY: SSE2 is part of the x86_64 baseline; every load reads 16 bytes that lie
    // within `b` (i + 16 <= b.len()), unaligned loads being allowed.
    unsafe {
        while *i + 16 <= b.len() {
            let x = _mm_loadu_si128(b.as_ptr().add(*i).cast::<__m128i>());
            let mut mask = _mm_movemask_epi8(needs_escape(x)) as u32;
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

/// Input escaped per step of `write_str`: its worst-case output (6 bytes per byte) bounds
/// the buffer's growth past `WRITE_AT`.
const PIECE: usize = 64 * 1024;

/// Escaped output is handed to the writer in writes of at least this size, which a 1 MiB
/// `BufWriter` passes straight through instead of copying into its buffer.
const WRITE_AT: usize = 1 << 20;

/// Writes `s` as a JSON string literal (with quotes): escaped into a buffer of its own
/// (`escape_into`), handed on in writes of about 1 MiB.
pub fn write_str<W: Write + ?Sized>(out: &mut W, s: &str) -> io::Result<()> {
    let mut buf = Vec::with_capacity((s.len() + 2).min(WRITE_AT + 6 * PIECE + 32));
    buf.push(b'"');
    for piece in s.as_bytes().chunks(PIECE) {
        escape_into(&mut buf, piece);
        if buf.len() >= WRITE_AT {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    buf.push(b'"');
    out.write_all(&buf)
}

/// Appends the escaped form of `b` to `out`. On x86_64, each 16-byte block is stored to
/// the output whole before it is checked, and the output then advances to the first byte
/// to escape, if any: one store per clean block instead of one copy per run (which for a
/// file of short lines was a call per line, most of a large reply's escaping time).
fn escape_into(out: &mut Vec<u8>, b: &[u8]) {
    // Every input byte becomes at most 6 output bytes, and a block store may reach 16
    // bytes past the output's end.
    out.reserve(6 * b.len() + 16);
    #[cfg(target_arch = "x86_64")]
    let done = escape16_into(out, b);
    #[cfg(not(target_arch = "x86_64"))]
    let done = 0;
    let _ = scan::<()>(&b[done..], |piece| {
        out.extend_from_slice(piece);
        Ok(())
    });
}

/// The SSE2 part of `escape_into`: whole 16-byte blocks; returns how many input bytes it
/// consumed. `out` must have room for 6 bytes per input byte plus 16.
#[cfg(target_arch = "x86_64")]
fn escape16_into(out: &mut Vec<u8>, b: &[u8]) -> usize {
    use std::arch::x86_64::{__m128i, _mm_loadu_si128, _mm_movemask_epi8, _mm_storeu_si128};
    debug_assert!(out.capacity() - out.len() >= 6 * b.len() + 16);
    let mut len = out.len();
    let mut i = 0;
    // SAFETY: SSE2 is part of the x86_64 baseline. Loads read 16 bytes within `b` (i + 16
    // <= b.len()). Output: each step consumes k + 1 >= 1 input bytes and advances `len`
    // by at most 6 per byte consumed (k clean bytes, one escape of at most 6), or consumes
    // 16 and advances 16; so `len` stays within 6 * i of the start, and a store at `len`
    // of at most 16 bytes (the block, or an escape) stays within the reserved room. Every
    // byte up to `len` has been written before `set_len`.
    unsafe {
        let dst = out.as_mut_ptr();
        while i + 16 <= b.len() {
            let x = _mm_loadu_si128(b.as_ptr().add(i).cast::<__m128i>());
            _mm_storeu_si128(dst.add(len).cast::<__m128i>(), x);
            let mask = _mm_movemask_epi8(needs_escape(x)) as u32;
            if mask == 0 {
                i += 16;
                len += 16;
                continue;
            }
            let k = mask.trailing_zeros() as usize;
            len += k;
            // Exact comparisons: the flagged byte has an escape, stored as 8 bytes.
            let (word, n) = ESCAPE8[b[i + k] as usize];
            std::ptr::write_unaligned(dst.add(len).cast::<u64>(), word);
            len += n as usize;
            i += k + 1;
        }
        out.set_len(len);
    }
    i
}

/// The escape of each byte below 0x60 (`"`, `\\`, controls; none for the others) as 8
/// little-endian bytes and its length, so that it is written with one store.
#[cfg(target_arch = "x86_64")]
static ESCAPE8: [(u64, u8); 256] = {
    let mut table = [(0u64, 0u8); 256];
    let mut c = 0;
    while c < 256 {
        let e: &[u8] = match c as u8 {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            0x08 => b"\\b",
            0x09 => b"\\t",
            0x0a => b"\\n",
            0x0c => b"\\f",
            0x0d => b"\\r",
            x if x < 0x20 => &[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[(x >> 4) as usize],
                HEX[(x & 15) as usize],
            ],
            _ => b"",
        };
        let mut word = 0u64;
        let mut j = 0;
        while j < e.len() {
            word |= (e[j] as u64) << (8 * j);
            j += 1;
        }
        table[c] = (word, e.len() as u8);
        c += 1;
    }
    table
};

#[cfg(target_arch = "x86_64")]
const HEX: &[u8; 16] = b"0123456789abcdef";

/// Bytes of `x` that JSON must escape: `"`, `\\` and the control characters below 0x20.
#[cfg(target_arch = "x86_64")]
#[inline]
fn needs_escape(x: std::arch::x86_64::__m128i) -> std::arch::x86_64::__m128i {
    use std::arch::x86_64::{_mm_cmpeq_epi8, _mm_max_epu8, _mm_or_si128, _mm_set1_epi8};
    // SAFETY: SSE2 is part of the x86_64 baseline.
    unsafe {
        let control = _mm_set1_epi8(0x1f);
        // max(x, 0x1f) == 0x1f exactly when x <= 0x1f, compared unsigned.
        _mm_or_si128(
            _mm_or_si128(
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'"' as i8)),
                _mm_cmpeq_epi8(x, _mm_set1_epi8(b'\\' as i8)),
            ),
            _mm_cmpeq_epi8(_mm_max_epu8(x, control), control),
        )
    }
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

    /// A writer that records each write's size, to see how `write_str` hands output on.
    #[derive(Default)]
    struct Writes {
        bytes: Vec<u8>,
        sizes: Vec<usize>,
    }
    impl Write for Writes {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            self.bytes.extend_from_slice(b);
            self.sizes.push(b.len());
            Ok(b.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// Strings longer than a piece and than a write: escapes across the piece and block
    /// edges, and a control-heavy text that grows sixfold, come out as serde's, in writes
    /// of at least `WRITE_AT` bytes but the last.
    #[test]
    fn long_strings_match_serde_across_pieces_and_writes() {
        let controls: String = (0u8..0x20).map(char::from).collect();
        for s in [
            format!("{:079}\n", 7).repeat(40_000),
            "é\"😀\\ab\tc".repeat(90_000),
            controls.repeat(30_000),
            "x".repeat(PIECE - 1) + "\"" + &"y".repeat(PIECE + 17),
        ] {
            let mut w = Writes::default();
            write_str(&mut w, &s).unwrap();
            assert!(
                w.bytes == serde_json::to_vec(&s).unwrap(),
                "differs for {:.40}",
                s
            );
            let (last, rest) = w.sizes.split_last().unwrap();
            assert!(rest.iter().all(|&n| n >= WRITE_AT), "{:?}", w.sizes);
            assert!(*last <= WRITE_AT + 6 * PIECE + 2, "{last}");
        }
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
