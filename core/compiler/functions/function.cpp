#include "compiler/functions/function.hpp"

#include <algorithm>

#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

void CallContext::fail(const std::string& message) const {
  throw lang::SourceError(name + "(): " + message, where);
}

void CallContext::expect_arguments(std::size_t min, std::size_t max) const {
  std::size_t n = arguments.size();
  if (n >= min && n <= max) return;
  // Puppet's words: "'upcase' expects 1 argument, got none", "'join' expects between 1 and 2
  // arguments, got 3", "… expects at least 1 argument, got none".
  std::string expected = min == max ? std::to_string(min)
                         : max == static_cast<std::size_t>(-1)
                             ? "at least " + std::to_string(min)
                             : "between " + std::to_string(min) + " and " + std::to_string(max);
  const bool one = (min == max || max == static_cast<std::size_t>(-1)) && min == 1;
  throw lang::SourceError("'" + name + "' expects " + expected + (one ? " argument" : " arguments") +
                              ", got " + (n == 0 ? std::string("none") : std::to_string(n)),
                          where);
}

void CallContext::expect_lambda() const {
  if (!lambda) fail("expects a block");
}

#define REGISTER(stem) void register_##stem(FunctionTable& table);
#include "compiler/function_registry.inc"
#undef REGISTER

namespace {

FunctionTable build_table() {
  FunctionTable table;
#define REGISTER(stem) register_##stem(table);
#include "compiler/function_registry.inc"
#undef REGISTER
  std::sort(table.begin(), table.end());
  return table;
}

}  // namespace

Function find_function(std::string_view name) {
  static const FunctionTable table = build_table();
  auto found =
      std::lower_bound(table.begin(), table.end(), name,
                       [](const auto& entry, std::string_view n) { return entry.first < n; });
  if (found != table.end() && found->first == name) return found->second;
  // Type names are not case sensitive: `Semver('1.2.3')` is SemVer's constructor.
  std::string_view type_name = canonical_data_type_name(name);
  return !type_name.empty() && type_name != name ? find_function(type_name) : nullptr;
}

}  // namespace marionette::compiler
