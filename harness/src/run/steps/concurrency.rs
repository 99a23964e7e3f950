//! Concurrent calls: N requests with the same base hash in flight at once; exactly one
//! may win (per-path serialization), the rest must see a stale hash.

use serde_json::Value;

use super::{StepFn, arg, json_arg, json_string, show_bytes, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::kind::check_kind;
use crate::reply::{Reply, argument_error_of, failure, is_tool_error};
use crate::run::disk_watch::{DiskWatch, Seen};
use crate::run::panics::not_tested;
use crate::run::world::{HarnessWorld, Last, ReadsDuring};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::CONCURRENT, step!(concurrent)),
        (form::CONCURRENT_PROCESSES, step!(concurrent_processes)),
        (form::CONCURRENT_OUTCOME, step!(exactly_n)),
        (form::FILE_HAS_WINNERS_TEXT, step!(winner_text)),
        (form::READ_DURING, step!(read_during)),
        (form::READ_DURING_WITH_READER, step!(read_during)),
        (form::READS_OLD_OR_NEW, step!(reads_old_or_new)),
    ]
}

async fn concurrent(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let n: usize = arg(a, 0)?
        .parse()
        .map_err(|_| "internal: bad count".to_string())?;
    let tool = arg(a, 1)?.to_string();
    let template: Value = json_arg(arg(a, 2)?)?;
    let name = w.tool_name(&tool);
    let mut calls = Vec::with_capacity(n);
    for i in 0..n {
        calls.push((
            name.clone(),
            w.interpolate_json(&template, &[("i", i.to_string())])?,
        ));
    }
    let session = w.begin_action().await?;
    let replies = session.call_tools_concurrently(calls).await;
    let mut checked = Vec::with_capacity(replies.len());
    for r in replies {
        checked.push(super::calls::explain_missing_tool(w, &tool, r).await);
    }
    super::results::note_concurrent_successes(w, &tool, &template, &checked);
    w.last = Last::Concurrent {
        tool,
        replies: checked,
    };
    Ok(())
}

/// The same, through several server processes on one root (CLR-026: serialization must
/// hold between processes too, as when two agents share a repository).
async fn concurrent_processes(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let n: usize = arg(a, 0)?
        .parse()
        .map_err(|_| "internal: bad count".to_string())?;
    let processes: usize = arg(a, 1)?
        .parse()
        .map_err(|_| "internal: bad process count".to_string())?;
    let tool = arg(a, 2)?.to_string();
    let template: Value = json_arg(arg(a, 3)?)?;
    let name = w.tool_name(&tool);
    let mut calls = Vec::with_capacity(n);
    for i in 0..n {
        calls.push((
            name.clone(),
            w.interpolate_json(&template, &[("i", i.to_string())])?,
        ));
    }
    let replies = w.call_tools_across(processes.max(1), calls).await?;
    let mut checked = Vec::with_capacity(replies.len());
    for r in replies {
        checked.push(super::calls::explain_missing_tool(w, &tool, r).await);
    }
    super::results::note_concurrent_successes(w, &tool, &template, &checked);
    w.last = Last::Concurrent {
        tool,
        replies: checked,
    };
    Ok(())
}

fn succeeded(r: &Reply) -> bool {
    matches!(r, Reply::Ok(v) if !is_tool_error(v))
}

async fn exactly_n(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want: usize = arg(a, 0)?
        .parse()
        .map_err(|_| "internal: bad count".to_string())?;
    let kind = arg(a, 1)?;
    let Last::Concurrent { replies, tool } = &w.last else {
        return Err("internal: the last step was not a concurrent call".into());
    };
    let winners: Vec<usize> = replies
        .iter()
        .enumerate()
        .filter(|(_, r)| succeeded(r))
        .map(|(i, _)| i)
        .collect();
    if winners.len() != want {
        if let Some(why) = replies.first().and_then(argument_error_of)
            && replies.iter().all(|r| argument_error_of(r).is_some())
        {
            return Err(not_tested(format!("all {} calls: {why}", replies.len())));
        }
        return Err(format!(
            "{} of {} concurrent {tool} calls succeeded (calls {winners:?}); expected exactly {want}",
            winners.len(),
            replies.len()
        ));
    }
    for (i, r) in replies.iter().enumerate() {
        if succeeded(r) {
            continue;
        }
        let seen = failure(r, w.clarification, true).map_err(|e| format!("call {i}: {e}"))?;
        check_kind(&seen, kind, w.clarification, &w.profile())
            .map_err(|e| format!("call {i}: {e}"))?;
    }
    if let Some(first) = winners.first() {
        w.vars.insert("winner".to_string(), first.to_string());
    }
    Ok(())
}

async fn winner_text(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let path = arg(a, 0)?;
    let winner = w
        .vars
        .get("winner")
        .cloned()
        .ok_or("no concurrent call succeeded, so there is no winner")?;
    let expected = w.interpolate(&json_string(arg(a, 1)?)?, &[("winner", winner)])?;
    let got = std::fs::read(w.in_root(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
    if got == expected.as_bytes() {
        Ok(())
    } else {
        Err(format!(
            "{path} on disk: expected {}, got {}",
            show_bytes(expected.as_bytes()),
            show_bytes(&got)
        ))
    }
}

/// Most reads issued while one mutation is in flight.
const MAX_READS_DURING: usize = 2000;

/// A torn write shows only when a read lands inside the writer's window, so the call is
/// raced again (the old bytes put back in between) until a read looks torn: at least
/// `READ_DURING_MIN_ROUNDS` rounds however slow the runner (a count of attempts, not a
/// time, so that a loaded machine does not make the race weaker), then until
/// `READ_DURING_BUDGET` has passed, and never more than `READ_DURING_ROUNDS` rounds or
/// `READ_DURING_CAP` in all. One round caught 2.0.1's in-place overwrite of the official
/// server in 2 of 10 runs with a 384 KiB file, 6 of 10 with 2 MiB (server reads alone,
/// before the reader on disk).
const READ_DURING_ROUNDS: usize = 32;
const READ_DURING_MIN_ROUNDS: usize = 8;
const READ_DURING_BUDGET: std::time::Duration = std::time::Duration::from_secs(2);
const READ_DURING_CAP: std::time::Duration = std::time::Duration::from_secs(20);

async fn read_during(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let tool = arg(a, 0)?.to_string();
    let args = w.interpolate_json(&json_arg(arg(a, 1)?)?, &[])?;
    let path = w.interpolate(arg(a, 2)?, &[])?;
    let file = w.in_root(&path);
    let before = std::fs::read(&file).map_err(|e| format!("cannot read {path}: {e}"))?;
    let name = w.tool_name(&tool);
    let (read, probe_args) = read_during_reader(w, &path, a.get(3)).await?;
    let profile = w.profile();
    let session = w.begin_action().await?;
    // One read with no writer first: a reader that is not exact (one that caps its
    // results, say) is judged against what it returns for the old and the new file.
    let quiet_before = session.call_tool(&read, probe_args.clone()).await;
    let quiet_image = read_content(&quiet_before, &profile).ok();
    let started = std::time::Instant::now();
    let mut kept = None;
    let (mut torn_on_disk, mut disk_reads) = (None, 0);
    for round in 0..READ_DURING_ROUNDS {
        if round > 0 {
            std::fs::write(&file, &before)
                .map_err(|e| format!("cannot put the old {path} back between rounds: {e}"))?;
        }
        let watch = DiskWatch::start(file.clone(), before.clone());
        let (reply, reads) = session
            .call_tool_while_probing(
                (name.clone(), args.clone()),
                (read.clone(), probe_args.clone()),
                MAX_READS_DURING,
            )
            .await;
        let watched = watch.stop();
        disk_reads += watched.reads;
        let on_disk = std::fs::read(&file).ok();
        if torn_on_disk.is_none()
            && !call_failed(&reply)
            && let Some(seen) = watched.torn(on_disk.as_deref())
        {
            torn_on_disk = Some(describe_torn(
                seen,
                round + 1,
                before.len(),
                on_disk.as_deref(),
            ));
        }
        // A later round counts only when its call succeeded: a stateful server may refuse
        // a repeat that the scenario never asked for.
        if round > 0 && call_failed(&reply) {
            break;
        }
        let after = std::fs::read(&file).unwrap_or_default();
        let torn = reads.iter().any(|r| {
            read_content(r, &profile).is_ok_and(|c| {
                let b = c.as_bytes();
                b != before.as_slice()
                    && b != after.as_slice()
                    && quiet_image.as_deref() != Some(&c)
            })
        });
        let failed = call_failed(&reply);
        kept = Some((round + 1, reply, reads));
        let elapsed = started.elapsed();
        let enough = round + 1 >= READ_DURING_MIN_ROUNDS && elapsed > READ_DURING_BUDGET;
        if torn || torn_on_disk.is_some() || failed || enough || elapsed > READ_DURING_CAP {
            break;
        }
    }
    let (round, reply, reads) = kept.expect("the first round always runs");
    let reply = super::calls::explain_missing_tool(w, &tool, reply).await;
    w.last = Last::Call {
        tool,
        args,
        reply,
        direct: false,
    };
    super::results::note_if_succeeded(w);
    w.reads_during = Some(ReadsDuring {
        round,
        torn_on_disk,
        disk_reads,
        path,
        before,
        reads,
        reader: (read, probe_args),
        quiet_before,
    });
    Ok(())
}

/// What a reader on disk saw in round `round` that was neither file.
fn describe_torn(seen: &Seen, round: usize, old: usize, new: Option<&[u8]>) -> String {
    let what = match seen.len {
        None => "no file at all".to_string(),
        Some(0) => "an empty file".to_string(),
        Some(n) => format!("{n} bytes {}", show_bytes(&seen.head)),
    };
    format!(
        "a reader on disk (an editor, a build, git) saw {what} during the call{}, which is \
         neither the old file ({old} bytes) nor the new one ({}): the write is not atomic \
         (the file truncated, then written?)",
        if round == 1 {
            String::new()
        } else {
            format!(" in round {round} (the call repeated, the old file put back each time)")
        },
        new.map_or("gone".to_string(), |b| format!("{} bytes", b.len()))
    )
}

/// The call was refused, broke, or answered with a tool error.
fn call_failed(reply: &Reply) -> bool {
    !matches!(reply, Reply::Ok(v) if !is_tool_error(v))
}

/// The read call of a `read_during` step: the step's own reader arguments (the editor's
/// `{"uri": ...}`) with the profile's reader tool, or else the profile's read call for
/// the path. A server without the usual reader is read with the `read` operation's
/// alternative (`read_file` for `read_text_file`), so that the write is judged, not the
/// reader.
async fn read_during_reader(
    w: &mut HarnessWorld,
    path: &str,
    reader_args: Option<&String>,
) -> Result<(String, Value), String> {
    let profile = w.profile();
    let (reader, probe_args) = match reader_args {
        Some(r) => (
            profile
                .reader
                .clone()
                .ok_or("internal: the profile names no `reader` tool for read_during")?,
            json_arg(r)?,
        ),
        None => profile
            .read_call(path)
            .ok_or("internal: the profile maps no `read` operation and names no `reader` tool")?,
    };
    let reads_as_operation = profile.read_call("").is_some_and(|(t, _)| t == reader);
    let reader = match profile.read_or() {
        Some(alt) if reads_as_operation => super::calls::choose_tool(w, reader, alt).await?,
        _ => reader,
    };
    let probe_args = w.interpolate_json(&probe_args, &[])?;
    Ok((w.tool_name(&reader), probe_args))
}

/// The text a read reply carries in the reader's field.
fn read_content(reply: &Reply, profile: &crate::catalogue::Profile) -> Result<String, String> {
    let obj = crate::reply::profile_success(reply, profile)?;
    let field = profile.reader_field();
    obj.get(field)
        .and_then(Value::as_str)
        .map(str::to_string)
        .ok_or_else(|| format!("the read has no string `{field}`"))
}

async fn reads_old_or_new(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let profile = w.profile();
    let Some(rd) = w.reads_during.clone() else {
        return Err("internal: the last step was not a call with reads during it".into());
    };
    let path = &rd.path;
    if let Some(torn) = &rd.torn_on_disk {
        return Err(torn.clone());
    }
    let after = std::fs::read(w.in_root(path)).map_err(|e| format!("cannot read {path}: {e}"))?;
    if rd.reads.is_empty() {
        return Err(format!(
            "no read of {path} was made while the call was in flight"
        ));
    }
    // What the reader returns with no writer, for the old file and for the new one.
    let quiet_after = w
        .session_mut()?
        .call_tool(&rd.reader.0, rd.reader.1.clone())
        .await;
    let images = [
        read_content(&rd.quiet_before, &profile),
        read_content(&quiet_after, &profile),
    ];
    let lossy = match &images {
        [Ok(old), _] if old.as_bytes() != rd.before.as_slice() => Some(format!(
            " (the reader is not exact: with no writer it returned {} bytes of the old \
             file's {}, so each read was also compared with that)",
            old.len(),
            rd.before.len()
        )),
        _ => None,
    };
    for (i, r) in rd.reads.iter().enumerate() {
        let content = read_content(r, &profile).map_err(|e| {
            format!(
                "read {} of {} during the call failed: {e}",
                i + 1,
                rd.reads.len()
            )
        })?;
        let bytes = content.as_bytes();
        let exact = bytes == rd.before.as_slice() || bytes == after.as_slice();
        let as_quiet = images.iter().flatten().any(|img| img.as_bytes() == bytes);
        if !exact && !as_quiet {
            let round = match rd.round {
                1 => String::new(),
                n => format!(" in round {n} (the call repeated, the old file put back each time)"),
            };
            return Err(format!(
                "read {} of {} during the call{round} saw content that is neither the old nor \
                 the new file (a torn write?): got {} bytes {}; old was {} bytes, new is {} bytes{}",
                i + 1,
                rd.reads.len(),
                content.len(),
                show_bytes(bytes),
                rd.before.len(),
                after.len(),
                lossy.as_deref().unwrap_or("")
            ));
        }
    }
    Ok(())
}
