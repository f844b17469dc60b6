#include "puppetdb/rows.hpp"

#include <map>
#include <set>

#include "digest/digest.hpp"
#include "puppetdb/fact_tree.hpp"
#include "puppetdb/timestamp.hpp"

namespace marionette::puppetdb {

namespace {

Json or_null(const Json& object, const char* key) {
  if (!object.is_object()) return nullptr;
  auto found = object.find(key);
  return found == object.end() ? Json(nullptr) : *found;
}

/// The facts' values, or only `only`'s (put in `one`) when the query asks for one fact.
const Json& fact_values(const Json& facts, const std::optional<std::string>& only, Json& one) {
  const Json& values = facts["values"];
  if (!only || !values.is_object()) return values;
  one = Json::object();
  if (auto found = values.find(*only); found != values.end()) one[*only] = *found;
  return one;
}

std::vector<Json> fact_rows(const Json& facts, const std::optional<std::string>& only) {
  std::vector<Json> rows;
  Json one;
  const Json& values = fact_values(facts, only, one);
  for (const auto& [name, value] : values.items())
    rows.push_back({{"certname", facts["certname"]},
                    {"name", name},
                    {"value", value},
                    {"environment", facts["environment"]}});
  return rows;
}

std::vector<Json> fact_content_rows(const Json& facts, const std::optional<std::string>& only) {
  std::vector<Json> rows;
  Json one;
  const Json& values = fact_values(facts, only, one);
  for (const auto& [name, value] : values.items())
    for_each_leaf(name, value, [&](const Json& path, const Json& leaf) {
      rows.push_back({{"certname", facts["certname"]},
                      {"environment", facts["environment"]},
                      {"name", name},
                      {"path", path},
                      {"value", leaf}});
    });
  return rows;
}

/// A factset: the node's facts as PuppetDB answers /factsets (the facts as {name, value} rows).
Json factset_row(const Json& facts) {
  Json data = Json::array();
  for (const auto& [name, value] : facts["values"].items())
    data.push_back({{"name", name}, {"value", value}});
  const std::string certname = facts["certname"];
  return {{"certname", certname},
          {"environment", facts["environment"]},
          {"timestamp", facts["timestamp"]},
          {"producer_timestamp", facts["producer_timestamp"]},
          {"producer", facts["producer"]},
          {"hash", facts["hash"]},
          {"facts", {{"href", "/pdb/query/v4/factsets/" + certname + "/facts"}, {"data", data}}}};
}

/// replace facts v5's package_inventory, [name, version, provider] each, as rows.
std::vector<Json> package_rows(const Json& facts, bool with_certname) {
  std::vector<Json> rows;
  auto inventory = facts.find("package_inventory");
  if (inventory == facts.end() || !inventory->is_array()) return rows;
  for (const Json& package : *inventory) {
    if (!package.is_array() || package.size() != 3) continue;
    Json row = {{"package_name", package[0]}, {"version", package[1]}, {"provider", package[2]}};
    if (with_certname) row["certname"] = facts["certname"];
    rows.push_back(std::move(row));
  }
  return rows;
}

Json inventory_row(const Json& facts) {
  return {{"certname", facts["certname"]},
          {"timestamp", facts["timestamp"]},
          {"environment", facts["environment"]},
          {"facts", facts["values"]},
          {"trusted", or_null(facts["values"], "trusted")}};
}

std::vector<Json> resource_rows(const Json& catalog, Json resources, bool hashes) {
  std::vector<Json> rows;
  rows.reserve(resources.size());
  const std::string certname = catalog["certname"];
  for (Json& resource : resources) {
    Json row = {{"certname", certname},
                {"type", std::move(resource["type"])},
                {"title", std::move(resource["title"])},
                {"tag", resource["tags"]},
                {"tags", std::move(resource["tags"])},
                {"exported", std::move(resource["exported"])},
                {"file", std::move(resource["file"])},
                {"line", std::move(resource["line"])},
                {"parameters", std::move(resource["parameters"])},
                {"environment", catalog["environment"]}};
    if (hashes) add_resource_hash(row);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<Json> edge_rows(const Json& catalog) {
  std::vector<Json> rows;
  for (const Json& edge : catalog["edges"])
    rows.push_back({{"certname", catalog["certname"]},
                    {"relationship", edge["relationship"]},
                    {"source_title", or_null(edge["source"], "title")},
                    {"source_type", or_null(edge["source"], "type")},
                    {"target_title", or_null(edge["target"], "title")},
                    {"target_type", or_null(edge["target"], "type")}});
  return rows;
}

Json catalog_row(const Json& catalog) {
  const std::string certname = catalog["certname"];
  const std::string base = "/pdb/query/v4/catalogs/" + certname;
  Json resources = Json::array();
  for (Json row : resource_rows(catalog, catalog["resources"], true)) {
    row.erase("tag");
    row.erase("certname");
    row.erase("environment");
    resources.push_back(std::move(row));
  }
  Json edges = Json::array();
  for (const Json& edge : catalog["edges"])
    edges.push_back({{"source_type", or_null(edge["source"], "type")},
                     {"source_title", or_null(edge["source"], "title")},
                     {"target_type", or_null(edge["target"], "type")},
                     {"target_title", or_null(edge["target"], "title")},
                     {"relationship", edge["relationship"]}});
  Json row = catalog;
  row.erase("timestamp");
  row["resources"] = {{"href", base + "/resources"}, {"data", resources}};
  row["edges"] = {{"href", base + "/edges"}, {"data", edges}};
  return row;
}

/// The class a resource is in, from its containment path (Stage[main], Apache, File[x]): the
/// last step that is a class's name rather than a resource reference.
Json containing_class(const Json& path) {
  Json found = nullptr;
  if (!path.is_array()) return found;
  for (const Json& step : path)
    if (step.is_string() && step.get<std::string>().find('[') == std::string::npos) found = step;
  return found;
}

std::vector<Json> event_rows(const Json& report, bool latest) {
  std::vector<Json> rows;
  for (const Json& resource : report.value("resources", Json::array())) {
    for (const Json& event : resource.value("events", Json::array())) {
      Json path = or_null(resource, "containment_path");
      rows.push_back({{"certname", report["certname"]},
                      {"report", report["hash"]},
                      {"status", or_null(event, "status")},
                      {"timestamp", or_null(event, "timestamp")},
                      {"run_start_time", or_null(report, "start_time")},
                      {"run_end_time", or_null(report, "end_time")},
                      {"report_receive_time", or_null(report, "receive_time")},
                      {"resource_type", or_null(resource, "resource_type")},
                      {"resource_title", or_null(resource, "resource_title")},
                      {"property", or_null(event, "property")},
                      {"name", or_null(event, "name")},
                      {"new_value", or_null(event, "new_value")},
                      {"old_value", or_null(event, "old_value")},
                      {"message", or_null(event, "message")},
                      {"file", or_null(resource, "file")},
                      {"line", or_null(resource, "line")},
                      {"containment_path", path},
                      {"containing_class", containing_class(path)},
                      {"environment", or_null(report, "environment")},
                      {"configuration_version", or_null(report, "configuration_version")},
                      // PuppetDB (open source) keeps no corrective_change
                      {"corrective_change", nullptr},
                      {"latest_report?", latest}});
    }
  }
  return rows;
}

Json report_row(const Json& report, bool latest) {
  const std::string hash = report["hash"];
  const std::string base = "/pdb/query/v4/reports/" + hash;
  Json events = Json::array();
  for (Json row : event_rows(report, latest)) {
    for (const char* hidden :
         {"certname", "report", "run_start_time", "run_end_time", "report_receive_time",
          "environment", "configuration_version", "latest_report?"})
      row.erase(hidden);
    if (row["timestamp"].is_string())
      row["timestamp"] = offset_timestamp(row["timestamp"].get<std::string>());
    events.push_back(std::move(row));
  }
  if (events.empty()) events = nullptr;
  Json row = Json::object();
  for (const char* field :
       {"hash", "certname", "puppet_version", "receive_time", "report_format", "start_time",
        "end_time", "producer_timestamp", "producer", "transaction_uuid", "catalog_uuid", "code_id",
        "job_id", "cached_catalog_status", "status", "noop", "noop_pending", "environment",
        "configuration_version"})
    row[field] = or_null(report, field);
  row["corrective_change"] = nullptr;  // not kept by PuppetDB (open source)
  row["type"] = report.value("type", "agent");
  row["metrics"] = {{"href", base + "/metrics"}, {"data", report.value("metrics", Json::array())}};
  row["logs"] = {{"href", base + "/logs"}, {"data", report.value("logs", Json::array())}};
  row["resource_events"] = {{"href", base + "/events"}, {"data", events}};
  row["latest_report?"] = latest;
  return row;
}

}  // namespace

Json event_summary(const Json& report) {
  Json summary = Json::array();
  for (const Json& resource : report.value("resources", Json::array())) {
    if (!resource.is_object()) continue;
    for (const Json& event : resource.value("events", Json::array())) {
      if (summary.size() == kSummarizedEvents) return nullptr;
      summary.push_back({or_null(event, "status"), or_null(resource, "resource_type"),
                         or_null(resource, "resource_title"), or_null(event, "property"),
                         or_null(event, "name"),
                         containing_class(or_null(resource, "containment_path"))});
    }
  }
  return summary;
}

const std::set<std::string>& summary_fields(const Entity& entity) {
  static const std::set<std::string> events = {
      "certname",      "report", "status",           "resource_type", "resource_title",
      "property",      "name",   "containing_class", "environment",   "corrective_change",
      "latest_report?"};
  static const std::set<std::string> reports = {"certname",
                                                "hash",
                                                "status",
                                                "noop",
                                                "noop_pending",
                                                "environment",
                                                "job_id",
                                                "cached_catalog_status",
                                                "producer_timestamp",
                                                "corrective_change",
                                                "latest_report?"};
  static const std::set<std::string> none;
  if (entity.name == "events") return events;
  if (entity.name == "reports") return reports;
  return none;
}

namespace {

/// node[key], or null when the node has none (no copy).
const Json& member(const Json& node, const char* key) {
  static const Json none = nullptr;
  auto found = node.find(key);
  return found == node.end() ? none : *found;
}

/// row[name] = value, unless `only` leaves the field out of the row.
void set_field(Json& row, const std::set<std::string>* only, const char* name, const Json& value) {
  if (!only || only->count(name)) row[name] = value;
}

/// The events rows of a latest report's summarized events (event_summary's tuples); nullopt
/// for a summary not so written.
std::optional<std::vector<Json>> summary_event_rows(const Json& certname, const Json& hash,
                                                    const Json& environment, const Json& summary,
                                                    const std::set<std::string>* only) {
  std::vector<Json> rows;
  rows.reserve(summary.size());
  for (const Json& event : summary) {
    if (!event.is_array() || event.size() != 6) return std::nullopt;
    Json row = Json::object();
    set_field(row, only, "certname", certname);
    set_field(row, only, "report", hash);
    set_field(row, only, "status", event[0]);
    set_field(row, only, "resource_type", event[1]);
    set_field(row, only, "resource_title", event[2]);
    set_field(row, only, "property", event[3]);
    set_field(row, only, "name", event[4]);
    set_field(row, only, "containing_class", event[5]);
    set_field(row, only, "environment", environment);
    set_field(row, only, "corrective_change", nullptr);
    set_field(row, only, "latest_report?", true);
    rows.push_back(std::move(row));
  }
  return rows;
}

}  // namespace

std::optional<std::vector<Json>> latest_report_rows(const Entity& entity, const Json& node,
                                                    const std::set<std::string>* only) {
  const Json& hash = member(node, "latest_report_hash");
  if (hash.is_null()) return std::vector<Json>{};
  if (entity.name == "reports") {
    Json row = Json::object();
    set_field(row, only, "certname", node["certname"]);
    set_field(row, only, "hash", hash);
    set_field(row, only, "status", member(node, "latest_report_status"));
    set_field(row, only, "noop", member(node, "latest_report_noop"));
    set_field(row, only, "noop_pending", member(node, "latest_report_noop_pending"));
    set_field(row, only, "environment", member(node, "report_environment"));
    set_field(row, only, "job_id", member(node, "latest_report_job_id"));
    set_field(row, only, "cached_catalog_status", member(node, "cached_catalog_status"));
    set_field(row, only, "producer_timestamp", member(node, "report_producer_timestamp"));
    set_field(row, only, "corrective_change", nullptr);
    set_field(row, only, "latest_report?", true);
    return std::vector<Json>{std::move(row)};
  }
  const auto summary = node.find("latest_report_events");
  if (summary == node.end() || !summary->is_array())
    return std::nullopt;  // none kept (too many, or an earlier build's)
  return summary_event_rows(node["certname"], hash, member(node, "report_environment"), *summary,
                            only);
}

std::optional<std::vector<Json>> latest_failure_rows(const std::string& certname,
                                                     const LatestFailures& failures,
                                                     const std::set<std::string>* only) {
  return summary_event_rows(Json(certname), failures.hash, failures.environment, failures.events,
                            only);
}

void add_resource_hash(Json& row) {
  if (!row.contains("resource")) row["resource"] = resource_hash(row["certname"], row);
}

std::string resource_hash(const std::string& certname, const Json& resource) {
  Json identity = {certname,         resource["type"],    resource["title"], resource["parameters"],
                   resource["tags"], resource["exported"]};
  return digest::hex(digest::Algorithm::sha1, identity.dump());
}

std::vector<Json> node_rows(const Entity& entity, FleetData& fleet, const Json& node,
                            const RowOptions& options) {
  const std::string certname = node["certname"];
  const std::string& name = entity.name;
  if (name == "nodes") {
    Json row = node;
    if (options.with_facts) {
      std::optional<Json> facts = fleet.facts(certname, options.fact_names);
      row["__facts"] = facts ? (*facts)["values"] : Json::object();
      row["__trusted"] = facts ? or_null((*facts)["values"], "trusted") : Json(nullptr);
    }
    return {row};
  }
  if (name == "facts" || name == "fact-contents" || name == "inventory" || name == "factsets" ||
      name == "package-inventory") {
    std::optional<Json> facts = fleet.facts(certname, options.fact_names);
    if (!facts) return {};
    if (name == "facts") return fact_rows(*facts, options.fact_name);
    if (name == "fact-contents") return fact_content_rows(*facts, options.fact_name);
    if (name == "factsets") return {factset_row(*facts)};
    if (name == "package-inventory") return package_rows(*facts, true);
    return {inventory_row(*facts)};
  }
  if (name == "resources") {
    // what resource_rows and catalog_resources read of it (resources: an earlier build's
    // catalog kept whole)
    static const std::set<std::string, std::less<>> read = {"certname", "environment", "resources"};
    if (options.resource_type && !options.resource_environment) {
      const Json header = {{"certname", certname}, {"environment", nullptr}};
      Json resources =
          fleet.catalog_resources(certname, header, options.resource_type, options.resource_title);
      if (!resources.empty())
        return resource_rows(header, std::move(resources), options.resource_hashes);
    }
    std::optional<Json> header = fleet.catalog_header_fields(certname, read);
    if (!header) return {};
    return resource_rows(
        *header,
        fleet.catalog_resources(certname, *header, options.resource_type, options.resource_title),
        options.resource_hashes);
  }
  if (name == "edges") {
    std::optional<Json> header = fleet.catalog_header(certname);
    if (!header) return {};
    (*header)["edges"] = fleet.catalog_edges(certname, *header);
    return edge_rows(*header);
  }
  if (name == "catalogs") {
    std::optional<Json> catalog = fleet.catalog(certname);
    if (!catalog) return {};
    return {catalog_row(*catalog)};
  }
  std::vector<Json> rows;
  if (name == "reports" || name == "events") {
    const Json latest_hash = node.value("latest_report_hash", Json(nullptr));
    for (const Json& report : fleet.reports(certname)) {
      bool latest = report["hash"] == latest_hash;
      if (name == "reports") {
        rows.push_back(report_row(report, latest));
      } else {
        for (Json& event : event_rows(report, latest)) rows.push_back(std::move(event));
      }
    }
  }
  return rows;
}

std::vector<Json> fleet_rows(const Entity& entity, FleetData& fleet) {
  std::vector<Json> rows;
  if (entity.name == "environments" || entity.name == "producers") {
    for (const std::string& name :
         entity.name == "environments" ? fleet.environments() : fleet.producers())
      rows.push_back({{"name", name}});
    return rows;
  }
  if (entity.name == "packages") {
    std::set<Json> packages;
    for (const std::string& certname : fleet.certnames())
      if (std::optional<Json> facts = fleet.facts(certname))
        for (Json& row : package_rows(*facts, false)) packages.insert(std::move(row));
    return std::vector<Json>(packages.begin(), packages.end());
  }
  // fact-names and fact-paths: the leaves of the active nodes' facts (a fact that is an empty
  // map has none), kept at ingest as [path, type] (FleetData::fact_paths)
  std::set<std::string> names;
  for (const std::string& text : fleet.fact_paths()) {
    Json entry = Json::parse(text, nullptr, false);
    if (!entry.is_array() || entry.size() != 2 || !entry[0].is_array() || entry[0].empty() ||
        !entry[0][0].is_string())
      continue;
    const Json& path = entry[0];
    if (entity.name == "fact-names") {
      names.insert(path[0].get<std::string>());
      continue;
    }
    rows.push_back(
        {{"name", path[0]}, {"path", path}, {"type", entry[1]}, {"depth", path.size() - 1}});
  }
  for (const std::string& name : names) rows.push_back({{"name", name}});
  return rows;
}

std::string node_answer_text(const Json& node) {
  static const Entity& nodes = *find_entity("nodes");
  return answer_row(nodes, node).dump(-1, ' ', false, Json::error_handler_t::replace);
}

Json answer_row(const Entity& entity, const Json& row) {
  Json out = Json::object();
  for (const Field& field : entity.fields)
    if (field.in_answer) out[field.name] = or_null(row, field.name.c_str());
  return out;
}

Json answer_row(const Entity& entity, Json&& row) {
  Json out = Json::object();
  for (const Field& field : entity.fields) {
    if (!field.in_answer) continue;
    auto found = row.find(field.name);
    out[field.name] = found == row.end() ? Json(nullptr) : std::move(*found);
  }
  return out;
}

}  // namespace marionette::puppetdb
