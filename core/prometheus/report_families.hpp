#pragma once

#include "metrics/report_figures.hpp"
#include "prometheus/exposition.hpp"

namespace marionette::prometheus {

/// A node's last report under the names and labels of voxpupuli's prometheus_reporter:
/// puppet_report_resources, _time, _changes and _events {name, environment, host} (the metrics'
/// labels as Puppet words them: "Out of sync", "Config retrieval"), puppet_report (when, in
/// seconds), puppet_transaction_completed, puppet_cache_catalog_status {state} and puppet_status
/// {state}, all gauges. Nothing for a report without a host.
void add_report(Exposition& exposition, const metrics::ReportFigures& report);

/// Puppet's label of a metric key (Puppet::Util::Metric.labelize): "out_of_sync" → "Out of sync".
std::string puppet_metric_label(std::string_view key);

}  // namespace marionette::prometheus
