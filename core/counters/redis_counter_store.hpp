#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <mutex>

#include "counters/counter_store.hpp"
#include "counters/journal.hpp"
#include "counters/redis_connection.hpp"

namespace marionette::counters {

/// The Redis key names for one node, under a prefix.
///   <prefix>:node:<node>              hash  the fields of kCounterFields (runs, ...)
///   <prefix>:fleet                    hash  the same fields, summed over every node
///   <prefix>:node:<node>:applied      zset  the last kRememberedRunIds run ids applied
///   <prefix>:node:<node>:applied_seq  int   the score of the newest member of :applied
struct RedisKeys {
  RedisKeys(const std::string& prefix, const std::string& node);
  std::string node, fleet, applied, applied_seq;
};

/// Counters kept in Redis, journaled locally first.
///
/// Each journaled run is flushed by one EVAL that, atomically inside Redis, checks the node's
/// :applied set and HINCRBYs the node and fleet hashes only when the run id is new. Entries leave
/// the journal only after Redis acknowledged them; a run whose reply was lost is replayed and
/// found in :applied. The journal is flushed in order and stops at the first failure, so a
/// replayed run is at most kMaxFlushBatch runs old: remembering the last kRememberedRunIds ids
/// (bounded, no clock involved, unlike per-run keys with a TTL that a long outage could outlive)
/// is enough.
///
/// Every add() (one per run) tries Redis; totals() and fleet_totals() wait for the connection's
/// reconnect backoff (RedisConnection), so a Redis that is down costs no connect per call.
/// When Redis cannot be reached, backend() is "journal-only" and the totals are the last totals
/// read from Redis (cached in the state dir, so they survive a restart) plus the pending runs.
/// When Redis comes back with less than that cache (restarted without persistence), the node's
/// difference is restored (restore_if_lost), so the totals served never go down; the fleet's
/// totals served are never below those served before (each node restores only its own share).
class RedisCounterStore final : public CounterStore {
 public:
  static constexpr std::size_t kRememberedRunIds = 1024;
  static constexpr std::size_t kMaxFlushBatch = 256;
  static constexpr std::chrono::milliseconds kTimeout{500};

  RedisCounterStore(std::filesystem::path state_dir, RedisEndpoint endpoint,
                    const std::string& key_prefix, const std::string& node_name,
                    CounterLog log = {});

  Totals add(const RunDelta& delta) override;
  Totals totals() override;
  std::optional<Totals> fleet_totals() override;
  std::string backend() const override;
  StoreStatus status() const override;

 private:
  struct Known {
    Totals node, fleet;
  };
  /// Flushes the journal, then reads the totals from Redis or, failing that, from the cache.
  /// Call with the locks held.
  Known refresh();
  /// Flushes up to kMaxFlushBatch pending runs, updating *known from Redis's replies; returns
  /// the runs still pending. What Redis counted anew (not a replay it knew) is added to
  /// *counted_now, what every flushed run holds to *flushed_now.
  std::vector<RunDelta> flush(std::vector<RunDelta> pending, Known* known, Totals* counted_now,
                              Totals* flushed_now);
  /// Applies one run in Redis; returns the node and fleet totals after it, or nullopt.
  std::optional<Known> flush_one(const RunDelta& delta, bool* counted);
  std::optional<Totals> read_hash(const std::string& key);
  /// Counters are monotonic: when Redis's totals for this node are below what was counted
  /// before (`expected`: the cached totals plus what the runs just flushed added), Redis was restarted
  /// without its data; the difference is added back to the node's and the fleet's hashes.
  void restore_if_lost(const Totals& expected, Known* known);
  /// Logs an outage once when it starts and once when it ends.
  void log_reachability(std::size_t flushed);
  static Known load_cache(const std::filesystem::path& file);
  static void save_cache(const std::filesystem::path& file, const Known& known);

  CounterLog log_;
  std::string last_error_;      ///< why Redis last failed
  bool outage_logged_ = false;  ///< the current outage was logged
  std::filesystem::path state_dir_;
  RedisKeys keys_;
  Journal journal_;
  RedisConnection redis_;
  std::atomic<bool> reachable_{false};
  std::atomic<std::uint64_t> pending_{0};
  std::atomic<std::int64_t> last_flush_at_{0};
  std::mutex mutex_;
};

}  // namespace marionette::counters
