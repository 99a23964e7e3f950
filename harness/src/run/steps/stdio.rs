//! The Then step of the stdio case: nothing but JSON-RPC messages on the server's stdout.
//!
//! The transport drops other lines from the protocol stream and records them, so a banner
//! or a log line fails this one case and every other case still runs on the messages.

use super::{Kinds, StepFn, step};
use crate::run::world::HarnessWorld;

pub fn steps() -> Vec<(Kinds, &'static str, StepFn)> {
    vec![(
        Kinds::Then,
        r#"^the server wrote nothing but JSON-RPC messages to its stdout$"#,
        step!(only_messages),
    )]
}

async fn only_messages(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    match w.stdout_noise() {
        Some(reason) => Err(reason),
        None => Ok(()),
    }
}
