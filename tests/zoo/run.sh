#!/usr/bin/env bash
# Runs the zoo (docs/zoo.md): small, correct file servers of shapes the harness has no profile
# for, written with the official Python SDK (pinned as in tests/interop/run.sh) and one with the
# TypeScript SDK (pinned in ts-mcpserver/package.json, with its lockfile: npm ci), over one
# confined core (tests/zoo/core.py), each through the interface file written by hand beside
# it. For each server:
#   1. the run through its interface file passes: exit 0, no case failed; for a server that
#      declares `limits:`, the cases beyond its caps are interface differences of a passing run;
#   2. `interface init` writes a starter, and the starter (its `interface:` name alone changed,
#      as the README's walkthrough does) is run: it must fail no case either (a failure there
#      would be the harness or its guess misreading a correct server);
#   3. with each fault of core.py (ZOO_FAULT), the run fails (exit 1) naming a case of the check
#      the fault breaks.
# A Python interpreter importing the SDK costs about 2.2 s of CPU, and every scenario starts
# its server: so each Python server runs behind a fork server (forkserver.py, started here for
# that server and stopped after it, the SDK imported once) and the harness starts the launcher
# (launch.py: no heavy import), which hands its stdio to a forked child; test_launch.py checks
# that pair first. ZOO_DIRECT=1 starts the interpreters directly, as before. By default the
# runs of steps 1 and 2 select the cases that read the servers' shapes: results, refusals, error
# texts, exact text, marks of failures, near-miss edits, nested creates, and the positive
# controls that let their refusals count (SAFE-001..009, SAFE-018..020, ROUND-001..004,
# ROUND-012..013, CTRL-001..004, EDIT-001..003, EDIT-014..017, NEST-001..003, MISS-001..004,
# MARK-001..008, and the sweep of every tool that takes a path, SWEEP-001); the core the servers share is
# run on every case by ZOO_FULL=1 (docs/zoo.md gives both times).
#
#   bash tests/zoo/run.sh                       # every server
#   ZOO_ONLY=mcpserver-text bash tests/zoo/run.sh   # one server
#   ZOO_FULL=1 bash tests/zoo/run.sh            # every case in steps 1 and 2
#   ZOO_DIRECT=1 bash tests/zoo/run.sh          # no fork server: an interpreter a scenario
#   MCP_HARNESS=/path/to/mcp-harness bash tests/zoo/run.sh   # a harness already built
#   UPDATE=1 bash tests/zoo/run.sh              # rewrite docs/zoo/results.tsv (below)
# What a run proved, per server (its shape, each interface file's and the starter's counts, each
# fault caught or not: stable facts alone, no times, no race case names), is compared with
# docs/zoo/results.tsv, the rows of the servers run; a difference fails the run with a diff.
# UPDATE=1 writes those rows instead; docs/harness-power.md's "The zoo" is rendered from the
# file (tests/tests/harness_power.rs). A ZOO_FULL=1 run selects other cases: not compared.
set -euo pipefail
cd "$(dirname "$0")/../.."
start=$SECONDS

mcp_version=$(sed -n 's/^MCP_VERSION="\([^"]*\)".*/\1/p' tests/interop/run.sh)
[ -n "$mcp_version" ] || { echo "zoo: no MCP_VERSION found in tests/interop/run.sh" >&2; exit 2; }
venv="${TMPDIR:-/tmp}/mcp-zoo/venv-mcp-$mcp_version"
if ! "$venv/bin/python" -c "import importlib.metadata as m, sys; sys.exit(m.version('mcp') != '$mcp_version')" 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$mcp_version" >&2
fi

ts="$PWD/tests/zoo/ts-mcpserver"
if [ ! -d "$ts/node_modules/@modelcontextprotocol/sdk" ]; then
    (cd "$ts" && npm ci --no-audit --no-fund --loglevel=error >&2)
fi

if [ -n "${MCP_HARNESS:-}" ]; then
    harness="$MCP_HARNESS"
else
    . tests/cargo-profile.sh  # cargo_profile, bin_dir
    cargo build --profile "$cargo_profile" -p mcp-harness
    harness="$PWD/$bin_dir/mcp-harness"
fi

zoo="$PWD/tests/zoo"
work=$(mktemp -d "${TMPDIR:-/tmp}/mcp-zoo-run.XXXXXX")
forkserver=
# stop_forkserver: ends the running fork server (its children end with their launchers) and
# prints the forks it served and their CPU.
stop_forkserver() {
    [ -n "$forkserver" ] || return 0
    kill -TERM "$forkserver" 2>/dev/null || true
    wait "$forkserver" 2>/dev/null || true
    forkserver=
    [ ! -s "$work/forkserver.stats" ] || echo "zoo: fork server: $(cat "$work/forkserver.stats")"
}
# start_forkserver NAME: a fork server for NAME on $work/NAME.sock, once it accepts.
start_forkserver() {
    local sock="$work/$1.sock" waited=0
    "$venv/bin/python" "$zoo/forkserver.py" "$sock" "$work/forkserver.stats" 2>"$work/$1.forkserver.err" &
    forkserver=$!
    until [ -S "$sock" ]; do
        if ! kill -0 "$forkserver" 2>/dev/null || [ "$waited" -ge 3000 ]; then
            cat "$work/$1.forkserver.err" >&2
            echo "zoo: the fork server for $1 did not start (see above)" >&2
            exit 2
        fi
        sleep 0.1
        waited=$((waited + 1))
    done
}
trap 'stop_forkserver; rm -rf "$work"' EXIT
servers=(mcpserver-json mcpserver-text mcpserver-status relative-path lowlevel-json ts-mcpserver paged-read
    nested-edits declared-limits empty-schemas selector-action)
all_servers=("${servers[@]}")
[ -z "${ZOO_ONLY:-}" ] || servers=($ZOO_ONLY)

# Each server's shape, one line for docs/zoo/results.tsv (docs/zoo.md describes each in full).
declare -A shape=(
    [mcpserver-json]='Python MCPServer; JSON text {success, data} echoed as structuredContent {result}; absolute paths'
    [mcpserver-text]='Python MCPServer; plain text results, refusals in band (isError: false, "Error: ..."); relative paths'
    [mcpserver-status]='Python MCPServer; structuredContent {status, text}, refusals by several status values, isError: false'
    [relative-path]='Python MCPServer; the path argument is relative_path; ToolError refusals'
    [lowlevel-json]='Python low-level Server; one JSON text block {ok, data}, no structuredContent'
    [ts-mcpserver]='TypeScript McpServer; plain text read, isError refusals, camelCase tools'
    [paged-read]='Python MCPServer; reads in pages, by offset or by continuation token'
    [nested-edits]='Python MCPServer; edits as files: [{path, edits: [{match_text, new_string}]}]'
    [declared-limits]='Python MCPServer; reads, writes and edited files capped at 1 MiB, documented'
    [empty-schemas]="Python low-level Server; the official filesystem server's tool names, empty input schemas"
    [selector-action]='Python MCPServer; one tool file_operation whose required action names the operation'
)

# The faults of core.py, each with the cases that must catch it (a regex of case ids after the
# interface's prefix): following links out breaks UNIVERSAL-SYMLINKS (SAFE-005..009 read,
# create, delete, list through links out; LINK-001..002 chains); writing in place breaks
# UNIVERSAL-ATOMIC-WRITE (SAFE-012) and writes through hard links (UNIVERSAL-CLR-04,
# HARD-001..002). The fault runs select those cases alone (--name), to keep the zoo short.
declare -A fault_cases=(
    [follow-links]='(SAFE-00[5-9]|LINK-00[12])'
    [write-in-place]='(SAFE-012|HARD-00[12])'
    # Issue 48's shapes: one write call after the truncate breaks UNIVERSAL-ATOMIC-WRITE
    # (SAFE-012 big to small, SAFE-017 small to big, seen by the reader on disk); a create
    # that says success under a missing directory and writes nothing breaks
    # UNIVERSAL-NESTED-CREATE (NEST-001..003); an edit that lands on a near match breaks
    # UNIVERSAL-EXACT-EDIT (EDIT-014..016).
    [truncate-then-write]='SAFE-01[27]'
    [create-no-parents]='NEST-00[1-3]'
    [fuzzy-edit]='EDIT-01[4-6]'
    # An absolute path outside taken as given by a server of relative names breaks
    # UNIVERSAL-CONFINEMENT (SAFE-018..020: a read, a create, a delete sent as they are).
    [absolute-names]='(SAFE-01[89]|SAFE-020)'
    # A delete and a tree delete that refuse everything break UNIVERSAL-WORKS-INSIDE (CTRL-001,
    # CTRL-002); their refusals of paths outside (SAFE-003, SAFE-008) must then count as not
    # tested, for want of a positive control, never as passes.
    [refuse-removals]='(CTRL-00[12]|SAFE-00[38])'
    # An edit of a text found twice that replaces the first and says success, on a server
    # whose interface file declares nothing, breaks UNIVERSAL-CLR-08 (EDIT-017; EDIT-001 is
    # its positive control).
    [first-of-two]='EDIT-0(01|17)'
    # mcpserver-text's own: its directory_sizes, which no interface maps, stats entries
    # following their links and shows the bait's size and time: only the sweep (SWEEP-001,
    # UNIVERSAL-PATH-TOOLS) attacks it.
    [sizes-follow-links]='SWEEP-001'
    # paged-read's own: a page that starts a character late or early breaks the joined text
    # (UNIVERSAL-EXACT-READ, ROUND-007..012).
    [page-skip]='ROUND-0(0[7-9]|1[0-2])'
    [page-repeat]='ROUND-0(0[7-9]|1[0-2])'
)
# The faults of core.py run against every server; a server's own faults against it alone.
core_faults=(follow-links write-in-place truncate-then-write create-no-parents fuzzy-edit absolute-names refuse-removals first-of-two)
declare -A own_faults=([paged-read]='page-skip page-repeat' [mcpserver-text]='sizes-follow-links')

select=(--name '/(SAFE-00[1-9]|SAFE-01[89]|SAFE-020|ROUND-00[1-4]|ROUND-01[23]|CTRL-00[1-4]|EDIT-00[1-3]|EDIT-01[4-7]|NEST-00[1-3]|MISS-00[1-4]|MARK-00[1-8]|SWEEP-001) ')
[ -z "${ZOO_FULL:-}" ] || select=()

# Servers with a tool that can undo confinement and that no mapping calls: the coverage line of
# each hand-written file's run must name it and never say that confinement holds.
declare -A fence_door=([mcpserver-status]=grant_folder)

# Servers that declare `limits:` (interfaces.md): the cases beyond their caps, the 10 MB round
# trips of UNIVERSAL-LARGE-FILES (ROUND-014..016), run through the hand-written file too, and
# must come out as interface differences (UNIVERSAL-DECLARED-LIMITS), the run passing.
declare -A beyond_caps=([declared-limits]='ROUND-01[4-6]')

# The starters known wrong today (none now), each with a line of the starter that shows the
# wrong guess (a fixed regex over the file), and why, for docs/zoo/results.tsv; docs/zoo.md
# says more. A known wrong guess is checked instead of run, so a better guess fails the run
# until its entry goes.
declare -A starter_wrong=()
declare -A starter_wrong_why=()

# A Python interpreter importing the SDK took over 60 s to answer `initialize` on a 2-core
# machine at a load average of 24 (the harness's default --startup-timeout): the runs give
# it longer. No check is about start-up time.
startup=(--startup-timeout 180)

failures=()
fail() { failures+=("$1"); echo "zoo: FAILED: $1" >&2; }

# totals FILE: the run's totals line, for the summary.
totals() { grep -E 'scenarios in .* passed' "$1" | tail -n 1 || true; }

# record SERVER WHAT RESULT: one row of what the run proved, for docs/zoo/results.tsv.
results="$work/results.tsv"
: >"$results"
record() { printf '%s\t%s\t%s\n' "$1" "$2" "$3" >>"$results"; }
# counts FILE: a run's counts, its totals line less the scenarios and the time (stable).
counts() {
    local line
    line=$(totals "$1")
    [ -n "$line" ] && echo "${line#*s: }" || echo "no totals line (the run did not finish)"
}

# beyond NAME SERVER IFACE CASES OUT RERUN: the cases beyond a server's declared caps pass the
# run (exit 0), each failing one an interface difference (the harness's note under its FAIL
# line), none a hang. The SDK parses and validates a 10 MB argument before the tool can refuse
# it, which took over 10 s (the default --timeout) at a load average of 24: these runs give
# each request 120 s.
beyond() {
    local rc=0 failed declared
    "$harness" run --interface "$3" --server "$2" "${startup[@]}" --timeout 120 \
        --name "^zoo-$1/($4) " >"$5" 2>&1 || rc=$?
    failed=$(grep -c '^FAIL ' "$5" || true)
    declared=$(grep -c '^  note: declared by the interface file' "$5" || true)
    if [ "$rc" = 0 ] && [ "$failed" -gt 0 ] && [ "$failed" = "$declared" ] && ! grep -q 'hung or died' "$5"; then
        record "$1" "beyond its declared limits" "$declared interface differences, run passed"
        echo "zoo: $1: the cases beyond its declared limits are interface differences ($declared): $(totals "$5")"
    else
        tail -n 40 "$5" >&2
        record "$1" "beyond its declared limits" "NOT interface differences alone (exit $rc, $failed failed, $declared declared)"
        fail "$1: the cases beyond its declared limits ($4) are not interface differences alone in a passing run (exit $rc, $failed failed, $declared declared; rerun: $6)"
    fi
}

# keep_results: this run's rows against docs/zoo/results.tsv (the rows of the servers run, in
# the order of all_servers; the others kept as committed), or, with UPDATE=1, written there.
keep_results() {
    local committed=docs/zoo/results.tsv new="$work/results.new" each
    if [ -n "${ZOO_FULL:-}" ]; then
        echo "zoo: a ZOO_FULL=1 run is not compared with $committed (it records the default selection)"
        return 0
    fi
    if [ -z "${UPDATE:-}" ] && [ ! -f "$committed" ]; then
        echo "zoo: $committed is missing; run UPDATE=1 bash tests/zoo/run.sh and commit it" >&2
        return 1
    fi
    {
        echo "# What tests/zoo/run.sh proved of each zoo server (docs/zoo.md), its default selection."
        echo "# Generated: UPDATE=1 bash tests/zoo/run.sh. Rendered in docs/harness-power.md."
        printf 'server\twhat\tresult\n'
        for each in "${all_servers[@]}"; do
            # A server this run reached (its shape row is its first); one it never reached (the
            # launcher's check failed) keeps its committed rows.
            if [[ " ${servers[*]} " == *" $each "* ]] && grep -q "^$each"$'\t'shape$'\t' "$results"; then
                awk -F'\t' -v s="$each" '$1 == s' "$results"
            elif [ -f "$committed" ]; then
                awk -F'\t' -v s="$each" '$1 == s' "$committed"
            fi
        done
    } >"$new"
    if [ -n "${UPDATE:-}" ]; then
        mkdir -p "$(dirname "$committed")"
        cp "$new" "$committed"
        echo "zoo: wrote $committed; regenerate docs/harness-power.md with"
        echo "  UPDATE_HARNESS_POWER=1 cargo test -p e2e-tests --test harness_power -- --exact doc/complete"
    elif ! diff -u "$committed" "$new"; then
        echo "zoo: $committed differs from what this run proved (above); if the change is expected," >&2
        echo "run UPDATE=1 bash tests/zoo/run.sh (ZOO_ONLY=... for those servers alone) and commit it" >&2
        return 1
    fi
}

self_tested=
for name in "${servers[@]}"; do
    server="$venv/bin/python $zoo/$name/server.py {root}"
    if [ "$name" = ts-mcpserver ]; then
        server="node $zoo/$name/server.mjs $venv/bin/python {root}"
    elif [ -z "${ZOO_DIRECT:-}" ]; then
        start_forkserver "$name"
        if [ -z "$self_tested" ]; then
            "$venv/bin/python" "$zoo/test_launch.py" "$work/$name.sock" | sed 's/^/zoo: launcher: /' ||
                { fail "the launcher or fork server misbehaves (tests/zoo/test_launch.py)"; break; }
            self_tested=1
        fi
        server="$venv/bin/python -I -S $zoo/launch.py $work/$name.sock $zoo/$name/server.py {root}"
    fi
    iface="$zoo/$name/interface.yaml"
    record "$name" shape "${shape[$name]:-not described: add it to shape in tests/zoo/run.sh}"
    out="$work/$name.out"
    rerun="MCP_HARNESS=$harness ZOO_ONLY=$name bash tests/zoo/run.sh"

    # 1. The hand-written interface files (interface.yaml, and any other reading of the same
    # server beside it): every case passes (skips only for operations absent).
    for each in "$zoo/$name"/interface*.yaml; do
        if "$harness" run --interface "$each" --server "$server" "${startup[@]}" "${select[@]}" >"$out" 2>&1; then
            record "$name" "$(basename "$each")" "$(counts "$out")"
            echo "zoo: $name: passes through $(basename "$each"): $(totals "$out")"
            door=${fence_door[$name]:-}
            if [ -n "$door" ] && { grep -q 'confinement holds' "$out" ||
                ! grep -q "cannot be said to hold while \`$door\`" "$out"; }; then
                grep '^Coverage:' "$out" >&2 || true
                fail "$name: the coverage line does not name $door as a way to undo confinement (rerun: $rerun)"
            fi
        else
            grep -A3 -E '^FAIL ' "$out" | head -n 60 >&2 || true
            tail -n 25 "$out" >&2
            record "$name" "$(basename "$each")" "$(counts "$out")"
            fail "$name: the run through $each did not pass (rerun: $rerun)"
        fi
    done
    # 1b. Readings that map the server wrongly must end as such, never PASS and never FAIL:
    # untested-*.yaml (the SDK rejects every call's arguments) NOTHING TESTED, exit 2;
    # incomplete-*.yaml (an operation the server offers declared absent) INCOMPLETE, exit 3,
    # naming the tools it missed.
    for each in "$zoo/$name"/untested-*.yaml "$zoo/$name"/incomplete-*.yaml; do
        [ -e "$each" ] || continue
        file=$(basename "$each")
        case "$file" in
            untested-*) want=2 word="NOTHING TESTED" ;;
            *) want=3 word=INCOMPLETE ;;
        esac
        rc=0
        "$harness" run --interface "$each" --server "$server" "${startup[@]}" "${select[@]}" >"$out.wrong" 2>&1 || rc=$?
        missed=$(grep -o 'the server lists `[^`]*`' "$out.wrong" | sort -u | sed 's/the server lists //' | tr '\n' ' ' || true)
        label="nothing tested"
        [ "$want" = 2 ] || label="incomplete: missed ${missed% }"
        if [ "$rc" = "$want" ] && grep -q "^Result: $word" "$out.wrong" && { [ "$want" = 2 ] || [ -n "$missed" ]; }; then
            record "$name" "$file" "$label"
            echo "zoo: $name: $file ends $word: $(totals "$out.wrong")"
        else
            tail -n 25 "$out.wrong" >&2
            record "$name" "$file" "NOT ${word,,} (exit $rc)"
            fail "$name: the wrong mapping $each did not end $word (exit $rc; rerun: $rerun)"
        fi
    done
    if [ -n "${beyond_caps[$name]:-}" ]; then
        beyond "$name" "$server" "$iface" "${beyond_caps[$name]}" "$out.beyond" "$rerun"
    fi

    # 2. The starter interface init writes, run with its name changed alone.
    starter="$work/$name.starter.yaml"
    if "$harness" interface init --server "$server" "${startup[@]}" -o "$starter" >"$work/$name.init" 2>&1; then
        sed -i 's/^interface: .*/interface: zoo-'"$name"'-starter/' "$starter"
        if [ -n "${starter_wrong[$name]:-}" ]; then
            if grep -Eq "${starter_wrong[$name]}" "$starter"; then
                record "$name" starter "known wrong guess: ${starter_wrong_why[$name]:-see docs/zoo.md}"
                echo "zoo: $name: its starter still has the known wrong guess (${starter_wrong[$name]}); not run"
            else
                record "$name" starter "the known wrong guess is gone: not run"
                cat "$starter" >&2
                fail "$name: the starter no longer has the known wrong guess ${starter_wrong[$name]}: run it and update run.sh and docs/zoo.md (rerun: $rerun)"
            fi
        elif "$harness" run --interface "$starter" --server "$server" "${startup[@]}" "${select[@]}" >"$out.starter" 2>&1; then
            record "$name" starter "$(counts "$out.starter")"
            echo "zoo: $name: its starter passes unedited but for the name: $(totals "$out.starter")"
        elif grep -q '^Result: INCOMPLETE' "$out.starter"; then
            # A starter that left an operation untested says so; never a false PASS.
            record "$name" starter "incomplete: $(grep -o 'Not tested although the server offers it: .*' "$out.starter" | head -n 1)"
            echo "zoo: $name: its starter is INCOMPLETE: $(totals "$out.starter")"
        elif grep -q '^Result: NOTHING TESTED' "$out.starter"; then
            # A starter that could map nothing says so; it must never pass or fail instead.
            record "$name" starter "nothing tested: it maps no operation a case needs"
            echo "zoo: $name: its starter tests nothing (it maps no operation): $(totals "$out.starter")"
        else
            grep -A3 -E '^FAIL ' "$out.starter" | head -n 60 >&2 || true
            tail -n 15 "$out.starter" >&2
            echo "--- the starter:" >&2; cat "$starter" >&2
            record "$name" starter "$(counts "$out.starter")"
            fail "$name: the starter of interface init failed cases against a correct server (rerun: $rerun)"
        fi
    else
        cat "$work/$name.init" >&2
        record "$name" starter "interface init failed"
        fail "$name: interface init failed (rerun: $rerun)"
    fi

    # 3. Each fault is caught: the run fails (exit 1) naming a case of the check it breaks.
    for fault in "${core_faults[@]}" ${own_faults[$name]:-}; do
        ids="^zoo-$name/${fault_cases[$fault]} "
        # A server without a delete (empty-schemas, like the official one) has nothing to refuse.
        if [ "$fault" = refuse-removals ] && ! grep -qE '^  delete: \{' "$iface"; then
            record "$name" "fault $fault" "not applicable: no delete"
            echo "zoo: $name: fault $fault not applicable (the interface has no delete)"
            continue
        fi
        rc=0
        ZOO_FAULT=$fault "$harness" run --interface "$iface" --server "$server" "${startup[@]}" \
            --name "$ids" >"$out.$fault" 2>&1 || rc=$?
        caught=$(awk '/^FAIL /{print $2}' "$out.$fault" | paste -sd' ')
        # Severity from evidence: a fault that reaches outside (through a link, or writing
        # through a hard link in place) is headlined as a way out; no other fault is.
        escaped=$(grep -cE '^  [0-9]+\. Confinement: ' "$out.$fault" || true)
        case "$fault" in
            follow-links | write-in-place | absolute-names | sizes-follow-links) [ "$escaped" != 0 ] || rc="$rc, not headlined as a way out" ;;
            *) [ "$escaped" = 0 ] || rc="$rc, headlined as a way out, which it is not" ;;
        esac
        if [ "$fault" = refuse-removals ] && ! grep -q "^NOT TESTED zoo-$name/SAFE-003 " "$out.$fault"; then
            rc="$rc, SAFE-003's refusal counted without a positive control"
        fi
        # The same server, its choice declared (`repeated_edits: first`): the alternative
        # reading is accepted, EDIT-018 passes and EDIT-017 is left out.
        if [ "$fault" = first-of-two ]; then
            declared="$work/$name.first.yaml"
            { cat "$iface"; echo "repeated_edits: first"; } >"$declared"
            if ! ZOO_FAULT=$fault "$harness" run --interface "$declared" --server "$server" \
                "${startup[@]}" --name "^zoo-$name/EDIT-0(01|17|18) " >"$out.declared" 2>&1 \
                || ! grep -q " 2 passed, 0 failed, 1 skipped" "$out.declared"; then
                tail -n 20 "$out.declared" >&2
                rc="$rc, and declared (repeated_edits: first) it did not pass EDIT-001 and EDIT-018"
            fi
        fi
        if [ "$rc" = 1 ] && [ -n "$caught" ]; then
            record "$name" "fault $fault" caught
            echo "zoo: $name: fault $fault caught by $caught"
        elif [[ "$rc" == "1, "* ]] && [ -n "$caught" ]; then
            tail -n 30 "$out.$fault" >&2
            record "$name" "fault $fault" "caught${rc#1}"
            fail "$name: fault $fault caught${rc#1} (rerun: $rerun)"
        else
            tail -n 30 "$out.$fault" >&2
            record "$name" "fault $fault" "NOT caught"
            fail "$name: fault $fault not caught (exit $rc, no FAIL among $ids; rerun: $rerun)"
        fi
    done
    stop_forkserver
done

echo "zoo: ${#servers[@]} server(s) in $((SECONDS - start)) s"
keep_results || failures+=("docs/zoo/results.tsv does not hold what this run proved (see above)")
if [ "${#failures[@]}" -gt 0 ]; then
    printf 'zoo: FAILED: %s\n' "${failures[@]}" >&2
    exit 1
fi
