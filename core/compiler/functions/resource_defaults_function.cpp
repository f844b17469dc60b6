// marionette::resource_defaults(TYPE): the resource defaults (`Exec { path => ... }`) that the
// calling scope sees for TYPE, as a hash of attribute name to value. Not a Puppet function: it
// is how the Ruby side answers Puppet::Parser::Scope#lookupdefaults for the 3.x functions that
// read it (nanliu/staging's scope_defaults), through Host.call_function, which runs it in the
// scope of the 3.x function's caller.
#include "compiler/functions/function.hpp"
#include "compiler/scope.hpp"

namespace marionette::compiler {

namespace {

Value resource_defaults(CallContext& call) {
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_string()) call.fail("expects a String value (the type's name)");
  // Puppet's Scope#lookupdefaults: the type's defaults as declared (`Exec`), nearest scope wins.
  std::vector<const ResourceDefault*> defaults;
  call.scope.collect_defaults(call.arguments[0].string(), defaults);
  Hash found;
  for (const ResourceDefault* d : defaults) found.emplace_back(Value(d->name), d->value);
  return Value(std::move(found));
}

}  // namespace

void register_resource_defaults_function(FunctionTable& table) {
  table.emplace_back("marionette::resource_defaults", resource_defaults);
}

}  // namespace marionette::compiler
