#include "compiler/function_host.hpp"
#include "compiler/functions/construct.hpp"
#include "compiler/object_types.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// The constructor function registered under the type's name (Integer, SemVer, ...).
Function constructor_of(const TypeValue& type) {
  if (type.name == "Tuple") return find_function("Array");
  if (type.name == "Struct") return find_function("Hash");
  if (type.name == "Pattern" || type.name == "Enum") return find_function("String");
  return find_function(type.name);
}

/// new(Type, value, ...): Type.new(value, ...).
Value new_instance(CallContext& call) {
  call.expect_arguments(1, static_cast<std::size_t>(-1));
  if (!call.arguments[0].is_type()) call.fail("expects a Type as its first argument");
  std::vector<Value> rest(call.arguments.begin() + 1, call.arguments.end());
  return construct(call, call.arguments[0].type(), std::move(rest));
}

}  // namespace

Value construct(CallContext& call, const TypeValue& declared, std::vector<Value> arguments) {
  const TypeValue& type = resolved(declared);
  // Puppet's new gives back a value of the type as it is (without calling the block).
  if (arguments.size() == 1 && type.name != "Init" && matches(arguments[0], type))
    return arguments[0];
  if (type.name == "Optional" || type.name == "NotUndef") {
    if (!arguments.empty() && arguments[0].is_undef() && type.name == "Optional") return Value();
    if (!type.parameters.empty() && type.parameters[0].is_type())
      return construct(call, type.parameters[0].type(), std::move(arguments));
    if (type.parameters.empty() && arguments.size() == 1 && !arguments[0].is_undef())
      return arguments[0];
  }
  if (type.name == "Variant") {
    if (arguments.size() == 1 && matches(arguments[0], type)) return arguments[0];
    for (const Value& member : type.parameters) {
      if (!member.is_type()) continue;
      try {
        return construct(call, member.type(), arguments);
      } catch (const lang::SourceError&) {
      }
    }
    call.fail("Converted value from " + type_to_string(type) +
              ".new() has wrong type, expects a value of type " + type_to_string(type));
  }
  if (is_object_type(type)) {  // Person('Adam'), Person({name => 'Adam'})
    Value made = new_object(declared, arguments, call.where);
    if (call.lambda) return call.host.call_lambda(*call.lambda, {std::move(made)}, call.scope);
    return made;
  }
  Function make = constructor_of(type);
  if (!make)
    call.fail("Creation of new instance of type '" + type_to_string(type) + "' is not supported");
  std::string name = type.name;
  CallContext inner{call.host, call.scope, name, arguments, call.lambda, call.where};
  Value made = make(inner);
  if (!type.parameters.empty() && !matches(made, type))
    throw lang::SourceError("Converted value from " + type_to_string(declared) +
                                ".new() has wrong type, " + describe_mismatch(type, made),
                            call.where);
  // With a block, new's value is the block's, given the new value.
  if (call.lambda) return call.host.call_lambda(*call.lambda, {std::move(made)}, call.scope);
  return made;
}

void register_new_function(FunctionTable& table) {
  table.emplace_back("new", new_instance);
}

}  // namespace marionette::compiler
