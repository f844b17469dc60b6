// Functions that pass a value on or not: then, lest.
#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"

namespace marionette::compiler {

namespace {

/// then(value) |$x|: the lambda's result, or undef when the value is undef.
Value then(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  if (call.arguments[0].is_undef()) return Value();
  return call.host.call_lambda(*call.lambda, {call.arguments[0]}, call.scope);
}

/// lest(value) ||: the value, or the lambda's result when the value is undef.
Value lest(CallContext& call) {
  call.expect_arguments(1, 1);
  call.expect_lambda();
  if (!call.arguments[0].is_undef()) return call.arguments[0];
  return call.host.call_lambda(*call.lambda, {}, call.scope);
}

}  // namespace

void register_flow_functions(FunctionTable& table) {
  table.emplace_back("then", then);
  table.emplace_back("lest", lest);
}

}  // namespace marionette::compiler
