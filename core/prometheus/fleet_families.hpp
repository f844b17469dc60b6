#pragma once

#include "metrics/fleet_snapshot.hpp"
#include "metrics/report_figures.hpp"
#include "prometheus/exposition.hpp"
#include "prometheus/report_families.hpp"

namespace marionette::prometheus {

/// The fleet a server reads from the shared store: every node's last report under
/// prometheus_reporter's names (add_report), whether it is stale (marionette_node_stale), and
/// the fleet's figures (marionette_fleet_nodes{status}, _nodes_stale, _nodes_deactivated,
/// _reports_total, when the store was last read and whether it could be). Nothing before the
/// store was first read.
void add_fleet(Exposition& exposition, const metrics::FleetSnapshot& fleet);

/// One node of the fleet as its report figures.
metrics::ReportFigures report_figures_of(const metrics::FleetNode& node);

}  // namespace marionette::prometheus
