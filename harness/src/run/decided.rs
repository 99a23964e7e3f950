//! The cases a run decides before it starts. The skip rules, one table: the other
//! transport's cases, the audit-log cases when the server command has no `{audit_log}`,
//! the client-roots cases where the harness cannot offer roots, and the cases that need
//! what this machine does not give. And the listing cases, failed at once with one reason
//! when the probe could not read `list://`.

use std::collections::HashMap;
use std::path::Path;

use super::capabilities::{self, Offered};
use super::config::{ServerConfig, Target};
use super::outcome::{CaseResult, Outcome};
use super::parser::Parsed;
use super::plan::Selection;
use super::report::console;
use crate::catalogue::{ControlTag, Profile};

/// One rule: in this run, the selected cases tagged `tag` are not run.
pub struct SkipRule {
    pub tag: ControlTag,
    /// Why each such case is not run (its result's reason, after "skipped: ").
    pub why: String,
    /// The reason on the run's SKIP line.
    pub announce: String,
    /// The reason the totals line shows.
    pub label: &'static str,
}

/// The skip rules that hold in this run, in order: a case that several set aside is
/// counted under the last.
pub fn skip_rules(cfg: &ServerConfig, offered: &Offered) -> Vec<SkipRule> {
    let http = cfg.is_http();
    let (tag, why) = ControlTag::other_transport(http);
    let this_transport = if http { "Streamable HTTP" } else { "stdio" };
    let mut rules = vec![SkipRule {
        tag,
        why: why.into(),
        announce: format!("this run uses {this_transport}"),
        label: "another transport",
    }];
    if !cfg.has_audit_log() {
        rules.push(SkipRule {
            tag: ControlTag::AuditLog,
            why: "it reads the server's audit log; start the server with `{audit_log}` in its \
                  command (e.g. `--audit-log {audit_log}`) to run it"
                .into(),
            announce: "the server command has no {audit_log}".into(),
            label: "no audit log",
        });
    }
    // roots/list is a server-to-client request: the harness's client offers roots over
    // stdio in the 2025-11-25 era only (the 2026-07-28 era allows such requests only
    // within a request of the client's). With --protocol auto, those cases start with
    // `initialize` whenever the server speaks that era too (`legacy_era`, probed).
    if http || !offered.legacy_era {
        let why = if http {
            "the client offers roots in it, which the harness does over stdio only \
             (roots/list is a server-to-client request)"
        } else {
            "the client offers roots in it, and roots/list is a server-to-client request, \
             which the 2026-07-28 era this run uses allows only within a request of the \
             client's; run with --protocol 2025-11-25 to include it"
        };
        rules.push(same_reason(
            ControlTag::ClientRoots,
            why.into(),
            "client roots not offered",
        ));
    }
    rules.extend(machine_rules(cfg));
    rules
}

/// Cases that need what this machine may not give: a root that folds case, a device.
fn machine_rules(cfg: &ServerConfig) -> Vec<SkipRule> {
    let place = match cfg.target() {
        Target::HttpUrl { root, .. } => root
            .parent()
            .map_or_else(super::scratch::dir, Path::to_path_buf),
        _ => super::scratch::dir(),
    };
    [
        (
            ControlTag::CasefoldRoot,
            super::scratch::casefold_unavailable(&place),
            "the root does not fold case",
        ),
        (
            ControlTag::Device,
            super::scratch::device_unavailable(&place),
            "no device node can be made",
        ),
    ]
    .into_iter()
    .filter_map(|(tag, why, label)| why.map(|why| same_reason(tag, why, label)))
    .collect()
}

fn same_reason(tag: ControlTag, why: String, label: &'static str) -> SkipRule {
    SkipRule {
        tag,
        announce: why.clone(),
        why,
        label,
    }
}

/// The cases the skip rules set aside, each once, and why each was not run.
#[derive(Default)]
pub struct Skipped {
    pub results: Vec<CaseResult>,
    /// The short reason per scenario name, for the totals line.
    pub labels: HashMap<String, &'static str>,
}

/// Applies `rules` to the selected scenarios, saying once per rule which cases it sets aside.
pub fn apply(rules: &[SkipRule], parsed: &Parsed, selection: &Selection) -> Skipped {
    let mut skipped = Skipped::default();
    for rule in rules {
        let cases: Vec<CaseResult> = selection
            .scenarios(parsed)
            .into_iter()
            .filter(|(_, sc)| rule.tag.on(&sc.tags))
            .map(|(file, sc)| {
                let mut r = CaseResult::describe(&file, &sc.name, &sc.tags);
                r.outcome = Outcome::Skipped {
                    reason: format!("skipped: {}", rule.why),
                };
                r
            })
            .collect();
        announce(rule.tag, &cases, &rule.announce);
        for r in &cases {
            skipped.labels.insert(r.scenario.clone(), rule.label);
        }
        skipped
            .results
            .retain(|r| !cases.iter().any(|n| n.scenario == r.scenario));
        skipped.results.extend(cases);
    }
    skipped
}

/// One SKIP line for the cases a tag sets aside in this run, if there are any.
fn announce(tag: ControlTag, cases: &[CaseResult], why: &str) {
    if cases.is_empty() {
        return;
    }
    let ids: Vec<&str> = cases.iter().map(|r| r.case_id.as_str()).collect();
    anstream::println!(
        "SKIP {} tagged {tag} ({}): {why}.\n",
        console::plural(cases.len(), "case", "cases"),
        ids.join(", ")
    );
}

/// Without a readable `list://`, every selected case that reads a listing fails for that
/// one reason: it is said once, and those cases are not run one by one.
pub fn without_listing(
    offered: &Offered,
    profile: &Profile,
    parsed: &Parsed,
    selection: &Selection,
) -> Vec<CaseResult> {
    let why = match &offered.listing {
        Err(why) if profile.has_listing() => why,
        _ => return Vec::new(),
    };
    let message = format!(
        "the server does not serve the list:// resource ({why}), so no listing case can \
         pass: a refusal of a path counts only from a server that reads listings."
    );
    let failed: Vec<CaseResult> = selection
        .scenarios(parsed)
        .into_iter()
        .filter(|(_, sc)| capabilities::reads_listing(sc))
        .map(|(file, sc)| {
            let mut r = CaseResult::describe(&file, &sc.name, &sc.tags);
            r.outcome = Outcome::Failed {
                step: "(start-up probe) the client reads the resource \"list://\"".into(),
                message: message.clone(),
            };
            r
        })
        .collect();
    if !failed.is_empty() {
        let ids: Vec<&str> = failed.iter().map(|r| r.case_id.as_str()).collect();
        anstream::println!(
            "{} {} that read list:// resources ({}): {message}\n",
            console::paint(console::RED, "FAIL"),
            console::plural(failed.len(), "case", "cases"),
            ids.join(", ")
        );
    }
    failed
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::run::config::{Protocol, ToolNames};

    fn offered(legacy_era: bool) -> Offered {
        Offered {
            tools: Vec::new(),
            tool_list: None,
            operations_offered: Vec::new(),
            listing: Ok(()),
            protocol: Protocol::Auto,
            discover_unanswered: false,
            legacy_era,
            server_info: None,
        }
    }

    /// The tags of the rules about the transport, the audit log and roots (the machine's
    /// rules depend on the machine).
    fn tags(cfg: &ServerConfig, offered: &Offered) -> Vec<ControlTag> {
        skip_rules(cfg, offered)
            .into_iter()
            .map(|r| r.tag)
            .filter(|t| !matches!(t, ControlTag::CasefoldRoot | ControlTag::Device))
            .collect()
    }

    #[test]
    fn each_run_sets_aside_what_it_cannot_run() {
        let profile = Arc::new(Profile::default());
        let stdio = ServerConfig::reference("mcp-harness", ToolNames::Dotted, profile.clone());
        let http = ServerConfig::reference_http("mcp-harness", ToolNames::Dotted, profile);
        // Over stdio, in an era with roots and no {audit_log} in the command: HTTP-only
        // cases and audit-log cases.
        assert_eq!(
            tags(&stdio, &offered(true)),
            [ControlTag::HttpOnly, ControlTag::AuditLog]
        );
        // A server of the 2026-07-28 era alone: no client roots either.
        assert_eq!(
            tags(&stdio, &offered(false)),
            [
                ControlTag::HttpOnly,
                ControlTag::AuditLog,
                ControlTag::ClientRoots
            ]
        );
        // Over HTTP, roots are never offered, whatever the era.
        let over_http = tags(&http, &offered(true));
        assert_eq!(over_http[0], ControlTag::StdioOnly);
        assert!(over_http.contains(&ControlTag::ClientRoots));
    }
}
