#include "compiler/value_json.hpp"

#include <string_view>
#include <unordered_set>

#include "compiler/value_data.hpp"

namespace marionette::compiler {

namespace {

/// Whether every key is a string, each one once: then the hash is written as it is. Otherwise
/// keys print alike ({1 => a, '1' => b}) and the JSON object keeps the first place and the last
/// value, as to_data's does.
bool has_distinct_string_keys(const Hash& hash) {
  for (const auto& entry : hash)
    if (!entry.first.is_string()) return false;
  if (hash.size() <= 8) {
    for (std::size_t i = 0; i < hash.size(); ++i)
      for (std::size_t j = 0; j < i; ++j)
        if (hash[i].first.string() == hash[j].first.string()) return false;
    return true;
  }
  std::unordered_set<std::string_view> seen;
  for (const auto& entry : hash)
    if (!seen.insert(entry.first.string()).second) return false;
  return true;
}

/// An element of an array or hash: a Sensitive one keeps its kind, in Puppet's rich data form
/// (to_data's does the same).
void write_element(const Value& item, catalog::JsonWriter& json, DataForm form) {
  if (!is_sensitive(item)) return write_json(item, json, form);
  json.raw("{\"__ptype\":\"Sensitive\",\"__pvalue\":");
  write_json(item.type().parameters[0], json, form);
  json.raw('}');
}

}  // namespace

void write_json(const Value& value, catalog::JsonWriter& json, DataForm form) {
  if (auto plain = std::get_if<std::string>(&value.v)) return json.string(*plain);
  if (value.is_string()) {  // a RubyString: rich data writes it apart
    if (std::optional<catalog::Data> rich = rich_leaf(value, form)) return json.value(*rich);
    return json.string(value.string());
  }
  if (value.is_undef()) return json.raw("null");
  if (value.is_boolean()) return json.raw(value.boolean() ? "true" : "false");
  if (value.is_integer()) return json.integer(value.integer());
  if (value.is_float()) return json.floating(std::get<double>(value.v));
  if (value.is_array()) {
    json.raw('[');
    bool first = true;
    for (const Value& item : value.array()) {
      if (!first) json.raw(',');
      first = false;
      write_element(item, json, form);
    }
    return json.raw(']');
  }
  if (value.is_hash()) {
    const Hash& hash = value.hash();
    if (!has_distinct_string_keys(hash)) return json.value(to_data(value, form));
    json.raw('{');
    bool first = true;
    for (const auto& [key, item] : hash) {
      if (!first) json.raw(',');
      first = false;
      json.string(key.string());
      json.raw(':');
      write_element(item, json, form);
    }
    return json.raw('}');
  }
  if (is_sensitive(value)) return write_json(value.type().parameters[0], json, form);
  if (is_resource_reference(value)) return json.string(reference_string(value.type()));
  if (form != DataForm::strings)
    if (std::optional<catalog::Data> rich = rich_leaf(value, form)) return json.value(*rich);
  json.string(to_string(value));
}

}  // namespace marionette::compiler
