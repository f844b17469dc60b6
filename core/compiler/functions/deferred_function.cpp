#include "compiler/functions/function.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

/// Deferred('join', [['a', 'b'], '-']): a call the agent makes when it applies the catalog.
Value new_deferred(CallContext& call) {
  call.expect_arguments(1, 2);
  if (!call.arguments[0].is_string())
    call.fail("expects a String as the function's name, got " + type_name_of(call.arguments[0]));
  Value arguments = call.arguments.size() > 1 ? call.arguments[1] : Value();
  if (!arguments.is_undef() && !arguments.is_array())
    call.fail("expects an Array of arguments, got " + type_name_of(arguments));
  return make_runtime_value("Deferred", {call.arguments[0], arguments});
}

}  // namespace

void register_deferred_function(FunctionTable& table) {
  table.emplace_back("Deferred", new_deferred);
}

}  // namespace marionette::compiler
