#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

namespace marionette::counters {

/// What one run adds to the totals. The run id makes adding idempotent: a run counted once is
/// never counted again, even when the same delta is replayed after a crash or an outage.
struct RunDelta {
  std::string run_id;
  std::uint64_t runs = 1;
  std::uint64_t resources_changed = 0;
  std::uint64_t failures = 0;  ///< 1 when the run's compile or apply failed
};

struct Totals {
  std::uint64_t runs = 0;
  std::uint64_t resources_changed = 0;
  std::uint64_t failures = 0;
};

/// Monotonic counters that survive a daemon restart.
class CounterStore {
 public:
  virtual ~CounterStore() = default;
  /// Records the run (journaled locally first) and returns the totals including it.
  virtual Totals add(const RunDelta& delta) = 0;
  /// The totals as currently known.
  virtual Totals totals() = 0;
  /// "redis", "file", or "journal-only" (Redis configured but unreachable).
  virtual std::string backend() const = 0;
};

struct StoreOptions {
  std::filesystem::path state_dir;
  std::optional<std::string> redis_url;  ///< redis://[:password@]host:port[/db] or unix:///path
  std::string node_name;
  std::string key_prefix = "marionette";
};

/// A Redis-backed store when a URL is given, else a store in a file under the state dir.
std::unique_ptr<CounterStore> make_counter_store(const StoreOptions& options);

}  // namespace marionette::counters
