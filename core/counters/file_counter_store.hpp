#pragma once

#include <atomic>
#include <filesystem>
#include <mutex>

#include "counters/counter_store.hpp"
#include "counters/journal.hpp"

namespace marionette::counters {

/// Counters kept in a file in the state dir (no Redis): `counters.json` holds the totals and the
/// last kRememberedRunIds applied run ids, replaced atomically after the journal is applied.
///
/// A crash between the two steps (totals written, journal not yet emptied) replays entries whose
/// ids are remembered, so they count once.
class FileCounterStore final : public CounterStore {
 public:
  static constexpr std::size_t kRememberedRunIds = 1024;

  /// Creates the state dir when needed and applies what a crash left in the journal.
  explicit FileCounterStore(std::filesystem::path state_dir,
                            std::size_t remembered_run_ids = kRememberedRunIds);

  Totals add(const RunDelta& delta) override;
  Totals totals() override;
  std::optional<Totals> fleet_totals() override { return std::nullopt; }
  std::string backend() const override { return "file"; }
  StoreStatus status() const override { return {"file", 0, last_flush_at_.load()}; }

 private:
  /// Applies pending journal entries to the totals file; call with the locks held.
  Totals apply_journal();

  std::filesystem::path state_dir_;
  std::size_t remembered_run_ids_;
  Journal journal_;
  std::mutex mutex_;
  std::atomic<std::int64_t> last_flush_at_{0};
};

}  // namespace marionette::counters
