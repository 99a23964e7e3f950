//! The run's figures (`Totals`), counted once for the console, the HTML page and the exit
//! code, and their one-line summary. A module of its own so that the verdict, which counts
//! them, and the console, which prints the verdict, import no circle.

use std::fmt::Write as _;

/// The run's figures, counted once for the console, the HTML page and the exit code.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub scenarios: usize,
    pub passed: usize,
    /// Failed and not expected by the baseline.
    pub failed: usize,
    /// Of `failed`, those that fail the run.
    pub counted: usize,
    pub expected: usize,
    /// Skipped, by reason.
    pub skipped: Vec<(String, usize)>,
    pub stale: usize,
}

impl Totals {
    pub fn skipped_total(&self) -> usize {
        self.skipped.iter().map(|(_, n)| n).sum()
    }

    /// "98 scenarios in 1.20 s: 94 passed, 4 failed (1 counted, ...)": the parts that are
    /// not zero, plurals right.
    pub fn line(&self, seconds: f64) -> String {
        let mut parts = vec![format!("{} passed", self.passed)];
        let tolerated = self.failed - self.counted;
        let mut failed = format!("{} failed", self.failed);
        if tolerated > 0 {
            let _ = write!(
                failed,
                " ({} counted, {tolerated} SHOULD-level not counted without --strict)",
                self.counted
            );
        }
        parts.push(failed);
        if self.expected > 0 {
            parts.push(format!("{} expected by the baseline", self.expected));
        }
        if self.skipped_total() > 0 {
            let why = self
                .skipped
                .iter()
                .map(|(why, n)| format!("{n} {why}"))
                .collect::<Vec<_>>()
                .join(", ");
            parts.push(format!("{} skipped ({why})", self.skipped_total()));
        }
        if self.stale > 0 {
            parts.push(plural(
                self.stale,
                "stale baseline entry",
                "stale baseline entries",
            ));
        }
        format!(
            "{} in {seconds:.2} s: {}",
            plural(self.scenarios, "scenario", "scenarios"),
            parts.join(", ")
        )
    }
}

/// "1 scenario", "2 scenarios".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    if n == 1 {
        format!("{n} {one}")
    } else {
        format!("{n} {many}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_totals_line_says_only_what_happened() {
        let t = Totals {
            scenarios: 1,
            passed: 1,
            ..Totals::default()
        };
        assert_eq!(t.line(0.5), "1 scenario in 0.50 s: 1 passed, 0 failed");
        let t = Totals {
            scenarios: 5,
            passed: 1,
            failed: 2,
            counted: 1,
            expected: 1,
            skipped: vec![("another transport".into(), 1)],
            stale: 1,
        };
        assert_eq!(
            t.line(1.0),
            "5 scenarios in 1.00 s: 1 passed, 2 failed (1 counted, 1 SHOULD-level not counted \
             without --strict), 1 expected by the baseline, 1 skipped (1 another transport), \
             1 stale baseline entry"
        );
    }
}
