//! Then steps on the disk after the last action, and the outside-area guard.

use std::os::unix::fs::PermissionsExt;

use super::fixtures::decode_base64;
use super::{StepFn, arg, json_string, mode_arg, show_mismatch, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::disk::Snapshot;
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::FILE_HAS_TEXT, step!(has_text)),
        (form::FILE_HAS_BASE64, step!(has_base64)),
        (form::FILE_HAS_MODE, step!(has_mode)),
        (form::PATH_ABSENT, step!(absent)),
        (
            form::IF_SUCCEEDED_FILE_HAS_TEXT,
            step!(if_succeeded_has_text),
        ),
        (form::IF_FAILED_PATH_ABSENT, step!(if_failed_absent)),
        (form::DIRECTORY_EXISTS, step!(dir_exists)),
        (form::ROOT_HOLDS_ONLY, step!(root_holds_only)),
        (form::OUTSIDE_UNCHANGED, step!(outside_unchanged)),
    ]
}

fn read(w: &HarnessWorld, path: &str) -> Result<Vec<u8>, String> {
    std::fs::read(w.in_root(path)).map_err(|e| format!("cannot read {path} on disk: {e}"))
}

fn compare(path: &str, want: &[u8], got: &[u8]) -> Result<(), String> {
    if want == got {
        Ok(())
    } else {
        Err(format!("{path} on disk: {}", show_mismatch(want, got)))
    }
}

async fn has_text(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    text_on_disk(w, a)
}

async fn has_base64(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    compare(path, &decode_base64(arg(a, 1)?)?, &read(w, path)?)
}

async fn has_mode(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    let want = mode_arg(arg(a, 1)?)?;
    let md = std::fs::metadata(w.in_root(path)).map_err(|e| format!("cannot stat {path}: {e}"))?;
    let got = md.permissions().mode() & 0o7777;
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "{path}: expected mode {want:o}, got {got:o} (permission bits must survive a write)"
        ))
    }
}

async fn absent(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    nothing_at(w, a)
}

/// A check that holds only after the outcome `succeeded` (true: a success; false: a
/// refusal), which the case leaves open; the other outcome passes it. Its failure says which
/// outcome the disk contradicts.
async fn when_outcome(
    w: &mut HarnessWorld,
    a: &[String],
    succeeded: bool,
    check: fn(&HarnessWorld, &[String]) -> Result<(), String>,
) -> Result<(), String> {
    if super::results::last_call_succeeded(w) != succeeded {
        return Ok(());
    }
    if !succeeded {
        super::results::note_refusal_counted(w, false);
    }
    check(w, a).map_err(|e| {
        if succeeded {
            format!(
                "the call succeeded, but the disk does not show what it did: {e} (a success \
                 that did not do its work loses the caller's data)"
            )
        } else {
            format!("the call was refused, but it changed the disk: {e}")
        }
    })
}

fn text_on_disk(w: &HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    let want = w.interpolate(&json_string(arg(a, 1)?)?, &[])?;
    compare(path, want.as_bytes(), &read(w, path)?)
}

fn nothing_at(w: &HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    match std::fs::symlink_metadata(w.in_root(path)) {
        Err(_) => Ok(()),
        Ok(md) => Err(format!(
            "{path} should not exist, but there is a {}",
            if md.is_dir() { "directory" } else { "file" }
        )),
    }
}

async fn if_succeeded_has_text(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    when_outcome(w, a, true, text_on_disk).await
}

async fn if_failed_absent(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    when_outcome(w, a, false, nothing_at).await
}

async fn dir_exists(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    match std::fs::symlink_metadata(w.in_root(path)) {
        Ok(md) if md.is_dir() => Ok(()),
        Ok(_) => Err(format!("{path} should be a directory, but it is not")),
        Err(e) => Err(format!("{path} should be a directory: {e}")),
    }
}

/// Every entry of the root, at any depth, is one of these; and each of these exists.
async fn root_holds_only(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want: std::collections::BTreeSet<String> =
        super::json_strings(arg(a, 0)?)?.into_iter().collect();
    let found = Snapshot::take(&w.root)?;
    let have: std::collections::BTreeSet<String> = found.0.keys().cloned().collect();
    let extra: Vec<&String> = have.difference(&want).collect();
    let missing: Vec<&String> = want.difference(&have).collect();
    if extra.is_empty() && missing.is_empty() {
        return Ok(());
    }
    Err(format!(
        "the root should hold only {want:?}; {}{}",
        if extra.is_empty() {
            String::new()
        } else {
            format!("it also holds {extra:?} (left by the server?) ")
        },
        if missing.is_empty() {
            String::new()
        } else {
            format!("it lacks {missing:?}")
        }
    ))
}

async fn outside_unchanged(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    if let Last::Race {
        outside_changed: Some(change),
        ..
    } = &w.last
    {
        return Err(format!(
            "the server changed the area outside its root {change}"
        ));
    }
    let Some(before) = w.snapshot() else {
        return Ok(());
    };
    let after = w.outside_snapshot()?;
    let diffs = after.differences(before);
    if diffs.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the server changed the area outside its root: {}",
            diffs.join("; ")
        ))
    }
}
