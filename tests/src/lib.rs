//! Empty library: the end-to-end tests live in tests/e2e, the benchmark in benches/stdio.rs.
