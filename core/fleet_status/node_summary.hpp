#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "metrics/fleet_snapshot.hpp"

namespace marionette::fleet_status {

/// The small per-node record a server writes to the shared store when it receives a report,
/// so that a refresh reads a few hundred bytes per node instead of whole reports (which hold
/// every resource's status and the run's log, and are kept as a list of the last ones). JSON:
/// the report's own field names, its metrics block as Puppet writes it, and received_at_ms.
///
/// Returns nullopt when `report_json` is not a JSON object.
std::optional<std::string> summarize_report(std::string_view report_json,
                                            std::int64_t received_at_ms);

/// A summary read back: the node's row (certname and stale left for the caller) and when its
/// report was received, in milliseconds (the notifications' claims name a report by it).
struct NodeRecord {
  metrics::FleetNode node;
  std::int64_t received_at_ms = 0;
};

/// nullopt when `summary` is not a summary (not JSON, or no received_at_ms).
std::optional<NodeRecord> read_summary(std::string_view summary);

}  // namespace marionette::fleet_status
