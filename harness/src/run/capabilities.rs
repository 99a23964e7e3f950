//! What the start-up probe learned about the server (its tools, whether it serves
//! `list://`), and what follows for the run: which profile (interface) the server speaks,
//! and, for a server of another interface, one paragraph and a stop within seconds instead
//! of hundreds of near-identical failures.

use super::config::{Protocol, ToolNames};
use super::report::coverage::ToolSeen;
use crate::catalogue::Profile;
use crate::catalogue::vocabulary;

/// Facts from the probe's session.
#[derive(Debug, Clone)]
pub struct Offered {
    /// Tool names from `tools/list` (empty when the list could not be had).
    pub tools: Vec<String>,
    /// The same tools with their input schemas' property names, for the coverage statement;
    /// `None` when the list could not be had.
    pub tool_list: Option<Vec<ToolSeen>>,
    /// Each operation a listed tool seems to do, by its name and schema, with that tool
    /// (`starter::operations_offered`): what an interface run's verdict holds the file's
    /// absent operations to.
    pub operations_offered: Vec<(String, String)>,
    /// `Err(reason)` when reading `list://` (the root) on the empty root failed.
    pub listing: Result<(), String>,
    /// The lifecycle the scenarios use: the one asked for, or with `--protocol auto` the
    /// one the probe found (`AutoDiscovered`, or the legacy handshake for a server that
    /// refused or ignored `server/discover`).
    pub protocol: Protocol,
    /// With `--protocol auto`: the server did not answer `server/discover` in time, so the
    /// probe started it again with `initialize`.
    pub discover_unanswered: bool,
    /// The server speaks the 2025-11-25 era (`initialize`), in which it may send requests
    /// of its own such as `roots/list`: the probe's session was of that era, or (with
    /// `--protocol auto`) a second handshake with `initialize` succeeded.
    pub legacy_era: bool,
    /// The server's `serverInfo` name and version, for the run summary.
    pub server_info: Option<String>,
}

/// How the server's tools compare with a profile's.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolFit {
    /// Every tool, in the spelling the run uses.
    Full,
    /// Some tools are missing; the run goes on and the cases calling them fail.
    Partial { missing: Vec<String> },
    /// The tools are there, spelled the other way (`text_read` for `text.read`).
    OtherSpelling { suggest: ToolNames },
    /// None of the profile's tools: the server offers another interface.
    Foreign,
}

fn other(style: ToolNames) -> ToolNames {
    match style {
        ToolNames::Dotted => ToolNames::Underscore,
        ToolNames::Underscore => ToolNames::Dotted,
    }
}

/// How many of `tools` the server offers in spelling `s`.
fn count(offered: &[String], tools: &[String], s: ToolNames) -> usize {
    tools.iter().filter(|t| offered.contains(&s.map(t))).count()
}

/// Compares the offered tool names with a profile's `tools`, in the run's spelling.
pub fn tool_fit(offered: &[String], style: ToolNames, tools: &[String]) -> ToolFit {
    let (here, there) = (
        count(offered, tools, style),
        count(offered, tools, other(style)),
    );
    if here == tools.len() {
        ToolFit::Full
    } else if there > here {
        ToolFit::OtherSpelling {
            suggest: other(style),
        }
    } else if here == 0 {
        ToolFit::Foreign
    } else {
        ToolFit::Partial {
            missing: tools
                .iter()
                .map(|t| style.map(t))
                .filter(|t| !offered.contains(t))
                .collect(),
        }
    }
}

fn seen(offered: &[String]) -> String {
    if offered.is_empty() {
        "no tools at all".to_string()
    } else {
        format!("the tools {}", offered.join(", "))
    }
}

/// What a server of an interface of its own can do: map it in an interface file.
const INTERFACE_HINT: &str = "If it is a file server of an interface of its own, map its \
    tools in an interface file and run the shared checks with --interface FILE; \
    `mcp-harness interface init --server CMD` writes a starter file (docs/interfaces.md).";

/// One line per known profile: its name and tools.
fn known(profiles: &[&Profile]) -> String {
    profiles
        .iter()
        .map(|p| format!("`{}` ({})", p.profile, p.tools.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// Picks the profile whose tools the server offers (in either spelling): every tool of it
/// if any profile fits whole (the largest such profile), else the one with the most tools
/// offered. `Ok((index, why))`, or `Err(paragraph)` naming what was seen and what is known
/// when the server offers none of any profile's tools.
pub fn detect(offered: &[String], profiles: &[&Profile]) -> Result<(usize, String), String> {
    let score = |p: &Profile| {
        let best = count(offered, &p.tools, ToolNames::Dotted).max(count(
            offered,
            &p.tools,
            ToolNames::Underscore,
        ));
        (best == p.tools.len(), best)
    };
    let best = profiles
        .iter()
        .enumerate()
        .map(|(i, p)| (score(p), i))
        .filter(|((_, n), _)| *n > 0)
        .max_by_key(|((full, n), i)| (*full, *n, std::cmp::Reverse(*i)));
    match best {
        Some(((full, n), i)) => {
            let p = profiles[i];
            let why = if full {
                format!(
                    "the server offers all {n} of its tools ({})",
                    p.tools.join(", ")
                )
            } else {
                let has = |t: &&String| {
                    [ToolNames::Dotted, ToolNames::Underscore]
                        .iter()
                        .any(|s| offered.contains(&s.map(t)))
                };
                let (there, missing): (Vec<&String>, Vec<&String>) = p.tools.iter().partition(has);
                let names =
                    |ts: Vec<&String>| ts.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(", ");
                format!(
                    "the server offers {n} of its {} tools ({}; not {}), more than of any \
                     other profile",
                    p.tools.len(),
                    names(there),
                    names(missing)
                )
            };
            Ok((i, why))
        }
        None => Err(format!(
            "The server speaks MCP but offers another interface: it has {}, and none of the \
             tools of any profile this harness knows: {}. No case was run. Check that the \
             command starts the server you meant to test, or name a profile with --profile. \
             {INTERFACE_HINT}",
            seen(offered),
            known(profiles)
        )),
    }
}

/// The paragraph for a server whose tools do not fit `profile`, or `None` when the run can
/// go on. `profiles` are all that the harness knows, named when the server fits none.
pub fn stop_reason(
    offered: &[String],
    style: ToolNames,
    profile: &Profile,
    profiles: &[&Profile],
) -> Option<String> {
    let ours = profile
        .tools
        .iter()
        .map(|t| style.map(t))
        .collect::<Vec<_>>()
        .join(", ");
    let name = &profile.profile;
    match tool_fit(offered, style, &profile.tools) {
        ToolFit::Full | ToolFit::Partial { .. } => None,
        ToolFit::OtherSpelling { suggest } => Some(format!(
            "The server offers this interface's tools spelled the other way ({}), \
             but the run looks for {ours}. Run again with `--tool-names {}`. No case was run.",
            seen(offered),
            suggest.as_str()
        )),
        ToolFit::Foreign => Some(format!(
            "The server speaks MCP but offers another interface: it has {}, and none of \
             the {n} tools of the `{name}` profile ({ours}{resources}). The profiles this \
             harness knows are {}. No case was run. Check that the command starts the server \
             you meant to test, and the --profile you named. {INTERFACE_HINT}",
            seen(offered),
            known(profiles),
            n = profile.tools.len(),
            resources = if profile.resources.is_empty() {
                String::new()
            } else {
                format!(", plus {}", profile.resources.join(", "))
            },
        )),
    }
}

/// Whether a scenario reads a `list://` resource.
pub fn reads_listing(scenario: &cucumber::gherkin::Scenario) -> bool {
    scenario.steps.iter().any(|s| reads_list_resource(&s.value))
}

/// Whether a step is a `read_resource` of a `list://` URI, as the step vocabulary reads it.
fn reads_list_resource(sentence: &str) -> bool {
    vocabulary::READ_RESOURCE
        .captures(sentence)
        .is_some_and(|uri| uri[0].starts_with("list://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_step_is_a_read_of_a_list_uri() {
        assert!(reads_list_resource(
            r#"the client reads the resource "list://a/""#
        ));
        assert!(!reads_list_resource(
            r#"the client reads the resource "file:///a""#
        ));
        let race = r#"the client repeats the calls [{"read_resource":"list://a/"}] at least 400 times and for at least 2 s while "a" is exchanged with a symlink to "${outside}""#;
        assert!(!reads_list_resource(race));
    }

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    fn profile(name: &str, tools: &[&str]) -> Profile {
        Profile {
            profile: name.into(),
            tools: names(tools),
            ..Profile::default()
        }
    }

    const ROOTSPACE: [&str; 6] = [
        "file.create",
        "file.remove",
        "text.read",
        "text.replace",
        "text.insert",
        "text.append",
    ];

    #[test]
    fn full_partial_other_spelling_and_foreign() {
        let tools = names(&ROOTSPACE);
        let dotted = tools.clone();
        assert_eq!(tool_fit(&dotted, ToolNames::Dotted, &tools), ToolFit::Full);
        assert_eq!(
            tool_fit(&dotted, ToolNames::Underscore, &tools),
            ToolFit::OtherSpelling {
                suggest: ToolNames::Dotted
            }
        );
        let under: Vec<String> = dotted.iter().map(|t| t.replace('.', "_")).collect();
        assert_eq!(
            tool_fit(&under, ToolNames::Dotted, &tools),
            ToolFit::OtherSpelling {
                suggest: ToolNames::Underscore
            }
        );
        assert_eq!(
            tool_fit(
                &names(&["text.read", "file.create"]),
                ToolNames::Dotted,
                &tools
            ),
            ToolFit::Partial {
                missing: names(&["file.remove", "text.replace", "text.insert", "text.append"])
            }
        );
        let fs = names(&["read_file", "write_file", "list_directory"]);
        assert_eq!(tool_fit(&fs, ToolNames::Dotted, &tools), ToolFit::Foreign);
        assert_eq!(tool_fit(&[], ToolNames::Dotted, &tools), ToolFit::Foreign);
    }

    #[test]
    fn detection_picks_the_profile_whose_tools_are_offered() {
        let rs = profile("rootspace", &ROOTSPACE);
        let lh = profile("lighthouse", &["read", "write", "edit", "delete"]);
        let all = [&rs, &lh];
        let (i, why) = detect(&names(&["read", "write", "edit", "delete", "x"]), &all).unwrap();
        assert_eq!(i, 1);
        assert!(why.contains("all 4"), "{why}");
        let under: Vec<String> = ROOTSPACE.iter().map(|t| t.replace('.', "_")).collect();
        assert_eq!(detect(&under, &all).unwrap().0, 0);
        let (i, why) = detect(&names(&["read", "write"]), &all).unwrap();
        assert_eq!(i, 1);
        assert!(why.contains("2 of its 4"), "{why}");
        // The tools listed are the ones offered, and the missing ones are named apart.
        assert!(why.contains("(read, write; not edit, delete)"), "{why}");
        let m = detect(&names(&["read_file", "write_file"]), &all).unwrap_err();
        assert!(m.contains("read_file, write_file"), "{m}");
        assert!(m.contains("another interface"), "{m}");
        assert!(
            m.contains("`rootspace`") && m.contains("`lighthouse` (read, write"),
            "{m}"
        );
        assert!(!m.contains("does not speak"), "{m}");
    }

    #[test]
    fn stop_reasons_name_what_was_seen_and_what_to_do() {
        let rs = profile("rootspace", &ROOTSPACE);
        let all = [&rs];
        let fs = names(&["read_file", "write_file"]);
        let m = stop_reason(&fs, ToolNames::Dotted, &rs, &all).unwrap();
        assert!(m.contains("read_file, write_file"), "{m}");
        assert!(m.contains("another interface"), "{m}");
        assert!(m.contains("`rootspace`"), "{m}");
        assert!(!m.contains("does not speak"), "{m}");
        let under: Vec<String> = ROOTSPACE.iter().map(|t| t.replace('.', "_")).collect();
        let m = stop_reason(&under, ToolNames::Dotted, &rs, &all).unwrap();
        assert!(m.contains("--tool-names underscore"), "{m}");
        assert!(stop_reason(&names(&ROOTSPACE), ToolNames::Dotted, &rs, &all).is_none());
        assert!(stop_reason(&names(&["text.read"]), ToolNames::Dotted, &rs, &all).is_none());
    }
}
