//! Test-only support for `mcp-faulty`: injected faults and alternative readings of the
//! reference at its seams (`faults/`) and the wire fault proxy (`proxy.rs`). The
//! end-to-end tests live in tests/e2e, the benchmarks in benches/ (`cpu.rs` gives them a
//! server's own CPU time, `listen.rs` an HTTP server's address without a port race,
//! `casefold.rs` a root that folds case).

pub mod casefold;
pub mod cpu;
pub mod faults;
pub mod listen;
pub mod proxy;
