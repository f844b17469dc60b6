#include "counters/holding_counter_store.hpp"

#include "counters/totals.hpp"

namespace marionette::counters {

HoldingCounterStore::HoldingCounterStore(std::unique_ptr<CounterStore> inner, CounterLog log)
    : inner_(std::move(inner)), log_(std::move(log)) {
  last_node_ = inner_->totals();
  last_fleet_ = inner_->fleet_totals();
}

Totals HoldingCounterStore::add(const RunDelta& delta) {
  std::lock_guard guard(mutex_);
  held_.push_back(delta);
  if (held_.size() > kMaxHeld) {
    if (log_)
      log_("err", "counters: " + std::to_string(kMaxHeld) +
                      " runs could not be recorded; the oldest one is no longer counted");
    held_.pop_front();
  }
  flush_held();
  return plus_held(last_node_);
}

Totals HoldingCounterStore::totals() {
  std::lock_guard guard(mutex_);
  flush_held();
  if (held_.empty()) {
    try {
      last_node_ = inner_->totals();
      succeeded();
    } catch (const std::exception& e) {
      failed(e);
    }
  }
  return plus_held(last_node_);
}

std::optional<Totals> HoldingCounterStore::fleet_totals() {
  std::lock_guard guard(mutex_);
  try {
    last_fleet_ = inner_->fleet_totals();
  } catch (const std::exception& e) {
    failed(e);
  }
  if (!last_fleet_) return std::nullopt;
  return plus_held(*last_fleet_);
}

std::string HoldingCounterStore::backend() const {
  return inner_->backend();
}

StoreStatus HoldingCounterStore::status() const {
  std::lock_guard guard(mutex_);
  StoreStatus status = inner_->status();
  status.pending += held_.size();
  if (!held_.empty() && status.backend != "journal-only") status.backend = "degraded";
  return status;
}

std::size_t HoldingCounterStore::held() const {
  std::lock_guard guard(mutex_);
  return held_.size();
}

void HoldingCounterStore::flush_held() {
  bool recorded = false;
  while (!held_.empty()) {
    try {
      last_node_ = inner_->add(held_.front());
    } catch (const std::exception& e) {
      failed(e);
      return;
    }
    held_.pop_front();
    recorded = true;
  }
  if (recorded) succeeded();  // said once every held run is in the inner store
}

void HoldingCounterStore::failed(const std::exception& error) {
  if (!failing_ && log_)
    log_("err", std::string(error.what()) +
                    "; runs are counted in memory until the state dir can be written again");
  failing_ = true;
}

void HoldingCounterStore::succeeded() {
  if (failing_ && log_)
    log_("notice", "counters: the state dir can be written again; the runs held in memory are recorded");
  failing_ = false;
}

Totals HoldingCounterStore::plus_held(Totals totals) const {
  for (const RunDelta& delta : held_) add_delta(totals, delta);
  return totals;
}

}  // namespace marionette::counters
