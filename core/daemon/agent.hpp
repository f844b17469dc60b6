#pragma once

#include <chrono>
#include <functional>
#include <optional>

#include "counters/counter_store.hpp"
#include "daemon/daemon_state.hpp"
#include "daemon/run_once.hpp"
#include "daemon/signals.hpp"
#include "metrics/registry.hpp"

namespace marionette::daemon {

/// One run, as run_once's arguments (run_once itself, or the agent of a server's run).
using OneRun = std::function<RunOutcome(const RunSettings&, const RunLog&,
                                        const std::function<void()>& before_apply)>;

struct AgentSettings {
  RunSettings run;
  std::chrono::seconds run_interval{1800};
  bool onetime = false;
  bool detailed_exitcodes = false;      ///< --onetime exits with the report's detailed exit code
  bool splay = false;                   ///< wait a random 0..splay_limit before the first run
  std::chrono::seconds splay_limit{0};  ///< Puppet's splaylimit (its default: the run interval)
  /// Puppet's waitforlock/maxwaitforlock: how often to try again while another run holds the
  /// lock (0: skip the run at once, saying so) and for how long at most.
  std::chrono::seconds wait_for_lock{0};
  std::chrono::seconds max_wait_for_lock{60};
  /// Called after each run that got a report (Puppet's --summarize prints the summary there).
  std::function<void(const RunOutcome&)> after_run;
  /// One run, as run_once's arguments; empty: run_once (the catalog compiled here). The agent
  /// of a server gets its catalog from the server instead (remote/remote_run.hpp).
  OneRun one_run;
};

/// Re-reads the configuration for SIGHUP: the new settings, or nullopt (after logging why) to
/// keep the current ones.
using ReloadSettings = std::function<std::optional<AgentSettings>()>;

/// The agent loop: after the splay (when enabled) it runs at once, then every run interval or on
/// SIGUSR1, until SIGTERM/SIGINT; SIGHUP reloads the settings. Each run holds the run lock,
/// is added to the counters and published as a new metrics snapshot; STATE_DIR/agent_state.json
/// follows every step for `marionette status`.
class Agent {
 public:
  Agent(AgentSettings settings, metrics::Registry& registry, counters::CounterStore& counters,
        RunLog log, ReloadSettings reload = {});

  /// Returns the exit code: 0 after a clean stop. With --onetime, as Puppet's agent: 1 when no
  /// catalog was applied (compile failed without a cached catalog, or another run held the
  /// lock), else 0, or the report's detailed exit code with --detailed-exitcodes.
  int run(SignalWatcher& signals);

  /// One run, counted and published. Exposed for tests.
  RunOutcome run_and_publish();

  /// Counts a run and publishes it (snapshot, state file); the run may not have run at all.
  void record(const RunOutcome& outcome);

 private:
  enum class Woken { deadline, run_now, stop };

  void publish_state(metrics::AgentState state);
  int onetime_exit_code(const std::optional<RunOutcome>& outcome) const;
  std::optional<RunOutcome> locked_run();
  /// Waits for `deadline()` (asked again after a reload) or a signal.
  Woken wait_until(const std::function<std::chrono::steady_clock::time_point()>& deadline);
  /// Takes the signals that arrived during a run; true when one of them asks to stop.
  bool poll_signals();
  void handle(SignalEvent event);
  void reload();
  void write_state(const std::string& state,
                   std::optional<std::chrono::steady_clock::time_point> next_run);
  int stop_cleanly();
  /// Replaces node_exporter's textfile (prometheus_textfile_dir) with the snapshot's figures;
  /// a failure is logged once until a write succeeds again.
  void write_textfile(const metrics::Snapshot& snapshot);

  AgentSettings settings_;
  metrics::Registry& registry_;
  counters::CounterStore& counters_;
  RunLog log_;
  ReloadSettings reload_;
  SignalWatcher* signals_ = nullptr;
  std::int64_t started_at_;
  DaemonState state_;
  bool state_write_failed_ = false;
  bool textfile_write_failed_ = false;
  bool stop_requested_ = false, run_requested_ = false, reload_requested_ = false;
};

}  // namespace marionette::daemon
