//! Test-only support for `mcp-faulty`: injected faults and alternative readings of the
//! reference at its seams (`faults/`) and the wire fault proxy (`proxy.rs`). The
//! end-to-end tests live in tests/e2e, the benchmark in benches/stdio.rs.

pub mod faults;
pub mod proxy;
