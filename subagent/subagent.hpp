#pragma once

#include <atomic>
#include <string>

#include "metrics/registry.hpp"
#include "subagent/role.hpp"

namespace marionette::subagent {

struct Options {
  /// "/path/to/agentx.sock" or "tcp:localhost:705"; empty: Net-SNMP's default.
  std::string agentx_socket;
  /// Empty: the MIB's marionette arc (kRootOid in subagent/oids.hpp).
  std::string root_oid;
  /// Net-SNMP's application name (it reads NAME.conf from its config path).
  std::string name = "marionette";
  /// How often the master is pinged while connected (0: never), so that a master that stops
  /// answering is noticed; a master that goes away is noticed at once (its socket closes).
  int ping_interval_s = 1;
  /// Where Net-SNMP may write (it creates cert_indexes/ there even when persisting nothing).
  /// Empty: a private temporary dir, removed when run() returns. Never /var/lib/snmp.
  std::string persistent_dir;
  /// The objects served: the agent's, or the server's mrnServer subtree (served_objects).
  Role role = Role::agent;
};

/// Runs the AgentX subagent on the calling thread until `stop` becomes true. This is the only
/// thread that calls Net-SNMP; handlers read registry.latest() and never wait for a run.
/// Without an AgentX master, or after losing it, it reconnects with backoff (1 s doubling up to
/// 30 s, MasterConnection), warning once per outage. Notices `stop` within about 100 ms.
/// Within about 100 ms of a run that failed (or recovered) it sends mrnRunFailed (or
/// mrnRunRecovered) through the master, which forwards it to its trap sinks; each run is
/// judged, and without a master the notifications wait (bounded) and go out in order later.
/// A server's subagent also serves the fleet table from Snapshot::fleet_nodes and sends the
/// fleet's events that its refresher claimed (mrnNodeRunFailed, -BecameStale, -Recovered).
/// Call it once per process (Net-SNMP cannot set up a second subagent): a second call throws
/// std::logic_error, and so does an Options::root_oid that is not a numeric OID.
void run(const Options& options, const metrics::Registry& registry, const std::atomic<bool>& stop);

}  // namespace marionette::subagent
