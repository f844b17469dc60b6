// Puppet's letter-case functions: upcase, downcase, capitalize, camelcase.
#include <cctype>

#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// upcase()/downcase() as Puppet 7: a number as it is, a string converted, an array's items
/// and a hash's keys and values converted in turn.
template <int (*Convert)(int)>
Value converted(const Value& value, CallContext& call) {
  if (value.is_number()) return value;
  if (value.is_string()) {
    std::string text = value.string();
    for (char& c : text) c = static_cast<char>(Convert(static_cast<unsigned char>(c)));
    return text;
  }
  if (value.is_array()) {
    Array out;
    for (const Value& item : value.array()) out.push_back(converted<Convert>(item, call));
    return out;
  }
  if (value.is_hash()) {
    Hash out;
    for (const auto& [key, item] : value.hash())
      out.emplace_back(converted<Convert>(key, call), converted<Convert>(item, call));
    return out;
  }
  call.fail("expects a value of type Numeric, String, Array, or Hash, got " + type_name_of(value));
}

template <int (*Convert)(int)>
Value map_characters(CallContext& call) {
  call.expect_arguments(1, 1);
  return converted<Convert>(call.arguments[0], call);
}

int upper(int c) {
  return std::toupper(c);
}

int lower(int c) {
  return std::tolower(c);
}

Value capitalize(CallContext& call) {
  call.expect_arguments(1, 1);
  std::string text = to_string(call.arguments[0]);
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
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

void register_case_functions(FunctionTable& table) {
  table.emplace_back("upcase", map_characters<upper>);
  table.emplace_back("downcase", map_characters<lower>);
  table.emplace_back("capitalize", capitalize);
  table.emplace_back("camelcase", camelcase);
}

}  // namespace marionette::compiler
