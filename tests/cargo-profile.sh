# Sourced by the scripts that build and run the harness or the reference: the cargo profile
# they use. A user's run builds release, as the README's main command does. .ci/run sets
# MCP_HARNESS_CARGO_PROFILE=dev, so that every step after `cargo test --workspace` runs the
# binaries that step built instead of compiling every dependency a second time in release
# (a build of both cores for about 10 minutes). After that step, `cargo build --profile dev`
# of mcp-harness, or of mcp-harness with mcp-reference, compiles nothing; mcp-reference
# alone would (its features differ), so no script builds it alone.
# Sets: cargo_profile (for `cargo build --profile`) and bin_dir (where the binaries are).
cargo_profile="${MCP_HARNESS_CARGO_PROFILE:-release}"
case "$cargo_profile" in
    dev) bin_dir="${CARGO_TARGET_DIR:-target}/debug" ;;
    *) bin_dir="${CARGO_TARGET_DIR:-target}/$cargo_profile" ;;
esac
