//! Given steps: the harness builds each scenario's files itself, inside the root and in
//! the outside area, before the server starts.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use base64::Engine as _;

use super::{StepFn, arg, json_string, mode_arg, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::run::world::HarnessWorld;

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::FILE_WITH_TEXT, step!(file_text)),
        (form::FILE_WITH_BASE64, step!(file_base64)),
        (form::FILE_OF_COPIES, step!(file_repeat)),
        (form::FILE_GETS_MODE, step!(file_mode)),
        (form::VARIABLE_OF_COPIES, step!(variable_repeat)),
        (form::DIRECTORY, step!(directory)),
        (form::SYMLINK, step!(symlink)),
        (form::HARD_LINK, step!(hard_link)),
        (form::OUTSIDE_FILE_WITH_TEXT, step!(outside_text)),
        (form::OUTSIDE_FILE_WITH_BASE64, step!(outside_base64)),
        (form::OUTSIDE_DIRECTORY, step!(outside_dir)),
    ]
}

pub fn decode_base64(s: &str) -> Result<Vec<u8>, String> {
    base64::engine::general_purpose::STANDARD
        .decode(s)
        .map_err(|e| format!("internal: bad base64 in the feature: {e}"))
}

pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("fixture: cannot create {}: {e}", parent.display()))?;
    }
    std::fs::write(path, bytes)
        .map_err(|e| format!("fixture: cannot write {}: {e}", path.display()))
}

async fn file_text(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let text = json_string(arg(a, 1)?)?;
    write_file(&w.in_root(arg(a, 0)?), text.as_bytes())?;
    w.fixture_texts.push(text);
    Ok(())
}

async fn file_base64(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let bytes = decode_base64(arg(a, 1)?)?;
    write_file(&w.in_root(arg(a, 0)?), &bytes)
}

async fn file_repeat(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let times: usize = arg(a, 1)?
        .parse()
        .map_err(|_| "internal: bad count".to_string())?;
    let text = json_string(arg(a, 2)?)?;
    let path = w.in_root(arg(a, 0)?);
    // Written in chunks: a TOO_LARGE fixture is bigger than we want to hold twice.
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("fixture: {e}"))?;
    }
    let mut f = std::io::BufWriter::with_capacity(
        1 << 20,
        std::fs::File::create(&path)
            .map_err(|e| format!("fixture: cannot create {}: {e}", path.display()))?,
    );
    use std::io::Write as _;
    for _ in 0..times {
        f.write_all(text.as_bytes())
            .map_err(|e| format!("fixture: {e}"))?;
    }
    f.flush().map_err(|e| format!("fixture: {e}"))
}

/// A variable holding many copies of a text: a large argument (a 10 MB `content`) or the
/// text a large read must return, without a large feature file.
async fn variable_repeat(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let times: usize = arg(a, 1)?
        .parse()
        .map_err(|_| "internal: bad count".to_string())?;
    let text = json_string(arg(a, 2)?)?;
    w.vars.insert(arg(a, 0)?.to_string(), text.repeat(times));
    Ok(())
}

async fn file_mode(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let mode = mode_arg(arg(a, 1)?)?;
    let path = w.in_root(arg(a, 0)?);
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode))
        .map_err(|e| format!("fixture: cannot chmod {}: {e}", path.display()))
}

async fn directory(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = w.in_root(arg(a, 0)?);
    std::fs::create_dir_all(&path)
        .map_err(|e| format!("fixture: cannot create {}: {e}", path.display()))
}

async fn symlink(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let link = w.in_root(arg(a, 0)?);
    let target = w.interpolate(arg(a, 1)?, &[])?;
    if let Some(parent) = link.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("fixture: {e}"))?;
    }
    std::os::unix::fs::symlink(&target, &link).map_err(|e| {
        format!(
            "fixture: cannot create symlink {} -> {target}: {e}",
            link.display()
        )
    })
}

async fn hard_link(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let link = w.in_root(arg(a, 0)?);
    let target = w.interpolate(arg(a, 1)?, &[])?;
    if let Some(parent) = link.parent() {
        std::fs::create_dir_all(parent).map_err(|e| format!("fixture: {e}"))?;
    }
    std::fs::hard_link(&target, &link).map_err(|e| {
        format!(
            "fixture: cannot create hard link {} to {target}: {e}",
            link.display()
        )
    })
}

async fn outside_text(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let text = json_string(arg(a, 1)?)?;
    write_file(&w.in_outside(arg(a, 0)?), text.as_bytes())?;
    bait_seen(w, arg(a, 0)?, text);
    Ok(())
}

async fn outside_base64(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let bytes = decode_base64(arg(a, 1)?)?;
    write_file(&w.in_outside(arg(a, 0)?), &bytes)?;
    bait_seen(w, arg(a, 0)?, String::from_utf8_lossy(&bytes).into_owned());
    Ok(())
}

/// Remember an outside file's text and name: a reply that shows either is evidence of a
/// read outside (`steps::results::with_escape_evidence`).
fn bait_seen(w: &mut HarnessWorld, path: &str, text: String) {
    w.outside_texts.push(text);
    if let Some(name) = Path::new(path).file_name() {
        w.outside_texts.push(name.to_string_lossy().into_owned());
    }
}

async fn outside_dir(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = w.in_outside(arg(a, 0)?);
    std::fs::create_dir_all(&path)
        .map_err(|e| format!("fixture: cannot create {}: {e}", path.display()))
}
