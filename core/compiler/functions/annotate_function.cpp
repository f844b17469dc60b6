// annotate(Type[Annotation] type, value, ...): Puppet 7.23 annotates Pcore Object values with
// Object types that inherit Annotation. marionette has no Object types, so no type it knows is an
// Annotation (or Pcore) type: every call is refused, with Puppet's text for each signature.
#include "compiler/functions/function.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// Why a signature taking `expected` arguments, the first a Type[KIND], refuses the arguments.
std::string rejection(const std::vector<Value>& arguments, std::size_t expected,
                      const std::string& kind) {
  if (arguments.size() != expected)
    return "expects " + std::to_string(expected) + " arguments, got " +
           std::to_string(arguments.size());
  const Value& type = arguments[0];
  return "parameter 'type' expects a " +
         (type.is_type() ? "Type[Object[{name => '" + kind + "'}]]" : "Type[" + kind + "]") +
         " value, got " +
         (type.is_type() ? "Type[" + type_to_string(type.type()) + "]" : type_name_of(type));
}

Value annotate(CallContext& call) {
  const std::vector<Value>& arguments = call.arguments;
  if (arguments.size() < 2 || arguments.size() > 3)
    throw lang::SourceError(
        "'annotate' expects between 2 and 3 arguments, got " + std::to_string(arguments.size()),
        call.where);
  throw lang::SourceError(
      "The function 'annotate' was called with arguments it does not accept. It expects one "
      "of:\n  (Type[Annotation] type, Any value, Callable[0, 0] block?)\n    rejected: " +
          rejection(arguments, 2, "Annotation") +
          "\n  (Type[Annotation] type, Any value, Variant[Enum['clear'], "
          "Hash[Pcore::MemberName, Any]] annotation_hash)\n    rejected: " +
          rejection(arguments, 3, "Annotation") +
          "\n  (Type[Pcore] type, Any value, Hash[Type[Annotation], Hash[Pcore::MemberName, "
          "Any]] annotations)\n    rejected: " +
          rejection(arguments, 3, "Pcore"),
      call.where);
}

}  // namespace

void register_annotate_function(FunctionTable& table) {
  table.emplace_back("annotate", annotate);
}

}  // namespace marionette::compiler
