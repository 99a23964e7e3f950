//! The starter's probe of size caps (`limits:`, UNIVERSAL-DECLARED-LIMITS): a read, an edit
//! and a write of a file of the largest size the suite uses (the 10 MB round trips of
//! UNIVERSAL-LARGE-FILES, ROUND-014..016), and, where that one is refused, a few sizes below
//! it to find the cap: the largest that passed with one byte more refused. Only a cap pinned
//! that way is declared; otherwise the starter says what was refused and asks the author.

/// The line and count of the suite's 10 MB fixture (specs/shared/roundtrip.yaml, ROUND-014):
/// the probe's largest size is theirs.
const LARGE_LINE: &str = "hello wörld ✓ 日本語 \u{1F642} grüße ∑ 10 MB\n";
const LARGE_TIMES: u64 = 200_000;

/// The largest size the suite reads, writes or edits, in bytes.
pub fn largest() -> u64 {
    LARGE_LINE.len() as u64 * LARGE_TIMES
}

/// Caps servers document, tried from the largest down below a refused size (after any
/// `hints`, the caps already found for another operation).
const CAPS: &[u64] = &[
    8 << 20,
    5_000_000,
    4 << 20,
    2 << 20,
    2_000_000,
    1 << 20,
    1_000_000,
    512 << 10,
    500_000,
    256 << 10,
    100_000,
    64 << 10,
];

/// How one size came back.
#[derive(Debug, Clone, PartialEq)]
pub enum Tried {
    Passed,
    /// A refusal (`isError`, an error envelope, a JSON-RPC error), described.
    Refused(String),
    /// No answer (a timeout, the server gone): the probe stops there.
    Broken(String),
}

/// What the probe of one operation saw, with the tool it called.
#[derive(Debug, Clone, PartialEq)]
pub enum CapSeen {
    /// The largest size passed: no cap.
    Fits(String, u64),
    /// `cap` bytes passed and one byte more was refused; `refused` is the first refusal.
    Pinned {
        tool: String,
        cap: u64,
        refused: String,
    },
    /// Refused at `refused` bytes (saying `why`), and no cap found: `passed` is a size
    /// that passed above every candidate refused, if one did.
    Unpinned {
        tool: String,
        refused: u64,
        passed: Option<u64>,
        why: String,
    },
}

/// The caps seen, by operation.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LimitsSeen {
    pub read: Option<CapSeen>,
    pub write: Option<CapSeen>,
    pub edit: Option<CapSeen>,
}

impl LimitsSeen {
    /// The caps pinned, as `hints` for the next operation's probe.
    pub fn pinned(&self) -> Vec<u64> {
        [&self.read, &self.write, &self.edit]
            .into_iter()
            .filter_map(|c| match c {
                Some(CapSeen::Pinned { cap, .. }) => Some(*cap),
                _ => None,
            })
            .collect()
    }
}

/// A text of exactly `n` bytes, ASCII lines, that starts with `MARKER` (what the edit probe
/// replaces by `MARKED`, the same length, so the edited file keeps its size).
pub fn fixture(n: u64) -> String {
    let line = format!("{}\n", "x".repeat(99));
    let mut text = String::with_capacity(n as usize + line.len());
    text.push_str(MARKER);
    text.push('\n');
    while (text.len() as u64) < n {
        text.push_str(&line);
    }
    text.truncate(n as usize);
    text
}

pub const MARKER: &str = "LIMIT-PROBE";
pub const MARKED: &str = "limit-probe";

/// The cap of one operation through `tool`, by `try_size` (which makes the call for a size):
/// the largest size first; where refused, `hints` and then `CAPS` below it, each that passes
/// tried one byte larger.
pub async fn cap_of(
    tool: &str,
    hints: &[u64],
    mut try_size: impl AsyncFnMut(u64) -> Tried,
) -> CapSeen {
    let top = largest();
    let unpinned = |refused, passed, why| CapSeen::Unpinned {
        tool: tool.to_string(),
        refused,
        passed,
        why,
    };
    let first = match try_size(top).await {
        Tried::Passed => return CapSeen::Fits(tool.to_string(), top),
        Tried::Broken(why) => return unpinned(top, None, why),
        Tried::Refused(r) => r,
    };
    let mut refused = top;
    for &c in hints.iter().chain(CAPS) {
        if c >= refused || c == 0 {
            continue;
        }
        match try_size(c).await {
            Tried::Refused(_) => refused = c,
            Tried::Broken(why) => return unpinned(refused, None, why),
            Tried::Passed => {
                return match try_size(c + 1).await {
                    Tried::Refused(_) => CapSeen::Pinned {
                        tool: tool.to_string(),
                        cap: c,
                        refused: first,
                    },
                    Tried::Passed => unpinned(refused, Some(c + 1), first),
                    Tried::Broken(why) => unpinned(refused, Some(c), why),
                };
            }
        }
    }
    unpinned(refused, None, first)
}

/// The starter's lines for what the probe saw: a `limits:` line of the caps pinned, each
/// said, and a comment for each refusal it could not pin.
pub fn limits_lines(seen: &LimitsSeen) -> String {
    let ops = [
        (
            "largest_read",
            "a read of a file (made on disk) of",
            &seen.read,
        ),
        ("largest_write", "a create with content of", &seen.write),
        ("largest_edit", "an edit of a file of", &seen.edit),
    ];
    let mut out = String::new();
    let mut keys = Vec::new();
    for (key, asked, cap) in ops {
        match cap {
            None => {}
            Some(CapSeen::Fits(tool, n)) => {
                out.push_str(&format!(
                    "# Seen: {asked} {n} bytes through {tool} passed.\n"
                ));
            }
            Some(CapSeen::Pinned { tool, cap, refused }) => {
                out.push_str(&format!(
                    "# Seen: {asked} {} bytes through {tool} was refused ({refused});\n\
                     #   of {cap} bytes it passed, of {} refused.\n",
                    largest(),
                    cap + 1
                ));
                keys.push(format!("{key}: {cap}"));
            }
            Some(CapSeen::Unpinned {
                tool,
                refused,
                passed,
                why,
            }) => {
                let below = match passed {
                    Some(p) => format!("{p} bytes passed, so the cap lies between"),
                    None => "no smaller size tried passed".into(),
                };
                out.push_str(&format!(
                    "# NOT PINNED: {asked} {refused} bytes through {tool} failed ({why}); \
                     {below}.\n# If the server documents a cap, declare it: limits: {{{key}: \
                     BYTES}}\n"
                ));
            }
        }
    }
    if !keys.is_empty() {
        out.push_str(
            "# Declare a cap only where the server's documentation states it (docs/interfaces.md,\n\
             # `limits`): check it, and say where it is documented.\n",
        );
        out.push_str(&format!("limits: {{{}}}\n", keys.join(", ")));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A server refusing more than `cap` bytes.
    fn capped(cap: u64) -> impl AsyncFnMut(u64) -> Tried {
        async move |n: u64| {
            if n <= cap {
                Tried::Passed
            } else {
                Tried::Refused(format!("{n} bytes is over {cap}"))
            }
        }
    }

    fn run<T>(f: impl Future<Output = T>) -> T {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn fixtures_have_their_size_and_marker() {
        for n in [20, 1 << 20, (1 << 20) + 1] {
            let f = fixture(n);
            assert_eq!(f.len() as u64, n);
            assert!(f.starts_with(MARKER));
        }
        assert_eq!(largest(), 10_000_000, "ROUND-014's fixture");
    }

    /// A cap among those servers document is pinned; a hint pins another; one between two
    /// candidates, or below them all, is left to the author; no cap is no cap.
    #[test]
    fn caps_are_pinned_only_when_one_byte_more_is_refused() {
        let pinned = |c: &CapSeen| match c {
            CapSeen::Pinned { cap, .. } => Some(*cap),
            _ => None,
        };
        assert_eq!(
            pinned(&run(cap_of("w", &[], capped(1 << 20)))),
            Some(1 << 20)
        );
        assert_eq!(
            pinned(&run(cap_of("w", &[], capped(500_000)))),
            Some(500_000)
        );
        assert_eq!(
            pinned(&run(cap_of("w", &[1_234_567], capped(1_234_567)))),
            Some(1_234_567)
        );
        match run(cap_of("w", &[], capped(1_500_000))) {
            CapSeen::Unpinned {
                refused, passed, ..
            } => {
                assert_eq!((refused, passed), (2_000_000, Some(1_048_577)));
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            run(cap_of("w", &[], capped(10))),
            CapSeen::Unpinned { passed: None, .. }
        ));
        assert_eq!(
            run(cap_of("w", &[], capped(u64::MAX))),
            CapSeen::Fits("w".into(), largest())
        );
        let mut calls = 0;
        let broken = run(cap_of("w", &[], async |_| {
            calls += 1;
            Tried::Broken("timed out".into())
        }));
        assert!(matches!(broken, CapSeen::Unpinned { .. }) && calls == 1);
    }

    /// Pinned caps are declared (the file loads with them), an unpinned refusal only
    /// commented.
    #[test]
    fn pinned_caps_are_declared_and_the_rest_commented() {
        let seen = LimitsSeen {
            read: Some(CapSeen::Pinned {
                tool: "r".into(),
                cap: 1 << 20,
                refused: "too big".into(),
            }),
            write: Some(CapSeen::Unpinned {
                tool: "w".into(),
                refused: 2_000_000,
                passed: None,
                why: "x".into(),
            }),
            edit: Some(CapSeen::Fits("e".into(), largest())),
        };
        let lines = limits_lines(&seen);
        assert!(
            lines.contains("limits: {largest_read: 1048576}\n"),
            "{lines}"
        );
        assert!(
            lines.contains(
                "# If the server documents a cap, declare it: limits: {largest_write: BYTES}"
            ),
            "{lines}"
        );
        let file = format!("interface: x\n{lines}operations: {{}}\n");
        let v: crate::catalogue::yaml::Value = crate::catalogue::yaml::from_str(&file).unwrap();
        assert_eq!(v["limits"]["largest_read"].as_u64(), Some(1 << 20));
        assert!(v["limits"].get("largest_write").is_none());
        assert!(limits_lines(&LimitsSeen::default()).is_empty());
    }
}
