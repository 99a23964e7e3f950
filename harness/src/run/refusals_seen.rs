//! The texts of the refusals a run received, kept as a bounded set of distinct texts, so
//! that the coverage can name the untested tools they tell the agent to call
//! (`report::coverage::SideDoor::Invited`): "call `allow_directory` first" is a way around
//! the refusal that no case followed.

use std::collections::BTreeSet;
use std::sync::Mutex;

/// At most this many distinct texts, each cut to `KEPT_CHARS`: a run refuses the same few
/// ways thousands of times.
const KEPT_TEXTS: usize = 256;
const KEPT_CHARS: usize = 2_000;

static SEEN: Mutex<BTreeSet<String>> = Mutex::new(BTreeSet::new());

/// Keep a refusal's text.
pub fn note(text: &str) {
    let text: String = text.chars().take(KEPT_CHARS).collect();
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    if seen.len() < KEPT_TEXTS {
        seen.insert(text);
    }
}

/// The texts kept since the last call, which empties the set.
pub fn take() -> Vec<String> {
    let mut seen = SEEN.lock().unwrap_or_else(|e| e.into_inner());
    std::mem::take(&mut *seen).into_iter().collect()
}
