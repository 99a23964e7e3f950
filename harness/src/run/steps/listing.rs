//! Then steps on directory listings (the `list://` resource), tools and templates.
//!
//! Core cases read listings tolerantly (`reply::listing`); clarification cases may also
//! demand the exact JSON.

use std::collections::BTreeSet;

use serde_json::Value;

use super::{StepFn, arg, json_arg, json_strings, step};
use crate::catalogue::vocabulary::{self as form, Form};
use crate::reply::listing::{self, ListedEntry, input_schema_names, parse_listing};
use crate::reply::{Reply, clip};
use crate::run::world::{HarnessWorld, Last};

pub fn steps() -> Vec<(Form, StepFn)> {
    vec![
        (form::LISTING_NAMES, step!(names)),
        (form::LISTING_DIRECTORIES, step!(directories)),
        (form::LISTING_FILES, step!(files)),
        (form::LISTING_JSON, step!(exact_json)),
        (form::TOOL_SCHEMA, step!(tool_schema)),
        (form::TEMPLATE_INCLUDED, step!(template)),
    ]
}

/// The text of the resource the last step read.
fn resource_text(w: &HarnessWorld) -> Result<String, String> {
    let Last::Resource { reply, uri } = &w.last else {
        return Err("internal: the last step did not read a resource".into());
    };
    listing::resource_text(reply, uri)
}

fn listing(w: &HarnessWorld) -> Result<Vec<ListedEntry>, String> {
    Ok(parse_listing(&resource_text(w)?))
}

async fn names(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = json_strings(arg(a, 0)?)?;
    let got: Vec<String> = listing(w)?.into_iter().map(|e| e.name).collect();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing names: expected {want:?} (in this order), got {got:?}"
        ))
    }
}

fn of_kind(w: &HarnessWorld, kind: &str, a: &[String]) -> Result<(), String> {
    let want: BTreeSet<String> = json_strings(arg(a, 0)?)?.into_iter().collect();
    let entries = listing(w)?;
    let got: BTreeSet<String> = entries
        .iter()
        .filter(|e| e.kind.as_deref() == Some(kind))
        .map(|e| e.name.clone())
        .collect();
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing entries of type {kind}: expected {want:?}, got {got:?} (all entries: {entries:?})"
        ))
    }
}

async fn directories(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    of_kind(w, "directory", a)
}

async fn files(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    of_kind(w, "file", a)
}

async fn exact_json(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = json_arg(arg(a, 0)?)?;
    let text = resource_text(w)?;
    let got: Value = serde_json::from_str(&text)
        .map_err(|e| format!("the listing is not JSON ({e}): {}", clip(&text, 500)))?;
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "listing JSON: expected {want}, got {}",
            clip(&got.to_string(), 800)
        ))
    }
}

async fn tool_schema(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let name = w.tool_name(arg(a, 0)?);
    let want_required: BTreeSet<String> = json_strings(arg(a, 1)?)?.into_iter().collect();
    let want_props: BTreeSet<String> = json_strings(arg(a, 2)?)?.into_iter().collect();
    let Last::Tools(reply) = &w.last else {
        return Err("internal: the last step did not list the tools".into());
    };
    let tools = match reply {
        Reply::Ok(v) => v
            .get("tools")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        Reply::RpcError { code, message, .. } => {
            return Err(format!(
                "tools/list failed with JSON-RPC error {code}: {message}"
            ));
        }
        Reply::Broken(r) => return Err(r.clone()),
    };
    let names: Vec<&str> = tools
        .iter()
        .filter_map(|t| t.get("name").and_then(Value::as_str))
        .collect();
    let Some(tool) = tools
        .iter()
        .find(|t| t.get("name").and_then(Value::as_str) == Some(name.as_str()))
    else {
        return Err(format!(
            "the server has no tool named {name:?}; its tools are {names:?}"
        ));
    };
    let (required, props) = input_schema_names(tool);
    if required != want_required {
        return Err(format!(
            "tool {name}: required arguments should be {want_required:?}, are {required:?}"
        ));
    }
    let props_ok = if w.clarification {
        props == want_props
    } else {
        want_props.is_subset(&props)
    };
    if !props_ok {
        return Err(format!(
            "tool {name}: properties should be {want_props:?}, are {props:?}"
        ));
    }
    Ok(())
}

async fn template(w: &mut HarnessWorld, a: &[String]) -> Result<(), String> {
    let want = arg(a, 0)?;
    let Last::Templates(reply) = &w.last else {
        return Err("internal: the last step did not list resource templates".into());
    };
    let list = match reply {
        Reply::Ok(v) => v
            .get("resourceTemplates")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        Reply::RpcError { code, message, .. } => {
            return Err(format!(
                "resources/templates/list failed with JSON-RPC error {code}: {message}"
            ));
        }
        Reply::Broken(r) => return Err(r.clone()),
    };
    let got: Vec<&str> = list
        .iter()
        .filter_map(|t| t.get("uriTemplate").and_then(Value::as_str))
        .collect();
    // A concrete resource with the template's scheme (e.g. `list://` itself in
    // resources/list) offers it too.
    let scheme = want.split("://").next().unwrap_or(want).to_string() + "://";
    let resources: Vec<&str> = match reply {
        Reply::Ok(v) => v
            .get("resources")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|r| r.get("uri").and_then(Value::as_str))
                    .collect()
            })
            .unwrap_or_default(),
        _ => Vec::new(),
    };
    if got.contains(&want) || resources.iter().any(|u| u.starts_with(&scheme)) {
        Ok(())
    } else {
        Err(format!(
            "neither a resource template {want:?} nor a {scheme} resource is offered; \
             templates: {got:?}, resources: {resources:?}"
        ))
    }
}
