#include "daemon/agent.hpp"

#include <chrono>

#include "catalog/catalog.hpp"
#include "daemon/snapshot_builder.hpp"
#include "marionette/version.hpp"

namespace marionette::daemon {

namespace {

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

Agent::Agent(AgentSettings settings, metrics::Registry& registry, counters::CounterStore& counters,
             RunLog log)
    : settings_(std::move(settings)),
      registry_(registry),
      counters_(counters),
      log_(std::move(log)),
      started_at_(unix_now()) {
  metrics::Snapshot first = *registry_.latest();
  first.version = kVersion;
  first.started_at = started_at_;
  first.run_interval_s = settings_.run_interval.count();
  first.node = counter_totals(counters_.totals());
  first.fleet = counter_totals(counters_.fleet_totals().value_or(counters::Totals{}));
  set_store_status(first, counters_.status());
  registry_.publish(first);
}

void Agent::publish_state(metrics::AgentState state) {
  metrics::Snapshot next = *registry_.latest();
  next.state = state;
  registry_.publish(next);
}

RunOutcome Agent::run_and_publish() {
  publish_state(metrics::AgentState::compiling);
  RunOutcome outcome =
      run_once(settings_.run, log_, [this] { publish_state(metrics::AgentState::applying); });
  counters::Totals totals =
      counters_.add(delta_of(outcome, outcome.node_name + "/" + catalog::new_catalog_uuid()));
  std::optional<counters::Totals> fleet = counters_.fleet_totals();
  metrics::Snapshot next = snapshot_after(*registry_.latest(), outcome, totals, unix_now());
  next.fleet = counter_totals(fleet.value_or(counters::Totals{}));
  set_store_status(next, counters_.status());
  registry_.publish(std::move(next));
  return outcome;
}

int Agent::run(SignalWatcher& signals) {
  for (;;) {
    RunOutcome outcome = run_and_publish();
    if (settings_.onetime) return outcome.failed() ? 1 : 0;
    auto next_run = std::chrono::steady_clock::now() + settings_.run_interval;
    for (;;) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          next_run - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      SignalEvent event = signals.wait(left);
      if (event == SignalEvent::stop) {
        log_("notice", "Caught TERM; exiting");
        return 0;
      }
      if (event == SignalEvent::run_now) break;
      if (event == SignalEvent::reload)
        log_("notice", "Caught HUP; the configuration is re-read at the next run");
      if (event == SignalEvent::none) break;
    }
  }
}

}  // namespace marionette::daemon
