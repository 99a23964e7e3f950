//! Client roots: the Given step that makes the client offer the `roots` capability with
//! a list of directories (optionally repeated, a hostile client's very long answer), and
//! the When step that changes that list mid-case
//! (`notifications/roots/list_changed`, then waiting for the server's `roots/list`).

use super::{StepFn, arg, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::world::HarnessWorld;

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::OFFER_ROOTS, step!(offer)),
        (form::OFFER_ROOTS_REPEATED, step!(offer)),
        (form::CHANGE_ROOTS, step!(change)),
    ]
}

async fn offer(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    if w.session_mut().is_ok() {
        return Err("internal: roots must be offered before the server starts".into());
    }
    let roots = json_strings(arg(a, 0)?)?;
    let repeat = match a.get(1).map(String::as_str) {
        None | Some("") => 1,
        Some(n) => n
            .parse::<usize>()
            .map_err(|e| format!("internal: repeat count {n:?}: {e}"))?,
    };
    w.roots = Some(std::iter::repeat_n(roots, repeat).flatten().collect());
    Ok(())
}

async fn change(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let uris = w.root_uris(&json_strings(arg(a, 0)?)?)?;
    if w.roots.is_none() {
        return Err("internal: the case changes roots it never offered".into());
    }
    let note = w.covers_note();
    let session = w.begin_action().await?;
    session.set_roots(uris).await.map_err(|e| {
        format!("{e}; a server that takes its allowed directories from the client's roots asks for them again after that notification{note}")
    })
}
