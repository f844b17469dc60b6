// Puppet's letter-case functions: upcase, downcase, capitalize, camelcase.
#include <algorithm>
#include <cctype>

#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/case_mapping.hpp"

namespace marionette::compiler {

namespace {

/// upcase()/downcase() as Puppet 7: a number as it is, a string converted (Ruby's full
/// Unicode case mapping: "ß" upcases to "SS"), an array's items and a hash's keys and values
/// converted in turn.
template <std::string (*Convert)(std::string_view)>
Value converted(const Value& value, CallContext& call) {
  if (value.is_number()) return value;
  if (value.is_string()) return string_like(value, Convert(value.string()));
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

template <std::string (*Convert)(std::string_view)>
Value map_characters(CallContext& call) {
  call.expect_arguments(1, 1);
  return converted<Convert>(call.arguments[0], call);
}

/// capitalize(): a number as it is, a string's first character in title case and the others
/// in lower case, an array's strings each so.
Value capitalize(CallContext& call) {
  call.expect_arguments(1, 1);
  call.arguments[0] = iterator_as_array(std::move(call.arguments[0]));  // mapped as an Array
  const Value& value = call.arguments[0];
  if (value.is_number()) return value;
  if (value.is_string()) return string_like(value, rubyish::ruby_capitalize(value.string()));
  if (value.is_array()) {
    // Puppet 7 infers an array as a Tuple whose common type must be a String or a Numeric for
    // its Iterable[Variant[String, Numeric]] signature: strings and numbers mixed are refused.
    const Array& items = value.array();
    bool strings =
        std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is_string(); });
    bool numbers =
        std::all_of(items.begin(), items.end(), [](const Value& v) { return v.is_number(); });
    if (!strings && !numbers)
      throw lang::SourceError(
          "The function 'capitalize' was called with arguments it does not accept. It expects "
          "one of:\n  (Numeric arg)\n    rejected: parameter 'arg' expects a Numeric value, got "
          "Tuple\n  (String arg)\n    rejected: parameter 'arg' expects a String value, got "
          "Tuple\n  (Iterable[Variant[String, Numeric]] arg)",
          call.where);
    Array out;
    for (const Value& item : items)
      out.push_back(item.is_string() ? string_like(item, rubyish::ruby_capitalize(item.string()))
                                     : item);
    return out;
  }
  return rubyish::ruby_capitalize(to_string(value));
}

/// Ruby's `s.split('_').map(&:capitalize).join`: each word in title case, the rest in lower
/// case (Unicode, as Ruby maps it), the underscores dropped.
std::string camelcase_text(std::string_view text) {
  std::string out;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('_', start);
    if (end == std::string_view::npos) end = text.size();
    out += rubyish::ruby_capitalize(text.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

/// camelcase('foo_bar') is 'FooBar'; a number is itself; an array has each string converted.
Value camelcase(CallContext& call) {
  call.expect_arguments(1, 1);
  call.arguments[0] = iterator_as_array(std::move(call.arguments[0]));  // mapped as an Array
  const Value& value = call.arguments[0];
  if (value.is_number()) return value;
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
  table.emplace_back("upcase", map_characters<rubyish::ruby_upcase>);
  table.emplace_back("downcase", map_characters<rubyish::ruby_downcase>);
  table.emplace_back("capitalize", capitalize);
  table.emplace_back("camelcase", camelcase);
}

}  // namespace marionette::compiler
