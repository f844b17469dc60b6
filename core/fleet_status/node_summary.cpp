#include "fleet_status/node_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace marionette::fleet_status {
namespace {

using Json = nlohmann::json;

/// The report's fields a summary keeps (besides metrics).
constexpr const char* kKeptFields[] = {"environment",
                                       "status",
                                       "noop",
                                       "configuration_version",
                                       "transaction_completed",
                                       "cached_catalog_status",
                                       "puppet_version"};

bool kept_at_top(const std::string& key) {
  if (key == "metrics") return true;
  return std::ranges::any_of(kKeptFields, [&](const char* kept) { return key == kept; });
}

std::uint32_t whole(double value) {
  if (!(value > 0)) return 0;
  if (value >= static_cast<double>(std::numeric_limits<std::uint32_t>::max()))
    return std::numeric_limits<std::uint32_t>::max();
  return static_cast<std::uint32_t>(std::llround(value));
}

metrics::RunStatus status_of(const std::string& text) {
  if (text == "changed") return metrics::RunStatus::changed;
  if (text == "unchanged") return metrics::RunStatus::unchanged;
  if (text == "failed") return metrics::RunStatus::failed;
  return metrics::RunStatus::none;
}

std::string text_of(const Json& object, const char* key) {
  auto at = object.find(key);
  if (at == object.end()) return "";
  if (at->is_string()) return at->get<std::string>();
  if (at->is_number()) return at->dump();  // a numeric configuration_version
  return "";
}

bool flag_of(const Json& object, const char* key) {
  auto at = object.find(key);
  return at != object.end() && at->is_boolean() && at->get<bool>();
}

/// Takes the metrics block's values ([name, label, value] triples) into the row.
void read_metrics(const Json& block, metrics::FleetNode& node) {
  if (!block.is_object()) return;
  for (const auto& [category, metric] : block.items()) {
    if (!metric.is_object()) continue;
    auto values = metric.find("values");
    if (values == metric.end() || !values->is_array()) continue;
    for (const Json& triple : *values) {
      if (!triple.is_array() || triple.size() != 3 || !triple[0].is_string() ||
          !triple[2].is_number())
        continue;
      metrics::ReportMetric value{category, triple[0].get<std::string>(),
                                  triple[1].is_string() ? triple[1].get<std::string>() : "",
                                  triple[2].get<double>()};
      if (category == "resources") {
        if (value.name == "total") node.resources_total = whole(value.value);
        if (value.name == "changed") node.resources_changed = whole(value.value);
        if (value.name == "failed") node.resources_failed = whole(value.value);
        if (value.name == "out_of_sync") node.resources_out_of_sync = whole(value.value);
      } else if (category == "events" && value.name == "total") {
        node.events = whole(value.value);
      } else if (category == "time") {
        if (value.name == "config_retrieval") node.compile_ms = whole(value.value * 1000);
        if (value.name == "total") node.run_ms = whole(value.value * 1000);
      }
      node.metrics.push_back(std::move(value));
    }
  }
}

}  // namespace

std::optional<std::string> summarize_report(std::string_view report_json,
                                            std::int64_t received_at_ms) {
  // The parser drops what a summary does not keep as it goes (resource_statuses and logs are
  // most of a report), so a large report costs little memory here.
  auto keep = [](int depth, Json::parse_event_t event, Json& parsed) {
    if (depth == 1 && event == Json::parse_event_t::key)
      return kept_at_top(parsed.get<std::string>());
    return true;
  };
  Json report = Json::parse(report_json.begin(), report_json.end(), keep, false);
  if (!report.is_object()) return std::nullopt;
  Json summary = Json::object();
  summary["received_at_ms"] = received_at_ms;
  for (const char* field : kKeptFields) {
    if (auto at = report.find(field); at != report.end()) summary[field] = *at;
  }
  if (auto at = report.find("metrics"); at != report.end() && at->is_object())
    summary["metrics"] = *at;
  return summary.dump();
}

std::optional<NodeRecord> read_summary(std::string_view summary) {
  Json parsed = Json::parse(summary.begin(), summary.end(), nullptr, false);
  if (!parsed.is_object()) return std::nullopt;
  auto received = parsed.find("received_at_ms");
  if (received == parsed.end() || !received->is_number_integer()) return std::nullopt;
  NodeRecord record;
  record.received_at_ms = received->get<std::int64_t>();
  metrics::FleetNode& node = record.node;
  node.last_report_at = record.received_at_ms / 1000;
  node.environment = text_of(parsed, "environment");
  node.status = status_of(text_of(parsed, "status"));
  node.noop = flag_of(parsed, "noop");
  node.catalog_version = text_of(parsed, "configuration_version");
  node.transaction_completed = flag_of(parsed, "transaction_completed");
  node.cached_catalog_status = text_of(parsed, "cached_catalog_status");
  node.puppet_version = text_of(parsed, "puppet_version");
  if (auto block = parsed.find("metrics"); block != parsed.end()) read_metrics(*block, node);
  return record;
}

}  // namespace marionette::fleet_status
