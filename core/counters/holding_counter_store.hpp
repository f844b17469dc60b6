#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <mutex>

#include "counters/counter_store.hpp"

namespace marionette::counters {

/// A store in front of another that never lets a run go uncounted when the state dir cannot be
/// written (full, read-only): a run the inner store refuses is held in memory, counted in the
/// totals served, and handed to the inner store again before the next run (the run id keeps
/// that idempotent). The failure and the recovery are logged once each. At most kMaxHeld runs
/// are held; beyond that the oldest is dropped, and said so.
class HoldingCounterStore final : public CounterStore {
 public:
  static constexpr std::size_t kMaxHeld = 4096;

  HoldingCounterStore(std::unique_ptr<CounterStore> inner, CounterLog log);

  Totals add(const RunDelta& delta) override;
  Totals totals() override;
  std::optional<Totals> fleet_totals() override;
  std::string backend() const override;
  StoreStatus status() const override;

  std::size_t held() const;

 private:
  /// Hands the held runs to the inner store, oldest first; stops at the first refusal.
  void flush_held();
  void failed(const std::exception& error);
  void succeeded();
  Totals plus_held(Totals totals) const;

  std::unique_ptr<CounterStore> inner_;
  CounterLog log_;
  mutable std::mutex mutex_;
  std::deque<RunDelta> held_;
  Totals last_node_;
  std::optional<Totals> last_fleet_;
  bool failing_ = false;
};

}  // namespace marionette::counters
