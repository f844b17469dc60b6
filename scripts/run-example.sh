#!/usr/bin/env bash
# The README's main job: installs the dependencies, builds marionette, starts a private snmpd and
# a private redis-server (loopback and a temp dir only), runs the agent on the bundled example
# environment (it manages files under /tmp/marionette-example), and walks the agent's MIB.
#
# usage: scripts/run-example.sh [--once]
#   --once   stop everything after the first walk (otherwise the agent keeps running every 30 s
#            until Ctrl-C, and you can walk it from another terminal with the command printed)
# Ports: SNMP_PORT (default 16161) and REDIS_PORT (default 16379), both on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
once=false
[ "${1:-}" = "--once" ] && once=true
snmp_port=${SNMP_PORT:-16161}
redis_port=${REDIS_PORT:-16379}
# The arc is defined once in code (subagent/oids.hpp); read it from there.
root_oid=$(sed -n 's/.*kRootOid = "\(.*\)";.*/\1/p' subagent/oids.hpp)

bash scripts/install-deps.sh
MARIONETTE_TARGETS=marionette bash scripts/build.sh  # only what this job runs, not the tests
marionette=$repo/build/core/cli/marionette

work=$(mktemp -d /tmp/marionette-run.XXXXXX)
pids=()
cleanup() {  # the agent first, then the servers it talks to
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    kill "${pids[i]}" 2>/dev/null || true
    wait "${pids[i]}" 2>/dev/null || true
  done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

wait_for() {  # wait_for SECONDS COMMAND...: poll until the command succeeds
  local deadline=$((SECONDS + $1)); shift
  until "$@" >/dev/null 2>&1; do
    [ $SECONDS -lt $deadline ] || { echo "run-example: timed out waiting for: $*" >&2; return 1; }
    sleep 0.1
  done
}

mkdir -p "$work/persist" "$work/state"
cat > "$work/snmpd.conf" <<CONF
agentAddress  udp:127.0.0.1:$snmp_port
rocommunity   public 127.0.0.1
master        agentx
agentXSocket  unix:$work/agentx.sock
agentXPerms   0660 0770
[snmp] mibs :
[snmp] persistentDir $work/persist
CONF
/usr/sbin/snmpd -f -Lo -C -c "$work/snmpd.conf" -I -smux -p "$work/snmpd.pid" > "$work/snmpd.log" 2>&1 &
pids+=($!)
wait_for 10 test -S "$work/agentx.sock"

redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" \
  > "$work/redis.log" 2>&1 &
pids+=($!)
wait_for 10 redis-cli -p "$redis_port" ping

"$marionette" agent --no-daemonize --env-dir examples/production --facts examples/facts.yaml \
  --statedir "$work/state" --runinterval 30 --agentx-socket "$work/agentx.sock" \
  --redis "redis://127.0.0.1:$redis_port" &
pids+=($!)
wait_for 60 test -f "$work/state/last_run_summary.yaml"

walk=(snmpbulkwalk -v2c -c public -On "127.0.0.1:$snmp_port" "$root_oid")
wait_for 10 sh -c "${walk[*]} | grep -q Counter64"
echo
echo "== ${walk[*]}"
"${walk[@]}"
base_mibs=$repo/../shared/validation/mibs
if [ -d "$base_mibs" ]; then
  named=(snmpbulkwalk -v2c -c public -M "+$base_mibs:$repo/mibs" -m MARIONETTE-MIB
         "127.0.0.1:$snmp_port" MARIONETTE-MIB::marionetteMIB)
  echo
  echo "== ${named[*]}"
  "${named[@]}" || true
fi
echo
echo "== $work/state/last_run_summary.yaml"
cat "$work/state/last_run_summary.yaml"
$once && exit 0
echo
echo "The agent runs every 30 s. Walk it from another terminal with:"
echo "  ${walk[*]}"
echo "Ctrl-C stops the agent, snmpd and redis-server."
wait "${pids[2]}"
