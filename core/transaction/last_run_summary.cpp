#include <yaml-cpp/yaml.h>

#include <chrono>

#include "marionette/version.hpp"
#include "transaction/apply.hpp"
#include "transaction/state_file.hpp"

namespace marionette::transaction {

namespace {

void emit_resources(YAML::Emitter& out, const ResourceMetrics& m) {
  // Puppet prints the keys sorted.
  out << YAML::Key << "resources" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "changed" << YAML::Value << m.changed;
  out << YAML::Key << "corrective_change" << YAML::Value << m.corrective_change;
  out << YAML::Key << "failed" << YAML::Value << m.failed;
  out << YAML::Key << "failed_to_restart" << YAML::Value << m.failed_to_restart;
  out << YAML::Key << "out_of_sync" << YAML::Value << m.out_of_sync;
  out << YAML::Key << "restarted" << YAML::Value << m.restarted;
  out << YAML::Key << "scheduled" << YAML::Value << m.scheduled;
  out << YAML::Key << "skipped" << YAML::Value << m.skipped;
  out << YAML::Key << "total" << YAML::Value << m.total;
  out << YAML::EndMap;
}

void emit_time(YAML::Emitter& out, const Report& report, double config_retrieval) {
  std::map<std::string, double> times = report.time;  // per type, and total
  double total = times.count("total") ? times["total"] : 0.0;
  times["catalog_application"] = total;
  times["config_retrieval"] = config_retrieval;
  out << YAML::Key << "time" << YAML::Value << YAML::BeginMap;
  for (const auto& [name, seconds] : times) out << YAML::Key << name << YAML::Value << seconds;
  auto now = std::chrono::system_clock::now().time_since_epoch();
  out << YAML::Key << "last_run" << YAML::Value
      << std::chrono::duration_cast<std::chrono::seconds>(now).count();
  out << YAML::EndMap;
}

void emit_events(YAML::Emitter& out, const EventMetrics& events) {
  out << YAML::Key << "events" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "failure" << YAML::Value << events.failure;
  if (events.noop > 0) out << YAML::Key << "noop" << YAML::Value << events.noop;
  out << YAML::Key << "success" << YAML::Value << events.success;
  out << YAML::Key << "total" << YAML::Value << events.total;
  out << YAML::EndMap;
}

}  // namespace

void write_last_run_summary(const Report& report, const std::filesystem::path& path,
                            double config_retrieval_seconds) {
  YAML::Emitter out;
  out.SetDoublePrecision(9);
  out << YAML::BeginDoc << YAML::BeginMap;
  out << YAML::Key << "version" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "config" << YAML::Value << report.catalog_version;
  out << YAML::Key << "puppet" << YAML::Value << report.puppet_version;
  out << YAML::Key << "marionette" << YAML::Value << kVersion;
  out << YAML::EndMap;
  out << YAML::Key << "application" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "run_mode" << YAML::Value << report.run_mode;
  out << YAML::Key << "initial_environment" << YAML::Value << report.environment;
  out << YAML::Key << "converged_environment" << YAML::Value << report.environment;
  out << YAML::EndMap;
  if (report.transaction_completed) {
    // Like Puppet, a run that never applied its catalog has no metrics to report.
    emit_resources(out, report.metrics);
    emit_time(out, report, config_retrieval_seconds);
    out << YAML::Key << "changes" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "total" << YAML::Value << report.changes;
    out << YAML::EndMap;
    emit_events(out, report.events);
  }
  out << YAML::EndMap;
  write_state_file(path, out.c_str());
}

}  // namespace marionette::transaction
