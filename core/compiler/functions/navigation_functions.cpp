// Functions that reach into data by a path: get, getvar, dig.
#include <regex>
#include <sstream>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"
#include "lang/ast/operators.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

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
  // Puppet's signature: the string starts with a variable's name (not a match variable's).
  static const std::regex variable_name(R"((::)?([a-z]\w*::)*[a-z_]\w*(\..*)?)");
  const std::string text = to_string(call.arguments[0]);
  if (!std::regex_match(text, variable_name))
    throw lang::SourceError("'getvar' The given string does not start with a valid variable name",
                            call.where);
  std::vector<std::string> segments = dotted_segments(text);
  if (segments.empty()) return fallback;
  std::string name = segments[0];
  if (name.starts_with("::")) name = name.substr(2);
  Value value;
  if (const Value* found = call.host.lookup_variable(name, call.scope))
    value = *found;  // an unknown variable is the default, without Puppet's warning
  if (value.is_undef()) return fallback;
  return navigate(value, segments, 1, fallback);
}

/// dig(collection, keys...): undef as soon as a step is missing.
Value dig(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  Value current = call.arguments[0];
  for (std::size_t i = 1; i < call.arguments.size(); ++i) {
    const Value& key = call.arguments[i];
    if (current.is_undef()) return Value();
    if (current.is_array()) {
      if (!key.is_integer()) call.fail("The given data does not contain a Collection at index");
      std::int64_t at = key.integer();
      const Array& items = current.array();
      if (at < 0) at += static_cast<std::int64_t>(items.size());
      current = at >= 0 && at < static_cast<std::int64_t>(items.size())
                    ? items[static_cast<std::size_t>(at)]
                    : Value();
    } else if (current.is_hash()) {
      const Value* found = hash_find(current.hash(), key);
      current = found ? *found : Value();
    } else {
      call.fail("The given data does not contain a Collection at " + to_string(key));
    }
  }
  return current;
}

}  // namespace

void register_navigation_functions(FunctionTable& table) {
  table.emplace_back("get", get);
  table.emplace_back("getvar", getvar);
  table.emplace_back("dig", dig);
}

}  // namespace marionette::compiler
