# Shared by the third-party scripts (sourced): the race cases a strict run cannot hold.
# Needs $harness, the mcp-harness binary.

# caught_within LABEL SERVER_COMMAND IDS TRIES: each case in IDS (a regex of ids joined by
# |) must fail, an escape caught, in one of TRIES runs of the filesystem profile against
# SERVER_COMMAND; a case caught once is not run again.
caught_within() {
    local label="$1" command="$2" todo="$3" tries="$4" failed out
    out=$(mktemp)
    for try in $(seq "$tries"); do
        "$harness" run --profile filesystem --server "$command" --name "^($todo) " \
            >"$out" 2>&1 || true
        failed=$(awk '/^FAIL /{print $2}' "$out" | paste -sd'|')
        [ -z "$failed" ] || todo=$(tr '|' '\n' <<<"$todo" | grep -Evx "$failed" | paste -sd'|' || true)
        [ -n "$todo" ] || { echo "$label: $3 caught (by try $try)"; rm -f "$out"; return 0; }
    done
    echo "$label: $todo not caught in $tries tries against $command" >&2
    tail -n 40 "$out" >&2
    rm -f "$out"
    return 1
}
