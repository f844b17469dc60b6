#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "metrics/counter_totals.hpp"

namespace marionette::counters {

/// The node's (or the fleet's) monotonic totals: one struct for the stores, the journal and the
/// SNMP snapshot (metrics::CounterTotals), so that a new counter is one field and one line in
/// kCounterFields (counters/totals.hpp).
using Totals = metrics::CounterTotals;

/// What one run adds to the totals. The run id makes adding idempotent: a run counted once is
/// never counted again, even when the same delta is replayed after a crash or an outage.
struct RunDelta {
  std::string run_id;
  Totals counts = one_run();

  static Totals one_run() {
    Totals counts;
    counts.runs = 1;
    return counts;
  }
};

/// How the store is doing, for the MIB's store group.
struct StoreStatus {
  /// "file", "redis" (every run flushed), "journal-only" (Redis unreachable: runs wait in the
  /// journal), "degraded" (Redis answers, but some runs could not be flushed yet).
  std::string backend;
  std::uint64_t pending = 0;       ///< runs in the journal, not yet in the store
  std::int64_t last_flush_at = 0;  ///< Unix seconds of the last successful flush; 0: never
};

/// Monotonic counters that survive a daemon restart.
///
/// Every add() is appended to a journal in the state dir (fsync'd) before it is applied, so a
/// crash or a Redis outage loses nothing, and replaying the journal never counts a run twice.
/// Throws std::runtime_error only when the state dir itself cannot be written.
class CounterStore {
 public:
  virtual ~CounterStore() = default;
  /// Records the run (journaled locally first) and returns the totals including it.
  virtual Totals add(const RunDelta& delta) = 0;
  /// The totals as currently known (this node).
  virtual Totals totals() = 0;
  /// The sums over every node that shares the Redis server; nullopt for the file store.
  /// When Redis is unreachable: the last known fleet totals plus this node's pending runs.
  virtual std::optional<Totals> fleet_totals() = 0;
  /// "redis", "file", or "journal-only" (Redis configured but unreachable).
  virtual std::string backend() const = 0;
  /// The backend, the pending journal entries and the last flush, as of the last call to
  /// add(), totals() or fleet_totals() (no I/O: cheap to call after them).
  virtual StoreStatus status() const = 0;
};

/// Log sink for the counters: (level, message) with Puppet's levels (err, warning, notice).
using CounterLog = std::function<void(const std::string& level, const std::string& message)>;

struct StoreOptions {
  std::filesystem::path state_dir;
  /// redis://[user:password@]host[:port][/db], redis://:password@host, unix:///path[?db=N]
  std::optional<std::string> redis_url;
  std::string node_name;
  std::string key_prefix = "marionette";
  /// Told once when Redis goes away or the state dir cannot be written, and once when it is back.
  CounterLog log;
};

/// A Redis-backed store when a URL is given, else a store in a file under the state dir; either
/// behind a HoldingCounterStore, so that a run is counted even when the state dir is full.
/// Throws std::invalid_argument when the Redis URL cannot be parsed.
std::unique_ptr<CounterStore> make_counter_store(const StoreOptions& options);

}  // namespace marionette::counters
