#!/usr/bin/env bash
# Checks the Python wheel and the npm packages of mcp-harness as a user without Rust gets
# them (issue 37, docs/distribution.md): builds the wheel (maturin, reusing the release
# build in target/) and the npm tarballs (npm/pack.mjs, this machine's linux-x64 package
# and the main one), then, with no cargo on PATH, installs the wheel into a fresh venv and
# the tarballs into an empty npm prefix, and runs each installed mcp-harness against the
# official @modelcontextprotocol/server-filesystem at the version
# tests/third-party/official-node.sh pins: the read and safety cases with its baseline must
# exit 0, and a case of the baseline run without it must exit 1.
#
#   bash tests/dist/check.sh          # after cargo build --release -p mcp-harness
#   DIST_STAGE=pack bash tests/dist/check.sh   # build the wheel and tarballs, and stop
#   DIST_STAGE=check bash tests/dist/check.sh  # check those an earlier pack stage built
#
# The stages are apart for .ci/run: while maturin builds the wheel, target/<profile>/mcp-harness
# is missing (maturin moves it away and back: seen as "No such file or directory" for about
# 3 s), so the pack stage runs when nothing else starts the harness by that path, and the
# check stage, which runs the installed copies, beside other work.
#
# Needs python3 (with venv), Node 18+ and npm; maturin is installed (pinned) into
# target/dist/maturin-venv from PyPI on the first run. Only linux-x64 is checked here:
# the other platforms' packages are built by .github/workflows/release.yml on their runners.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
started=$SECONDS
maturin_version=1.16.0
dist=target/dist
mkdir -p "$dist"

case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    *) echo "tests/dist/check.sh: checks the linux-x64 packages only; this is $(uname -s)-$(uname -m)" >&2
       exit 2 ;;
esac

# --- What it installs: maturin, and the server under test as official-node.sh does -------
if [ ! -x "$dist/maturin-venv/bin/maturin" ] ||
    [ "$("$dist/maturin-venv/bin/maturin" --version)" != "maturin $maturin_version" ]; then
    python3 -m venv "$dist/maturin-venv"
    "$dist/maturin-venv/bin/pip" install --quiet --disable-pip-version-check "maturin==$maturin_version"
fi
server_version=$(sed -n 's/^version="\${OFFICIAL_SERVER_VERSION:-\([^}]*\)}"$/\1/p' tests/third-party/official-node.sh)
[ -n "$server_version" ] || { echo "dist: could not read the pinned version from tests/third-party/official-node.sh" >&2; exit 1; }
server_dir="${TMPDIR:-/tmp}/mcp-third-party/official-node-$server_version"
server="$server_dir/node_modules/.bin/mcp-server-filesystem"
if [ ! -x "$server" ]; then
    mkdir -p "$server_dir"
    npm install --prefix "$server_dir" --no-audit --no-fund --loglevel=error \
        "@modelcontextprotocol/server-filesystem@$server_version" >&2
fi
[ -z "${INSTALL_ONLY:-}" ] || exit 0  # INSTALL_ONLY=1: install and stop (.ci/run installs early)

stage=${DIST_STAGE:-all}
case "$stage" in all | pack | check) ;; *) echo "dist: DIST_STAGE is all, pack or check, not $stage" >&2; exit 2 ;; esac
if [ "$stage" != check ]; then
    # The build the earlier CI steps made (cargo prints nothing to do when it is fresh): release,
    # or CI's one dev build (tests/cargo-profile.sh).
    . tests/cargo-profile.sh  # cargo_profile, bin_dir
    cargo build --profile "$cargo_profile" -p mcp-harness
    binary=$bin_dir/mcp-harness

    # --- The wheel ------------------------------------------------------------------------
    t=$SECONDS
    rm -rf "$dist/wheels"
    # Same target dir and profile as the cargo build above: maturin finds the build fresh.
    "$dist/maturin-venv/bin/maturin" build --profile "$cargo_profile" --locked --target-dir target \
        --out "$dist/wheels" 2>&1 | tail -n 5
    wheel=$(ls "$dist"/wheels/mcp_file_harness-*.whl)
    echo "dist: built $wheel ($(du -h "$wheel" | cut -f1)) in $((SECONDS - t)) s"

    # --- The npm tarballs ------------------------------------------------------------------
    t=$SECONDS
    rm -rf "$dist/npm"
    mapfile -t tarballs < <(node npm/pack.mjs --out "$dist/npm" "$platform=$binary")
    echo "dist: packed ${tarballs[*]} in $((SECONDS - t)) s"
fi
[ "$stage" != pack ] || exit 0
wheel=$(ls "$dist"/wheels/mcp_file_harness-*.whl)
# As pack.mjs lists them: the platform's package, then the main one.
tarballs=("$repo/$dist"/npm/mcp-file-harness-"$platform"-*.tgz "$repo/$dist"/npm/mcp-file-harness-[0-9]*.tgz)
[ -e "${tarballs[0]}" ] || { echo "dist: no npm tarballs in $dist/npm (run DIST_STAGE=pack first)" >&2; exit 1; }

baseline=$repo/tests/third-party/official-node.baseline
# Both routes run the read and safety cases (FSC-READ-004 of the baseline among them), with
# official-node.sh's 30 s request timeout: the packages carry the very binary official-node.sh
# runs on every case, so a full run here would repeat it (175 s measured).
part='^(FSC-READ|filesystem/SAFE)-'

# --- A user's machine: no cargo, a fresh venv, an empty npm prefix ------------------------
clean_path=
IFS=: read -ra dirs <<<"$PATH"
for d in "${dirs[@]}"; do
    [ -n "$d" ] && [ ! -e "$d/cargo" ] && [ ! -e "$d/rustc" ] && clean_path="${clean_path:+$clean_path:}$d"
done
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
user() { # runs "$@" as the user: no cargo, no rustup, its own HOME and caches
    env -u CARGO_HOME -u RUSTUP_HOME -u CARGO_TARGET_DIR PATH="$clean_path" HOME="$home" \
        npm_config_cache="$home/npm-cache" PIP_CACHE_DIR="$home/pip-cache" "$@"
}
if user bash -c 'command -v cargo' >/dev/null; then
    echo "dist: cargo is still on the clean PATH ($clean_path)" >&2
    exit 1
fi

# expect CODE LABEL CMD...: runs CMD in a fresh directory, as the user, and checks its exit code.
expect() {
    local want=$1 label=$2 rc=0 log
    shift 2
    log="$home/$(tr -c 'a-z0-9' - <<<"$label").log"
    local t=$SECONDS
    (cd "$(mktemp -d -p "$home")" && user "$@") >"$log" 2>&1 || rc=$?
    if [ "$rc" -ne "$want" ]; then
        tail -n 30 "$log" >&2
        echo "dist: $label exited $rc, expected $want (log above)" >&2
        exit 1
    fi
    echo "dist: $label exited $rc as expected ($((SECONDS - t)) s): $(grep -E '^Result|scenarios in' "$log" | paste -sd' ')"
}

t=$SECONDS
# The interpreter itself, not a version manager's shim (pyenv's needs the real HOME).
python=$(python3 -c 'import sys; print(sys.executable)')
user "$python" -m venv "$home/venv"
user "$home/venv/bin/pip" install --quiet --disable-pip-version-check --no-index "$repo/$wheel"
echo "dist: wheel installed in a fresh venv in $((SECONDS - t)) s"
venv=$home/venv/bin
expect 0 "pip: mcp-harness, filesystem profile (read and safety cases), official server $server_version, with its baseline" \
    "$venv/mcp-harness" run --timeout 30 --profile filesystem --server "$server {root}" \
    --name "$part" --expect-fail "$baseline" --junit "$home/pip.xml"
python3 -c "import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])" "$home/pip.xml"
expect 1 "pip: mcp-file-harness, a baseline case without the baseline" \
    "$venv/python" -m mcp_file_harness run --profile filesystem --server "$server {root}" --name '^FSC-READ-004 '
expect 0 "pip: mcp-reference (the built-in reference) under mcp-harness" \
    "$venv/mcp-harness" run --profile filesystem --server "$venv/mcp-harness serve-reference --profile filesystem --root {root}" \
    --name '^filesystem/(SAFE-00[1-3]|ROUND-00[17]) '

t=$SECONDS
prefix=$home/npm-prefix
mkdir -p "$prefix"
# --offline: the tarballs are local; the other platforms' optional packages are skipped.
(cd "$prefix" && user npm install --offline --no-audit --no-fund --loglevel=error \
    "${tarballs[@]}")
echo "dist: npm tarballs installed into an empty prefix in $((SECONDS - t)) s"
npx=(npx --prefix "$prefix" --no-install)
expect 0 "npx: mcp-file-harness, filesystem profile (read and safety cases), official server $server_version, with its baseline" \
    "${npx[@]}" mcp-file-harness run --timeout 30 --profile filesystem --server "$server {root}" \
    --name "$part" --expect-fail "$baseline" --junit "$home/npm.xml"
python3 -c "import xml.dom.minidom,sys; xml.dom.minidom.parse(sys.argv[1])" "$home/npm.xml"
expect 1 "npx: mcp-harness, a baseline case without the baseline" \
    "${npx[@]}" mcp-harness run --profile filesystem --server "$server {root}" --name '^FSC-READ-004 '
expect 2 "npx: mcp-harness, a server that does not start" \
    "${npx[@]}" mcp-harness run --profile filesystem --server "$home/no-such-server {root}"
expect 0 "npx: mcp-reference (the built-in reference) under mcp-harness" \
    "${npx[@]}" mcp-harness run --profile filesystem \
    --server "$prefix/node_modules/.bin/mcp-reference --profile filesystem --root {root}" --name '^filesystem/(SAFE-00[1-3]|ROUND-00[17]) '
echo "dist: the wheel and the npm packages pass, without cargo ($((SECONDS - started)) s in all)"
