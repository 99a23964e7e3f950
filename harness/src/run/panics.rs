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

/// Fail the current step with `text` (a `String` payload, which cucumber's writers show).
pub fn fail_step(text: String) -> ! {
    EXPECTED.with(|e| e.set(true));
    std::panic::panic_any(text)
}
