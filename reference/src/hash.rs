//! Content hashes (MCP-031, CLR-012): SHA-256 of the bytes on disk as 64 lowercase
//! hex digits; client-supplied hashes are validated and compared case-insensitively.

use sha2::{Digest, Sha256};

use crate::errors::{Code, ToolError, ToolResult};

/// Lowercase hex of a 32-byte digest.
pub fn to_hex(digest: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut s = String::with_capacity(digest.len() * 2);
    for b in digest {
        s.push(HEX[(b >> 4) as usize] as char);
        s.push(HEX[(b & 15) as usize] as char);
    }
    s
}

/// SHA-256 of `bytes` as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    to_hex(&Sha256::digest(bytes))
}

/// Incremental hasher, so a file can be hashed while it is read.
#[derive(Default)]
pub struct Hasher(Sha256);

impl Hasher {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }
    pub fn finish_hex(self) -> String {
        to_hex(&self.0.finalize())
    }
}

/// Validates a client hash: exactly 64 hex digits, any case. Returns it in lowercase.
pub fn parse_hash(input: &str) -> ToolResult<String> {
    if input.len() == 64 && input.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(input.to_ascii_lowercase())
    } else {
        Err(ToolError::new(
            Code::InvalidArgument,
            format!(
                "Invalid argument `hash`: {} is not a SHA-256 hash. Expected the 64 hex digits \
                 returned as `hash` by text.read, file.create or a previous edit; call \
                 text.read to get the current one.",
                crate::edit::quote(input.as_bytes())
            ),
        )
        .with("field", "hash"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_vectors() {
        assert_eq!(
            sha256_hex(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            sha256_hex(b"abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn parse_accepts_any_case_and_rejects_others() {
        let h = sha256_hex(b"x");
        assert_eq!(parse_hash(&h.to_uppercase()).unwrap(), h);
        assert_eq!(parse_hash("abc").unwrap_err().code, Code::InvalidArgument);
        assert_eq!(
            parse_hash(&"g".repeat(64)).unwrap_err().code,
            Code::InvalidArgument
        );
        assert_eq!(parse_hash("").unwrap_err().code, Code::InvalidArgument);
    }

    proptest! {
        #[test]
        fn incremental_equals_one_shot(data in proptest::collection::vec(any::<u8>(), 0..300),
                                       cut in 0usize..300) {
            let cut = cut.min(data.len());
            let mut h = Hasher::default();
            h.update(&data[..cut]);
            h.update(&data[cut..]);
            let hex = h.finish_hex();
            prop_assert_eq!(&hex, &sha256_hex(&data));
            prop_assert_eq!(hex.len(), 64);
            prop_assert!(hex.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
        }
    }
}
