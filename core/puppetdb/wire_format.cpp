#include "puppetdb/wire_format.hpp"

#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {

using Json = nlohmann::json;

namespace {

/// "File[/etc/motd]" as {type, title}; nullopt-like null for what is not a reference.
Json reference_parts(const Json& reference) {
  if (!reference.is_string()) return nullptr;
  const std::string text = reference;
  std::size_t open = text.find('[');
  if (open == std::string::npos || open == 0 || text.back() != ']') return nullptr;
  return {{"type", text.substr(0, open)}, {"title", text.substr(open + 1, text.size() - open - 2)}};
}

Json string_or_null(const Json& object, const char* key) {
  auto found = object.find(key);
  if (found == object.end() || found->is_null()) return nullptr;
  return found->is_string() ? *found : Json(found->dump());
}

}  // namespace

Json facts_command(const std::string& certname, const std::string& environment, const Json& values,
                   const std::string& producer, const std::string& now) {
  return {{"certname", certname},
          {"environment", environment},
          {"producer_timestamp", now},
          {"producer", producer},
          {"values", values}};
}

const Json& member_or_empty(const Json& document, const char* name) {
  static const Json kEmpty = Json::array();
  if (!document.is_object()) return kEmpty;
  auto found = document.find(name);
  return found == document.end() ? kEmpty : *found;
}

Json& member_or_empty(Json& document, const char* name) {
  thread_local Json empty;
  empty = Json::array();
  if (!document.is_object()) return empty;
  auto found = document.find(name);
  return found == document.end() ? empty : *found;
}

Json take_member(Json& document, const char* name, Json fallback) {
  if (!document.is_object()) return fallback;
  auto found = document.find(name);
  return found == document.end() ? std::move(fallback) : std::move(*found);
}

Json catalog_command(Json catalog, const std::string& producer, const std::string& now) {
  Json resources = Json::array();
  Json edges = Json::array();
  // before/notify point from this resource; require/subscribe to it, as PuppetDB names them.
  static const std::pair<const char*, const char*> kRelations[] = {
      {"before", "before"},
      {"notify", "notifies"},
      {"require", "required-by"},
      {"subscribe", "subscription-of"}};
  for (Json& given : member_or_empty(catalog, "resources")) {
    Json resource = {{"type", given.value("type", "")},
                     {"title", given.value("title", "")},
                     {"exported", given.value("exported", false)}};
    resource["tags"] = take_member(given, "tags", Json::array());
    resource["parameters"] = take_member(given, "parameters", Json::object());
    if (given.contains("file") && given.contains("line")) {
      resource["file"] = given["file"];
      resource["line"] = given["line"];
    }
    const Json self = {{"type", resource["type"]}, {"title", resource["title"]}};
    for (const auto& [parameter, relationship] : kRelations) {
      auto value = resource["parameters"].find(parameter);
      if (value == resource["parameters"].end()) continue;
      Json targets = value->is_array() ? *value : Json::array({*value});
      for (const Json& target : targets) {
        Json other = reference_parts(target);
        if (other.is_null()) continue;
        bool outward = std::string(parameter) == "before" || std::string(parameter) == "notify";
        edges.push_back({{"source", outward ? self : other},
                         {"target", outward ? other : self},
                         {"relationship", relationship}});
      }
    }
    resources.push_back(std::move(resource));
  }
  for (const Json& edge : member_or_empty(catalog, "edges")) {
    Json source = reference_parts(edge.value("source", Json(nullptr)));
    Json target = reference_parts(edge.value("target", Json(nullptr)));
    if (source.is_null() || target.is_null()) continue;
    edges.push_back({{"source", source}, {"target", target}, {"relationship", "contains"}});
  }
  Json command = {{"certname", catalog.value("name", "")},
                  {"version", string_or_null(catalog, "version")},
                  {"environment", catalog.value("environment", "production")},
                  {"transaction_uuid", string_or_null(catalog, "transaction_uuid")},
                  {"catalog_uuid", string_or_null(catalog, "catalog_uuid")},
                  {"code_id", string_or_null(catalog, "code_id")},
                  {"job_id", string_or_null(catalog, "job_id")},
                  {"producer_timestamp", now},
                  {"producer", producer}};
  // moved in: an initializer list would copy them
  command["resources"] = std::move(resources);
  command["edges"] = std::move(edges);
  return command;
}

Json report_command(const Json& report, const std::string& producer, const std::string& now) {
  Json metrics = Json::array();
  // items() of a temporary would dangle: the objects are held first
  const Json given_metrics = report.value("metrics", Json::object());
  const Json statuses = report.value("resource_statuses", Json::object());
  for (const auto& [category, metric] : given_metrics.items())
    for (const Json& value : metric.value("values", Json::array()))
      if (value.is_array() && value.size() == 3)
        metrics.push_back({{"category", category}, {"name", value[0]}, {"value", value[2]}});
  Json logs = Json::array();
  for (const Json& log : report.value("logs", Json::array()))
    logs.push_back({{"file", log.value("file", Json(nullptr))},
                    {"line", log.value("line", Json(nullptr))},
                    {"level", log.value("level", "")},
                    {"message", log.value("message", "")},
                    {"source", log.value("source", "")},
                    {"tags", log.value("tags", Json::array())},
                    {"time", normalized_timestamp(log.value("time", now))}});
  Json resources = Json::array();
  for (const auto& [name, status] : statuses.items()) {
    Json events = Json::array();
    for (const Json& event : status.value("events", Json::array()))
      events.push_back({{"status", event.value("status", "")},
                        {"timestamp", normalized_timestamp(event.value("time", now))},
                        {"name", event.value("name", Json(nullptr))},
                        {"property", event.value("property", Json(nullptr))},
                        {"new_value", event.value("desired_value", Json(nullptr))},
                        {"old_value", event.value("previous_value", Json(nullptr))},
                        {"corrective_change", event.value("corrective_change", false)},
                        {"message", event.value("message", Json(nullptr))}});
    bool skipped = status.value("skipped", false);
    if (events.empty() && !skipped) continue;
    resources.push_back({{"skipped", skipped},
                         {"timestamp", normalized_timestamp(status.value("time", now))},
                         {"resource_type", status.value("resource_type", "")},
                         {"resource_title", status.value("title", "")},
                         {"file", status.value("file", Json(nullptr))},
                         {"line", status.value("line", Json(nullptr))},
                         {"containment_path", status.value("containment_path", Json::array())},
                         {"corrective_change", status.value("corrective_change", false)},
                         {"events", events}});
  }
  // The run ends when its total time has passed since it began.
  std::string start = normalized_timestamp(report.value("time", now));
  std::string end = start;
  if (auto began = parse_timestamp(start)) {
    double total = 0;
    for (const Json& metric : metrics)
      if (metric["category"] == "time" && metric["name"] == "total" && metric["value"].is_number())
        total = metric["value"].get<double>();
    end = format_timestamp(*began + static_cast<std::int64_t>(total * 1000));
  }
  return {{"certname", report.value("host", "")},
          {"environment", report.value("environment", "production")},
          {"puppet_version", report.value("puppet_version", "")},
          {"report_format", report.value("report_format", 12)},
          {"configuration_version", string_or_null(report, "configuration_version")},
          {"start_time", start},
          {"end_time", end},
          {"producer_timestamp", now},
          {"producer", producer},
          {"corrective_change", report.value("corrective_change", Json(nullptr))},
          {"noop", report.value("noop", false)},
          {"noop_pending", report.value("noop_pending", false)},
          {"transaction_uuid", string_or_null(report, "transaction_uuid")},
          {"catalog_uuid", string_or_null(report, "catalog_uuid")},
          {"code_id", string_or_null(report, "code_id")},
          {"job_id", string_or_null(report, "job_id")},
          {"cached_catalog_status", report.value("cached_catalog_status", Json(nullptr))},
          {"status", report.value("status", Json(nullptr))},
          {"type", "agent"},
          {"resources", resources},
          {"metrics", metrics},
          {"logs", logs}};
}

}  // namespace marionette::puppetdb
