//! The Then step of the stdio case: nothing but JSON-RPC messages on the server's stdout.
//!
//! The transport drops other lines from the protocol stream and records them, so a banner
//! or a log line fails this one case and every other case still runs on the messages.

use super::{StepFn, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::world::HarnessWorld;

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![(form::ONLY_MESSAGES, step!(only_messages))]
}

async fn only_messages(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    match w.stdout_noise() {
        Some(reason) => Err(reason),
        None => Ok(()),
    }
}
