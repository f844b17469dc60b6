#pragma once

#include <filesystem>
#include <string>

#include "daemon/run_once.hpp"
#include "metrics/report_figures.hpp"
#include "metrics/snapshot.hpp"

namespace marionette::daemon {

/// The run's report as Prometheus users read it (metrics::ReportFigures): the report's metrics
/// as last_run_summary.yaml has them (time with config_retrieval and catalog_application),
/// its status, transaction_completed and cached_catalog_status; a run without a report is a
/// failed one in `environment` whose transaction did not complete.
metrics::ReportFigures report_figures_of(const RunOutcome& outcome, const std::string& environment,
                                         double now);

/// The file the agent keeps in node_exporter's textfile directory: puppet_report_CERTNAME.prom,
/// as voxpupuli's prometheus_reporter names its files.
std::filesystem::path prometheus_textfile_path(const std::filesystem::path& directory,
                                               const std::string& certname);

/// Replaces that file atomically (a temporary beside it that node_exporter ignores, renamed
/// over it) with the snapshot's report and node totals in the text format; throws
/// std::runtime_error saying why it could not.
void write_prometheus_textfile(const std::filesystem::path& directory,
                               const metrics::Snapshot& snapshot);

}  // namespace marionette::daemon
