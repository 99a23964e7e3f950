#!/usr/bin/env bash
# Runs a command with MCP_HARNESS_SCRATCH_DIR on a fresh case-insensitive FUSE mount
# (casefold.py beside this script), so that the harness makes its roots where `LINK` names
# `link` and the @casefold-root cases (GHSA-4gxg-m5jx-9j57) run. Unmounts on exit.
#
#   bash tests/casefold/with-casefold.sh mcp-harness run --profile filesystem --name '/(CASE-|ROUND-00[17] )'
#
# Exits 3, saying why on stderr, where this machine cannot mount it: not root, no
# /dev/fuse, or no fusepy (Debian's python3-fusepy; INSTALL=1 installs it, pinned).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=/usr/bin/python3
fusepy_version=3.0.1-2  # Debian bookworm's python3-fusepy (with libfuse2)

cannot() { echo "casefold: $*" >&2; exit 3; }
has_fusepy() { "$py" -c 'import fusepy' 2>/dev/null || "$py" -c 'import fuse' 2>/dev/null; }

[ "$(id -u)" = 0 ] || cannot "not root: this mount needs root (or a FUSE setup for users)"
[ -c /dev/fuse ] || cannot "no /dev/fuse on this machine"
grep -qw fuse /proc/filesystems || cannot "the kernel has no FUSE"
if ! has_fusepy && [ -n "${INSTALL:-}" ] && command -v apt-get >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
        "python3-fusepy=$fusepy_version" >/dev/null
fi
has_fusepy || cannot "fusepy is not installed for $py (apt-get install python3-fusepy=$fusepy_version)"

# Out of /tmp, as the harness's own default: some servers always allow the temp directory.
base=$(mktemp -d /var/tmp/casefold.XXXXXX 2>/dev/null || mktemp -d "${TMPDIR:-/tmp}/casefold.XXXXXX")
mkdir "$base/backing" "$base/mnt"
"$py" "$here/casefold.py" "$base/backing" "$base/mnt" 2>"$base/fuse.log" &
fuse=$!
cleanup() {
    umount "$base/mnt" 2>/dev/null || umount -l "$base/mnt" 2>/dev/null || true
    kill "$fuse" 2>/dev/null || true
    wait "$fuse" 2>/dev/null || true
    mountpoint -q "$base/mnt" || rm -rf "$base"
}
trap cleanup EXIT
for _ in $(seq 100); do
    mountpoint -q "$base/mnt" && break
    kill -0 "$fuse" 2>/dev/null || break
    sleep 0.1
done
mountpoint -q "$base/mnt" || cannot "the FUSE mount did not come up: $(cat "$base/fuse.log")"
# Nothing may rely on a mount that does not fold case.
touch "$base/mnt/CaseProbe"
[ -e "$base/mnt/caseprobe" ] || { echo "casefold: the mount does not fold case" >&2; exit 1; }
rm "$base/mnt/CaseProbe"
MCP_HARNESS_SCRATCH_DIR="$base/mnt" "$@"
