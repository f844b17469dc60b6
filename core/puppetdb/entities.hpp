#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

namespace marionette::puppetdb {

using Json = nlohmann::json;

enum class FieldType {
  string,
  integer,
  floating,
  boolean,
  timestamp,
  any,     ///< a fact's or parameter's value: any JSON
  path,    ///< a fact path: an array of keys and indexes
  tags,    ///< `tag`: matches one of the resource's tags
  object,  ///< not queryable by value (parameters, facts as a whole), but `null?`
  dotted,  ///< PREFIX.a.b: a value inside an object field (facts.os.family)
};

struct Field {
  std::string name;
  FieldType type;
  bool in_answer = true;  ///< false: queryable only (resources' `tag`, fact-paths' `depth`)
};

/// One entity PuppetDB answers (nodes, facts, …): its fields and how rows join to others.
struct Entity {
  std::string name;      ///< as in the URL: fact-contents
  std::string selector;  ///< as in select_X and subquery: fact_contents
  std::vector<Field> fields;
  bool per_node;           ///< rows come from one node's documents
  bool node_state_filter;  ///< only active nodes' rows unless the query says node_state
};

/// The entity of a URL name, a select_ name or a subquery name; nullptr when none.
const Entity* find_entity(const std::string& name);
const std::vector<Entity>& all_entities();
/// The field, with dotted names (facts.os.family, parameters.ensure) found by their prefix.
const Field* find_field(const Entity& entity, const std::string& name);
/// Whether `name` is a field of `entity` in any form PuppetDB takes.
bool is_queryable(const Entity& entity, const std::string& name);

/// A field's value in a row: a plain key, or a dotted path into an object field.
Json field_value(const Json& row, const std::string& field);

}  // namespace marionette::puppetdb
