#include "indirector/report_json.hpp"

#include <chrono>
#include <ctime>
#include <nlohmann/json.hpp>

#include "marionette/version.hpp"

namespace marionette::indirector {

namespace {

using Json = nlohmann::ordered_json;

Json metric(const std::string& name, const std::string& label, Json values) {
  return Json{{"name", name}, {"label", label}, {"values", std::move(values)}};
}

Json metrics_of(const transaction::Report& report) {
  const auto& m = report.metrics;
  Json time = Json::array();
  for (const auto& [type, seconds] : report.time)
    time.push_back(Json::array({type, type, seconds}));
  return Json{
      {"resources", metric("resources", "Resources",
                           {{"total", "Total", m.total},
                            {"skipped", "Skipped", m.skipped},
                            {"failed", "Failed", m.failed},
                            {"failed_to_restart", "Failed to restart", m.failed_to_restart},
                            {"restarted", "Restarted", m.restarted},
                            {"changed", "Changed", m.changed},
                            {"out_of_sync", "Out of sync", m.out_of_sync},
                            {"scheduled", "Scheduled", m.scheduled},
                            {"corrective_change", "Corrective change", m.corrective_change}})},
      {"time", metric("time", "Time", time)},
      {"changes", metric("changes", "Changes", {{"total", "Total", report.changes}})},
      {"events", metric("events", "Events",
                        {{"total", "Total", report.events.total},
                         {"failure", "Failure", report.events.failure},
                         {"success", "Success", report.events.success},
                         {"noop", "Noop", report.events.noop}})}};
}

Json status_of(const transaction::ResourceStatus& status, const std::string& time) {
  Json events = Json::array();
  for (const auto& event : status.events) {
    events.push_back({{"audited", false},
                      {"property", event.property.empty() ? Json() : Json(event.property)},
                      {"previous_value", event.previous_value},
                      {"desired_value", event.desired_value},
                      {"historical_value", nullptr},
                      {"message", event.message},
                      {"name", event.name},
                      {"status", event.status},
                      {"time", time},
                      {"redacted", nullptr},
                      {"corrective_change", false}});
  }
  Json out = {{"title", status.title},
              {"resource", status.ref},
              {"resource_type", status.type},
              {"evaluation_time", status.seconds},
              {"time", time},
              {"failed", status.failed},
              {"failed_to_restart", status.failed_to_restart},
              {"changed", status.changed},
              {"out_of_sync", status.out_of_sync},
              {"skipped", status.skipped},
              {"change_count", status.change_count},
              {"out_of_sync_count", static_cast<int>(status.events.size())},
              {"events", std::move(events)},
              {"corrective_change", status.corrective_change}};
  if (!status.failed_dependencies.empty()) out["failed_dependencies"] = status.failed_dependencies;
  return out;
}

}  // namespace

std::string report_to_json(const transaction::Report& report, const std::string& host) {
  const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::system_clock::now().time_since_epoch())
                               .count();
  const std::string time = transaction::report_time(now);
  Json logs = Json::array();
  for (const auto& log : report.logs) {
    logs.push_back({{"level", log.level},
                    {"message", log.message},
                    {"source", log.source},
                    {"tags", Json::array({log.level})},
                    {"time", transaction::report_time(log.time_ns)}});
  }
  Json statuses = Json::object();
  for (const auto& status : report.resources)
    if (report.lists(status)) statuses[status.ref] = status_of(status, time);
  Json out = {{"host", host},
              {"time", time},
              {"configuration_version", report.catalog_version},
              {"report_format", 12},
              {"puppet_version", report.puppet_version},
              {"status", report.status},
              {"transaction_completed", report.transaction_completed},
              {"noop", report.noop},
              {"noop_pending", report.events.noop > 0},
              {"environment", report.environment},
              {"logs", std::move(logs)},
              {"metrics", metrics_of(report)},
              {"resource_statuses", std::move(statuses)},
              {"corrective_change", false},
              {"cached_catalog_status", report.cached_catalog_status}};
  return out.dump();
}

}  // namespace marionette::indirector
