//! How grave a failure is, from what its check saw (the step form that failed and the
//! case's steps), not from hand tags: an escape (FSC-ROOTS-013, HARD-004) must never sit
//! beside a style choice, whether its case is core or a clarification.

use crate::catalogue::interface;
use crate::catalogue::vocabulary::{self, Form};
use crate::run::outcome::{CaseResult, Outcome};

/// The classes of failure, most severe first (the order of the reports).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// Data read from outside the root.
    OutsideRead,
    /// Something written, changed or removed outside the root.
    OutsideWrite,
    /// Data lost: a torn write, a lost update, a refused edit that wrote.
    DataLost,
    /// Bytes changed that the call did not name.
    Corrupted,
    /// The server hung or died.
    Hung,
    /// A core case got another answer than its source requires.
    Wrong,
    /// The server's interface differs (a tool's schema, an error's shape, a transport).
    Interface,
    /// One of our choices where the source is silent, chosen otherwise.
    Choice,
}

impl Severity {
    pub const ALL: [Severity; 8] = [
        Severity::OutsideRead,
        Severity::OutsideWrite,
        Severity::DataLost,
        Severity::Corrupted,
        Severity::Hung,
        Severity::Wrong,
        Severity::Interface,
        Severity::Choice,
    ];

    /// A short name, for tables and CSS classes.
    pub fn key(self) -> &'static str {
        match self {
            Severity::OutsideRead => "outside-read",
            Severity::OutsideWrite => "outside-write",
            Severity::DataLost => "data-lost",
            Severity::Corrupted => "corrupted",
            Severity::Hung => "hung",
            Severity::Wrong => "wrong",
            Severity::Interface => "interface",
            Severity::Choice => "choice",
        }
    }

    /// The plain title of the class.
    pub fn title(self) -> &'static str {
        match self {
            Severity::OutsideRead => "Confinement: data read from outside the root",
            Severity::OutsideWrite => "Confinement: written, changed or removed outside the root",
            Severity::DataLost => "Data lost",
            Severity::Corrupted => "Content corrupted",
            Severity::Hung => "Server hung or died",
            Severity::Wrong => "Wrong answer",
            Severity::Interface => "Interface difference",
            Severity::Choice => "A choice where the source is silent",
        }
    }

    /// The headline of `n` failures of this class: "Confinement: 2 ways out (reads)".
    pub fn headline(self, n: usize) -> String {
        let s = if n == 1 { "" } else { "s" };
        match self {
            Severity::OutsideRead => format!("Confinement: {n} way{s} out (data read outside)"),
            Severity::OutsideWrite => {
                format!("Confinement: {n} way{s} out (written, changed or removed outside)")
            }
            Severity::DataLost => format!("Data lost: {n} case{s}"),
            Severity::Corrupted => format!("Content corrupted: {n} case{s}"),
            Severity::Hung => format!("Server hung or died: {n} case{s}"),
            Severity::Wrong => format!("Wrong answers: {n} case{s}"),
            Severity::Interface => format!("Interface differences: {n} case{s}"),
            Severity::Choice => {
                format!("Choices where the source is silent: {n} case{s} chose otherwise")
            }
        }
    }

    /// A finding about confinement: never set aside with the choices.
    pub fn is_security(self) -> bool {
        matches!(self, Severity::OutsideRead | Severity::OutsideWrite)
    }
}

/// The failing step without its Gherkin keyword.
pub fn sentence(step: &str) -> &str {
    for kw in ["Given ", "When ", "Then ", "And ", "But ", "* "] {
        if let Some(rest) = step.strip_prefix(kw) {
            return rest;
        }
    }
    step
}

/// The vocabulary form of a step (with or without its keyword), if it is one.
pub fn form_of(step: &str) -> Option<Form> {
    let s = sentence(step);
    vocabulary::ALL
        .iter()
        .find(|f| f.captures(s).is_some())
        .copied()
}

/// Whether a case's steps involve the outside area (a fixture there, a path into it, or
/// the sweep, which makes its own).
pub fn involves_outside(steps: &[String]) -> bool {
    steps.iter().any(|s| {
        s.contains("${outside}")
            || s.starts_with("an outside ")
            || vocabulary::SWEEP.captures(sentence(s)).is_some()
    })
}

/// Whether a message says the server stopped answering or exited.
fn hung(message: &str) -> bool {
    let first = message.lines().next().unwrap_or("");
    [
        "no response within",
        "no answer to",
        "the server exited",
        "exited before",
    ]
    .iter()
    .any(|m| first.contains(m))
}

/// Said in a failure, by the check that a call be refused, when the call went through and
/// the area outside the root changed: the evidence of a write outside.
pub const OUTSIDE_CHANGED: &str = "evidence: the area outside the root changed";
/// Said likewise when the reply shows a bait's text: the evidence of a read outside.
pub const BAIT_SHOWN: &str =
    "evidence: the reply shows the text or the name of a file outside the root";

/// The class of a failed case; `None` when it did not fail.
pub fn of(r: &CaseResult) -> Option<Severity> {
    let Outcome::Failed { step, message } = &r.outcome else {
        return None;
    };
    let class = classify(step, message, &r.steps, r.clarification);
    // A difference the interface file declares (a documented line-ending policy) is one,
    // unless the server hung or reached outside.
    let declared = r.covers.iter().any(|c| interface::is_declared(c));
    if declared && !class.is_security() && class != Severity::Hung {
        return Some(Severity::Interface);
    }
    Some(class)
}

/// The class from the failing step, its message and the case's steps. Fallback: a wrong
/// answer for a core case, a choice for ours.
fn classify(step: &str, message: &str, steps: &[String], clarification: bool) -> Severity {
    let fallback = if clarification {
        Severity::Choice
    } else {
        Severity::Wrong
    };
    if hung(message) {
        return Severity::Hung;
    }
    let Some(form) = form_of(step) else {
        return fallback;
    };
    let outside = involves_outside(steps);
    let refused = steps.iter().any(|s| s.starts_with("the call fails"));
    match form.name {
        "NEVER_SHOWS" => Severity::OutsideRead,
        "OUTSIDE_UNCHANGED" => Severity::OutsideWrite,
        // A call into the outside area that should have been refused went through: an
        // escape only by its evidence (`steps::results`), else a wrong answer.
        "CALL_FAILS" | "CALL_FAILS_WITH" if outside && message.contains(OUTSIDE_CHANGED) => {
            Severity::OutsideWrite
        }
        "CALL_FAILS" | "CALL_FAILS_WITH" if outside && message.contains(BAIT_SHOWN) => {
            Severity::OutsideRead
        }
        // The sweep says which evidence it found.
        "SWEEP_NO_WAY_OUT" if message.contains(OUTSIDE_CHANGED) => Severity::OutsideWrite,
        "SWEEP_NO_WAY_OUT" if message.contains(BAIT_SHOWN) => Severity::OutsideRead,
        "READS_OLD_OR_NEW" | "CONCURRENT_OUTCOME" | "FILE_HAS_WINNERS_TEXT" => Severity::DataLost,
        // The disk after a refusal that was given: the refused call wrote anyway.
        "FILE_HAS_TEXT" | "FILE_HAS_BASE64" | "PATH_ABSENT" | "ROOT_HOLDS_ONLY"
        | "DIRECTORY_EXISTS" | "FILE_HAS_MODE"
            if refused =>
        {
            Severity::DataLost
        }
        "FILE_HAS_TEXT" | "FILE_HAS_BASE64" | "FILE_HAS_MODE" if !clarification => {
            Severity::Corrupted
        }
        "SERVER_ANSWERS" => Severity::Hung,
        "TOOL_SCHEMA"
        | "TEMPLATE_INCLUDED"
        | "ERROR_CARRIES_FACTS"
        | "ERROR_FIELD_TYPED"
        | "ERROR_MARKED"
        | "ONLY_MESSAGES"
        | "HTTP_STATUS"
        | "SESSION_ID_UUID"
        | "WWW_AUTHENTICATE"
        | "JSONRPC_RESULT" => Severity::Interface,
        _ => fallback,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn steps(s: &[&str]) -> Vec<String> {
        s.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn the_bait_and_the_outside_area_are_escapes_even_in_a_clarification() {
        let hard = steps(&[
            "an outside file \"secret\" with text \"top secret\\n\"",
            "a hard link \"twin.txt\" to the file \"${outside}/secret\"",
            "the client calls \"read_text_file\" with {\"path\":\"${root}/twin.txt\"}",
        ]);
        let step = "Then no reply of the server shows any of [\"top secret\"]";
        assert_eq!(classify(step, "shown", &hard, true), Severity::OutsideRead);
        let step = "And nothing outside the root has changed";
        assert_eq!(classify(step, "x", &[], true), Severity::OutsideWrite);
    }

    #[test]
    fn a_call_into_the_outside_area_that_succeeds_is_an_escape_by_its_evidence() {
        let roots = steps(&[
            "an outside file \"secret\" with text \"top secret\\n\"",
            "the client offers the roots [\"/\"]",
            "the client calls \"read_text_file\" with {\"path\":\"${outside}/secret\"}",
            "the call fails",
        ]);
        let step = "Then the call fails";
        let shown = format!("succeeded; {BAIT_SHOWN}");
        assert_eq!(classify(step, &shown, &roots, false), Severity::OutsideRead);
        let mut write = roots.clone();
        write[2] = "the client calls \"write_file\" with {\"path\":\"${outside}/x\"}".into();
        let changed = format!("succeeded; {OUTSIDE_CHANGED}: x added");
        assert_eq!(
            classify(step, &changed, &write, true),
            Severity::OutsideWrite
        );
        // A success that neither changed the outside nor showed a bait (a NUL byte taken
        // inside, an argument the server ignored) is a wrong answer or a choice.
        assert_eq!(classify(step, "succeeded", &roots, false), Severity::Wrong);
        assert_eq!(classify(step, "succeeded", &write, true), Severity::Choice);
        // Without the outside area, the same step is a wrong answer or a choice.
        assert_eq!(classify(step, "", &[], false), Severity::Wrong);
        assert_eq!(classify(step, "", &[], true), Severity::Choice);
    }

    #[test]
    fn the_disk_after_a_refusal_is_data_lost_and_after_a_success_corruption() {
        let refused = steps(&["the call fails"]);
        let step = "And the file \"a.txt\" has text \"old\"";
        assert_eq!(classify(step, "", &refused, true), Severity::DataLost);
        let done = steps(&["the call succeeds"]);
        assert_eq!(classify(step, "", &done, false), Severity::Corrupted);
        // In a clarification, what a successful edit writes is the choice itself.
        assert_eq!(classify(step, "", &done, true), Severity::Choice);
        let torn = "And every read during the call returned the file's old or new content";
        assert_eq!(classify(torn, "", &[], false), Severity::DataLost);
    }

    #[test]
    fn a_declared_difference_is_an_interface_difference_unless_it_hung() {
        let failed = |message: &str, covers: &[&str]| CaseResult {
            covers: covers.iter().map(|c| c.to_string()).collect(),
            outcome: Outcome::Failed {
                step: "And the file \"a.txt\" has text \"one\\r\\nTWO\\r\\n\"".into(),
                message: message.into(),
            },
            steps: steps(&["the call succeeds"]),
            ..CaseResult::describe("r.feature", "x/EDIT-010 n", &[])
        };
        let declared = ["UNIVERSAL-DECLARED-EDIT-LINE-ENDINGS"];
        assert_eq!(
            of(&failed("bytes differ", &declared)),
            Some(Severity::Interface)
        );
        assert_eq!(
            of(&failed("bytes differ", &["UNIVERSAL-EDIT-LINE-ENDINGS"])),
            Some(Severity::Corrupted)
        );
        let hang = "no response within 10 s";
        assert_eq!(of(&failed(hang, &declared)), Some(Severity::Hung));
    }

    #[test]
    fn a_silent_or_dead_server_and_interface_differences() {
        let msg = "no response within 10 s (the server hangs or dropped the request)";
        assert_eq!(
            classify("Then the call succeeds", msg, &[], true),
            Severity::Hung
        );
        let step = "Then the tool \"read_file\" requires [\"path\"] and has properties [\"path\"]";
        assert_eq!(classify(step, "", &[], false), Severity::Interface);
        assert!(Severity::OutsideRead < Severity::Choice);
        assert!(Severity::OutsideWrite.is_security() && !Severity::Choice.is_security());
    }
}
