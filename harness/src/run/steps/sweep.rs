//! The sweep's steps (SWEEP-001): every tool the server lists that takes a path, mapped or
//! not, first called on paths inside the root (its positive control), then sent every way
//! out of `run::sweep::battery`. After each call the reply is searched for the bait's
//! text, name, size and time, the outside area is compared with its state before, and the
//! sweep's directory in the root is made afresh (a benign delete or move changes it).

use std::fs::{self, File, FileTimes};
use std::os::unix::fs::symlink;
use std::path::Path;
use std::time::{Duration, SystemTime};

use serde_json::Value;

use super::{StepFn, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::listing::listed_tools;
use crate::reply::{Reply, argument_error_of, clip, describe_value, profile_success, reply_text};
use crate::run::panics::not_tested;
use crate::run::report::severity::{BAIT_SHOWN, OUTSIDE_CHANGED};
use crate::run::starter_schemas;
use crate::run::sweep::{
    self, Benign, DIR, HIDDEN_NAME, INSIDE_TEXT, Outcome, Spelling, Swept, Target,
};
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::SWEEP, step!(sweep_tools)),
        (form::SWEEP_NO_WAY_OUT, step!(no_way_out)),
    ]
}

async fn sweep_tools(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    // Made before the server starts, so that the outside area's record holds the bait.
    make_outside(&w.outside)?;
    make_inside(&w.root, &w.outside)?;
    let reply = w.begin_action().await?.list_tools().await;
    let tools = listed_tools(&reply).ok_or_else(|| {
        format!(
            "the server's tool list could not be had: {}",
            clip(&reply_text(&reply), 300)
        )
    })?;
    // A schema that names no argument (the official server's names, `{"type": "object"}`)
    // is read as the built-in profile of those names has it, as `interface init` does.
    let builtin = starter_schemas::builtin_profiles();
    let profiles: Vec<&crate::catalogue::Profile> = builtin.iter().collect();
    let mut plan = sweep::plan(&starter_schemas::prepared(&tools, &profiles));
    // The tools no operation maps first: the sweep stops at its first way out, and one
    // through a mapped tool is what the other cases find anyway.
    let mapped: Vec<String> = w.interface_tools().iter().map(|t| w.tool_name(t)).collect();
    plan.targets.sort_by_key(|t| mapped.contains(&t.tool));
    let mut outcome = Outcome {
        doors: plan.doors.clone(),
        ..Outcome::default()
    };
    for t in &plan.targets {
        let (swept, escape) = sweep_tool(w, t).await?;
        outcome.tools.push(swept);
        if escape.is_some() {
            outcome.escape = escape;
            break;
        }
    }
    w.last = Last::Sweep(outcome);
    Ok(())
}

/// The benign calls until one succeeds, then the battery on each path argument.
async fn sweep_tool(w: &mut HarnessWorld, t: &Target) -> Result<(Swept, Option<String>), String> {
    let root = w.root.to_string_lossy().into_owned();
    let outside = w.outside.to_string_lossy().into_owned();
    let mut swept = Swept {
        tool: t.tool.clone(),
        control: None,
        refused: None,
        attacks: 0,
    };
    let mut base = None;
    let mut controlled = None;
    'benign: for spelling in Spelling::ALL {
        for kinds in sweep::benign_kinds(t.path_args.len()) {
            let paths: Vec<String> = kinds
                .iter()
                .enumerate()
                .map(|(i, k)| spelling.write(&root, &sweep::benign_path(*k, i)))
                .collect();
            let args = sweep::arguments(t, &paths);
            let (reply, escape) = call(w, &t.tool, &args).await?;
            if escape.is_some() {
                return Ok((swept, escape));
            }
            if profile_success(&reply, &w.profile()).is_ok() {
                swept.control = Some(args);
                base = Some(paths);
                controlled = Some(spelling);
                break 'benign;
            }
            swept.refused.get_or_insert_with(|| refusal(&args, &reply));
        }
    }
    let base = base.unwrap_or_else(|| {
        let file = sweep::benign_path(Benign::File, 0);
        vec![Spelling::Relative.write(&root, &file); t.path_args.len()]
    });
    let spellings = sweep::battery_spellings(controlled);
    for i in 0..t.path_args.len() {
        for attack in sweep::battery(&root, &outside, &spellings) {
            let mut paths = base.clone();
            paths[i] = attack.path;
            let args = sweep::arguments(t, &paths);
            swept.attacks += 1;
            let (_, escape) = call(w, &t.tool, &args).await?;
            if let Some(e) = escape {
                let what = format!("{} (`{}`)", attack.what, t.path_args[i].name);
                return Ok((swept, Some(format!("{e}; the way out: {what}"))));
            }
        }
    }
    swept.refused = swept.control.is_none().then_some(swept.refused).flatten();
    Ok((swept, None))
}

/// One call, then what it showed or changed outside (`Some` is a way out), and the
/// sweep's directory made afresh. A call with no answer ends the case.
async fn call(
    w: &mut HarnessWorld,
    tool: &str,
    args: &Value,
) -> Result<(Reply, Option<String>), String> {
    let reply = w.begin_action().await?.call_tool(tool, args.clone()).await;
    if let Reply::Broken(r) = &reply {
        return Err(format!(
            "{tool} gave no answer to {}: {r}",
            describe_value(args)
        ));
    }
    let text = reply_text(&reply);
    let mut escape = sweep::evidence(&text).map(|e| {
        format!(
            "{tool} with {} showed {e}, which only the bait outside the root has; {BAIT_SHOWN}; \
             reply: {}",
            describe_value(args),
            clip(&text, 400)
        )
    });
    if escape.is_none() {
        escape = super::attack::outside_change(w).map(|d| {
            format!(
                "{tool} with {} went through; {OUTSIDE_CHANGED}: {}",
                describe_value(args),
                clip(&d, 400)
            )
        });
    }
    make_inside(&w.root, &w.outside)?;
    Ok((reply, escape))
}

/// Why a benign call did not count as a success: the SDK's word on the arguments, or the
/// refusal itself.
fn refusal(args: &Value, reply: &Reply) -> String {
    let why = argument_error_of(reply)
        .map(|e| format!("the arguments the sweep filled were rejected: {e}"))
        .unwrap_or_else(|| clip(&reply_text(reply), 200));
    format!("{} -> {why}", describe_value(args))
}

/// The sweep's directory outside: the bait and the file beside it, with their size and
/// time.
fn make_outside(outside: &Path) -> Result<(), String> {
    let dir = outside.join(DIR);
    let fail = |e: std::io::Error| format!("fixture: the sweep's bait in {}: {e}", dir.display());
    fs::create_dir_all(&dir).map_err(fail)?;
    let time = SystemTime::UNIX_EPOCH + Duration::from_secs(sweep::BAIT_MTIME);
    for name in ["bait.txt", HIDDEN_NAME] {
        fs::write(dir.join(name), sweep::bait_bytes()).map_err(fail)?;
        File::options()
            .write(true)
            .open(dir.join(name))
            .and_then(|f| f.set_times(FileTimes::new().set_modified(time)))
            .map_err(fail)?;
    }
    File::open(&dir)
        .and_then(|f| f.set_times(FileTimes::new().set_modified(time)))
        .map_err(fail)
}

/// The sweep's directory in the root, made afresh: a file, a directory, and links out (to
/// the bait, through a chain, to the directory outside, to a place outside that is not).
fn make_inside(root: &Path, outside: &Path) -> Result<(), String> {
    let dir = root.join(DIR);
    let fail = |e: std::io::Error| format!("fixture: the sweep's directory {}: {e}", dir.display());
    match fs::symlink_metadata(&dir) {
        Ok(m) if m.is_dir() => fs::remove_dir_all(&dir).map_err(fail)?,
        Ok(_) => fs::remove_file(&dir).map_err(fail)?,
        Err(_) => {}
    }
    fs::create_dir_all(dir.join("plain")).map_err(fail)?;
    fs::write(dir.join("inside.txt"), format!("{INSIDE_TEXT}\n")).map_err(fail)?;
    fs::write(dir.join("plain/keep.txt"), "keep\n").map_err(fail)?;
    let out = outside.join(DIR);
    symlink(out.join("bait.txt"), dir.join("out-file")).map_err(fail)?;
    symlink("out-file", dir.join("chain")).map_err(fail)?;
    symlink(&out, dir.join("out-dir")).map_err(fail)?;
    symlink(out.join("new.txt"), dir.join("dangling")).map_err(fail)
}

async fn no_way_out(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let Last::Sweep(o) = &w.last else {
        return Err("internal: the last step was not the sweep".into());
    };
    sweep::file(o);
    if let Some(e) = &o.escape {
        return Err(e.clone());
    }
    if o.tools.is_empty() {
        return Err(not_tested(
            "the server lists no tool that takes a path, by its input schemas (names and \
             descriptions of the arguments)"
                .to_string(),
        ));
    }
    if o.tools.iter().all(|t| t.control.is_none()) {
        let why: Vec<String> = o
            .tools
            .iter()
            .map(|t| format!("{}: {}", t.tool, t.refused.as_deref().unwrap_or("refused")))
            .collect();
        return Err(not_tested(format!(
            "no tool that takes a path succeeded on a path inside the root, so their \
             refusals of the ways out prove nothing ({})",
            clip(&why.join("; "), 600)
        )));
    }
    Ok(())
}
