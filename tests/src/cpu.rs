//! A server process's own CPU time, for the benchmarks (issue 25): utime + stime from
//! `/proc/PID/stat`, which counts every thread, exited ones included. The clock ticks are
//! coarse (10 ms at the usual 100 Hz), so a figure should span many calls.

use std::process::Command;
use std::time::Duration;

/// utime + stime of a process in clock ticks: fields 14 and 15 of /proc/PID/stat, counted
/// after the command name (which may hold spaces and parentheses).
pub fn ticks(pid: u32) -> Result<u64, String> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).map_err(|e| e.to_string())?;
    let rest = stat
        .rsplit_once(')')
        .ok_or_else(|| format!("unexpected /proc/{pid}/stat: {stat}"))?
        .1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // `rest` starts at field 3 (the state), so utime and stime are its 12th and 13th.
    let field = |i: usize| -> Result<u64, String> {
        fields
            .get(i)
            .and_then(|f| f.parse().ok())
            .ok_or_else(|| format!("no field {} in /proc/{pid}/stat", i + 3))
    };
    Ok(field(11)? + field(12)?)
}

/// Clock ticks per second, from `getconf CLK_TCK` (100, Linux's usual, if it cannot say).
pub fn ticks_per_second() -> u64 {
    static TICKS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100)
    })
}

/// A tick count as time.
pub fn duration(ticks: u64) -> Duration {
    Duration::from_secs_f64(ticks as f64 / ticks_per_second() as f64)
}

#[cfg(test)]
mod tests {
    /// This process's own ticks grow while it spins.
    #[test]
    fn own_ticks_grow_with_work() {
        let me = std::process::id();
        let before = super::ticks(me).unwrap();
        let t = std::time::Instant::now();
        let mut x = 0u64;
        while t.elapsed() < std::time::Duration::from_millis(60) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        assert!(super::ticks(me).unwrap() > before);
    }
}
