// stdlib's parsehocon(text, default?) and stdlib 9's stdlib::parsehocon: the HOCON document as
// data (hocon_reader.hpp); a document the hocon gem refuses fails with its message, or gives the
// default when one is given.
#include "compiler/functions/hocon_reader.hpp"
#include "compiler/functions/stdlib_support.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

Value parsehocon(CallContext& call) {
  call.expect_arguments(1, 2);
  if (!call.arguments[0].is_string())
    stdlib::raise(call, "'" + call.name +
                            "' parameter 'hocon_string' expects a String value, got " +
                            type_name_of(call.arguments[0]));
  try {
    return hocon::parse(call.arguments[0].string());
  } catch (const hocon::ParseError& error) {
    if (call.arguments.size() > 1) return call.arguments[1];
    stdlib::raise(call, error.what());
  } catch (const hocon::WrongTypeError& error) {
    stdlib::raise(call, error.what());
  }
}

}  // namespace

void register_stdlib_hocon_functions(FunctionTable& table) {
  table.emplace_back("parsehocon", parsehocon);
  table.emplace_back("stdlib::parsehocon", parsehocon);
}

}  // namespace marionette::compiler
