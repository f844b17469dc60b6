#pragma once

#include <vector>

#include "compiler/functions/function.hpp"

namespace marionette::compiler {

/// `Type.new(arguments)`, `Type(arguments)` and convert_to: a value of the type made from the
/// arguments, as Puppet's `new` makes it (Optional and Variant try their members; the result
/// must belong to the type).
Value construct(CallContext& call, const TypeValue& type, std::vector<Value> arguments);

}  // namespace marionette::compiler
