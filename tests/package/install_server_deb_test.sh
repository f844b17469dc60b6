#!/usr/bin/env bash
# Installs marionette and marionette-server from the .debs package.build_deb left in
# MARIONETTE_DEB_DIR (apt-get install ./...), starts the server as its unit says, and runs
# Debian's real `puppet agent -t` against it: the first run gets its certificate (autosign) and
# applies a catalog from an environment under the installed codedir (exit 2), the second finds
# nothing to change (exit 0). Then `marionette ca` on the installed layout (list, revoke: the
# agent's next run is refused), and a purge that must leave nothing: no file, no vardir, no user.
#
# With systemd as PID 1 the unit is started with systemctl. Without it (a container: PID 1 is
# not systemd), the unit's own User=, Group= and ExecStart= lines are read from the installed
# unit file and run with setpriv, so a broken unit (or a postinst that did not make the user
# and the vardir) fails the test either way. Needs root; leaves the machine as it found it.
set -euo pipefail
started=$(date +%s)
skip() { echo "SKIP: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "installing a package needs root"
for tool in apt-get dpkg dpkg-query puppet setpriv python3; do
  command -v "$tool" >/dev/null || skip "$tool is not available"
done
for package in marionette marionette-server; do
  if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed'; then
    skip "$package is already installed on this machine; not touching it"
  fi
done
getent passwd marionette >/dev/null && skip "a user marionette exists already; not touching it"
agent_deb=$(ls "${MARIONETTE_DEB_DIR:?}"/marionette_*.deb 2>/dev/null | grep -v dbgsym | head -1 || true)
server_deb=$(ls "$MARIONETTE_DEB_DIR"/marionette-server_*.deb 2>/dev/null | head -1 || true)
[ -n "$agent_deb" ] && [ -n "$server_deb" ] ||
  { echo "FAIL: no marionette and marionette-server .debs in $MARIONETTE_DEB_DIR (package.build_deb makes them)"; exit 1; }

unit=/lib/systemd/system/marionette-server.service
with_systemd=false
[ "$(ps -p 1 -o comm=)" = systemd ] && with_systemd=true
work=$(mktemp -d /tmp/marionette-server-install.XXXXXX)
chmod 0755 "$work"
server_pid=""

stop_server() {
  if $with_systemd; then
    systemctl stop marionette-server.service 2>/dev/null || true
  elif [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid"
    for _ in $(seq 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  server_pid=""
}
restore() {
  local status=$?
  stop_server
  for package in marionette-server marionette; do
    if dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'installed'; then
      apt-get purge -y "$package" >>"$work/cleanup.log" 2>&1 || cat "$work/cleanup.log"
    fi
  done
  rm -rf "$work"
  echo "duration: $(($(date +%s) - started)) s"
  exit "$status"
}
trap restore EXIT
fail() {
  echo "FAIL: $*"
  [ -f "$work/server.log" ] && { echo "--- server log"; tail -30 "$work/server.log"; }
  exit 1
}

cp "$agent_deb" "$server_deb" "$work/"
cd "$work"
DEBIAN_FRONTEND=noninteractive apt-get install -y "./$(basename "$agent_deb")" \
  "./$(basename "$server_deb")" >"$work/install.log" 2>&1 ||
  { cat "$work/install.log"; fail "apt-get install failed"; }
dpkg-query -L marionette marionette-server >"$work/installed.txt"

# What the package and its postinst made.
[ -f "$unit" ] || fail "$unit was not installed"
grep -qx /etc/marionette/puppet.conf /var/lib/dpkg/info/marionette-server.conffiles ||
  fail "/etc/marionette/puppet.conf is not a conffile of marionette-server"
getent passwd marionette >/dev/null || fail "the postinst made no user marionette"
[ "$(id -u marionette)" -lt 1000 ] || fail "marionette is not a system user"
[ "$(stat -c '%U:%G %a' /var/lib/marionette-server)" = "marionette:marionette 750" ] ||
  fail "/var/lib/marionette-server is $(stat -c '%U:%G %a' /var/lib/marionette-server)"
if $with_systemd; then
  systemctl is-enabled --quiet marionette-server.service &&
    fail "marionette-server.service is enabled on install (its certificate needs the settings first)"
fi

# The admin's part before the first start: the server's names and port in [server], an
# environment in the codedir, and autosign.conf in the confdir (Puppet's default autosign).
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >>/etc/marionette/puppet.conf <<EOF
certname = server.pkgtest
dns_alt_names = localhost,IP:127.0.0.1
bindaddress = 127.0.0.1
serverport = $port
keylength = 2048
EOF
env_dir=/etc/marionette/code/environments/pkgtest
mkdir -p "$env_dir/manifests" "$env_dir/modules"
cat >"$env_dir/manifests/site.pp" <<EOF
node default {
  file { '$work/managed.txt':
    ensure  => file,
    content => "compiled by marionette-server for \${trusted['certname']}\\n",
  }
}
EOF
echo node1.pkgtest >/etc/marionette/autosign.conf

if $with_systemd; then
  systemctl start marionette-server.service
else
  # No systemd: what the unit would run, as the user it names.
  user=$(sed -n 's/^User=//p' "$unit")
  group=$(sed -n 's/^Group=//p' "$unit")
  exec_start=$(sed -n 's/^ExecStart=//p' "$unit")
  [ -n "$user" ] && [ -n "$group" ] && [ -n "$exec_start" ] ||
    fail "the unit lacks User=, Group= or ExecStart="
  echo "note: PID 1 is $(ps -p 1 -o comm=), not systemd: running ExecStart=$exec_start as $user:$group"
  read -r -a command <<<"$exec_start"
  (cd / && exec setpriv --reuid="$user" --regid="$group" --init-groups -- "${command[@]}") \
    >"$work/server.log" 2>&1 &
  server_pid=$!
fi
listening() { python3 -c "import socket; socket.create_connection(('127.0.0.1', $port), 1)" 2>/dev/null; }
for _ in $(seq 600); do
  listening && break
  if ! $with_systemd && ! kill -0 "$server_pid" 2>/dev/null; then fail "the server exited"; fi
  sleep 0.2
done
listening || fail "the server did not listen on 127.0.0.1:$port within 120 s"
$with_systemd && journalctl -u marionette-server.service --no-pager >"$work/server.log" 2>&1
[ "$(stat -c %U /var/lib/marionette-server/ssl/ca/ca_key.pem)" = marionette ] ||
  fail "the CA was not made by the user marionette in /var/lib/marionette-server/ssl"
[ -f /var/lib/marionette-server/ssl/certs/server.pkgtest.pem ] ||
  fail "the server's certificate is not in /var/lib/marionette-server/ssl"

agent() {
  timeout 180 puppet agent -t --server 127.0.0.1 --serverport "$port" --certname node1.pkgtest \
    --environment pkgtest --confdir "$work/agent/conf" --vardir "$work/agent/var" \
    --ssldir "$work/agent/ssl" --codedir "$work/agent/code" --logdir "$work/agent/log" \
    --rundir "$work/agent/run" --keylength 2048 --waitforcert 0 --no-daemonize --color false \
    >"$work/agent.log" 2>&1
}
status=0; agent || status=$?
ls -la /var/lib/marionette-server /var/lib/marionette-server/reports >"$work/vardir.txt" 2>&1 || true
[ "$status" = 2 ] || { cat "$work/vardir.txt"; cat "$work/agent.log"; fail "the first puppet agent -t exited $status, not 2"; }
grep -qx 'compiled by marionette-server for node1.pkgtest' "$work/managed.txt" ||
  fail "the catalog of the pkgtest environment was not applied"
status=0; agent || status=$?
[ "$status" = 0 ] || { cat "$work/agent.log"; fail "the second puppet agent -t exited $status, not 0"; }

# `marionette ca` on the installed layout, run by root: it finds the CA through [server]'s vardir
# and writes as the CA's owner.
listed=$(marionette ca list --all 2>&1) || fail "marionette ca list --all failed: $listed"
grep -q 'node1.pkgtest' <<<"$listed" || fail "marionette ca list --all does not show node1.pkgtest: $listed"
revoked=$(marionette ca revoke --certname node1.pkgtest 2>&1) || fail "marionette ca revoke failed: $revoked"
[ "$(stat -c %U /var/lib/marionette-server/ssl/ca/ca_crl.pem)" = marionette ] ||
  fail "marionette ca revoke left the CRL owned by $(stat -c %U /var/lib/marionette-server/ssl/ca/ca_crl.pem)"
status=0; agent || status=$?
[ "$status" = 1 ] || { cat "$work/agent.log"; fail "a revoked agent's run exited $status, not 1"; }

stop_server
DEBIAN_FRONTEND=noninteractive apt-get purge -y marionette-server marionette >"$work/purge.log" 2>&1 ||
  { cat "$work/purge.log"; fail "apt-get purge failed"; }
while read -r path; do
  [ "$path" = /. ] && continue
  [ -e "$path" ] || [ -L "$path" ] || continue
  if [ -d "$path" ] && dpkg-query -S "$path" >/dev/null 2>&1; then continue; fi
  fail "$path is left after purge"
done <"$work/installed.txt"
for path in /etc/marionette /var/lib/marionette /var/lib/marionette-server; do
  [ -e "$path" ] && fail "$path is left after purge"
done
getent passwd marionette >/dev/null && fail "the user marionette is left after purge"
getent group marionette >/dev/null && fail "the group marionette is left after purge"
echo "ok: installed $(basename "$server_deb"), started its unit's ExecStart, puppet agent -t exited 2" \
  "then 0, marionette ca listed and revoked on the installed layout, purged without leftovers"
