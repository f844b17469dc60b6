#!/usr/bin/env bash
# Builds the Debian package from a copy of the source tree (dpkg-buildpackage writes next to the
# tree, so never in the checkout) and checks what it installs: the executable, which runs, the
# MIB and the man page; then lintian reports no errors.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
command -v dpkg-buildpackage >/dev/null || { echo "SKIP: dpkg-buildpackage is not installed"; exit 0; }
work=$(mktemp -d /tmp/marionette-deb.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir "$work/marionette"
# The files git knows (committed or not, never ignored build output).
(cd "$src" && git ls-files -z --cached --others --exclude-standard) |
  (cd "$src" && xargs -0 cp --parents -t "$work/marionette" 2>/dev/null || true)
cd "$work/marionette"
if ! dpkg-buildpackage -us -uc -b > "$work/build.log" 2>&1; then
  tail -40 "$work/build.log"; echo "FAIL: dpkg-buildpackage failed"; exit 1
fi
deb=$(ls "$work"/marionette_*_*.deb | grep -v dbgsym)
contents=$(dpkg-deb -c "$deb")
for path in ./usr/bin/marionette ./usr/share/snmp/mibs/MARIONETTE-MIB.txt ./usr/share/man/man1/marionette.1.gz; do
  grep -q " $path\$" <<<"$contents" || { echo "FAIL: $path is not in the package"; echo "$contents"; exit 1; }
done
dpkg-deb -x "$deb" "$work/root"
version=$("$work/root/usr/bin/marionette" --version)
expected=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$version" = "$expected" ] || { echo "FAIL: the packaged binary says '$version', the changelog '$expected'"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
grep -q libsnmp <<<"$depends" || { echo "FAIL: Depends lacks libsnmp: $depends"; exit 1; }
if command -v lintian >/dev/null; then
  errors=$(lintian --no-tag-display-limit "$deb" 2>/dev/null | grep '^E:' || true)
  [ -z "$errors" ] || { echo "FAIL: lintian errors:"; echo "$errors"; exit 1; }
fi
echo "ok: $(basename "$deb") installs /usr/bin/marionette ($version), the MIB and the man page"
