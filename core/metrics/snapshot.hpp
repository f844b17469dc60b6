#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "metrics/counter_totals.hpp"
#include "metrics/report_figures.hpp"
#include "metrics/server_figures.hpp"

namespace marionette::metrics {

struct FleetSnapshot;  // metrics/fleet_snapshot.hpp

enum class AgentState : int { idle = 1, compiling = 2, applying = 3 };
/// Where the last applied catalog came from: `cached` when compiling failed and the agent applied
/// its last good catalog (usecacheonfailure).
enum class CatalogSource : int { compiled = 1, cached = 2 };
/// Puppet's report status of the last run; `none` before the first run.
enum class RunStatus : int { unchanged = 1, changed = 2, failed = 3, none = 4 };
/// The counter store's state (counters::StoreStatus::backend).
enum class StoreBackend : int { redis = 1, journal_only = 2, degraded = 3, file = 4 };

/// The last run's figures for one resource type (one row of the per-type table).
struct TypeFigures {
  std::string type;  ///< Puppet's type name: "File", "Exec", ...
  std::uint32_t resources = 0, changed = 0, failed = 0, out_of_sync = 0;
  std::uint32_t apply_ms = 0;  ///< time spent on this type's resources
};

struct CompileSample {
  std::uint32_t ms = 0;
  bool ok = true;
};

/// One finished run as the notifications tell it: runs are numbered from 1 since the daemon
/// started (Snapshot::runs_since_start after that run).
struct RunRecord {
  std::uint64_t number = 0;
  RunStatus status = RunStatus::none;
  std::uint32_t resources_failed = 0;
  bool compile_ok = true;
};

/// Everything the SNMP subagent serves, as one immutable value published after each run.
/// Times are in milliseconds, instants in seconds since the Unix epoch.
struct Snapshot {
  std::string version;
  std::int64_t started_at = 0;  ///< when the daemon started
  AgentState state = AgentState::idle;
  std::int64_t run_interval_s = 0;
  std::int64_t last_run_at = 0;  ///< 0 before the first run
  std::uint64_t runs_since_start = 0;
  std::string config_version;  ///< the last applied catalog's version
  CatalogSource catalog_source = CatalogSource::compiled;

  // The last compile, and the compiles in a window of the last kCompileWindow ones.
  std::uint32_t last_compile_ms = 0;
  std::uint32_t last_parse_ms = 0;  ///< the part of last_compile_ms spent lexing and parsing
  bool last_compile_ok = true;
  std::vector<CompileSample> compile_window;  ///< oldest first; failed compiles included
  std::uint32_t compile_min_ms = 0, compile_avg_ms = 0, compile_max_ms = 0;
  std::uint32_t compile_window_failures = 0;

  // The last catalog.
  std::uint32_t catalog_resources = 0;
  std::uint32_t catalog_edges = 0;
  std::uint32_t catalog_classes = 0;
  std::uint64_t catalog_bytes = 0;  ///< its size as Puppet's catalog JSON

  // The last run (Puppet's report metrics).
  RunStatus last_run_status = RunStatus::none;
  std::uint32_t resources_total = 0;
  std::uint32_t resources_changed = 0;
  std::uint32_t resources_failed = 0;
  std::uint32_t resources_skipped = 0;
  std::uint32_t resources_out_of_sync = 0;
  std::uint32_t resources_restarted = 0;
  std::uint32_t resources_scheduled = 0;
  std::uint32_t resources_corrective_change = 0;
  std::uint32_t events_total = 0;
  std::uint32_t events_success = 0;
  std::uint32_t events_failure = 0;
  std::uint32_t last_apply_ms = 0;
  std::vector<TypeFigures> types;  ///< sorted by type name
  /// The last kRecentRuns runs, oldest first, so that every run is judged for a notification
  /// even when several end between two looks of the SNMP thread.
  std::vector<RunRecord> recent_runs;
  /// The last run's report as Prometheus readers see it (empty host before the first run).
  ReportFigures last_report;

  // Totals kept by the counter store (Redis or the local file): monotonic across restarts.
  CounterTotals node;
  CounterTotals fleet;  ///< all zero with the file store (no fleet)

  // The counter store.
  StoreBackend store_backend = StoreBackend::file;
  std::uint64_t store_pending = 0;
  std::int64_t store_last_flush_at = 0;  ///< 0: never

  /// `marionette server`'s figures; all zero in an agent.
  ServerFigures server;
  /// `marionette server`'s view of the fleet (the refresher's latest, taken when this snapshot
  /// was published); null in an agent and in a server without Redis.
  std::shared_ptr<const FleetSnapshot> fleet_nodes;
};

/// How many compiles the min/avg/max figures cover.
inline constexpr std::size_t kCompileWindow = 16;
/// How many runs Snapshot::recent_runs keeps.
inline constexpr std::size_t kRecentRuns = 64;

}  // namespace marionette::metrics
