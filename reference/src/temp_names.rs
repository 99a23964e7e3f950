//! The names of the temp files atomic writes make (`.mcp-tmp-` and at least 17 hex
//! digits): made here, and recognised by the path rules (no client path may name one) and
//! the listings (which hide them). A module of its own so that `paths` need not import
//! `atomic`.

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

/// Prefix of temp files. Their exact form (`is_our_temp_name`) is reserved: listings hide
/// regular files of that form, and no client path may contain a segment of that form.
pub const TEMP_PREFIX: &str = ".mcp-tmp-";

/// A fresh, unguessable temp name (random per process start, plus a counter).
pub fn temp_name() -> String {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(n);
    h.write_u32(std::process::id());
    format!("{TEMP_PREFIX}{:016x}{n:x}", h.finish())
}

/// True for names `temp_name` makes: the prefix, then at least 17 lowercase hex digits.
/// Only such names are ever swept, so a user's own `.mcp-tmp-notes` is left alone.
pub fn is_our_temp_name(name: &str) -> bool {
    name.strip_prefix(TEMP_PREFIX).is_some_and(|rest| {
        rest.len() >= 17
            && rest
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temp_names_are_unique_and_ours() {
        let a = temp_name();
        assert_ne!(a, temp_name());
        assert!(a.starts_with(TEMP_PREFIX) && is_our_temp_name(&a));
        assert!(!is_our_temp_name(".mcp-tmp-notes"));
    }
}
