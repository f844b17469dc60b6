#!/usr/bin/env bash
# Builds the Debian package from a copy of the source tree (dpkg-buildpackage writes next to the
# tree, so never in the checkout) and checks what it installs: the executable, which runs, the
# unit, the configuration, the snmpd snippet, the MIB, the OpenNMS files, the man pages (written
# from the binary's --help at build time) and the bash completion; then
# lintian reports no errors and no warnings; marionette-server's unit, puppet.conf and README. The
# .debs of marionette and marionette-server are left in MARIONETTE_DEB_DIR for package.install_deb
# and package.install_server_deb.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
command -v dpkg-buildpackage >/dev/null || { echo "SKIP: dpkg-buildpackage is not installed"; exit 0; }
# The copy is built at one fixed path, through ccache when it is installed (scripts/install-deps.sh
# installs it): dpkg-buildflags write the tree's path into -ffile-prefix-map, so a fresh random
# path would miss the cache on every object and compile all of marionette again (~16 minutes of
# CI). One package build at a time holds the lock; MARIONETTE_DEB_WORK moves the path.
work=${MARIONETTE_DEB_WORK:-/tmp/marionette-deb-build}
exec 9>"$work.lock"
flock 9
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
if command -v ccache >/dev/null; then
  # CMake takes these as the default compiler launchers of a new build directory.
  export CMAKE_C_COMPILER_LAUNCHER=ccache CMAKE_CXX_COMPILER_LAUNCHER=ccache
  # debhelper 13 gives the build a fresh HOME: name the user's cache, not one inside it.
  CCACHE_DIR=$(ccache -k cache_dir)
  export CCACHE_DIR
fi
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
for path in ./usr/bin/marionette ./usr/share/snmp/mibs/MARIONETTE-MIB.txt \
  ./usr/share/man/man1/marionette.1.gz ./lib/systemd/system/marionette.service \
  ./etc/marionette/marionette.yaml ./etc/marionette/code/environments/production/site.pp \
  ./etc/snmp/snmpd.conf.d/marionette.conf ./usr/share/doc/marionette/README.Debian.gz \
  ./usr/share/marionette/opennms/datacollection/marionette.xml \
  ./usr/share/marionette/opennms/snmp-graph.properties.d/marionette-graph.properties \
  ./usr/share/marionette/prometheus/snmp_exporter/snmp.yml \
  ./usr/share/marionette/prometheus/snmp_exporter/generator.yml \
  ./usr/lib/marionette/marionette-snmp.so ./usr/lib/marionette/marionette-fleet ./var/lib/marionette/ \
  ./usr/share/bash-completion/completions/marionette; do
  grep -q " $path\$" <<<"$contents" || { echo "FAIL: $path is not in the package"; echo "$contents"; exit 1; }
done
for command in agent apply compile config facts lookup parser resource status; do
  grep -q " ./usr/share/man/man1/marionette-$command.1.gz -> marionette.1.gz\$" <<<"$contents" ||
    { echo "FAIL: no man page for marionette $command"; exit 1; }
done
conffiles=$(dpkg-deb -I "$deb" conffiles)
for path in /etc/marionette/marionette.yaml /etc/snmp/snmpd.conf.d/marionette.conf; do
  grep -qx "$path" <<<"$conffiles" || { echo "FAIL: $path is not a conffile"; exit 1; }
done
grep -q 'view systemonly included .1.3.6.1.4.1.8072.9999.9999.4242' \
  <(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./etc/snmp/snmpd.conf.d/marionette.conf) ||
  { echo "FAIL: the snmpd snippet does not add the subtree to systemonly"; exit 1; }
dpkg-deb -x "$deb" "$work/root"
version=$("$work/root/usr/bin/marionette" --version)
expected=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$version" = "$expected" ] || { echo "FAIL: the packaged binary says '$version', the changelog '$expected'"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
grep -q libsnmp <<<"$depends" || { echo "FAIL: Depends lacks libsnmp: $depends"; exit 1; }
# The embedded Ruby is its own package, recommended by marionette (ruby/, docs/architecture.md).
ruby_deb=$(ls "$work"/marionette-ruby_*_*.deb | grep -v dbgsym)
ruby_contents=$(dpkg-deb -c "$ruby_deb")
for path in ./usr/lib/marionette/marionette-ruby.so ./usr/lib/marionette/ruby/marionette/puppet_compat.rb \
  ./usr/lib/marionette/ruby/puppet.rb; do
  grep -q " $path\$" <<<"$ruby_contents" || { echo "FAIL: $path is not in marionette-ruby"; exit 1; }
done
grep -q libruby3.1 <<<"$(dpkg-deb -f "$ruby_deb" Depends)" || { echo "FAIL: marionette-ruby does not depend on libruby3.1"; exit 1; }
grep -q marionette-ruby <<<"$(dpkg-deb -f "$deb" Recommends)" || { echo "FAIL: marionette does not recommend marionette-ruby"; exit 1; }
grep -q libruby <<<"$contents$depends" && { echo "FAIL: marionette itself needs libruby"; exit 1; }
# libaugeas likewise, in marionette-augeas (augeas/).
augeas_deb=$(ls "$work"/marionette-augeas_*_*.deb | grep -v dbgsym)
grep -q " ./usr/lib/marionette/marionette-augeas.so\$" <<<"$(dpkg-deb -c "$augeas_deb")" ||
  { echo "FAIL: marionette-augeas.so is not in marionette-augeas"; exit 1; }
grep -q libaugeas0 <<<"$(dpkg-deb -f "$augeas_deb" Depends)" || { echo "FAIL: marionette-augeas does not depend on libaugeas0"; exit 1; }
grep -q marionette-augeas <<<"$(dpkg-deb -f "$deb" Recommends)" || { echo "FAIL: marionette does not recommend marionette-augeas"; exit 1; }
grep -q libaugeas <<<"$contents$depends" && { echo "FAIL: marionette itself needs libaugeas"; exit 1; }
# The server's service (its own package: docs/architecture.md, Debian packages).
server_deb=$(ls "$work"/marionette-server_*_*.deb)
server_contents=$(dpkg-deb -c "$server_deb")
for path in ./lib/systemd/system/marionette-server.service ./etc/marionette/puppet.conf; do
  grep -q " $path\$" <<<"$server_contents" || { echo "FAIL: $path is not in marionette-server"; exit 1; }
done
# dh_installdocs compresses only documents over 4 kB.
grep -Eq " ./usr/share/doc/marionette-server/README.Debian(.gz)?\$" <<<"$server_contents" ||
  { echo "FAIL: marionette-server has no README.Debian"; exit 1; }
grep -qx /etc/marionette/puppet.conf <<<"$(dpkg-deb -I "$server_deb" conffiles)" ||
  { echo "FAIL: puppet.conf is not a conffile of marionette-server"; exit 1; }
grep -q 'marionette (= ' <<<"$(dpkg-deb -f "$server_deb" Depends)" ||
  { echo "FAIL: marionette-server does not depend on this marionette"; exit 1; }
if command -v lintian >/dev/null; then
  # No errors and no warnings: each warning is fixed or overridden with its reason in
  # debian/marionette.lintian-overrides.
  problems=$(lintian --no-tag-display-limit "$deb" "$ruby_deb" "$augeas_deb" "$server_deb" 2>/dev/null | grep -E '^(E|W):' || true)
  [ -z "$problems" ] || { echo "FAIL: lintian errors or warnings:"; echo "$problems"; exit 1; }
fi
if [ -n "${MARIONETTE_DEB_DIR:-}" ]; then
  mkdir -p "$MARIONETTE_DEB_DIR"
  rm -f "$MARIONETTE_DEB_DIR"/marionette_*.deb "$MARIONETTE_DEB_DIR"/marionette-server_*.deb
  cp "$deb" "$server_deb" "$MARIONETTE_DEB_DIR/"
fi
echo "ok: $(basename "$deb") installs /usr/bin/marionette ($version), its unit, configuration, MIB, snmpd snippet, OpenNMS files, man pages and completion"
