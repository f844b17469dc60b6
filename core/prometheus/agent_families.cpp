#include "prometheus/agent_families.hpp"

#include "prometheus/report_families.hpp"

namespace marionette::prometheus {

namespace {

constexpr double kTotalsMicrosecondsPerSecond = 1e6;

void add_totals(Exposition& out, const std::string& scope, const metrics::CounterTotals& totals,
                const Labels& labels) {
  const std::string prefix = "marionette_" + scope + "_";
  const std::string whose = scope == "node" ? "this node's" : "the fleet's";
  auto counter = [&](const char* name, const char* help, double value) {
    out.add(prefix + name, std::string(help) + ", " + whose + ", since counting began",
            MetricType::counter, labels, value);
  };
  counter("runs_total", "Runs", static_cast<double>(totals.runs));
  counter("run_failures_total", "Runs whose compile or apply failed",
          static_cast<double>(totals.failures));
  counter("compiles_total", "Catalog compiles", static_cast<double>(totals.compiles));
  counter("compile_failures_total", "Catalog compiles that failed",
          static_cast<double>(totals.compile_failures));
  counter("resources_changed_total", "Resources changed",
          static_cast<double>(totals.resources_changed));
  counter("resources_failed_total", "Resources that failed",
          static_cast<double>(totals.resources_failed));
  counter("events_total", "Resource events", static_cast<double>(totals.events));
  counter("compile_seconds_total", "Time spent compiling",
          static_cast<double>(totals.compile_us) / kTotalsMicrosecondsPerSecond);
  counter("apply_seconds_total", "Time spent applying catalogs",
          static_cast<double>(totals.apply_us) / kTotalsMicrosecondsPerSecond);
}

}  // namespace

void add_agent(Exposition& out, const metrics::Snapshot& snapshot, bool fleet) {
  add_report(out, snapshot.last_report);
  if (!snapshot.last_report.host.empty())
    add_totals(out, "node", snapshot.node, {{"host", snapshot.last_report.host}});
  if (fleet && snapshot.store_backend == metrics::StoreBackend::redis)
    add_totals(out, "fleet", snapshot.fleet, {});
}

}  // namespace marionette::prometheus
