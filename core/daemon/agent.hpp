#pragma once

#include <chrono>

#include "counters/counter_store.hpp"
#include "daemon/run_once.hpp"
#include "daemon/signals.hpp"
#include "metrics/registry.hpp"

namespace marionette::daemon {

struct AgentSettings {
  RunSettings run;
  std::chrono::seconds run_interval{1800};
  bool onetime = false;
};

/// The agent loop: runs at once, then every run interval (or on SIGUSR1), until SIGTERM/SIGINT.
/// After each run it adds the run to the counters and publishes a new metrics snapshot.
class Agent {
 public:
  Agent(AgentSettings settings, metrics::Registry& registry, counters::CounterStore& counters,
        RunLog log);

  /// Returns the exit code: 0 after a clean stop (or a successful --onetime run), 1 when the
  /// --onetime run failed.
  int run(SignalWatcher& signals);

  /// One run, counted and published. Exposed for tests.
  RunOutcome run_and_publish();

 private:
  void publish_state(metrics::AgentState state);

  AgentSettings settings_;
  metrics::Registry& registry_;
  counters::CounterStore& counters_;
  RunLog log_;
  std::int64_t started_at_;
};

}  // namespace marionette::daemon
