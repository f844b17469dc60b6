#include "subagent/fleet_notifier.hpp"

namespace marionette::subagent {

std::vector<metrics::FleetEvent> FleetNotifier::observe(const metrics::Snapshot& snapshot) {
  std::vector<metrics::FleetEvent> fresh;
  const metrics::FleetSnapshot* fleet = snapshot.fleet_nodes.get();
  if (!started_) {
    started_ = true;
    if (fleet && !fleet->events.empty()) seen_ = fleet->events.back().sequence;
    return fresh;
  }
  if (!fleet) return fresh;
  for (const metrics::FleetEvent& event : fleet->events) {
    if (event.sequence > seen_) {
      fresh.push_back(event);
      seen_ = event.sequence;
    }
  }
  return fresh;
}

}  // namespace marionette::subagent
