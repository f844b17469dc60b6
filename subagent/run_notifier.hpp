#pragma once

#include <cstdint>
#include <vector>

#include "metrics/snapshot.hpp"

namespace marionette::subagent {

/// MARIONETTE-MIB's notifications, by their arc under marionetteNotifications (root.0).
enum class RunNotification : std::uint32_t { run_failed = 1, run_recovered = 2 };

/// A notification to send, with the run it is about (its objects carry that run's values).
struct PendingNotification {
  RunNotification kind;
  metrics::RunRecord run;
};

/// Decides, from the snapshots the SNMP thread sees, when to send a notification: when a run
/// fails after a run that did not (or as the first run of the daemon), and when a run
/// succeeds after a failed one. Each run is judged once, however often it is looked at, and
/// every run is judged even when several end between two looks (Snapshot::recent_runs).
class RunNotifier {
 public:
  /// The notifications for the runs that ended since the last call, oldest first.
  std::vector<PendingNotification> observe(const metrics::Snapshot& snapshot);

 private:
  void judge(const metrics::RunRecord& run, std::vector<PendingNotification>& out);

  std::uint64_t runs_seen_ = 0;
  bool last_failed_ = false;
};

}  // namespace marionette::subagent
