#pragma once

#include <cstdint>
#include <vector>

#include "metrics/fleet_snapshot.hpp"

namespace marionette::subagent {

/// Which of the fleet's events (metrics::FleetSnapshot::events, which the server's refresher
/// claimed so that no other server sends them) the SNMP thread has not sent yet. The events
/// already there when it first looks are not news. Each event is returned once, however
/// often a snapshot is looked at.
class FleetNotifier {
 public:
  /// The events newer than the last call's, oldest first.
  std::vector<metrics::FleetEvent> observe(const metrics::Snapshot& snapshot);

 private:
  bool started_ = false;
  std::uint64_t seen_ = 0;  ///< the last sequence number returned (or skipped at start)
};

}  // namespace marionette::subagent
