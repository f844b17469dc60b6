#pragma once

#include <cstdint>
#include <optional>

#include "metrics/snapshot.hpp"

namespace marionette::subagent {

/// MARIONETTE-MIB's notifications, by their arc under marionetteNotifications (root.0).
enum class RunNotification : std::uint32_t { run_failed = 1, run_recovered = 2 };

/// Decides, from the snapshots the SNMP thread sees, when to send a notification: when a run
/// fails after a run that did not (or as the first run of the daemon), and when a run
/// succeeds after a failed one. Each run is judged once, however often it is looked at;
/// runs that end between two looks are judged by the last one (the snapshot carries no more).
class RunNotifier {
 public:
  std::optional<RunNotification> observe(const metrics::Snapshot& snapshot);

 private:
  std::uint64_t runs_seen_ = 0;
  bool last_failed_ = false;
};

}  // namespace marionette::subagent
