#!/usr/bin/env bash
# The "Install mcp-harness" step of action.yml: gets mcp-harness onto the runner and writes
# its path to $GITHUB_OUTPUT as `harness`. INPUT_INSTALL says how: auto (the npm package
# where npm and a prebuilt binary for this runner exist, else the PyPI wheel, else a build
# from the action's own source with cargo, cached by action.yml), npm, pip, cargo, or the
# path of an mcp-harness binary. tests/dist/action-local.sh runs it outside GitHub.
set -euo pipefail
: "${RUNNER_TEMP:?set RUNNER_TEMP to a scratch directory (GitHub sets it on runners)}"
: "${GITHUB_OUTPUT:?set GITHUB_OUTPUT to a file for the step outputs (GitHub sets it)}"
action=${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/../.." && pwd)}
how=${INPUT_INSTALL:-auto}
version=${INPUT_VERSION:-}
if [ -z "$version" ]; then
    version=$(sed -n '/^\[workspace.package\]/,/^\[/s/^version = "\(.*\)"/\1/p' "$action/Cargo.toml")
fi
windows=
case "$(uname -s)" in MINGW* | MSYS* | CYGWIN*) windows=1 ;; esac
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) platform=linux-x64 ;;
    Linux-aarch64 | Linux-arm64) platform=linux-arm64 ;;
    Darwin-x86_64) platform=darwin-x64 ;;
    Darwin-arm64) platform=darwin-arm64 ;;
    MINGW*-x86_64 | MSYS*-x86_64 | CYGWIN*-x86_64) platform=win32-x64 ;;
    *) platform= ;;
esac

works() { # binary -> true when it runs
    [ -n "$1" ] && "$1" --version >/dev/null 2>&1
}

from_npm() {
    command -v npm >/dev/null || { echo "install: no npm on this runner"; return 1; }
    [ -n "$platform" ] || { echo "install: no npm package for $(uname -s)-$(uname -m)"; return 1; }
    local prefix="$RUNNER_TEMP/mcp-file-harness-npm" spec
    read -ra spec <<<"${INPUT_NPM_PACKAGE:-mcp-file-harness@$version}"
    mkdir -p "$prefix"
    echo "install: npm install ${spec[*]}"
    npm install --prefix "$prefix" --no-audit --no-fund --loglevel=error "${spec[@]}" || return 1
    harness="$prefix/node_modules/.bin/mcp-harness${windows:+.cmd}"
}

from_pip() {
    local python venv="$RUNNER_TEMP/mcp-file-harness-venv" spec
    python=$(command -v python3 || command -v python) || { echo "install: no Python on this runner"; return 1; }
    read -ra spec <<<"${INPUT_PIP_PACKAGE:-mcp-file-harness==$version}"
    echo "install: pip install ${spec[*]}"
    "$python" -m venv "$venv" || return 1
    if [ -n "$windows" ]; then
        "$venv/Scripts/python" -m pip install --quiet --disable-pip-version-check "${spec[@]}" || return 1
        harness="$venv/Scripts/mcp-harness.exe"
    else
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "${spec[@]}" || return 1
        harness="$venv/bin/mcp-harness"
    fi
}

from_cargo() {
    # The action's own checkout is the harness's source: the same version as the action.
    local root="$RUNNER_TEMP/mcp-harness-cargo"
    harness="$root/bin/mcp-harness${windows:+.exe}"
    if works "$harness"; then
        echo "install: mcp-harness from the cache ($harness)"
        return 0
    fi
    command -v cargo >/dev/null || {
        echo "install: no cargo on this runner; add a Rust toolchain (e.g. dtolnay/rust-toolchain) or use a runner with npm or Python"
        return 1
    }
    echo "install: cargo install --locked --path $action/harness (about 10 minutes on 2 cores)"
    cargo install --locked --root "$root" --path "$action/harness"
}

harness=
case "$how" in
    auto) from_npm && works "$harness" || from_pip && works "$harness" || from_cargo ;;
    npm) from_npm ;;
    pip) from_pip ;;
    cargo) from_cargo ;;
    *) harness=$how ;;
esac
if ! works "$harness"; then
    echo "::error::mcp-harness could not be installed (install: $how); see the lines above. Set the input install to npm, pip, cargo or the path of an mcp-harness binary." >&2
    exit 2
fi
echo "install: $("$harness" --version) at $harness"
echo "harness=$harness" >>"$GITHUB_OUTPUT"
