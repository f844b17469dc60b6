#include <algorithm>
#include <cmath>

#include "compiler/functions/construct.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/generalized_type.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

Value unique(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_string()) {
    std::string out;
    for (char c : value.string())
      if (out.find(c) == std::string::npos) out += c;
    return out;
  }
  if (value.is_hash()) {  // Puppet: {[keys with that value] => [value]}
    Hash groups;
    for (const auto& [key, item] : value.hash()) {
      auto found = std::find_if(groups.begin(), groups.end(), [&, &item = item](const auto& g) {
        return equals(g.second.array()[0], item);
      });
      if (found == groups.end()) {
        groups.emplace_back(Value(Array{key}), Value(Array{item}));
      } else {
        Array keys = found->first.array();
        keys.push_back(key);
        found->first = Value(std::move(keys));
      }
    }
    return groups;
  }
  if (!value.is_array()) call.fail("expects an Array, got " + type_name_of(value));
  Array out;
  for (const Value& item : value.array())
    if (std::none_of(out.begin(), out.end(), [&](const Value& v) { return equals(v, item); }))
      out.push_back(item);
  return out;
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

/// type(value): the value's detailed type, as Puppet infers it.
TypeValue infer_type(const Value& value) {
  if (value.is_undef()) return {"Undef", {}};
  if (value.is_integer()) return {"Integer", {value, value}};
  if (value.is_float()) return {"Float", {value, value}};
  if (value.is_boolean()) return {"Boolean", {value}};
  if (value.is_string()) return {"String", {}};
  if (value.is_regexp()) return {"Regexp", {value}};
  if (is_runtime_value(value)) return runtime_value_type(value);
  if (value.is_type()) return {"Type", {value}};
  if (value.is_array() && value.array().empty()) return {"Array", {Value(0), Value(0)}};
  if (value.is_array()) {
    TypeValue tuple{"Tuple", {}};
    for (const Value& item : value.array()) tuple.parameters.push_back(infer_type(item));
    return tuple;
  }
  if (value.is_hash()) {
    if (value.hash().empty()) return {"Hash", {Value(0), Value(0)}};
    Hash fields;
    for (const auto& [key, item] : value.hash()) fields.emplace_back(key, Value(infer_type(item)));
    return {"Struct", {Value(std::move(fields))}};
  }
  return {"Any", {}};
}

Value type(CallContext& call) {
  call.expect_arguments(1, 2);
  if (call.arguments.size() > 1 && to_string(call.arguments[1]) == "generalized")
    return generalized_type(call.arguments[0]);
  return infer_type(call.arguments[0]);
}

Value size(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_string()) return static_cast<std::int64_t>(value.string().size());
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
