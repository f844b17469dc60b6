#include "prometheus/fleet_families.hpp"

namespace marionette::prometheus {

namespace {

std::string status_word(metrics::RunStatus status) {
  switch (status) {
    case metrics::RunStatus::failed:
      return "failed";
    case metrics::RunStatus::changed:
      return "changed";
    case metrics::RunStatus::unchanged:
      return "unchanged";
    case metrics::RunStatus::none:
      break;
  }
  return "";
}

}  // namespace

metrics::ReportFigures report_figures_of(const metrics::FleetNode& node) {
  metrics::ReportFigures figures;
  figures.host = node.certname;
  figures.environment = node.environment;
  figures.reported_at = static_cast<double>(node.last_report_at);
  figures.status = status_word(node.status);
  figures.transaction_completed = node.transaction_completed;
  figures.cached_catalog_status = node.cached_catalog_status;
  for (const metrics::ReportMetric& metric : node.metrics) {
    metrics::ReportValues* values = metric.category == "resources" ? &figures.resources
                                    : metric.category == "time"    ? &figures.time
                                    : metric.category == "changes" ? &figures.changes
                                    : metric.category == "events"  ? &figures.events
                                                                   : nullptr;
    if (values) values->emplace_back(metric.name, metric.value);
  }
  return figures;
}

void add_fleet(Exposition& out, const metrics::FleetSnapshot& fleet) {
  if (fleet.refreshed_at == 0) return;
  const metrics::FleetFigures& f = fleet.figures;
  const char* by_status = "Nodes of the fleet by their last report's status";
  for (const auto& [status, count] :
       {std::pair{"failed", f.failed}, std::pair{"changed", f.changed},
        std::pair{"unchanged", f.unchanged}})
    out.add("marionette_fleet_nodes", by_status, MetricType::gauge, {{"status", status}}, count);
  out.add("marionette_fleet_nodes_stale", "Nodes with no report for longer than fleet_stale_after",
          MetricType::gauge, {}, f.stale);
  out.add("marionette_fleet_nodes_deactivated", "Nodes with a report but deactivated",
          MetricType::gauge, {}, f.deactivated);
  out.add("marionette_fleet_reports_total", "Reports every server of the fleet received",
          MetricType::counter, {}, static_cast<double>(f.reports_total));
  out.add("marionette_fleet_refreshed_timestamp_seconds",
          "When this server last read the fleet from the shared store", MetricType::gauge, {},
          static_cast<double>(fleet.refreshed_at));
  out.add("marionette_fleet_store_up", "Whether the last read of the shared store succeeded",
          MetricType::gauge, {}, fleet.store_ok ? 1 : 0);
  for (const metrics::FleetNode& node : fleet.nodes) {
    add_report(out, report_figures_of(node));
    out.add("marionette_node_stale",
            "Whether the node has not reported for longer than fleet_stale_after",
            MetricType::gauge, {{"environment", node.environment}, {"host", node.certname}},
            node.stale ? 1 : 0);
  }
}

}  // namespace marionette::prometheus
