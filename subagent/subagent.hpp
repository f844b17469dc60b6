#pragma once

#include <atomic>
#include <string>

#include "metrics/registry.hpp"

namespace marionette::subagent {

struct Options {
  std::string agentx_socket;  ///< "/path/to/agentx.sock" or "tcp:localhost:705"; empty: Net-SNMP's default
  std::string root_oid;       ///< empty: the MIB's marionette arc (kRootOid)
  std::string name = "marionette";
  int ping_interval_s = 1;    ///< AgentX ping, so the subagent re-registers soon after snmpd restarts
};

/// Runs the AgentX subagent on the calling thread until `stop` becomes true. This is the only
/// thread that calls Net-SNMP; handlers read registry.latest() and never wait for a run.
/// Without an AgentX master it keeps retrying in the background (Net-SNMP's reconnect alarm).
void run(const Options& options, const metrics::Registry& registry, const std::atomic<bool>& stop);

}  // namespace marionette::subagent
