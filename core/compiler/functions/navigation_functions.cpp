// Functions that reach into data by a path: get, getvar, dig. Their argument types are in
// signature_table.cpp.
#include <charconv>
#include <optional>
#include <regex>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/generalized_type.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/functions/signatures.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// Why dig stopped: Puppet's message and the Error value get() hands its block.
struct DigFailure {
  std::string message;
  Value error;
};

DigFailure dig_failure(std::string message, const Array& walked, std::string_view type_key,
                       const Value& offending, std::string_view issue_code) {
  std::string type = type_to_string(detailed_type(offending));
  message += " at " + ruby_inspect(Value(walked)) + ", got '" + type + "'";
  Hash details{{Value("walked_path"), Value(walked)},
               {Value(std::string(type_key)), Value(TypeValue(detailed_type(offending)))}};
  Value error = make_runtime_value(
      "Error", {Value(message), Value("SLICE_ERROR"), Value(std::move(details)),
                Value(std::string(issue_code))});
  return {std::move(message), std::move(error)};
}

/// Puppet's dig: steps into arrays by Integer index and hashes by key, undef as soon as a value
/// or a key is undef; a failure when a step meets no collection or an array a non-Integer.
Value dig_path(const Value& data, const Value* keys, std::size_t count,
               std::optional<DigFailure>& failure) {
  Array walked;
  Value current = data;
  for (std::size_t i = 0; i < count; ++i) {
    const Value& key = keys[i];
    if (current.is_undef() || key.is_undef()) return Value();
    if (!current.is_array() && !current.is_hash()) {
      failure = dig_failure("The given data does not contain a Collection", walked, "value_type",
                            current, "EXPECTED_COLLECTION");
      return Value();
    }
    walked.push_back(key);
    if (current.is_array()) {
      if (!key.is_integer()) {
        failure = dig_failure("The given data requires an Integer index", walked, "index_type",
                              key, "EXPECTED_INTEGER_INDEX");
        return Value();
      }
      const Array& items = current.array();
      std::int64_t at = key.integer();
      if (at < 0) at += static_cast<std::int64_t>(items.size());
      current = at >= 0 && at < static_cast<std::int64_t>(items.size())
                    ? items[static_cast<std::size_t>(at)]
                    : Value();
    } else {
      const Value* found = nullptr;
      for (const auto& [k, v] : current.hash())
        if (same_hash_key(k, key)) found = &v;
      current = found ? *found : Value();
    }
  }
  return current;
}

/// Puppet's split_key of a dotted navigation string: segments separated by dots, each a quoted
/// string, an integer or a bare word; nullopt when the string is not such a path.
std::optional<Array> dotted_segments(const std::string& path) {
  static const std::regex segment(R"re((\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+))re");
  // Ruby's split with a group: the text between matches and the matches, alternately.
  std::vector<std::string> pieces;
  std::size_t end = 0;
  for (auto it = std::sregex_iterator(path.begin(), path.end(), segment);
       it != std::sregex_iterator(); ++it) {
    pieces.push_back(path.substr(end, it->position() - end));
    pieces.push_back(it->str());
    end = it->position() + it->length();
  }
  pieces.push_back(path.substr(end));
  while (!pieces.empty() && pieces.back().empty()) pieces.pop_back();
  if (pieces.empty() || !pieces.front().empty()) return std::nullopt;
  const std::size_t count = pieces.size() - 1;
  if (count == 0) return std::nullopt;
  Array segments;
  for (std::size_t i = 1; i < pieces.size(); ++i) {
    if (pieces[i] == ".") continue;
    std::string text = pieces[i];
    const auto first = text.find_first_not_of(" \t\r\n\f\v");
    const auto last = text.find_last_not_of(std::string(" \t\r\n\f\v\0", 7));
    text = first == std::string::npos ? std::string() : text.substr(first, last - first + 1);
    static const std::regex integer(R"(:?[+-]?[0-9]+)");
    if (!text.empty() && (text.front() == '"' || text.front() == '\'')) {
      segments.emplace_back(text.substr(1, text.size() - 2));
    } else if (std::regex_match(text, integer)) {
      std::int64_t number = 0;  // Ruby's to_i: ":5" is 0
      std::string_view digits(text);
      if (digits.front() == '+') digits.remove_prefix(1);
      if (digits.front() == ':') digits = "0";
      std::from_chars(digits.data(), digits.data() + digits.size(), number);
      segments.emplace_back(number);
    } else {
      segments.emplace_back(std::move(text));
    }
  }
  if (segments.size() * 2 != count + 1) return std::nullopt;
  return segments;
}

/// get(value, 'a.b.0', default) { |$error| ... }: dotted navigation into a value.
Value get_from(CallContext& call, const Value& value, const std::string& navigation,
               const Value& fallback) {
  if (value.is_undef()) return fallback;
  if (navigation.empty()) return value;
  // A first segment of Puppet's lookup keys is never a number: "x." makes it one to drop.
  std::optional<Array> segments = dotted_segments("x." + navigation);
  if (!segments) throw lang::SourceError("Syntax error in dotted-navigation string", call.where);
  std::vector<Value> dig_arguments{value};
  dig_arguments.insert(dig_arguments.end(), segments->begin() + 1, segments->end());
  if (auto refused = refused_call("dig", *native_signatures("dig", call.host.compat()),
                                  dig_arguments, nullptr))
    throw lang::SourceError(*refused, call.where);
  std::optional<DigFailure> failure;
  Value found = dig_path(value, segments->data() + 1, segments->size() - 1, failure);
  if (failure) {
    if (!call.lambda) throw lang::SourceError(failure->message, call.where);
    return call.host.call_lambda(*call.lambda, {failure->error}, call.scope);
  }
  return found.is_undef() ? fallback : found;
}

Value get(CallContext& call) {
  Value fallback = call.arguments.size() > 2 ? call.arguments[2] : Value();
  return get_from(call, call.arguments[0], call.arguments[1].string(), fallback);
}

/// getvar('name.dotted.path', default): a variable by name, qualified names too, then get().
Value getvar(CallContext& call) {
  Value fallback = call.arguments.size() > 1 ? call.arguments[1] : Value();
  static const std::regex variable_name(R"(^(::)?([a-z]\w*::)*[a-z_]\w*(\.|$))");
  const std::string& text = call.arguments[0].string();
  if (!std::regex_search(text, variable_name, std::regex_constants::match_continuous))
    throw lang::SourceError("'getvar' The given string does not start with a valid variable name",
                            call.where);
  static const std::regex name_and_rest(R"(^((::)?(\w+::)*\w+)([\s\S]*)$)");
  std::smatch parts;
  std::regex_match(text, parts, name_and_rest);
  std::string name = parts[1].str();
  std::string navigation = parts[4].str();
  if (!navigation.empty()) navigation.erase(0, 1);  // the '.'
  if (name.starts_with("::")) name = name.substr(2);
  const Value* found = call.host.lookup_variable(name, call.scope);
  if (!found) return fallback;  // an unknown variable is the default, without Puppet's warning
  return get_from(call, *found, navigation, fallback);
}

/// dig(collection, keys...): undef as soon as a step is missing.
Value dig(CallContext& call) {
  std::optional<DigFailure> failure;
  Value found =
      dig_path(call.arguments[0], call.arguments.data() + 1, call.arguments.size() - 1, failure);
  if (failure) throw lang::SourceError(failure->message, call.where);
  return found;
}

}  // namespace

void register_navigation_functions(FunctionTable& table) {
  table.emplace_back("get", get);
  table.emplace_back("getvar", getvar);
  table.emplace_back("dig", dig);
}

}  // namespace marionette::compiler
