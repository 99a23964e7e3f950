//! When steps: tool calls, resource reads, listings, saving result fields, and edits on
//! disk between calls.

use serde_json::Value;

use super::{StepFn, arg, json_arg, json_string, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::{self, Reply, is_tool_error};
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::CALL, step!(call)),
        (form::CALL_OR, step!(call)),
        (form::RPC, step!(request)),
        (form::SAVE_FIELD, step!(save)),
        (form::CHANGE_ON_DISK, step!(change_on_disk)),
        (form::READ_RESOURCE, step!(read_resource)),
        (form::LIST_TOOLS, step!(list_tools)),
        (form::LIST_TEMPLATES, step!(list_templates)),
    ]
}

/// When a call to an interface tool failed, check whether the server lists that tool at
/// all (one `tools/list` per session), so the report says "no tool X" instead of quoting
/// whatever error came back. This is how a missing capability is told from a refusal: by
/// the server's own list, never by the words of the error ("not found" is the commonest
/// wording of a refused path).
pub async fn explain_missing_tool(w: &mut HarnessWorld, tool: &str, reply: Reply) -> Reply {
    let refused = match &reply {
        Reply::Ok(v) => is_tool_error(v),
        Reply::RpcError { .. } => true,
        Reply::Broken(_) => false,
    };
    let tools = w.interface_tools();
    if !refused || !tools.iter().any(|t| t == tool) {
        return reply;
    }
    let name = w.tool_name(tool);
    let Ok(session) = w.session_mut() else {
        return reply;
    };
    match session.tool_names().await {
        Some(names) if !names.contains(&name) => Reply::Broken(format!(
            "the server has no tool named {name:?} (this interface needs {}); its tools are {names:?}",
            tools
                .iter()
                .map(|t| w.tool_name(t))
                .collect::<Vec<_>>()
                .join(", ")
        )),
        _ => reply,
    }
}

async fn call(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let mut tool = arg(a, 0)?.to_string();
    let args = w.interpolate_json(&json_arg(arg(a, 1)?)?, &[])?;
    if let Some(alt) = a.get(2) {
        tool = choose_tool(w, tool, alt).await?;
    }
    let name = w.tool_name(&tool);
    let session = w.begin_action().await?;
    let reply = session.call_tool(&name, args.clone()).await;
    let reply = explain_missing_tool(w, &tool, reply).await;
    w.last = Last::Call {
        tool,
        args,
        reply,
        direct: false,
    };
    super::results::note_if_succeeded(w);
    Ok(())
}

/// `tool`, or `alt` when the server offers `alt` and not `tool`.
pub async fn choose_tool(w: &mut HarnessWorld, tool: String, alt: &str) -> Result<String, String> {
    let (name, alt_name) = (w.tool_name(&tool), w.tool_name(alt));
    if w.session_mut().is_err() {
        w.begin_action().await?;
    }
    Ok(match w.session_mut()?.tool_names().await {
        Some(names) if !names.contains(&name) && names.contains(&alt_name) => alt.to_string(),
        _ => tool,
    })
}

/// A request of the interface's own JSON-RPC method, with `params` as given.
async fn request(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let method = arg(a, 0)?.to_string();
    let params = w.interpolate_json(&json_arg(arg(a, 1)?)?, &[])?;
    let session = w.begin_action().await?;
    let reply = session.request(&method, params.clone()).await;
    w.last = Last::Call {
        tool: method,
        args: params,
        reply,
        direct: true,
    };
    super::results::note_if_succeeded(w);
    Ok(())
}

async fn save(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let (field, var) = (arg(a, 0)?, arg(a, 1)?);
    let Last::Call {
        reply,
        tool,
        direct,
        ..
    } = &w.last
    else {
        return Err("internal: nothing to save from".into());
    };
    let obj = if *direct {
        reply::direct_success(reply)
    } else {
        reply::profile_success(reply, &w.profile())
    }
    .map_err(|e| format!("{tool}: {e}"))?;
    let value = obj
        .get(field)
        .ok_or_else(|| format!("{tool}: the result has no field {field:?} to save"))?;
    let text = match value {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    w.vars.insert(var.to_string(), text);
    Ok(())
}

async fn change_on_disk(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let text = json_string(arg(a, 1)?)?;
    super::fixtures::write_file(&w.in_root(arg(a, 0)?), text.as_bytes())
}

async fn read_resource(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let uri = w.interpolate(arg(a, 0)?, &[])?;
    let session = w.begin_action().await?;
    let reply = session.read_resource(&uri).await;
    w.last = Last::Resource { uri, reply };
    Ok(())
}

async fn list_tools(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let session = w.begin_action().await?;
    let reply = session.list_tools().await;
    w.last = Last::Tools(reply);
    Ok(())
}

async fn list_templates(w: &mut HarnessWorld, _a: &[String]) -> Result<(), String> {
    let session = w.begin_action().await?;
    let reply = session.list_resource_templates().await;
    w.last = Last::Templates(reply);
    Ok(())
}
