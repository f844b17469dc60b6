#pragma once

#include "metrics/snapshot.hpp"
#include "prometheus/exposition.hpp"

namespace marionette::prometheus {

/// What an agent exposes: its last report under prometheus_reporter's names (add_report) and
/// its totals from the counter store, marionette_node_*_total{host} (monotonic across restarts,
/// as the store keeps them). With `fleet`, the fleet's totals too (marionette_fleet_*_total,
/// when the store is Redis): the textfile leaves them out, since every node of a host's
/// textfile directory would write the same series.
void add_agent(Exposition& exposition, const metrics::Snapshot& snapshot, bool fleet);

}  // namespace marionette::prometheus
