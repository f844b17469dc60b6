// Functions that reach into data or pass it on: compare, get, getvar, group_by, partition, then,
// lest, chop, camelcase.
#include <algorithm>
#include <sstream>

#include "compiler/evaluator.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "lang/ast/operators.hpp"

namespace marionette::compiler {

namespace {

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

/// compare(a, b, ignore_case = true): -1, 0 or 1.
Value compare_values(CallContext& call) {
  call.expect_arguments(2, 3);
  const Value& a = call.arguments[0];
  const Value& b = call.arguments[1];
  bool ignore_case = call.arguments.size() < 3 || truthy(call.arguments[2]);
  if (a.is_string() && b.is_string()) {
    std::string left = ignore_case ? lowercase(a.string()) : a.string();
    std::string right = ignore_case ? lowercase(b.string()) : b.string();
    return static_cast<std::int64_t>(left < right ? -1 : left > right ? 1 : 0);
  }
  if (a.is_number() && b.is_number()) {
    double left = a.number(), right = b.number();
    return static_cast<std::int64_t>(left < right ? -1 : left > right ? 1 : 0);
  }
  call.fail("Can only compare values of the same type, got " + type_name_of(a) + " and " +
            type_name_of(b));
}

/// One step into an array (by index) or a hash (by key); nullptr when it is not there.
const Value* step_into(const Value& container, const std::string& segment) {
  if (container.is_hash()) {
    if (const Value* found = hash_find(container.hash(), Value(segment))) return found;
    if (!segment.empty() && segment.find_first_not_of("0123456789") == std::string::npos)
      return hash_find(container.hash(), Value(static_cast<std::int64_t>(std::stoll(segment))));
    return nullptr;
  }
  if (container.is_array() && !segment.empty() &&
      segment.find_first_not_of("0123456789") == std::string::npos) {
    std::size_t at = std::stoul(segment);
    return at < container.array().size() ? &container.array()[at] : nullptr;
  }
  return nullptr;
}

std::vector<std::string> dotted_segments(const std::string& path) {
  std::vector<std::string> segments;
  std::stringstream parts(path);
  std::string part;
  while (std::getline(parts, part, '.')) segments.push_back(part);
  return segments;
}

/// Follows `segments` from `value`; the default (or undef) when a step is missing.
Value navigate(const Value& value, const std::vector<std::string>& segments, std::size_t first,
               const Value& fallback) {
  const Value* current = &value;
  for (std::size_t i = first; i < segments.size(); ++i) {
    current = step_into(*current, segments[i]);
    if (!current) return fallback;
  }
  return current->is_undef() ? fallback : *current;
}

/// get(value, 'a.b.0', default): dotted navigation into a value.
Value get(CallContext& call) {
  call.expect_arguments(2, 3);
  Value fallback = call.arguments.size() > 2 ? call.arguments[2] : Value();
  std::string path = to_string(call.arguments[1]);
  if (path.empty()) return call.arguments[0];
  return navigate(call.arguments[0], dotted_segments(path), 0, fallback);
}

/// getvar('name.dotted.path', default): a variable by name, qualified names too.
Value getvar(CallContext& call) {
  call.expect_arguments(1, 2);
  Value fallback = call.arguments.size() > 1 ? call.arguments[1] : Value();
  std::vector<std::string> segments = dotted_segments(to_string(call.arguments[0]));
  if (segments.empty()) return fallback;
  std::string name = segments[0];
  if (name.starts_with("::")) name = name.substr(2);
  Value value;
  if (!name.empty() && name[0] >= '0' && name[0] <= '9') {
    lang::ast::Variable variable(call.where, name);  // a match variable
    value = call.evaluator.evaluate(&variable, call.scope);
  } else if (const Value* found = call.evaluator.lookup_variable(name, call.scope)) {
    value = *found;  // an unknown variable is the default, without Puppet's warning
  }
  if (value.is_undef()) return fallback;
  return navigate(value, segments, 1, fallback);
}

/// group_by: the lambda's result for each element => the elements that gave it.
Value group_by(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  std::size_t arity = call.lambda->parameters.size();
  const Value& collection = call.arguments[0];
  Hash groups;
  auto add = [&](const Value& key, const Value& item) {
    for (auto& [existing, members] : groups)
      if (equals(existing, key)) {
        Array more = members.array();
        more.push_back(item);
        members = Value(std::move(more));
        return;
      }
    groups.emplace_back(key, Value(Array{item}));
  };
  if (collection.is_hash()) {
    for (const auto& [key, value] : collection.hash()) {
      Value pair(Array{key, value});
      std::vector<Value> arguments =
          arity >= 2 ? std::vector<Value>{key, value} : std::vector<Value>{pair};
      add(call.evaluator.call_lambda(*call.lambda, std::move(arguments), call.scope), pair);
    }
  } else if (collection.is_array()) {
    const Array& items = collection.array();
    for (std::size_t i = 0; i < items.size(); ++i) {
      std::vector<Value> arguments =
          arity >= 2 ? std::vector<Value>{Value(static_cast<std::int64_t>(i)), items[i]}
                     : std::vector<Value>{items[i]};
      add(call.evaluator.call_lambda(*call.lambda, std::move(arguments), call.scope), items[i]);
    }
  } else {
    call.fail("expects a Collection value, got " + type_name_of(collection));
  }
  return groups;
}

/// partition: [elements the lambda accepts, the others].
Value partition(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  std::size_t arity = call.lambda->parameters.size();
  const Value& collection = call.arguments[0];
  Array accepted, rejected;
  if (collection.is_hash()) {
    Hash yes, no;
    for (const auto& [key, value] : collection.hash()) {
      std::vector<Value> arguments = arity >= 2 ? std::vector<Value>{key, value}
                                                : std::vector<Value>{Value(Array{key, value})};
      bool keep =
          truthy(call.evaluator.call_lambda(*call.lambda, std::move(arguments), call.scope));
      (keep ? yes : no).emplace_back(key, value);
    }
    return Array{Value(std::move(yes)), Value(std::move(no))};
  }
  if (!collection.is_array())
    call.fail("expects a Collection value, got " + type_name_of(collection));
  const Array& items = collection.array();
  for (std::size_t i = 0; i < items.size(); ++i) {
    std::vector<Value> arguments =
        arity >= 2 ? std::vector<Value>{Value(static_cast<std::int64_t>(i)), items[i]}
                   : std::vector<Value>{items[i]};
    bool keep = truthy(call.evaluator.call_lambda(*call.lambda, std::move(arguments), call.scope));
    (keep ? accepted : rejected).push_back(items[i]);
  }
  return Array{Value(std::move(accepted)), Value(std::move(rejected))};
}

/// then(value) |$x|: the lambda's result, or undef when the value is undef.
Value then(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  if (call.arguments[0].is_undef()) return Value();
  return call.evaluator.call_lambda(*call.lambda, {call.arguments[0]}, call.scope);
}

/// lest(value) ||: the value, or the lambda's result when the value is undef.
Value lest(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  if (!call.arguments[0].is_undef()) return call.arguments[0];
  return call.evaluator.call_lambda(*call.lambda, {}, call.scope);
}

std::string chop_text(const std::string& text) {
  if (text.ends_with("\r\n")) return text.substr(0, text.size() - 2);
  return text.empty() ? text : text.substr(0, text.size() - 1);
}

/// chop(string or array of strings): the last character removed ("\r\n" counts as one).
Value chop(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array()) out.push_back(chop_text(to_string(item)));
    return out;
  }
  return chop_text(to_string(value));
}

std::string camelcase_text(const std::string& text) {
  std::string out;
  bool upper = true;
  for (char c : text) {
    if (c == '_') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
                 : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    upper = false;
  }
  return out;
}

/// camelcase('foo_bar') is 'FooBar'; arrays have each string converted.
Value camelcase(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array())
      out.push_back(item.is_string() ? Value(camelcase_text(item.string())) : item);
    return out;
  }
  return camelcase_text(to_string(value));
}

}  // namespace

void register_data_functions(FunctionTable& table) {
  table.emplace_back("compare", compare_values);
  table.emplace_back("get", get);
  table.emplace_back("getvar", getvar);
  table.emplace_back("group_by", group_by);
  table.emplace_back("partition", partition);
  table.emplace_back("then", then);
  table.emplace_back("lest", lest);
  table.emplace_back("chop", chop);
  table.emplace_back("camelcase", camelcase);
}

}  // namespace marionette::compiler
