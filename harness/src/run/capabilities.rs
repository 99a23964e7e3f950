//! What the start-up probe learned about the server (its tools, whether it serves
//! `list://`), and what follows for the run: a server of another interface is told so once
//! and the run stops within seconds, instead of failing hundreds of near-identical cases.

use super::config::{INTERFACE_TOOLS, Protocol, ToolNames};

/// The profile the catalogue describes. One today; the fit check below is where a list of
/// profiles would be compared when there are more.
pub const PROFILE: &str = "rootspace";

/// Facts from the probe's session.
#[derive(Debug, Clone)]
pub struct Offered {
    /// Tool names from `tools/list` (empty when the list could not be had).
    pub tools: Vec<String>,
    /// `Err(reason)` when reading `list://` (the root) on the empty root failed.
    pub listing: Result<(), String>,
    /// The lifecycle that worked; with `--protocol auto` it is `Auto`, or the legacy
    /// handshake when the server ignored `server/discover`.
    pub protocol: Protocol,
}

/// How the server's tools compare with the interface's.
#[derive(Debug, Clone, PartialEq)]
pub enum ToolFit {
    /// Every tool, in the spelling the run uses.
    Full,
    /// Some tools are missing; the run goes on and the cases calling them fail.
    Partial { missing: Vec<String> },
    /// The tools are there, spelled the other way (`text_read` for `text.read`).
    OtherSpelling { suggest: ToolNames },
    /// None of the interface's tools: the server offers another interface.
    Foreign,
}

/// Compares the offered tool names with the interface's, in the run's spelling.
pub fn tool_fit(offered: &[String], style: ToolNames) -> ToolFit {
    let count = |s: ToolNames| {
        INTERFACE_TOOLS
            .iter()
            .filter(|t| offered.contains(&s.map(t)))
            .count()
    };
    let other = match style {
        ToolNames::Dotted => ToolNames::Underscore,
        ToolNames::Underscore => ToolNames::Dotted,
    };
    let (here, there) = (count(style), count(other));
    if here == INTERFACE_TOOLS.len() {
        ToolFit::Full
    } else if there > here {
        ToolFit::OtherSpelling { suggest: other }
    } else if here == 0 {
        ToolFit::Foreign
    } else {
        ToolFit::Partial {
            missing: INTERFACE_TOOLS
                .iter()
                .map(|t| style.map(t))
                .filter(|t| !offered.contains(t))
                .collect(),
        }
    }
}

/// The paragraph for a server whose tools do not fit, or `None` when the run can go on.
pub fn stop_reason(offered: &[String], style: ToolNames) -> Option<String> {
    let theirs = if offered.is_empty() {
        "no tools at all".to_string()
    } else {
        format!("the tools {}", offered.join(", "))
    };
    let ours = INTERFACE_TOOLS
        .iter()
        .map(|t| style.map(t))
        .collect::<Vec<_>>()
        .join(", ");
    match tool_fit(offered, style) {
        ToolFit::Full | ToolFit::Partial { .. } => None,
        ToolFit::OtherSpelling { suggest } => Some(format!(
            "The server offers this interface's tools spelled the other way ({theirs}), \
             but the run looks for {ours}. Run again with `--tool-names {}`. No case was run.",
            suggest.as_str()
        )),
        ToolFit::Foreign => Some(format!(
            "The server speaks MCP but offers another interface: it has {theirs}, and none of \
             the {n} tools of the `{PROFILE}` profile ({ours}, plus the list:// resource). \
             `{PROFILE}` is the only profile this harness knows, and the closest to this \
             server, so no case was run. Check that the command starts the server you meant \
             to test.",
            n = INTERFACE_TOOLS.len()
        )),
    }
}

/// Whether a scenario reads a `list://` resource (its Gherkin steps say so).
pub fn reads_listing(scenario: &cucumber::gherkin::Scenario) -> bool {
    scenario
        .steps
        .iter()
        .any(|s| s.value.contains("reads the resource \"list://"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn full_partial_other_spelling_and_foreign() {
        let dotted = names(&INTERFACE_TOOLS);
        assert_eq!(tool_fit(&dotted, ToolNames::Dotted), ToolFit::Full);
        assert_eq!(
            tool_fit(&dotted, ToolNames::Underscore),
            ToolFit::OtherSpelling {
                suggest: ToolNames::Dotted
            }
        );
        let under: Vec<String> = dotted.iter().map(|t| t.replace('.', "_")).collect();
        assert_eq!(
            tool_fit(&under, ToolNames::Dotted),
            ToolFit::OtherSpelling {
                suggest: ToolNames::Underscore
            }
        );
        assert_eq!(
            tool_fit(&names(&["text.read", "file.create"]), ToolNames::Dotted),
            ToolFit::Partial {
                missing: names(&["file.remove", "text.replace", "text.insert", "text.append"])
            }
        );
        let fs = names(&["read_file", "write_file", "list_directory"]);
        assert_eq!(tool_fit(&fs, ToolNames::Dotted), ToolFit::Foreign);
        assert_eq!(tool_fit(&[], ToolNames::Dotted), ToolFit::Foreign);
    }

    #[test]
    fn stop_reasons_name_what_was_seen_and_what_to_do() {
        let fs = names(&["read_file", "write_file"]);
        let m = stop_reason(&fs, ToolNames::Dotted).unwrap();
        assert!(m.contains("read_file, write_file"), "{m}");
        assert!(m.contains("another interface"), "{m}");
        assert!(m.contains("`rootspace`"), "{m}");
        assert!(!m.contains("does not speak"), "{m}");
        let under: Vec<String> = INTERFACE_TOOLS
            .iter()
            .map(|t| t.replace('.', "_"))
            .collect();
        let m = stop_reason(&under, ToolNames::Dotted).unwrap();
        assert!(m.contains("--tool-names underscore"), "{m}");
        assert!(stop_reason(&names(&INTERFACE_TOOLS), ToolNames::Dotted).is_none());
        assert!(stop_reason(&names(&["text.read"]), ToolNames::Dotted).is_none());
    }
}
