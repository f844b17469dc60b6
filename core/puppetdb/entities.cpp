// The entities PuppetDB 7 answers, with their fields in its answers' order.
#include "puppetdb/entities.hpp"

namespace marionette::puppetdb {

namespace {

using T = FieldType;

Field queryable_only(std::string name, FieldType type) {
  return {std::move(name), type, false};
}

std::vector<Entity> make_entities() {
  return {
      {"nodes",
       "nodes",
       {{"certname", T::string},
        {"deactivated", T::timestamp},
        {"expired", T::timestamp},
        {"catalog_timestamp", T::timestamp},
        {"facts_timestamp", T::timestamp},
        {"report_timestamp", T::timestamp},
        {"catalog_environment", T::string},
        {"facts_environment", T::string},
        {"report_environment", T::string},
        {"latest_report_status", T::string},
        {"latest_report_noop", T::boolean},
        {"latest_report_noop_pending", T::boolean},
        {"latest_report_hash", T::string},
        {"latest_report_job_id", T::string},
        {"latest_report_corrective_change", T::boolean},
        {"cached_catalog_status", T::string},
        queryable_only("facts", T::dotted),
        queryable_only("trusted", T::dotted)},
       true,
       true},
      {"facts",
       "facts",
       {{"certname", T::string},
        {"name", T::string},
        {"value", T::any},
        {"environment", T::string}},
       true,
       true},
      {"fact-contents",
       "fact_contents",
       {{"certname", T::string},
        {"environment", T::string},
        {"name", T::string},
        {"path", T::path},
        {"value", T::any}},
       true,
       true},
      {"fact-paths",
       "fact_paths",
       {{"name", T::string},
        {"path", T::path},
        {"type", T::string},
        queryable_only("depth", T::integer)},
       false,
       false},
      {"fact-names", "fact_names", {{"name", T::string}}, false, false},
      {"inventory",
       "inventory",
       {{"certname", T::string},
        {"timestamp", T::timestamp},
        {"environment", T::string},
        {"facts", T::object},
        {"trusted", T::object},
        queryable_only("facts", T::dotted),
        queryable_only("trusted", T::dotted)},
       true,
       true},
      {"resources",
       "resources",
       {{"certname", T::string},
        {"resource", T::string},
        {"type", T::string},
        {"title", T::string},
        {"tags", T::object},
        {"exported", T::boolean},
        {"file", T::string},
        {"line", T::integer},
        {"parameters", T::object},
        {"environment", T::string},
        queryable_only("tag", T::tags),
        queryable_only("parameters", T::dotted)},
       true,
       true},
      {"edges",
       "edges",
       {{"certname", T::string},
        {"relationship", T::string},
        {"source_title", T::string},
        {"source_type", T::string},
        {"target_title", T::string},
        {"target_type", T::string}},
       true,
       true},
      {"catalogs",
       "catalogs",
       {{"certname", T::string},
        {"version", T::string},
        {"transaction_uuid", T::string},
        {"catalog_uuid", T::string},
        {"code_id", T::string},
        {"job_id", T::string},
        {"producer_timestamp", T::timestamp},
        {"producer", T::string},
        {"hash", T::string},
        {"environment", T::string},
        {"resources", T::object},
        {"edges", T::object}},
       true,
       true},
      {"reports",
       "reports",
       {{"hash", T::string},
        {"certname", T::string},
        {"puppet_version", T::string},
        {"receive_time", T::timestamp},
        {"report_format", T::integer},
        {"start_time", T::timestamp},
        {"end_time", T::timestamp},
        {"producer_timestamp", T::timestamp},
        {"producer", T::string},
        {"transaction_uuid", T::string},
        {"catalog_uuid", T::string},
        {"code_id", T::string},
        {"job_id", T::string},
        {"cached_catalog_status", T::string},
        {"status", T::string},
        {"noop", T::boolean},
        {"noop_pending", T::boolean},
        {"environment", T::string},
        {"configuration_version", T::string},
        {"corrective_change", T::boolean},
        {"type", T::string},
        {"metrics", T::object},
        {"logs", T::object},
        {"resource_events", T::object},
        queryable_only("latest_report?", T::boolean)},
       true,
       false},
      {"events",
       "events",
       {{"certname", T::string},
        {"report", T::string},
        {"status", T::string},
        {"timestamp", T::timestamp},
        {"run_start_time", T::timestamp},
        {"run_end_time", T::timestamp},
        {"report_receive_time", T::timestamp},
        {"resource_type", T::string},
        {"resource_title", T::string},
        {"property", T::string},
        {"name", T::string},
        {"new_value", T::any},
        {"old_value", T::any},
        {"message", T::string},
        {"file", T::string},
        {"line", T::integer},
        {"containment_path", T::object},
        {"containing_class", T::string},
        {"environment", T::string},
        {"configuration_version", T::string},
        {"corrective_change", T::boolean},
        queryable_only("latest_report?", T::boolean)},
       true,
       false},
      {"factsets",
       "factsets",
       {{"certname", T::string},
        {"environment", T::string},
        {"timestamp", T::timestamp},
        {"producer_timestamp", T::timestamp},
        {"producer", T::string},
        {"hash", T::string},
        {"facts", T::object}},
       true,
       true},
      {"package-inventory",
       "package_inventory",
       {{"certname", T::string},
        {"package_name", T::string},
        {"version", T::string},
        {"provider", T::string}},
       true,
       true},
      // every node's packages, one row per (name, version, provider), deactivated nodes' too
      {"packages",
       "packages",
       {{"package_name", T::string}, {"version", T::string}, {"provider", T::string}},
       false,
       false},
      {"environments", "environments", {{"name", T::string}}, false, false},
      {"producers", "producers", {{"name", T::string}}, false, false},
  };
}

}  // namespace

const std::vector<Entity>& all_entities() {
  static const std::vector<Entity> entities = make_entities();
  return entities;
}

const Entity* find_entity(const std::string& name) {
  for (const Entity& entity : all_entities())
    if (entity.name == name || entity.selector == name) return &entity;
  return nullptr;
}

const Field* find_field(const Entity& entity, const std::string& name) {
  for (const Field& field : entity.fields)
    if (field.type != FieldType::dotted && field.name == name) return &field;
  for (const Field& field : entity.fields)
    if (field.type == FieldType::dotted && name.size() > field.name.size() + 1 &&
        name.compare(0, field.name.size() + 1, field.name + ".") == 0)
      return &field;
  return nullptr;
}

bool is_queryable(const Entity& entity, const std::string& name) {
  return find_field(entity, name) != nullptr;
}

Json field_value(const Json& row, const std::string& field) {
  auto direct = row.find(field);
  if (direct != row.end()) return *direct;
  std::size_t dot = field.find('.');
  if (dot == std::string::npos) return nullptr;
  // facts.os.family: the object field, then each key (an integer key indexes an array).
  std::string base = field.substr(0, dot);
  auto object = row.find(base);
  if (object == row.end()) object = row.find("__" + base);
  if (object == row.end()) return nullptr;
  const Json* at = &*object;
  std::size_t start = dot + 1;
  while (true) {
    std::size_t next = field.find('.', start);
    std::string key =
        field.substr(start, next == std::string::npos ? std::string::npos : next - start);
    if (key.size() >= 2 && key.front() == '"' && key.back() == '"')
      key = key.substr(1, key.size() - 2);
    if (at->is_object()) {
      auto found = at->find(key);
      if (found == at->end()) return nullptr;
      at = &*found;
    } else if (at->is_array() && !key.empty() &&
               key.find_first_not_of("0123456789") == std::string::npos) {
      std::size_t index = std::stoul(key);
      if (index >= at->size()) return nullptr;
      at = &(*at)[index];
    } else {
      return nullptr;
    }
    if (next == std::string::npos) return *at;
    start = next + 1;
  }
}

}  // namespace marionette::puppetdb
