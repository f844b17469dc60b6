#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace marionette::metrics {

/// One metric of a report: its values by Puppet's key ("out_of_sync", "config_retrieval",
/// "file"), in the report's order.
using ReportValues = std::vector<std::pair<std::string, double>>;

/// A node's last report, as much of it as Prometheus users read (voxpupuli's
/// prometheus_reporter's figures): the agent publishes its own, the server its fleet's.
struct ReportFigures {
  std::string host;  ///< the certname; empty before the first report
  std::string environment;
  double reported_at = 0;  ///< seconds since the Unix epoch
  /// Puppet's report metrics; all empty when the run has none (the catalog was not applied).
  ReportValues resources, time, changes, events;
  std::optional<bool> transaction_completed;
  std::string cached_catalog_status;  ///< not_used | explicitly_requested | on_failure | ""
  std::string status;                 ///< failed | changed | unchanged | ""
};

}  // namespace marionette::metrics
