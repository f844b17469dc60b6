#include "puppetdb/wire_format.hpp"

#include <cmath>

#include "lang/utf8.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {

using Json = nlohmann::json;

namespace {

/// "File[/etc/motd]" as {type, title}; nullopt-like null for what is not a reference.
Json reference_parts(std::string_view text) {
  std::size_t open = text.find('[');
  if (open == std::string::npos || open == 0 || text.back() != ']') return nullptr;
  return {{"type", text.substr(0, open)}, {"title", text.substr(open + 1, text.size() - open - 2)}};
}

Json reference_parts(const Json& reference) {
  if (!reference.is_string()) return nullptr;
  return reference_parts(std::string_view(reference.get_ref<const std::string&>()));
}

/// The edges the relationship metaparameters of `self` ({type, title}) make, appended to
/// `edges`: before/notify point from this resource, require/subscribe to it, as PuppetDB
/// names them.
void relationship_edges(const Json& self, const Json& parameters, Json& edges) {
  static const std::pair<const char*, const char*> kRelations[] = {
      {"before", "before"},
      {"notify", "notifies"},
      {"require", "required-by"},
      {"subscribe", "subscription-of"}};
  for (const auto& [parameter, relationship] : kRelations) {
    auto value = parameters.find(parameter);
    if (value == parameters.end()) continue;
    const bool outward =
        std::string_view(parameter) == "before" || std::string_view(parameter) == "notify";
    auto add = [&](const Json& target) {
      Json other = reference_parts(target);
      if (other.is_null()) return;
      edges.push_back({{"source", outward ? self : other},
                       {"target", outward ? other : self},
                       {"relationship", relationship}});
    };
    if (value->is_array())
      for (const Json& target : *value) add(target);
    else
      add(*value);
  }
}

bool utf8(std::string_view text) {
  return !lang::first_invalid_utf8(text);
}

/// `data` as the store's JSON (keys sorted, as a parse of the catalog's text gives), its strings
/// moved out; false when one is not UTF-8 (the catalog's writer replaces such sequences).
bool store_json(catalog::Data& data, Json& out) {
  using Type = catalog::Data::value_t;
  switch (data.type()) {
    case Type::object: {
      out = Json::object();
      auto& object = out.get_ref<Json::object_t&>();
      for (auto& [key, value] : data.get_ref<catalog::Data::object_t&>())
        if (!utf8(key) || !store_json(value, object[key])) return false;
      return true;
    }
    case Type::array: {
      out = Json::array();
      auto& array = out.get_ref<Json::array_t&>();
      auto& given = data.get_ref<catalog::Data::array_t&>();
      array.resize(given.size());
      for (std::size_t i = 0; i < given.size(); ++i)
        if (!store_json(given[i], array[i])) return false;
      return true;
    }
    case Type::string: {
      std::string& text = data.get_ref<std::string&>();
      if (!utf8(text)) return false;
      out = std::move(text);
      return true;
    }
    case Type::boolean:
      out = data.get<bool>();
      return true;
    case Type::number_integer:
      out = data.get<std::int64_t>();
      return true;
    case Type::number_unsigned:
      out = data.get<std::uint64_t>();
      return true;
    case Type::number_float: {
      const double number = data.get<double>();
      if (std::isfinite(number))
        out = number;
      else
        out = nullptr;  // written as null
      return true;
    }
    case Type::null:
      out = nullptr;
      return true;
    default:  // binary, discarded: never in a catalog
      return false;
  }
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
    relationship_edges({{"type", resource["type"]}, {"title", resource["title"]}},
                       resource["parameters"], edges);
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

Json catalog_command_header(const catalog::Catalog& catalog, const std::string& producer,
                            const std::string& producer_timestamp) {
  return {{"certname", catalog.name},
          {"version", std::to_string(catalog.version)},
          {"environment", catalog.environment},
          {"transaction_uuid", nullptr},
          {"catalog_uuid", catalog.catalog_uuid},
          {"code_id", catalog.code_id ? Json(*catalog.code_id) : Json(nullptr)},
          {"job_id", nullptr},
          {"producer_timestamp", producer_timestamp},
          {"producer", producer}};
}

std::optional<Json> catalog_command(catalog::Catalog catalog, const std::string& producer,
                                    const std::string& now) {
  // What catalog_command(parse(to_json(catalog))) gives, field by field: to_json writes the
  // version as a number, catalog_uuid always, code_id or null, no transaction_uuid or job_id,
  // and parameters only when there are some.
  if (!utf8(catalog.name) || !utf8(catalog.environment) || !utf8(catalog.catalog_uuid) ||
      (catalog.code_id && !utf8(*catalog.code_id)))
    return std::nullopt;
  Json resources = Json::array();
  Json edges = Json::array();
  for (catalog::Resource& given : catalog.resources) {
    if (!utf8(given.type) || !utf8(given.title) || (given.file && !utf8(*given.file)))
      return std::nullopt;
    Json resource = {{"type", given.type}, {"title", given.title}, {"exported", given.exported}};
    Json tags = Json::array();
    for (std::string& tag : given.tags) {
      if (!utf8(tag)) return std::nullopt;
      tags.push_back(std::move(tag));
    }
    resource["tags"] = std::move(tags);
    Json parameters = Json::object();
    if (!given.parameters.empty() && !store_json(given.parameters, parameters)) return std::nullopt;
    resource["parameters"] = std::move(parameters);
    given.parameters = nullptr;  // what is left of it, let go as the command grows
    if (given.file && given.line) {
      resource["file"] = std::move(*given.file);
      resource["line"] = *given.line;
    }
    relationship_edges({{"type", resource["type"]}, {"title", resource["title"]}},
                       resource["parameters"], edges);
    resources.push_back(std::move(resource));
  }
  for (const catalog::Edge& edge : catalog.edges) {
    if (!utf8(edge.source) || !utf8(edge.target)) return std::nullopt;
    Json source = reference_parts(std::string_view(edge.source));
    Json target = reference_parts(std::string_view(edge.target));
    if (source.is_null() || target.is_null()) continue;
    edges.push_back({{"source", source}, {"target", target}, {"relationship", "contains"}});
  }
  Json command = catalog_command_header(catalog, producer, now);
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
