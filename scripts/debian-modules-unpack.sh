#!/usr/bin/env bash
# Every puppet-module-* package of Debian, unpacked into DIR (default /tmp/debian-modules) without
# installing them: DIR/modules/NAME -> the package's modules.available/AUTHOR-NAME, as the
# packages' alternatives lay out /usr/share/puppet/modules. For benches that want "all of
# Debian's modules on the path" on a machine that has only a few installed, e.g.
#   python3 bench/custom_facts_apply_benchmark.py --modulepath "$(scripts/debian-modules-unpack.sh)"/modules
# Needs apt's package lists (apt-get update) and network access to Debian's mirror.
set -euo pipefail
dir=${1:-/tmp/debian-modules}
mkdir -p "$dir/debs"
cd "$dir/debs"
apt-cache search --names-only '^puppet-module-' | awk '{print $1}' | xargs apt-get download -q >&2
rm -rf "$dir/root" "$dir/modules"
mkdir -p "$dir/root" "$dir/modules"
for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
for available in "$dir"/root/usr/share/puppet/modules.available/*; do
  name=$(basename "$available")
  ln -sfn "$(readlink -f "$available")" "$dir/modules/${name#*-}"
done
echo "$dir"
