#include <yaml-cpp/yaml.h>

#include <chrono>
#include <cstdio>
#include <ctime>
#include <tuple>
#include <vector>

#include "marionette/version.hpp"
#include "transaction/apply.hpp"
#include "transaction/state_file.hpp"

namespace marionette::transaction {

namespace {

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

using Row = std::tuple<std::string, std::string, double>;

void emit_metric(YAML::Emitter& out, const std::string& name, const std::string& label,
                 const std::vector<Row>& rows) {
  out << YAML::Key << name << YAML::Value << YAML::LocalTag("ruby/object:Puppet::Util::Metric")
      << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << name;
  out << YAML::Key << "label" << YAML::Value << label;
  out << YAML::Key << "values" << YAML::Value << YAML::BeginSeq;
  for (const auto& [key, title, value] : rows) {
    out << YAML::Flow << YAML::BeginSeq << key << title << value << YAML::EndSeq;
  }
  out << YAML::EndSeq << YAML::EndMap;
}

std::string capitalised(std::string text) {
  bool start = true;
  for (char& c : text) {
    if (start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    start = c == '_';
    if (c == '_') c = ' ';
  }
  return text;
}

void emit_metrics(YAML::Emitter& out, const Report& report) {
  const ResourceMetrics& m = report.metrics;
  out << YAML::Key << "metrics" << YAML::Value << YAML::BeginMap;
  auto d = [](std::uint64_t v) { return static_cast<double>(v); };
  emit_metric(out, "resources", "Resources",
              {{"total", "Total", d(m.total)},
               {"skipped", "Skipped", d(m.skipped)},
               {"failed", "Failed", d(m.failed)},
               {"failed_to_restart", "Failed to restart", d(m.failed_to_restart)},
               {"restarted", "Restarted", d(m.restarted)},
               {"changed", "Changed", d(m.changed)},
               {"out_of_sync", "Out of sync", d(m.out_of_sync)},
               {"scheduled", "Scheduled", d(m.scheduled)},
               {"corrective_change", "Corrective change", d(m.corrective_change)}});
  std::vector<Row> times;
  for (const auto& [type, seconds] : report.time)
    times.emplace_back(type, capitalised(type), seconds);
  emit_metric(out, "time", "Time", times);
  emit_metric(out, "changes", "Changes", {{"total", "Total", d(report.changes)}});
  emit_metric(out, "events", "Events",
              {{"total", "Total", d(report.events.total)},
               {"failure", "Failure", d(report.events.failure)},
               {"success", "Success", d(report.events.success)},
               {"noop", "Noop", d(report.events.noop)}});
  out << YAML::EndMap;
}

void emit_event(YAML::Emitter& out, const Event& event, const std::string& time) {
  out << YAML::LocalTag("ruby/object:Puppet::Transaction::Event") << YAML::BeginMap;
  out << YAML::Key << "audited" << YAML::Value << false;
  out << YAML::Key << "property" << YAML::Value
      << (event.property.empty() ? YAML::Node() : YAML::Node(event.property));
  out << YAML::Key << "previous_value" << YAML::Value << event.previous_value;
  out << YAML::Key << "desired_value" << YAML::Value << event.desired_value;
  out << YAML::Key << "historical_value" << YAML::Value << YAML::Null;
  out << YAML::Key << "message" << YAML::Value << event.message;
  out << YAML::Key << "name" << YAML::Value << event.name;
  out << YAML::Key << "status" << YAML::Value << event.status;
  out << YAML::Key << "time" << YAML::Value << time;
  out << YAML::Key << "redacted" << YAML::Value << YAML::Null;
  out << YAML::Key << "corrective_change" << YAML::Value << false;
  out << YAML::EndMap;
}

void emit_status(YAML::Emitter& out, const ResourceStatus& status, const std::string& time) {
  out << YAML::Key << status.ref << YAML::Value
      << YAML::LocalTag("ruby/object:Puppet::Resource::Status") << YAML::BeginMap;
  out << YAML::Key << "title" << YAML::Value << status.title;
  out << YAML::Key << "resource" << YAML::Value << status.ref;
  out << YAML::Key << "resource_type" << YAML::Value << status.type;
  out << YAML::Key << "evaluation_time" << YAML::Value << status.seconds;
  out << YAML::Key << "time" << YAML::Value << time;
  out << YAML::Key << "failed" << YAML::Value << status.failed;
  out << YAML::Key << "failed_to_restart" << YAML::Value << status.failed_to_restart;
  out << YAML::Key << "changed" << YAML::Value << status.changed;
  out << YAML::Key << "out_of_sync" << YAML::Value << status.out_of_sync;
  out << YAML::Key << "skipped" << YAML::Value << status.skipped;
  out << YAML::Key << "change_count" << YAML::Value << status.change_count;
  out << YAML::Key << "out_of_sync_count" << YAML::Value << static_cast<int>(status.events.size());
  out << YAML::Key << "events" << YAML::Value << YAML::BeginSeq;
  for (const auto& event : status.events) emit_event(out, event, time);
  out << YAML::EndSeq;
  if (!status.failed_dependencies.empty()) {
    out << YAML::Key << "failed_dependencies" << YAML::Value << status.failed_dependencies;
  }
  out << YAML::Key << "corrective_change" << YAML::Value << status.corrective_change;
  out << YAML::EndMap;
}

void emit_logs(YAML::Emitter& out, const Report& report) {
  out << YAML::Key << "logs" << YAML::Value << YAML::BeginSeq;
  for (const auto& log : report.logs) {
    out << YAML::LocalTag("ruby/object:Puppet::Util::Log") << YAML::BeginMap;
    out << YAML::Key << "level" << YAML::Value << (":" + log.level);
    out << YAML::Key << "message" << YAML::Value << log.message;
    out << YAML::Key << "source" << YAML::Value << log.source;
    out << YAML::Key << "tags" << YAML::Value << YAML::Flow << YAML::BeginSeq << log.level
        << YAML::EndSeq;
    out << YAML::Key << "time" << YAML::Value << report_time(log.time_ns);
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
}

}  // namespace

void write_last_run_report(const Report& report, const std::filesystem::path& path,
                           const std::string& host) {
  const std::string time = report_time(now_ns());
  YAML::Emitter out;
  out.SetDoublePrecision(9);
  out << YAML::BeginDoc << YAML::LocalTag("ruby/object:Puppet::Transaction::Report")
      << YAML::BeginMap;
  out << YAML::Key << "host" << YAML::Value << host;
  out << YAML::Key << "time" << YAML::Value << time;
  out << YAML::Key << "configuration_version" << YAML::Value << report.catalog_version;
  out << YAML::Key << "report_format" << YAML::Value << 12;
  out << YAML::Key << "puppet_version" << YAML::Value << kPuppetCompatVersion;
  out << YAML::Key << "marionette_version" << YAML::Value << kVersion;
  out << YAML::Key << "status" << YAML::Value << report.status;
  out << YAML::Key << "transaction_completed" << YAML::Value << report.transaction_completed;
  out << YAML::Key << "noop" << YAML::Value << report.noop;
  out << YAML::Key << "noop_pending" << YAML::Value << (report.events.noop > 0);
  out << YAML::Key << "environment" << YAML::Value << report.environment;
  emit_logs(out, report);
  emit_metrics(out, report);
  out << YAML::Key << "resource_statuses" << YAML::Value << YAML::BeginMap;
  for (const auto& status : report.resources) emit_status(out, status, time);
  out << YAML::EndMap;
  out << YAML::Key << "corrective_change" << YAML::Value << false;
  out << YAML::Key << "cached_catalog_status" << YAML::Value << report.cached_catalog_status;
  out << YAML::EndMap;
  write_state_file(path, out.c_str());
}

std::string report_time(std::int64_t ns) {
  std::time_t seconds = static_cast<std::time_t>(ns / 1'000'000'000);
  std::tm utc{};
  ::gmtime_r(&seconds, &utc);
  char date[32];
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%S", &utc);
  char text[64];
  std::snprintf(text, sizeof text, "%s.%09lld+00:00", date,
                static_cast<long long>(ns % 1'000'000'000));
  return text;
}

}  // namespace marionette::transaction
