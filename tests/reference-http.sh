# Sourced by the scripts that reach the built-in reference by URL: start_reference_http
# starts it on port 0 and reads the endpoint it announces on stderr (reference/src/serving.rs,
# ANNOUNCEMENT), so no port is found free and then taken by another process meanwhile.
# Needs $bin_dir (tests/cargo-profile.sh).

# start_reference_http ROOT LOG [ARG …]: starts mcp-reference over HTTP at ROOT, its stderr
# into LOG; sets reference_pid and endpoint (http://127.0.0.1:PORT/mcp), or fails (when it
# exits first, or after 10 s) showing the log's tail.
start_reference_http() {
    local root="$1" log="$2"
    shift 2
    "$bin_dir/mcp-reference" --root "$root" --http 127.0.0.1:0 "$@" 2>"$log" &
    reference_pid=$!
    endpoint=
    for _ in $(seq 200); do
        endpoint=$(sed -n 's/^mcp-reference: serving Streamable HTTP at \(http:[^ ]*\).*/\1/p' "$log" | head -n 1)
        [ -z "$endpoint" ] || return 0
        kill -0 "$reference_pid" 2>/dev/null || {
            echo "the reference exited before it announced its endpoint; its stderr:" >&2
            tail -n 20 "$log" >&2
            return 1
        }
        sleep 0.05
    done
    echo "the reference did not announce its endpoint within 10 s; its stderr:" >&2
    tail -n 20 "$log" >&2
    return 1
}
