#!/usr/bin/env bash
# Installs the .deb that package.build_deb left in MARIONETTE_DEB_DIR as a new user would
# (apt-get install ./marionette_*.deb), starts the system snmpd and the agent, walks the MIB's
# subtree with snmpbulkwalk through snmpd, then purges the package and checks that everything it
# installed is gone. Needs root; leaves the machine as it found it (snmpd's state included).
set -euo pipefail
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "installing a package needs root"
for tool in apt-get dpkg dpkg-query snmpbulkwalk; do
  command -v "$tool" >/dev/null || skip "$tool is not available"
done
[ -x /usr/sbin/snmpd ] || skip "snmpd is not installed (scripts/install-deps.sh installs it)"
if dpkg-query -W -f='${Status}' marionette 2>/dev/null | grep -q 'ok installed'; then
  skip "marionette is already installed on this machine; not touching it"
fi
deb=$(ls "${MARIONETTE_DEB_DIR:?}"/marionette_*.deb 2>/dev/null | grep -v dbgsym | head -1 || true)
[ -n "$deb" ] || { echo "FAIL: no .deb in $MARIONETTE_DEB_DIR (package.build_deb makes it)"; exit 1; }

subtree=.1.3.6.1.4.1.8072.9999.9999.4242
with_systemd=false
[ -d /run/systemd/system ] && with_systemd=true
work=$(mktemp -d /tmp/marionette-install.XXXXXX)
agent_pid=""
started_snmpd=false

snmpd_running() {
  if $with_systemd; then systemctl is-active --quiet snmpd.service; else pidof snmpd >/dev/null; fi
}
start_snmpd() {
  if $with_systemd; then systemctl start snmpd.service; else service snmpd start >/dev/null; fi
}
stop_snmpd() {
  if $with_systemd; then systemctl stop snmpd.service; else service snmpd stop >/dev/null; fi
}
stop_agent() {
  if [ -n "$agent_pid" ] && kill -0 "$agent_pid" 2>/dev/null; then
    kill -TERM "$agent_pid"
    for _ in $(seq 100); do kill -0 "$agent_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$agent_pid" 2>/dev/null || true
    wait "$agent_pid" 2>/dev/null || true
  fi
  agent_pid=""
}
restore() {
  local status=$?
  stop_agent
  if dpkg-query -W -f='${Status}' marionette 2>/dev/null | grep -q 'installed'; then
    apt-get purge -y marionette >"$work/cleanup.log" 2>&1 || cat "$work/cleanup.log"
  fi
  if $started_snmpd && snmpd_running; then stop_snmpd || true; fi
  if ! $started_snmpd && ! snmpd_running; then start_snmpd || true; fi
  rm -rf "$work"
  exit "$status"
}
trap restore EXIT
fail() { echo "FAIL: $*"; exit 1; }

# snmpd runs before the install, so the postinst's reload is what makes the subtree visible.
if ! snmpd_running; then
  start_snmpd
  started_snmpd=true
fi

cp "$deb" "$work/"
cd "$work"
DEBIAN_FRONTEND=noninteractive apt-get install -y "./$(basename "$deb")" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "apt-get install failed"; }
dpkg-query -L marionette >"$work/installed.txt"
# The postinst reloads snmpd through invoke-rc.d, which obeys policy-rc.d: a container's
# policy-rc.d forbids it, and then the admin (here the test) restarts snmpd.
policy=0
[ -x /usr/sbin/policy-rc.d ] && { /usr/sbin/policy-rc.d snmpd try-restart >/dev/null 2>&1 || policy=$?; }
if ! $with_systemd && [ "$policy" = 101 ]; then
  echo "note: policy-rc.d denies the postinst's snmpd restart; restarting snmpd here"
  service snmpd restart >/dev/null
fi
for path in /usr/bin/marionette /etc/marionette/marionette.yaml \
  /etc/marionette/code/environments/production/site.pp /etc/snmp/snmpd.conf.d/marionette.conf \
  /usr/share/snmp/mibs/MARIONETTE-MIB.txt /lib/systemd/system/marionette.service \
  /usr/share/marionette/opennms/datacollection/marionette.xml; do
  [ -e "$path" ] || fail "$path was not installed"
done
[ -d /var/lib/marionette ] || fail "/var/lib/marionette was not created"
grep -qx /etc/marionette/marionette.yaml /var/lib/dpkg/info/marionette.conffiles ||
  fail "marionette.yaml is not a conffile"

if $with_systemd; then
  systemctl is-enabled --quiet marionette.service || fail "marionette.service is not enabled"
  systemctl start marionette.service
else
  # Without systemd the postinst starts nothing: start the agent as README.Debian says.
  marionette agent --no-daemonize --config /etc/marionette/marionette.yaml >"$work/agent.log" 2>&1 &
  agent_pid=$!
fi

walk() { snmpbulkwalk -v2c -c public -On -t 2 -r 1 localhost "$subtree" 2>&1 || true; }
value_of() { awk -v oid="$subtree.$1" '$1 == oid { sub(/^[^=]*= [A-Za-z0-9]*: /, ""); print; exit }'; }
runs=""
for _ in $(seq 60); do
  output=$(walk)
  runs=$(value_of 1.6.1.0 <<<"$output")
  [ -n "$runs" ] && [ "$runs" -ge 1 ] 2>/dev/null && break
  sleep 0.5
done
if [ -z "$runs" ] || ! [ "$runs" -ge 1 ] 2>/dev/null; then
  echo "$output" | head -20
  [ -f "$work/agent.log" ] && tail -20 "$work/agent.log"
  fail "snmpbulkwalk through the system snmpd did not show mrnRunsTotal >= 1"
fi
version=$(value_of 1.1.1.0 <<<"$output" | tr -d '"')
expected=$(dpkg-query -W -f='${Version}' marionette)
[ "$version" = "$expected" ] || fail "mrnVersion is '$version', the package is $expected"
grep -q 'managed by marionette' /var/lib/marionette/example.txt ||
  fail "the example environment was not applied"

# `marionette ca` runs in /usr/lib/marionette/marionette-fleet: the installed exec path works.
ca_output=$(marionette ca list --ssldir "$work/no-ssldir" 2>&1 || true)
grep -q "No CA in $work/no-ssldir/ca" <<<"$ca_output" ||
  fail "marionette ca did not run through marionette-fleet: $ca_output"

if $with_systemd; then systemctl stop marionette.service; else stop_agent; fi
DEBIAN_FRONTEND=noninteractive apt-get purge -y marionette >"$work/purge.log" 2>&1 ||
  { cat "$work/purge.log"; fail "apt-get purge failed"; }
while read -r path; do
  [ "$path" = /. ] && continue
  [ -e "$path" ] || [ -L "$path" ] || continue
  # A directory may stay when another package owns it (/usr/bin, /etc/snmp/snmpd.conf.d, ...).
  if [ -d "$path" ] && dpkg-query -S "$path" >/dev/null 2>&1; then continue; fi
  fail "$path is left after purge"
done <"$work/installed.txt"
for path in /etc/marionette /var/lib/marionette /etc/snmp/snmpd.conf.d/marionette.conf \
  /etc/systemd/system/multi-user.target.wants/marionette.service; do
  [ -e "$path" ] && fail "$path is left after purge"
done
snmpd_running || fail "the system snmpd no longer runs after the purge"
echo "ok: installed $(basename "$deb"), walked mrnVersion $version and mrnRunsTotal $runs through" \
  "snmpd, purged without leftovers"
