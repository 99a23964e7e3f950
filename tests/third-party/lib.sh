# Shared by the third-party scripts (sourced): building a crate once, the race cases a
# strict run cannot hold, and the run summary kept beside the matrix.
# caught_within needs $harness, the mcp-harness binary.

# caught_within LABEL SERVER_COMMAND IDS TRIES [RUN_ARG …]: each case in IDS (a regex of ids
# joined by |) must fail, an escape caught, in one of TRIES runs against SERVER_COMMAND of
# the filesystem profile, or of what the RUN_ARGs name (`--interface FILE`); a case caught
# once is not run again.
caught_within() {
    local label="$1" command="$2" todo="$3" ids="$3" tries="$4" failed out
    shift 4
    local run_args=("$@")
    [ "${#run_args[@]}" -gt 0 ] || run_args=(--profile filesystem)
    out=$(mktemp)
    for try in $(seq "$tries"); do
        "$harness" run "${run_args[@]}" --server "$command" --name "^($todo) " \
            >"$out" 2>&1 || true
        failed=$(awk '/^FAIL /{print $2}' "$out" | paste -sd'|')
        [ -z "$failed" ] || todo=$(tr '|' '\n' <<<"$todo" | grep -Evx "$failed" | paste -sd'|' || true)
        [ -n "$todo" ] || { echo "$label: $ids caught (by try $try)"; rm -f "$out"; return 0; }
    done
    echo "$label: $todo not caught in $tries tries against $command" >&2
    tail -n 40 "$out" >&2
    rm -f "$out"
    return 1
}

# but IDS: every filesystem scenario id but those IDS (a regex of ids joined by |), as a --name
# regex: the strict runs leave out the cases a race decides, which run apart (caught_within).
but() { # ids regex -> every filesystem scenario id but those, as a --name regex
    grep -h '^ *Scenario' features/filesystem/*.feature | awk '{print $2}' | grep -Evx "$1" | paste -sd'|'
}

# install_crate NAME VERSION DIR [FLAG …]: builds the crates.io package NAME at VERSION into
# DIR/bin/NAME once, with its own Cargo.lock (--locked) and a target dir apart from ours;
# FLAGs go to cargo install (--debug, …). The target dir is DIR/target, removed after, or
# MCP_THIRD_PARTY_TARGET when set, kept: .ci/run builds every crate into one, so that the
# dependencies the releases share (most of them) are compiled once, and removes it after.
install_crate() {
    local name="$1" version="$2" dir="$3" start target
    shift 3
    [ ! -x "$dir/bin/$name" ] || return 0
    target="${MCP_THIRD_PARTY_TARGET:-$dir/target}"
    start=$(date +%s)
    # Without .ci/run's clippy wrapper: it lints the workspace's own crates, not theirs.
    env -u RUSTC_WORKSPACE_WRAPPER -u CLIPPY_ARGS CARGO_PROFILE_DEV_DEBUG=0 \
        cargo install "$name" --version "$version" --locked \
        --root "$dir" --target-dir "$target" "$@" >&2
    [ -n "${MCP_THIRD_PARTY_TARGET:-}" ] || rm -rf "$target"
    echo "$name: built $version in $(($(date +%s) - start)) s" >&2
}

# keep_summary LABEL FILE: the strict run's summary (`run --summary`), committed beside its
# matrix as docs/third-party/LABEL-summary.json, which docs/third-party.md's comparison is
# rendered from (`mcp-harness compare`): written with UPDATE=1, else it must be the
# committed one, as the matrix must.
keep_summary() {
    local label="$1" out="$2" committed="docs/third-party/$1-summary.json"
    if [ -n "${UPDATE:-}" ]; then
        cp "$out" "$committed"
        echo "$label: wrote $committed"
    elif [ ! -f "$committed" ]; then
        echo "$label: $committed is missing; run UPDATE=1 bash tests/third-party/$label.sh and commit it" >&2
        return 1
    elif ! diff -u "$committed" "$out"; then
        echo "$label: $committed differs from this run's summary (above); if the change is" >&2
        echo "expected, run UPDATE=1 bash tests/third-party/$label.sh and commit it" >&2
        return 1
    fi
}
