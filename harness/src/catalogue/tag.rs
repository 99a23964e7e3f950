//! The control tags: the Gherkin tags that steer a run (a case's level, whether it rests on
//! a clarification, the transport it applies to, what it needs from the server or the
//! machine), as opposed to the catalogue ids a case covers. Spelled here once.

use std::fmt;
use std::str::FromStr;

use super::model::{Case, Level, Transport};

/// One control tag. `Display` gives it with its `@` (as the features spell it); `name`
/// without (as cucumber hands a scenario's tags over).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ControlTag {
    /// `@must`: a MUST-level case, whose failure fails the run.
    Must,
    /// `@should`: a SHOULD-level case, reported, failing the run only with `--strict`.
    Should,
    /// `@clarification`: the case covers one of our clarifications, so it is checked strictly.
    Clarification,
    /// `@http-only`: the case applies to the Streamable HTTP transport alone.
    HttpOnly,
    /// `@stdio-only`: the case applies to the stdio transport alone.
    StdioOnly,
    /// `@audit-log`: the case reads the server's audit log (skipped unless the server
    /// command has `{audit_log}`).
    AuditLog,
    /// `@client-roots`: the client offers roots (the server asks `roots/list`, a
    /// server-to-client request): run over stdio in the 2025-11-25 era, skipped elsewhere.
    ClientRoots,
    /// `@casefold-root`: the case needs a root on a filesystem that folds case.
    CasefoldRoot,
    /// `@device`: the case makes a device node in the root (only as root).
    Device,
}

impl ControlTag {
    /// Every control tag.
    pub const ALL: [ControlTag; 9] = [
        ControlTag::Must,
        ControlTag::Should,
        ControlTag::Clarification,
        ControlTag::HttpOnly,
        ControlTag::StdioOnly,
        ControlTag::AuditLog,
        ControlTag::ClientRoots,
        ControlTag::CasefoldRoot,
        ControlTag::Device,
    ];

    /// The tag without its `@`.
    pub fn name(self) -> &'static str {
        match self {
            ControlTag::Must => "must",
            ControlTag::Should => "should",
            ControlTag::Clarification => "clarification",
            ControlTag::HttpOnly => "http-only",
            ControlTag::StdioOnly => "stdio-only",
            ControlTag::AuditLog => "audit-log",
            ControlTag::ClientRoots => "client-roots",
            ControlTag::CasefoldRoot => "casefold-root",
            ControlTag::Device => "device",
        }
    }

    /// The control tag `tag` spells, with or without its `@`; `None` for any other tag (a
    /// covered id, a case id).
    pub fn parse(tag: &str) -> Option<ControlTag> {
        let name = tag.strip_prefix('@').unwrap_or(tag);
        ControlTag::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether a scenario with `tags` (as cucumber gives them, without `@`) carries it.
    pub fn on(self, tags: &[String]) -> bool {
        tags.iter().any(|t| t == self.name())
    }

    /// The tag of the cases that apply only to the other transport than the one a run
    /// uses (`http`: Streamable HTTP), and why such a case is not run.
    pub fn other_transport(http: bool) -> (ControlTag, &'static str) {
        if http {
            (
                ControlTag::StdioOnly,
                "it applies only to the stdio transport and this run uses HTTP",
            )
        } else {
            (
                ControlTag::HttpOnly,
                "it applies only to the Streamable HTTP transport and this run uses stdio",
            )
        }
    }
}

impl From<Level> for ControlTag {
    fn from(level: Level) -> ControlTag {
        match level {
            Level::Must => ControlTag::Must,
            Level::Should => ControlTag::Should,
        }
    }
}

impl fmt::Display for ControlTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}", self.name())
    }
}

impl FromStr for ControlTag {
    type Err = String;

    fn from_str(s: &str) -> Result<ControlTag, String> {
        ControlTag::parse(s).ok_or_else(|| format!("{s:?} is not a control tag"))
    }
}

/// Here rather than in `model.rs`, which would otherwise import this module back.
impl Case {
    /// `@http-only` or `@stdio-only` when the case applies to one transport alone.
    pub fn transport_tag(&self) -> Option<ControlTag> {
        let http = self.transports.contains(&Transport::Http);
        let stdio = self.transports.contains(&Transport::Stdio);
        match (stdio, http) {
            (false, true) => Some(ControlTag::HttpOnly),
            (true, false) => Some(ControlTag::StdioOnly),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_tag_parses_back_with_or_without_its_at() {
        for t in ControlTag::ALL {
            assert_eq!(ControlTag::parse(&t.to_string()), Some(t));
            assert_eq!(ControlTag::parse(t.name()), Some(t));
            assert_eq!(t.to_string().parse::<ControlTag>(), Ok(t));
        }
        assert_eq!(ControlTag::parse("CLR-023"), None);
        assert!("@serial".parse::<ControlTag>().is_err());
    }

    #[test]
    fn a_scenario_carries_a_tag_by_its_name() {
        let tags = vec!["must".to_string(), "client-roots".to_string()];
        assert!(ControlTag::ClientRoots.on(&tags));
        assert!(!ControlTag::Device.on(&tags));
    }
}
