//! Test-only support: the wire fault proxy used by `mcp-faulty`. The end-to-end tests live
//! in tests/e2e, the benchmark in benches/stdio.rs.

pub mod proxy;
