//! What an attacker does and what must never follow: special files in the root (a FIFO,
//! a socket, a device), calls that may be refused but must be answered, races against a swapper
//! (`crate::run::swapper`), and the check that no reply shows outside bait.

use std::time::{Duration, Instant};

use serde_json::Value;

use super::{StepFn, arg, json_arg, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::{
    Reply, argument_error, argument_error_of, clip, failure, is_tool_error, not_an_answer,
    reply_text,
};
use crate::run::controls::Shape;
use crate::run::panics::not_tested;
use crate::run::swapper::Swapper;
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::FIFO, step!(fifo)),
        (form::SOCKET, step!(socket)),
        (form::DEVICE, step!(device)),
        (form::SERVER_ANSWERS, step!(answers)),
        (form::RACE, step!(race)),
        (form::NEVER_SHOWS, step!(never_shows)),
    ]
}

/// Most calls one race makes, whatever its duration.
const MAX_RACE_CALLS: usize = 20_000;

/// The longest a race runs, short of its attempts or not: a server slow enough not to make
/// them in this time is reported with the attempts it made (the failure says how many).
pub const RACE_CEILING: Duration = Duration::from_secs(30);

async fn fifo(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    use std::os::unix::ffi::OsStrExt;
    let path = w.in_root(arg(a, 0)?);
    parent_dirs(&path)?;
    let c = std::ffi::CString::new(path.as_os_str().as_bytes())
        .map_err(|_| "fixture: a FIFO path with a NUL byte".to_string())?;
    // SAFETY: a valid NUL-terminated path.
    if unsafe { libc::mkfifo(c.as_ptr(), 0o644) } != 0 {
        return Err(format!(
            "fixture: cannot make the FIFO {}: {}",
            path.display(),
            std::io::Error::last_os_error()
        ));
    }
    Ok(())
}

/// A Unix socket nobody listens on any more: the file stays, connecting is refused.
async fn socket(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = w.in_root(arg(a, 0)?);
    parent_dirs(&path)?;
    std::os::unix::net::UnixListener::bind(&path)
        .map(drop)
        .map_err(|e| format!("fixture: cannot make the socket {}: {e}", path.display()))
}

/// A character device with /dev/zero's numbers: a read of it never reaches an end.
async fn device(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = w.in_root(arg(a, 0)?);
    parent_dirs(&path)?;
    crate::run::scratch::make_zero_device(&path).map_err(|e| format!("fixture: {e}"))
}

fn parent_dirs(path: &std::path::Path) -> Result<(), String> {
    match path.parent() {
        Some(p) => std::fs::create_dir_all(p).map_err(|e| format!("fixture: {e}")),
        None => Ok(()),
    }
}

/// A result, or an error that answers the request; not a timeout, a crash or "unknown
/// tool".
async fn answers(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let Last::Call { reply, tool, .. } = &w.last else {
        return Err("internal: the last step was not a call".into());
    };
    answered(reply).map_err(|e| format!("{tool}: {e}"))?;
    note_if_refused(w);
    Ok(())
}

/// A refusal that lets an attack case pass needs its positive control (`run::controls`).
fn note_if_refused(w: &mut HarnessWorld) {
    if let Last::Call { reply, .. } = &w.last
        && !matches!(reply, Reply::Ok(v) if !is_tool_error(v))
    {
        super::results::note_refusal_counted(w, false);
    }
}

fn answered(reply: &Reply) -> Result<(), String> {
    match reply {
        Reply::Ok(v) if !is_tool_error(v) => Ok(()),
        Reply::Broken(r) => Err(format!("the server gave no answer: {r}")),
        _ => {
            let seen = failure(reply, false, true)?;
            match (not_an_answer(&seen), argument_error(&seen)) {
                (Some(why), _) => Err(why),
                (None, Some(why)) => Err(not_tested(why)),
                (None, None) => Ok(()),
            }
        }
    }
}

/// A reply that shows nothing because the SDK rejected the call's arguments tested nothing;
/// a race tested nothing when every call of it was so rejected.
fn tested_something(replies: &[&Reply]) -> Result<(), String> {
    let rejected: Vec<String> = replies
        .iter()
        .filter_map(|r| argument_error_of(r))
        .collect();
    match rejected.first() {
        Some(why) if rejected.len() == replies.len() => Err(not_tested(if replies.len() == 1 {
            why.clone()
        } else {
            format!("all {} calls: {why}", replies.len())
        })),
        _ => Ok(()),
    }
}

async fn race(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let Value::Array(calls) = json_arg(arg(a, 0)?)? else {
        return Err("internal: the race's calls are not a JSON array".into());
    };
    let attempts: usize = arg(a, 1)?
        .parse()
        .map_err(|_| "internal: bad race attempts".to_string())?;
    let seconds: f64 = arg(a, 2)?
        .parse()
        .map_err(|_| "internal: bad race duration".to_string())?;
    let entry = w.in_root(arg(a, 3)?);
    let target = std::path::PathBuf::from(w.interpolate(arg(a, 4)?, &[])?);
    // The server starts (and the outside area is recorded) before the attacker does.
    w.begin_action().await?;
    let swapper = Swapper::start(&w.root, &entry, &target)?;
    let started = Instant::now();
    let deadline = started + Duration::from_secs_f64(seconds);
    let ceiling = started + RACE_CEILING.max(Duration::from_secs_f64(seconds));
    // For at least `seconds` and at least `attempts` calls, but never past the ceiling.
    let going = |made: usize| {
        let now = Instant::now();
        made < MAX_RACE_CALLS && now < ceiling && (now < deadline || made < attempts)
    };
    let mut replies = Vec::new();
    let mut outside_changed = None;
    let mut shapes = Vec::new();
    let profile = w.profile();
    while going(replies.len()) {
        let i = replies.len();
        let (tool, args, reply) = race_call(w, &calls[i % calls.len()], i).await?;
        let broken = matches!(reply, Reply::Broken(_));
        if let Some(tool) = tool {
            let shape = Shape::of(&profile, &tool, &args);
            let ok = crate::reply::result::profile_success(&reply, &profile).is_ok();
            match shapes.iter_mut().find(|(_, s, _)| *s == shape) {
                Some(seen) => seen.2 |= ok,
                None => shapes.push((tool, shape, ok)),
            }
        }
        replies.push(reply);
        outside_changed =
            outside_change(w).map(|d| format!("after call {} of the race: {d}", i + 1));
        if broken || outside_changed.is_some() {
            break;
        }
    }
    let end = swapper.finish();
    super::results::note_race_calls(w, shapes);
    if let Some(Reply::Broken(r)) = replies.last() {
        return Err(format!(
            "call {} of the race got no answer ({r}); the swapper had made {} exchanges",
            replies.len(),
            end.swaps
        ));
    }
    if end.swaps == 0 {
        return Err(format!(
            "the swapper made no exchange of {} with the link to {}: {}",
            entry.display(),
            target.display(),
            end.error.as_deref().unwrap_or("no reason given")
        ));
    }
    w.last = Last::Race {
        replies,
        swaps: end.swaps,
        atomic: end.atomic,
        outside_changed,
    };
    Ok(())
}

/// How the outside area differs from its state before the race, checked after every call:
/// an escape that a later call of the race undoes (a move pulled an outside file in and the
/// next one put it back, GHSA-7m4x-rv66-mxhh) leaves no trace at the end. The swapper only
/// touches the root and its link beside it, never the outside area. A walk that fails (a
/// file vanishing under it) is left to the next call's check and to the one after the race.
pub(super) fn outside_change(w: &HarnessWorld) -> Option<String> {
    let before = w.snapshot()?;
    let diffs = w.outside_snapshot().ok()?.differences(before);
    (!diffs.is_empty()).then(|| diffs.join("; "))
}

/// One call of a race: a tool call or a resource read, with `${i}` its index; the tool
/// (in the profile's spelling) and arguments of a tool call, for the controls.
async fn race_call(
    w: &mut HarnessWorld,
    call: &Value,
    i: usize,
) -> Result<(Option<String>, Value, Reply), String> {
    let call = w.interpolate_json(call, &[("i", i.to_string())])?;
    if let Some(uri) = call.get("read_resource").and_then(Value::as_str) {
        let reply = w.session_mut()?.read_resource(uri).await;
        return Ok((None, Value::Null, reply));
    }
    let mut tool = call
        .get("call")
        .and_then(Value::as_str)
        .ok_or("internal: a race call without `call` or `read_resource`")?
        .to_string();
    if let Some(alt) = call.get("or").and_then(Value::as_str) {
        tool = super::calls::choose_tool(w, tool, alt).await?;
    }
    let name = w.tool_name(&tool);
    let args = call
        .get("args")
        .cloned()
        .unwrap_or(Value::Object(Default::default()));
    let reply = w.session_mut()?.call_tool(&name, args.clone()).await;
    Ok((Some(tool), args, reply))
}

async fn never_shows(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let baits = json_strings(arg(a, 0)?)?;
    let (replies, what): (Vec<&Reply>, String) = match &w.last {
        Last::Call { reply, tool, .. } => (vec![reply], format!("the {tool} call")),
        Last::Resource { reply, uri } => (vec![reply], format!("the read of {uri}")),
        Last::Race {
            replies,
            swaps,
            atomic,
            ..
        } => (
            replies.iter().collect(),
            format!(
                "{} calls while the entry was exchanged {swaps} times ({})",
                replies.len(),
                if *atomic {
                    "renameat2 RENAME_EXCHANGE"
                } else {
                    "pairs of renames"
                }
            ),
        ),
        _ => return Err("internal: the last step was neither a call, a read nor a race".into()),
    };
    for (n, reply) in replies.iter().enumerate() {
        let text = reply_text(reply).to_lowercase();
        if let Some(bait) = baits.iter().find(|b| text.contains(&b.to_lowercase())) {
            return Err(format!(
                "reply {} of {what} shows {bait:?}, which only a file outside the root holds: \
                 the server read outside its root; reply: {}",
                n + 1,
                clip(&reply_text(reply), 400)
            ));
        }
    }
    // A bait shown fails the case whatever else the replies were.
    tested_something(&replies)?;
    note_if_refused(w);
    Ok(())
}
