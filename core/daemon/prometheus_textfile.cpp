#include "daemon/prometheus_textfile.hpp"

#include <map>
#include <stdexcept>

#include "prometheus/agent_families.hpp"
#include "prometheus/exposition.hpp"
#include "storage/durable_file.hpp"

namespace marionette::daemon {

metrics::ReportFigures report_figures_of(const RunOutcome& outcome, const std::string& environment,
                                         double now) {
  metrics::ReportFigures figures;
  figures.host = outcome.node_name;
  figures.environment = environment;
  figures.reported_at = now;
  if (!outcome.report) {
    figures.status = "failed";
    figures.transaction_completed = false;
    figures.cached_catalog_status = "not_used";
    return figures;
  }
  const transaction::Report& report = *outcome.report;
  figures.environment = report.environment;
  figures.status = outcome.failed() ? "failed" : report.status;
  figures.transaction_completed = report.transaction_completed;
  figures.cached_catalog_status = report.cached_catalog_status;
  if (!report.transaction_completed) return figures;  // Puppet's report has no metrics then
  const transaction::ResourceMetrics& r = report.metrics;
  auto n = [](std::uint64_t value) { return static_cast<double>(value); };
  figures.resources = {{"changed", n(r.changed)},
                       {"corrective_change", n(r.corrective_change)},
                       {"failed", n(r.failed)},
                       {"failed_to_restart", n(r.failed_to_restart)},
                       {"out_of_sync", n(r.out_of_sync)},
                       {"restarted", n(r.restarted)},
                       {"scheduled", n(r.scheduled)},
                       {"skipped", n(r.skipped)},
                       {"total", n(r.total)}};
  std::map<std::string, double> times = report.time;  // as last_run_summary.yaml has them
  times["catalog_application"] = times.count("total") ? times["total"] : 0.0;
  times["config_retrieval"] = outcome.compile_seconds;
  figures.time.assign(times.begin(), times.end());
  figures.changes = {{"total", static_cast<double>(report.changes)}};
  figures.events = {{"failure", n(report.events.failure)},
                    {"success", n(report.events.success)},
                    {"total", n(report.events.total)}};
  if (report.events.noop > 0) figures.events.emplace_back("noop", n(report.events.noop));
  return figures;
}

std::filesystem::path prometheus_textfile_path(const std::filesystem::path& directory,
                                               const std::string& certname) {
  std::string name = certname;
  for (char& c : name)
    if (c == '/' || c == '\0') c = '_';
  return directory / ("puppet_report_" + name + ".prom");
}

void write_prometheus_textfile(const std::filesystem::path& directory,
                               const metrics::Snapshot& snapshot) {
  if (snapshot.last_report.host.empty()) return;
  prometheus::Exposition exposition;
  prometheus::add_agent(exposition, snapshot, /*fleet=*/false);
  const std::string text = prometheus::write(exposition, prometheus::Format::text);
  std::string error;
  if (!storage::write_file_atomically(
          prometheus_textfile_path(directory, snapshot.last_report.host), text, &error))
    throw std::runtime_error(error);
}

}  // namespace marionette::daemon
