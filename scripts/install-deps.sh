#!/usr/bin/env bash
# Installs every build, test and packaging dependency of marionette from Debian 12's archive.
# Safe to run again; needs root (or sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
packages=(
  build-essential cmake ninja-build pkg-config git ca-certificates
  ccache  # a rebuild, another clone or a worktree reuses the objects already compiled (scripts/build.sh)
  libsnmp-dev libhiredis-dev zlib1g-dev nettle-dev libssl-dev libcrypt-dev libyaml-cpp-dev libyaml-dev libspdlog-dev libfmt-dev
  nlohmann-json3-dev libgtest-dev libgmock-dev
  ruby3.1-dev  # marionette-ruby.so, the embedded Ruby for modules' Ruby functions (ruby/)
  ruby-hocon  # facter.conf's ttls and fact groups, read by the embedded Ruby (ruby/lib/marionette/facter_cache.rb)
  libaugeas-dev augeas-lenses  # marionette-augeas.so, the augeas resource type (augeas/)
  snmpd snmp snmptrapd smitools redis-server
  # the real scrapers the Prometheus integration tests start privately (tests/integration)
  prometheus prometheus-node-exporter prometheus-snmp-exporter
  libxml2-utils rrdtool
  graphviz
  python3 python3-yaml
  curl  # the HTTP client of the server's integration and security tests (skipped without it) and the PuppetDB bench
  debhelper devscripts fakeroot lintian
  clang-format
  # Debian's Puppet modules that the real-module golden cases compile (tests/golden/realmodules,
  # each case's required-modules); they install into /usr/share/puppet/modules.
  puppet-module-puppetlabs-stdlib puppet-module-puppetlabs-concat puppet-module-puppetlabs-inifile
  puppet-module-puppetlabs-ntp puppet-module-puppetlabs-apt puppet-module-puppetlabs-translate
  puppet-module-puppetlabs-mysql puppet-module-puppetlabs-postgresql
  puppet-module-puppetlabs-haproxy puppet-module-puppetlabs-xinetd puppet-module-puppetlabs-rsync
  puppet-module-puppetlabs-tftp puppet-module-rodjek-logrotate
  puppet-module-aboe-chrony puppet-module-camptocamp-systemd puppet-module-duritong-sysctl
  puppet-module-voxpupuli-alternatives puppet-module-puppet-archive
  puppet-module-camptocamp-openssl puppet-module-theforeman-dns puppet-module-heini-wait-for
  puppet-module-keystone puppet-module-openstacklib
  # augeas_core, for recording real Puppet's augeas results (tests/integration/fixtures/module_types).
  puppet-module-puppetlabs-augeas-core
  # host_core, whose `host` type the fleet test exports on one server and collects on the other
  # (tests/integration/fleet_exported_resources_test.cpp; a Recommends of puppet, not installed here).
  puppet-module-puppetlabs-host-core
  # Real PuppetDB clients the PuppetDB API's integration test drives (tests/integration/
  # puppetdb_api_test). PuppetDB itself is the bench's reference only (bench/puppetdb_reference.py;
  # its answers are recorded in tests/puppetdb/reference), so the tests do not install it.
  python3-pypuppetdb puppet-terminus-puppetdb
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Debian starts the packaged daemons on install; tests run their own private instances.
if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
  $SUDO systemctl stop snmpd redis-server prometheus \
    prometheus-node-exporter prometheus-snmp-exporter 2>/dev/null || true
fi
echo "install-deps: all dependencies present"
