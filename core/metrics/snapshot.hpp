#pragma once

#include <cstdint>
#include <string>

namespace marionette::metrics {

enum class AgentState : int { idle = 1, compiling = 2, applying = 3 };

/// Everything the SNMP subagent serves, as one immutable value published after each run.
/// Times are in milliseconds, instants in seconds since the Unix epoch.
struct Snapshot {
  std::string version;
  std::int64_t started_at = 0;      ///< when the daemon started
  AgentState state = AgentState::idle;
  std::int64_t run_interval_s = 0;
  std::int64_t last_run_at = 0;     ///< 0 before the first run

  // The last compile.
  std::uint32_t last_compile_ms = 0;
  bool last_compile_ok = true;

  // The last catalog.
  std::uint32_t catalog_resources = 0;
  std::uint32_t catalog_edges = 0;
  std::uint32_t catalog_classes = 0;

  // The last run (Puppet's report metrics).
  std::uint32_t resources_total = 0;
  std::uint32_t resources_changed = 0;
  std::uint32_t resources_failed = 0;
  std::uint32_t resources_skipped = 0;
  std::uint32_t resources_out_of_sync = 0;
  std::uint32_t resources_restarted = 0;
  std::uint32_t events_total = 0;
  std::uint32_t last_apply_ms = 0;

  // Totals kept by the counter store (Redis or the local file): monotonic across restarts.
  std::uint64_t runs_total = 0;
  std::uint64_t resources_changed_total = 0;
  std::uint64_t failures_total = 0;  ///< runs whose compile or apply failed
};

}  // namespace marionette::metrics
