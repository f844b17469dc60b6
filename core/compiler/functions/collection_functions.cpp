#include <algorithm>
#include <cmath>

#include "compiler/functions/construct.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/generalized_type.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/string_encoding.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// Ruby's eql?, by which uniq compares: strings by their bytes, an Integer never a Float.
bool same_for_uniq(const Value& a, const Value& b) {
  if (a.is_string() || b.is_string())
    return a.is_string() && b.is_string() && a.string() == b.string();
  if (a.is_number() || b.is_number())
    return a.is_number() && b.is_number() && a.is_integer() == b.is_integer() && equals(a, b);
  if (a.is_array() && b.is_array())
    return a.array().size() == b.array().size() &&
           std::equal(a.array().begin(), a.array().end(), b.array().begin(), same_for_uniq);
  if (a.is_hash() && b.is_hash()) {
    if (a.hash().size() != b.hash().size()) return false;
    for (std::size_t i = 0; i < a.hash().size(); ++i)
      if (!same_for_uniq(a.hash()[i].first, b.hash()[i].first) ||
          !same_for_uniq(a.hash()[i].second, b.hash()[i].second))
        return false;
    return true;
  }
  return equals(a, b);
}

/// Ruby's uniq: the first of the items whose keys (the block's result, else the item) are eql.
Array unique_items(CallContext& call, const Array& items) {
  Array out, keys;
  for (const Value& item : items) {
    Value key = call.lambda ? call.host.call_lambda(*call.lambda, {item}, call.scope) : item;
    if (std::any_of(keys.begin(), keys.end(),
                    [&](const Value& k) { return same_for_uniq(k, key); }))
      continue;
    keys.push_back(std::move(key));
    out.push_back(item);
  }
  return out;
}

/// unique(String|Hash|Array|Iterable) as Puppet's: a string's characters, a hash's values
/// grouped by the block's result ({[keys] => [their distinct values]}), any iterable's items.
Value unique(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_string()) {
    Array characters;
    const std::string& text = value.string();
    for (std::size_t i = 0; i < text.size();) {
      std::size_t end = i + 1;
      while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
      characters.emplace_back(text.substr(i, end - i));
      i = end;
    }
    std::string out;
    for (const Value& c : unique_items(call, characters)) out += c.string();
    return out;
  }
  if (value.is_hash()) {
    Array groups;  // [key, [keys], [values]]
    for (const auto& [key, item] : value.hash()) {
      Value group = call.lambda ? call.host.call_lambda(*call.lambda, {item}, call.scope) : item;
      auto found = std::find_if(groups.begin(), groups.end(),
                                [&](const Value& g) { return same_for_uniq(g.array()[0], group); });
      if (found == groups.end()) {
        groups.emplace_back(Array{std::move(group), Array{key}, Array{item}});
        continue;
      }
      Array entry = found->array();
      Array keys = entry[1].array(), values = entry[2].array();
      keys.push_back(key);
      if (std::none_of(values.begin(), values.end(),
                       [&](const Value& v) { return same_for_uniq(v, item); }))
        values.push_back(item);
      *found = Array{entry[0], std::move(keys), std::move(values)};
    }
    Hash out;
    for (const Value& g : groups) out.emplace_back(g.array()[1], g.array()[2]);
    return out;
  }
  if (value.is_array()) return unique_items(call, value.array());
  if (auto items = iterable_elements(value)) return unique_items(call, *items);
  call.fail("expects an Array, got " + type_name_of(value));
}

void flatten_into(const Value& value, Array& out) {
  if (!value.is_array()) {
    out.push_back(value);
    return;
  }
  for (const Value& item : value.array()) flatten_into(item, out);
}

Value flatten(CallContext& call) {
  Array out;
  for (const Value& argument : call.arguments) flatten_into(argument, out);
  return out;
}

Value empty(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_string()) return value.string().empty();
  if (value.is_array()) return value.array().empty();
  if (value.is_hash()) return value.hash().empty();
  if (value.is_undef()) return true;
  if (is_sensitive(value)) {  // Sensitive[String]: its string
    const Value& inner = value.type().parameters.at(0);
    return inner.is_string() && inner.string().empty();
  }
  if (is_runtime_value(value, "Binary"))  // its bytes
    return to_string(value.type().parameters.at(0)).empty();
  return false;
}

/// value.convert_to(Type): the type's `new` applied to the value.
Value convert_to(CallContext& call) {
  call.expect_arguments(2, static_cast<std::size_t>(-1));
  if (!call.arguments[1].is_type()) call.fail("expects a Type as its second argument");
  std::vector<Value> arguments{call.arguments[0]};
  arguments.insert(arguments.end(), call.arguments.begin() + 2, call.arguments.end());
  return construct(call, call.arguments[1].type(), std::move(arguments));
}

Value type(CallContext& call) {
  call.expect_arguments(1, 2);
  if (call.arguments.size() > 1 && to_string(call.arguments[1]) == "generalized")
    return generalized_type(call.arguments[0]);
  if (call.arguments.size() > 1 && to_string(call.arguments[1]) == "reduced")
    return reduced_type(call.arguments[0]);
  return detailed_type(call.arguments[0]);
}

Value size(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_string())  // characters, or bytes in ASCII-8BIT
    return static_cast<std::int64_t>(ruby_length(value.string(), value.is_ascii_8bit()));
  if (value.is_array()) return static_cast<std::int64_t>(value.array().size());
  if (value.is_hash()) return static_cast<std::int64_t>(value.hash().size());
  if (is_runtime_value(value, "Binary"))  // its bytes
    return static_cast<std::int64_t>(to_string(value.type().parameters.at(0)).size());
  call.fail("expects a String, Array or Hash, got " + type_name_of(value));
}

Value keys(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_hash()) call.fail("expects a Hash");
  Array out;
  for (const auto& entry : call.arguments[0].hash()) out.push_back(entry.first);
  return out;
}

Value values(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_hash()) call.fail("expects a Hash");
  Array out;
  for (const auto& entry : call.arguments[0].hash()) out.push_back(entry.second);
  return out;
}

}  // namespace

TypeValue detailed_type(const Value& value) {
  if (value.is_undef()) return {"Undef", {}};
  if (value.is_integer()) return {"Integer", {value, value}};
  if (value.is_float()) return {"Float", {value, value}};
  if (value.is_boolean()) return {"Boolean", {value}};
  if (value.is_string()) return {"String", {}, {}, value.string()};
  if (value.is_regexp()) return {"Regexp", {value}};
  if (is_runtime_value(value)) return runtime_value_type(value);
  if (value.is_type()) return {"Type", {value}};
  if (value.is_array() && value.array().empty()) return {"Array", {Value(0), Value(0)}};
  if (value.is_array()) {
    TypeValue tuple{"Tuple", {}};
    for (const Value& item : value.array()) tuple.parameters.push_back(detailed_type(item));
    return tuple;
  }
  if (value.is_hash()) {
    if (value.hash().empty()) return {"Hash", {Value(0), Value(0)}};
    Hash fields;
    for (const auto& [key, item] : value.hash())
      fields.emplace_back(key, Value(detailed_type(item)));
    return {"Struct", {Value(std::move(fields))}};
  }
  return {"Any", {}};
}

void register_collection_functions(FunctionTable& table) {
  table.emplace_back("unique", unique);
  table.emplace_back("flatten", flatten);
  table.emplace_back("empty", empty);
  table.emplace_back("convert_to", convert_to);
  table.emplace_back("type", type);
  table.emplace_back("size", size);
  table.emplace_back("length", size);
  table.emplace_back("keys", keys);
  table.emplace_back("values", values);
}

}  // namespace marionette::compiler
