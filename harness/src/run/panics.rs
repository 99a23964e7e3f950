//! Step failures travel as panics (cucumber's only channel); keep them off the terminal.
//!
//! The default panic hook would print "thread panicked at ..." for every failing step. The
//! hook installed here stays silent for the panics `fail_step` raises on purpose and
//! delegates every other panic (a real bug) to the previous hook.

use std::cell::Cell;
use std::sync::Once;

thread_local! {
    static EXPECTED: Cell<bool> = const { Cell::new(false) };
}

static INSTALL: Once = Once::new();

pub fn install_quiet_hook() {
    INSTALL.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if EXPECTED.with(|e| e.replace(false)) {
                return;
            }
            previous(info);
        }));
    });
}

/// The payload of a step that tested nothing (`not_tested`): the case is then neither
/// passed nor failed but skipped, with this reason.
#[derive(Debug, Clone)]
pub struct NotTested(pub String);

/// What a step returns, as its error, to say that the case tested nothing: `why` follows
/// this prefix. The `step!` wrapper turns it into a `NotTested` payload.
pub const NOT_TESTED: &str = "\u{1}not tested: ";

/// `why` as a step's error that makes its case not tested.
pub fn not_tested(why: impl std::fmt::Display) -> String {
    format!("{NOT_TESTED}{why}")
}

/// The reason of a step error made by `not_tested`, with any context a caller put before
/// it (such as the tool's name) kept in front.
pub fn not_tested_reason(error: &str) -> Option<String> {
    let at = error.find(NOT_TESTED)?;
    Some(format!(
        "{}{}",
        &error[..at],
        &error[at + NOT_TESTED.len()..]
    ))
}

/// End the current step as not tested, for the reason `why`.
pub fn skip_step(why: String) -> ! {
    EXPECTED.with(|e| e.set(true));
    std::panic::panic_any(NotTested(why))
}

/// Fail the current step with `text` (a `String` payload, which cucumber's writers show).
pub fn fail_step(text: String) -> ! {
    EXPECTED.with(|e| e.set(true));
    std::panic::panic_any(text)
}
