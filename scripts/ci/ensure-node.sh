#!/usr/bin/env bash
# Prints the directory of a Node.js VERSION for this machine, fetching it once from the npm
# registry (the node-linux-<arch> packages carry Node's official binaries) into a cache outside the
# repository. Only the npm registry is reachable on the project's machines, so this is how CI gets
# the Node it needs whatever Node the machine has (../shared/TOOLCHAIN.md, runtime section).
#   usage: dir=$(scripts/ci/ensure-node.sh 24.21.0)
set -euo pipefail
version=${1:?usage: ensure-node.sh VERSION}
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "ensure-node: no Node package for architecture $(uname -m)" >&2; exit 1 ;;
esac
cache=${FABRIC_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fabric-inventory/node}
dir="$cache/node-v$version-linux-$arch"
if [ ! -x "$dir/bin/node" ] || [ "$("$dir/bin/node" -v 2>/dev/null)" != "v$version" ]; then
  command -v npm >/dev/null || { echo "ensure-node: npm is needed to fetch Node $version (install Node.js with npm first)" >&2; exit 1; }
  echo "ensure-node: fetching Node $version ($arch) from the npm registry into $cache" >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-$arch@$version" >/dev/null)
  mkdir -p "$work/node"
  tar xzf "$work"/node-linux-"$arch"-"$version".tgz -C "$work/node" --strip-components=1
  [ "$("$work/node/bin/node" -v)" = "v$version" ] || { echo "ensure-node: the fetched Node does not run" >&2; exit 1; }
  mkdir -p "$cache"
  rm -rf "$dir"
  mv "$work/node" "$dir"
fi
echo "$dir"
