#!/usr/bin/env bash
# Downloads every Debian puppet-module-* package and unpacks it into a cache directory outside
# the repository (default: ${XDG_CACHE_HOME:-~/.cache}/marionette/parser-corpus), for
# scripts/parser-corpus-compare.py. Only apt-get download + dpkg -x; nothing is installed.
set -euo pipefail
CACHE="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/marionette/parser-corpus}"
mkdir -p "$CACHE/debs" "$CACHE/tree"
cd "$CACHE/debs"
mapfile -t packages < <(apt-cache search --names-only '^puppet-module-' | awk '{print $1}' | sort -u)
if [ "${#packages[@]}" -eq 0 ]; then
  echo "no puppet-module-* packages found: run apt-get update first" >&2
  exit 1
fi
for p in "${packages[@]}"; do
  if ! ls "${p}"_*.deb >/dev/null 2>&1; then
    apt-get download -q "$p" >/dev/null 2>&1 || echo "warning: could not download $p" >&2
  fi
done
for deb in *.deb; do
  name="${deb%%_*}"
  [ -d "$CACHE/tree/$name" ] || dpkg -x "$deb" "$CACHE/tree/$name"
done
echo "$CACHE/tree: ${#packages[@]} packages," \
  "$(find "$CACHE/tree" -name '*.pp' | wc -l) .pp and $(find "$CACHE/tree" -name '*.epp' | wc -l) .epp files"
