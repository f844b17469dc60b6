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
  std::string expected = min == max ? std::to_string(min)
                         : max == static_cast<std::size_t>(-1)
                             ? "at least " + std::to_string(min)
                             : "between " + std::to_string(min) + " and " + std::to_string(max);
  fail("expects " + expected + " arguments, got " + std::to_string(n));
}

void CallContext::expect_lambda() const {
  if (!lambda) fail("expects a block");
}

namespace {

FunctionTable build_table() {
  FunctionTable table;
  register_catalog_functions(table);
  register_logging_functions(table);
  register_string_functions(table);
  register_type_functions(table);
  register_iteration_functions(table);
  register_text_functions(table);
  register_sprintf_function(table);
  register_collection_functions(table);
  register_digest_functions(table);
  register_lookup_functions(table);
  register_template_functions(table);
  register_data_functions(table);
  register_new_function(table);
  register_semver_functions(table);
  register_binary_function(table);
  register_time_functions(table);
  register_strftime_function(table);
  register_deferred_function(table);
  register_tree_each_function(table);
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
