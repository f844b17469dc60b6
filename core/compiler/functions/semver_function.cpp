#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "compiler/semver.hpp"

namespace marionette::compiler {

namespace {

/// SemVer('1.2.3-rc.1'), SemVer(1, 2, 3[, prerelease[, build]]).
Value new_semver(CallContext& call) {
  call.expect_arguments(1, 5);
  const Value& first = call.arguments[0];
  if (is_runtime_value(first, "SemVer")) return first;
  std::string text;
  if (first.is_integer()) {
    call.expect_arguments(3, 5);
    text =
        to_string(first) + "." + to_string(call.arguments[1]) + "." + to_string(call.arguments[2]);
    if (call.arguments.size() > 3 && !call.arguments[3].is_undef())
      text += "-" + to_string(call.arguments[3]);
    if (call.arguments.size() > 4 && !call.arguments[4].is_undef())
      text += "+" + to_string(call.arguments[4]);
  } else if (first.is_string()) {
    text = first.string();
  } else {
    call.fail("expects a String or Integer values, got " + type_name_of(first));
  }
  auto version = parse_semver(text);
  if (!version) call.fail("The string '" + text + "' cannot be converted to SemVer");
  return *version;
}

/// SemVerRange('>=1.2.0 <2.0.0').
Value new_semver_range(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& first = call.arguments[0];
  if (is_runtime_value(first, "SemVerRange")) return first;
  std::string text = to_string(first);
  if (!first.is_string() || !is_semver_range(text))
    call.fail("The string '" + text + "' cannot be converted to SemVerRange");
  return make_runtime_value("SemVerRange", {Value(text)});
}

}  // namespace

void register_semver_function(FunctionTable& table) {
  table.emplace_back("SemVer", new_semver);
  table.emplace_back("SemVerRange", new_semver_range);
}

}  // namespace marionette::compiler
